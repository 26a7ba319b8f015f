//! A piece of a date the user wrote, read as the whole date
//! ([`Recovery::whole_dates`], a piece of the small-model profile).
//!
//! A small model asked for a `YYYY-MM-DD` date copies one word of the date the user wrote: the
//! year (`"2027"` for "on 9 Feb 2027"), the day and the year (`"19 2026"` for "dec 19 2026"), a
//! month and day whose year the user wrote once for a range (`"Oct 3"` for "from Oct 3 to
//! Oct 7, 2027"). Asked for a timestamp (`YYYY-MM-DDTHH:MM`), it copies the time alone
//! (`"8:30 am"` for "at 8:30 am on 2027-01-15"); asked for a time of day (`HH:MM`), the date
//! (`"9 march 2027"` for "on 9 March 2027 at 2:40 pm"), or the time as the user wrote it. Each is a string its schema takes, and no
//! date. Where an argument's description asks for a date or a timestamp, its value does not
//! read as one, and its words are all words of exactly one date the user wrote (and, for a
//! timestamp, the time is the one time of day the user wrote, or the value is that time), the
//! argument takes that date, in the form its description asks for. An argument asking for a
//! time of day takes the user's time the value writes another way, or, where the value is a
//! date of theirs or a piece of one, the one time of day they wrote; an argument asking for a
//! date that holds a time of day of theirs alone (`"08:15"`, `"10am"`) takes the one date they
//! wrote. Nothing is guessed: a
//! value that is a piece of two dates (`"2027"` for "from Jan 1 2027 until Sept 15 2027"),
//! once the dates the call's other arguments hold are set aside, is left as it is, and so are
//! a piece two arguments hold alike and a timestamp where the user wrote no time of day, or
//! several.

use std::sync::OnceLock;

use agents_json::DateForm;
use regex_lite::Regex;
use serde_json::{Map, Value};

/// An argument set to the whole date the user wrote.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Widened {
    /// The argument.
    pub argument: String,
    /// The value it held.
    pub value: String,
    /// The date (or timestamp) it now holds.
    pub date: String,
    /// The user's words it was read from (`"9 Feb 2027"`, `"8:30 am"` and `"2027-01-15"`).
    pub written: String,
}

impl From<Widened> for crate::event::ArgumentChange {
    fn from(w: Widened) -> Self {
        crate::event::ArgumentChange::DateWidened {
            argument: w.argument,
            value: w.value,
            date: w.date,
            written: w.written,
        }
    }
}

/// Sets every top-level string argument of `args` (a call to a tool with parameters `schema`)
/// whose description asks for a date or a timestamp, and which holds a piece of exactly one
/// date `told` (what the model was told) writes, to that date, as the module says. Returns what
/// was set, in argument order.
pub(crate) fn widen_dates(args: &mut Value, schema: &Value, told: &str) -> Vec<Widened> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let forms: Vec<(String, DateForm)> = members
        .iter()
        .filter_map(|(name, value)| {
            let form = described_form(schema, name)?;
            let text = value.as_str()?;
            (!form.holds(text) && !text.trim().is_empty()).then(|| (name.clone(), form))
        })
        .collect();
    if forms.is_empty() {
        return Vec::new();
    }
    let dates = written_dates(told);
    let clocks = clocks_in(told);
    if dates.is_empty() && clocks.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (name, form) in forms {
        let held = held_elsewhere(members, &name);
        let Some(text) = members.get(&name).and_then(Value::as_str) else {
            continue;
        };
        // The same piece in two arguments (`"April 5"` as both start and end) says which date
        // neither is.
        let words = date_words(text);
        let alike: Vec<&String> = members
            .iter()
            .filter(|(other, v)| {
                *other != &name && v.as_str().is_some_and(|v| date_words(v) == words)
            })
            .map(|(other, _)| other)
            .collect();
        // A time of day alone in a date and in the time beside it is the time's, not a piece
        // of a date both share; a whole date in a time of day and in the date beside it is the
        // date's (the model answered the date for both).
        let time_alone_in_date = form == DateForm::Date && is_time_alone(text);
        let date_in_time = matches!(form, DateForm::Time { .. })
            && agents_json::calendar_date(text).is_some()
            && alike
                .iter()
                .all(|other| described_form(schema, other) == Some(DateForm::Date));
        if !alike.is_empty() && !time_alone_in_date && !date_in_time {
            continue;
        }
        let Some((date, written)) = whole_date(text, form, &dates, &clocks, &held) else {
            continue;
        };
        out.push(Widened {
            argument: name.clone(),
            value: text.to_owned(),
            date: date.clone(),
            written,
        });
        members.insert(name, Value::String(date));
    }
    out
}

