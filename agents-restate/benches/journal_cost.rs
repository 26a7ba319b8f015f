//! What a journal entry costs, per tool call: the demo agent's run of N calls of a no-op tool in
//! place, and the same run journaled on a real Restate server (each model call and each tool
//! execution a `ctx.run` entry, stored by the server before the run goes on), side by side.
//!
//! ```sh
//! scripts/restate.sh start && export $(scripts/restate.sh env)
//! cargo bench -p agents-restate --bench journal_cost
//! ```
//!
//! Per call = (time of a run with 9 calls − time of a run with 1 call) / 8, averaged over the
//! runs; a call is one model turn and one tool execution, so two journal entries.

use std::time::{Duration, Instant};

use agents_restate::demo::{LedgerScript, ledger_agent};

const RUNS: u32 = 20;
const FEW: usize = 1;
// Nine calls and the answer: the ten turns of the default budget.
const MANY: usize = 9;

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    rt.block_on(measure());
}

async fn measure() {
    let agent = ledger_agent(LedgerScript).expect("the demo agent builds");
    let in_place = per_call(|calls| {
        let agent = agent.clone();
        async move {
            let report = agent.run(scenario(calls)).report().await;
            assert!(report.outcome.is_ok(), "{:?}", report.outcome);
        }
    })
    .await;
    println!("in place:  {in_place:?} per tool call");

    let (Ok(ingress), Ok(admin)) = (
        std::env::var("RESTATE_INGRESS"),
        std::env::var("RESTATE_ADMIN"),
    ) else {
        println!("journaled: skipped (no RESTATE_INGRESS / RESTATE_ADMIN; see the module docs)");
        return;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut service = std::process::Command::new(env!("CARGO_BIN_EXE_durable"))
        .args(["serve", "--port", &port.to_string()])
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the service starts");
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let http = reqwest::Client::new();
    let registered = http
        .post(format!("{admin}/deployments"))
        .json(&serde_json::json!({ "uri": format!("http://127.0.0.1:{port}"), "force": true }))
        .send()
        .await
        .expect("register the service");
    assert!(registered.status().is_success(), "{registered:?}");
    let tag = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_nanos();
    let counter = std::sync::atomic::AtomicU32::new(0);
    let journaled = per_call(|calls| {
        let id = format!(
            "bench-{tag}-{}",
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
        );
        let (http, ingress) = (http.clone(), ingress.clone());
        async move {
            let body = serde_json::json!({ "input": scenario(calls) });
            let sent = http
                .post(format!("{ingress}/AgentRun/{id}/run/send"))
                .json(&body)
                .send()
                .await
                .expect("start the run");
            assert!(sent.status().is_success(), "{sent:?}");
            let outcome = http
                .get(format!("{ingress}/restate/workflow/AgentRun/{id}/attach"))
                .send()
                .await
                .expect("attach");
            let text = outcome.text().await.unwrap_or_default();
            assert!(text.contains("\"output\""), "{text}");
        }
    })
    .await;
    println!("journaled: {journaled:?} per tool call (Restate on loopback)");
    let _ = service.kill();
    let _ = service.wait();
}

fn scenario(calls: usize) -> String {
    serde_json::json!({ "entry": "bench", "noop_calls": calls }).to_string()
}

/// The time one more call adds to a run, from runs with [`FEW`] and [`MANY`] calls.
async fn per_call<F, Fut>(mut run: F) -> Duration
where
    F: FnMut(usize) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    // One warm-up run of each size.
    run(FEW).await;
    run(MANY).await;
    let mut total = [Duration::ZERO; 2];
    for _ in 0..RUNS {
        for (slot, calls) in [FEW, MANY].into_iter().enumerate() {
            let started = Instant::now();
            run(calls).await;
            total[slot] += started.elapsed();
        }
    }
    let extra = total[1].saturating_sub(total[0]);
    extra / (RUNS * u32::try_from(MANY - FEW).unwrap_or(1))
}
