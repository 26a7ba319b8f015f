//! A call the token cap cut off inside a list that repeats itself
//! ([`Recovery::cut_repeats`], a piece of the small-model profile).
//!
//! A small model that starts a list often cannot stop: it writes the same items again and
//! again (`["SqFt", "Bedrooms", "Bathrooms", "Location", "SqFt", "Bedrooms", …]`) until the
//! token cap cuts the call off. Repaired as written, the call holds the loop and a cut-off last
//! item (`"Bed`), the schema refuses it, and the model writes the same loop on the next turn:
//! on BFCL's development questions (docs/EVAL.md) three of the four prevention runs that ended
//! without an executed call ended so. When the model stopped at the token cap, every list of
//! the last call whose items, to its end, repeat one run of items [`MIN_REPEATS`] times or more
//! keeps the items before the repetition and one run; a last item that breaks the repetition
//! is taken for the one the cap cut short. The call then runs through the usual repair and
//! validation, and an [`Event::Repaired`] (`step: "cut_repeats"`) says what was cut.
//!
//! The item the cap cut off inside a list goes too, whether the list loops or not: a string
//! never closed or a number still being written (`["Microsoft", "Google", "2023",
//! "1000000000…`, BFCL's `simple_python_147`) is no value the model finished. Repaired as
//! written, it stood in the call as an item, the call was shown to the model so, and the model
//! copied it on the next turn and ran on into the cap again. The items before it stay. An item
//! that is, whole, a value the user's words give (`"Google` for "Microsoft and Google") was
//! finished before the cap, and stays.
//!
//! Only a call the cap cut off is touched: a list that repeats itself in a call the model ended
//! (`[0, 0, 0, 0]`) is what it wrote.
//!
//! [`Recovery::cut_repeats`]: crate::model::Recovery::cut_repeats
//! [`Event::Repaired`]: crate::Event::Repaired

use serde_json::Value;

use super::{Output, Runner};
use crate::error::ErrorKind;
use crate::event::{ArgumentChange, Event};
use crate::model::{FinishReason, ModelResponse, ToolCall};

/// A run of items must come back this many times, to the list's end, to be a loop.
const MIN_REPEATS: usize = 3;
/// Runs longer than this are not looked for (a loop of a small model is a few items long).
const MAX_RUN: usize = 16;
/// Lists are looked for no deeper than this.
const MAX_DEPTH: usize = 32;

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Cuts the item the token cap cut off inside a list, and the repetition, out of the lists
    /// of `response`'s last call, when the cap cut it off and the recovery profile has
    /// `cut_repeats` on.
    pub(super) fn cut_repeats(&self, mut response: ModelResponse) -> ModelResponse {
        let settings = &self.agent.config.settings;
        if response.finish_reason != FinishReason::Length
            || !settings.recovery.cut_repeats
            || settings.strict
        {
            return response;
        }
        let Some(call) = response.tool_calls.last_mut() else {
            return response;
        };
        let mut cuts = Vec::new();
        let text = match unfinished_item(&call.arguments) {
            Some(cut) if !self.told_whole(&call.arguments[cut.item..]) => {
                let item = crate::text::shorten(call.arguments[cut.item..].trim_start(), 40);
                let kept = cut.kept(&call.arguments);
                cuts.push(ArgumentChange::CutOffItemDropped { at: cut.at, item });
                kept
            }
            _ => call.arguments.clone(),
        };
        let Ok(repaired) = crate::json::repair(&text) else {
            return response;
        };
        let mut value = repaired.value;
        cuts.extend(cut_repeated_tails(&mut value));
        if cuts.is_empty() {
            return response;
        }
        self.rewrite_arguments(call, "cut_repeats", repaired.fixes, &value, cuts);
        response
    }

    /// Whether the cut-off item `item` (its text as written, from the opening quote of a
    /// string) is, whole, a value the user's words (or a tool's result) give: then the cap
    /// came after the model had written it (`"Google` for "Microsoft and Google"), and it stays.
    fn told_whole(&self, item: &str) -> bool {
        let value = item.trim_start().trim_start_matches('"').trim();
        if value.is_empty() {
            return false;
        }
        let told = crate::grounding::told_text(&self.frame.request.messages);
        crate::grounding::Told::new(&told).has(value)
    }
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Replaces `call`'s argument text with `value`, the arguments after a deterministic step
    /// before the round (`cut_repeats`, `numbers_once`), and says so in an [`Event::Repaired`]:
    /// the lenient repair's fixes of the text first (the text is valid JSON from here on, so
    /// the pipeline repairs nothing more), then the step's `changes`.
    pub(super) fn rewrite_arguments(
        &self,
        call: &mut ToolCall,
        step: &'static str,
        json: Vec<crate::json::JsonFix>,
        value: &Value,
        changes: impl IntoIterator<Item = ArgumentChange>,
    ) {
        let mut fixes: Vec<ArgumentChange> = json.into_iter().map(ArgumentChange::Json).collect();
        fixes.extend(changes);
        call.arguments = value.to_string();
        self.ctx.emit(Event::Repaired {
            agent: self.path.clone(),
            call_id: call.id.clone(),
            tool: call.name.clone(),
            kind: ErrorKind::InvalidArgs,
            step,
            fixes,
        });
    }
}

