//! Duration literals: `"500ms"`, `"5s"`, `"2m"`, `"1h"`, read at compile time.

use syn::LitStr;

/// The duration `lit` spells, in milliseconds, or an error on the literal saying what is valid.
pub(crate) fn parse_millis(lit: &LitStr) -> syn::Result<u64> {
    let text = lit.value();
    let bad = |why: &str| {
        syn::Error::new(
            lit.span(),
            format!(
                "invalid duration \"{text}\": {why}; write an integer followed by `ms`, `s`, `m` or `h`, e.g. \"500ms\", \"5s\" or \"2m\""
            ),
        )
    };
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .ok_or_else(|| bad("the unit is missing"))?;
    let (digits, unit) = text.split_at(split);
    if digits.is_empty() {
        return Err(bad("it does not start with a number"));
    }
    let n: u64 = digits.parse().map_err(|_| bad("the number is too large"))?;
    let per_unit: u64 = match unit {
        "ms" => 1,
        "s" => 1_000,
        "m" => 60_000,
        "h" => 3_600_000,
        _ => return Err(bad(&format!("`{unit}` is not a unit"))),
    };
    let millis = n
        .checked_mul(per_unit)
        .ok_or_else(|| bad("the number is too large"))?;
    if millis == 0 {
        return Err(bad("a zero duration would expire at once"));
    }
    Ok(millis)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(s: &str) -> Result<u64, String> {
        parse_millis(&LitStr::new(s, proc_macro2::Span::call_site())).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_the_four_units() {
        assert_eq!(ms("500ms"), Ok(500));
        assert_eq!(ms("5s"), Ok(5_000));
        assert_eq!(ms("2m"), Ok(120_000));
        assert_eq!(ms("1h"), Ok(3_600_000));
    }

    #[test]
    fn rejects_bad_literals_with_a_reason() {
        assert!(ms("5").unwrap_err().contains("unit is missing"));
        assert!(ms("5 s").unwrap_err().contains("` s` is not a unit"));
        assert!(
            ms("s")
                .unwrap_err()
                .contains("does not start with a number")
        );
        assert!(ms("0s").unwrap_err().contains("zero"));
        assert!(
            ms("99999999999999999999s")
                .unwrap_err()
                .contains("too large")
        );
        assert!(ms("1.5s").unwrap_err().contains("`.5s` is not a unit"));
    }
}