/// The date (in `form`) and the user's words it is read from that `text` is a piece of, where
/// exactly one date of `dates` not in `held` holds it (and, for a timestamp, one time of day
/// does).
fn whole_date(
    text: &str,
    form: DateForm,
    dates: &[Written],
    clocks: &[Clock],
    held: &[String],
) -> Option<(String, String)> {
    // The time of day the value gives, if any, must be one the user wrote; the rest of its
    // words are the date's.
    let own_clocks = clocks_in(text);
    let (clock, rest) = match own_clocks.as_slice() {
        [] => (None, text.to_owned()),
        [own] => {
            let told = clocks.iter().find(|c| c.same_time(own))?;
            (Some(told), text.replace(&own.written, " "))
        }
        _ => return None,
    };
    let words = date_words(&rest);
    if words.is_empty() && clock.is_none() {
        return None;
    }
    let own_date = agents_json::calendar_date(&rest);
    if let DateForm::Time { .. } = form {
        return time_of_day(clock, own_date, &words, dates, clocks)
            .map(|c| (form.write("", c.hour, c.minute), c.written.clone()));
    }
    let mut candidates = dates.iter().filter(|d| !held.contains(&d.iso)).filter(|d| {
        own_date.as_ref().map_or_else(
            || words.iter().all(|w| d.words.contains(w)),
            |iso| *iso == d.iso,
        )
    });
    // One date, though the user may have written it more than once.
    let date = candidates.next()?;
    if candidates.any(|d| d.iso != date.iso) {
        return None;
    }
    if form == DateForm::Date {
        // A time of day of the user's alone, where a date is asked for (`"08:15"`, `"10am"`):
        // the one date they wrote, as a time asked for takes the one time.
        let time_alone = clock.is_some() && words.is_empty();
        return ((clock.is_none() || time_alone) && own_date.is_none())
            .then(|| (date.iso.clone(), date.written.clone()));
    }
    let clock = match clock {
        Some(clock) => clock,
        // No time in the value: the one time of day the user wrote.
        None => match clocks {
            [only] => only,
            _ => return None,
        },
    };
    let written = format!("{} {}", clock.written, date.written);
    Some((form.write(&date.iso, clock.hour, clock.minute), written))
}

/// The date form the description of the argument `name` (of a tool with parameters `schema`)
/// asks for, if any.
pub(super) fn described_form(schema: &Value, name: &str) -> Option<DateForm> {
    let property = super::narrowed::argument_schema(schema, name)?;
    agents_json::described_date_form(property.get("description")?.as_str()?)
}

/// Whether `text` writes one time of day and no other word (`"08:15"`, `"10am"`).
fn is_time_alone(text: &str) -> bool {
    match clocks_in(text).as_slice() {
        [clock] => date_words(&text.replace(&clock.written, " ")).is_empty(),
        _ => false,
    }
}

/// The time of day an argument asking for one (`HH:MM`) takes: the user's time the value
/// writes in another form (`clock`: "2:40 pm"), or, where the value is a date the user wrote
/// or a piece of one (`own_date`, `words`), the one time of day they wrote.
fn time_of_day<'c>(
    clock: Option<&'c Clock>,
    own_date: Option<String>,
    words: &[String],
    dates: &[Written],
    clocks: &'c [Clock],
) -> Option<&'c Clock> {
    if clock.is_some() {
        return clock;
    }
    let piece = match own_date {
        Some(iso) => dates.iter().any(|d| d.iso == iso),
        None => {
            !words.is_empty()
                && dates
                    .iter()
                    .any(|d| words.iter().all(|w| d.words.contains(w)))
        }
    };
    match clocks {
        [only] if piece => Some(only),
        _ => None,
    }
}

