//! Cutting text that is echoed to a model or into an event down to a size.

/// `text` cut to at most `max` bytes (on a char boundary), marked `…` when cut.
pub(crate) fn shorten(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    format!("{}…", &text[..text.floor_char_boundary(max)])
}

#[cfg(test)]
mod tests {
    use super::shorten;

    #[test]
    fn cuts_on_a_char_boundary_and_marks_the_cut() {
        assert_eq!(shorten("short", 10), "short");
        assert_eq!(shorten("héllo", 2), "h…");
    }
}
