//! A question about the user's words: which value they give for one argument of a call.
//!
//! The `ask_values` repair step ([`ask_values`](crate::repair::ask_values)) sends one per
//! argument at fault. A small model that copies a worked example's values into its JSON call
//! reads the same value out of the request when asked for it alone, in plain words (measured in
//! docs/EVAL.md); a large model answers either way.

use serde::{Deserialize, Serialize};

/// One question ([`ModelRequest::value_question`](super::ModelRequest)): what the user's
/// words give for `argument`, an argument of shape `shape`.
///
/// ```
/// use agents_core::model::ValueQuestion;
/// let q = ValueQuestion {
///     text: "send 250 euros to Maria".into(),
///     argument: "recipient".into(),
///     shape: "text".into(),
///     choices: Vec::new(),
/// };
/// assert_eq!(
///     q.to_string(),
///     "Text: send 250 euros to Maria\nQuestion: In the text, what is the recipient (text)?"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueQuestion {
    /// The user's words the value is read from.
    pub text: String,
    /// The argument's name.
    pub argument: String,
    /// What the value is, in words (`a number`, `text`, `one of economy, business, first`,
    /// `a list of numbers`, `a date, YYYY-MM-DD`).
    pub shape: String,
    /// The answers allowed, when the question is asked under constraint (the call came from a
    /// constrained turn, as in prevention mode): the argument's choices, and `none` for an
    /// optional one. A client that constrains decoding holds its answer to one of them; one
    /// that cannot asks as usual, and the runtime takes only an answer among them either way.
    /// Empty: a free answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
}

/// The system prompt of a question sent as a chat turn.
pub const QUESTION_INSTRUCTIONS: &str = "Answer the question with the value only, as the text \
     gives it, on one line. If the text does not give it, answer: none";

impl std::fmt::Display for ValueQuestion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Text: {}\nQuestion: In the text, what is the {} ({})?",
            one_line(&self.text),
            self.argument,
            self.shape
        )
    }
}

/// The request that asks `question` as a chat turn: no tools, no history, greedy and short.
/// Clients that read calls out of text ask it their own way (the prompted clients' question
/// prompt), every other client sends the turn as it is.
pub fn question_request(question: ValueQuestion) -> super::ModelRequest {
    super::ModelRequest {
        system: Some(QUESTION_INSTRUCTIONS.to_owned()),
        messages: vec![super::Message::User {
            content: question.to_string(),
        }],
        sampling: super::Sampling {
            temperature: Some(0.0),
            max_tokens: Some(ANSWER_TOKENS),
            ..Default::default()
        },
        value_question: Some(question),
        ..Default::default()
    }
}

/// The cap on an answer's tokens: a value, not a sentence.
pub const ANSWER_TOKENS: u32 = 32;

/// The value an answer gives: its first line, without quotes around it or a full stop after
/// it; `None` for an empty answer or one that says the text does not give it.
///
/// ```
/// use agents_core::model::answered_value;
/// assert_eq!(answered_value(" \"Nonna Rosa\".\nText: ..."), Some("Nonna Rosa"));
/// assert_eq!(answered_value("None"), None);
/// ```
pub fn answered_value(answer: &str) -> Option<&str> {
    let line = answer.trim_start().lines().next()?.trim();
    let line = line.strip_suffix('.').unwrap_or(line).trim();
    let unquoted = ['"', '\'', '`']
        .iter()
        .find_map(|q| line.strip_prefix(*q)?.strip_suffix(*q))
        .unwrap_or(line)
        .trim();
    let nothing = ["none", "n/a", "unknown", "not given", "null", "-"];
    if unquoted.is_empty() || nothing.iter().any(|n| unquoted.eq_ignore_ascii_case(n)) {
        return None;
    }
    Some(unquoted)
}

/// `text` on one line (a question's text is one line of the prompt).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_its_first_line_unquoted() {
        assert_eq!(
            answered_value("Sakura Garden\nQuestion: x"),
            Some("Sakura Garden")
        );
        assert_eq!(answered_value("'rent share'"), Some("rent share"));
        assert_eq!(answered_value("  42 km."), Some("42 km"));
        assert_eq!(answered_value("\"\""), None);
        assert_eq!(answered_value("N/A"), None);
        assert_eq!(answered_value(""), None);
    }

    #[test]
    fn the_question_is_one_line_of_text_and_one_of_question() {
        let q = ValueQuestion {
            text: "book\n a table".into(),
            argument: "restaurant".into(),
            shape: "text".into(),
            choices: Vec::new(),
        };
        assert_eq!(
            q.to_string(),
            "Text: book a table\nQuestion: In the text, what is the restaurant (text)?"
        );
        let r = question_request(q.clone());
        assert!(r.tools.is_empty());
        assert_eq!(r.value_question, Some(q));
        assert_eq!(r.sampling.temperature, Some(0.0));
    }
}
