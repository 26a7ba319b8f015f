//! The choice of tool for a constrained new request, by calibrated likelihood.
//!
//! Under a constraint the model still chooses which tool to call, token by token, and a small
//! base model leans towards the tools its prompt shows most (a worked example's tool): measured
//! on suite 2's 64 requests (docs/EVAL.md), Gemma 3 270M named the requested tool in 34 of them
//! greedy. Each offered tool's call start (` {"tool": "book_table"`) is scored instead: its log
//! probability after the request, minus its log probability after requests that say nothing
//! (`N/A`, an empty line), which is the prompt's own leaning. The tool with the highest
//! difference is the call's tool (in the measurement, 47 of 64), and the call is then written
//! under the narrower constraint to that one tool. This is contextual calibration (Zhao et al.,
//! 2021, "Calibrate Before Use"), applied to the choice of tool.
//!
//! A score is one short completion held to that call start by llama.cpp's `grammar`, read back
//! with `logprobs`; the prompt prefix is the same for every tool, so a server that caches
//! prompts evaluates only the few tokens of the name. The call start is held to its own tokens
//! (`/tokenize`, then a grammar of token ids), not only to its characters, under which greedy
//! decoding can split a word into pieces the model never writes, and its score leaves out the
//! end of generation the grammar forces after it. The content-free scores are computed once
//! per prompt and kept. A server that returns no log probabilities, or does not hold the
//! generation to the grammar (not llama.cpp), is remembered as unable, and constrained requests
//! go on as before: one generation under the schema of every offered tool.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use agents_core::model::{FINAL_ANSWER_TOOL, Message, ModelRequest, ToolSpec, Usage};
use serde::Deserialize;
use serde_json::Value;

use super::{CompletionRequest, CompletionResponse, PROVIDER, PromptedCompletions};
use crate::error::ProviderError;

/// The requests that say nothing, whose scores are the prompt's own leaning towards each tool.
const CONTENT_FREE: &[&str] = &["N/A", ""];

/// At most this many prompts' content-free scores are kept (a prompt holds the tools and the
/// conversation before the request).
const MAX_KEPT_PRIORS: usize = 16;

/// At most this many texts' tokenizations are kept: the scored texts are call starts, one per
/// tool, the same for every request, so a client that sees a few dozen tools asks once each.
const MAX_KEPT_TOKENIZATIONS: usize = 256;

/// How much one unit of [`ToolScore::words`] weighs against one nat of
/// [`ToolScore::calibrated`]. Chosen on development data (BFCL's `multiple` and part of
/// `live_multiple`, docs/EVAL.md), where any weight from 2 to 5 chose the same number of
/// right tools; the middle of that range.
pub const WORD_WEIGHT: f64 = 3.0;

/// How much one required number a request gives none of ([`ToolScore::unfilled`]) costs a
/// tool's ranking, in nats of [`ToolScore::calibrated`]. Chosen on development data (BFCL's
/// `multiple` and part of `live_multiple`, docs/EVAL.md, "Tools that need a number nobody
/// gave"), where 2 chose the most right tools of 0.5, 1, 2, 3, 5, 8 and an outright exclusion:
/// more passed over tools the request named whose numbers it implied ("a deck of cards").
pub const UNFILLED_PENALTY: f64 = 2.0;

/// One offered tool's score for a request (read from
/// [`tool_scores`](super::PromptedCompletions::tool_scores); its fields may grow).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ToolScore {
    /// The tool's name.
    pub tool: String,
    /// The log probability of the call start naming this tool after the request.
    pub log_prob: f64,
    /// The mean log probability of the same call start after the content-free requests.
    pub prior: f64,
    /// How strongly the request names this tool in its own words
    /// ([`request_words_in_tools`](agents_core::request_words_in_tools)); 0 when the
    /// client's [`tool_words`](super::PromptedCompletionsBuilder::tool_words) is off.
    pub words: f64,
    /// How many of the tool's required numbers a request that gives no number could only
    /// make up ([`required_numbers_not_given`](agents_core::required_numbers_not_given)); 0
    /// when the client's [`required_numbers`](super::PromptedCompletionsBuilder::required_numbers)
    /// is off.
    pub unfilled: usize,
}

impl ToolScore {
    /// How much more likely the request makes this tool than the prompt alone does.
    pub fn calibrated(&self) -> f64 {
        self.log_prob - self.prior
    }

