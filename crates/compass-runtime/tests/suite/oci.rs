//! The OCI backend runs the same contract tests wherever a container engine
//! can run containers. Where none can, the test is skipped loudly with the
//! engine probe's error (printed, and listed in `scripts/test`'s summary);
//! with `COMPASS_REQUIRE_ALL=1` it fails instead. Never a silent pass.

use super::contract;
use compass_runtime::{EgressPolicy, OciConfig, OciRuntime};

async fn engine_or_skip() -> Option<OciRuntime> {
    let relay = Some(env!("CARGO_BIN_EXE_compass-netns-relay").into());
    let probe = match OciRuntime::new(OciConfig {
        relay,
        ..OciConfig::discover()
    }) {
        Ok(rt) => rt.probe().await.map(|()| rt),
        Err(e) => Err(e),
    };
    match probe {
        Ok(rt) => Some(rt),
        Err(e) if compass_test_support::skips_forbidden() => panic!(
            "no container engine can run containers here ({e}), and COMPASS_REQUIRE_ALL=1 forbids skipping"
        ),
        Err(e) => {
            compass_test_support::skip_loudly(
                "compass-runtime oci_contract",
                &format!("no container engine can run containers here: {e}"),
            );
            None
        }
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
