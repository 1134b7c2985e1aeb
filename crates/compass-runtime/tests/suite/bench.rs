//! The launch benchmark runs end to end on a small repo (no timing asserted:
//! benchmarks measure speed, tests check they produce a sane report).

use compass_runtime::bench::{LaunchOptions, launch};

#[tokio::test]
async fn bench_launch_produces_a_report() {
    let scratch = tempfile::tempdir().unwrap();
    let mut options = LaunchOptions::new(scratch.path());
    options.files = 50;
    options.iterations = 2;
    options.idle_agents = 3;
    let report = launch(options).await.unwrap();
    assert_eq!(report.launch.samples, 2);
    assert_eq!(report.pause.samples, 2);
    assert_eq!(report.resume.samples, 2);
    assert_eq!(report.idle.agents, 3);
    assert!(report.idle.workload_processes >= 3, "{report}");
    assert!(report.idle.daemon_rss_bytes > 0);
    let text = report.to_string();
    for needle in [
        "median",
        "p99",
        "cores",
        "pause (running workload)",
        "ratio launch / faster worktree add",
        "idle agent workloads",
    ] {
        assert!(text.contains(needle), "{text}");
    }
    assert_eq!(
        fs_err::read_dir(scratch.path()).unwrap().count(),
        0,
        "bench left files behind"
    );
}