    /// What the choice ranks by: [`calibrated`](Self::calibrated), plus the request's own
    /// words for the tool ([`words`](Self::words)) at [`WORD_WEIGHT`], less
    /// [`UNFILLED_PENALTY`] for each required number the request does not give
    /// ([`unfilled`](Self::unfilled)).
    pub fn ranked(&self) -> f64 {
        self.calibrated() + WORD_WEIGHT * self.words - UNFILLED_PENALTY * self.unfilled as f64
    }
}

/// Every offered tool's score for one request, and what scoring cost.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolScores {
    /// In the order the tools are offered.
    pub scores: Vec<ToolScore>,
    /// The tokens of every scoring completion (content-free ones included when they were
    /// computed for this request).
    pub usage: Usage,
}

impl ToolScores {
    /// The tool with the highest [`ranked`](ToolScore::ranked) score (the first offered on a
    /// tie).
    pub fn chosen(&self) -> Option<&str> {
        highest(&self.scores, ToolScore::ranked).map(|s| s.tool.as_str())
    }
}

/// The item of `items` with the highest `score`, the first on a tie; `None` when there are none.
pub(crate) fn highest<T>(items: &[T], score: impl Fn(&T) -> f64) -> Option<&T> {
    let mut best: Option<&T> = None;
    for item in items {
        if best.is_none_or(|b| score(item) > score(b)) {
            best = Some(item);
        }
    }
    best
}

/// What a client remembers between requests: content-free scores per prompt, and whether the
/// server can score at all. Shared by a client's clones.
#[derive(Debug, Default, Clone)]
pub(crate) struct Calibration {
    state: Arc<Mutex<State>>,
}

#[derive(Debug, Default)]
struct State {
    priors: HashMap<String, Arc<Vec<f64>>>,
    unable: bool,
    /// The server has no `/tokenize`: scored texts are held to their characters.
    cannot_tokenize: bool,
    /// The token ids of texts scored before, as the server tokenized them.
    tokenizations: HashMap<String, Arc<[u64]>>,
}

impl Calibration {
    pub(crate) fn unable(&self) -> bool {
        self.lock().unable
    }

    pub(crate) fn mark_unable(&self) {
        self.lock().unable = true;
    }

    pub(crate) fn cannot_tokenize(&self) -> bool {
        self.lock().cannot_tokenize
    }

    pub(crate) fn mark_cannot_tokenize(&self) {
        self.lock().cannot_tokenize = true;
    }

    fn tokenization(&self, text: &str) -> Option<Arc<[u64]>> {
        self.lock().tokenizations.get(text).cloned()
    }

    fn keep_tokenization(&self, text: &str, ids: Arc<[u64]>) {
        let tokenizations = &mut self.lock().tokenizations;
        keep_at_most(tokenizations, MAX_KEPT_TOKENIZATIONS, text.to_owned(), ids);
    }

    fn prior(&self, key: &str) -> Option<Arc<Vec<f64>>> {
        self.lock().priors.get(key).cloned()
    }

    fn keep(&self, key: String, prior: Arc<Vec<f64>>) {
        keep_at_most(&mut self.lock().priors, MAX_KEPT_PRIORS, key, prior);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // The state is a cache: a panic elsewhere while it was held leaves nothing half-done.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Inserts into a cache of at most `max` entries, emptied when full (the entries are cheap to
/// compute again, and a client sees few distinct keys).
fn keep_at_most<V>(map: &mut HashMap<String, V>, max: usize, key: String, value: V) {
    if map.len() >= max {
        map.clear();
    }
    map.insert(key, value);
}

/// Whether `request` is one whose tool is chosen by score: constrained to more than one tool,
/// and a new request (the last message is the user's), where the model has not yet acted.
pub(crate) fn is_scored(request: &ModelRequest, allowed: &[&ToolSpec]) -> bool {
    allowed.len() > 1 && matches!(request.messages.last(), Some(Message::User { .. }))
}

/// The request with its last user message replaced by `words`: the same prompt, saying nothing.
pub(crate) fn content_free(request: &ModelRequest, words: &str) -> ModelRequest {
    let mut free = request.clone();
    if let Some(Message::User { content }) = free.messages.last_mut() {
        *content = words.to_owned();
    }
    free
}

/// The text a call naming `tool` starts with, after the prompt's `Call:`, as the worked examples
/// write it.
pub(crate) fn call_start(tool: &str) -> String {
    format!(" {{\"tool\": {}", Value::String(tool.to_owned()))
}

/// A GBNF grammar that admits exactly `text`.
pub(crate) fn exact_grammar(text: &str) -> String {
    let mut literal = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        match c {
            '"' => literal.push_str("\\\""),
            '\\' => literal.push_str("\\\\"),
            '\n' => literal.push_str("\\n"),
            '\r' => literal.push_str("\\r"),
            '\t' => literal.push_str("\\t"),
            other => literal.push(other),
        }
    }
    format!("root ::= \"{literal}\"")
}

/// What scoring one prompt needs from the client: the log probability of a forced text after a
/// prompt, with its usage; `Ok(None)` when the server cannot say (no log probabilities, or the
/// text was not held to the grammar).
pub(crate) trait Scorer {
    async fn log_prob(
        &self,
        prompt: &str,
        forced: &str,
    ) -> Result<Option<(f64, Usage)>, ProviderError>;
}

/// What the choice of tool reads besides the model's likelihood (no model call for either).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Readings {
    /// The request's own words for each tool ([`ToolScore::words`]).
    pub tool_words: bool,
    /// The required numbers the request does not give ([`ToolScore::unfilled`]).
    pub required_numbers: bool,
}

