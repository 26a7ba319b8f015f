//! A piece of a text the user quoted, read as the whole quote
//! ([`Recovery::whole_quotes`], a piece of the small-model profile).
//!
//! People quote what a tool should take word for word: the message of a text, the body of an
//! email, a phrase to translate (`text +1415…: "Running 10 minutes late, start without me."`).
//! Asked which value the user's words give for `message`, a small model answers a few words of
//! the quote (`"running"`, `"10:30 this Friday"`), and the call sends them. Where a free string
//! argument holds a piece of exactly one quoted text, a piece the user wrote nowhere outside
//! quotes, and no other argument of the call holds that quote, it takes the whole quote. A value
//! the user also wrote outside the quote (a name, a place) is theirs as it is, and so is a piece
//! of a quote another argument already holds (`"closed"` as the language of a call that
//! translates "Please keep the door closed").

use serde_json::Value;

use super::quotes::quoted_ranges;

/// A quoted text longer than this many characters is not read as one.
const MAX_QUOTED_CHARS: usize = 400;

/// An argument set to the whole of the text the user quoted.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Quoted {
    /// The argument.
    pub argument: String,
    /// The value it held.
    pub value: String,
    /// The quote it now holds.
    pub quote: String,
}

impl From<Quoted> for crate::event::ArgumentChange {
    fn from(q: Quoted) -> Self {
        crate::event::ArgumentChange::QuoteWidened {
            argument: q.argument,
            value: q.value,
            quote: q.quote,
        }
    }
}

/// Sets every top-level free string argument of `args` (a call to a tool with parameters
/// `schema`) that holds a piece of exactly one text `told` (what the model was told) quotes to
/// that whole quote, as the module says. Returns what was set, in argument order.
pub(crate) fn widen_quotes(args: &mut Value, schema: &Value, told: &str) -> Vec<Quoted> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let ranges = quoted_ranges(told, MAX_QUOTED_CHARS);
    if ranges.is_empty() {
        return Vec::new();
    }
    let quotes: Vec<&str> = ranges.iter().map(|r| told[r.clone()].trim()).collect();
    // The user's words outside every quote (each quote with its marks blanked), lowercased.
    let mut outside = told.to_owned();
    for r in ranges.iter().rev() {
        // The quote marks around the range, one character each (`"`, or `“` of three bytes).
        let start = told[..r.start]
            .char_indices()
            .next_back()
            .map_or(0, |(i, _)| i);
        let end = told[r.end..]
            .chars()
            .next()
            .map_or(told.len(), |c| r.end + c.len_utf8());
        outside.replace_range(start..end, " ");
    }
    let outside = outside.to_lowercase();
    // A value or a quote but for the marks at its ends: the whole quote "'Avatar.'" is no
    // piece of it.
    let bare = |q: &str| {
        q.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let names: Vec<String> = members.keys().cloned().collect();
    let mut out = Vec::new();
    for name in names {
        let Some(property) = schema.get("properties").and_then(|p| p.get(&name)) else {
            continue;
        };
        if !super::whole_codes::takes_text(schema, property) {
            continue;
        }
        let Some(value) = members.get(&name).and_then(Value::as_str) else {
            continue;
        };
        let piece = bare(value);
        if piece.chars().filter(|c| c.is_alphanumeric()).count() < 2
            || super::told::has_token(&outside, &piece)
        {
            continue;
        }
        let mut holding = quotes
            .iter()
            .filter(|q| q.to_lowercase().contains(&piece) && bare(q) != piece);
        let (Some(quote), None) = (holding.next(), holding.next()) else {
            continue;
        };
        let held_elsewhere = members
            .iter()
            .any(|(other, v)| *other != name && v.as_str().is_some_and(|s| bare(s) == bare(quote)));
        if held_elsewhere {
            continue;
        }
        out.push(Quoted {
            argument: name.clone(),
            value: value.to_owned(),
            quote: (*quote).to_owned(),
        });
        members.insert(name, Value::String((*quote).to_owned()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "to": {"type": "string"},
            "message": {"type": "string", "description": "The text to send."},
            "language": {"type": "string"},
            "kind": {"type": "string", "enum": ["sms", "email"]},
            "day": {"type": "string", "description": "YYYY-MM-DD."}
        }})
    }

    fn widen(args: Value, told: &str) -> (Value, Vec<Quoted>) {
        let mut args = args;
        let set = widen_quotes(&mut args, &schema(), told);
        (args, set)
    }

    #[test]
    fn a_piece_of_the_one_quote_reads_as_the_quote() {
        let told = "text +14155550132: \"Running 10 minutes late, start without me.\"";
        let (args, set) = widen(json!({"to": "+14155550132", "message": "running"}), told);
        assert_eq!(
            args["message"],
            "Running 10 minutes late, start without me."
        );
        assert_eq!(set.len(), 1);
        assert_eq!(set[0].value, "running");
    }

    #[test]
    fn a_piece_of_a_quote_in_curly_marks_reads_as_the_quote() {
        let told = "email the team: “Standup is moved to 10:30 this Friday.”";
        let (args, _) = widen(json!({"message": "10:30 this Friday"}), told);
        assert_eq!(args["message"], "Standup is moved to 10:30 this Friday.");
    }

    #[test]
    fn a_piece_the_user_wrote_outside_the_quote_stays() {
        let told = "message Priya: 'Hi Priya, the invoice is attached.'";
        let (args, set) = widen(
            json!({"to": "Priya", "message": "Hi Priya, the invoice is attached."}),
            told,
        );
        assert!(set.is_empty());
        assert_eq!(args["to"], "Priya");
        // And where the quote is nobody's yet, the same.
        let (_, set) = widen(json!({"to": "Priya"}), told);
        assert!(set.is_empty());
    }

    #[test]
    fn a_piece_of_a_quote_another_argument_holds_stays() {
        let told = "Translate \"Please keep the door closed\" into Japanese.";
        let args = json!({"message": "Please keep the door closed", "language": "closed"});
        let (after, set) = widen(args.clone(), told);
        assert!(set.is_empty());
        assert_eq!(after, args);
    }

    #[test]
    fn nothing_is_guessed() {
        for (args, told) in [
            // A piece of two quotes.
            (
                json!({"message": "late"}),
                "say \"late again\" or \"very late\"",
            ),
            // Not a piece of any quote, or the whole of one.
            (json!({"message": "on time"}), "say \"late again\""),
            (json!({"message": "late again"}), "say \"late again\""),
            (json!({"message": "Avatar"}), "who directed 'Avatar.'"),
            // Too short to say which words it is.
            (json!({"message": "a"}), "say \"a late train\""),
            // Not a free string, or a date.
            (json!({"kind": "sms"}), "send \"sms me\" by sms"),
            (json!({"day": "2027"}), "note \"due 9 Feb 2027\""),
            // No quote at all.
            (json!({"message": "running"}), "running late"),
        ] {
            let (after, set) = widen(args.clone(), told);
            assert!(set.is_empty(), "{args} / {told}: {set:?}");
            assert_eq!(after, args);
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn no_text_panics_and_a_widened_value_is_a_quote_holding_it(
                value in "\\PC{0,12}", told in "\\PC{0,80}"
            ) {
                let mut args = json!({"message": value.clone()});
                for q in widen_quotes(&mut args, &schema(), &told) {
                    prop_assert!(told.contains(&q.quote));
                    prop_assert!(q.quote.to_lowercase().contains(&value.trim().to_lowercase()));
                }
            }
        }
    }
}
