//! The numbers a text gives, every way people write them.
//!
//! A check that holds a call's numbers to the user's words must find a number however the user
//! wrote it, or it refuses a value the user gave: a pair in parentheses (`(3, 4)`, `(3,4)`), a
//! range (`3-5`, `3 to 5`), a list (`1, 2 and 3`), thousands separators (`1,000`, `1 000`,
//! `1'000`, `1.000,5`), decimals (`2.5`, `2,5`, `.5`), a sign (`-3`, `−3`), a unit or a
//! percent sign (`5km`, `$5`, `5%` which is also `0.05`), a scale (`5k`, `1.5 million`),
//! words (`fifty`, `three hundred and five`), a fraction (`1/2`), an exponent (`1e-3`), a time
//! (`7pm` is also 19), a month by name (`March` is 3). Where a text can be read two ways, both
//! readings count: a number the user did not give that one of them happens to hold is a
//! weaker check, a number the user gave that none holds is a refused call. One exception keeps
//! the check worth having: a number grouped in thousands (`10,000`) is that number, and its
//! groups (`10`) are not numbers of their own.

/// `x` as the JSON number `property` takes: a whole number written as one (`52`, not `52.0`),
/// and `None` for a fraction where the property wants an integer.
pub(crate) fn number_value(
    x: f64,
    property: Option<&serde_json::Value>,
) -> Option<serde_json::Value> {
    let integer = property.and_then(crate::model::main_type) == Some("integer");
    // Whole and well inside i64's range: the cast below is exact.
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        return Some(serde_json::Value::from(x as i64));
    }
    (!integer)
        .then(|| serde_json::Number::from_f64(x).map(serde_json::Value::Number))
        .flatten()
}

/// The most words one number is read from (`three hundred and fifty thousand` is five).
const MAX_NUMBER_WORDS: usize = 8;

/// Every number `text` gives, every way it reads (see the module's documentation), in no
/// particular order, possibly repeated. `text` is read as it is: lowercase it first for the
/// words (`March`, `Fifty`).
pub(crate) fn readings(text: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let runs = digit_runs(text);
    for (i, &(start, end)) in runs.iter().enumerate() {
        let first = out.len();
        run_values(&text[start..end], bracketed(text, start, end), &mut out);
        let whole: Vec<f64> = out[first..].to_vec();
        if negative_before(text, start) {
            out.extend(whole.iter().map(|x| -x));
        }
        let after = &text[end..];
        suffix_values(after, &whole, &mut out);
        // `1/2`: the fraction too.
        if let Some(&(next, next_end)) = runs.get(i + 1)
            && text[end..next].trim() == "/"
            && let (Some(a), Ok(b)) = (whole.first(), text[next..next_end].parse::<f64>())
            && b != 0.0
        {
            out.push(a / b);
        }
    }
    out.extend(number_runs(text).filter_map(|(n, _)| n.as_f64()));
    named_values(text, &mut out);
    out
}

/// How many of the numbers written in `text` read as `x`: a number written once counts once,
/// however many ways it reads (`7.5%` is 7.5 and 0.075, once each); in words too (`twelve`).
pub(crate) fn times_given(text: &str, x: f64) -> usize {
    let same = |y: &f64| super::told::same_number(x, *y);
    // Each run of digits once, read every way it reads (`7.5%`: 7.5 and 0.075).
    let mut times = 0;
    for (start, end, whole) in written_runs(text) {
        let mut values = whole.clone();
        if negative_before(text, start) {
            values.extend(whole.iter().map(|v| -v));
        }
        suffix_values(&text[end..], &whole, &mut values);
        times += usize::from(values.iter().any(same));
    }
    times += times_in_words(text, x);
    let mut named = Vec::new();
    named_values(text, &mut named);
    times + named.iter().filter(|y| same(y)).count()
}

/// Each run of digits of `text` ([`digit_runs`]) with the values it reads as written, before
/// a sign, a suffix or a fraction gives it other readings: its byte range and those values.
fn written_runs(text: &str) -> impl Iterator<Item = (usize, usize, Vec<f64>)> + '_ {
    digit_runs(text).into_iter().map(move |(start, end)| {
        let mut whole = Vec::new();
        run_values(&text[start..end], bracketed(text, start, end), &mut whole);
        (start, end, whole)
    })
}

