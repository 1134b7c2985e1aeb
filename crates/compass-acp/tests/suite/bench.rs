//! The agents benchmark runs real scripted agents in host workloads and
//! accounts for every update.

use compass_acp::{BenchOptions, bench_agents};
use compass_core::gate::PassThrough;
use compass_runtime::EgressPolicy;
use compass_runtime::host::HostRuntime;
use std::sync::Arc;

#[tokio::test]
async fn bench_counts_every_update_and_reports_per_agent_figures() {
    let dir = tempfile::tempdir().unwrap();
    let opts = BenchOptions {
        agents: 3,
        tool_calls: 50,
        pace_ms: 0,
        agent_bin: compass_test_support::scripted_agent(),
        state_root: dir.path().to_path_buf(),
        inner_work: None,
        mounts: vec![],
        egress: EgressPolicy::Open,
    };
    let report = bench_agents(Arc::new(HostRuntime::new()), Arc::new(PassThrough), &opts)
        .await
        .unwrap();
    // Per agent: the prompt, one message, 3 updates per tool call, the
    // stats message, the end of the turn.
    assert_eq!(report.updates, 3 * (1 + 1 + 3 * 50 + 1 + 1), "{report}");
    assert_eq!(report.latency_samples, 3 * (50 + 2), "{report}");
    assert!(report.updates_per_sec > 0.0);
    assert!(report.agent_rss_kb_mean > 0.0, "{report}");
    assert!(report.latency_p99_ms >= report.latency_p50_ms);
    // The workloads are gone afterwards.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
