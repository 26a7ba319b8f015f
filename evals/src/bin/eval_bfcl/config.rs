//! What a BFCL measurement runs, read from the environment.

use std::path::PathBuf;

use agents::LlmAgentBuilder;
use agents::model::Recovery;
use agents_evals::settings;

/// How much of the framework's recovery a run gets. The modes are eval_constrained's:
///
/// - **off**: `strict(true)`, one model turn: the first answer as written;
/// - **on**: the builder's defaults (JSON repair, coercion, feedback, the echo check,
///   `ask_values` for the prompted client, …), `EVAL_MAX_TURNS` turns;
/// - **prevention**: `constrained(true)`: every turn held to the call schema, the run ended
///   through `final_answer`, `EVAL_MAX_TURNS` turns.
///
/// Each mode is the builder as it stands at the commit measured: when the defaults change (a
/// small-model profile, say), the same command measures what they have become.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mode {
    Off,
    On,
    Prevention,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Off, Mode::On, Mode::Prevention];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Off => "off",
            Mode::On => "on",
            Mode::Prevention => "prevention",
        }
    }

    pub fn named(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name.trim())
    }
}

/// The measurement's settings.
pub struct Config {
    /// `LOCAL_LLM_URL` (default `http://127.0.0.1:8089`).
    pub url: String,
    /// `BFCL_HOME`: where `evals/bfcl/setup.sh` put the venv and the data.
    pub home: PathBuf,
    /// `BFCL_CATEGORIES` (default `simple_python,multiple`).
    pub categories: Vec<String>,
    /// `EVAL_MODES` (default `off,on,prevention`).
    pub modes: Vec<Mode>,
    /// `EVAL_EVERY=n`: every n-th question of each category (default 1: all).
    pub every: usize,
    /// `EVAL_LIMIT=n`: at most n questions of each category.
    pub limit: usize,
    /// `EVAL_FROM=n`: start at the n-th question of the interleaved order (0-based), so that
    /// two processes against two model servers can share one measurement (each its own log).
    pub from: usize,
    /// `EVAL_MAX_TURNS` for modes on and prevention (default 3; off always has 1).
    pub max_turns: u64,
    /// `EVAL_ECHO_CHECK=0|1`, `EVAL_ASK_VALUES=0|1`: the switches of those steps, when set;
    /// unset, the builder's default.
    pub echo_check: Option<bool>,
    pub ask_values: Option<bool>,
    /// `EVAL_RECOVERY_OFF=piece,piece`: the small-model profile with those pieces off (their
    /// names as `Recovery`'s fields: `leave_out_echoes`, `numbers_once`, …), for modes on and
    /// prevention; unset, the model's own profile.
    pub recovery_off: Vec<String>,
    /// `EVAL_UNCALIBRATED=1`: a constrained call's tool left to the model.
    pub uncalibrated: bool,
    /// `EVAL_SCORED_VALUES=1`: a held argument's value chosen by calibrated score
    /// (`scored_values(true)`).
    pub scored_values: bool,
    /// `EVAL_TOOL_SCORES=1`: each run ends at its first model turn, after the calibrated
    /// choice scored the offered tools; the log line holds the scores (`tool_scores`), for
    /// studying the choice offline at the cost of the scoring alone.
    pub tool_scores: bool,
    /// `EVAL_NO_TOOL_WORDS=1`: the calibrated choice without the request's own words
    /// (`tool_words(false)`).
    pub no_tool_words: bool,
    /// `EVAL_NO_MADE_UP=1`: no made-up example for the tools (`example_every_tool(false)`).
    pub no_made_up: bool,
    /// `EVAL_SCORE_ONLY=1`: run nothing; score the log and report.
    pub score_only: bool,
    /// `EVAL_ANSWER=first|all`: what of a run is scored (default `first`: its first executed
    /// call; see evals/bfcl/score.py).
    pub answer: String,
    /// `EVAL_TRACE=1`: print what happens in each run.
    pub trace: bool,
    /// `EVAL_LOG` (default `target/eval_bfcl.jsonl`): appended to, and resumed from.
    pub log: PathBuf,
}

fn flag(name: &str) -> Option<bool> {
    std::env::var(name)
        .ok()
        .map(|v| !matches!(v.trim(), "" | "0" | "false" | "off" | "no"))
}

fn number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

