//! Text helpers: cutting text that is echoed to a model or into an event down to a size, and
//! reading names and requests as words.

/// `text` cut to at most `max` bytes (on a char boundary), marked `…` when cut.
pub(crate) fn shorten(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    format!("{}…", &text[..text.floor_char_boundary(max)])
}

/// The lowercased words of a name or a text: split at every character that is not a letter or
/// a digit, and where a lower-case letter or a digit meets an upper-case one (`roomType`,
/// `ESRB_rating`, `get_weather`, `dir-list`).
pub(crate) fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in text.chars() {
        if !c.is_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        prev_lower = c.is_lowercase() || c.is_numeric();
        word.extend(c.to_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Where each run of characters that `part` takes is in `text`, as byte ranges: the words of a
/// text, split at whitespace (`|c| !c.is_whitespace()`) or at every character that is not a
/// letter or a digit (`char::is_alphanumeric`).
pub(crate) fn runs(text: &str, part: impl Fn(char) -> bool) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (part(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{shorten, words};

    #[test]
    fn words_split_at_separators_and_case_changes() {
        assert_eq!(words("roomType"), ["room", "type"]);
        assert_eq!(words("ESRB_rating"), ["esrb", "rating"]);
        assert_eq!(
            words("math.factorial v2Beta"),
            ["math", "factorial", "v2", "beta"]
        );
        assert_eq!(words(" -- "), Vec::<String>::new());
    }

    #[test]
    fn cuts_on_a_char_boundary_and_marks_the_cut() {
        assert_eq!(shorten("short", 10), "short");
        assert_eq!(shorten("héllo", 2), "h…");
    }
}
