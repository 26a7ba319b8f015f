//! The choice among a held argument's values, by calibrated likelihood per token (opt in:
//! [`scored_values`](super::PromptedCompletionsBuilder::scored_values)).
//!
//! When a call copied an example's value, prevention mode holds that argument to the spans of
//! the user's words (an `enum` in the tool's schema), and the model writes the call again under
//! that constraint. Greedy, a small model picks the span whose first token it likes best: on the
//! development questions of docs/EVAL.md, Gemma 3 270M picked a right span in 1 of the 10 held
//! values that offered one (`"near"`, `"closest"`, `"law"`). Each option is scored instead where
//! the model wrote the value: its log probability after the call so far, minus its log
//! probability after the same prompt with the user's words replaced by `N/A` (how much the
//! request, not the prompt, makes the span likely), divided by its tokens (a longer span is
//! not preferred for having more tokens that the request made likely). The highest is written
//! in place of the model's pick. In the same 10 it picked 3.
//!
//! Scoring costs two short completions per option of each held argument (the prompt prefix is
//! shared, so a server that caches prompts evaluates only the option's tokens). Only the
//! top-level string arguments of a call held to one tool are chosen this way.

use std::ops::Range;

use agents_core::model::{Message, ModelRequest, ToolSpec, Usage};
use serde_json::Value;

use super::PromptedCompletions;
use super::choice::{Scorer, highest, log_probs_after};
use crate::error::ProviderError;

/// At most this many options of one argument are scored; an argument with more is left to the
/// model (each option costs two completions).
pub(crate) const MAX_SCORED_OPTIONS: usize = 120;

/// The arguments of `tool` whose values are held to a list of strings (`enum`, two or more,
/// at most [`MAX_SCORED_OPTIONS`]), with those strings, in the schema's order.
pub(crate) fn held_choices(tool: &ToolSpec) -> Vec<(String, Vec<String>)> {
    let Some(properties) = tool.parameters.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    properties
        .iter()
        .filter_map(|(name, schema)| {
            let options: Vec<String> = schema
                .get("enum")?
                .as_array()?
                .iter()
                .map(|v| v.as_str().map(str::to_owned))
                .collect::<Option<_>>()?;
            (2..=MAX_SCORED_OPTIONS)
                .contains(&options.len())
                .then(|| (name.clone(), options))
        })
        .collect()
}

/// The request with every user message replaced by `N/A`: the same prompt, with nothing the
/// user said, whose scores are how likely each option is without the request.
pub(crate) fn without_user_words(request: &ModelRequest) -> ModelRequest {
    let mut free = request.clone();
    for m in &mut free.messages {
        if let Message::User { content } = m {
            "N/A".clone_into(content);
        }
    }
    free
}

/// Where the string value of the top-level argument `key` is in a generated call's text (its
/// JSON literal, quotes included): the first `"key"` after `"arguments"` that a colon and a
/// string follow. `None` when the call does not hold one.
pub(crate) fn value_span(text: &str, key: &str) -> Option<Range<usize>> {
    let arguments = text.find("\"arguments\"")?;
    let quoted = Value::String(key.to_owned()).to_string();
    let mut from = arguments;
    while let Some(at) = text[from..].find(&quoted) {
        let key_end = from + at + quoted.len();
        from = key_end;
        // A key is followed by a colon; the same words as a value are not.
        let Some(after_colon) = text[key_end..].trim_start().strip_prefix(':') else {
            continue;
        };
        let value = after_colon.trim_start();
        if value.starts_with('"') {
            let start = text.len() - value.len();
            return string_end(text, start).map(|end| start..end);
        }
        return None;
    }
    None
}

/// The end (exclusive) of the JSON string literal that opens at `start`.
fn string_end(text: &str, start: usize) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in text[start + 1..].char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return Some(start + 1 + i + 1),
            _ => {}
        }
    }
    None
}

/// One option's score: its log probability after the call so far, less the same after the
/// prompt without the user's words, per token.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct OptionScore {
    pub(crate) option: String,
    pub(crate) log_prob: f64,
    pub(crate) prior: f64,
    pub(crate) tokens: u64,
}

impl OptionScore {
    /// What the choice ranks by.
    pub(crate) fn calibrated(&self) -> f64 {
        (self.log_prob - self.prior) / self.tokens.max(1) as f64
    }
}

