//! Settings an agent may not override: what the daemon writes under the
//! config dir's `etc/` appears read-only under `/etc` inside the sandbox
//! (Claude Code reads its managed settings, and so its hooks, from
//! `/etc/claude-code/managed-settings.json`), and nothing the agent does in
//! its workload replaces or removes it.

use super::support::*;
use compass_runtime::layout::Layout;
use compass_runtime::{EgressPolicy, WorkloadRuntime};

#[tokio::test]
async fn managed_settings_are_bound_read_only_under_etc() {
    managed_settings_are_read_only(&sandbox()).await;
}

pub(crate) async fn managed_settings_are_read_only(rt: &dyn WorkloadRuntime) {
    let root = tempfile::tempdir().unwrap();
    let a = spec("hermes", &root.path().join("w"), EgressPolicy::Deny);
    rt.create(&a).await.unwrap();
    let managed = Layout::new(&a.state_dir)
        .config
        .join("etc/claude-code/managed-settings.json");
    fs_err::create_dir_all(managed.parent().unwrap()).unwrap();
    fs_err::write(&managed, r#"{"hooks":{}}"#).unwrap();

    let file = "/etc/claude-code/managed-settings.json";
    let out = rt.exec(&a.name, &sh(&format!("cat {file}"))).await.unwrap();
    assert_eq!(stdout(&out), r#"{"hooks":{}}"#, "{out:?}");
    for attack in [
        format!("echo '{{}}' > {file}"),
        format!("rm -f {file}"),
        format!("mv {file} /tmp/x"),
        "rm -rf /etc/claude-code".to_owned(),
        format!("ln -sf /dev/null {file}"),
    ] {
        let out = rt.exec(&a.name, &sh(&attack)).await.unwrap();
        assert!(!out.success(), "{attack} succeeded");
    }
    let out = rt.exec(&a.name, &sh(&format!("cat {file}"))).await.unwrap();
    assert_eq!(stdout(&out), r#"{"hooks":{}}"#);
    assert_eq!(fs_err::read_to_string(&managed).unwrap(), r#"{"hooks":{}}"#);
    rt.remove(&a.name).await.unwrap();
}
