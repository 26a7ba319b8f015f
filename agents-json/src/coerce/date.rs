//! Calendar dates as people write them, read into the `YYYY-MM-DD` of JSON Schema's
//! `format: "date"` (RFC 3339's full-date).
//!
//! Only what reads one way: a month by its name (`March 12, 2026`, `12 March 2026`, `the 2nd of
//! June 2026`, `Dec 1 2026`, `Wednesday, March 12 2026`, `25DEC2026`), the year first (`2026/3/12`,
//! `2026.03.12`), or digits where only one reading is a date (`13/03/2026` is the 13th of March,
//! `03/13/2026` too). Nothing is guessed: no year means no date (`March 12`), `03/04/2026` could
//! be March or April, and `next Friday` depends on a today this code does not know.

use serde_json::Value;

use super::{Coercion, CoercionKind};
use crate::schema::{concrete, schema_at};

/// The `YYYY-MM-DD` text of the calendar date `text` gives, or `None` when it gives none, or
/// more than one reading.
///
/// ```
/// assert_eq!(agents_json::calendar_date("Jan 28, 2021").as_deref(), Some("2021-01-28"));
/// assert_eq!(agents_json::calendar_date("March 12"), None); // no year, no date
/// ```
pub fn calendar_date(text: &str) -> Option<String> {
    let text = text.trim();
    // A date is a few words: anything longer is a sentence, not a value.
    if text.is_empty() || text.len() > 48 {
        return None;
    }
    let (year, month, day) = numeric(text).or_else(|| named(text))?;
    (1..=9999).contains(&year).then_some(())?;
    (1..=12).contains(&month).then_some(())?;
    (1..=days_in(year, month)).contains(&day).then_some(())?;
    Some(format!("{year:04}-{month:02}-{day:02}"))
}

/// Reads, in `value` (arguments for a tool with parameters `schema`), every string whose own
/// schema gives no `format` but whose description asks for `YYYY-MM-DD` and no time of day
/// (`"in the format of 'YYYY-MM-DD'"`, as many tool specs say it), as a `format: "date"` string
/// is read: a date people write (`"25th April 2023"`) or a timestamp's date
/// (`"2023-04-25T10:00:00Z"`) becomes `"2023-04-25"`. Such a string is valid as it was, so
/// [`coerce`](crate::coerce) leaves it; this reads the description's prose, for callers that
/// choose to. Returns what was changed.
///
/// ```
/// use serde_json::json;
/// let schema = json!({"type": "object", "properties": {
///     "day": {"type": "string", "description": "The day, in the format of 'YYYY-MM-DD'."}}});
/// let mut args = json!({"day": "2023-04-25T10:00:00Z"});
/// let read = agents_json::read_described_dates(&mut args, &schema);
/// assert_eq!(args, json!({"day": "2023-04-25"}));
/// assert_eq!(read[0].path, "/day");
/// ```
pub fn read_described_dates(value: &mut Value, schema: &Value) -> Vec<Coercion> {
    let mut out = Vec::new();
    described_walk(
        value,
        schema,
        &mut String::new(),
        &mut String::new(),
        0,
        &mut out,
    );
    out
}

/// `at` is the field path for [`schema_at`] (`trip.days[1]`), `pointer` the JSON Pointer the
/// change is reported at (`/trip/days/1`).
fn described_walk(
    v: &mut Value,
    root: &Value,
    at: &mut String,
    pointer: &mut String,
    depth: usize,
    out: &mut Vec<Coercion>,
) {
    if depth > crate::MAX_DEPTH {
        return;
    }
    let (at_len, pointer_len) = (at.len(), pointer.len());
    match v {
        Value::Object(members) => {
            for (key, item) in members.iter_mut() {
                if !at.is_empty() {
                    at.push('.');
                }
                at.push_str(key);
                pointer.push('/');
                pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
                described_walk(item, root, at, pointer, depth + 1, out);
                at.truncate(at_len);
                pointer.truncate(pointer_len);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                at.push_str(&format!("[{i}]"));
                pointer.push_str(&format!("/{i}"));
                described_walk(item, root, at, pointer, depth + 1, out);
                at.truncate(at_len);
                pointer.truncate(pointer_len);
            }
        }
        Value::String(s) => {
            let Some(own) = schema_at(root, at) else {
                return;
            };
            let own = concrete(root, own);
            let asks = own.get("format").is_none()
                && own
                    .get("description")
                    .and_then(Value::as_str)
                    .is_some_and(describes_date_only);
            let read = asks.then(|| date_of(s)).flatten();
            if let Some(iso) = read.filter(|iso| iso != s) {
                out.push(Coercion {
                    kind: CoercionKind::NormalizedDate {
                        from: std::mem::replace(s, iso.clone()),
                        to: iso,
                    },
                    path: pointer.clone(),
                });
            }
        }
        _ => {}
    }
}