/// Where the token cap cut a call's argument text inside a scalar item of a list.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct UnfinishedItem {
    /// The text to keep: up to the end of the item before it (or the list's `[`).
    pub keep: usize,
    /// Where the cut-off item starts (after the `,` or `[` before it).
    pub item: usize,
    /// The list's path in the arguments (`companies`, `rows[1]`, `(root)`).
    pub at: String,
    /// The brackets that close the containers open at the cut, innermost first (`]}`).
    pub closers: String,
}

impl UnfinishedItem {
    /// `text` up to the end of the item before the cut, with its open containers closed: valid
    /// JSON wherever the model's text was valid up to there, so it is read exactly. Left for
    /// the lenient repair to close, a kept item such as `"["` could be taken for the start of
    /// JSON written inside a string, and the items after it for its content.
    pub fn kept(&self, text: &str) -> String {
        let mut kept = String::with_capacity(self.keep + self.closers.len());
        kept.push_str(&text[..self.keep]);
        kept.push_str(&self.closers);
        kept
    }
}

/// One open container of the argument text, while [`unfinished_item`] reads it.
struct Open {
    /// A list (else an object).
    list: bool,
    /// An object's key being read or last read; a list's index of the item being written.
    key: String,
    index: usize,
    /// In an object: a key comes next (after `{` or `,`).
    key_next: bool,
    /// In a list: where the item being written starts, and the end of the text kept without it.
    item: usize,
    keep: usize,
}

/// Where `text`, a call's arguments the token cap cut off, ends inside a scalar item of a list:
/// a string never closed, or a number or word still being written when the cap came. That item
/// is not a value the model finished (`"1000000000…`, `"Bed`), and repaired as written it
/// would stand in the call as one. `None` when the text ends anywhere else (between items, in
/// a key, in an object's value, or closed).
pub(crate) fn unfinished_item(text: &str) -> Option<UnfinishedItem> {
    let scan = scan(text);
    let list = scan.open.last().filter(|o| o.list && scan.in_item)?;
    let closers = scan
        .open
        .iter()
        .rev()
        .map(|o| if o.list { ']' } else { '}' })
        .collect();
    Some(UnfinishedItem {
        keep: list.keep,
        item: list.item,
        at: path_of(&scan.open),
        closers,
    })
}

/// The path of the innermost list still open where `text`, a call's arguments the token cap
/// cut off, ends (`companies`, `rows[1]`, `(root)`): the list the cap cut, whether inside an
/// item or between two. `None` when no list is open.
pub(crate) fn open_list(text: &str) -> Option<String> {
    let mut open = scan(text).open;
    let at = open.iter().rposition(|o| o.list)?;
    open.truncate(at + 1);
    Some(path_of(&open))
}

/// What [`scan`] found open at the end of a text.
struct Scan {
    /// The containers open at the end, outermost first.
    open: Vec<Open>,
    /// The text ends inside a scalar: a string never closed (not a key), or a number or word
    /// still being written.
    in_item: bool,
}

