//! `tracing` follows the journal's reporting rule. Its own test binary: `tracing` caches which
//! call sites are enabled process-wide, and tests running beside it without a subscriber would
//! make its capture miss events.
mod common;
mod journaled;

use std::sync::{Arc, Mutex};

use journaled::*;

/// What `tracing` saw: the crate's events, and the replay marks recorded on its spans.
#[derive(Clone, Default)]
struct Traced(Arc<Mutex<Vec<String>>>);

struct Marks(Vec<String>);

impl tracing::field::Visit for Marks {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        if field.name().starts_with("agents.") {
            self.0.push(format!("{}={value:?}", field.name()));
        }
    }
}

/// An event's message.
struct Message(String);

impl tracing::field::Visit for Message {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Traced {
    fn on_record(
        &self,
        _: &tracing::span::Id,
        values: &tracing::span::Record<'_>,
        _: tracing_subscriber::layer::Context<'_, S>,
    ) {
        let mut marks = Marks(Vec::new());
        values.record(&mut marks);
        self.0.lock().unwrap().extend(marks.0);
    }

    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        if event.metadata().target() == "agents" {
            let mut message = Message(String::new());
            event.record(&mut message);
            self.0.lock().unwrap().push(format!("event: {}", message.0));
        }
    }
}

/// Runs the busy agent on `journal` under a capturing subscriber; what it traced.
async fn traced_run(journal: &MemoryJournal) -> Vec<String> {
    use tracing_subscriber::layer::SubscriberExt;
    let traced = Traced::default();
    let _on = tracing::subscriber::set_default(tracing_subscriber::registry().with(traced.clone()));
    busy_agent(&world(), &Reported::default())
        .run("go".to_owned())
        .journal(journal)
        .report()
        .await
        .into_output()
        .unwrap();
    traced.0.lock().unwrap().clone()
}

/// `tracing` follows the same rule: a process replaying a finished run emits no event of the
/// steps it replays (the run's end included, a step of its own); one that replays every step
/// but the end emits only that the run resumed and that it finished. Either marks its run span
/// resumed and each tool call's span replayed. An uninterrupted run marks neither.
#[tokio::test]
async fn a_replay_traces_nothing_and_marks_its_spans() {
    let whole = MemoryJournal::default();
    let first = traced_run(&whole).await;
    let n = |lines: &[String], what: &str| lines.iter().filter(|l| *l == what).count();
    let events = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l.starts_with("event: "))
            .cloned()
            .collect()
    };
    assert!(events(&first).len() > 2, "{first:?}");
    assert_eq!(n(&first, "agents.resumed=false"), 1, "{first:?}");
    // The calls that reach a tool (not the invented one).
    assert_eq!(n(&first, "agents.replayed=false"), 3, "{first:?}");

    let again = traced_run(&whole.prefix(whole.len(), false)).await;
    assert_eq!(events(&again), Vec::<String>::new(), "{again:?}");
    assert_eq!(n(&again, "agents.resumed=true"), 1, "{again:?}");
    assert_eq!(n(&again, "agents.replayed=true"), 3, "{again:?}");

    let again = traced_run(&whole.prefix(whole.len() - 1, false)).await;
    assert_eq!(
        events(&again),
        vec![
            "event: run resumed from its journal".to_owned(),
            "event: run finished".to_owned()
        ],
        "{again:?}"
    );
    assert_eq!(n(&again, "agents.resumed=true"), 1, "{again:?}");
    assert_eq!(n(&again, "agents.replayed=true"), 3, "{again:?}");
}