/// The option with the highest calibrated score (the first on a tie).
pub(crate) fn best(scores: &[OptionScore]) -> Option<&OptionScore> {
    highest(scores, OptionScore::calibrated)
}

/// `generated` (a call to `tool`, written after `prompt`) with each held argument's value
/// replaced by its best-scored option ([`best`]); `free_prompt` is the prompt without the
/// user's words. Returns the text and what scoring cost; `Ok(None)` when the server cannot
/// score. An argument the text does not hold as a string, or whose value is not one of its
/// options, is left as written.
pub(crate) async fn choose_values(
    scorer: &impl Scorer,
    prompt: &str,
    free_prompt: &str,
    tool: &ToolSpec,
    generated: &str,
) -> Result<Option<(String, Usage)>, ProviderError> {
    let mut text = generated.to_owned();
    let mut usage = Usage::default();
    for (key, options) in held_choices(tool) {
        let Some(span) = value_span(&text, &key) else {
            continue;
        };
        let written: Option<String> = serde_json::from_str(&text[span.clone()]).ok();
        if !written.is_some_and(|w| options.contains(&w)) {
            continue;
        }
        // Everything up to the value's opening quote: the option is scored from there.
        let before = &text[..=span.start];
        let (here, free) = (
            format!("{prompt}{before}"),
            format!("{free_prompt}{before}"),
        );
        let forced: Vec<String> = options.iter().map(|o| closing(o)).collect();
        // Every option under one prompt, then under the other: a server's prompt cache holds one.
        let Some(after) = log_probs_after(scorer, &here, &forced, &mut usage).await? else {
            return Ok(None);
        };
        let Some(without) = log_probs_after(scorer, &free, &forced, &mut usage).await? else {
            return Ok(None);
        };
        let scores: Vec<OptionScore> = options
            .iter()
            .zip(after)
            .zip(without)
            .map(|((option, (log_prob, tokens)), (prior, _))| OptionScore {
                option: option.clone(),
                log_prob,
                prior,
                tokens,
            })
            .collect();
        if let Some(chosen) = best(&scores) {
            tracing::debug!(
                argument = %key,
                chosen = %chosen.option,
                "held value chosen by calibrated score"
            );
            let literal = Value::String(chosen.option.clone()).to_string();
            text.replace_range(span, &literal);
        }
    }
    Ok(Some((text, usage)))
}

impl PromptedCompletions {
    /// `generated`, a call written after `prompt` under the constraint to `tool` alone, with its
    /// held values chosen by score ([`choose_values`]), and what scoring cost; `None` when
    /// nothing was scored, the server cannot score (then remembered, like the calibrated
    /// choice of tool), or scoring failed (logged): the call stays as the model wrote it.
    pub(super) async fn chosen_values(
        &self,
        request: &ModelRequest,
        prompt: &str,
        tool: &ToolSpec,
        generated: &str,
    ) -> Option<(String, Usage)> {
        if self.calibration.unable() || held_choices(tool).is_empty() {
            return None;
        }
        let free = self.prompt(&without_user_words(request));
        match choose_values(self, prompt, &free, tool, generated).await {
            Ok(Some(chosen)) => Some(chosen),
            Ok(None) => {
                tracing::info!(
                    model = %self.model,
                    "the server gives no log probabilities under a grammar; held values are left to the model"
                );
                self.calibration.mark_unable();
                None
            }
            Err(error) => {
                tracing::warn!(%error, "scoring the held values failed; the model's values stay");
                None
            }
        }
    }
}

