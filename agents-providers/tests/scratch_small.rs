//! Scratch measurement (not committed): repeats with and without skip_repeats.
mod common;
use std::sync::{Arc, Mutex};
use agents_core::model::Recovery;
use agents_core::tool::tool_fn;
use agents_core::{Budget, ExecutionFailure, LlmAgent};
use agents_providers::prompted::PromptedCompletions;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct City { /// The city.
    city: String }
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Ev { /// The event's title.
    title: String, /// The day.
    day: String }

#[tokio::test]
async fn scratch() {
    let url = std::env::var("LOCAL_LLM_URL").unwrap();
    let requests = ["What's the weather in Paris?","What time is it in Tokyo?","What's the weather in Oslo and what time is it there?","Is it raining in Berlin? And the local time?","Add a dentist appointment on Friday.","Create an event called Team lunch on Monday.","Weather in Rome please","Put 'Call mom' in my calendar for Sunday."];
    for mode in ["off", "on"] {
        let (mut runs, mut answered, mut turns, mut repeats, mut executions) = (0, 0, 0, 0, 0);
        for (i, req) in requests.iter().enumerate() {
            for seed in [1u64, 2] {
                let model = PromptedCompletions::builder("gemma3-270m").base_url(format!("{url}/v1")).build().unwrap();
                let ran: Arc<Mutex<Vec<String>>> = Arc::default();
                let (a, b, c) = (ran.clone(), ran.clone(), ran.clone());
                let mut r = Recovery::SMALL_MODEL;
                if mode == "off" { r = r.skip_repeats(false).answer_after_repeat(false); }
                let agent = LlmAgent::builder("assistant")
                    .prompt("You help with travel and calendars. Use the tools.")
                    .model(model)
                    .recovery(r)
                    .sampling(agents_core::model::Sampling { temperature: Some(if seed == 1 { 0.0 } else { 0.7 }), seed: Some(seed), ..Default::default() })
                    .budget(Budget { max_turns: Some(6), ..Budget::default() })
                    .tool(tool_fn("get_weather", "Current weather in a city.", move |x: City| { a.lock().unwrap().push(format!("w {}", x.city)); async move { Ok::<_, ExecutionFailure>(format!("18 degrees and rain in {}", x.city)) } }))
                    .tool(tool_fn("get_time", "Current local time in a city.", move |x: City| { b.lock().unwrap().push(format!("t {}", x.city)); async move { Ok::<_, ExecutionFailure>(format!("It is 14:05 in {}", x.city)) } }))
                    .tool(tool_fn("create_event", "Create a calendar event.", move |x: Ev| { c.lock().unwrap().push(format!("e {} {}", x.title, x.day)); async move { Ok::<_, ExecutionFailure>(format!("Created {} on {}", x.title, x.day)) } }))
                    .build().unwrap();
                let report = agent.run_report(req.to_string()).await;
                let ran = ran.lock().unwrap().clone();
                let mut uniq = ran.clone(); uniq.sort(); uniq.dedup();
                runs += 1; turns += report.turns; executions += ran.len();
                repeats += ran.len() - uniq.len();
                if report.output.is_ok() { answered += 1; }
                println!("{mode} {i} seed {seed}: {:?} turns {} ran {:?}", report.output.as_ref().map_err(|e| e.to_string().chars().take(60).collect::<String>()), report.turns, ran);
            }
        }
        println!("SUMMARY {mode}: runs {runs} answered {answered} turns/run {:.2} executions {executions} repeated executions {repeats}", turns as f64 / runs as f64);
    }
}
