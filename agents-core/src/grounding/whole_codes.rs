//! A piece of a code the user wrote, read as the whole code
//! ([`Recovery::whole_codes`], a piece of the small-model profile).
//!
//! References, postcodes, grid references and call numbers are written with a prefix, a
//! separator or a second group: `HX-448812`, `MSS 2291`, `LS6 2QT`, `NY 2345 0876`. A small
//! model copies the part that looks like a value and drops the rest (`"448812"`, `"2291"`,
//! `"LS6"`), and the call runs with a reference nobody gave. Where a free string argument, or an
//! item of a list of free strings (`["118"]` for "tracks TRK-118"), holds a piece of exactly one
//! such code, cut at the code's own separators, it takes the whole code.
//!
//! A code, as read here, is a run of the user's words that holds a digit and a letter, each word
//! either holding a digit (`HX-448812`, `2QT`, `1547/3/12`) or written in capitals (`MSS`,
//! `D/EX`), a word in capitals only before the digits or after a word of letters and digits
//! (`KM19 XTP`); a comma or a full stop ends it, and so does a word in lower case. A date, a
//! quantity or an ordinal (`10am`, `28g`, `3rd`) is no part of a code, and a first word that is
//! the argument's own name is a label (`SKU KX-55012-BL` for `sku` reads `KX-55012-BL`; `ZIP
//! 73301` for `zip_code` is a name and a value, no code). Nothing is guessed: a value with no digit, a value the user also wrote outside the
//! code, a piece of two codes, a piece of a code another argument holds or holds a piece of
//! (`"D2"` and `"D48"` of `D2:D48`, a range's two ends), or another item of the list holds, is
//! left as it is.
//!
//! [`Recovery::whole_codes`]: crate::model::Recovery::whole_codes

use serde_json::Value;

/// The characters a code's parts are joined by; a piece starts and ends at one of them.
const SEPARATORS: &[char] = &[' ', '-', '/', '.', '_', ':', '#'];

/// A code longer than this many words is not read as one.
const MAX_CODE_WORDS: usize = 4;

/// An argument set to the whole of a code the user wrote.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Widened {
    /// The argument.
    pub argument: String,
    /// The value it held.
    pub value: String,
    /// The code it now holds.
    pub code: String,
}

impl From<Widened> for crate::event::ArgumentChange {
    fn from(w: Widened) -> Self {
        crate::event::ArgumentChange::CodeWidened {
            argument: w.argument,
            value: w.value,
            code: w.code,
        }
    }
}

/// A word of the user's as a code reads it: `word` without the marks around it, and whether
/// the mark after it ends a run (a comma, a full stop, a colon at its end).
struct Word<'t> {
    text: &'t str,
    ends_run: bool,
}

fn words(told: &str) -> Vec<Word<'_>> {
    told.split_whitespace()
        .map(|raw| {
            let ends_run = raw.ends_with([',', ';', '.', '!', '?', ':', ')', ']']);
            let text = raw
                .trim_start_matches(|c: char| !c.is_alphanumeric())
                .trim_end_matches(|c: char| !c.is_alphanumeric());
            let text = text
                .strip_suffix("'s")
                .or_else(|| text.strip_suffix("’s"))
                .unwrap_or(text);
            Word { text, ends_run }
        })
        .collect()
}

fn has_digit(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit())
}

/// A word of a code that holds digits: letters and digits with separators between, not a
/// quantity or an ordinal (digits then lower-case letters: `10am`, `3rd`, `28g`, `410-watt`).
fn with_digits(word: &str) -> bool {
    let quantity = {
        let letters = word
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
            .trim_start_matches('-');
        !letters.is_empty()
            && letters.len() < word.len()
            && letters.chars().all(|c| c.is_lowercase())
    };
    has_digit(word)
        && !quantity
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || SEPARATORS.contains(&c))
}

fn in_capitals(word: &str) -> bool {
    word.chars().filter(|c| c.is_uppercase()).count() >= 2
        && word
            .chars()
            .all(|c| c.is_uppercase() || (c != ' ' && SEPARATORS.contains(&c)))
}