/// Scores every tool of `allowed` for `request`, with what `readings` asks for besides the
/// likelihood. `Ok(None)` when the server cannot score.
pub(crate) async fn score(
    scorer: &impl Scorer,
    calibration: &Calibration,
    render: impl Fn(&ModelRequest) -> String,
    request: &ModelRequest,
    allowed: &[&ToolSpec],
    readings: Readings,
) -> Result<Option<ToolScores>, ProviderError> {
    let mut usage = Usage::default();
    let names: Vec<&str> = allowed.iter().map(|t| t.name.as_str()).collect();
    let Some(log_probs) = scores_after(scorer, &render(request), &names, &mut usage).await? else {
        return Ok(None);
    };
    let free_prompts: Vec<String> = CONTENT_FREE
        .iter()
        .map(|w| render(&content_free(request, w)))
        .collect();
    let key = format!("{}\u{0}{}", free_prompts.join("\u{0}"), names.join(","));
    let prior = match calibration.prior(&key) {
        Some(prior) => prior,
        None => {
            let mut sums = vec![0.0; names.len()];
            for prompt in &free_prompts {
                let Some(free) = scores_after(scorer, prompt, &names, &mut usage).await? else {
                    return Ok(None);
                };
                for (sum, s) in sums.iter_mut().zip(free) {
                    *sum += s;
                }
            }
            let prior = Arc::new(
                sums.into_iter()
                    .map(|s| s / free_prompts.len() as f64)
                    .collect::<Vec<f64>>(),
            );
            calibration.keep(key, prior.clone());
            prior
        }
    };
    let words = match (readings.tool_words, request.messages.last()) {
        (true, Some(Message::User { content })) => words_for(content, allowed),
        _ => vec![0.0; names.len()],
    };
    let unfilled = match readings.required_numbers {
        true => agents_core::required_numbers_not_given(&request.messages, allowed.iter().copied()),
        false => vec![0; names.len()],
    };
    let scores = names
        .iter()
        .zip(log_probs)
        .zip(prior.iter())
        .zip(words)
        .zip(unfilled)
        .map(|((((tool, log_prob), prior), words), unfilled)| ToolScore {
            tool: (*tool).to_owned(),
            log_prob,
            prior: *prior,
            words,
            unfilled,
        })
        .collect();
    Ok(Some(ToolScores { scores, usage }))
}

/// The request's own words for each of `allowed`, in order. The runtime's final-answer tool is
/// no tool a user names: it scores 0 and does not count among the tools a word is weighed
/// against.
fn words_for(request: &str, allowed: &[&ToolSpec]) -> Vec<f64> {
    let named = allowed
        .iter()
        .copied()
        .filter(|t| t.name != FINAL_ANSWER_TOOL);
    let mut words = agents_core::request_words_in_tools(request, named).into_iter();
    allowed
        .iter()
        .map(|t| match t.name == FINAL_ANSWER_TOOL {
            true => 0.0,
            false => words.next().unwrap_or(0.0),
        })
        .collect()
}

/// The log probability of each tool's call start after `prompt`, in order.
async fn scores_after(
    scorer: &impl Scorer,
    prompt: &str,
    names: &[&str],
    usage: &mut Usage,
) -> Result<Option<Vec<f64>>, ProviderError> {
    let starts: Vec<String> = names.iter().map(|name| call_start(name)).collect();
    let scores = log_probs_after(scorer, prompt, &starts, usage).await?;
    Ok(scores.map(|s| s.into_iter().map(|(log_prob, _)| log_prob).collect()))
}