/// The `YYYY-MM-DD` a string gives: a date people write, else a timestamp's date. `None` when
/// it gives neither.
pub(crate) fn date_of(text: &str) -> Option<String> {
    calendar_date(text).or_else(|| timestamp_date(text))
}

/// The `YYYY-MM-DD` of a timestamp that starts with one (`2023-03-04T10:00:00Z`,
/// `2023-03-04 10:00`, `2023-03-04T10:00:00+02:00`): the date it was written on, its time of
/// day dropped. `None` for anything else.
pub(crate) fn timestamp_date(text: &str) -> Option<String> {
    let text = text.trim();
    let (date, time) = text.split_at_checked(10)?;
    let time = time.strip_prefix(['T', 't', ' '])?;
    let clock = time.trim_end_matches(['Z', 'z']);
    let clock = clock
        .rfind(['+', '-'])
        .filter(|&at| at >= 5)
        .map_or(clock, |at| &clock[..at]);
    // A fraction of a second (`10:00:00.250`) is dropped; only seconds may have one.
    let clock = match clock.split_once('.') {
        Some((whole, _)) if whole.matches(':').count() == 2 => whole,
        Some(_) => return None,
        None => clock,
    };
    let seconds = clock.matches(':').count() == 2;
    if !clock_reads(clock, seconds) || date.as_bytes()[4] != b'-' {
        return None;
    }
    calendar_date(date)
}

/// The form a string's description asks its date in: what [`described_date_form`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum DateForm {
    /// `YYYY-MM-DD`, and no time of day.
    Date,
    /// `YYYY-MM-DD`, then `separator` (`'T'` or `' '`) and `HH:MM`, then `:SS` where `seconds`.
    Timestamp {
        /// What the description writes between the date and the time.
        separator: char,
        /// Whether the description asks for seconds too (`HH:MM:SS`).
        seconds: bool,
    },
    /// A time of day alone, `HH:MM`, then `:SS` where `seconds` (`"in 24-hour HH:MM format"`).
    Time {
        /// Whether the description asks for seconds too (`HH:MM:SS`).
        seconds: bool,
    },
}

impl DateForm {
    /// `date` (`YYYY-MM-DD`) at `hour`:`minute` written in this form; for [`DateForm::Date`]
    /// the date alone, for [`DateForm::Time`] the time alone.
    ///
    /// ```
    /// use agents_json::DateForm;
    /// let form = DateForm::Timestamp { separator: 'T', seconds: false };
    /// assert_eq!(form.write("2027-01-15", 8, 30), "2027-01-15T08:30");
    /// ```
    pub fn write(self, date: &str, hour: u32, minute: u32) -> String {
        match self {
            DateForm::Date => date.to_owned(),
            DateForm::Timestamp { separator, seconds } => {
                let seconds = if seconds { ":00" } else { "" };
                format!("{date}{separator}{hour:02}:{minute:02}{seconds}")
            }
            DateForm::Time { seconds } => {
                let seconds = if seconds { ":00" } else { "" };
                format!("{hour:02}:{minute:02}{seconds}")
            }
        }
    }

    /// Whether `text` is written in this form already (`2027-01-15`, `2027-01-15T08:30`).
    ///
    /// ```
    /// use agents_json::DateForm;
    /// assert!(DateForm::Date.holds("2027-01-15"));
    /// assert!(!DateForm::Date.holds("Jan 15, 2027"));
    /// ```
    pub fn holds(self, text: &str) -> bool {
        if let DateForm::Time { seconds } = self {
            return clock_reads(text, seconds);
        }
        let Some((date, time)) = text.split_at_checked(10) else {
            return false;
        };
        let date_reads = date.as_bytes()[4] == b'-' && calendar_date(date).as_deref() == Some(date);
        match self {
            DateForm::Date => date_reads && time.is_empty(),
            DateForm::Timestamp { separator, seconds } => {
                let Some(clock) = time.strip_prefix(separator) else {
                    return false;
                };
                date_reads && clock_reads(clock, seconds)
            }
            DateForm::Time { .. } => false,
        }
    }
}

