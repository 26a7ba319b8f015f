//! Numbers for coercion: numeric strings as people write them, and whole-number checks done on
//! the decimal text so no digit is lost to floating point.

/// The JSON number text of a numeric string: trimmed, `+` dropped, `_` between digits and
/// well-formed thousands separators (`1,000,000`) removed, `.5` read as `0.5`, leading zeros
/// dropped. `None` if what is left is not a number.
pub(crate) fn parse_numeric(raw: &str) -> Option<String> {
    let s = raw.trim();
    let (sign, body) = match s.as_bytes().first()? {
        b'-' => ("-", &s[1..]),
        b'+' => ("", &s[1..]),
        _ => ("", s),
    };
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(p) => (&body[..p], Some(&body[p + 1..])),
        None => (body, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let int = ungroup(int)?;
    let int = int.trim_start_matches('0');
    let int = if int.is_empty() { "0" } else { int };
    let mut text = format!("{sign}{int}");
    if let Some(frac) = frac {
        let frac = frac.replace('_', "");
        if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.push('.');
        text.push_str(&frac);
    } else if mantissa.is_empty() {
        return None;
    }
    if let Some(exp) = exponent {
        let digits = exp.strip_prefix(['+', '-']).unwrap_or(exp);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.push('e');
        text.push_str(exp);
    }
    text.parse::<serde_json::Number>().ok().map(|_| text)
}

/// The integer part's digits without `_` separators or thousands commas; `None` when it has
/// anything else, or commas that do not group by three.
fn ungroup(int: &str) -> Option<String> {
    if int.is_empty() {
        return Some(String::new());
    }
    let no_underscores: String = int.split('_').collect();
    if int.starts_with('_') || int.ends_with('_') || int.contains("__") {
        return None;
    }
    let groups: Vec<&str> = no_underscores.split(',').collect();
    let grouped = groups.len() > 1;
    for (i, g) in groups.iter().enumerate() {
        let ok_len = if !grouped {
            !g.is_empty()
        } else if i == 0 {
            (1..=3).contains(&g.len())
        } else {
            g.len() == 3
        };
        if !ok_len || !g.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
    }
    Some(groups.concat())
}

/// Whether a string is a number no `f64` holds: `NaN`, `inf`, `Infinity` (any case, signed) or
/// one too large (`1e999`), as repair keeps them.
pub fn non_finite(text: &str) -> bool {
    text.trim().parse::<f64>().is_ok_and(|f| !f.is_finite())
}

/// Largest number of digits a whole number built from an exponent may have.
const MAX_INTEGER_DIGITS: usize = 400;

/// The integer text of a JSON number's text if its value is a whole number (`3.0` → `3`,
/// `1.5e1` → `15`, `1e3` → `1000`), `None` if it has a fractional part.
pub(crate) fn integral(text: &str) -> Option<String> {
    let (neg, body) = text.strip_prefix('-').map_or((false, text), |b| (true, b));
    let (mantissa, exp) = match body.find(['e', 'E']) {
        Some(p) => (&body[..p], body[p + 1..].parse::<i64>().ok()?),
        None => (body, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut digits = format!("{int}{frac}");
    let point = i64::try_from(int.len()).ok()? + exp;
    if point < 0 {
        return digits.bytes().all(|b| b == b'0').then(|| "0".to_owned());
    }
    let point = usize::try_from(point).ok()?;
    if point > MAX_INTEGER_DIGITS {
        return None;
    }
    if point >= digits.len() {
        digits.extend(std::iter::repeat_n('0', point - digits.len()));
    } else if !digits[point..].bytes().all(|b| b == b'0') {
        return None;
    } else {
        digits.truncate(point);
    }
    let digits = digits.trim_start_matches('0');
    Some(match (digits.is_empty(), neg) {
        (true, _) => "0".to_owned(),
        (false, true) => format!("-{digits}"),
        (false, false) => digits.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_strings() {
        assert_eq!(parse_numeric(" 1_000 ").as_deref(), Some("1000"));
        assert_eq!(parse_numeric("1,000,000").as_deref(), Some("1000000"));
        assert_eq!(parse_numeric("+5").as_deref(), Some("5"));
        assert_eq!(parse_numeric(".5").as_deref(), Some("0.5"));
        assert_eq!(parse_numeric("-2.5e3").as_deref(), Some("-2.5e3"));
        assert_eq!(parse_numeric("12abc"), None);
        assert_eq!(parse_numeric("1,00"), None);
        assert_eq!(parse_numeric(""), None);
        assert_eq!(parse_numeric("-"), None);
        assert_eq!(parse_numeric("1."), None);
    }

    #[test]
    fn whole_numbers() {
        assert_eq!(integral("3.0").as_deref(), Some("3"));
        assert_eq!(integral("1.5e1").as_deref(), Some("15"));
        assert_eq!(integral("1e3").as_deref(), Some("1000"));
        assert_eq!(integral("-0.0").as_deref(), Some("0"));
        assert_eq!(integral("1.5"), None);
        assert_eq!(integral("1e-3"), None);
        assert_eq!(
            integral("123456789012345678901234567890").as_deref(),
            Some("123456789012345678901234567890")
        );
        assert_eq!(integral("1e100000"), None);
    }
}