/// Reads `text` as the start of a JSON text, to its end.
fn scan(text: &str) -> Scan {
    let mut open: Vec<Open> = Vec::new();
    // Inside a string: whether it is a key, and whether the last character was a backslash.
    let mut string: Option<bool> = None;
    let mut escaped = false;
    let mut key_start = 0;
    // A number or word (`true`) being written.
    let mut scalar = false;
    for (at, c) in text.char_indices() {
        if let Some(is_key) = string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                string = None;
                if is_key && let Some(o) = open.last_mut() {
                    o.key = text[key_start..at].to_owned();
                }
            }
            continue;
        }
        if scalar && !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+')) {
            scalar = false;
        }
        match c {
            '"' => {
                let is_key = open.last().is_some_and(|o| !o.list && o.key_next);
                string = Some(is_key);
                key_start = at + 1;
                if let Some(o) = open.last_mut() {
                    o.key_next = false;
                }
            }
            '{' | '[' => open.push(Open {
                list: c == '[',
                key: String::new(),
                index: 0,
                key_next: c == '{',
                item: at + 1,
                keep: at + 1,
            }),
            '}' | ']' => {
                open.pop();
            }
            ',' => {
                if let Some(o) = open.last_mut() {
                    if o.list {
                        o.index += 1;
                        o.keep = at;
                        o.item = at + 1;
                    } else {
                        o.key_next = true;
                    }
                }
            }
            c if c.is_ascii_alphanumeric() || c == '-' => scalar = true,
            _ => {}
        }
    }
    Scan {
        open,
        in_item: matches!(string, Some(false)) || scalar,
    }
}

/// The path of the innermost of `open`, from the keys and indices of those around it
/// (`companies`, `rows[1]`, `x[0].y`; `(root)` for the outermost).
fn path_of(open: &[Open]) -> String {
    let mut at = String::new();
    for (i, o) in open[..open.len().saturating_sub(1)].iter().enumerate() {
        if o.list {
            at.push_str(&format!("[{}]", o.index));
        } else {
            if i > 0 {
                at.push('.');
            }
            at.push_str(&o.key);
        }
    }
    if at.is_empty() {
        at.push_str("(root)");
    }
    at
}

/// Cuts every list of `value` whose items repeat one run, to its end, [`MIN_REPEATS`] times or
/// more (the last item may be a cut-off copy), down to the items before the repetition and one
/// run. What was cut, in the order found.
pub(crate) fn cut_repeated_tails(value: &mut Value) -> Vec<ArgumentChange> {
    let mut cuts = Vec::new();
    let mut path = String::new();
    walk(value, &mut path, 0, &mut cuts);
    cuts
}