/// The dates the call's other string arguments hold (`YYYY-MM-DD`), which an argument holding
/// a piece of a date is not read as: "from Jan 1 2027 until Sept 15 2027" with the start set
/// leaves one date for the end.
fn held_elsewhere(members: &Map<String, Value>, name: &str) -> Vec<String> {
    members
        .iter()
        .filter(|(other, _)| *other != name)
        .filter_map(|(_, v)| v.as_str())
        .filter_map(|s| {
            let date = s.get(..10).filter(|d| DateForm::Date.holds(d));
            date.map(str::to_owned)
                .or_else(|| agents_json::calendar_date(s))
        })
        .collect()
}

/// The `YYYY-MM-DD` of every date `told` writes, read as this module reads them (`Oct 3` of
/// "from Oct 3 to Oct 7, 2027" in 2027), in the order written.
pub(super) fn user_dates(told: &str) -> Vec<String> {
    written_dates(told).into_iter().map(|d| d.iso).collect()
}

/// The dates and times of day `told` writes, as written (`"2 July 2027"`, `"05:30"`): what
/// a reading of the user's numbers sets aside.
pub(super) fn dates_and_times_written(told: &str) -> Vec<String> {
    let dates = written_dates(told).into_iter().map(|d| d.written);
    dates
        .chain(clocks_in(told).into_iter().map(|c| c.written))
        .collect()
}

/// A date the user wrote.
#[derive(Debug, Clone, PartialEq)]
struct Written {
    /// Its `YYYY-MM-DD`.
    iso: String,
    /// Its words, lowercased, without punctuation or filler ([`date_words`]), and the year
    /// it shares with the text where the user wrote it once for several dates.
    words: Vec<String>,
    /// As the user wrote it.
    written: String,
}

/// Dates are at most this many words (`on Wednesday, the 2nd of June 2027`).
const DATE_WORDS: usize = 7;

/// Every date `told` writes, line by line, each the longest run of words from its start that
/// reads as a date ([`agents_json::calendar_date`]); then, where the text names one year and
/// nothing else, the month-and-day runs without one, read in that year (`Oct 3` of "from Oct 3
/// to Oct 7, 2027").
fn written_dates(told: &str) -> Vec<Written> {
    let mut out: Vec<Written> = Vec::new();
    let mut yearless: Vec<(Vec<String>, String)> = Vec::new();
    let trim = |s: &str| s.trim_matches(|c: char| !c.is_alphanumeric()).to_owned();
    for line in told.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut start = 0;
        while start < words.len() {
            // A date starts at its own words, not at "on" or "the".
            if date_words(words[start]).is_empty() {
                start += 1;
                continue;
            }
            let longest = (1..=DATE_WORDS.min(words.len() - start))
                .rev()
                .find_map(|len| {
                    let written = trim(&words[start..start + len].join(" "));
                    let iso = agents_json::calendar_date(&written)?;
                    Some((len, iso, written))
                });
            if let Some((len, iso, written)) = longest {
                out.push(Written {
                    iso,
                    words: date_words(&written),
                    written,
                });
                start += len;
                continue;
            }
            // A month by its name and a day, both ways round, without a year: read below
            // where the text names one year.
            for len in [2, 3] {
                let Some(run) = words.get(start..start + len) else {
                    break;
                };
                let written = trim(&run.join(" "));
                yearless.push((date_words(&written), written));
            }
            start += 1;
        }
    }
    let mut years: Vec<&str> = told
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| w.len() == 4 && (w.starts_with("19") || w.starts_with("20")))
        .collect();
    years.sort_unstable();
    years.dedup();
    if let [year] = years[..] {
        for (mut words, written) in yearless {
            let Some(iso) = agents_json::calendar_date(&format!("{written} {year}")) else {
                continue;
            };
            if out.iter().any(|d| d.iso == iso) {
                continue;
            }
            // The shared year is a word of this date too: "2027" alone names no one date.
            words.push(year.to_owned());
            out.push(Written {
                iso,
                words,
                written,
            });
        }
    }
    out
}

