//! Shared fixtures for the runtime tests: tools with scripted behaviour and an event recorder.
#![allow(dead_code)]

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::tool::{Tool, tool_fn};
use agents_core::{Event, ExecutionFailure};
use serde::Deserialize;

#[derive(Deserialize, schemars::JsonSchema)]
pub struct CityArgs {
    pub city: String,
    #[serde(default)]
    pub days: Option<u32>,
}

/// `weather(city, days?)`: returns a fixed forecast; counts its calls.
pub fn weather(calls: Arc<AtomicU32>) -> impl Tool {
    tool_fn("weather", "Forecast for a city.", move |a: CityArgs| {
        let calls = calls.clone();
        async move {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok::<_, ExecutionFailure>(format!(
                "{}: sunny for {} day(s)",
                a.city,
                a.days.unwrap_or(1)
            ))
        }
    })
    .idempotent()
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct NoArgs {}

/// A tool that fails with `failure()` for its first `fail_times` calls, then returns "ok".
pub fn flaky(
    name: &'static str,
    fail_times: u32,
    idempotent: bool,
    failure: fn() -> ExecutionFailure,
    calls: Arc<AtomicU32>,
) -> impl Tool {
    let t = tool_fn(name, "Sometimes fails.", move |_: NoArgs| {
        let calls = calls.clone();
        async move {
            let n = calls.fetch_add(1, Ordering::SeqCst) + 1;
            if n <= fail_times {
                Err(failure())
            } else {
                Ok("ok".to_owned())
            }
        }
    });
    if idempotent { t.idempotent() } else { t }
}

/// A tool that panics.
pub fn panicking() -> impl Tool {
    tool_fn("explode", "Panics.", |_: NoArgs| async move {
        if true {
            panic!("index out of bounds in explode");
        }
        Ok::<_, ExecutionFailure>(())
    })
}

/// A tool that sleeps longer than any test timeout.
pub fn sleepy() -> impl Tool {
    tool_fn(
        "sleepy",
        "Never finishes in time.",
        |_: NoArgs| async move {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            Ok::<_, ExecutionFailure>(())
        },
    )
    .timeout(Duration::from_millis(50))
}

/// The contents of the tool results in `messages`, in order.
pub fn tool_results(messages: &[agents_core::Message]) -> Vec<String> {
    messages
        .iter()
        .filter_map(|m| match m {
            agents_core::Message::Tool(r) => Some(r.content.clone()),
            _ => None,
        })
        .collect()
}

/// The contents of the error results in `messages` (what the model read about its failed
/// calls), in order.
pub fn error_results(messages: &[agents_core::Message]) -> Vec<String> {
    messages
        .iter()
        .filter_map(|m| match m {
            agents_core::Message::Tool(r) if r.is_error => Some(r.content.clone()),
            _ => None,
        })
        .collect()
}

/// Records every event.
#[derive(Clone, Default)]
pub struct Recorder(pub Arc<Mutex<Vec<Event>>>);

impl Recorder {
    pub fn hook(&self) -> impl Fn(&Event) + Send + Sync + 'static {
        let inner = self.0.clone();
        move |e: &Event| inner.lock().unwrap().push(e.clone())
    }

    pub fn events(&self) -> Vec<Event> {
        self.0.lock().unwrap().clone()
    }

    /// What the first `Repaired` event of step `step` changed, if one was emitted.
    pub fn fixes(&self, step: &str) -> Option<Vec<agents_core::event::ArgumentChange>> {
        self.events().into_iter().find_map(|e| match e {
            Event::Repaired { step: s, fixes, .. } if s == step => Some(fixes),
            _ => None,
        })
    }

    /// Every `Repaired` event of step `step`, each as its changes' lines joined by `; `.
    pub fn repaired(&self, step: &str) -> Vec<String> {
        self.events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Repaired { step: s, fixes, .. } if s == step => Some(
                    fixes
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("; "),
                ),
                _ => None,
            })
            .collect()
    }

    /// Event names in order (the serde tag), for compact assertions.
    pub fn names(&self) -> Vec<String> {
        self.events()
            .iter()
            .map(|e| {
                serde_json::to_value(e).unwrap()["event"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect()
    }
}

pub fn counter() -> Arc<AtomicU32> {
    Arc::new(AtomicU32::new(0))
}

pub fn count(c: &Arc<AtomicU32>) -> u32 {
    c.load(Ordering::SeqCst)
}

/// A tool named `name` that records the arguments each run of it got, read into `A`, and
/// answers `output`; with what it recorded.
pub fn recording<A>(
    name: &str,
    description: &str,
    output: &'static str,
) -> (impl Tool, Arc<Mutex<Vec<A>>>)
where
    A: serde::de::DeserializeOwned + schemars::JsonSchema + Send + 'static,
{
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let tool = tool_fn(name.to_owned(), description.to_owned(), move |a: A| {
        record.lock().unwrap().push(a);
        async move { Ok::<_, ExecutionFailure>(output.to_owned()) }
    });
    (tool, seen)
}

/// `request` run by an agent with `model` and the one `tool`, recorded.
pub async fn run_recorded(
    model: agents_core::testing::ScriptedModel,
    tool: impl Tool + 'static,
    request: &str,
) -> (agents_core::RunReport<String>, Recorder) {
    let rec = Recorder::default();
    let agent = agents_core::LlmAgent::<String, String>::builder("recorded")
        .model(model)
        .tool(tool)
        .on_event(rec.hook())
        .build()
        .unwrap();
    let report = agent.run(request.into()).report().await;
    (report, rec)
}

/// An agent named `a` whose model plays `model`, with `tool`, under `budget`.
pub fn agent_with(
    model: &agents_core::testing::ScriptedModel,
    tool: impl Tool,
    budget: agents_core::Budget,
) -> agents_core::LlmAgent<String, String> {
    agents_core::LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(tool)
        .budget(budget)
        .build()
        .unwrap()
}

/// Runs `agent` on a task of its own, waits until `started` is notified (its tool began),
/// then aborts that task (the run dropped) and waits for it to end.
pub async fn abort_once_started(
    agent: agents_core::LlmAgent<String, String>,
    started: &tokio::sync::Notify,
) {
    let run = tokio::spawn(async move { agent.run("go".into()).await });
    started.notified().await;
    run.abort();
    let _ = run.await;
}

/// Whether `done` holds within about ten seconds, looked at every 10 ms.
pub async fn within_ten_seconds(done: impl Fn() -> bool) -> bool {
    for _ in 0..1000 {
        if done() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    done()
}
