//! Numbers written in words, as people type them to a model and small models copy them into
//! arguments: `twelve`, `one hundred and five`, `minus forty`, `twenty-one`, `a thousand`,
//! `1.5 million`, `3 thousand`. Read only when the whole text is such a number: `twelve kilos`
//! is not one (the unit would be lost).

/// The JSON number text of `text` written in words (English), `None` unless all of it is a
/// number so written.
pub(crate) fn number_in_words(text: &str) -> Option<String> {
    let lower = text.trim().to_ascii_lowercase();
    let mut words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .collect();
    let negative = matches!(words.first(), Some(&("minus" | "negative")));
    if negative {
        words.remove(0);
    }
    if words.is_empty() {
        return None;
    }
    let value = match words.as_slice() {
        // `1.5 million`, `3 thousand`: digits with one scale word.
        [digits, scale] if digits.starts_with(|c: char| c.is_ascii_digit()) => {
            let n = super::number::parse_numeric(digits)?.parse::<f64>().ok()?;
            n * scale_of(scale)? as f64
        }
        _ => spelled(&words)? as f64,
    };
    let value = if negative { -value } else { value };
    // Whole results (every spelled number, most scaled ones) are written without a fraction.
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        Some(format!("{}", value as i64))
    } else {
        serde_json::Number::from_f64(value).map(|n| n.to_string())
    }
}

/// A number spelled out in words: `three hundred and twelve thousand four`.
fn spelled(words: &[&str]) -> Option<u64> {
    let mut total: u64 = 0;
    let mut group: u64 = 0;
    let mut seen = false;
    let mut last_scale = u64::MAX;
    for (i, w) in words.iter().enumerate() {
        match *w {
            "and" if seen && i + 1 < words.len() => continue,
            "a" | "an" if i + 1 < words.len() && !seen => {
                group = 1;
                seen = true;
            }
            "hundred" if (1..100).contains(&group) => {
                group *= 100;
            }
            w => {
                if let Some(scale) = scale_of(w).filter(|s| *s >= 1000) {
                    // Scales fall from left to right: `a thousand million` is not read.
                    if !seen || scale >= last_scale {
                        return None;
                    }
                    total = total.checked_add(group.max(1).checked_mul(scale)?)?;
                    group = 0;
                    last_scale = scale;
                } else {
                    let n = small(w)?;
                    // `twenty one` adds; `one one` does not read.
                    let tens_then_unit = group % 100 >= 20 && group.is_multiple_of(10) && n < 10;
                    if !group.is_multiple_of(100) && !tens_then_unit {
                        return None;
                    }
                    group += n;
                    seen = true;
                }
            }
        }
    }
    seen.then_some(total.checked_add(group)?)
}

fn scale_of(word: &str) -> Option<u64> {
    Some(match word {
        "hundred" => 100,
        "thousand" => 1_000,
        "million" => 1_000_000,
        "billion" => 1_000_000_000,
        _ => return None,
    })
}

/// The words of the numbers below twenty, by value.
pub const UNITS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];

/// The words of the tens, by their digit (`TENS[4]` is `forty`; none for 0 and 1).
pub const TENS: [&str; 10] = [
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

fn small(word: &str) -> Option<u64> {
    if let Some(n) = UNITS.iter().position(|u| *u == word) {
        return Some(n as u64);
    }
    TENS.iter()
        .position(|t| !t.is_empty() && *t == word)
        .map(|i| i as u64 * 10)
}

#[cfg(test)]
mod tests {
    use super::number_in_words as read;

    #[test]
    fn reads_numbers_people_spell_out() {
        assert_eq!(read("twelve").as_deref(), Some("12"));
        assert_eq!(read("Twenty-one").as_deref(), Some("21"));
        assert_eq!(read("one hundred").as_deref(), Some("100"));
        assert_eq!(read("three hundred and five").as_deref(), Some("305"));
        assert_eq!(read("minus forty").as_deref(), Some("-40"));
        assert_eq!(read("a thousand").as_deref(), Some("1000"));
        assert_eq!(read("two thousand four hundred").as_deref(), Some("2400"));
        assert_eq!(read("1 million").as_deref(), Some("1000000"));
        assert_eq!(read("1.5 million").as_deref(), Some("1500000"));
        assert_eq!(read("zero").as_deref(), Some("0"));
    }

    #[test]
    fn refuses_anything_else() {
        for text in [
            "",
            "twelve kilos",
            "one one",
            "twelve three",
            "a",
            "and",
            "hundred",
            "thousand",
            "a thousand million",
            "many",
            "five and",
            "minus",
        ] {
            assert_eq!(read(text), None, "{text:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn never_panics(text in "\\PC{0,60}") {
            let _ = read(&text);
        }

        #[test]
        fn reads_what_it_writes(n in 0u32..1_000_000) {
            proptest::prop_assert_eq!(read(&spell(n)), Some(n.to_string()));
        }
    }

    /// `n` in words, as the tests' oracle.
    fn spell(n: u32) -> String {
        use super::{TENS, UNITS};
        fn below_thousand(n: u32) -> String {
            let mut parts = Vec::new();
            if n >= 100 {
                parts.push(format!("{} hundred", UNITS[(n / 100) as usize]));
            }
            let rest = n % 100;
            if rest >= 20 {
                let t = TENS[(rest / 10) as usize];
                parts.push(match rest % 10 {
                    0 => t.to_owned(),
                    u => format!("{t}-{}", UNITS[u as usize]),
                });
            } else if rest > 0 || n == 0 {
                parts.push(UNITS[rest as usize].to_owned());
            }
            parts.join(" and ")
        }
        if n >= 1000 {
            let rest = n % 1000;
            let head = format!("{} thousand", below_thousand(n / 1000));
            if rest == 0 {
                head
            } else {
                format!("{head} {}", below_thousand(rest))
            }
        } else {
            below_thousand(n)
        }
    }
}
