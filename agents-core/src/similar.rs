//! "Did you mean …": the closest allowed name to one a model invented.

/// The candidate closest to `wanted`, if any is close enough to be a plausible intent.
///
/// Compares case-insensitively with `-`, `_`, `.` and spaces ignored, then by Damerau–Levenshtein
/// distance relative to length, and also accepts a candidate that contains the wanted name (or
/// the reverse), as models often add or drop a prefix (`functions.get_weather`, `weather`).
///
/// ```
/// use agents_core::closest_name;
/// let tools = ["read_file", "write_file", "list_dir"];
/// assert_eq!(closest_name("readFile", tools), Some("read_file"));
/// assert_eq!(closest_name("functions.list_dir", tools), Some("list_dir"));
/// assert_eq!(closest_name("send_email", tools), None);
/// ```
pub fn closest_name<'a>(
    wanted: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let w = normalise(wanted);
    if w.is_empty() {
        return None;
    }
    let mut best: Option<(f64, &'a str)> = None;
    for cand in candidates {
        let c = normalise(cand);
        if c.is_empty() {
            continue;
        }
        let score = if c == w {
            0.0
        } else if w.ends_with(&c) || c.ends_with(&w) || w.starts_with(&c) || c.starts_with(&w) {
            0.2
        } else {
            let d = strsim::damerau_levenshtein(&w, &c) as f64;
            d / w.len().max(c.len()) as f64
        };
        if score <= 0.4 && best.is_none_or(|(b, _)| score < b) {
            best = Some((score, cand));
        }
    }
    best.map(|(_, c)| c)
}

fn normalise(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '-' | '_' | '.' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}