/// The codes `told` writes, as the module reads them, each once.
pub(super) fn codes(told: &str) -> Vec<String> {
    let words = words(told);
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let mut run: Vec<&str> = Vec::new();
        let mut j = i;
        while j < words.len() && run.len() < MAX_CODE_WORDS {
            let w = &words[j];
            let fits = if with_digits(w.text) {
                true
            } else if in_capitals(w.text) && !(run.is_empty() && w.text == "ID") {
                // `ID` names what follows it (`customer ID 123`): a label, no part of a code.
                // Capitals before the digits (`MSS 2291`), or after a word of letters and
                // digits (`KM19 XTP`), not after plain digits (`5521 ASAP`).
                match run.last() {
                    None => true,
                    Some(prev) => !has_digit(prev) || prev.chars().any(char::is_alphabetic),
                }
            } else {
                false
            };
            if !fits || w.text.is_empty() {
                break;
            }
            run.push(w.text);
            j += 1;
            if w.ends_run {
                break;
            }
        }
        // Capitals at the end of a run that did not go on to digits belong to no code.
        while run.last().is_some_and(|w| !has_digit(w)) && !run.iter().any(|w| has_digit(w)) {
            run.pop();
        }
        let code = run.join(" ");
        if is_code(&code) && !out.contains(&code) {
            out.push(code);
        }
        i = j.max(i + 1);
    }
    out
}

/// Whether a run of words is a code: a digit and a letter in it, and no date.
fn is_code(run: &str) -> bool {
    has_digit(run)
        && run.chars().any(char::is_alphabetic)
        && agents_json::calendar_date(run).is_none()
}

/// Whether `piece` is a part of `code`, cut at the code's separators, and not the whole of it
/// (case aside).
pub(super) fn is_piece_of(piece: &str, code: &str) -> bool {
    let (piece, code) = (piece.to_lowercase(), code.to_lowercase());
    if piece.is_empty() || piece == code {
        return false;
    }
    code.match_indices(&piece).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + piece.len()..].chars().next();
        before.is_none_or(|c| SEPARATORS.contains(&c))
            && after.is_none_or(|c| SEPARATORS.contains(&c))
    })
}

/// A value the module may widen: a top-level free string, or an item of a top-level list of
/// free strings (`track_ids[0]`).
pub(super) struct Slot {
    /// The argument it is in.
    name: String,
    /// Its place in the argument's list, for an item.
    item: Option<usize>,
    /// Its text, trimmed.
    pub(super) value: String,
}

impl Slot {
    /// Where it is, as a change reports it: `sku`, `track_ids[0]`.
    fn path(&self) -> String {
        match self.item {
            Some(i) => format!("{}[{i}]", self.name),
            None => self.name.clone(),
        }
    }
}

/// Whether `property` (of a tool with parameters `schema`) takes a whole code or quote: a free
/// string whose description asks for no date (a date's pieces are `whole_dates`'s).
pub(super) fn takes_text(schema: &Value, property: &Value) -> bool {
    let property = agents_json::schema::concrete(schema, property);
    let dated = property
        .get("description")
        .and_then(Value::as_str)
        .and_then(agents_json::described_date_form)
        .is_some();
    agents_json::schema::is_free_string(property) && !dated
}

/// The call's values a code may be read into (top-level free strings and the items of lists
/// of them), and every text and number of its top level and its lists' items (what another
/// value holding the code is looked for in).
pub(super) fn slots(
    members: &serde_json::Map<String, Value>,
    schema: &Value,
) -> (Vec<Slot>, Vec<Slot>) {
    let (mut open, mut all) = (Vec::new(), Vec::new());
    let text = |v: &Value| match v {
        Value::String(s) => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    for (name, value) in members {
        let property = schema.get("properties").and_then(|p| p.get(name));
        let items: Vec<(Option<usize>, &Value)> = match value {
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (Some(i), v))
                .collect(),
            v => vec![(None, v)],
        };
        for (item, v) in items {
            let Some(value) = text(v) else { continue };
            let slot = || Slot {
                name: name.clone(),
                item,
                value: value.clone(),
            };
            let takes = property.is_some_and(|p| match item {
                None => takes_text(schema, p),
                Some(_) => agents_json::schema::concrete(schema, p)
                    .get("items")
                    .is_some_and(|items| takes_text(schema, items)),
            });
            if takes && v.is_string() && has_digit(&value) {
                open.push(slot());
            }
            all.push(slot());
        }
    }
    (open, all)
}

