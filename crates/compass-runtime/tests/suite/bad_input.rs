//! Bad input gets a clear error naming the problem, and leaves nothing on disk.

use super::support::*;
use compass_runtime::{
    Backend, EgressPolicy, RuntimeError, SandboxConfig, SandboxRuntime, WorkloadName,
    WorkloadRuntime,
};

#[test]
fn bad_workload_names_are_refused_by_name() {
    for raw in ["a/b", "..", "a\0b", "a\nb", "", "../etc"] {
        let err = WorkloadName::parse_checked(raw).unwrap_err();
        assert!(matches!(err, RuntimeError::BadName { .. }), "{raw:?}");
        assert!(err.to_string().contains(&format!("{raw:?}")), "{err}");
    }
}

#[test]
fn unknown_backend_lists_the_choices() {
    let err = Backend::parse("kvm").unwrap_err().to_string();
    assert!(
        err.contains("kvm") && err.contains("sandbox, host, oci"),
        "{err}"
    );
}

#[test]
fn missing_bwrap_is_named() {
    let err = SandboxRuntime::new(SandboxConfig {
        bwrap: "/nonexistent/bwrap".into(),
        ..SandboxConfig::discover()
    })
    .unwrap_err();
    assert!(
        matches!(err, RuntimeError::MissingTool { tool: "bwrap", .. }),
        "{err}"
    );
    assert!(
        err.to_string().contains("apt-get install bubblewrap"),
        "{err}"
    );
}

#[tokio::test]
async fn a_used_state_dir_is_refused_and_left_alone() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let state = root.path().join("w");
    fs_err::create_dir_all(&state).unwrap();
    fs_err::write(state.join("keep.txt"), "mine").unwrap();
    let err = rt
        .create(&spec("tethys", &state, EgressPolicy::Deny))
        .await
        .unwrap_err();
    assert!(matches!(err, RuntimeError::AlreadyExists(_)), "{err}");
    assert_eq!(
        fs_err::read_to_string(state.join("keep.txt")).unwrap(),
        "mine"
    );
    assert_eq!(fs_err::read_dir(&state).unwrap().count(), 1);
}

#[tokio::test]
async fn bad_mounts_are_refused_before_anything_is_made() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let state = root.path().join("w");
    for (host, inner) in [
        (root.path().to_path_buf(), "relative/path"),
        (root.path().to_path_buf(), "/work/../etc"),
        (root.path().to_path_buf(), "/run/compass/config"),
        (root.path().join("missing"), "/work/x"),
    ] {
        let mut s = spec("titan", &state, EgressPolicy::Deny);
        s.mounts.push(compass_runtime::Mount {
            host_path: host,
            workload_path: inner.into(),
            read_only: true,
        });
        let err = rt.create(&s).await.unwrap_err();
        assert!(
            matches!(err, RuntimeError::Invalid { .. }),
            "{inner}: {err}"
        );
        assert!(!state.exists());
    }
}

#[test]
fn the_host_tier_declares_what_it_lacks() {
    assert!(Backend::Sandbox.missing_protections().is_empty());
    let host = Backend::Host.missing_protections();
    assert!(host.contains(&compass_runtime::Protection::EgressPolicy));
    assert!(host.contains(&compass_runtime::Protection::FilesystemIsolation));
    assert_eq!(
        compass_runtime::HostRuntime::new().missing_protections(),
        host
    );
}

#[test]
fn runtimes_by_name() {
    assert!(matches!(
        compass_runtime::runtime_named("kvm"),
        Err(RuntimeError::UnknownBackend(_))
    ));
    assert_eq!(
        compass_runtime::runtime_named("host").unwrap().backend(),
        Backend::Host
    );
    assert_eq!(
        compass_runtime::runtime_named("sandbox").unwrap().backend(),
        Backend::Sandbox
    );
}