/// The words of a date as compared: lowercased, split at spaces and commas, punctuation
/// trimmed, and the filler `the`, `of`, `on`, `at` left out.
fn date_words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '/'))
        .filter(|w| !w.is_empty() && !matches!(*w, "the" | "of" | "on" | "at"))
        .map(str::to_owned)
        .collect()
}

/// The times of day `told` writes (`8:30 am`, `16:00`), each once, as hours and minutes in the
/// order written.
pub(super) fn user_times(told: &str) -> Vec<(u32, u32)> {
    clocks_in(told).iter().map(|c| (c.hour, c.minute)).collect()
}

/// A time of day the user wrote.
#[derive(Debug, Clone, PartialEq)]
struct Clock {
    hour: u32,
    minute: u32,
    /// As written (`"8:30 am"`, `"16:00"`, `"9am"`).
    written: String,
}

impl Clock {
    fn same_time(&self, other: &Clock) -> bool {
        (self.hour, self.minute) == (other.hour, other.minute)
    }
}

/// The times of day `text` writes, each time once: `8:30 am`, `3:30pm`, `9 a.m.`, `16:00`.
/// A number is a time only with minutes after a colon or `am`/`pm` after it.
fn clocks_in(text: &str) -> Vec<Clock> {
    static CLOCK: OnceLock<Regex> = OnceLock::new();
    let clock = CLOCK.get_or_init(|| {
        Regex::new(r"(?i)\b(\d{1,2})(?:([:.])([0-5]\d))?(?::[0-5]\d)?(?:\s?([ap])\.?m\b\.?)?")
            .expect("a valid pattern")
    });
    let mut out: Vec<Clock> = Vec::new();
    for found in clock.captures_iter(text) {
        let hour: u32 = found[1].parse().unwrap_or(99);
        let minute: Option<u32> = found.get(3).and_then(|m| m.as_str().parse().ok());
        let meridiem = found.get(4).map(|m| m.as_str().to_ascii_lowercase());
        // `7.15am` is a time; `12.50` a price or a measure.
        if found.get(2).is_some_and(|s| s.as_str() == ".") && meridiem.is_none() {
            continue;
        }
        let hour = match meridiem.as_deref() {
            Some(_) if !(1..=12).contains(&hour) => continue,
            Some("a") => hour % 12,
            Some(_) => hour % 12 + 12,
            None if minute.is_some() && hour <= 23 => hour,
            None => continue,
        };
        let written = found[0].trim().to_owned();
        let c = Clock {
            hour,
            minute: minute.unwrap_or(0),
            written,
        };
        if !out.iter().any(|o| o.same_time(&c)) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "start_date": {"type": "string", "description": "First day, YYYY-MM-DD."},
            "end_date": {"type": "string", "description": "Last day, YYYY-MM-DD."},
            "start": {"type": "string", "description": "When, as YYYY-MM-DDTHH:MM."},
            "city": {"type": "string", "description": "The city."}
        }})
    }

    fn widen(args: Value, told: &str) -> (Value, Vec<Widened>) {
        let mut args = args;
        let set = widen_dates(&mut args, &schema(), told);
        (args, set)
    }

    #[test]
    fn a_year_alone_reads_as_the_one_date_it_belongs_to() {
        let (args, set) = widen(
            json!({"start_date": "2027", "city": "Oslo"}),
            "what's on in Oslo on 9 Feb 2027?",
        );
        assert_eq!(args, json!({"start_date": "2027-02-09", "city": "Oslo"}));
        assert_eq!(set[0].written, "9 Feb 2027");
        assert_eq!(set[0].value, "2027");
    }

    #[test]
    fn a_day_and_year_of_a_month_named_date_read_as_it() {
        let (args, _) = widen(
            json!({"start_date": "19 2026"}),
            "is LH 401 on time on dec 19 2026?",
        );
        assert_eq!(args["start_date"], "2026-12-19");
    }

    #[test]
    fn a_piece_of_two_dates_is_read_only_once_the_other_argument_holds_one() {
        let told = "how many days from Jan 1 2027 until Sept 15 2027?";
        let (args, set) = widen(json!({"end_date": "2027"}), told);
        assert!(set.is_empty());
        assert_eq!(args["end_date"], "2027");
        let (args, _) = widen(
            json!({"start_date": "2027-01-01", "end_date": "2027"}),
            told,
        );
        assert_eq!(args["end_date"], "2027-09-15");
    }

    #[test]
    fn a_year_written_once_for_a_range_is_each_dates_year() {
        let told = "somewhere to stay in Kyoto from Oct 3 to Oct 7, 2027";
        let (args, _) = widen(json!({"start_date": "Oct 3", "end_date": "Oct 7"}), told);
        assert_eq!(
            args,
            json!({"start_date": "2027-10-03", "end_date": "2027-10-07"})
        );
        // The shared year names both dates: alone it reads as neither.
        let (args, set) = widen(json!({"start_date": "2027"}), told);
        assert!(set.is_empty(), "{args}");
    }

    #[test]
    fn a_time_of_day_alone_where_a_date_is_asked_takes_the_users_one_date() {
        let told = "book the boiler service for 3 August 2027 at 08:15, unit 4B";
        let (args, set) = widen(json!({"start_date": "08:15"}), told);
        assert_eq!(args["start_date"], "2027-08-03");
        assert_eq!(set[0].written, "3 August 2027");
        let (args, _) = widen(
            json!({"start_date": "10am"}),
            "see the vet on November 12, 2027 at 10am",
        );
        assert_eq!(args["start_date"], "2027-11-12");
        // The same time in the time of day beside it, as a small model writes both.
        let schema = json!({"type": "object", "properties": {
            "day": {"type": "string", "description": "Service day. Format: YYYY-MM-DD."},
            "at": {"type": "string", "description": "Drop-off time. Format: HH:MM, 24-hour."}
        }});
        let mut args = json!({"day": "08:15", "at": "08:15"});
        widen_dates(&mut args, &schema, told);
        assert_eq!(args, json!({"day": "2027-08-03", "at": "08:15"}));
        // Two dates of the user's, or a time they did not write: nothing is guessed.
        for (args, told) in [
            (
                json!({"start_date": "08:15"}),
                "from 3 August 2027 to 9 August 2027 at 08:15",
            ),
            (json!({"start_date": "09:30"}), told),
        ] {
            let (after, set) = widen(args.clone(), told);
            assert!(set.is_empty(), "{args} / {told}: {set:?}");
            assert_eq!(after, args);
        }
    }

    #[test]
    fn a_date_held_by_a_time_and_by_the_date_beside_it_is_the_dates() {
        // A small model answers the date for both: the time takes the user's one time.
        let schema = json!({"type": "object", "properties": {
            "send_date": {"type": "string", "description": "Send date. Format: YYYY-MM-DD."},
            "send_time": {"type": "string", "description": "Send time. Format: HH:MM, 24-hour."}
        }});
        let told = "mail list ML-4 the spring letter on 15 September 2027 at 09:00";
        for held in ["15 September 2027", "2027-09-15"] {
            let mut args = json!({"send_date": held, "send_time": held});
            let set = widen_dates(&mut args, &schema, told);
            assert_eq!(args["send_time"], "09:00", "{held}");
            assert_eq!(set.last().map(|w| w.argument.as_str()), Some("send_time"));
        }
        // Two times of the user's: which one is not guessed.
        let mut args = json!({"send_date": "2027-09-15", "send_time": "2027-09-15"});
        widen_dates(&mut args, &schema, "on 15 September 2027 at 09:00 or 17:00");
        assert_eq!(args["send_time"], "2027-09-15");
    }

    #[test]
    fn a_timestamp_takes_the_users_date_and_time() {
        let (args, set) = widen(
            json!({"start": "8:30 am"}),
            "plan a trip leaving at 8:30 am on 2027-01-15",
        );
        assert_eq!(args["start"], "2027-01-15T08:30");
        assert_eq!(set[0].written, "8:30 am 2027-01-15");
        let (args, _) = widen(
            json!({"start": "14th"}),
            "dentist on March 14th 2027 at 3:30pm",
        );
        assert_eq!(args["start"], "2027-03-14T15:30");
        let (args, _) = widen(
            json!({"start": "2027"}),
            "if it's 9am on January 20, 2027 in NY",
        );
        assert_eq!(args["start"], "2027-01-20T09:00");
    }

    #[test]
    fn a_time_of_day_is_written_as_asked_or_taken_from_the_users_words() {
        let schema = json!({"type": "object", "properties": {
            "at": {"type": "string", "description": "Start time in 24-hour HH:MM format."},
            "took": {"type": "string", "description": "Elapsed time in HH:MM:SS format."}
        }});
        let widen = |args: Value, told: &str| {
            let mut args = args;
            widen_dates(&mut args, &schema, told);
            args
        };
        let told = "book a cleaning on 9 March 2027 at 2:40 pm";
        // The user's time written another way, or the date in its place.
        assert_eq!(widen(json!({"at": "2:40 pm"}), told)["at"], "14:40");
        assert_eq!(widen(json!({"at": "9 march 2027"}), told)["at"], "14:40");
        assert_eq!(widen(json!({"at": "2027"}), told)["at"], "14:40");
        // A time the user did not write; not a date of theirs; a duration.
        for args in [
            json!({"at": "3:40 pm"}),
            json!({"at": "noon"}),
            json!({"took": "2:40 pm"}),
        ] {
            assert_eq!(widen(args.clone(), told), args);
        }
        assert_eq!(
            widen(json!({"at": "2027"}), "on 9 March 2027 at 9am or 5pm")["at"],
            "2027"
        );
    }

    #[test]
    fn nothing_is_guessed() {
        for (args, told) in [
            // Not a word of the date.
            (
                json!({"start_date": "30"}),
                "started on 9 November 2026, cycles of 30 days",
            ),
            // No date in the user's words.
            (json!({"start_date": "2027"}), "the whole of 2027"),
            // A timestamp where the user wrote no time, or two.
            (json!({"start": "2027"}), "on 9 Feb 2027"),
            (json!({"start": "2027"}), "on 9 Feb 2027 at 9am or 10am"),
            // A time the user did not write.
            (json!({"start": "11:00"}), "on 9 Feb 2027 at 9am"),
            // The same piece in two arguments.
            (
                json!({"start_date": "April 5", "end_date": "April 5"}),
                "between April 5 and April 9, 2027",
            ),
            // Already a date, or not asked for as one.
            (json!({"start_date": "2027-02-10"}), "on 9 Feb 2027"),
            (json!({"city": "2027"}), "on 9 Feb 2027"),
        ] {
            let (after, set) = widen(args.clone(), told);
            assert!(set.is_empty(), "{args} / {told}: {set:?}");
            assert_eq!(after, args);
        }
    }

    #[test]
    fn times_of_day_read_as_people_write_them() {
        let read = |t: &str| -> Vec<(u32, u32)> {
            clocks_in(t).iter().map(|c| (c.hour, c.minute)).collect()
        };
        assert_eq!(read("at 8:30 am"), [(8, 30)]);
        assert_eq!(read("3:30pm"), [(15, 30)]);
        assert_eq!(read("9 a.m. or 12 pm"), [(9, 0), (12, 0)]);
        assert_eq!(read("12am and 16:00"), [(0, 0), (16, 0)]);
        assert_eq!(read("pickup 7.15AM"), [(7, 15)]);
        assert!(read("21.1 km, 30 days, 3:1, 25:00, 13 pm, $12.50").is_empty());
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn no_text_panics_and_a_widened_date_reads(
                value in "\\PC{0,20}", told in "\\PC{0,80}"
            ) {
                let mut args = json!({"start_date": value, "start": "x"});
                for w in widen_dates(&mut args, &schema(), &told) {
                    let form = if w.argument == "start" {
                        DateForm::Timestamp { separator: 'T', seconds: false }
                    } else {
                        DateForm::Date
                    };
                    prop_assert!(form.holds(&w.date), "{w:?}");
                }
            }
        }
    }
}
