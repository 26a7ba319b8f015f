//! A value written in capitals the user wrote otherwise, set to the user's spelling
//! ([`Recovery::user_spelling`](crate::model::Recovery::user_spelling), a piece of the
//! small-model profile).
//!
//! A made-up example writes its placeholders in capitals (`"city": "CITY"`), and a small model
//! that takes the user's value writes it in the example's case: `"NEW YORK"` for "New York",
//! `"JOHN"` for "John". The value is the user's, so no check refuses it, and the tool gets a
//! spelling nobody wrote (on BFCL's questions, whose checker ignores case, 189 values of the
//! runs logged here). Where a free string is written wholly in capitals, the user's words do
//! not write it so, and they do write it in another case, the call takes the user's spelling
//! before it runs. Short values (an acronym, a code: `NY`, `JFK`) and arguments whose
//! description speaks of capitals, upper case or codes are left as written.

use serde_json::Value;

/// A string argument (or a string inside one) set to the user's spelling.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Respelled {
    /// The argument, or the value's path (`stops[1]`, `trip.city`).
    pub argument: String,
    /// The value as written.
    pub value: String,
    /// The user's spelling it now has.
    pub spelling: String,
}

impl From<Respelled> for crate::event::ArgumentChange {
    fn from(r: Respelled) -> Self {
        crate::event::ArgumentChange::Respelled {
            argument: r.argument,
            value: r.value,
            spelling: r.spelling,
        }
    }
}

/// Values nested deeper than this are not looked into.
const MAX_DEPTH: usize = 8;
/// A value needs at least this many letters to be set right: shorter ones in capitals are
/// acronyms and codes more often than shouted names.
const MIN_LETTERS: usize = 4;

/// Sets every free string of `args` (a call to a tool with parameters `schema`, at any depth)
/// written wholly in capitals, that `told` (what the model was told, as written) does not
/// write so but writes in another case, to the first such spelling of `told`. Returns what was
/// set, in the order found.
pub(crate) fn restore_spelling(args: &mut Value, schema: &Value, told: &str) -> Vec<Respelled> {
    let mut out = Vec::new();
    walk(args, schema, told, &mut String::new(), 0, &mut out);
    out
}

fn walk(
    value: &mut Value,
    root: &Value,
    told: &str,
    path: &mut String,
    depth: usize,
    out: &mut Vec<Respelled>,
) {
    if depth > MAX_DEPTH {
        return;
    }
    let len = path.len();
    match value {
        Value::Object(members) => {
            for (name, v) in members.iter_mut() {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(name);
                walk(v, root, told, path, depth + 1, out);
                path.truncate(len);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter_mut().enumerate() {
                path.push_str(&format!("[{i}]"));
                walk(v, root, told, path, depth + 1, out);
                path.truncate(len);
            }
        }
        Value::String(s) => {
            let free = agents_json::schema::schema_at(root, path)
                .is_some_and(|p| agents_json::schema::is_free_string(p) && !asks_capitals(p));
            if let (true, Some(spelling)) = (free, user_spelling(s, told)) {
                out.push(Respelled {
                    argument: path.clone(),
                    value: std::mem::replace(s, spelling.clone()),
                    spelling,
                });
            }
        }
        _ => {}
    }
}

/// Whether a property's description speaks of capitals, upper case or codes: then a value in
/// capitals may be what it wants.
fn asks_capitals(property: &Value) -> bool {
    let description = property
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_lowercase();
    ["capital", "upper", "code", "acronym", "abbreviat"]
        .iter()
        .any(|w| description.contains(w))
}

/// The spelling `told` writes `value` in, where `value` is wholly in capitals (ASCII, with at
/// least [`MIN_LETTERS`] letters), `told` does not write it so, and does write it, as a whole
/// token ([`super::told::token_starts`]), in another case: the first such.
fn user_spelling(value: &str, told: &str) -> Option<String> {
    let letters = value.bytes().filter(u8::is_ascii_alphabetic).count();
    if !value.is_ascii() || letters < MIN_LETTERS || value.bytes().any(|b| b.is_ascii_lowercase()) {
        return None;
    }
    // ASCII lowercasing keeps every byte where it was: an offset in the lowered text is one in
    // `told`, on a character boundary.
    let lowered = told.to_ascii_lowercase();
    let needle = value.to_ascii_lowercase();
    let spellings: Vec<&str> = super::told::token_starts(&lowered, &needle)
        .map(|at| &told[at..at + value.len()])
        .collect();
    if spellings.contains(&value) {
        return None;
    }
    spellings.first().map(|s| (*s).to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "city": {"type": "string"},
                "stops": {"type": "array", "items": {"type": "string"}},
                "airport": {"type": "string", "description": "The airport code."},
                "unit": {"type": "string", "enum": ["CELSIUS", "celsius"]},
            },
        })
    }

    /// A name in capitals the user wrote otherwise takes the user's spelling, in lists too.
    #[test]
    fn a_name_in_capitals_takes_the_users_spelling() {
        let told = "Weather in New York, then stops at Boston and new haven.";
        let mut args = json!({"city": "NEW YORK", "stops": ["BOSTON", "NEW HAVEN", "Hartford"]});
        let set = restore_spelling(&mut args, &schema(), told);
        assert_eq!(
            args,
            json!({"city": "New York", "stops": ["Boston", "new haven", "Hartford"]})
        );
        assert_eq!(set.len(), 3);
        assert_eq!(set[0].argument, "city");
        assert_eq!(set[1].argument, "stops[0]");
        assert_eq!(set[0].value, "NEW YORK");
    }

    /// What stays as written: capitals the user wrote, short values, values the user never
    /// wrote, values with mixed case, arguments with choices or that ask for codes, a name
    /// inside a longer word.
    #[test]
    fn capitals_the_user_wrote_or_a_code_stay() {
        for (told, args) in [
            ("Ask NASA about Mars", json!({"city": "NASA"})),
            ("fly from ny", json!({"city": "NY"})),
            ("fly from Paris", json!({"city": "LONDON"})),
            ("fly from Paris", json!({"city": "PARis"})),
            ("fly from Heathrow", json!({"airport": "HEATHROW"})),
            ("in celsius please", json!({"unit": "CELSIUS"})),
            ("see Newyorker", json!({"city": "NEWYORK"})),
        ] {
            let mut after = args.clone();
            let set = restore_spelling(&mut after, &schema(), told);
            assert!(set.is_empty(), "{told}: {set:?}");
            assert_eq!(after, args, "{told}");
        }
        // Text that is not ASCII around the name is read safely.
        let mut args = json!({"city": "PARIS"});
        restore_spelling(&mut args, &schema(), "Ça va à Paris");
        assert_eq!(args, json!({"city": "Paris"}));
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any text and value: no panic, and a value set is the same letters as written,
            /// in a case the text writes it.
            #[test]
            fn a_spelling_set_is_the_same_letters_from_the_text(
                told in "\\PC{0,80}",
                value in "[A-Z é]{0,12}",
            ) {
                let mut args = json!({"city": value.clone()});
                let set = restore_spelling(&mut args, &schema(), &told);
                if let Some(r) = set.first() {
                    prop_assert!(r.spelling.eq_ignore_ascii_case(&value));
                    prop_assert!(told.contains(&r.spelling));
                    prop_assert_ne!(&r.spelling, &value);
                }
            }
        }
    }
}
