//! The `format`s the validator checks, each a small hand-written reader of its RFC's grammar.
//! A format it does not know (schemars' `uint8`, `int64`, ...) is not checked, as the
//! specification allows.

use std::net::{Ipv4Addr, Ipv6Addr};

/// A format the validator checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Format {
    Date,
    DateTime,
    Time,
    Duration,
    Email,
    Hostname,
    Ipv4,
    Ipv6,
    Uuid,
    Uri,
    UriReference,
}

impl Format {
    /// The format named `name`, if the validator checks it.
    pub fn of_name(name: &str) -> Option<Format> {
        Some(match name {
            "date" => Format::Date,
            "date-time" => Format::DateTime,
            "time" => Format::Time,
            "duration" => Format::Duration,
            "email" => Format::Email,
            "hostname" => Format::Hostname,
            "ipv4" => Format::Ipv4,
            "ipv6" => Format::Ipv6,
            "uuid" => Format::Uuid,
            "uri" => Format::Uri,
            "uri-reference" => Format::UriReference,
            _ => return None,
        })
    }

    /// The format's name in a schema.
    pub fn name(self) -> &'static str {
        match self {
            Format::Date => "date",
            Format::DateTime => "date-time",
            Format::Time => "time",
            Format::Duration => "duration",
            Format::Email => "email",
            Format::Hostname => "hostname",
            Format::Ipv4 => "ipv4",
            Format::Ipv6 => "ipv6",
            Format::Uuid => "uuid",
            Format::Uri => "uri",
            Format::UriReference => "uri-reference",
        }
    }

    /// Whether `s` is of this format.
    pub fn admits(self, s: &str) -> bool {
        match self {
            Format::Date => date(s),
            Format::DateTime => date_time(s),
            Format::Time => time(s),
            Format::Duration => duration(s),
            Format::Email => email(s),
            Format::Hostname => hostname(s),
            Format::Ipv4 => s.parse::<Ipv4Addr>().is_ok(),
            // No zone index (`%eth0`): the grammar of RFC 4291 has none.
            Format::Ipv6 => s.parse::<Ipv6Addr>().is_ok(),
            Format::Uuid => uuid(s),
            Format::Uri => uri(s, true),
            Format::UriReference => uri(s, false),
        }
    }
}

/// `n` ASCII digits as a number.
fn digits(s: &str, n: usize) -> Option<u32> {
    (s.len() == n && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok())?
}