/// Whether `clock` is `HH:MM`, or `HH:MM:SS` where `seconds`, in two digits each.
fn clock_reads(clock: &str, seconds: bool) -> bool {
    let parts: Vec<&str> = clock.split(':').collect();
    let two_digits = |p: &str, max: u32| p.len() == 2 && p.parse::<u32>().is_ok_and(|n| n <= max);
    match parts[..] {
        [h, m] => !seconds && two_digits(h, 23) && two_digits(m, 59),
        [h, m, s] => seconds && two_digits(h, 23) && two_digits(m, 59) && two_digits(s, 60),
        _ => false,
    }
}

/// The form a description asks a date in: `YYYY-MM-DD` named, and a time of day after it
/// (`'YYYY-MM-DD HH:mm'`, `YYYY-MM-DDTHH:MM:SS`) or not; or, with no date named, `HH:MM` alone
/// (a time of day; not where the description speaks of a duration, `"elapsed time in
/// HH:MM:SS"`). Where the pattern is named more than
/// once, a timestamp wins (`"YYYY-MM-DD, or YYYY-MM-DD HH:MM for a time"` takes times).
/// `None` where no such pattern is named, or a time follows it in another form
/// (`YYYY-MM-DD hh a`).
///
/// ```
/// use agents_json::{DateForm, described_date_form};
/// assert_eq!(described_date_form("Day, as YYYY-MM-DD."), Some(DateForm::Date));
/// assert_eq!(
///     described_date_form("Start, in the format YYYY-MM-DDTHH:MM."),
///     Some(DateForm::Timestamp { separator: 'T', seconds: false }),
/// );
/// assert_eq!(described_date_form("The city."), None);
/// ```
pub fn described_date_form(description: &str) -> Option<DateForm> {
    let lower = description.to_lowercase();
    let mut rest = lower.as_str();
    let mut found = None;
    while let Some(at) = rest.find("yyyy-mm-dd") {
        let after = &rest[at + 10..];
        let separator = match after.as_bytes().first() {
            Some(b't') => Some('T'),
            Some(b' ') => Some(' '),
            _ => None,
        };
        if after.trim_start_matches([' ', 't']).starts_with("hh") {
            // A time of day follows: a timestamp, in a form read only where it is plain.
            let clock = separator.and_then(|_| after[1..].strip_prefix("hh:mm"));
            return separator
                .zip(clock)
                .map(|(separator, clock)| DateForm::Timestamp {
                    separator,
                    seconds: clock.starts_with(":ss"),
                });
        }
        found = Some(DateForm::Date);
        rest = after;
    }
    if found.is_none()
        && let Some(at) = lower.find("hh:mm")
    {
        // A time of day alone; not a duration (`"elapsed time in HH:MM:SS"`).
        let duration = ["elapsed", "duration", "how long"]
            .iter()
            .any(|w| lower.contains(w));
        let seconds = lower[at + 5..].starts_with(":ss");
        return (!duration).then_some(DateForm::Time { seconds });
    }
    found
}

/// Whether a description asks for a calendar date as `YYYY-MM-DD` and nothing more: it names
/// that pattern, and no time of day after it (`'YYYY-MM-DD HH:mm:ss'` and `YYYY-MM-DDTHH:MM`
/// ask for a timestamp).
pub(crate) fn describes_date_only(description: &str) -> bool {
    described_date_form(description) == Some(DateForm::Date)
}

