//! Gated runs over two service processes behind one address: the setup of the tests that kill
//! a process while runs hold inside their tool.

use std::path::PathBuf;

use super::front::balancer;
use super::{Server, Service, fresh, waiting};

/// `runs` runs, each appending its entry to one ledger and then waiting at its own gate, spread
/// over two service processes that Restate reaches through one balancing address.
pub struct Fleet {
    pub dir: PathBuf,
    /// The runs' id prefix: run `i` is `{id}-{i}`.
    pub id: String,
    pub ledger: PathBuf,
    pub services: [Service; 2],
    /// The balancing address's port (what Restate connects to).
    pub port: u16,
    runs: usize,
}

impl Fleet {
    /// Starts the two processes and the balancer, registers it with `server` and starts every
    /// run (each crashing its process after its tool, should its process still be the one to
    /// run it).
    pub async fn start(server: &Server, name: &str, runs: usize) -> Fleet {
        let (dir, id) = fresh(name);
        let ledger = dir.join("ledger.txt");
        let services = [Service::start(&dir).await, Service::start(&dir).await];
        let port = balancer(vec![services[0].port, services[1].port]).await;
        server.register(&format!("http://127.0.0.1:{port}")).await;
        let fleet = Fleet {
            dir,
            id,
            ledger,
            services,
            port,
            runs,
        };
        for i in 0..runs {
            let scenario = serde_json::json!({
                "entry": format!("entry-{i}"), "ledger": fleet.ledger, "gate": fleet.gate(i),
                "crash": "after",
            });
            server
                .start_run(&format!("{}-{i}", fleet.id), &scenario)
                .await;
        }
        fleet
    }

    /// Run `i`'s gate: the file whose creation lets it go on.
    pub fn gate(&self, i: usize) -> PathBuf {
        self.dir.join(format!("gate-{i}"))
    }

    /// The process ids holding a run at its gate, one per held run.
    pub fn holders(&self) -> Vec<u32> {
        (0..self.runs)
            .filter_map(|i| std::fs::read_to_string(waiting(&self.gate(i))).ok())
            .filter_map(|pid| pid.parse().ok())
            .collect()
    }

    /// Kills the process holding the most runs, then opens every gate.
    pub fn kill_the_busier_and_release(&mut self) {
        let held = self.holders();
        let on = |s: &Service| held.iter().filter(|&&p| Some(p) == s.pid()).count();
        let victim = usize::from(on(&self.services[0]) < on(&self.services[1]));
        eprintln!(
            "killing service process {victim} (pid {:?}); runs held: {held:?}",
            self.services[victim].pid()
        );
        self.services[victim].kill();
        for i in 0..self.runs {
            std::fs::write(self.gate(i), b"").expect("open the gate");
        }
    }
}
