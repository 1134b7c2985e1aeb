//! Measure `bench_agents` by hand (what `compass bench agents` calls):
//! `cargo run -p compass-acp --example bench_agents -- AGENT_BIN PACE_MS [N...]`.
#![allow(clippy::print_stdout, clippy::unwrap_used, clippy::expect_used)]

use compass_acp::{BenchOptions, bench_agents};
use compass_core::gate::PassThrough;
use compass_runtime::EgressPolicy;
use compass_runtime::host::HostRuntime;
use std::sync::Arc;

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let bin = args
        .next()
        .expect("usage: bench_agents AGENT_BIN PACE_MS [N...]");
    let pace_ms: u64 = args.next().expect("PACE_MS").parse().expect("PACE_MS");
    let counts: Vec<usize> = args.map(|a| a.parse().expect("N")).collect();
    for n in if counts.is_empty() {
        vec![1, 10, 50]
    } else {
        counts
    } {
        let dir = tempfile::tempdir().unwrap();
        let opts = BenchOptions {
            agents: n,
            tool_calls: 200,
            pace_ms,
            agent_bin: bin.clone().into(),
            state_root: dir.path().to_path_buf(),
            inner_work: None,
            mounts: vec![],
            egress: EgressPolicy::Open,
        };
        let report = bench_agents(Arc::new(HostRuntime::new()), Arc::new(PassThrough), &opts)
            .await
            .unwrap();
        println!("{report}");
    }
}
