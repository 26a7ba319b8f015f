//! For each BFCL question of a data file, how many required numbers each offered tool needs
//! that the question gives none of ([`agents::required_numbers_not_given`], what the prompted
//! client's calibrated choice reads with `required_numbers` on): one JSON line per question,
//! `{"id", "unfilled": {function: n}}`, under BFCL's names, as the tool scores are logged. No model is
//! asked, so a log of tool scores taken before the rule existed can be read with it
//! (`evals/bfcl/tool_choice.py --unfilled`).
//!
//! ```text
//! cargo run -p agents-evals --bin bfcl_unfilled -- HOME/data/live_multiple.json > unfilled.jsonl
//! ```

use agents::model::Message;
use agents_evals::bfcl;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: bfcl_unfilled HOME/data/CATEGORY.json");
        std::process::exit(2);
    };
    let questions = match bfcl::load(std::path::Path::new(&path)) {
        Ok(questions) => questions,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(1);
        }
    };
    for q in questions {
        let tools = q.tool_specs(&q.names());
        let messages = [Message::user(q.request())];
        let counts = agents::required_numbers_not_given(&messages, &tools);
        // `tool_specs` keeps the functions' order.
        let unfilled: serde_json::Map<String, serde_json::Value> = q
            .function
            .iter()
            .zip(counts)
            .map(|(f, n)| (f.name.clone(), n.into()))
            .collect();
        println!("{}", serde_json::json!({"id": q.id, "unfilled": unfilled}));
    }
}