/// The log probability of each of `forced` after `prompt`, in order, with its tokens (the
/// completion's); the usage is added to `usage`. `Ok(None)` when the server cannot score one.
/// One prompt for every text: a server that caches prompts evaluates only each text's tokens.
pub(crate) async fn log_probs_after(
    scorer: &impl Scorer,
    prompt: &str,
    forced: &[String],
    usage: &mut Usage,
) -> Result<Option<Vec<(f64, u64)>>, ProviderError> {
    let mut out = Vec::with_capacity(forced.len());
    for text in forced {
        let Some((log_prob, spent)) = scorer.log_prob(prompt, text).await? else {
            return Ok(None);
        };
        *usage += spent;
        out.push((log_prob, spent.output_tokens));
    }
    Ok(Some(out))
}

/// The log probabilities of the generated tokens, in llama.cpp's shape (`content`, one entry
/// per token) or OpenAI's legacy completions shape (`token_logprobs`).
#[derive(Debug, Clone, Default, Deserialize)]
pub(crate) struct WireLogprobs {
    #[serde(default)]
    content: Option<Vec<WireTokenLogprob>>,
    #[serde(default)]
    token_logprobs: Option<Vec<Option<f64>>>,
}

#[derive(Debug, Clone, Deserialize)]
struct WireTokenLogprob {
    logprob: f64,
    /// The token's text, where the server says it.
    #[serde(default)]
    token: Option<String>,
}

impl WireLogprobs {
    /// The sum over the tokens that write `forced`: the first `count` where the text was held
    /// to its tokens, else those whose text covers it (where the server names each token's
    /// text). Not the end of generation a grammar forces after the text: how likely the model
    /// is to stop there says nothing of the text. Otherwise as [`total`](Self::total).
    pub(crate) fn total_of(&self, forced: &str, count: Option<usize>) -> Option<f64> {
        let Some(content) = self.content.as_ref().filter(|c| !c.is_empty()) else {
            return self.total();
        };
        let taken = match count {
            Some(n) => n.min(content.len()),
            None => {
                let mut written = 0;
                let mut n = 0;
                for t in content {
                    if written >= forced.len() {
                        break;
                    }
                    let Some(token) = &t.token else {
                        return self.total();
                    };
                    written += token.len();
                    n += 1;
                }
                n
            }
        };
        let total: f64 = content[..taken].iter().map(|t| t.logprob).sum();
        total.is_finite().then_some(total)
    }

    /// The sum over the generated tokens; `None` when the server gave none, or one is missing.
    pub(crate) fn total(&self) -> Option<f64> {
        let total: f64 = match (&self.content, &self.token_logprobs) {
            (Some(content), _) if !content.is_empty() => content.iter().map(|t| t.logprob).sum(),
            (_, Some(legacy)) if !legacy.is_empty() => {
                legacy.iter().copied().sum::<Option<f64>>()?
            }
            _ => return None,
        };
        total.is_finite().then_some(total)
    }
}

impl PromptedCompletions {
    /// Every offered tool's score for a constrained new request (the last message the user's,
    /// more than one tool allowed): the log probability of a call naming the tool after the
    /// request, and after requests that say nothing (the prompt's own leaning), read through
    /// llama.cpp's `grammar` and `logprobs`. With
    /// [`calibrated_choice`](super::PromptedCompletionsBuilder::calibrated_choice) on (the
    /// default), [`send`](Self::send) writes the call of the tool that [`ToolScores::chosen`]
    /// names, under the constraint to it alone. `Ok(None)` for any
    /// other request, or when the server returns no log probabilities or does not hold a
    /// completion to the grammar (it is then not asked again).
    ///
    /// ```no_run
    /// # use agents_core::model::ModelRequest;
    /// # use agents_providers::prompted::PromptedCompletions;
    /// # async fn f(model: PromptedCompletions, request: ModelRequest) -> Result<(), agents_providers::ProviderError> {
    /// if let Some(scores) = model.tool_scores(&request).await? {
    ///     for s in &scores.scores {
    ///         println!("{}: {:.2}", s.tool, s.calibrated());
    ///     }
    ///     println!("chosen: {:?}", scores.chosen());
    /// }
    /// # Ok(()) }
    /// ```
    pub async fn tool_scores(
        &self,
        request: &ModelRequest,
    ) -> Result<Option<ToolScores>, ProviderError> {
        let Some(tools) = crate::constraint::allowed(PROVIDER, request)? else {
            return Ok(None);
        };
        if !is_scored(request, &tools) || self.calibration.unable() {
            return Ok(None);
        }
        let scores = score(
            self,
            &self.calibration,
            |r| self.prompt(r),
            request,
            &tools,
            Readings {
                tool_words: self.tool_words,
                required_numbers: self.required_numbers,
            },
        )
        .await?;
        if scores.is_none() {
            tracing::info!(
                model = %self.model,
                "the server gives no log probabilities under a grammar; the tool of a constrained call is left to the model"
            );
            self.calibration.mark_unable();
        }
        Ok(scores)
    }