/// How many numbers `text` writes in words alone that read as `x` (`twelve`; `1.5 million` has
/// digits and counts with its run of digits).
fn times_in_words(text: &str, x: f64) -> usize {
    number_runs(text)
        .filter(|(n, words)| {
            !words.contains(|c: char| c.is_ascii_digit())
                && n.as_f64().is_some_and(|y| super::told::same_number(x, y))
        })
        .count()
}

/// The runs of digits in `text` with the separators between them (`2,500`, `3,4`, `1 000`,
/// `2.5`, `.5`), as byte ranges. A space joins digits only as a thousands separator (a group
/// of three digits after it).
fn digit_runs(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    let mut runs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = digit(i) || (bytes[i] == b'.' && digit(i + 1) && (i == 0 || !digit(i - 1)));
        if !starts {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        loop {
            while digit(i) {
                i += 1;
            }
            // A separator continues the run when a digit follows it.
            let sep = text[i..].chars().next();
            let width = sep.map_or(0, char::len_utf8);
            let continues = match sep {
                Some(',' | '.' | '_' | '\'' | '’') => digit(i + width),
                Some(' ' | '\u{a0}' | '\u{202f}') => {
                    (1..=3).all(|k| digit(i + width + k - 1)) && !digit(i + width + 3)
                }
                _ => false,
            };
            if !continues {
                break;
            }
            i += width;
        }
        runs.push((start, i));
    }
    runs
}

/// The separators a run may group thousands with.
const GROUPING: &[char] = &[',', '.', ' ', '\u{a0}', '\u{202f}', '\'', '’', '_'];

/// Whether the run of digits at `start..end` of `text` is all that a pair of brackets holds
/// (`[200,300,400]`, `( 100,200 )`, `{3,4}`): written as a list, whatever its commas could
/// group.
fn bracketed(text: &str, start: usize, end: usize) -> bool {
    let open = text[..start].trim_end().chars().next_back();
    let close = text[end..].trim_start().chars().next();
    matches!(
        (open, close),
        (Some('['), Some(']')) | (Some('('), Some(')')) | (Some('{'), Some('}'))
    )
}

/// The readings of one run of digits: as one number (grouped in thousands, with a decimal point
/// or comma), else as a list of numbers (`3,4` is 3 and 4, and 3.4). A run a pair of brackets
/// holds alone (`list`) is read as a list too, where it also reads as one number
/// (`[200,300,400]`).
fn run_values(run: &str, list: bool, out: &mut Vec<f64>) {
    // The groups of digits, each with the separator before it.
    let mut groups: Vec<(Option<char>, &str)> = Vec::new();
    let (mut sep, mut from) = (None, 0);
    for (i, c) in run.char_indices() {
        if GROUPING.contains(&c) {
            groups.push((sep, &run[from..i]));
            sep = Some(c);
            from = i + c.len_utf8();
        }
    }
    groups.push((sep, &run[from..]));
    let point = read_grouped(&groups, '.');
    if let Some(x) = point {
        out.push(x);
    }
    // With a decimal comma (`2,5`, `1.234,5`, and `1.234` as 1234 too), but `10,000` is ten
    // thousand, not ten.
    let grouped_by_comma = groups
        .last()
        .is_some_and(|(s, g)| *s == Some(',') && g.len() == 3);
    if !grouped_by_comma && let Some(x) = read_grouped(&groups, ',') {
        out.push(x);
    }
    if point.is_some() && !list {
        return;
    }
    // Not one number: a list (`1,2,3`), a date (`14.03.2026`), a version: every piece counts.
    for chunk in run.split([',', ' ', '\u{a0}', '\u{202f}']) {
        match plain(chunk) {
            Some(x) => out.push(x),
            None => out.extend(chunk.split(GROUPING).filter_map(plain)),
        }
    }
}

/// `groups` read as one number with `decimal` as its decimal mark and any other separator as a
/// thousands separator: `None` unless every thousands group has three digits after a first of
/// one to three, and the decimal mark comes once, last.
fn read_grouped(groups: &[(Option<char>, &str)], decimal: char) -> Option<f64> {
    let mut text = String::new();
    let mut after_decimal = false;
    for (sep, g) in groups {
        match sep {
            None => text.push_str(g),
            Some(c) if *c == decimal && !after_decimal => {
                after_decimal = true;
                text.push('.');
                text.push_str(g);
            }
            Some(_) if !after_decimal && g.len() == 3 && (1..=3).contains(&groups[0].1.len()) => {
                text.push_str(g)
            }
            Some(_) => return None,
        }
    }
    plain(&text)
}