/// `2026-03-12`, `2026/3/12`, `2026.03.12`, and `13/03/2026` or `03/13/2026` where only one
/// reading has a month.
fn numeric(text: &str) -> Option<(u32, u32, u32)> {
    let separator = text.chars().find(|c| matches!(c, '-' | '/' | '.'))?;
    let parts: Vec<&str> = text.split(separator).collect();
    let [a, b, c] = parts[..] else { return None };
    let digits = |p: &str| (1..=4).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit());
    if !(digits(a) && digits(b) && digits(c)) {
        return None;
    }
    let (x, y, z) = (a.parse().ok()?, b.parse().ok()?, c.parse().ok()?);
    match (a.len(), c.len()) {
        (4, 1..=2) => Some((x, y, z)),
        (1..=2, 4) => match (x > 12, y > 12) {
            (true, false) => Some((z, y, x)),
            (false, true) => Some((z, x, y)),
            // The same either way (`05/05/2026`), or no month at all.
            (false, false) if x == y => Some((z, x, y)),
            _ => None,
        },
        _ => None,
    }
}

/// A month by its name, a day and a four-digit year, in any order, with weekday names and the
/// filler words `the`, `of`, `on` left out.
fn named(text: &str) -> Option<(u32, u32, u32)> {
    let lower = text.to_lowercase();
    let (mut year, mut month, mut day) = (None, None, None);
    for word in lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty())
        .flat_map(compact_parts)
    {
        if matches!(word, "the" | "of" | "on") || is_weekday(word) {
            continue;
        }
        let slot = if let Some(m) = month_number(word) {
            (&mut month, m)
        } else if word.len() == 4 && word.bytes().all(|b| b.is_ascii_digit()) {
            (&mut year, word.parse().ok()?)
        } else {
            (&mut day, day_number(word)?)
        };
        // A second month, year or day is a range or a sentence, not one date.
        if slot.0.replace(slot.1).is_some() {
            return None;
        }
    }
    Some((year?, month?, day?))
}

/// A word written as one date without spaces, a day, a month's name and a year (`25dec2026`,
/// as flight plans and logs write dates), as its three parts; any other word as it is.
fn compact_parts(word: &str) -> Vec<&str> {
    let letters_at = word.find(|c: char| c.is_ascii_alphabetic());
    let digits_at = letters_at.and_then(|at| {
        word[at..]
            .find(|c: char| c.is_ascii_digit())
            .map(|d| at + d)
    });
    if let (Some(l), Some(d)) = (letters_at, digits_at) {
        let (day, name, year) = (&word[..l], &word[l..d], &word[d..]);
        let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
        let compact = (1..=2).contains(&day.len())
            && digits(day)
            && name.bytes().all(|b| b.is_ascii_alphabetic())
            && month_number(name).is_some()
            && year.len() == 4
            && digits(year);
        if compact {
            return vec![day, name, year];
        }
    }
    vec![word]
}

/// `12`, `3rd`, `21st`, `2nd`, `15th`: a day of the month, its ordinal suffix the right one.
fn day_number(word: &str) -> Option<u32> {
    let digits_end = word
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(word.len());
    let (digits, suffix) = word.split_at(digits_end);
    if digits.is_empty() || digits.len() > 2 {
        return None;
    }
    let day: u32 = digits.parse().ok()?;
    let right = match (day % 100, day % 10) {
        (11..=13, _) => "th",
        (_, 1) => "st",
        (_, 2) => "nd",
        (_, 3) => "rd",
        _ => "th",
    };
    (suffix.is_empty() || suffix == right).then_some(day)
}

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

/// A month's number from its name or a prefix of at least three letters (`mar`, `sept`).
fn month_number(word: &str) -> Option<u32> {
    if word.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| m.starts_with(word))
        .map(|i| i as u32 + 1)
}

fn is_weekday(word: &str) -> bool {
    const DAYS: [&str; 7] = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ];
    word.len() >= 3 && DAYS.iter().any(|d| d.starts_with(word))
}