/// RFC 3339 `full-date`: `2024-02-29`, the day within its month (leap years counted).
fn date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (digits(&s[..4], 4), digits(&s[5..7], 2), digits(&s[8..], 2))
    else {
        return false;
    };
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// RFC 3339 `full-time`: `09:30:00`, optional fraction, then `Z` or an offset `+02:00`. A leap
/// second (`:60`) only where it falls at 23:59 UTC.
fn time(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 9 || b[2] != b':' || b[5] != b':' {
        return false;
    }
    let (Some(h), Some(m), Some(sec)) =
        (digits(&s[..2], 2), digits(&s[3..5], 2), digits(&s[6..8], 2))
    else {
        return false;
    };
    if h > 23 || m > 59 || sec > 60 {
        return false;
    }
    let mut rest = &s[8..];
    if let Some(fraction) = rest.strip_prefix('.') {
        let n = fraction.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &fraction[n..];
    }
    let offset_minutes: i64 = match rest.as_bytes() {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let (Some(oh), Some(om)) = (digits(&rest[1..3], 2), digits(&rest[4..], 2)) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let minutes = i64::from(oh * 60 + om);
            if *sign == b'+' { minutes } else { -minutes }
        }
        _ => return false,
    };
    if sec == 60 {
        let utc = (i64::from(h * 60 + m) - offset_minutes).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

/// RFC 3339 `date-time`: a date, `T`, a time.
fn date_time(s: &str) -> bool {
    match s.as_bytes().get(10) {
        Some(b'T' | b't') => date(&s[..10]) && time(&s[11..]),
        _ => false,
    }
}

/// RFC 3339 appendix A `duration`: `P1Y2M3DT4H5M6S` (each part optional, in this order, at
/// least one; `T` followed by at least one time part) or `P2W`.
fn duration(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('P') else {
        return false;
    };
    if let Some(weeks) = rest.strip_suffix('W') {
        return !weeks.is_empty() && weeks.bytes().all(|b| b.is_ascii_digit());
    }
    let (date_part, time_part) = match rest.split_once('T') {
        Some((d, t)) => (d, Some(t)),
        None => (rest, None),
    };
    let parts = |text: &str, units: &[u8]| -> Option<usize> {
        let mut count = 0;
        let mut next_unit = 0;
        let mut number = 0;
        for b in text.bytes() {
            if b.is_ascii_digit() {
                number += 1;
                continue;
            }
            let at = units[next_unit..].iter().position(|u| *u == b)?;
            if number == 0 {
                return None;
            }
            next_unit += at + 1;
            number = 0;
            count += 1;
        }
        (number == 0).then_some(count)
    };
    let Some(dates) = parts(date_part, b"YMD") else {
        return false;
    };
    match time_part {
        None => dates > 0,
        Some(t) => parts(t, b"HMS").is_some_and(|n| n > 0),
    }
}

/// RFC 1123 host name: dot-separated labels of letters, digits and hyphens, 1 to 63 long, no
/// hyphen first or last, 253 characters in all.
fn hostname(s: &str) -> bool {
    let s = s.strip_suffix('.').unwrap_or(s);
    !s.is_empty()
        && s.len() <= 253
        && s.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

/// An email address as people write them (RFC 5321's `Mailbox` without quoted local parts or
/// comments): a dot-atom local part, `@`, a host name or an address literal `[192.0.2.1]`.
fn email(s: &str) -> bool {
    let Some((local, domain)) = s.rsplit_once('@') else {
        return false;
    };
    const ATEXT: &[u8] = b"!#$%&'*+-/=?^_`{|}~";
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && local.split('.').all(|atom| {
            !atom.is_empty()
                && atom
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || ATEXT.contains(&b) || b >= 0x80)
        });
    let domain_ok = match domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        Some(literal) => match literal.strip_prefix("IPv6:") {
            Some(v6) => v6.parse::<Ipv6Addr>().is_ok(),
            None => literal.parse::<Ipv4Addr>().is_ok(),
        },
        None => hostname(domain) || (!domain.is_ascii() && !domain.contains(['@', ' '])),
    };
    local_ok && domain_ok
}

/// `123e4567-e89b-12d3-a456-426614174000`: 8-4-4-4-12 hexadecimal digits.
fn uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

