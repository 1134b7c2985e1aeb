//! The bench functions run (figures are printed, not asserted, except the
//! counter proving a cleared re-read runs no detector).

use compass_warden::bench::{bench_gate, bench_hook_roundtrip};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[allow(clippy::print_stderr)]
async fn gate_and_hook_round_trip_benches_run() {
    let g = bench_gate(200).await.unwrap();
    eprintln!("{g}");
    assert_eq!(g.reread_detector_runs, 0);
    assert_eq!(g.iterations, 200);
    let bin = compass_test_support::bins::compass_hook();
    let rt = bench_hook_roundtrip(
        vec![(
            "compass-hook".to_owned(),
            Arc::new(move |sock: &Path| {
                let mut c = Command::new(&bin);
                c.args(["claude-code", "PreToolUse"])
                    .env("COMPASS_HOOK_SOCKET", sock);
                c
            }),
        )],
        20,
    )
    .await
    .unwrap();
    eprintln!("{rt}");
    assert!(rt.all_answered);
    assert_eq!(rt.clients.len(), 1);
    assert!(rt.clients[0].p50_us > 0 && rt.spawn_p50_us > 0, "{rt}");
}