fn days_in(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_written_without_spaces_reads() {
        assert_eq!(calendar_date("25DEC2026").as_deref(), Some("2026-12-25"));
        assert_eq!(calendar_date("3mar2027").as_deref(), Some("2027-03-03"));
        // Not a day, a month's name and a year, run together.
        for text in ["25DEC26", "DEC2026", "2026dec25", "25xyz2026", "123dec2026"] {
            assert_eq!(calendar_date(text), None, "{text}");
        }
    }

    #[test]
    fn dates_with_a_month_name_read_in_any_usual_order() {
        for (text, iso) in [
            ("March 12, 2026", "2026-03-12"),
            ("march 3rd 2026", "2026-03-03"),
            ("12 March 2026", "2026-03-12"),
            ("the 2nd of June 2026", "2026-06-02"),
            ("Dec 1 2026", "2026-12-01"),
            ("Sept. 21st, 2026", "2026-09-21"),
            ("Wednesday, March 11, 2026", "2026-03-11"),
            ("2026 May 2", "2026-05-02"),
        ] {
            assert_eq!(calendar_date(text).as_deref(), Some(iso), "{text}");
        }
    }

    #[test]
    fn digits_read_only_where_one_reading_is_a_date() {
        assert_eq!(calendar_date("2026-03-12").as_deref(), Some("2026-03-12"));
        assert_eq!(calendar_date("2026/3/5").as_deref(), Some("2026-03-05"));
        assert_eq!(calendar_date("13/03/2026").as_deref(), Some("2026-03-13"));
        assert_eq!(calendar_date("03/13/2026").as_deref(), Some("2026-03-13"));
        assert_eq!(calendar_date("05.05.2026").as_deref(), Some("2026-05-05"));
        assert_eq!(calendar_date("03/04/2026"), None, "March or April");
        assert_eq!(calendar_date("12/03/26"), None, "which century");
    }

    #[test]
    fn a_timestamp_gives_its_date() {
        for (text, date) in [
            ("2023-03-04T10:00:00Z", "2023-03-04"),
            ("2023-03-04 10:00", "2023-03-04"),
            ("2023-03-04T10:00:00+02:00", "2023-03-04"),
            ("2023-03-04T23:59:59.250-05:00", "2023-03-04"),
        ] {
            assert_eq!(timestamp_date(text).as_deref(), Some(date), "{text}");
        }
        for text in [
            "2023-03-04",
            "2023-02-30T10:00:00Z",
            "2023-03-04T25:00:00Z",
            "2023-03-04Tlunch",
            "04/03/2023 10:00",
            "2023-03-04T10:00:00Z and more",
            "",
        ] {
            assert_eq!(timestamp_date(text), None, "{text}");
        }
    }

    /// Only strings whose own schema asks by description (no `format`) are read, at any depth;
    /// a description asking for a timestamp, and a date that reads no way, are left.
    #[test]
    fn described_dates_are_read_where_their_own_schema_asks() {
        let schema = serde_json::json!({"type": "object", "properties": {
            "date": {"type": "string", "description": "The day, in the format of 'YYYY-MM-DD'."},
            "until": {"type": "string", "description": "In the format of 'YYYY-MM-DD HH:mm:ss'."},
            "note": {"type": "string"},
            "trip": {"type": "object", "properties": {"days": {"type": "array", "items": {
                "type": "string", "description": "Each day as YYYY-MM-DD."}}}}}});
        let mut args = serde_json::json!({"date": "25th April 2023", "until": "2023-03-04T10:00:00Z",
            "note": "2023-03-04T10:00:00Z", "trip": {"days": ["2023-05-01T09:00:00Z", "soon"]}});
        let read: Vec<String> = read_described_dates(&mut args, &schema)
            .into_iter()
            .map(|c| c.path)
            .collect();
        assert_eq!(read, ["/date", "/trip/days/0"]);
        assert_eq!(
            args,
            serde_json::json!({"date": "2023-04-25", "until": "2023-03-04T10:00:00Z",
                "note": "2023-03-04T10:00:00Z", "trip": {"days": ["2023-05-01", "soon"]}})
        );
    }

    #[test]
    fn a_description_asks_for_a_date_only_when_no_time_follows_the_pattern() {
        assert!(describes_date_only(
            "The date, in the format of 'YYYY-MM-DD'. If not provided, today."
        ));
        assert!(describes_date_only("Start date (yyyy-mm-dd)"));
        for d in [
            "The end, in the format of 'YYYY-MM-DD HH:mm:ss'.",
            "ISO-8601, e.g. 'YYYY-MM-DDTHH:MM:SS'.",
            "The date of the trip.",
            "dd/mm/yyyy",
        ] {
            assert!(!describes_date_only(d), "{d}");
        }
    }

    #[test]
    fn a_description_names_the_form_of_its_timestamp() {
        let ts = |separator, seconds| Some(DateForm::Timestamp { separator, seconds });
        assert_eq!(
            described_date_form("As 'YYYY-MM-DD HH:mm:ss'."),
            ts(' ', true)
        );
        assert_eq!(
            described_date_form("ISO, YYYY-MM-DDTHH:MM."),
            ts('T', false)
        );
        assert_eq!(
            described_date_form("YYYY-MM-DD, or YYYY-MM-DD HH:MM with a time"),
            ts(' ', false)
        );
        assert_eq!(described_date_form("yyyy-mm-dd"), Some(DateForm::Date));
        // A time in a form this does not write: neither a date alone nor a timestamp.
        assert_eq!(described_date_form("YYYY-MM-DD hh a"), None);
        assert_eq!(described_date_form("dd/mm/yyyy"), None);
        assert_eq!(
            described_date_form("Start time in 24-hour HH:MM format."),
            Some(DateForm::Time { seconds: false })
        );
        assert_eq!(
            described_date_form("Total elapsed time in HH:MM:SS format."),
            None
        );
    }

    #[test]
    fn a_form_holds_only_what_is_written_in_it() {
        let minutes = DateForm::Timestamp {
            separator: 'T',
            seconds: false,
        };
        assert!(minutes.holds("2027-01-15T08:30"));
        for text in [
            "2027-01-15 08:30",
            "2027-01-15T8:30",
            "2027-01-15T08:30:00",
            "2027-01-15",
            "8:30",
        ] {
            assert!(!minutes.holds(text), "{text}");
        }
        let seconds = DateForm::Timestamp {
            separator: ' ',
            seconds: true,
        };
        assert!(seconds.holds("2027-01-15 08:30:00"));
        assert_eq!(seconds.write("2027-01-15", 14, 5), "2027-01-15 14:05:00");
        assert!(!DateForm::Date.holds("2027-02-30"));
        assert!(!DateForm::Date.holds("15/01/2027"));
        let time = DateForm::Time { seconds: false };
        assert!(time.holds("14:40"));
        assert!(!time.holds("2:40 pm") && !time.holds("2027-01-15T14:40"));
        assert_eq!(time.write("2027-01-15", 9, 5), "09:05");
    }

    #[test]
    fn nothing_is_guessed() {
        for text in [
            "March 12",
            "next Friday",
            "tomorrow",
            "2026",
            "February 30, 2026",
            "2025-02-29",
            "March 3th 2026",
            "March 12 or 13, 2026",
            "text",
            "",
            "from March 1 2026 to April 2 2026",
        ] {
            assert_eq!(calendar_date(text), None, "{text}");
        }
        assert_eq!(calendar_date("2024-02-29").as_deref(), Some("2024-02-29"));
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn no_text_panics(text in "\\PC{0,60}") {
                let _ = calendar_date(&text);
                let _ = timestamp_date(&text);
                let _ = describes_date_only(&text);
            }

            /// A timestamp of every real date and time gives that date.
            #[test]
            fn every_timestamp_gives_its_date(
                year in 1900u32..2200, month in 1u32..=12, day in 1u32..=31,
                hour in 0u32..24, minute in 0u32..60, zone in prop::sample::select(vec!["Z", "", "+02:00", "-05:30"]),
            ) {
                prop_assume!(day <= days_in(year, month));
                let iso = format!("{year:04}-{month:02}-{day:02}");
                let text = format!("{iso}T{hour:02}:{minute:02}:00{zone}");
                prop_assert_eq!(timestamp_date(&text), Some(iso), "{}", text);
            }

            /// Every real date, written in each usual way, reads back as itself.
            #[test]
            fn every_date_reads_back(year in 1900u32..2200, month in 1u32..=12, day in 1u32..=31) {
                prop_assume!(day <= days_in(year, month));
                let iso = format!("{year:04}-{month:02}-{day:02}");
                let name = MONTHS[month as usize - 1];
                for text in [
                    iso.clone(),
                    format!("{name} {day}, {year}"),
                    format!("{day} {} {year}", &name[..3]),
                    format!("the {day} of {name} {year}"),
                    format!("{year}/{month}/{day}"),
                ] {
                    prop_assert_eq!(calendar_date(&text), Some(iso.clone()), "{}", text);
                }
            }
        }
    }
}
