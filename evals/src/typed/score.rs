//! How a typed answer is scored and reported: read as written (no repair), compared with the
//! value a right answer holds, and counted per answer type from the run log's lines, so that a
//! log (a finished run's, or one cut short) gives the same report as the run.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::Shape;

/// Reads an answer's text into `T` as written, with no repair or coercion: a strict
/// `serde_json` read of the whole text; a type whose schema is a string (a unit enum among
/// them) also takes the text itself, a variant's exact name written bare (`billing` as well as
/// `"billing"`, both of which the runtime reads without a repair of the value).
pub fn read_as_written<T: DeserializeOwned + JsonSchema>(text: &str) -> Option<T> {
    if let Ok(out) = serde_json::from_str(text) {
        return Some(out);
    }
    let schema = schemars::schema_for!(T);
    if schema.get("type").and_then(Value::as_str) == Some("string") {
        return serde_json::from_value(Value::String(text.to_owned())).ok();
    }
    None
}

/// Whether an answer holds the expected value: the rule of the tool-call suites
/// ([`crate::suite::matches`]: strings equal up to case and surrounding spaces, numbers equal,
/// arrays in order, every expected field present, a null field as good as a missing one).
pub fn value_right(expected: &Value, got: &Value) -> bool {
    crate::suite::matches(expected, got)
}

/// Runs, schema-valid answers, and right values, for one row of a report.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub runs: usize,
    pub valid: usize,
    pub right: usize,
}

impl Count {
    /// Counts one run: its answer read into `Out` (valid) and held the expected value (right).
    /// A right answer is a valid one.
    pub fn add(&mut self, valid: bool, right: bool) {
        self.runs += 1;
        self.valid += usize::from(valid);
        self.right += usize::from(valid && right);
    }

    /// `valid/runs (share, 95% CI)`.
    pub fn valid_cell(&self) -> String {
        cell(self.valid, self.runs)
    }

    /// `right/runs (share, 95% CI)`.
    pub fn right_cell(&self) -> String {
        cell(self.right, self.runs)
    }
}

fn cell(k: usize, n: usize) -> String {
    format!(
        "{k}/{n} **{}** ({})",
        crate::stats::pct(k, n),
        crate::stats::wilson(k, n)
    )
}

/// What a report row measures, from which run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Row {
    /// (a) Without native output, the first answer as written.
    AsWritten,
    /// (b) Without native output, the run's answer (repair, coercion, feedback).
    Repaired,
    /// (c) Native output, the run's answer.
    Native,
    /// Native output, the first answer as written.
    NativeAsWritten,
}

impl Row {
    /// Every row, in the report's order.
    pub const ALL: [Row; 4] = [
        Row::AsWritten,
        Row::Repaired,
        Row::Native,
        Row::NativeAsWritten,
    ];

    /// The row's label.
    pub fn name(self) -> &'static str {
        match self {
            Row::AsWritten => "(a) no native output, first answer as written (no repair)",
            Row::Repaired => "(b) no native output, the run's answer (repair chain)",
            Row::Native => "(c) native output, the run's answer",
            Row::NativeAsWritten => "native output, first answer as written",
        }
    }
}

/// What the runs of one mode cost.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Cost {
    runs: usize,
    model_calls: usize,
    held_calls: usize,
    seconds: f64,
    errors: usize,
    repaired_runs: usize,
}

/// The counts of a report, built from the run log's lines.
#[derive(Debug, Default)]
pub struct Tally {
    counts: BTreeMap<(Shape, Row), Count>,
    /// Keyed by whether the run had native output.
    costs: BTreeMap<bool, Cost>,
}

impl Tally {
    /// Counts one log line (one run); a line this report does not know (another type, no
    /// mode) is skipped and `false` returned.
    pub fn add(&mut self, line: &Value) -> bool {
        let Some(shape) = Shape::ALL
            .into_iter()
            .find(|s| line["type"].as_str() == Some(s.name()))
        else {
            return false;
        };
        let native = match line["mode"].as_str() {
            Some("native") => true,
            Some("no native") => false,
            _ => return false,
        };
        let flag = |k: &str| line[k].as_bool().unwrap_or(false);
        let (first_row, run_row) = if native {
            (Row::NativeAsWritten, Row::Native)
        } else {
            (Row::AsWritten, Row::Repaired)
        };
        self.counts
            .entry((shape, first_row))
            .or_default()
            .add(flag("first_valid"), flag("first_right"));
        self.counts
            .entry((shape, run_row))
            .or_default()
            .add(flag("valid"), flag("right"));
        let responses = line["responses"].as_array().map_or(&[][..], Vec::as_slice);
        let cost = self.costs.entry(native).or_default();
        cost.runs += 1;
        cost.model_calls += responses.len();
        cost.held_calls += responses.iter().filter(|r| r["held"] == true).count();
        cost.seconds += line["seconds"].as_f64().unwrap_or(0.0);
        cost.errors += usize::from(!line["error"].is_null());
        cost.repaired_runs += usize::from(line["notes"].as_array().is_some_and(|n| {
            n.iter()
                .any(|n| n.as_str().is_some_and(|n| n.starts_with("repaired")))
        }));
        true
    }