/// Digits with at most one decimal point (`12`, `2.5`, `.5`), as a number.
fn plain(text: &str) -> Option<f64> {
    let ok = !text.is_empty()
        && text.bytes().any(|b| b.is_ascii_digit())
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && text.bytes().filter(|b| *b == b'.').count() <= 1;
    ok.then(|| text.parse().ok()).flatten()
}

/// Whether the run at `start` is written with a minus sign (`-3`, `−3`, `(-3, 4)`), not as
/// the second end of a range (`3-5`) or inside a word (`covid-19`).
fn negative_before(text: &str, start: usize) -> bool {
    let mut before = text[..start].chars().rev();
    matches!(before.next(), Some('-' | '−')) && !before.next().is_some_and(char::is_alphanumeric)
}

/// What the words right after a number make of it: a percent (`5%` is also 0.05), a scale
/// (`5k`, `2.5m`, `3bn`), an exponent (`1e-3`), a time after noon (`7pm` is also 19).
fn suffix_values(after: &str, values: &[f64], out: &mut Vec<f64>) {
    let word = suffix_word(after);
    let word = word.as_str();
    let attached = !after.starts_with([' ', '\u{a0}']);
    let scale = match word {
        _ if is_percent(word) => Some(0.01),
        "k" if attached => Some(1e3),
        "m" | "mn" if attached => Some(1e6),
        "b" | "bn" if attached => Some(1e9),
        _ => None,
    };
    if let Some(scale) = scale {
        out.extend(values.iter().map(|x| x * scale));
    }
    if matches!(word, "pm" | "p.m") {
        out.extend(
            values
                .iter()
                .filter(|x| (1.0..12.0).contains(*x))
                .map(|x| x + 12.0),
        );
    }
    if let Some(exp) = after.strip_prefix(['e', 'E']) {
        let digits: String = exp
            .chars()
            .enumerate()
            .take_while(|(i, c)| c.is_ascii_digit() || (*i == 0 && matches!(c, '-' | '+')))
            .map(|(_, c)| c)
            .collect();
        if let Ok(e) = digits.parse::<i32>()
            && e.abs() <= 308
        {
            out.extend(values.iter().map(|x| x * 10f64.powi(e)));
        }
    }
}

/// The word right after a number (`%`, `percent`, `km`, `pm`), spaces before it skipped.
fn suffix_word(after: &str) -> String {
    let word: String = after
        .trim_start_matches([' ', '\u{a0}'])
        .chars()
        .take_while(|c| c.is_alphabetic() || *c == '%' || *c == '.')
        .collect();
    word.trim_end_matches('.').to_owned()
}

/// Whether a number's [`suffix_word`] makes it a percent.
fn is_percent(word: &str) -> bool {
    matches!(word, "%" | "percent" | "pct")
}

/// How many times `text` writes the number `x` in digits as a percent (`5%`, `5 percent`), and
/// how many times otherwise (in digits or in words): a percent the user wrote, and whether they
/// also wrote the number as it is.
pub(crate) fn percent_writings(text: &str, x: f64) -> (usize, usize) {
    let (mut percent, mut plain) = (0, times_in_words(text, x));
    for (start, end, whole) in written_runs(text) {
        if !whole.iter().any(|y| super::told::same_number(x, *y)) {
            continue;
        }
        if is_percent(&suffix_word(&text[end..])) && !negative_before(text, start) {
            percent += 1;
        } else {
            plain += 1;
        }
    }
    (percent, plain)
}

/// Numbers said by a name: the months (`march` is 3), the first ordinals (`second` is 2), and
/// `half`, `quarter`, `dozen`, `couple`, `pair`, `twice`.
fn named_values(text: &str, out: &mut Vec<f64>) {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    const ORDINALS: [&str; 12] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth", "eleventh", "twelfth",
    ];
    for word in text.split(|c: char| !c.is_alphabetic()) {
        if word.len() < 3 {
            continue;
        }
        let month = MONTHS
            .iter()
            .position(|m| *m == word || (word.len() == 3 && m.starts_with(word)));
        let ordinal = ORDINALS.iter().position(|o| *o == word);
        if let Some(n) = month.or(ordinal) {
            out.push(n as f64 + 1.0);
        }
        match word {
            "half" => out.push(0.5),
            "quarter" => out.push(0.25),
            "dozen" => out.push(12.0),
            "couple" | "pair" | "twice" => out.push(2.0),
            _ => {}
        }
    }
}

