//! A typed answer end to end against the real local model (llama.cpp's server with Gemma 3
//! 270M, `scripts/local-llm.sh start`): an `Agent<String, Invoice>` whose answer llama.cpp holds
//! to the invoice's schema (`json_schema` after `Answer:`), over several seeds at a high
//! temperature. Every answer the model wrote (not cut by the token cap) is valid against the
//! schema as written, before any repair, and every run reads it into `Invoice`.
//!
//! Skipped like `e2e_local.rs` when no server answers, a failure with
//! `AGENTS_REQUIRE_LOCAL_LLM=1`.

use crate::common;

use std::sync::{Arc, Mutex};

use agents_core::model::{ConstraintSupport, Sampling};
use agents_core::{Event, LlmAgent, Model};
use common::local_llm::server;
use serde_json::Value;

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum Currency {
    Eur,
    Usd,
    Gbp,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Line {
    item: String,
    quantity: u32,
}

/// An invoice: an enum, an `Option`, a bounded list of nested objects.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Invoice {
    number: String,
    customer: String,
    currency: Currency,
    total: f64,
    due: Option<String>,
    #[schemars(length(max = 3))]
    lines: Vec<Line>,
}

#[tokio::test]
async fn a_typed_answer_is_held_to_its_schema_across_seeds() {
    let Some(url) = server().await else { return };
    let schema = agents_core::tool::schema_for::<Invoice>();
    let validator = jsonschema::options().offline().build(&schema).unwrap();
    let (mut held, mut cut) = (0, 0);
    for seed in 1..=5u64 {
        let model = common::prompted(&url).max_tokens(256).build().unwrap();
        assert_eq!(model.capabilities(&[]).answer, ConstraintSupport::Schema);
        let raws: Arc<Mutex<Vec<String>>> = Arc::default();
        let seen = raws.clone();
        let agent = LlmAgent::builder("billing")
            .output::<Invoice>()
            .prompt("You write invoices as JSON.")
            .model(model)
            .sampling(Sampling {
                temperature: Some(1.0),
                seed: Some(seed),
                ..Sampling::default()
            })
            .on_event(move |e| {
                if let Event::ModelResponded { raw: Some(raw), .. } = e {
                    seen.lock().unwrap().push(raw.clone());
                }
            })
            .build()
            .unwrap();
        let report = agent
            .run("Invoice INV-7 for Acme: two pens and one notebook, 12.50 euros in all.".into())
            .report()
            .await;
        let raws = raws.lock().unwrap().clone();
        let first = raws.first().cloned().unwrap_or_default();
        match serde_json::from_str::<Value>(&first) {
            Ok(value) => {
                let errors: Vec<String> = validator
                    .iter_errors(&value)
                    .map(|e| e.to_string())
                    .collect();
                assert!(errors.is_empty(), "seed {seed}: {errors:?} in {first}");
                held += 1;
                let invoice = report.output();
                assert!(invoice.is_some(), "seed {seed}: {:?}", report.outcome);
            }
            // Only a generation cut by the token cap may be unfinished JSON.
            Err(e) => {
                assert!(e.is_eof(), "seed {seed}: not JSON ({e}): {first:?}");
                cut += 1;
            }
        }
    }
    assert!(held > cut, "{held} held, {cut} cut by the token cap");
}
