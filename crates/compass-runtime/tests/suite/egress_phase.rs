//! Egress by phase, from inside the workload: the install's registry is on
//! the allowlist only while provisioning runs; afterwards the workload
//! reaches only what the agent runs with.

use super::support::*;
use compass_runtime::{EgressPolicy, WorkloadRuntime};

fn curl(port: u16) -> compass_runtime::ExecSpec {
    sh(&format!("curl -sS -f -m 10 http://127.0.0.1:{port}/"))
}

#[tokio::test]
async fn the_install_registry_is_reachable_only_while_provisioning() {
    let rt = sandbox();
    let model = http_server("model-api").await;
    let registry = http_server("registry").await;
    let root = tempfile::tempdir().unwrap();
    let run = vec![format!("127.0.0.1:{}", model.port)];
    let a = spec(
        "nyx",
        &root.path().join("w"),
        EgressPolicy::Allowlist { hosts: run.clone() },
    );
    rt.create(&a).await.unwrap();
    let reach = |port| {
        let rt = &rt;
        let name = a.name.clone();
        async move { rt.exec(&name, &curl(port)).await.unwrap() }
    };
    assert_eq!(stdout(&reach(model.port).await), "model-api");
    assert!(!reach(registry.port).await.success(), "before provisioning");

    // Provisioning: the registry joins the list.
    let mut provisioning = run.clone();
    provisioning.push(format!("127.0.0.1:{}", registry.port));
    rt.set_egress(&a.name, &provisioning).await.unwrap();
    assert_eq!(stdout(&reach(registry.port).await), "registry");

    // Provisioned: back to what the agent runs with.
    rt.set_egress(&a.name, &run).await.unwrap();
    let seen = registry.accepted();
    assert!(!reach(registry.port).await.success(), "after provisioning");
    assert_eq!(registry.accepted(), seen, "the registry saw a connection");
    assert_eq!(stdout(&reach(model.port).await), "model-api");

    // Only an allowlist workload's egress can change.
    let d = spec("erebus", &root.path().join("d"), EgressPolicy::Deny);
    rt.create(&d).await.unwrap();
    assert!(rt.set_egress(&d.name, &provisioning).await.is_err());
    rt.remove(&d.name).await.unwrap();
    rt.remove(&a.name).await.unwrap();
}
