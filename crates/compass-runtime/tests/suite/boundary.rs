//! The workload boundary against a hostile agent (issue 9): a process inside
//! the workload plants NUL-bearing, symlinked and FIFO env files and a
//! symlinked `~/.compass`; spawn and exec keep working with the runtime's
//! own env, return promptly, and no host file outside the state dir is read,
//! changed or deleted (canaries with known content are checked after).

use super::support::*;
use compass_runtime::secrets;
use compass_runtime::{EgressPolicy, HostRuntime, Secret, WorkloadRuntime};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A hang detector, not a speed check: a blocked runtime worker never
/// returns at all.
const HANG: Duration = Duration::from_secs(120);

/// Host files outside every workload, with known content.
struct Canary {
    dir: PathBuf,
}

impl Canary {
    fn plant(root: &Path) -> Self {
        let dir = root.join("canary");
        fs_err::create_dir_all(dir.join("secrets")).unwrap();
        fs_err::write(dir.join("env"), "LEAK=canary-value\n").unwrap();
        fs_err::write(dir.join("secrets/KEY"), "canary-secret").unwrap();
        Self { dir }
    }

    fn intact(&self) {
        assert_eq!(
            fs_err::read_to_string(self.dir.join("env")).unwrap(),
            "LEAK=canary-value\n",
            "the host canary env was changed"
        );
        assert_eq!(
            fs_err::read_to_string(self.dir.join("secrets/KEY")).unwrap(),
            "canary-secret",
            "the host canary secret was changed"
        );
        let names: Vec<_> = fs_err::read_dir(&self.dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "the canary dir changed: {names:?}");
    }
}