    /// The scores that choose the tool of `request` when the choice is calibrated; `None` when
    /// it is not (off, not a scored request, the server cannot score, or scoring failed, which
    /// is logged: the call is then written under the constraint to every offered tool).
    pub(super) async fn chosen_by_score(&self, request: &ModelRequest) -> Option<ToolScores> {
        // `tool_scores` itself passes over a request that is not scored.
        if !self.calibrated_choice {
            return None;
        }
        match self.tool_scores(request).await {
            Ok(Some(scores)) => {
                tracing::debug!(
                    chosen = scores.chosen().unwrap_or_default(),
                    scores = ?scores
                        .scores
                        .iter()
                        .map(|s| (s.tool.as_str(), s.calibrated(), s.words, s.unfilled))
                        .collect::<Vec<_>>(),
                    "tool chosen by calibrated score"
                );
                Some(scores)
            }
            Ok(None) => None,
            Err(error) => {
                tracing::warn!(%error, "scoring the tools failed; the model chooses the tool itself");
                None
            }
        }
    }
}

impl Scorer for PromptedCompletions {
    async fn log_prob(
        &self,
        prompt: &str,
        forced: &str,
    ) -> Result<Option<(f64, Usage)>, ProviderError> {
        // Held to the text's own tokens where the server says them: held to its characters
        // only, greedy decoding may write a word in pieces the model would never use
        // (`Restaurant` + `s`, the second at -13 nats, where `Restaurants` is one token), and
        // which pieces it takes turns on a near tie, so the same request scores apart by many
        // nats from one time to the next.
        let tokens = self.tokens_of(forced).await;
        let grammar = match &tokens {
            Some(ids) => token_grammar(ids),
            None => exact_grammar(forced),
        };
        let body = CompletionRequest {
            model: &self.model,
            prompt: prompt.to_owned(),
            // The call start is a handful of tokens; room for a tokenizer that splits it finely.
            max_tokens: 48,
            temperature: Some(0.0),
            top_p: None,
            seed: None,
            stop: Vec::new(),
            stream: false,
            json_schema: None,
            grammar: Some(grammar),
            logprobs: Some(1),
        };
        let response = self.transport.post_json("/completions", &body).await?;
        let wire: CompletionResponse = response.json(PROVIDER)?;
        let usage = wire.usage.unwrap_or_default();
        let usage = Usage {
            input_tokens: usage.prompt_tokens,
            output_tokens: usage.completion_tokens,
        };
        let Some(choice) = wire.choices.into_iter().next() else {
            return Ok(None);
        };
        // A server that ignored the grammar wrote something else, and its log probabilities
        // are not this text's.
        if choice.text != forced {
            return Ok(None);
        }
        let count = tokens.as_ref().map(|ids| ids.len());
        Ok(choice
            .logprobs
            .and_then(|l| l.total_of(forced, count))
            .map(|total| (total, usage)))
    }
}

impl PromptedCompletions {
    /// The ids of `text`'s tokens, from llama.cpp's `/tokenize` at the server's root (asked
    /// once per text, then remembered); `None` where the server has none (it is then not asked
    /// again) or the request failed.
    async fn tokens_of(&self, text: &str) -> Option<Arc<[u64]>> {
        let root = self.root.as_ref()?;
        if self.calibration.cannot_tokenize() {
            return None;
        }
        if let Some(ids) = self.calibration.tokenization(text) {
            return Some(ids);
        }
        #[derive(Deserialize)]
        struct Tokens {
            tokens: Vec<u64>,
        }
        let body = serde_json::json!({"content": text, "add_special": false});
        let read = match root.post_json("/tokenize", &body).await {
            Ok(response) => response.json::<Tokens>(PROVIDER).ok(),
            // No answer at all (a dropped connection): asked again next time.
            Err(error) if error.status.is_none() => {
                tracing::debug!(%error, "tokenizing a scored text failed; held to its characters");
                return None;
            }
            Err(_) => None,
        };
        match read {
            Some(t) if !t.tokens.is_empty() => {
                let ids: Arc<[u64]> = t.tokens.into();
                self.calibration.keep_tokenization(text, ids.clone());
                Some(ids)
            }
            // An answer that is no tokenization (a 404, another server's shape): not asked again.
            _ => {
                tracing::info!(model = %self.model, "the server does not tokenize; scored texts are held to their characters");
                self.calibration.mark_cannot_tokenize();
                None
            }
        }
    }
}

