//! An e-mail argument holding no address, given the address the user wrote
//! ([`Recovery::told_emails`], a piece of the small-model profile).
//!
//! A small model fills an argument that asks for an e-mail address with the words around it:
//! "Dana Whitfield from Brightline Robotics, dana.w@brightline.io" became `{"email": "Dana
//! Whitfield"}`, "share it with ana.costa@example.com and li.wei@example.com" `{"emails":
//! ["LIWEI"]}`, "invite kai.n@example.com and rhea.s@example.com to EVT-4502" `{"emails":
//! ["EVT-4502", "message"]}`. An argument asks for addresses where its name ends in `email` (or `email_address`), its
//! description says "email address" (or "e-mail address", or either's plural) or its schema's
//! `format` is `email`; it is a free string or a list of them. The user's addresses are read
//! from their words in the order written; those another argument holds are not given again.
//!
//! - Where the tool declares one such argument and it holds a value that is no address (or a
//!   list holding one), a string
//!   takes the one address of the user's no other argument holds, or, of several, the one
//!   whose local part spells the name it held (`dana.w` for "Dana Whitfield", `li.wei` for
//!   "LIWEI"); a list takes every address of the user's no other argument holds, in the order
//!   written.
//! - Where the tool declares several (`to` and `cc`, even one the call leaves out), each value
//!   that is no address takes the one address whose local part spells it, and nothing else is
//!   guessed.
//!
//! An address the user did not write (misspelled, made up: `LENA.FICHER@…` for
//! `lena.fischer@…`) counts as no address, spelled by its local part. A user who wrote no
//! address, a value that is one of theirs already (any case), or a choice the names do not
//! settle: left as it is.
//!
//! [`Recovery::told_emails`]: crate::model::Recovery::told_emails

use serde_json::{Map, Value};

/// An e-mail argument set to addresses the user wrote.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct EmailsTold {
    /// The argument.
    pub argument: String,
    /// What it held, as JSON.
    pub value: String,
    /// What it holds now, as JSON.
    pub now: String,
}

impl From<EmailsTold> for crate::event::ArgumentChange {
    fn from(e: EmailsTold) -> Self {
        crate::event::ArgumentChange::EmailsTold {
            argument: e.argument,
            value: e.value,
            now: e.now,
        }
    }
}

/// Sets every top-level argument of `args` (a call to a tool with parameters `schema`) that
/// asks for e-mail addresses and holds a value that is none, to the addresses the user wrote
/// (in `told`), as the module says. Returns what was set, in argument order.
pub(crate) fn set_told_emails(args: &mut Value, schema: &Value, told: &str) -> Vec<EmailsTold> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let told = addresses(told);
    if told.is_empty() {
        return Vec::new();
    }
    let theirs = |text: &str| told.iter().any(|a| a.eq_ignore_ascii_case(text.trim()));
    let lacking: Vec<String> = members
        .iter()
        .filter(|(name, value)| asks_emails(schema, name) && holds_others(value, &theirs))
        .map(|(name, _)| name.clone())
        .collect();
    if lacking.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    // One argument for addresses in the whole tool may take them all; where the tool has
    // others (`to` and `cc`), even left out of the call, each takes only those it spells.
    let declared = schema
        .get("properties")
        .and_then(Value::as_object)
        .map_or(0, |p| p.keys().filter(|k| asks_emails(schema, k)).count());
    let alone = lacking.len() == 1 && declared == 1;
    for name in &lacking {
        let free: Vec<&String> = told
            .iter()
            .filter(|a| !held_elsewhere(members, name, a))
            .collect();
        let Some(value) = members.get(name).cloned() else {
            continue;
        };
        let now = match &value {
            Value::String(_) if alone && free.len() == 1 => Value::String(free[0].clone()),
            Value::String(text) => match spelled_by(text, &free) {
                Some(address) => Value::String(address.clone()),
                None => continue,
            },
            Value::Array(_) if alone && !free.is_empty() => {
                Value::Array(free.iter().map(|a| Value::String((*a).clone())).collect())
            }
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|item| match item.as_str() {
                        Some(text) if !theirs(text) => spelled_by(text, &free)
                            .map_or_else(|| item.clone(), |a| Value::String(a.clone())),
                        _ => item.clone(),
                    })
                    .collect(),
            ),
            _ => continue,
        };
        if now == value {
            continue;
        }
        out.push(EmailsTold {
            argument: name.clone(),
            value: value.to_string(),
            now: now.to_string(),
        });
        members.insert(name.clone(), now);
    }
    out
}

