//! A spawned process alone holds its protocol pipes: when it closes its
//! stdout the caller reads an end of file at once, though the process (and
//! bwrap, and the egress relay) keep running. An ACP client relies on it
//! to notice a broken agent without waiting out a prompt timeout.

use super::support::*;
use compass_runtime::{EgressPolicy, WorkloadRuntime};
use std::time::Duration;
use tokio::io::AsyncReadExt;

async fn closed_stdout_is_an_end_of_file(egress: EgressPolicy) {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let w = spec("mute", &root.path().join("w"), egress);
    rt.create(&w).await.unwrap();
    let mut p = rt
        .spawn(&w.name, &sh("echo up; exec >&-; sleep 60"))
        .await
        .unwrap();
    let mut out = String::new();
    // Far below the 60 s the process lives on: only its own copy of the
    // pipe was open.
    let read =
        tokio::time::timeout(Duration::from_secs(20), p.stdout.read_to_string(&mut out)).await;
    assert!(
        read.is_ok(),
        "no end of file while the process lives: something else holds its stdout"
    );
    assert_eq!(out, "up\n");
    p.handle.kill().await.unwrap();
    rt.remove(&w.name).await.unwrap();
}

#[tokio::test]
async fn closed_stdout_is_an_end_of_file_in_a_sandbox() {
    closed_stdout_is_an_end_of_file(EgressPolicy::Deny).await;
}

/// With an allowlist the command runs under the egress relay, which must
/// let go of its copies too.
#[tokio::test]
async fn closed_stdout_is_an_end_of_file_under_the_egress_relay() {
    closed_stdout_is_an_end_of_file(EgressPolicy::Allowlist {
        hosts: vec!["example.invalid:443".to_owned()],
    })
    .await;
}