/// Run `script` inside the workload (the agent's move); it must succeed.
async fn agent(rt: &dyn WorkloadRuntime, name: &compass_runtime::WorkloadName, script: &str) {
    let out = tokio::time::timeout(HANG, rt.exec(name, &sh(script)))
        .await
        .expect("the agent's exec hung")
        .unwrap();
    assert!(
        out.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The environment a fresh exec sees, returned promptly.
async fn env_seen(rt: &dyn WorkloadRuntime, name: &compass_runtime::WorkloadName) -> String {
    let out = tokio::time::timeout(HANG, rt.exec(name, &sh("env; ls -d /hostroot 2>&1; true")))
        .await
        .expect("exec hung: a runtime worker blocked on an agent-written file")
        .unwrap();
    assert!(out.success(), "{}", String::from_utf8_lossy(&out.stderr));
    stdout(&out)
}

pub(crate) async fn planted_env_files_never_reach_a_spawn(
    rt: &dyn WorkloadRuntime,
    egress: EgressPolicy,
) {
    let root = tempfile::tempdir().unwrap();
    let canary = Canary::plant(root.path());
    let state = root.path().join("w");
    let s = spec("hyperion", &state, egress);
    rt.create(&s).await.unwrap();
    secrets::inject_env(
        rt,
        &s.name,
        &state,
        &[("API_TOKEN".to_owned(), Secret::new("from-the-daemon"))],
    )
    .await
    .unwrap();
    let home = rt.inner_paths(&state).home.display().to_string();

    // A NUL in a value: in an args file that would add `--bind / /hostroot`.
    agent(
        rt,
        &s.name,
        &format!(
            "printf 'X=a\\0--bind\\0/\\0/hostroot\\nAPI_TOKEN=from-the-agent\\n' > {home}/.compass/env"
        ),
    )
    .await;
    let env = env_seen(rt, &s.name).await;
    assert!(env.contains("API_TOKEN=from-the-daemon"), "{env}");
    assert!(
        !env.contains("from-the-agent") && !env.contains("X=a"),
        "{env}"
    );
    assert!(
        !env.contains("/hostroot\n") || env.contains("No such file"),
        "{env}"
    );

    // A link to a host file: its KEY=VALUE lines must not leak in.
    agent(
        rt,
        &s.name,
        &format!(
            "rm -f {home}/.compass/env && ln -s {} {home}/.compass/env",
            canary.dir.join("env").display()
        ),
    )
    .await;
    let env = env_seen(rt, &s.name).await;
    assert!(
        !env.contains("LEAK"),
        "a host file leaked into the env: {env}"
    );
    assert!(env.contains("API_TOKEN=from-the-daemon"), "{env}");

    // A FIFO nobody writes: a blocking open would freeze the runtime.
    agent(
        rt,
        &s.name,
        &format!("rm -f {home}/.compass/env && mkfifo {home}/.compass/env"),
    )
    .await;
    let env = env_seen(rt, &s.name).await;
    assert!(env.contains("API_TOKEN=from-the-daemon"), "{env}");
    // A spawn too, and the runtime still answers meanwhile.
    let mut p = tokio::time::timeout(HANG, rt.spawn(&s.name, &sh("sleep 30")))
        .await
        .expect("spawn hung")
        .unwrap();
    assert!(rt.exists(&s.name).await.unwrap());
    p.handle.kill().await.unwrap();
    let _ = p.handle.wait().await;

    // Delivering again clears the planted FIFO without opening it.
    secrets::clear(rt, &s.name, &state).await.unwrap();
    let env = env_seen(rt, &s.name).await;
    assert!(!env.contains("API_TOKEN"), "cleared secrets linger: {env}");

    rt.remove(&s.name).await.unwrap();
    canary.intact();
    assert!(!state.exists());
}

pub(crate) async fn a_symlinked_dot_compass_redirects_nothing(
    rt: &dyn WorkloadRuntime,
    egress: EgressPolicy,
) {
    let root = tempfile::tempdir().unwrap();
    let canary = Canary::plant(root.path());
    let state = root.path().join("w");
    let s = spec("oberon", &state, egress);
    rt.create(&s).await.unwrap();
    let home = rt.inner_paths(&state).home.display().to_string();
    // The agent points its whole ~/.compass at the host dir (on the host
    // tier that is a real host path; in a sandbox it names nothing inside).
    agent(
        rt,
        &s.name,
        &format!(
            "rm -rf {home}/.compass && ln -s {} {home}/.compass",
            canary.dir.display()
        ),
    )
    .await;
    // What `agent start` does: clear earlier deliveries, deliver again.
    secrets::clear(rt, &s.name, &state).await.unwrap();
    canary.intact();
    let inner = secrets::inject_file(rt, &s.name, &state, "KEY", &Secret::new("fresh"))
        .await
        .unwrap();
    secrets::inject_env(
        rt,
        &s.name,
        &state,
        &[("KEY".to_owned(), Secret::new("fresh"))],
    )
    .await
    .unwrap();
    canary.intact();
    let out = rt
        .exec(
            &s.name,
            &sh(&format!("cat {}; echo; printenv KEY", inner.display())),
        )
        .await
        .unwrap();
    assert_eq!(stdout(&out), "fresh\nfresh\n");
    // The delivery landed in a real directory in the agent's own home.
    assert!(
        !fs_err::symlink_metadata(state.join("home/.compass"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    rt.remove(&s.name).await.unwrap();
    canary.intact();
}

pub(crate) async fn removal_never_follows_planted_links(
    rt: &dyn WorkloadRuntime,
    egress: EgressPolicy,
) {
    let root = tempfile::tempdir().unwrap();
    let canary = Canary::plant(root.path());
    let state = root.path().join("w");
    let s = spec("triton", &state, egress);
    rt.create(&s).await.unwrap();
    let inner = rt.inner_paths(&state);
    let c = canary.dir.display();
    agent(
        rt,
        &s.name,
        &format!(
            "ln -s {c} {home}/host && ln -s {c}/secrets {work}/secrets && ln -s {c}/env $TMPDIR/env \
             && mkdir -p {work}/deep/a && ln -s {c} {work}/deep/a/up && mkfifo {home}/fifo \
             && chmod 500 {work}/deep/a",
            home = inner.home.display(),
            work = inner.work.display(),
        ),
    )
    .await;
    tokio::time::timeout(HANG, rt.remove(&s.name))
        .await
        .expect("remove hung")
        .unwrap();
    assert!(!state.exists(), "the state dir was not removed");
    canary.intact();
}

#[tokio::test]
async fn sandbox_planted_env_files_never_reach_a_spawn() {
    planted_env_files_never_reach_a_spawn(&sandbox(), EgressPolicy::Deny).await;
}

#[tokio::test]
async fn host_planted_env_files_never_reach_a_spawn() {
    planted_env_files_never_reach_a_spawn(&HostRuntime::new(), EgressPolicy::Open).await;
}

#[tokio::test]
async fn sandbox_a_symlinked_dot_compass_redirects_nothing() {
    a_symlinked_dot_compass_redirects_nothing(&sandbox(), EgressPolicy::Deny).await;
}

#[tokio::test]
async fn host_a_symlinked_dot_compass_redirects_nothing() {
    a_symlinked_dot_compass_redirects_nothing(&HostRuntime::new(), EgressPolicy::Open).await;
}

#[tokio::test]
async fn sandbox_removal_never_follows_planted_links() {
    removal_never_follows_planted_links(&sandbox(), EgressPolicy::Deny).await;
}

#[tokio::test]
async fn host_removal_never_follows_planted_links() {
    removal_never_follows_planted_links(&HostRuntime::new(), EgressPolicy::Open).await;
}

/// The env secrets are the runtime's own state: a restarted daemon's
/// `adopt` has them without reading anything the agent wrote.
#[tokio::test]
async fn adopt_restores_env_secrets_from_the_state_dir() {
    let root = tempfile::tempdir().unwrap();
    let state = root.path().join("w");
    let s = spec("ariel", &state, EgressPolicy::Deny);
    let first = sandbox();
    first.create(&s).await.unwrap();
    secrets::inject_env(
        &first,
        &s.name,
        &state,
        &[("TOKEN".to_owned(), Secret::new("kept"))],
    )
    .await
    .unwrap();
    // The agent rewrites its copy; the restarted runtime must not care.
    agent(
        &first,
        &s.name,
        "printf 'TOKEN=forged\\n' > $HOME/.compass/env",
    )
    .await;
    drop(first);
    let second = sandbox();
    second.adopt(&s).await.unwrap();
    let out = second.exec(&s.name, &sh("printenv TOKEN")).await.unwrap();
    assert_eq!(stdout(&out), "kept\n");
    second.remove(&s.name).await.unwrap();
}

/// Every value that reaches bwrap is checked; errors name the field.
#[tokio::test]
async fn bad_values_for_bwrap_are_refused_by_name() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let state = root.path().join("w");
    let s = spec("miranda", &state, EgressPolicy::Deny);
    rt.create(&s).await.unwrap();
    let mut exec = sh("true");
    exec.env
        .insert("X".into(), "a\0--bind\0/\0/hostroot".into());
    let err = rt.exec(&s.name, &exec).await.unwrap_err().to_string();
    assert!(err.contains("environment variable value"), "{err}");
    let mut exec = sh("true");
    exec.env.insert("--bind".into(), "v".into());
    let err = rt.exec(&s.name, &exec).await.unwrap_err().to_string();
    assert!(err.contains("environment variable name"), "{err}");
    let mut exec = sh("true");
    exec.cwd = Some("--bind".into());
    let err = rt.exec(&s.name, &exec).await.unwrap_err().to_string();
    assert!(err.contains("cwd"), "{err}");
    let mut exec = sh("true");
    exec.argv.push("a\0b".into());
    let err = rt.exec(&s.name, &exec).await.unwrap_err().to_string();
    assert!(err.contains("argv"), "{err}");
    // A mount path with a line break is refused at create.
    let dir = root.path().join("a\nb");
    fs_err::create_dir_all(&dir).unwrap();
    let mut bad = spec("umbriel", &root.path().join("u"), EgressPolicy::Deny);
    bad.mounts.push(compass_runtime::Mount {
        host_path: dir,
        workload_path: "/data".into(),
        read_only: true,
    });
    let err = rt.create(&bad).await.unwrap_err().to_string();
    assert!(err.contains("mount host path"), "{err}");
    // A mount may not expose the workload's own state dir.
    let apart = tempfile::tempdir().unwrap();
    let mut own = spec("puck", &apart.path().join("p"), EgressPolicy::Deny);
    own.mounts.push(compass_runtime::Mount {
        host_path: apart.path().to_path_buf(),
        workload_path: "/data".into(),
        read_only: true,
    });
    let err = rt.create(&own).await.unwrap_err().to_string();
    assert!(err.contains("own state dir"), "{err}");
    rt.remove(&s.name).await.unwrap();
}
