//! The OCI backend runs the same contract tests wherever a container engine
//! can run containers. Where none can, this test FAILS, loudly, unless
//! `COMPASS_SKIP_OCI=<reason>` is set — then it prints the reason and the
//! probe's error. Never a silent pass.

use super::contract;
use compass_runtime::{EgressPolicy, OciConfig, OciRuntime};

async fn engine_or_skip() -> Option<OciRuntime> {
    let skip = std::env::var("COMPASS_SKIP_OCI")
        .ok()
        .filter(|r| !r.trim().is_empty());
    let relay = Some(env!("CARGO_BIN_EXE_compass-netns-relay").into());
    let probe = match OciRuntime::new(OciConfig {
        relay,
        ..OciConfig::discover()
    }) {
        Ok(rt) => rt.probe().await.map(|()| rt),
        Err(e) => Err(e),
    };
    match (probe, skip) {
        (Ok(rt), _) => Some(rt),
        (Err(e), Some(reason)) => {
            eprintln!(
                "!!! OCI contract tests SKIPPED (COMPASS_SKIP_OCI={reason:?}); engine probe said: {e}"
            );
            None
        }
        (Err(e), None) => panic!(
            "no container engine can run containers here ({e}). Install a working podman or docker, \
             or set COMPASS_SKIP_OCI=<reason> to skip the OCI contract tests explicitly."
        ),
    }
}

#[tokio::test]
async fn oci_contract() {
    let Some(rt) = engine_or_skip().await else {
        return;
    };
    for egress in [
        EgressPolicy::Deny,
        EgressPolicy::Open,
        EgressPolicy::Allowlist {
            hosts: vec!["127.0.0.1".into()],
        },
    ] {
        contract::lifecycle(&rt, egress.clone()).await;
        contract::exec_captures_and_nonzero_is_a_result(&rt, egress.clone()).await;
        contract::environment_is_scrubbed(&rt, egress.clone()).await;
        contract::spawn_has_live_pipes_and_kill(&rt, egress.clone()).await;
        contract::stop_kills_double_forked_children(&rt, egress.clone()).await;
        contract::pause_freezes_and_resume_continues(&rt, egress.clone()).await;
        contract::resize_is_typed(&rt, egress).await;
    }
}
