//! The other items of a list the user wrote, for the calls a small model leaves out
//! ([`Recovery::rest_of_list`], a piece of the small-model profile).
//!
//! "The coordinates of New York, Los Angeles, Chicago and Houston": a small model calls the tool
//! for New York and answers. The user's words hold the list the call took its value from; the
//! items no call has taken yet are the calls still owed. This module reads that list: the
//! sentence holding the value, cut at the list's separators (`,`, `;`, `and`, `or`), the items
//! on each side of the value that have its shape: quoted where it is quoted, a number where it
//! is a number, else a few words (capitalised where it is). Nothing is guessed where the value is
//! in no such list.
//!
//! [`Recovery::rest_of_list`]: crate::model::Recovery::rest_of_list

use serde_json::Value;

/// Words an unquoted item of a list may have beyond the value's own.
const EXTRA_ITEM_WORDS: usize = 2;
/// An unquoted item has at most this many words, whatever the value's.
const MAX_ITEM_WORDS: usize = 6;
/// A quoted item has at most this many characters.
const MAX_QUOTED_CHARS: usize = 80;

/// The items of the list in `text` that `value` (a string or a number of a call) is one of, in
/// the order written, `value`'s own among them, as the user wrote them (a number as a JSON
/// number). Empty where `value` is in no list of two items or more.
pub(crate) fn list_holding(text: &str, value: &Value) -> Vec<Value> {
    let written = match value {
        Value::String(s) if !s.trim().is_empty() => s.trim().to_owned(),
        Value::Number(n) => n.to_string(),
        _ => return Vec::new(),
    };
    for sentence in sentences(text) {
        let items = items_around(sentence, &written, value.is_number());
        if items.len() >= 2 {
            return items;
        }
    }
    Vec::new()
}

/// The sentences of `text`: cut after `.`, `?`, `!` or `:` followed by a space or the end, and
/// at line breaks (`2.5` is not cut).
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let ends = match b {
            b'\n' => true,
            b'.' | b'?' | b'!' | b':' => bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()),
            _ => false,
        };
        if ends {
            out.push(&text[start..=i]);
            start = i + 1;
        }
    }
    out.push(&text[start..]);
    out
}

/// The shape an item of the value's list has.
#[derive(Clone, Copy)]
struct Shape {
    quoted: bool,
    number: bool,
    capitalised: bool,
    max_words: usize,
}

/// The list items of `sentence` around the first place it writes `written` as a whole item.
fn items_around(sentence: &str, written: &str, number: bool) -> Vec<Value> {
    let segments = segments(sentence);
    let lower = written.to_lowercase();
    let shape = Shape {
        quoted: false,
        number,
        capitalised: written.chars().next().is_some_and(char::is_uppercase),
        max_words: (written.split_whitespace().count() + EXTRA_ITEM_WORDS).min(MAX_ITEM_WORDS),
    };
    for (k, segment) in segments.iter().enumerate() {
        // The value ends its segment (what comes before it leads into the list), or is all of
        // it; quoted or not.
        let (inner, quoted) = unquote(trim_item(segment));
        // A quoted value after a lead-in (`look up 'B075H2B962'`): the quotes around it.
        let (inner, quoted) = match quoted_tail(inner, written) {
            Some(tail) if !quoted => (tail, true),
            _ => (inner, quoted),
        };
        let Some(at) = inner.len().checked_sub(written.len()) else {
            continue;
        };
        if !(starts_word(inner, at) && inner[at..].to_lowercase() == lower) {
            continue;
        }
        let whole = at == 0;
        let shape = Shape { quoted, ..shape };
        let mut items = vec![item_value(&inner[at..], shape)];
        // Before: only where the value is its whole segment; the item before ends its own.
        if whole {
            for before in segments[..k].iter().rev() {
                let Some(item) = trailing_item(before, shape) else {
                    break;
                };
                let whole_item = item.len() == unquote(trim_item(before)).0.len();
                items.insert(0, item_value(item, shape));
                if !whole_item {
                    break;
                }
            }
        }
        for after in &segments[k + 1..] {
            if let Some(item) = whole_item(after, shape) {
                items.push(item_value(item, shape));
                continue;
            }
            // An item may lead a segment that goes on (`'B07' for me`, `Oslo today`, `9
            // please`); it ends the list.
            if let Some(item) = leading_item(after, shape) {
                items.push(item_value(item, shape));
            }
            break;
        }
        return items.into_iter().flatten().collect();
    }
    Vec::new()
}

