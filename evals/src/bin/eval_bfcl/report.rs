//! The log scored by BFCL's checker, and the Markdown report.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;
use std::process::Command;

use agents_evals::stats::{mcnemar_exact, pct, wilson};
use serde_json::Value;

use crate::config::{Config, Mode};

/// One logged run and its verdict.
pub struct Scored {
    pub category: String,
    pub id: String,
    pub mode: Mode,
    pub commit: String,
    pub right: bool,
    /// BFCL's error type, when wrong.
    pub error_type: Option<String>,
    pub calls: usize,
    pub model_calls: u64,
    pub tokens: u64,
    pub seconds: f64,
    pub ended_in_error: bool,
}

type Key = (String, String, String);

/// Scores the log with evals/bfcl/score.py (BFCL's AST checker) and joins the verdicts to the
/// runs. A run logged twice counts once (the first).
pub fn score(c: &Config) -> Result<Vec<Scored>, String> {
    let script = agents_evals::settings::repository().join("evals/bfcl/score.py");
    let out = Command::new(c.python())
        .arg(&script)
        .arg("--data")
        .arg(c.home.join("data"))
        .arg("--answer")
        .arg(&c.answer)
        .arg(&c.log)
        .output()
        .map_err(|e| {
            format!(
                "cannot run {} (run evals/bfcl/setup.sh first): {e}",
                c.python().display()
            )
        })?;
    if !out.status.success() {
        return Err(format!(
            "the scorer failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let mut verdicts: HashMap<Key, (bool, Option<String>)> = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("scorer output: {e}"))?;
        let key = key(&v).ok_or("scorer output without category, id or mode")?;
        let valid = v["valid"].as_bool().unwrap_or(false);
        let error_type = v["error_type"].as_str().map(str::to_owned);
        verdicts.entry(key).or_insert((valid, error_type));
    }
    let text = std::fs::read_to_string(&c.log)
        .map_err(|e| format!("cannot read the log {}: {e}", c.log.display()))?;
    let mut seen = BTreeSet::new();
    let mut scored = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("log line: {e}"))?;
        let Some(key) = key(&v) else { continue };
        let Some(mode) = Mode::named(&key.2) else {
            continue;
        };
        if !seen.insert(key.clone()) {
            continue;
        }
        let (right, error_type) = verdicts.get(&key).cloned().unwrap_or((false, None));
        let n = |k: &str| v[k].as_u64().unwrap_or(0);
        scored.push(Scored {
            category: key.0,
            id: key.1,
            mode,
            commit: v["commit"].as_str().unwrap_or("?").to_owned(),
            right,
            error_type: if right { None } else { error_type },
            calls: v["calls"].as_array().map_or(0, Vec::len),
            model_calls: n("model_calls"),
            tokens: n("input_tokens") + n("output_tokens"),
            seconds: v["seconds"].as_f64().unwrap_or(0.0),
            ended_in_error: !v["error"].is_null(),
        });
    }
    Ok(scored)
}

fn key(v: &Value) -> Option<Key> {
    let s = |k: &str| v.get(k)?.as_str().map(str::to_owned);
    Some((s("category")?, s("id")?, s("mode")?))
}

/// The category rows of the report: each category, then all of them together.
fn groups(scored: &[Scored]) -> Vec<String> {
    let mut categories: Vec<String> = scored
        .iter()
        .map(|s| s.category.clone())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    // BFCL's order: simple first.
    categories.sort_by_key(|c| (c != "simple_python", c.clone()));
    if categories.len() > 1 {
        categories.push("all".into());
    }
    categories
}

fn in_group<'a>(scored: &'a [Scored], group: &'a str) -> impl Iterator<Item = &'a Scored> {
    scored
        .iter()
        .filter(move |s| group == "all" || s.category == group)
}

/// The report: accuracy with Wilson intervals, cost, runs without an executed call, paired
/// comparisons with the exact McNemar test, the targets, and BFCL's error types.
pub fn markdown(c: &Config, scored: &[Scored]) -> String {
    let mut out = String::new();
    let modes: Vec<Mode> = Mode::ALL
        .into_iter()
        .filter(|m| scored.iter().any(|s| s.mode == *m))
        .collect();
    let commits: BTreeSet<&str> = scored.iter().map(|s| s.commit.as_str()).collect();
    let categories: BTreeSet<&str> = scored.iter().map(|s| s.category.as_str()).collect();
    let _ = writeln!(
        out,
        "## BFCL: {} through the framework\n",
        categories.into_iter().collect::<Vec<_>>().join(" and ")
    );
    let _ = writeln!(
        out,
        "{} runs from {} (commit {}); {}; scored by BFCL's AST checker.\n",
        scored.len(),
        c.log.display(),
        commits.into_iter().collect::<Vec<_>>().join(", "),
        c.describe()
    );
    let _ = writeln!(
        out,
        "| category | mode | questions | right | accuracy (95% CI) | no executed call | ended in error | model calls per question | tokens per question | seconds per question |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|");
    for group in groups(scored) {
        for &mode in &modes {
            let runs: Vec<&Scored> = in_group(scored, &group)
                .filter(|s| s.mode == mode)
                .collect();
            let n = runs.len();
            if n == 0 {
                continue;
            }
            let right = runs.iter().filter(|s| s.right).count();
            let silent = runs.iter().filter(|s| s.calls == 0).count();
            let errors = runs.iter().filter(|s| s.ended_in_error).count();
            let mean =
                |f: &dyn Fn(&Scored) -> f64| runs.iter().map(|s| f(s)).sum::<f64>() / n as f64;
            let _ = writeln!(
                out,
                "| {group} | {} | {n} | {right} | **{}** ({}) | {silent} ({}) | {errors} | {:.2} | {:.0} | {:.1} |",
                mode.name(),
                pct(right, n),
                wilson(right, n),
                pct(silent, n),
                mean(&|s| s.model_calls as f64),
                mean(&|s| s.tokens as f64),
                mean(&|s| s.seconds),
            );
        }
    }
    paired(&mut out, scored, &modes);
    targets(&mut out, scored);
    error_types(&mut out, scored, &modes);
    out
}