/// Whether the argument `name` (of a tool with parameters `schema`) asks for e-mail
/// addresses: a free string or a list of strings whose name ends in `email`, `emails` or
/// `email_address`, whose description
/// says "email address", or whose format is `email`.
fn asks_emails(schema: &Value, name: &str) -> bool {
    let Some(property) = super::narrowed::argument_schema(schema, name) else {
        return false;
    };
    let item = match property.get("type").and_then(Value::as_str) {
        Some("array") => property
            .get("items")
            .map(|i| agents_json::schema::concrete(schema, i)),
        _ => Some(property),
    };
    let Some(item) = item.filter(|i| i.get("type").and_then(Value::as_str) == Some("string"))
    else {
        return false;
    };
    if item.get("enum").is_some() || item.get("pattern").is_some() {
        return false;
    }
    let format = item.get("format").and_then(Value::as_str);
    // `email`, `to_emails`, `email_address`; not `email_subject`, which takes a text.
    let words = crate::text::words(name);
    let named = match words.as_slice() {
        [.., last] if last == "email" || last == "emails" => true,
        [.., mail, last] => mail == "email" && (last == "address" || last == "addresses"),
        _ => false,
    };
    let description = property
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_lowercase()
        .replace("e-mail", "email");
    named || format == Some("email") || description.contains("email address")
}

/// Whether `value` is a string that is no address of the user's (`theirs`), or a list holding
/// one.
fn holds_others(value: &Value, theirs: &impl Fn(&str) -> bool) -> bool {
    match value {
        Value::String(text) => !text.trim().is_empty() && !theirs(text),
        Value::Array(items) => items.iter().any(|i| i.as_str().is_some_and(|t| !theirs(t))),
        _ => false,
    }
}

/// Whether another argument than `name` holds `address` (as its value or an item of it).
fn held_elsewhere(members: &Map<String, Value>, name: &str, address: &str) -> bool {
    let same = |v: &Value| {
        v.as_str()
            .is_some_and(|t| t.trim().eq_ignore_ascii_case(address))
    };
    members
        .iter()
        .filter(|(other, _)| *other != name)
        .any(|(_, v)| match v {
            Value::Array(items) => items.iter().any(same),
            v => same(v),
        })
}

/// The e-mail addresses `text` writes, each once, in the order written: a local part of
/// letters, digits and `._%+-`, an `@`, and a domain with a dot, a sentence's full stop aside.
pub(super) fn addresses(text: &str) -> Vec<String> {
    let local = |c: char| c.is_alphanumeric() || "._%+-".contains(c);
    let domain = |c: char| c.is_alphanumeric() || ".-".contains(c);
    let mut out: Vec<String> = Vec::new();
    for (at, _) in text.match_indices('@') {
        let before = &text[..at];
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| local(*c))
            .last()
            .map_or(at, |(i, _)| i);
        let after = &text[at + 1..];
        let end = after
            .char_indices()
            .take_while(|(_, c)| domain(*c))
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
        let name = before[start..].trim_start_matches('.');
        let host = after[..end].trim_end_matches(['.', '-']);
        let dotted = host
            .rsplit_once('.')
            .is_some_and(|(head, tld)| !head.is_empty() && tld.len() >= 2);
        if name.is_empty() || !dotted {
            continue;
        }
        let address = format!("{name}@{host}");
        if !out.iter().any(|a| a.eq_ignore_ascii_case(&address)) {
            out.push(address);
        }
    }
    out
}