/// `sentence` cut at list separators: `,`, `;`, and the words `and`, `or` (`, and` once).
fn segments(sentence: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    let bytes = sentence.as_bytes();
    while i < bytes.len() {
        if !sentence.is_char_boundary(i) {
            i += 1;
            continue;
        }
        let starts_with = |at: usize, w: &str| {
            sentence
                .get(at..at + w.len())
                .is_some_and(|s| s.eq_ignore_ascii_case(w))
        };
        let word_sep = [" and ", " or "].into_iter().find(|w| starts_with(i, w));
        if matches!(bytes[i], b',' | b';') && !is_digit_group(bytes, i) {
            out.push(&sentence[start..i]);
            i += 1;
            // `, and` / `, or`: one separator.
            if let Some(w) = [" and ", " or "].into_iter().find(|w| starts_with(i, w)) {
                i += w.len() - 1;
            }
            start = i;
        } else if let Some(w) = word_sep {
            out.push(&sentence[start..i]);
            i += w.len() - 1;
            start = i;
        } else {
            i += 1;
        }
    }
    out.push(&sentence[start..]);
    out
}

/// Whether the comma at `i` groups digits (`1,000`), which separates nothing.
fn is_digit_group(bytes: &[u8], i: usize) -> bool {
    i > 0
        && bytes[i - 1].is_ascii_digit()
        && bytes
            .get(i + 1..i + 4)
            .is_some_and(|g| g.iter().all(u8::is_ascii_digit))
        && !bytes.get(i + 4).is_some_and(u8::is_ascii_digit)
}

/// A segment without the spaces and closing punctuation around it.
fn trim_item(segment: &str) -> &str {
    segment
        .trim()
        .trim_end_matches(['.', '?', '!', ':', ')'])
        .trim()
}

/// `text` up to the closing quote that ends it, where that quote closes `written` (`look up
/// 'B07'` gives `look up 'B07`).
fn quoted_tail<'t>(text: &'t str, written: &str) -> Option<&'t str> {
    let last = text.chars().next_back()?;
    let open = match last {
        '\'' | '"' | '`' => last,
        '’' => '‘',
        '”' => '“',
        _ => return None,
    };
    let inner = &text[..text.len() - last.len_utf8()];
    let at = inner.len().checked_sub(written.len())?;
    let opened = inner.get(..at)?.ends_with(open);
    (opened && inner[at..].eq_ignore_ascii_case(written)).then_some(inner)
}

/// The text inside the quotes that wrap all of `item`, and whether it was quoted.
fn unquote(item: &str) -> (&str, bool) {
    for (open, close) in [('\'', '\''), ('"', '"'), ('`', '`'), ('‘', '’'), ('“', '”')] {
        if let Some(inner) = item
            .strip_prefix(open)
            .and_then(|s| s.strip_suffix(close))
            .filter(|s| !s.is_empty() && s.chars().count() <= MAX_QUOTED_CHARS)
        {
            return (inner, true);
        }
    }
    (item, false)
}