fn walk(value: &mut Value, path: &mut String, depth: usize, cuts: &mut Vec<ArgumentChange>) {
    if depth > MAX_DEPTH {
        return;
    }
    let len = path.len();
    match value {
        Value::Object(members) => {
            for (key, item) in members.iter_mut() {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                walk(item, path, depth + 1, cuts);
                path.truncate(len);
            }
        }
        Value::Array(items) => {
            if let Some(keep) = loop_start(items) {
                let dropped = items.len() - keep;
                items.truncate(keep);
                cuts.push(ArgumentChange::RepeatsCut {
                    at: if path.is_empty() {
                        "(root)".to_owned()
                    } else {
                        path.clone()
                    },
                    kept: keep,
                    dropped,
                });
            }
            for (i, item) in items.iter_mut().enumerate() {
                path.push_str(&format!("[{i}]"));
                walk(item, path, depth + 1, cuts);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// How many items of `items` to keep when they end in a loop: those before the repetition and
/// one run. `None` when they do not. The shortest run that repeats is taken; when the list as
/// a whole does not end in a loop, a last item that breaks one is taken for an item the token
/// cap cut short. What is kept is looked at again, until it ends in no loop: a model that
/// looped `1, 2` and then `2` wrote one loop after another (`[1, 2, 1, 2, 1, 2, 2, 2]` keeps
/// `[1, 2]`). Each cut keeps fewer items, so this ends.
fn loop_start(items: &[Value]) -> Option<usize> {
    let mut keep =
        periodic_tail(items).or_else(|| periodic_tail(&items[..items.len().saturating_sub(1)]))?;
    while let Some(shorter) = periodic_tail(&items[..keep]) {
        keep = shorter;
    }
    Some(keep)
}

/// For `items` ending in [`MIN_REPEATS`] or more repeats of one run: the items before the
/// repetition and one run.
fn periodic_tail(items: &[Value]) -> Option<usize> {
    let n = items.len();
    (1..=MAX_RUN.min(n / MIN_REPEATS)).find_map(|run| {
        // How far back from the end the items repeat with this run's length.
        let mut start = n - run;
        while start > 0 && items[start - 1] == items[start - 1 + run] {
            start -= 1;
        }
        (n - start >= MIN_REPEATS * run).then_some(start + run)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cut(mut v: Value) -> (Value, Vec<String>) {
        let cuts = cut_repeated_tails(&mut v);
        (v, cuts.iter().map(ToString::to_string).collect())
    }

    /// The loops the local model wrote until the token cap: a run of four, a run of one after
    /// the items it meant, with a cut-off last item.
    #[test]
    fn a_list_that_repeats_to_its_end_keeps_one_run() {
        let features = ["SqFt", "Bedrooms", "Bathrooms", "Location"];
        let mut looped: Vec<Value> = features.iter().cycle().take(22).map(|s| json!(s)).collect();
        looped.push(json!("Bed"));
        let (v, cuts) = cut(json!({"location": "New York", "features": looped}));
        assert_eq!(v, json!({"location": "New York", "features": features}));
        assert_eq!(cuts.len(), 1, "{cuts:?}");
        assert!(cuts[0].contains("features"), "{cuts:?}");

        let (v, _) =
            cut(json!({"cash_flows": [10000, 15000, 20000, 30000, 30000, 30000, 30000, 300]}));
        assert_eq!(v, json!({"cash_flows": [10000, 15000, 20000, 30000]}));

        let (v, _) = cut(json!({"items": ["THYME", "LATE", "LATE", "LATE", "LATE"]}));
        assert_eq!(v, json!({"items": ["THYME", "LATE"]}));

        // One loop after another: what the first cut keeps ends in a loop too.
        let (v, _) = cut(json!({"a": [1, 2, 1, 2, 1, 2, 2, 2]}));
        assert_eq!(v, json!({"a": [1, 2]}));
    }

    /// A list that does not end in a loop is what the model wrote: fewer than three repeats,
    /// a repetition in the middle, nested lists looked at on their own.
    #[test]
    fn a_list_that_does_not_end_in_a_loop_is_kept() {
        for v in [
            json!({"a": [1, 2, 1, 2]}),
            json!({"a": [7, 7, 1, 2, 3]}),
            json!({"a": ["x"]}),
            json!({"a": []}),
            json!({"a": "LATE LATE LATE LATE"}),
        ] {
            assert_eq!(cut(v.clone()), (v, vec![]));
        }
        let (v, cuts) = cut(json!({"rows": [[1, 2], [3, 3, 3, 3]]}));
        assert_eq!(v, json!({"rows": [[1, 2], [3]]}));
        assert_eq!(cuts.len(), 1);
    }

    /// The text kept closes the containers open at the cut, so the items before the cut are
    /// read exactly as written: an item `"["` followed by one starting with a comma is not taken
    /// for JSON written inside a string (CI found this one: the lenient repair of the open text
    /// read `"[", ",a` as one string).
    #[test]
    fn the_text_kept_is_closed_and_read_exactly() {
        let text = r#"{"k": {"xs": ["é[", 1000000000, "[", ",a\"aa", "\\éé"#;
        let cut = unfinished_item(text).unwrap();
        assert_eq!(cut.closers, "]}}");
        let kept = crate::json::repair(&cut.kept(text)).unwrap();
        assert!(kept.fixes.is_empty(), "{:?}", kept.fixes);
        assert_eq!(
            kept.value,
            json!({"k": {"xs": ["é[", 1000000000, "[", ",a\"aa"]}})
        );

        let text = r#"{"k": {"xs": ["é[", 1000000000, "[", ",a\"a"#;
        let kept = crate::json::repair(&unfinished_item(text).unwrap().kept(text)).unwrap();
        assert_eq!(kept.value, json!({"k": {"xs": ["é[", 1000000000, "["]}}));
    }

    /// The text the token cap cut inside a list's item: a string never closed, a number still
    /// being written, at any depth; the item is dropped from the text.
    #[test]
    fn an_item_the_cap_cut_off_inside_a_list_is_found() {
        let text = r#"{"companies": ["Microsoft", "Google", "2023", "100000000000"#;
        let cut = unfinished_item(text).unwrap();
        assert_eq!(cut.at, "companies");
        assert_eq!(
            &text[..cut.keep],
            r#"{"companies": ["Microsoft", "Google", "2023""#
        );
        assert_eq!(&text[cut.item..], r#" "100000000000"#);

        let text = r#"{"a": 1, "rows": [[1, 2], [3, 44"#;
        let cut = unfinished_item(text).unwrap();
        assert_eq!(
            (cut.at.as_str(), &text[..cut.keep]),
            ("rows[1]", r#"{"a": 1, "rows": [[1, 2], [3"#)
        );

        let text = r#"{"x": [{"y": ["say \"hi"#;
        let cut = unfinished_item(text).unwrap();
        assert_eq!(
            (cut.at.as_str(), &text[..cut.keep]),
            ("x[0].y", r#"{"x": [{"y": ["#)
        );

        let cut = unfinished_item(r#"["a", tru"#).unwrap();
        assert_eq!(cut.at, "(root)");
    }

    /// The list the cap cut is found whether the text ends inside an item or between two, at
    /// any depth; none where no list is open.
    #[test]
    fn the_list_the_cap_cut_is_found_inside_or_between_items() {
        for (text, list) in [
            (r#"{"dataset_A": [12, 15, 18, 20,"#, Some("dataset_A")),
            (r#"{"dataset_A": [12, 15, 1"#, Some("dataset_A")),
            (r#"{"a": [1], "rows": [[1, 2], [3, "#, Some("rows[1]")),
            (r#"{"rows": [{"name": "Ann", "n"#, Some("rows")),
            (r#"["a", "#, Some("(root)")),
            (r#"{"a": [1, 2], "b": "tex"#, None),
            (r#"{"a": "#, None),
        ] {
            assert_eq!(open_list(text).as_deref(), list, "{text}");
        }
    }

    /// A text that ends anywhere but inside a list's item: between items, in a key, in an
    /// object's value, or closed.
    #[test]
    fn a_text_cut_elsewhere_has_no_unfinished_item() {
        for text in [
            r#"{"items": ["a", "b""#,
            r#"{"items": ["a", "#,
            r#"{"items": ["a"], "na"#,
            r#"{"items": ["a"], "n": 12"#,
            r#"{"items": ["a"], "s": "abc"#,
            r#"{"items": ["a", {"k": "v"#,
            r#"{"items": ["a", "]"]}"#,
            "",
        ] {
            assert_eq!(unfinished_item(text), None, "{text}");
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Whatever the list, a cut keeps a prefix of it, and the list left does not end in
            /// a loop (cutting twice cuts nothing more).
            #[test]
            fn a_cut_keeps_a_prefix_and_leaves_no_loop(items in proptest::collection::vec(0u8..3, 0..40)) {
                let original: Vec<Value> = items.iter().map(|&x| json!(x)).collect();
                let mut v = Value::Array(original.clone());
                let cuts = cut_repeated_tails(&mut v);
                let kept = v.as_array().unwrap().clone();
                prop_assert!(original.starts_with(&kept));
                prop_assert_eq!(cuts.is_empty(), kept.len() == original.len());
                prop_assert!(!kept.is_empty() || original.is_empty());
                prop_assert_eq!(periodic_tail(&kept), None, "what is kept does not end in a loop");
            }

            /// Any text, however broken: no panic, and a cut lies on character boundaries,
            /// the kept text ending at the `,` before the item or just after the list's `[`.
            #[test]
            fn any_text_is_read_without_panic(text in "[\\[\\]{}\",:a-z0-9 .\\\\é-]{0,60}") {
                if let Some(cut) = unfinished_item(&text) {
                    prop_assert!(cut.keep <= cut.item && cut.item <= text.len());
                    prop_assert!(text.is_char_boundary(cut.keep) && text.is_char_boundary(cut.item));
                    prop_assert!(
                        (cut.item == cut.keep + 1 && text[cut.keep..].starts_with(','))
                            || (cut.item == cut.keep && text[..cut.keep].ends_with('['))
                    );
                }
            }

            /// A list of strings and numbers written as JSON and cut anywhere: where an item is
            /// found cut, the text kept repairs to the items before it, exactly.
            #[test]
            fn the_text_kept_holds_the_items_before_the_cut(
                items in proptest::collection::vec(
                    prop_oneof![
                        "[a-z \"\\\\é,\\[\\]]{0,8}".prop_map(Value::from),
                        any::<i32>().prop_map(Value::from),
                    ],
                    1..8,
                ),
                at in 0usize..400,
            ) {
                let text = json!({"k": {"xs": items.clone()}}).to_string();
                let mut at = at.min(text.len());
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                let prefix = &text[..at];
                if let Some(cut) = unfinished_item(prefix) {
                    prop_assert_eq!(cut.at.as_str(), "k.xs");
                    let kept = crate::json::repair(&cut.kept(prefix)).unwrap().value;
                    let kept = kept["k"]["xs"].as_array().cloned().unwrap_or_default();
                    prop_assert!(kept.len() < items.len());
                    prop_assert_eq!(&kept[..], &items[..kept.len()]);
                }
            }
        }
    }
}