/// The one address of `free` whose local part spells `name`: its letters are the name's
/// letters (`li.wei` for "LIWEI"), or its pieces open the name's words one by one (`dana.w`
/// for "Dana Whitfield").
fn spelled_by<'a>(name: &str, free: &[&'a String]) -> Option<&'a String> {
    // An address nobody wrote is spelled by its local part (`LENA.FICHER@…`).
    let name = name.split('@').next().unwrap_or_default();
    let words: Vec<String> = crate::text::words(name)
        .into_iter()
        .filter(|w| w.chars().all(char::is_alphabetic))
        .collect();
    if words.is_empty() {
        return None;
    }
    let letters: String = words.concat();
    let spells = |address: &&&'a String| {
        let local = address.split('@').next().unwrap_or_default().to_lowercase();
        let pieces: Vec<&str> = local
            .split(|c: char| !c.is_alphabetic())
            .filter(|p| !p.is_empty())
            .collect();
        pieces.concat() == letters
            || (pieces.len() == words.len()
                && pieces.iter().zip(&words).all(|(p, w)| w.starts_with(p)))
    };
    let mut spelled = free.iter().filter(spells);
    match (spelled.next(), spelled.next()) {
        (Some(one), None) => Some(*one),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "email": {"type": "string", "description": "Contact email."},
            "to": {"type": "array", "items": {"type": "string"}, "description": "Recipient e-mail addresses."},
            "cc": {"type": "array", "items": {"type": "string"}, "description": "Email addresses to copy."},
            "contact_name": {"type": "string", "description": "Full name."},
            "body": {"type": "string", "description": "Body text of the email."},
            "email_subject": {"type": "string", "description": "Subject line."}
        }})
    }

    fn set(args: Value, told: &str) -> (Value, Vec<EmailsTold>) {
        let mut args = args;
        let out = set_told_emails(&mut args, &schema(), told);
        (args, out)
    }

    /// As [`set`], for a tool that declares only the arguments of `args`.
    fn set_only(args: Value, told: &str) -> (Value, Vec<EmailsTold>) {
        let mut all = schema();
        if let Some(properties) = all["properties"].as_object_mut() {
            properties.retain(|k, _| args.get(k).is_some());
        }
        let mut args = args;
        let out = set_told_emails(&mut args, &all, told);
        (args, out)
    }

    #[test]
    fn a_name_where_an_address_is_asked_takes_the_users_address() {
        let told = "met Ola Berg of Fjord AS at the fair, ola.b@fjord.no, add her as a lead";
        let (args, out) = set_only(
            json!({"email": "Ola Berg", "contact_name": "Ola Berg"}),
            told,
        );
        assert_eq!(args["email"], "ola.b@fjord.no");
        assert_eq!(args["contact_name"], "Ola Berg");
        assert_eq!(out[0].value, "\"Ola Berg\"");
        // An address the user did not write (misspelled, made up) is no address of theirs.
        let (args, _) = set_only(json!({"email": "OLA.BERK@fjord.no"}), told);
        assert_eq!(args["email"], "ola.b@fjord.no");
        // Of two addresses, the one whose local part spells the name.
        let told = "add Ivo Kranjc (ivo.k@lab.hr), cc his boss at m.horvat@lab.hr";
        let (args, _) = set(json!({"email": "IVO KRANJC"}), told);
        assert_eq!(args["email"], "ivo.k@lab.hr");
    }

    #[test]
    fn a_list_holding_other_words_takes_the_users_addresses() {
        let told = "send the deck to pia.s@x.org and tom@y.co.uk, with the note 'see p. 4'.";
        let (args, out) = set_only(json!({"to": ["DECK", "note"]}), told);
        assert_eq!(args["to"], json!(["pia.s@x.org", "tom@y.co.uk"]));
        assert_eq!(out.len(), 1);
        let (args, _) = set(json!({"to": ["TOM"], "cc": ["pia.s@x.org"]}), told);
        assert_eq!(args["to"], json!(["tom@y.co.uk"]));
        // A `cc` the call leaves out may be for the address the list does not spell.
        let told = "mail pia.s@x.org, copying tom@y.co.uk";
        let (args, _) = set(json!({"to": ["pia.s"]}), told);
        assert_eq!(args["to"], json!(["pia.s@x.org"]));
        // Two lists without addresses: each name takes the address that spells it.
        let (args, _) = set(json!({"to": ["pias"], "cc": ["Tom"]}), told);
        assert_eq!(args, json!({"to": ["pia.s@x.org"], "cc": ["tom@y.co.uk"]}));
    }

    #[test]
    fn nothing_is_guessed() {
        for (args, told) in [
            // No address written; an address held already; a text that asks for none.
            (json!({"email": "Ola Berg"}), "add Ola Berg as a lead"),
            (
                json!({"email": "OLA.B@fjord.no"}),
                "write to ola.b@fjord.no",
            ),
            (json!({"body": "hello"}), "write hello to ola.b@fjord.no"),
            (
                json!({"email_subject": "hello"}),
                "write hello to ola.b@fjord.no",
            ),
            // Two addresses and a name that spells neither.
            (
                json!({"email": "the lead"}),
                "ola.b@fjord.no or ivo.k@lab.hr",
            ),
            // Another argument for addresses, and no name that spells the one left.
            (json!({"to": ["DECK"]}), "send the deck to pia.s@x.org"),
            // The one address held by another argument already.
            (
                json!({"email": "Ola", "cc": ["ola.b@fjord.no"]}),
                "ola.b@fjord.no",
            ),
        ] {
            let (after, out) = set(args.clone(), told);
            assert!(out.is_empty(), "{args} / {told}: {out:?}");
            assert_eq!(after, args);
        }
    }

    #[test]
    fn addresses_are_read_as_written() {
        assert_eq!(
            addresses("mail a.b+x@mail.example.com. Or c_d@e.io, or a.b+x@mail.example.com"),
            ["a.b+x@mail.example.com", "c_d@e.io"]
        );
        assert!(addresses("at @home, me@localhost, @@").is_empty());
        assert_eq!(addresses(" ola.b@fjord.no "), ["ola.b@fjord.no"]);
        assert!(addresses("ola at fjord.no").is_empty());
    }

    proptest::proptest! {
        #[test]
        fn no_text_panics(told in "\\PC{0,40}", held in "\\PC{0,8}") {
            let mut args = json!({"email": held.clone(), "to": [held]});
            set_told_emails(&mut args, &schema(), &told);
        }
    }
}