/// Right or not, per question, in one mode of one group.
fn verdicts<'a>(
    scored: &'a [Scored],
    group: &'a str,
    mode: Mode,
) -> BTreeMap<(&'a str, &'a str), bool> {
    in_group(scored, group)
        .filter(|s| s.mode == mode)
        .map(|s| ((s.category.as_str(), s.id.as_str()), s.right))
        .collect()
}

fn paired(out: &mut String, scored: &[Scored], modes: &[Mode]) {
    let _ = writeln!(
        out,
        "\n### Paired by question (the questions run in both modes)\n"
    );
    let _ = writeln!(
        out,
        "| category | A | B | questions | both right | only A | only B | neither | exact McNemar p |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|");
    for group in groups(scored) {
        for (i, &a) in modes.iter().enumerate() {
            for &b in &modes[i + 1..] {
                let va = verdicts(scored, &group, a);
                let vb = verdicts(scored, &group, b);
                let (mut both, mut only_a, mut only_b, mut neither) = (0, 0, 0, 0);
                for (q, ra) in &va {
                    let Some(rb) = vb.get(q) else { continue };
                    match (ra, rb) {
                        (true, true) => both += 1,
                        (true, false) => only_a += 1,
                        (false, true) => only_b += 1,
                        (false, false) => neither += 1,
                    }
                }
                let n = both + only_a + only_b + neither;
                if n == 0 {
                    continue;
                }
                let _ = writeln!(
                    out,
                    "| {group} | {} | {} | {n} | {both} | {only_a} | {only_b} | {neither} | {:.3} |",
                    a.name(),
                    b.name(),
                    mcnemar_exact(only_a, only_b)
                );
            }
        }
    }
}

fn targets(out: &mut String, scored: &[Scored]) {
    let _ = writeln!(out, "\n### Against the targets of issue 28\n");
    let _ = writeln!(
        out,
        "| category | on / off | prevention − on | prevention runs without an executed call | simple: moonshot 61.6% |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|");
    for group in groups(scored) {
        let share = |mode: Mode| {
            let v = verdicts(scored, &group, mode);
            (!v.is_empty()).then(|| v.values().filter(|r| **r).count() as f64 / v.len() as f64)
        };
        let (off, on, prevention) = (share(Mode::Off), share(Mode::On), share(Mode::Prevention));
        let ratio = match (on, off) {
            (Some(on), Some(off)) if off > 0.0 => format!("{:.2}×", on / off),
            (Some(on), Some(_)) if on > 0.0 => "∞ (off 0)".into(),
            (Some(_), Some(_)) => "- (both 0)".into(),
            _ => "-".into(),
        };
        let gap = match (prevention, on) {
            (Some(p), Some(on)) => format!("{:+.1} points", 100.0 * (p - on)),
            _ => "-".into(),
        };
        let silent: Vec<&Scored> = in_group(scored, &group)
            .filter(|s| s.mode == Mode::Prevention)
            .collect();
        let silent = if silent.is_empty() {
            "-".into()
        } else {
            let k = silent.iter().filter(|s| s.calls == 0).count();
            format!("{k} of {}", silent.len())
        };
        let moonshot = if group == "simple_python" {
            [("off", off), ("on", on), ("prevention", prevention)]
                .iter()
                .filter_map(|(m, s)| s.map(|s| format!("{m} {:.1}%", 100.0 * s)))
                .collect::<Vec<_>>()
                .join(", ")
        } else {
            String::new()
        };
        let _ = writeln!(out, "| {group} | {ratio} | {gap} | {silent} | {moonshot} |");
    }
}

fn error_types(out: &mut String, scored: &[Scored], modes: &[Mode]) {
    let mut counts: BTreeMap<String, BTreeMap<Mode, usize>> = BTreeMap::new();
    for s in scored.iter().filter(|s| !s.right) {
        let kind = if s.calls == 0 {
            "no executed call".to_owned()
        } else {
            s.error_type
                .clone()
                .unwrap_or_else(|| "(none given)".into())
        };
        *counts.entry(kind).or_default().entry(s.mode).or_default() += 1;
    }
    let _ = writeln!(
        out,
        "\n### Why the wrong answers are wrong (BFCL's error types, both categories)\n"
    );
    let names: Vec<&str> = modes.iter().map(|m| m.name()).collect();
    let _ = writeln!(out, "| error type | {} |", names.join(" | "));
    let _ = writeln!(out, "|---|{}", "---|".repeat(modes.len()));
    for (kind, per_mode) in &counts {
        let cells: Vec<String> = modes
            .iter()
            .map(|m| per_mode.get(m).copied().unwrap_or(0).to_string())
            .collect();
        let _ = writeln!(out, "| {kind} | {} |", cells.join(" | "));
    }
}
