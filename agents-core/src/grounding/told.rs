//! The text a value must come from, and how a value is found in it.

use std::sync::OnceLock;

use crate::model::Message;

/// Text a value must come from (what the model was told, or the user's message), with the two
/// ways of finding a value in it: shared by the echo check and the `ask_values` repair step, so
/// that a value counts as given by the same rule in both.
#[derive(Debug, Clone)]
pub(crate) struct Told {
    /// The text as written, where words in capitals are looked for.
    text: String,
    /// The text, lowercased.
    lower: String,
    /// Every number the text gives, every way it reads ([`super::numbers::readings`]), read
    /// when first needed.
    numbers: OnceLock<Vec<f64>>,
}

impl Told {
    pub(crate) fn new(text: &str) -> Self {
        Told {
            text: text.to_owned(),
            lower: text.to_lowercase(),
            numbers: OnceLock::new(),
        }
    }

    /// Whether `words` occur in the text as a whole token, ignoring case, except words written
    /// in capitals, which only the same capitals give: a made-up example's placeholder is an
    /// argument's name in capitals (`"DOCKET"`), and a request that says "the case docket"
    /// has not given it. Words that read as one number are found as any way the text writes
    /// that number (`"3"` in `(3,4)`).
    pub(crate) fn has(&self, words: &str) -> bool {
        let written = words.trim();
        if written.is_empty() {
            return false;
        }
        let words = written.to_lowercase();
        let found = if in_capitals(written) {
            has_token(&self.text, written)
        } else {
            has_token(&self.lower, &words)
        };
        found
            || crate::json::numeric_text(&words)
                .and_then(|n| n.parse::<f64>().ok())
                .is_some_and(|x| self.has_number(x))
    }

    /// The text, lowercased.
    pub(crate) fn lower(&self) -> &str {
        &self.lower
    }

    /// How many times the text writes the number `x` ([`super::numbers::times_given`]).
    pub(crate) fn times(&self, x: f64) -> usize {
        super::numbers::times_given(&self.lower, x)
    }

    /// Whether the text gives the number `x`, in any way people write one: digits with or
    /// without separators, a decimal point or comma, a sign, a unit or a percent sign; in a
    /// pair, a list or a range; in words or with a scale (`fifty`, `1.5 million`); a month by
    /// its name. See [`super::numbers::readings`].
    pub(crate) fn has_number(&self, x: f64) -> bool {
        self.readings().iter().any(|&y| same_number(x, y))
    }

    /// Whether the text gives any number at all, in any of the ways [`has_number`](Self::has_number)
    /// reads one.
    pub(crate) fn gives_numbers(&self) -> bool {
        !self.readings().is_empty()
    }

    fn readings(&self) -> &[f64] {
        self.numbers
            .get_or_init(|| super::numbers::readings(&self.lower))
    }
}

/// The texts of a conversation a value may come from, newest last: the user's messages and the
/// tools' successful results. An error result is the runtime's or the tool's complaint, not a
/// source of values (the echo feedback itself quotes the copied value).
pub(crate) fn told_texts(messages: &[Message]) -> impl DoubleEndedIterator<Item = &str> {
    messages.iter().filter_map(|m| match m {
        Message::User { content } => Some(content.as_str()),
        Message::Tool(r) if !r.is_error => Some(r.content.as_str()),
        Message::Tool(_) | Message::Assistant { .. } => None,
    })
}

/// The last user message of the conversation, the words a call answers (what a question about
/// a value is asked over).
pub(crate) fn last_user_words(conversation: &[Message]) -> Option<String> {
    conversation.iter().rev().find_map(|m| match m {
        Message::User { content } if !content.trim().is_empty() => Some(content.clone()),
        _ => None,
    })
}

/// The [`told_texts`] of a conversation as one text, a message to a line: what a [`Told`] is
/// built from.
pub(crate) fn told_text(messages: &[Message]) -> String {
    told_texts(messages).collect::<Vec<_>>().join("\n")
}

/// Whether `words` have letters with a case and every one of them is a capital (`"CASE
/// NUMBER"`, `"NYC"`; not `"2022"`, not `"Paris"`).
fn in_capitals(words: &str) -> bool {
    let mut cased = words
        .chars()
        .filter(|c| c.is_lowercase() || c.is_uppercase());
    let mut any = false;
    cased.all(|c| {
        any = true;
        c.is_uppercase()
    }) && any
}

/// Equal, or as near as two readings of the same written number can be (`5%` read as `0.05`).
pub(crate) fn same_number(x: f64, y: f64) -> bool {
    x == y || (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0)
}

/// Whether `needle` occurs in `hay` as a whole token: no letter or digit right before or after
/// it (the example's `"text"` is not in `context`; `Ros` is not in `Rosa`).
pub(crate) fn has_token(hay: &str, needle: &str) -> bool {
    token_starts(hay, needle).next().is_some()
}

/// Where `needle` occurs in `hay` as a whole token ([`has_token`]): the byte offsets.
pub(crate) fn token_starts<'h>(hay: &'h str, needle: &'h str) -> impl Iterator<Item = usize> + 'h {
    let joins = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    hay.match_indices(needle).filter_map(move |(i, _)| {
        let before = hay[..i].chars().next_back();
        let after = hay[i + needle.len()..].chars().next();
        (!joins(before) && !joins(after)).then_some(i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_a_whole_word_and_a_number_any_way_it_is_written() {
        let told = Told::new("Send this TEXT, please: points (3,4) and 2,500 of them");
        assert!(told.has("text"));
        assert!(!Told::new("the context of it").has("text"));
        assert!(!Told::new("Nonna Rosa").has("Ros"));
        for number in ["3", "4", "2500", "2,500"] {
            assert!(told.has(number), "{number}");
        }
        assert!(told.has_number(3.0) && told.has_number(2500.0));
        assert!(
            !told.has_number(25.0),
            "the 25 of 2,500 is not a number of its own"
        );
    }

    /// A made-up example's placeholder is an argument's name in capitals (`"DOCKET"`,
    /// `"CASE NUMBER"`); a request that uses the same word in lower case ("the case docket
    /// numbered 2022/AL2562") does not give the placeholder as a value. Measured on BFCL's
    /// development questions (docs/EVAL.md), calls holding such a placeholder ran, because the
    /// word was found ignoring case.
    #[test]
    fn words_in_capitals_are_told_only_in_the_same_capitals() {
        let told = Told::new("Who was the victim in the case docket numbered 2022/AL2562 in NYC?");
        assert!(!told.has("DOCKET"));
        assert!(!told.has("CASE DOCKET"));
        assert!(
            told.has("docket") && told.has("Docket"),
            "any other case is found"
        );
        assert!(told.has("NYC") && told.has("nyc"));
        assert!(told.has("2022/AL2562"), "capitals as written");
        assert!(!Told::new("an email to John").has("TO"));
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// A token found is a substring; looking never panics (multi-byte text included).
            #[test]
            fn a_token_found_is_in_the_text(hay in "\\PC{0,80}", needle in "\\PC{1,8}") {
                if has_token(&hay, &needle) {
                    prop_assert!(hay.contains(&needle));
                }
                let _ = Told::new(&hay).has(&needle);
            }
        }
    }
}