/// An RFC 3986 URI (`absolute`: with a scheme) or URI reference, at the level of its
/// characters: a scheme of a letter then letters, digits, `+-.`; nothing outside the
/// characters a URI may hold; every `%` followed by two hexadecimal digits; brackets only
/// around an IPv6 host.
fn uri(s: &str, absolute: bool) -> bool {
    let scheme_end = s.find(':').filter(|&i| {
        let scheme = &s[..i];
        let mut b = scheme.bytes();
        b.next().is_some_and(|c| c.is_ascii_alphabetic())
            && b.all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
    });
    // A reference whose first segment holds a ':' must not look like a scheme it is not.
    let rest = match scheme_end {
        Some(i) => &s[i + 1..],
        None if absolute => return false,
        None => {
            let first = s.split(['/', '?', '#']).next().unwrap_or("");
            if first.contains(':') {
                return false;
            }
            s
        }
    };
    let bytes = rest.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'%' => {
                let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
                if !(hex(i + 1) && hex(i + 2)) {
                    return false;
                }
                i += 3;
                continue;
            }
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => {}
            b'-' | b'.' | b'_' | b'~' | b':' | b'/' | b'?' | b'#' | b'@' | b'!' | b'$' | b'&'
            | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=' | b'[' | b']' => {}
            _ => return false,
        }
        i += 1;
    }
    // One '#' at most; brackets only in the authority, around a host.
    if rest.matches('#').count() > 1 {
        return false;
    }
    let after_fragment = rest.split('#').next().unwrap_or("");
    let authority = after_fragment
        .strip_prefix("//")
        .map(|a| a.split(['/', '?']).next().unwrap_or(""));
    let brackets_outside = |t: &str| t.contains(['[', ']']);
    let Some(authority) = authority else {
        return !brackets_outside(after_fragment);
    };
    let (user, host) = authority.rsplit_once('@').unwrap_or(("", authority));
    let tail = &after_fragment[2 + authority.len()..];
    if brackets_outside(user) || brackets_outside(tail) {
        return false;
    }
    match host.strip_prefix('[') {
        Some(bracketed) => bracketed.split_once(']').is_some_and(|(inside, port)| {
            (inside.parse::<Ipv6Addr>().is_ok() || inside.starts_with(['v', 'V']))
                && (port.is_empty()
                    || port
                        .strip_prefix(':')
                        .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit())))
        }),
        None => !brackets_outside(host),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(format: Format, good: &[&str], bad: &[&str]) {
        for s in good {
            assert!(format.admits(s), "{} should admit {s:?}", format.name());
        }
        for s in bad {
            assert!(!format.admits(s), "{} should refuse {s:?}", format.name());
        }
    }

    #[test]
    fn dates_and_times() {
        check(
            Format::Date,
            &["2024-02-29", "1999-12-31", "2000-02-29"],
            &[
                "2023-02-29",
                "1900-02-29",
                "2024-13-01",
                "2024-1-01",
                "tomorrow",
                "2024-04-31",
            ],
        );
        check(
            Format::Time,
            &[
                "09:30:00Z",
                "23:59:60Z",
                "09:30:00.123+02:00",
                "00:00:00z",
                "01:59:60+02:00",
            ],
            &[
                "09:30:00",
                "24:00:00Z",
                "09:60:00Z",
                "12:00:60Z",
                "09:30Z",
                "09:30:00.Z",
                "09:30:00+2:00",
            ],
        );
        check(
            Format::DateTime,
            &["2024-01-31T09:30:00Z", "2024-01-31t09:30:00.5-05:00"],
            &["2024-01-31 09:30:00Z", "2024-01-31T09:30:00", "2024-01-31"],
        );
        check(
            Format::Duration,
            &["P1D", "PT2H", "P1Y2M3DT4H5M6S", "P2W", "P1DT2H", "PT0S"],
            &[
                "P", "PT", "P1H", "1D", "P1DT", "PT1D", "P1M1Y", "PD", "P1W2D",
            ],
        );
    }

    #[test]
    fn addresses_and_names() {
        check(
            Format::Email,
            &["name@example.com", "a.b+c@sub.example.org", "x@[192.0.2.1]"],
            &[
                "name",
                "@example.com",
                "name@",
                "a..b@example.com",
                "a b@example.com",
                "a@-x.com",
            ],
        );
        check(
            Format::Hostname,
            &["example.com", "a-b.c", "localhost", "example.com."],
            &["-a.com", "a_b.com", "", "a..b", &"a".repeat(64)],
        );
        check(
            Format::Ipv4,
            &["192.0.2.1", "0.0.0.0"],
            &["256.0.0.1", "1.2.3", "01.2.3.4", "1.2.3.4 "],
        );
        check(
            Format::Ipv6,
            &["2001:db8::1", "::", "::ffff:192.0.2.1"],
            &["2001:db8::g", "1:2"],
        );
        check(
            Format::Uuid,
            &["123e4567-e89b-12d3-a456-426614174000"],
            &[
                "123e4567e89b12d3a456426614174000",
                "123e4567-e89b-12d3-a456-42661417400g",
            ],
        );
    }

    #[test]
    fn uris() {
        check(
            Format::Uri,
            &[
                "https://example.com/page?q=1#top",
                "mailto:name@example.com",
                "urn:isbn:0451450523",
                "http://[2001:db8::1]:8080/",
                "file:///tmp/a%20b",
            ],
            &[
                "/relative/path",
                "example.com",
                "http://a b",
                "http://x/%zz",
                "1http://x",
                "http://x/#a#b",
            ],
        );
        check(
            Format::UriReference,
            &[
                "/relative/path",
                "page?q=1",
                "#frag",
                "",
                "https://example.com",
            ],
            &["a b", "%zz", "1a:b"],
        );
    }
}