/// A GBNF grammar that admits exactly the tokens `ids`, in order (llama.cpp's token
/// literals, `<[id]>`).
pub(crate) fn token_grammar(ids: &[u64]) -> String {
    let literals: Vec<String> = ids.iter().map(|id| format!("<[{id}]>")).collect();
    format!("root ::= {}", literals.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The likelihood alone.
    const NOTHING_ELSE: Readings = Readings {
        tool_words: false,
        required_numbers: false,
    };

    fn spec(name: &str) -> ToolSpec {
        ToolSpec {
            name: name.into(),
            description: String::new(),
            parameters: serde_json::json!({"type": "object"}),
        }
    }

    fn scored(tool: &str, log_prob: f64, prior: f64) -> ToolScore {
        ToolScore {
            tool: tool.into(),
            log_prob,
            prior,
            words: 0.0,
            unfilled: 0,
        }
    }

    #[test]
    fn the_choice_ranks_by_how_much_the_request_moves_a_tool() {
        let scores = ToolScores {
            scores: vec![
                // Likeliest as written, but the prompt leans to it just as much without the request.
                scored("send_sms", -2.0, -2.5),
                scored("book_table", -4.0, -9.0),
                scored("translate", -6.0, -7.0),
            ],
            usage: Usage::default(),
        };
        assert_eq!(scores.chosen(), Some("book_table"));
        let tie = ToolScores {
            scores: vec![scored("a", -1.0, -2.0), scored("b", -2.0, -3.0)],
            usage: Usage::default(),
        };
        assert_eq!(tie.chosen(), Some("a"));
        let none = ToolScores {
            scores: Vec::new(),
            usage: Usage::default(),
        };
        assert_eq!(none.chosen(), None);
    }

    #[test]
    fn the_requests_own_words_for_a_tool_weigh_in_the_choice() {
        let words = |mut s: ToolScore, words: f64| {
            s.words = words;
            s
        };
        let scores = ToolScores {
            scores: vec![
                // The model's choice by 2 nats, against a word of the request the other holds.
                scored("list_servers", -3.0, -5.0),
                words(scored("add_postgres_server", -5.0, -5.0), 1.0),
            ],
            usage: Usage::default(),
        };
        assert_eq!(scores.chosen(), Some("add_postgres_server"));
        assert_eq!(scores.scores[1].ranked(), WORD_WEIGHT);
        // Words on neither side: the model's choice stands.
        let plain = ToolScores {
            scores: vec![
                scored("list_servers", -3.0, -5.0),
                scored("add", -5.0, -5.0),
            ],
            usage: Usage::default(),
        };
        assert_eq!(plain.chosen(), Some("list_servers"));
    }

    #[test]
    fn the_final_answer_tool_has_no_words_and_weighs_no_word() {
        let tool = |name: &str, description: &str| ToolSpec {
            name: name.into(),
            description: description.into(),
            parameters: serde_json::json!({"type": "object"}),
        };
        let answer = tool(
            FINAL_ANSWER_TOOL,
            "Give the user the final answer to the request.",
        );
        let book = tool("book_table", "Books a table.");
        let weather = tool("get_weather", "The weather in a city.");
        let words = words_for(
            "What is the answer: book a table",
            &[&book, &answer, &weather],
        );
        assert_eq!(words[1], 0.0);
        // `table` is weighed against the two user tools alone: ln(3 / 2).
        assert_eq!(words, [(3.0f64 / 2.0).ln() * 2.0, 0.0, 0.0]);
    }

    #[tokio::test]
    async fn the_words_are_read_from_the_new_request_only_when_asked() {
        let tool = |name: &str, description: &str| ToolSpec {
            name: name.into(),
            description: description.into(),
            parameters: serde_json::json!({"type": "object"}),
        };
        let (a, b) = (tool("a", "Lists the servers."), tool("b", "Books a table."));
        let scorer = Table {
            rows: ["book a table for two", "N/A", ""]
                .into_iter()
                .flat_map(|end| [(end, "a", -1.0), (end, "b", -1.0)])
                .collect(),
            calls: Default::default(),
        };
        let request = ModelRequest::new().messages(vec![Message::user("book a table for two")]);
        for (on, chosen) in [(true, "b"), (false, "a")] {
            let readings = Readings {
                tool_words: on,
                required_numbers: false,
            };
            let scores = scores_for(
                &scorer,
                &Calibration::default(),
                &request,
                &[&a, &b],
                readings,
            )
            .await
            .unwrap();
            assert_eq!(scores.chosen(), Some(chosen), "tool_words {on}");
            assert_eq!(scores.scores[0].words, 0.0);
            assert_eq!(scores.scores[1].words > 0.0, on);
        }
    }

    #[tokio::test]
    async fn a_tool_needing_a_number_the_request_does_not_give_is_passed_over_when_asked() {
        let with = |name: &str, parameters: serde_json::Value| ToolSpec {
            name: name.into(),
            description: String::new(),
            parameters,
        };
        let buy = with(
            "buy_tickets",
            serde_json::json!({"type": "object", "required": ["count"], "properties": {
                "count": {"type": "integer"},
            }}),
        );
        let find = with(
            "find_events",
            serde_json::json!({"type": "object", "required": ["city"], "properties": {
                "city": {"type": "string"},
            }}),
        );
        // The model leans to `buy_tickets` by 1.5 nats after either request.
        let scorer = Table {
            rows: ["music in Lyon", "4 seats in Lyon", "N/A", ""]
                .into_iter()
                .flat_map(|end| {
                    let lean = if matches!(end, "N/A" | "") { 0.0 } else { 1.5 };
                    [
                        (end, "buy_tickets", -3.0 + lean),
                        (end, "find_events", -3.0),
                    ]
                })
                .collect(),
            calls: Default::default(),
        };
        for (said, on, chosen) in [
            ("music in Lyon", true, "find_events"),
            ("music in Lyon", false, "buy_tickets"),
            // A number given, for whichever argument: the model's choice stands.
            ("4 seats in Lyon", true, "buy_tickets"),
        ] {
            let request = ModelRequest::new().messages(vec![Message::user(said)]);
            let readings = Readings {
                tool_words: false,
                required_numbers: on,
            };
            let scores = scores_for(
                &scorer,
                &Calibration::default(),
                &request,
                &[&buy, &find],
                readings,
            )
            .await
            .unwrap();
            assert_eq!(
                scores.chosen(),
                Some(chosen),
                "{said:?} required_numbers {on}"
            );
            let expected = usize::from(on && !said.starts_with('4'));
            assert_eq!(scores.scores[0].unfilled, expected);
            assert_eq!(scores.scores[1].unfilled, 0);
        }
    }

    #[test]
    fn the_grammar_admits_the_call_start_exactly() {
        assert_eq!(call_start("book_table"), " {\"tool\": \"book_table\"");
        assert_eq!(
            exact_grammar(&call_start("book_table")),
            r#"root ::= " {\"tool\": \"book_table\"""#
        );
        assert_eq!(exact_grammar("a\\b\nc"), r#"root ::= "a\\b\nc""#);
    }

    #[test]
    fn only_a_new_request_to_more_than_one_tool_is_scored() {
        let (a, b) = (spec("a"), spec("b"));
        let new = ModelRequest::new().messages(vec![Message::user("hi")]);
        assert!(is_scored(&new, &[&a, &b]));
        assert!(!is_scored(&new, &[&a]));
        let later =
            ModelRequest::new().messages(vec![Message::user("hi"), Message::assistant("hello")]);
        assert!(!is_scored(&later, &[&a, &b]));
        let free = content_free(&new, "N/A");
        assert_eq!(free.messages, vec![Message::user("N/A")]);
    }

    /// The prompt is the last user message alone: what a table row's prompt ends with.
    fn last_words(r: &ModelRequest) -> String {
        match r.messages.last() {
            Some(Message::User { content }) => content.clone(),
            _ => String::new(),
        }
    }

    /// [`score`](super::score) of `request` by `scorer`, the prompt its last words.
    async fn scores_for(
        scorer: &Table,
        calibration: &Calibration,
        request: &ModelRequest,
        tools: &[&ToolSpec],
        readings: Readings,
    ) -> Option<ToolScores> {
        super::score(scorer, calibration, last_words, request, tools, readings)
            .await
            .unwrap()
    }

    /// A scorer from a table: `(prompt ends with, tool) -> log probability`, counting calls.
    struct Table {
        rows: Vec<(&'static str, &'static str, f64)>,
        calls: std::sync::atomic::AtomicUsize,
    }

    impl Scorer for Table {
        async fn log_prob(
            &self,
            prompt: &str,
            forced: &str,
        ) -> Result<Option<(f64, Usage)>, ProviderError> {
            self.calls
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let row = self
                .rows
                .iter()
                .find(|(end, tool, _)| prompt.ends_with(end) && forced == call_start(tool));
            Ok(row.map(|r| {
                (
                    r.2,
                    Usage {
                        input_tokens: 10,
                        output_tokens: 1,
                    },
                )
            }))
        }
    }

    #[tokio::test]
    async fn the_prior_is_the_mean_over_the_content_free_requests_and_is_kept() {
        let (a, b) = (spec("a"), spec("b"));
        let scorer = Table {
            rows: vec![
                ("book it", "a", -3.0),
                ("book it", "b", -1.0),
                ("N/A", "a", -8.0),
                ("N/A", "b", -1.0),
                ("", "a", -6.0),
                ("", "b", -2.0),
            ],
            calls: Default::default(),
        };
        let calibration = Calibration::default();
        let request = ModelRequest::new().messages(vec![Message::user("book it")]);
        let scores = scores_for(&scorer, &calibration, &request, &[&a, &b], NOTHING_ELSE)
            .await
            .unwrap();
        assert_eq!(scores.scores[0].prior, -7.0);
        assert_eq!(scores.scores[1].prior, -1.5);
        assert_eq!(scores.chosen(), Some("a"));
        assert_eq!(scores.usage.input_tokens, 60);
        // The prior is kept: the next request scores the two tools only.
        let again = scores_for(&scorer, &calibration, &request, &[&a, &b], NOTHING_ELSE)
            .await
            .unwrap();
        assert_eq!(again.usage.input_tokens, 20);
        assert_eq!(scorer.calls.load(std::sync::atomic::Ordering::Relaxed), 8);
        // A tool the server cannot score: no scores at all.
        let unknown = spec("c");
        let none = scores_for(
            &scorer,
            &calibration,
            &request,
            &[&a, &unknown],
            NOTHING_ELSE,
        )
        .await;
        assert!(none.is_none());
    }

    #[test]
    fn a_texts_score_leaves_out_what_the_grammar_forces_after_it() {
        let read = |v: serde_json::Value| serde_json::from_value::<WireLogprobs>(v).unwrap();
        let written = read(serde_json::json!({"content": [
            {"token": " {\"", "logprob": -0.5},
            {"token": "tool", "logprob": -1.0},
            {"token": "", "logprob": -7.0},
        ]}));
        // By the tokens' texts, and by the count of tokens the text was held to.
        assert_eq!(written.total_of(" {\"tool", None), Some(-1.5));
        assert_eq!(written.total_of("anything", Some(1)), Some(-0.5));
        assert_eq!(written.total_of(" {\"tool", Some(9)), Some(-8.5));
        // No token texts (or the legacy shape): every token, as before.
        let bare = read(serde_json::json!({"content": [{"logprob": -0.5}, {"logprob": -7.0}]}));
        assert_eq!(bare.total_of("x", None), Some(-7.5));
        let legacy = read(serde_json::json!({"token_logprobs": [-0.25, -0.25]}));
        assert_eq!(legacy.total_of("x", None), Some(-0.5));
        assert_eq!(token_grammar(&[3714, 13205]), "root ::= <[3714]> <[13205]>");
    }

    #[test]
    fn log_probabilities_are_read_in_both_wire_shapes() {
        let read =
            |v: serde_json::Value| serde_json::from_value::<WireLogprobs>(v).unwrap().total();
        assert_eq!(
            read(serde_json::json!({"content": [{"logprob": -0.5}, {"logprob": -1.0}]})),
            Some(-1.5)
        );
        assert_eq!(
            read(serde_json::json!({"token_logprobs": [-0.25, -0.25]})),
            Some(-0.5)
        );
        assert_eq!(
            read(serde_json::json!({"token_logprobs": [-0.25, null]})),
            None
        );
        assert_eq!(read(serde_json::json!({})), None);
    }
}