/// Whether a word starts at byte `at` of `text` (nothing alphanumeric right before it).
fn starts_word(text: &str, at: usize) -> bool {
    text.is_char_boundary(at)
        && !text[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
}

/// The whole of `segment` as an item of `shape`, or `None`.
fn whole_item(segment: &str, shape: Shape) -> Option<&str> {
    let (inner, quoted) = unquote(trim_item(segment));
    if quoted != shape.quoted || inner.is_empty() {
        return None;
    }
    fits(inner, shape).then_some(inner)
}

/// The item of `shape` that ends `segment` (the segment may lead into it with other words:
/// "for New York" ends with "New York"), or `None`.
fn trailing_item(segment: &str, shape: Shape) -> Option<&str> {
    let trimmed = trim_item(segment);
    if shape.quoted {
        return whole_item(trimmed, shape).or_else(|| {
            let ranges = super::quotes::quoted_ranges(trimmed, MAX_QUOTED_CHARS);
            let last = ranges.last()?;
            // The quote closes the segment.
            (last.end + 1 == trimmed.len()).then(|| &trimmed[last.clone()])
        });
    }
    let words = word_spans(trimmed);
    // The longest run of the segment's last words that fits the shape.
    (1..=words.len().min(shape.max_words)).rev().find_map(|n| {
        let item = &trimmed[words[words.len() - n].start..];
        fits(item, shape).then_some(item)
    })
}

/// The item that opens `segment`, where the segment goes on after it: a quoted text, a
/// number, or capitalised words (a lower-case word between two capitalised ones, as in `Rio de
/// Janeiro`, counts). Unquoted words in lower case have no edge to tell, so none.
fn leading_item(segment: &str, shape: Shape) -> Option<&str> {
    let trimmed = trim_item(segment);
    if shape.quoted {
        let first = super::quotes::quoted_ranges(trimmed, MAX_QUOTED_CHARS)
            .into_iter()
            .next()?;
        return (trimmed.get(..first.start)?.chars().count() == 1).then(|| &trimmed[first]);
    }
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    let capital = |w: &&str| w.chars().next().is_some_and(char::is_uppercase);
    let n = if shape.number {
        usize::from(fits(words.first()?, shape))
    } else if shape.capitalised {
        // Up to the last capitalised word of a run that starts capitalised.
        let mut n = 0;
        for (i, w) in words.iter().enumerate().take(shape.max_words) {
            if capital(w) {
                n = i + 1;
            } else if !words.get(i + 1).is_some_and(capital) {
                break;
            }
        }
        n
    } else {
        0
    };
    if n == 0 {
        return None;
    }
    let item = &trimmed[..word_spans(trimmed).get(n - 1)?.end];
    fits(item, shape).then_some(item)
}

/// Where each word (a run without whitespace) of `text` is, as byte ranges.
fn word_spans(text: &str) -> Vec<std::ops::Range<usize>> {
    crate::text::runs(text, |c| !c.is_whitespace())
}

/// Whether `item` has `shape`: a number, or a few words, none of them framing words (the first
/// and the last capitalised where the value's first is).
fn fits(item: &str, shape: Shape) -> bool {
    if shape.number {
        return crate::json::numeric_text(item).is_some_and(|n| n.parse::<f64>().is_ok());
    }
    if shape.quoted {
        return true;
    }
    let words: Vec<&str> = item.split_whitespace().collect();
    !words.is_empty()
        && words.len() <= shape.max_words
        && (!shape.capitalised
            || [words[0], words[words.len() - 1]]
                .iter()
                .all(|w| w.chars().next().is_some_and(char::is_uppercase)))
        && !words.iter().any(|w| super::spans::is_framing(w))
}

/// An item as the JSON value a call would hold: a number as a number, else the text.
fn item_value(item: &str, shape: Shape) -> Option<Value> {
    if shape.number {
        let n: f64 = crate::json::numeric_text(item)?.parse().ok()?;
        return super::numbers::number_value(n, None);
    }
    Some(Value::String(item.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn list(text: &str, value: Value) -> Vec<Value> {
        list_holding(text, &value)
    }

    #[test]
    fn the_list_a_value_is_one_of() {
        let text = "I need coordinates. Could you provide the latitude and longitude for New York, \
                    Los Angeles, Chicago, and Houston? Thanks.";
        let cities = json!(["New York", "Los Angeles", "Chicago", "Houston"]);
        assert_eq!(json!(list(text, json!("New York"))), cities);
        assert_eq!(json!(list(text, json!("Chicago"))), cities);
        assert_eq!(
            json!(list(
                "Look up 'B075H2B962', 'B08BHXG144' and 'B07ZPKBL9V' for me.",
                json!("B08BHXG144")
            )),
            json!(["B075H2B962", "B08BHXG144", "B07ZPKBL9V"])
        );
        assert_eq!(
            json!(list("the factorials of 5, 7 and 10,000, please", json!(7))),
            json!([5, 7, 10000])
        );
        assert_eq!(
            json!(list("Weather in paris or london?", json!("paris"))),
            json!(["paris", "london"])
        );
        // The last item goes on with other words: the item is what has the value's shape.
        assert_eq!(
            json!(list(
                "Is it sunny in Paris, Rio de Janeiro and Oslo today?",
                json!("Paris")
            )),
            json!(["Paris", "Rio de Janeiro", "Oslo"])
        );
        assert_eq!(
            json!(list("the factorials of 5, 7 and 9 please", json!(5))),
            json!([5, 7, 9])
        );
        assert_eq!(
            json!(list(
                "Look up 'B075H2B962' and 'B08BHXG144' for me.",
                json!("B075H2B962")
            )),
            json!(["B075H2B962", "B08BHXG144"])
        );
    }

    #[test]
    fn a_value_in_no_list_has_none() {
        // One item only.
        assert!(list("The weather in Paris, please.", json!("Paris")).is_empty());
        // The value is not written as an item of the list.
        assert!(list("Paris, Rome and Madrid", json!("Berlin")).is_empty());
        // The segment after it is a clause, not an item of its shape.
        assert!(
            list(
                "Book New York, and then call me tomorrow at the office",
                json!("New York")
            )
            .is_empty()
        );
        // A number grouped in thousands is one number.
        assert!(list("A loan of 1,500 at 4%", json!(1500)).is_empty());
        // Quoted among unquoted.
        assert!(list("Check 'Pulp Fiction', my cousin", json!("Pulp Fiction")).is_empty());
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any text and any value: reading never panics, and a list has the value among
            /// its items.
            #[test]
            fn a_list_holds_its_value(
                text in "[a-zA-Zé0-9 ,;.'\"?]{0,80}",
                value in "[a-zA-Zé0-9 ]{1,10}",
            ) {
                let items = list_holding(&text, &json!(value.clone()));
                if !items.is_empty() {
                    prop_assert!(items.len() >= 2);
                    prop_assert!(
                        items.iter().any(|i| i.as_str().is_some_and(|s| s.eq_ignore_ascii_case(value.trim()))),
                        "{items:?}"
                    );
                }
            }
        }
    }
}
