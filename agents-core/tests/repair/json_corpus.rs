//! Runs the repair corpus in `tests/fixtures/json/*.jsonl` (and the coerce corpus in
//! `tests/fixtures/json/coerce/*.jsonl`) at the workspace root.
//!
//! Every case must pass: valid JSON comes back value-equal with no fixes, every garbage case is
//! refused, every other case yields exactly its expected value (numbers compared as exact
//! decimals) and reports the fix it names.

use agents_core::json::{coerce, repair};
use serde_json::Value;
use std::fs;
use std::path::PathBuf;

fn fixtures(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/json")
        .join(sub)
}

/// All rows of every `*.jsonl` file in `dir`, with the file stem as category.
fn load(dir: PathBuf) -> Vec<(String, Value)> {
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut rows = Vec::new();
    for file in files {
        let category = file
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        let text = fs::read_to_string(&file).expect("read fixture");
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let row: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", file.display(), n + 1));
            rows.push((category.clone(), row));
        }
    }
    rows
}

/// `(negative, significant digits, exponent)` of a JSON number's text, so that `1E3`, `1000`
/// and `1000.0` compare equal while every digit of a 30-digit integer still counts.
fn decimal(text: &str) -> (bool, String, i64) {
    let (neg, rest) = text.strip_prefix('-').map_or((false, text), |r| (true, r));
    let (mantissa, exp) = match rest.find(['e', 'E']) {
        Some(p) => (&rest[..p], rest[p + 1..].parse::<i64>().expect("exponent")),
        None => (rest, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{int}{frac}");
    let exp = exp - frac.len() as i64;
    let trimmed_end = digits.trim_end_matches('0');
    let exp = exp + (digits.len() - trimmed_end.len()) as i64;
    let sig = trimmed_end.trim_start_matches('0').to_owned();
    if sig.is_empty() {
        (false, String::new(), 0)
    } else {
        (neg, sig, exp)
    }
}

/// Value equality with numbers compared as exact decimals.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => decimal(&x.to_string()) == decimal(&y.to_string()),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// Fails the test with every failed case listed.
fn report(failures: &[String], total: usize) {
    assert!(
        failures.is_empty(),
        "{} of {total} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn field<'a>(row: &'a Value, key: &str) -> &'a Value {
    row.get(key).unwrap_or(&Value::Null)
}

#[test]
fn repair_corpus() {
    let rows = load(fixtures(""));
    assert!(rows.len() >= 300, "corpus has only {} cases", rows.len());
    let mut failures = Vec::new();
    for (category, row) in &rows {
        let name = field(row, "name").as_str().expect("name");
        let input = field(row, "input").as_str().expect("input");
        let label = format!("{category}/{name}");
        let got = repair(input);
        if field(row, "error").as_bool() == Some(true) {
            if let Ok(r) = got {
                failures.push(format!("{label}: expected an error, got {}", r.value));
            }
            continue;
        }
        let repaired = match got {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{label}: {e}"));
                continue;
            }
        };
        if category == "valid" {
            let strict: Value = serde_json::from_str(input).expect("valid case parses strictly");
            if repaired.value != strict || !repaired.fixes.is_empty() {
                failures.push(format!(
                    "{label}: valid input changed: {} {:?}",
                    repaired.value, repaired.fixes
                ));
            }
            continue;
        }
        let expected = field(row, "expected");
        if !same(&repaired.value, expected) {
            failures.push(format!("{label}: got {} want {expected}", repaired.value));
        }
        if let Some(kind) = field(row, "fix").as_str() {
            let kinds: Vec<String> = repaired
                .fixes
                .iter()
                .map(|f| format!("{:?}", f.kind))
                .collect();
            if !kinds
                .iter()
                .any(|k| k == kind || k.starts_with(&format!("{kind}(")))
            {
                failures.push(format!("{label}: fix {kind} not reported in {kinds:?}"));
            }
        }
        for fix in &repaired.fixes {
            assert!(
                fix.offset <= input.len(),
                "{label}: fix offset {} out of range",
                fix.offset
            );
        }
    }
    report(&failures, rows.len());
}

/// Issue 30.6: an integer beyond 64 bits keeps its digits. `Repaired::value` holds the nearest
/// `f64` (serde_json has no other number without `arbitrary_precision`, which the workspace never
/// turns on); `Repaired::to_json` writes the digits the model wrote, for valid JSON and repaired
/// text alike, and every valid case's `to_json` reads back as the same value.
#[test]
fn big_integers_come_out_digit_for_digit() {
    let cases = [
        (
            r#"{"n":123456789012345678901234567890}"#,
            r#"{"n":123456789012345678901234567890}"#,
        ),
        (
            r#"{"ids": [18446744073709551616, -9223372036854775809], "ok": true}"#,
            r#"{"ids":[18446744073709551616,-9223372036854775809],"ok":true}"#,
        ),
        (
            "{account: 123456789012345678901234567890, 'ref': 7,}",
            r#"{"account":123456789012345678901234567890,"ref":7}"#,
        ),
        (
            r#"```json
[{"a/b": {"id": 99999999999999999999999}}]
```"#,
            r#"[{"a/b":{"id":99999999999999999999999}}]"#,
        ),
    ];
    for (input, expected) in cases {
        let out = repair(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(out.to_json(), expected, "{input}");
    }
    // A key written twice keeps its last value and that value's digits (found by fuzzing: the
    // first integer's digits were written for the second, which had leading zeros).
    for (input, expected) in [
        (
            r#"{"min": -924523555553456789012355111, "min": 088444740044302896384}"#,
            r#"{"min":88444740044302896384}"#,
        ),
        (
            r#"{"a": 123456789012345678901234567890, "a": 1.5}"#,
            r#"{"a":1.5}"#,
        ),
        (
            r#"{"a": 123456789012345678901234567890, "a": 2.5,}"#,
            r#"{"a":2.5}"#,
        ),
    ] {
        let out = repair(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(out.to_json(), expected, "{input}");
    }
    for (category, row) in load(fixtures("")) {
        if category != "valid" {
            continue;
        }
        let input = field(&row, "input").as_str().expect("input");
        let out = repair(input).expect("valid input repairs");
        let back: Value = serde_json::from_str(&out.to_json()).expect("to_json is JSON");
        assert_eq!(back, out.value, "{input}");
    }
}

#[test]
fn coerce_corpus() {
    let rows = load(fixtures("coerce"));
    assert!(
        rows.len() >= 50,
        "coerce corpus has only {} cases",
        rows.len()
    );
    let mut failures = Vec::new();
    for (category, row) in &rows {
        let name = field(row, "name").as_str().expect("name");
        let label = format!("{category}/{name}");
        let got = coerce(field(row, "input").clone(), field(row, "schema"));
        match (got, field(row, "error").as_str()) {
            (Ok(c), None) => {
                let expected = field(row, "expected");
                if !same(&c.value, expected) {
                    failures.push(format!("{label}: got {} want {expected}", c.value));
                }
                match field(row, "path").as_str() {
                    Some(path) if !c.fixes.iter().any(|f| f.path == path) => {
                        failures.push(format!(
                            "{label}: no coercion recorded at {path:?}: {:?}",
                            c.fixes
                        ));
                    }
                    None if !c.fixes.is_empty() => {
                        failures.push(format!("{label}: unexpected coercions {:?}", c.fixes));
                    }
                    _ => {}
                }
            }
            (Ok(c), Some(_)) => {
                failures.push(format!("{label}: expected an error, got {}", c.value))
            }
            (Err(e), None) => failures.push(format!("{label}: {e}")),
            (Err(e), Some(path)) if e.path != path => {
                failures.push(format!(
                    "{label}: error at {:?}, want {path:?}: {e}",
                    e.path
                ));
            }
            (Err(_), Some(_)) => {}
        }
    }
    report(&failures, rows.len());
}

/// `RepairOptions::expect_object`: in malformed text, an object after a first value that is not
/// one wins; valid JSON and text with no object are left as they are.
#[test]
fn expect_object_prefers_a_later_object() {
    use agents_core::json::{FixKind, RepairOptions, repair_with};
    use serde_json::json;
    let options = RepairOptions {
        expect_object: true,
        ..RepairOptions::default()
    };
    let cases = [
        (r#"Result ["a", "b"] done. Call: {"a": 1}"#, json!({"a": 1})),
        (r#"[1, 2, 3, 4] then {"q": "x",}"#, json!({"q": "x"})),
        // The object inside the array is part of it, not a later candidate.
        (r#"Here: [{"a": 1},]"#, json!([{"a": 1}])),
        // Nothing better follows: the first value stands.
        ("values: [1, 2] and more", json!([1, 2])),
        // Valid JSON as a whole is never second-guessed.
        ("[1, 2]", json!([1, 2])),
    ];
    for (input, expected) in cases {
        let out = repair_with(input, &options).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(out.value, expected, "{input}");
    }
    let out = repair_with(r#"see ["x"]: {"a": 1}"#, &options).expect("repairs");
    assert!(
        out.fixes
            .iter()
            .any(|f| f.kind == FixKind::SkippedLeadingText)
    );
    // Without the option, a first value that is not a citation stands.
    let out =
        agents_core::json::repair(r#"Result ["a", "b"] done. Call: {"a": 1}"#).expect("repairs");
    assert_eq!(out.value, json!(["a", "b"]));
}

/// Issue 16, defects 1 and 2: a number with text after it (an expression, words, more
/// numbers) is kept whole as text, never cut to the number before it, and the members after
/// it are kept; a number schema then refuses that one field by name.
#[test]
fn number_with_text_after_it_is_refused_by_name_not_cut() {
    use serde_json::json;
    let schema = json!({
        "type": "object",
        "properties": {
            "amount": {"type": "number"},
            "from": {"type": "string"},
            "to": {"type": "string"}
        }
    });
    let cases = [
        (
            r#"{"amount": 100 - 20, "from": "EUR", "to": "USD"}"#,
            "100 - 20",
        ),
        (
            r#"{"amount": 12 + 3, "from": "EUR", "to": "USD"}"#,
            "12 + 3",
        ),
        (
            r#"{"amount": 750 Canadian dollars, "from": "CAD", "to": "USD"}"#,
            "750 Canadian dollars",
        ),
        (
            r#"{"amount": 1.5 million yen, "from": "JPY", "to": "USD"}"#,
            "1.5 million yen",
        ),
        (
            r#"{"amount": 12,000, 3,450, "from": "EUR", "to": "USD"}"#,
            "12,000, 3,450",
        ),
    ];
    for (input, text) in cases {
        let out = repair(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(out.value["amount"], json!(text), "{input}");
        assert!(
            out.value["from"].is_string() && out.value["to"] == json!("USD"),
            "{input}"
        );
        let err = coerce(out.value, &schema).expect_err(input);
        assert_eq!(err.path, "/amount", "{input}: {err}");
    }
}
