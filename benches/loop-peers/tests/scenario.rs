//! Both loops really play the scenario: N tool calls that succeed, then the answer.

use loop_peers::{ours, runtime};

#[test]
fn ours_runs_every_call() {
    let rt = runtime();
    for n in [1, 10] {
        for agent in [ours::replay_agent(n), ours::scripted_agent(n)] {
            let report = rt.block_on(agent.run("go".to_owned()).report());
            assert_eq!(report.output().unwrap(), "done");
            assert_eq!(report.turns as usize, n + 1);
            let results: Vec<_> = report
                .transcript
                .iter()
                .filter_map(|m| match m {
                    agents_core::Message::Tool(r) => Some(r),
                    _ => None,
                })
                .collect();
            assert_eq!(results.len(), n);
            assert!(results.iter().all(|r| !r.is_error && r.content == "ok"));
        }
    }
}

#[cfg(feature = "rig")]
#[test]
fn rig_runs_every_call() {
    let rt = runtime();
    for n in [1, 10] {
        let agent = loop_peers::rig::agent(n);
        let response = rt
            .block_on(async { agent.prompt("go").max_turns(n + 1).await })
            .unwrap();
        assert_eq!(response.output(), "done");
        assert_eq!(response.requests(), n + 1);
        // Every call got a successful result (rig's message types are matched by their debug
        // rendering to keep this short).
        let messages = format!("{:?}", response.messages());
        assert_eq!(messages.matches("is_error: false").count(), n);
        assert_eq!(messages.matches("is_error: true").count(), 0);
        assert_eq!(messages.matches(r#"text: "ok""#).count(), n);
    }
}