/// Sets every top-level free string argument of `args` (a call to a tool with parameters
/// `schema`), and every item of a top-level list of free strings, that holds a piece of exactly
/// one code `told` (what the model was told) writes to that whole code, as the module says.
/// Returns what was set, in argument order.
pub(crate) fn widen_codes(args: &mut Value, schema: &Value, told: &str) -> Vec<Widened> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let codes = codes(told);
    if codes.is_empty() {
        return Vec::new();
    }
    let told_lower = told.to_lowercase();
    let (open, all) = slots(members, schema);
    let mut out = Vec::new();
    for slot in &open {
        let (name, value) = (&slot.name, &slot.value);
        // A code that starts with the argument's own name is that name and the code after it
        // (`SKU KX-55012-BL` for `sku`), or a name and a value (`ZIP 73301` for `zip_code`:
        // no letter left, no code).
        let unlabelled = |code: &str| -> Option<String> {
            let labelled = code.split_once(' ').filter(|(first, _)| {
                name.split(['_', '-'])
                    .any(|part| part.eq_ignore_ascii_case(first))
            });
            match labelled {
                Some((_, rest)) => is_code(rest).then(|| rest.to_owned()),
                None => Some(code.to_owned()),
            }
        };
        let mut holding = codes
            .iter()
            .filter_map(|c| unlabelled(c))
            .filter(|c| is_piece_of(value, c));
        let (Some(code), None) = (holding.next(), holding.next()) else {
            continue;
        };
        let code = &code;
        // The value written somewhere outside the code is the user's as it is.
        let outside = told_lower.replace(&code.to_lowercase(), " ");
        if super::told::has_token(&outside, &value.to_lowercase()) {
            continue;
        }
        let others_hold = all.iter().any(|other| {
            (other.name != slot.name || other.item != slot.item)
                && (other.value.eq_ignore_ascii_case(code) || is_piece_of(&other.value, code))
        });
        if others_hold {
            continue;
        }
        out.push(Widened {
            argument: slot.path(),
            value: value.clone(),
            code: code.clone(),
        });
        let place = match slot.item {
            Some(i) => members.get_mut(name).and_then(|list| list.get_mut(i)),
            None => members.get_mut(name),
        };
        if let Some(place) = place {
            *place = Value::String(code.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "reference": {"type": "string"},
            "other": {"type": "string"},
            "count": {"type": "integer"},
            "kind": {"type": "string", "enum": ["448812"]},
            "day": {"type": "string", "description": "Date in YYYY-MM-DD format."},
            "track_ids": {"type": "array", "items": {"type": "string"}},
            "counts": {"type": "array", "items": {"type": "integer"}}
        }})
    }

    fn widen(args: Value, told: &str) -> (Value, Vec<Widened>) {
        let mut args = args;
        let set = widen_codes(&mut args, &schema(), told);
        (args, set)
    }

    #[test]
    fn an_item_of_a_list_reads_as_the_whole_code_too() {
        let told = "add tracks TRK-118 and TRK-2044 to playlist PL-0091";
        let (args, set) = widen(json!({"track_ids": ["118", "TRK-2044"]}), told);
        assert_eq!(args["track_ids"], json!(["TRK-118", "TRK-2044"]));
        assert_eq!(set[0].argument, "track_ids[0]");
        // The piece another item (or argument) holds the code of stays.
        let (args, set) = widen(json!({"track_ids": ["118", "TRK-118"], "other": "x"}), told);
        assert_eq!(args["track_ids"], json!(["118", "TRK-118"]));
        assert!(set.is_empty());
        let (args, set) = widen(json!({"counts": [118]}), told);
        assert_eq!(args["counts"], json!([118]));
        assert!(set.is_empty());
    }

    #[test]
    fn a_piece_of_one_code_reads_as_the_whole_code() {
        for (value, told, code) in [
            (
                "448812",
                "file a claim on policy HX-448812 - water damage",
                "HX-448812",
            ),
            (
                "2291",
                "box 14 of collection MSS 2291 pulled, please",
                "MSS 2291",
            ),
            (
                "LS6",
                "drop off batteries near LS6 2QT? within 3 km",
                "LS6 2QT",
            ),
            (
                "2345 0876",
                "from the control at NY 2345 0876 to the one at NY 2410 0932",
                "NY 2345 0876",
            ),
            (
                "EX 1547/3/12",
                "Order copies of item D/EX 1547/3/12 at 600 dpi.",
                "D/EX 1547/3/12",
            ),
            (
                "KM19",
                "pay for parking, reg KM19 XTP, two hours",
                "KM19 XTP",
            ),
            (
                "1123",
                "How much quota does vessel PZ-1123 have left?",
                "PZ-1123",
            ),
        ] {
            let (args, set) = widen(json!({"reference": value}), told);
            assert_eq!(args["reference"], code, "{told}");
            assert_eq!(set.len(), 1);
            assert_eq!(set[0].value, value);
        }
    }

    #[test]
    fn a_label_that_names_the_argument_is_no_part_of_the_code() {
        let schema = json!({"type": "object", "properties": {"sku": {"type": "string"}}});
        let mut args = json!({"sku": "55012-BL"});
        let set = widen_codes(
            &mut args,
            &schema,
            "Does store 9 have SKU KX-55012-BL in stock?",
        );
        assert_eq!(args["sku"], "KX-55012-BL", "{set:?}");
    }

    #[test]
    fn the_two_ends_of_one_code_stay_where_two_arguments_hold_them() {
        let told = "average of D2:D48 on the Catch Log sheet";
        let args = json!({"reference": "D2", "other": "D48"});
        let (after, set) = widen(args.clone(), told);
        assert!(set.is_empty(), "{set:?}");
        assert_eq!(after, args);
    }

    #[test]
    fn nothing_is_guessed() {
        for (args, told) in [
            // The whole code, or a value with no digit.
            (json!({"reference": "HX-448812"}), "policy HX-448812"),
            (json!({"reference": "HX"}), "policy HX-448812"),
            // Not cut at a separator: `12` of `12B`.
            (json!({"reference": "12"}), "room 12B please"),
            // Written outside the code too.
            (
                json!({"reference": "7"}),
                "log hive 7's inspection, HX-7 frame",
            ),
            // A piece of two codes.
            (json!({"reference": "2291"}), "MSS 2291 or MSX 2291"),
            // Capitals after plain digits are no part of a code; digits alone are none.
            (json!({"reference": "5521"}), "member 5521 ASAP"),
            (json!({"reference": "3"}), "folders 3, 4 and 7"),
            // A date, a time or an ordinal day is not a code, nor a part of one.
            (json!({"reference": "2026"}), "on 25DEC2026 please"),
            (json!({"reference": "2027-02-08"}), "at 2027-02-08 10am"),
            (json!({"reference": "2027"}), "on March 14th 2027"),
            // A code that starts with the argument's own name: its name and a value.
            (
                json!({"reference": "73301"}),
                "the forecast for REFERENCE 73301",
            ),
            (json!({"reference": "123"}), "the customer with ID 123"),
            (json!({"reference": "410"}), "eight 410-watt panels"),
            // Not a free string: a choice, a number, a date.
            (json!({"kind": "448812"}), "policy HX-448812"),
            (json!({"count": 448812}), "policy HX-448812"),
            (json!({"day": "2027"}), "ref AB-2027"),
            // Another argument holds the code.
            (
                json!({"reference": "448812", "other": "HX-448812"}),
                "policy HX-448812",
            ),
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
            /// No text panics, and a widened value is a piece of a code written in the text.
            #[test]
            fn no_text_panics_and_a_widened_value_is_a_piece_of_a_code_the_user_wrote(
                value in "[A-Z0-9 /-]{0,10}", told in "\\PC{0,80}"
            ) {
                let mut args = json!({"reference": value.clone()});
                for w in widen_codes(&mut args, &schema(), &told) {
                    prop_assert!(told.contains(w.code.split(' ').next().unwrap()));
                    prop_assert!(is_piece_of(&value.trim().to_lowercase(), &w.code));
                }
            }
        }
    }
}
