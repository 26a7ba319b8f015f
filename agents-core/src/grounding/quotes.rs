//! The texts a text sets in quotes: `'Berkeley, CA'` in a description, `` `mapArea` `` in a
//! request. Read by `qualified.rs` (a description's examples) and `string_placement.rs` (the
//! values a user quoted).

/// Where `text` quotes something, as byte ranges of the quoted text (without its quotes), in
/// single, double or back quotes: a quote opens after a character that is not a letter or digit
/// (so `user's` opens nothing) and closes before one; a quoted text longer than `max_chars`
/// characters, or empty, is not one.
pub(super) fn quoted_ranges(text: &str, max_chars: usize) -> Vec<std::ops::Range<usize>> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let word = |i: usize| chars.get(i).is_some_and(|(_, c)| c.is_alphanumeric());
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i].1;
        let opens = matches!(q, '\'' | '"' | '`' | '‘' | '“') && (i == 0 || !word(i - 1));
        if !opens {
            i += 1;
            continue;
        }
        let close = match q {
            '‘' => '’',
            '“' => '”',
            other => other,
        };
        let end = (i + 1..chars.len()).find(|&j| chars[j].1 == close && !word(j + 1));
        match end {
            Some(j) if j > i + 1 && j - i - 1 <= max_chars => {
                let start = chars[i + 1].0;
                out.push(start..chars[j].0);
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// The texts `text` quotes ([`quoted_ranges`]).
pub(super) fn quoted(text: &str, max_chars: usize) -> Vec<String> {
    quoted_ranges(text, max_chars)
        .into_iter()
        .map(|r| text[r].to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_of_every_kind_are_read_and_apostrophes_are_not() {
        let text = "the user's view 'EmployeeView', a monitor `dbMonitor` and \"a b\"; don't";
        assert_eq!(quoted(text, 60), ["EmployeeView", "dbMonitor", "a b"]);
        assert_eq!(
            quoted("in ‘Paris, France’ or “Rome”", 60),
            ["Paris, France", "Rome"]
        );
        assert!(quoted("'' and 'far too long'", 5).is_empty());
        let r = &quoted_ranges("é `x`", 60)[0];
        assert_eq!(&"é `x`"[r.clone()], "x");
    }
}