impl Config {
    pub fn from_env() -> Result<Config, String> {
        let modes = match std::env::var("EVAL_MODES") {
            Ok(names) => names
                .split(',')
                .filter(|n| !n.trim().is_empty())
                .map(|n| {
                    Mode::named(n)
                        .ok_or_else(|| format!("EVAL_MODES: no mode {n:?} (off, on, prevention)"))
                })
                .collect::<Result<Vec<_>, _>>()?,
            Err(_) => Mode::ALL.to_vec(),
        };
        let categories = std::env::var("BFCL_CATEGORIES")
            .unwrap_or_else(|_| "simple_python,multiple".into())
            .split(',')
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty())
            .collect();
        let recovery_off: Vec<String> = std::env::var("EVAL_RECOVERY_OFF")
            .unwrap_or_default()
            .split(',')
            .map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty())
            .collect();
        // Checked here, so that a misspelt piece ends the command before any model call.
        profile_without(&recovery_off)?;
        let answer = std::env::var("EVAL_ANSWER").unwrap_or_else(|_| "first".into());
        if answer != "first" && answer != "all" {
            return Err(format!("EVAL_ANSWER: {answer:?} is neither first nor all"));
        }
        Ok(Config {
            url: std::env::var("LOCAL_LLM_URL")
                .unwrap_or_else(|_| "http://127.0.0.1:8089".to_owned()),
            home: std::env::var_os("BFCL_HOME").map_or_else(
                || settings::repository().join("evals/bfcl/.cache"),
                PathBuf::from,
            ),
            categories,
            modes,
            every: number("EVAL_EVERY", 1).max(1),
            limit: number("EVAL_LIMIT", usize::MAX),
            from: number("EVAL_FROM", 0),
            max_turns: number("EVAL_MAX_TURNS", 3) as u64,
            echo_check: flag("EVAL_ECHO_CHECK"),
            ask_values: flag("EVAL_ASK_VALUES"),
            recovery_off,
            uncalibrated: flag("EVAL_UNCALIBRATED").unwrap_or(false),
            scored_values: flag("EVAL_SCORED_VALUES").unwrap_or(false),
            tool_scores: flag("EVAL_TOOL_SCORES").unwrap_or(false),
            no_tool_words: flag("EVAL_NO_TOOL_WORDS").unwrap_or(false),
            no_made_up: flag("EVAL_NO_MADE_UP").unwrap_or(false),
            score_only: flag("EVAL_SCORE_ONLY").unwrap_or(false),
            answer,
            trace: flag("EVAL_TRACE").unwrap_or(false),
            log: settings::log_path("eval_bfcl.jsonl"),
        })
    }

    /// The data file of a category's questions.
    pub fn questions(&self, category: &str) -> PathBuf {
        self.home.join("data").join(format!("{category}.json"))
    }

    /// The venv's python, which has BFCL's checker.
    pub fn python(&self) -> PathBuf {
        self.home.join("venv/bin/python")
    }

    /// The builder switched for `mode`, with the step switches that are set (modes on and
    /// prevention).
    pub fn switches(
        &self,
        mode: Mode,
        builder: LlmAgentBuilder<String, String>,
    ) -> LlmAgentBuilder<String, String> {
        let builder = match mode {
            // Strict is off: no step of recovery runs, whatever the switches say.
            Mode::Off => return builder.strict(true),
            Mode::On => builder,
            Mode::Prevention => builder.constrained(true),
        };
        let builder = match profile_without(&self.recovery_off) {
            Ok(Some(profile)) => builder.recovery(profile),
            _ => builder,
        };
        let builder = match self.echo_check {
            Some(on) => builder.echo_check(on),
            None => builder,
        };
        match self.ask_values {
            Some(on) => builder.ask_values(on),
            None => builder,
        }
    }

    /// The settings that change what is measured, for the report's header.
    pub fn describe(&self) -> String {
        let mut out = vec![format!("max turns {} (off: 1)", self.max_turns)];
        if let Some(on) = self.echo_check {
            out.push(format!("echo_check({on})"));
        }
        if let Some(on) = self.ask_values {
            out.push(format!("ask_values({on})"));
        }
        if !self.recovery_off.is_empty() {
            out.push(format!(
                "small-model profile without {}",
                self.recovery_off.join(", ")
            ));
        }
        if self.uncalibrated {
            out.push("calibrated_choice(false)".into());
        }
        if self.scored_values {
            out.push("scored_values(true)".into());
        }
        if self.no_tool_words {
            out.push("tool_words(false)".into());
        }
        if self.tool_scores {
            out.push("tool scores only (EVAL_TOOL_SCORES)".into());
        }
        if self.no_made_up {
            out.push("example_every_tool(false)".into());
        }
        out.push(format!("answer scored: {} executed call", self.answer));
        out.join(", ")
    }
}

/// The small-model profile with the pieces named `off` switched off; `None` when none is named.
fn profile_without(off: &[String]) -> Result<Option<Recovery>, String> {
    if off.is_empty() {
        return Ok(None);
    }
    let mut fields = match serde_json::to_value(Recovery::SMALL_MODEL) {
        Ok(serde_json::Value::Object(fields)) => fields,
        _ => return Err("the recovery profile does not serialise as an object".into()),
    };
    for piece in off {
        match fields.get_mut(piece) {
            Some(on) => *on = serde_json::Value::Bool(false),
            None => {
                let known: Vec<&str> = fields.keys().map(String::as_str).collect();
                return Err(format!(
                    "EVAL_RECOVERY_OFF: no piece {piece:?} ({})",
                    known.join(", ")
                ));
            }
        }
    }
    serde_json::from_value(serde_json::Value::Object(fields))
        .map(Some)
        .map_err(|e| format!("EVAL_RECOVERY_OFF: {e}"))
}