    /// The counts of one row over every answer type.
    pub fn total(&self, row: Row) -> Count {
        self.counts.iter().filter(|((_, r), _)| *r == row).fold(
            Count::default(),
            |mut all, (_, c)| {
                all.runs += c.runs;
                all.valid += c.valid;
                all.right += c.right;
                all
            },
        )
    }

    /// The counts of one row for one answer type.
    pub fn get(&self, shape: Shape, row: Row) -> Option<Count> {
        self.counts.get(&(shape, row)).copied()
    }

    /// The report's tables in Markdown: every row over all types, the cost of each mode, and
    /// the rows per answer type (valid, then right).
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "| measurement | valid `Out` (95% CI) | right value (95% CI) |"
        );
        let _ = writeln!(out, "|---|---|---|");
        for row in Row::ALL {
            let c = self.total(row);
            let _ = writeln!(
                out,
                "| {} | {} | {} |",
                row.name(),
                c.valid_cell(),
                c.right_cell()
            );
        }
        let _ = writeln!(
            out,
            "\n| run | runs | model calls per run | calls carrying the schema | runs with an answer repair event | runs ended in error | seconds per run |"
        );
        let _ = writeln!(out, "|---|---|---|---|---|---|---|");
        for (native, c) in &self.costs {
            let n = c.runs.max(1) as f64;
            let _ = writeln!(
                out,
                "| {} | {} | {:.2} | {} of {} | {} | {} | {:.1} |",
                if *native { "native" } else { "no native" },
                c.runs,
                c.model_calls as f64 / n,
                c.held_calls,
                c.model_calls,
                c.repaired_runs,
                c.errors,
                c.seconds / n
            );
        }
        for (title, cell) in [
            ("valid `Out`", Count::valid_cell as fn(&Count) -> String),
            ("right value", Count::right_cell),
        ] {
            let _ = writeln!(out, "\n#### Per answer type: {title}\n");
            let _ = writeln!(
                out,
                "| type | (a) as written | (b) repair chain | (c) native | native, as written |"
            );
            let _ = writeln!(out, "|---|---|---|---|---|");
            for shape in Shape::ALL {
                let cells: Vec<String> = Row::ALL
                    .iter()
                    .map(|&row| self.get(shape, row).map_or("-".into(), |c| cell(&c)))
                    .collect();
                if cells.iter().all(|c| c == "-") {
                    continue;
                }
                let _ = writeln!(out, "| {} | {} |", shape.name(), cells.join(" | "));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::typed::{Appointment, Department, Invoice, Triage, cases};
    use serde_json::json;

    #[test]
    fn read_as_written_takes_exact_json_only() {
        let ok = r#"{"name": "Ana Lima", "date": "2027-02-02", "phone": null}"#;
        assert!(read_as_written::<Appointment>(ok).is_some());
        // A missing Option is what serde reads as None: valid as written.
        assert!(read_as_written::<Appointment>(r#"{"name":"A","date":"2027-01-01"}"#).is_some());
        for broken in [
            "```json\n{\"name\": \"A\", \"date\": \"2027-01-01\"}\n```",
            r#"{"name": "A", "date": "2027-01-01",}"#,
            r#"Here it is: {"name": "A", "date": "2027-01-01"}"#,
            r#"{'name': 'A', 'date': '2027-01-01'}"#,
            r#"{"name": "A"}"#,
        ] {
            assert!(read_as_written::<Appointment>(broken).is_none(), "{broken}");
        }
        assert!(read_as_written::<Invoice>(r#"{"number":"1","customer":"C","lines":[{"item":"x","quantity":"2","unit_price":1}],"total":2}"#).is_none(),
            "a quoted number is not an integer as written");
        assert!(read_as_written::<Vec<String>>(r#"["Mia", "Noah"]"#).is_some());
        assert!(read_as_written::<Vec<String>>("Mia, Noah").is_none());
    }

    #[test]
    fn a_bare_enum_is_read_as_its_json_or_its_exact_text() {
        assert!(matches!(
            read_as_written::<Department>("billing"),
            Some(Department::Billing)
        ));
        assert!(matches!(
            read_as_written::<Department>("\"billing\""),
            Some(Department::Billing)
        ));
        // Another case, or punctuation, is a repair.
        assert!(read_as_written::<Department>("Billing").is_none());
        assert!(read_as_written::<Department>("billing.").is_none());
        assert!(read_as_written::<Triage>(r#"{"department": "sales"}"#).is_some());
    }

    #[test]
    fn a_value_is_right_field_by_field() {
        let want = &cases()[0].expected;
        let mut got = want.clone();
        got["customer"] = json!("harbor bakery ");
        assert!(value_right(want, &got), "case and spaces do not count");
        got["lines"][1]["unit_price"] = json!(6.2);
        assert!(!value_right(want, &got), "a wrong price in a nested line");
        let mut short = want.clone();
        short["lines"].as_array_mut().unwrap().pop();
        assert!(!value_right(want, &short), "a missing line");
        let none = json!({"name": "Tom Becker", "date": "2027-01-09", "phone": null});
        let read = read_as_written::<Appointment>(r#"{"name":"TOM BECKER","date":"2027-01-09"}"#);
        assert!(value_right(&none, &serde_json::to_value(read).unwrap()));
        assert!(!value_right(
            &none,
            &json!({"name": "Tom Becker", "date": "2027-01-09", "phone": "555"})
        ));
        assert!(!value_right(
            &json!(["Mia", "Noah"]),
            &json!(["Noah", "Mia"])
        ));
    }

    #[test]
    fn a_count_reports_valid_and_right_with_intervals() {
        let mut c = Count::default();
        c.add(true, true);
        c.add(true, false);
        c.add(false, true); // an invalid answer is never right
        assert_eq!(
            c,
            Count {
                runs: 3,
                valid: 2,
                right: 1
            }
        );
        assert_eq!(c.right_cell(), "1/3 **33.3%** (6.1–79.2%)");
        assert_eq!(Count::default().valid_cell(), "0/0 **-** (-)");
    }

    #[test]
    fn a_tally_counts_log_lines_per_type_and_mode() {
        let line = |mode: &str, first: bool, valid: bool, right: bool| {
            serde_json::json!({"type": "Invoice", "mode": mode, "first_valid": first,
                "first_right": first, "valid": valid, "right": right, "seconds": 2.0,
                "error": if valid { Value::Null } else { "no invoice".into() },
                "notes": ["repaired Answer by json_repair"],
                "responses": [{"held": mode == "native"}, {"held": false}]})
        };
        let mut t = Tally::default();
        assert!(t.add(&line("no native", false, true, true)));
        assert!(t.add(&line("no native", false, false, false)));
        assert!(t.add(&line("native", true, true, false)));
        assert!(!t.add(&serde_json::json!({"type": "Invoice"})), "no mode");
        assert!(!t.add(&serde_json::json!({"type": "Pizza", "mode": "native"})));
        let count = |runs, valid, right| Count { runs, valid, right };
        assert_eq!(t.get(Shape::Invoice, Row::AsWritten), Some(count(2, 0, 0)));
        assert_eq!(t.get(Shape::Invoice, Row::Repaired), Some(count(2, 1, 1)));
        assert_eq!(t.get(Shape::Invoice, Row::Native), Some(count(1, 1, 0)));
        assert_eq!(
            t.get(Shape::Invoice, Row::NativeAsWritten),
            Some(count(1, 1, 1))
        );
        assert_eq!(t.total(Row::Repaired), count(2, 1, 1));
        assert_eq!(t.get(Shape::Guests, Row::Native), None);
        let md = t.markdown();
        assert!(
            md.contains("| no native | 2 | 2.00 | 0 of 4 | 2 | 1 | 2.0 |"),
            "{md}"
        );
        assert!(
            md.contains("| native | 1 | 2.00 | 1 of 2 | 1 | 0 | 2.0 |"),
            "{md}"
        );
        assert!(md.contains("| Invoice | 0/2 "), "{md}");
        assert!(
            !md.contains("| Vec<String> |"),
            "a type with no runs has no row"
        );
    }
}