/// An option as the text after a value's opening quote: its JSON string's body and the
/// closing quote (where the value ends counts towards its score).
fn closing(option: &str) -> String {
    let literal = Value::String(option.to_owned()).to_string();
    literal[1..].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tool(parameters: Value) -> ToolSpec {
        ToolSpec {
            name: "find_shop".into(),
            description: String::new(),
            parameters,
        }
    }

    #[test]
    fn only_string_arguments_held_to_two_or_more_options_are_chosen() {
        let t = tool(json!({"type": "object", "properties": {
            "location": {"type": "string", "enum": ["near", "Seattle", "jazz"]},
            "open": {"type": "boolean"},
            "one": {"enum": ["only"]},
            "mixed": {"enum": ["a", 1]},
            "free": {"type": "string"}
        }}));
        assert_eq!(
            held_choices(&t),
            vec![(
                "location".to_owned(),
                vec!["near".to_owned(), "Seattle".to_owned(), "jazz".to_owned()]
            )]
        );
        let many: Vec<String> = (0..=MAX_SCORED_OPTIONS).map(|i| i.to_string()).collect();
        assert!(held_choices(&tool(json!({"properties": {"x": {"enum": many}}}))).is_empty());
        assert!(held_choices(&tool(json!({"type": "object"}))).is_empty());
    }

    #[test]
    fn the_value_is_found_after_the_arguments_key_with_escapes_kept() {
        let text = r#" {"tool": "location", "arguments": {"note": "location", "location": "Se\"a", "n": 1}}"#;
        let span = value_span(text, "location").unwrap();
        assert_eq!(&text[span], r#""Se\"a""#);
        assert_eq!(value_span(text, "n"), None, "not a string");
        assert_eq!(value_span(text, "missing"), None);
        assert_eq!(value_span(r#"{"arguments": {"a": "cut"#, "a"), None);
        assert_eq!(value_span(r#"{"a": "x"}"#, "a"), None, "no arguments");
    }

    #[test]
    fn the_choice_ranks_by_calibrated_log_probability_per_token() {
        let s = |option: &str, log_prob, prior, tokens| OptionScore {
            option: option.into(),
            log_prob,
            prior,
            tokens,
        };
        let scores = [
            // Likeliest as written, but as likely without the request.
            s("near", -1.0, -1.5, 1),
            // The request makes each of its tokens far likelier.
            s("Seattle", -3.0, -12.0, 2),
            // More gained in all, less per token.
            s("Seattle that plays jazz", -8.0, -24.0, 5),
        ];
        assert_eq!(best(&scores).unwrap().option, "Seattle");
        assert!(best(&[]).is_none());
        // A server that reports no tokens: counted as one, never a division by zero.
        assert!(s("x", -1.0, -2.0, 0).calibrated().is_finite());
    }

    #[test]
    fn the_user_words_are_replaced_in_every_user_message() {
        let request = ModelRequest::new().messages(vec![
            Message::user("coffee near Seattle"),
            Message::assistant("call"),
            Message::user("and jazz"),
        ]);
        let free = without_user_words(&request);
        assert_eq!(
            free.messages,
            vec![
                Message::user("N/A"),
                Message::assistant("call"),
                Message::user("N/A")
            ]
        );
    }

    /// A scorer from a table: `(prompt starts with, forced) -> (log probability, tokens)`.
    struct Table(Vec<(&'static str, &'static str, f64, u64)>);

    impl Scorer for Table {
        async fn log_prob(
            &self,
            prompt: &str,
            forced: &str,
        ) -> Result<Option<(f64, Usage)>, ProviderError> {
            Ok(self
                .0
                .iter()
                .find(|(start, f, ..)| prompt.starts_with(start) && *f == forced)
                .map(|r| {
                    (
                        r.2,
                        Usage {
                            input_tokens: 10,
                            output_tokens: r.3,
                        },
                    )
                }))
        }
    }

    #[tokio::test]
    async fn the_best_option_replaces_the_models_pick_and_nothing_else() {
        let t = tool(json!({"type": "object", "properties": {
            "location": {"type": "string", "enum": ["near", "Seattle"]},
            "kind": {"type": "string"}
        }}));
        let scorer = Table(vec![
            ("USER", "near\"", -1.0, 1),
            ("USER", "Seattle\"", -3.0, 2),
            ("FREE", "near\"", -1.5, 1),
            ("FREE", "Seattle\"", -12.0, 2),
        ]);
        let generated =
            r#" {"tool": "find_shop", "arguments": {"kind": "near", "location": "near"}}"#;
        let (text, usage) = choose_values(&scorer, "USER", "FREE", &t, generated)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            text,
            r#" {"tool": "find_shop", "arguments": {"kind": "near", "location": "Seattle"}}"#
        );
        assert_eq!(usage.input_tokens, 40);
        // A value that is not one of the options (the generation was not held): left alone.
        let unheld = r#" {"tool": "find_shop", "arguments": {"location": "Paris"}}"#;
        let (same, _) = choose_values(&scorer, "USER", "FREE", &t, unheld)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(same, unheld);
        // A server that cannot score an option: no choice at all.
        let short = Table(vec![("USER", "near\"", -1.0, 1)]);
        assert!(
            choose_values(&short, "USER", "FREE", &t, generated)
                .await
                .unwrap()
                .is_none()
        );
    }
}