/// Every number `text` gives in words or digits, in order, with the words that give it: from
/// each word on, the longest run of at most [`MAX_NUMBER_WORDS`] words that reads as one
/// number, in digits (with separators or a currency sign) or in words (`42 km` gives 42,
/// `fifty dollars` 50, `$1,200` 1200, `1.5 million yen` 1500000). A run's words are not read
/// again.
pub(crate) fn number_runs(text: &str) -> impl Iterator<Item = (serde_json::Number, &str)> {
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| "$£€¥,;:()'\"?!".contains(c)))
        .filter(|w| !w.is_empty())
        .collect();
    let mut start = 0;
    std::iter::from_fn(move || {
        while start < words.len() {
            let longest = (start + 1..=words.len().min(start + MAX_NUMBER_WORDS))
                .rev()
                .find_map(|end| {
                    let candidate = words[start..end].join(" ");
                    let number = crate::json::numeric_text(&candidate)?.parse().ok()?;
                    // The run as it stands in the text, from its first word to its last.
                    let (first, last) = (words[start], words[end - 1]);
                    let from = first.as_ptr() as usize - text.as_ptr() as usize;
                    let to = last.as_ptr() as usize + last.len() - text.as_ptr() as usize;
                    Some((end, number, &text[from..to]))
                });
            match longest {
                Some((end, number, written)) => {
                    start = end;
                    return Some((number, written));
                }
                None => start += 1,
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A number written once counts once, however many ways it reads.
    #[test]
    fn a_number_is_given_as_many_times_as_it_is_written() {
        let text = "12 turns of wire carrying 12 a, 7.5% loss, twelve hours, 2,500 m";
        assert_eq!(times_given(text, 12.0), 3, "twice in digits, once in words");
        assert_eq!(times_given(text, 7.5), 1);
        assert_eq!(times_given(text, 0.075), 1);
        assert_eq!(times_given(text, 2500.0), 1);
        assert_eq!(
            times_given(text, 500.0),
            0,
            "a group is not a number of its own"
        );
        assert_eq!(times_given(text, 8.0), 0);
    }

    /// A percent the user wrote is told apart from the same number written as it is.
    #[test]
    fn a_number_is_written_as_a_percent_or_as_it_is() {
        let text = "5% a year for 5 years, 7.5 percent after, 2 % fee, -3%, five days";
        assert_eq!(
            percent_writings(text, 5.0),
            (1, 2),
            "5%; 5 years and five days"
        );
        assert_eq!(percent_writings(text, 7.5), (1, 0));
        assert_eq!(
            percent_writings(text, 2.0),
            (1, 0),
            "a space before the sign"
        );
        assert_eq!(percent_writings(text, 3.0), (0, 1), "-3% is not 3%");
        assert_eq!(
            percent_writings(text, 0.05),
            (0, 0),
            "the fraction is not written"
        );
    }

    fn reads(text: &str, x: f64) -> bool {
        readings(&text.to_lowercase())
            .iter()
            .any(|y| (x - y).abs() < 1e-9)
    }

    #[test]
    fn numbers_are_read_every_way_people_write_them() {
        let cases: &[(&str, &[f64])] = &[
            ("the distance from (3, 4) to (6,8)", &[3.0, 4.0, 6.0, 8.0]),
            ("between 3-5 people, or 10 to 12", &[3.0, 5.0, 10.0, 12.0]),
            ("the average of 1, 2 and 3", &[1.0, 2.0, 3.0]),
            ("scores 88,92,79", &[88.0, 92.0, 79.0]),
            (
                "2,500 of them, 1 000 000 yen, 1'200 CHF",
                &[2500.0, 1e6, 1200.0],
            ),
            ("a 2.5 kg cake, .5 l, 1.234,5 EUR", &[2.5, 0.5, 1234.5]),
            (
                "it was -3 degrees, then −4.5, (-2, 7)",
                &[-3.0, -4.5, -2.0, 7.0],
            ),
            ("5km, $12, 20%, 5 percent", &[5.0, 12.0, 20.0, 0.2, 0.05]),
            ("5k followers, 2.5M views, 3bn", &[5000.0, 2.5e6, 3e9]),
            ("fifty dollars, 1.5 million yen", &[50.0, 1.5e6]),
            ("1/2 cup, 1e-3 m", &[0.5, 0.001]),
            (
                "at 7pm on 2026-03-14, 19:30",
                &[19.0, 2026.0, 3.0, 14.0, 30.0],
            ),
            ("on the 3rd of March", &[3.0]),
            ("a dozen eggs", &[12.0]),
        ];
        for (text, numbers) in cases {
            for x in *numbers {
                assert!(reads(text, *x), "{x} in {text:?}: {:?}", readings(text));
            }
        }
    }

    /// A number grouped in thousands is that number: its groups are not numbers the user gave.
    #[test]
    fn the_groups_of_a_grouped_number_are_not_numbers() {
        assert!(!reads("wire 10,000 yen", 10.0));
        assert!(!reads("2,500 of them", 25.0));
        assert!(!reads("2,500 of them", 500.0));
        assert!(!reads("a 12.55 kg cake", 2.5));
        assert!(!reads("covid-19", -19.0));
        assert!(!reads("3-5 people", -5.0));
    }

    /// Brackets make a list: "cash_flows=[200,300,400,500]" gives 200, 300, 400 and 500, which
    /// a small model wrote and the echo check refused as numbers nobody gave (BFCL's
    /// development question `simple_python_127`: the held turn then wrote `[200300400500]`).
    /// Grouped in thousands it still reads too; outside brackets a grouping stays one number.
    #[test]
    fn a_run_inside_brackets_is_a_list() {
        for text in [
            "cash_flows=[200,300,400,500], a discount rate of 10%",
            "the points ( 100,200 ) and {300,400}",
        ] {
            for x in [100.0, 200.0, 300.0, 400.0, 500.0] {
                if text.contains(&x.to_string()) {
                    assert!(reads(text, x), "{x} in {text:?}: {:?}", readings(text));
                }
            }
            assert_eq!(times_given(text, 300.0), 1, "{text}");
        }
        assert!(reads("[200,300,400,500]", 200_300_400_500.0));
        assert!(!reads("200,300,400,500 yen", 300.0));
        assert!(
            !reads("[10,000 yen]", 10.0),
            "closed by the words, not the run"
        );
    }

    #[test]
    fn numbers_are_read_out_of_words() {
        let n = |a: &str| number_runs(a).next().map(|(n, _)| n.as_f64().unwrap());
        assert_eq!(n("42 km"), Some(42.0));
        assert_eq!(n("fifty dollars"), Some(50.0));
        assert_eq!(n("$1,200"), Some(1200.0));
        assert_eq!(n("£75.50"), Some(75.5));
        assert_eq!(n("1.5 million yen"), Some(1.5e6));
        assert_eq!(n("minus forty"), Some(-40.0));
        assert_eq!(n("a party of six"), Some(6.0));
        assert_eq!(n("the people"), None);
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any text, any script: reading its numbers never panics, and every run a number is
            /// read from is a piece of the text itself.
            #[test]
            fn readings_never_panic_and_runs_are_pieces_of_the_text(text in "\\PC{0,120}") {
                let _ = readings(&text);
                for (_, written) in number_runs(&text) {
                    prop_assert!(!written.is_empty());
                    prop_assert!(text.contains(written), "{:?} not in {:?}", written, text);
                }
            }

            /// A list of whole numbers written in brackets, with or without spaces, gives each
            /// of its numbers, whatever its commas could group.
            #[test]
            fn every_number_of_a_bracketed_list_is_given(
                xs in prop::collection::vec(0u32..1_000_000, 1..7),
                spaced in any::<bool>(),
                brackets in prop::sample::select(vec![('[', ']'), ('(', ')'), ('{', '}')]),
            ) {
                let list: Vec<String> = xs.iter().map(u32::to_string).collect();
                let text = format!(
                    "the values {}{}{} please",
                    brackets.0,
                    list.join(if spaced { ", " } else { "," }),
                    brackets.1
                );
                let read = readings(&text);
                for x in &xs {
                    prop_assert!(read.contains(&f64::from(*x)), "{} in {:?}: {:?}", x, text, read);
                }
            }
        }
    }
}
