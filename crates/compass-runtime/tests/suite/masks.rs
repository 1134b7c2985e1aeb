//! Masks on the sandbox backend, against real bwrap: the stand-ins land at
//! the declared paths and the in-sandbox check (`mask_check`) says so
//! before the command runs; a link swapped in between the host's check and
//! bwrap's bind (the `test-hooks` hook, as a racing agent process would)
//! makes the check refuse the start, so nothing the agent wrote is loaded.

use super::support::*;
use compass_runtime::layout::Layout;
use compass_runtime::{EgressPolicy, ExecOutput, ExecSpec, Mask, MaskShape, WorkloadRuntime};
use std::path::Path;

/// What the agent wrote where its program would load it.
const PLANTED: &str = "export const Planted = 1; // the agent's own plugin";

fn mask(path: &str, shape: MaskShape) -> Mask {
    Mask {
        path: path.into(),
        shape,
    }
}

/// OpenCode's project config places, masked.
fn masks() -> Vec<Mask> {
    vec![
        mask("/work/app/.opencode", MaskShape::Dir),
        mask("/work/app/opencode.json", MaskShape::File),
        mask("/work/app/opencode.jsonc", MaskShape::File),
    ]
}

/// A workload whose project holds the agent's plugin and config.
async fn planted(rt: &dyn WorkloadRuntime, root: &Path, egress: EgressPolicy) -> Layout {
    let spec = spec("mira", &root.join("w"), egress);
    rt.create(&spec).await.unwrap();
    let layout = Layout::new(&spec.state_dir);
    let app = layout.work.join("app");
    fs_err::create_dir_all(app.join(".opencode/plugin")).unwrap();
    fs_err::write(app.join(".opencode/plugin/x.js"), PLANTED).unwrap();
    fs_err::write(app.join("opencode.json"), PLANTED).unwrap();
    // Host-owned content the agent cannot write: a swapped link would
    // carry a mask over it.
    fs_err::create_dir_all(layout.config.join("opencode")).unwrap();
    fs_err::write(layout.config.join("opencode/gate.js"), "the gate").unwrap();
    layout
}

/// The command the masked agent would be: it reads every masked place and
/// leaves a marker that it ran.
fn agent() -> ExecSpec {
    ExecSpec {
        masks: masks(),
        ..sh("touch /tmp/agent-ran; \
              ls -A /work/app/.opencode; cat /work/app/opencode.json /work/app/opencode.jsonc; \
              cat /run/compass/config/opencode/gate.js; echo; \
              touch /work/app/.opencode/new 2>/dev/null && echo WROTE; grep -c . /proc/self/mountinfo >/dev/null")
    }
}

fn stderr(out: &ExecOutput) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every masked place reads empty inside (the dir but for its
/// ignore-everything `.gitignore`), cannot be written, and the gate is
/// intact: on a deny workload (the in-sandbox binary mounted for the
/// check alone) and on an allowlisted one (the check, then the relay).
#[tokio::test]
async fn masks_land_where_declared_and_the_check_lets_the_command_run() {
    let rt = sandbox();
    for (i, egress) in [
        EgressPolicy::Deny,
        EgressPolicy::Allowlist {
            hosts: vec!["example.com".into()],
        },
    ]
    .into_iter()
    .enumerate()
    {
        let root = tempfile::tempdir().unwrap();
        let layout = planted(&rt, &root.path().join(i.to_string()), egress).await;
        let name = name("mira");
        let out = rt.exec(&name, &agent()).await.unwrap();
        assert!(out.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out), ".gitignore\nthe gate\n", "{}", stderr(&out));
        assert!(layout.tmp.join("agent-ran").exists());
        // The agent's own files are untouched under the masks.
        let app = layout.work.join("app");
        assert_eq!(
            fs_err::read_to_string(app.join(".opencode/plugin/x.js")).unwrap(),
            PLANTED
        );
        assert!(!app.join(".opencode/new").exists());
        rt.remove(&name).await.unwrap();
    }
}

/// Who refuses a raced start: the in-sandbox check, or (for a dir above a
/// mask, which is pinned) the host-side opener of the pins, which opens
/// them beneath the agent's tree through no link.
#[derive(Debug, Clone, Copy)]
enum Refuser {
    Check,
    PinOpener,
}

impl Refuser {
    fn code(self) -> i32 {
        match self {
            Self::Check => 126,
            Self::PinOpener => 125,
        }
    }

    fn says(self) -> &'static str {
        match self {
            Self::Check => "compass-mask-check: refusing to start the agent",
            Self::PinOpener => "compass-open-pins: refusing to start",
        }
    }
}

/// Swap a mask's path between the host's check and bwrap's bind, run the
/// masked command, and return what it did.
async fn raced(
    swap: impl FnOnce(&Layout) + Send + 'static,
    refused_by: Refuser,
) -> (Layout, ExecOutput) {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let layout = planted(&rt, root.path(), EgressPolicy::Deny).await;
    compass_runtime::test_hooks::after_mask_check(layout.state_dir.clone(), swap);
    let name = name("mira");
    let out = rt.exec(&name, &agent()).await.unwrap();
    let ran = layout.tmp.join("agent-ran").exists();
    let gate = fs_err::read_to_string(layout.config.join("opencode/gate.js")).unwrap();
    rt.remove(&name).await.unwrap();
    assert!(!ran, "the masked command ran:\n{}", stdout(&out));
    assert_eq!(gate, "the gate");
    assert_eq!(out.exit_code, Some(refused_by.code()), "{}", stderr(&out));
    assert!(stderr(&out).contains(refused_by.says()), "{}", stderr(&out));
    assert!(
        !stdout(&out).contains("Planted"),
        "the agent's file was read"
    );
    drop(root);
    (layout, out)
}

/// The file mask's path becomes a relative link to the gate plugin: bwrap
/// lays the empty stand-in over the gate (the host's content goes on again
/// after the masks), and the check finds a link where the mask should be.
#[tokio::test]
async fn a_link_swapped_in_at_a_mask_refuses_the_start() {
    let (_, out) = raced(
        |l: &Layout| {
            let json = l.work.join("app/opencode.json");
            fs_err::remove_file(&json).unwrap();
            std::os::unix::fs::symlink("../../run/compass/config/opencode/gate.js", &json).unwrap();
        },
        Refuser::Check,
    )
    .await;
    let err = stderr(&out);
    assert!(
        err.contains("compass-mask-check: refusing to start")
            && err.contains("/work/app/opencode.json")
            && err.contains("link"),
        "{err}"
    );
}

/// The project dir above a mask becomes a link to another dir holding the
/// agent's plugin: the mask would land there, the path still showing a
/// dir. The dir is pinned, and its opener refuses the link before bwrap
/// starts (were it swapped after the open, bwrap's bind would follow it
/// and the check would find the mask reached through a link).
#[tokio::test]
async fn a_link_swapped_in_above_a_mask_refuses_the_start() {
    let (_, out) = raced(
        |l: &Layout| {
            let app = l.work.join("app");
            fs_err::rename(&app, l.work.join("real")).unwrap();
            std::os::unix::fs::symlink("real", &app).unwrap();
        },
        Refuser::PinOpener,
    )
    .await;
    let err = stderr(&out);
    assert!(
        err.contains("/work/app") && err.contains("symlink"),
        "{err}"
    );
}

/// A mask's path swapped for a dir of the agent's own after the check (a
/// `Dir` mask given a file): bwrap refuses to bind a dir over a file, and
/// nothing runs either way.
#[tokio::test]
async fn an_entry_of_another_shape_swapped_in_refuses_the_start() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let layout = planted(&rt, root.path(), EgressPolicy::Deny).await;
    compass_runtime::test_hooks::after_mask_check(layout.state_dir.clone(), |l: &Layout| {
        let dir = l.work.join("app/.opencode");
        fs_err::remove_dir_all(&dir).unwrap();
        fs_err::write(&dir, PLANTED).unwrap();
    });
    let name = name("mira");
    let out = rt.exec(&name, &agent()).await.unwrap();
    assert!(!out.success(), "{}", stdout(&out));
    assert!(!layout.tmp.join("agent-ran").exists());
    rt.remove(&name).await.unwrap();
}

/// Without the in-sandbox binary, an exec with masks is refused before
/// anything starts (fail closed), naming the binary.
#[tokio::test]
async fn masks_without_the_in_sandbox_binary_are_refused() {
    let root = tempfile::tempdir().unwrap();
    let mut config = compass_runtime::SandboxConfig::discover();
    config.relay = Some(root.path().join("no-such-binary"));
    let rt = compass_runtime::SandboxRuntime::new(config).unwrap();
    let layout = planted(&rt, root.path(), EgressPolicy::Deny).await;
    let name = name("mira");
    let err = rt.exec(&name, &agent()).await.unwrap_err().to_string();
    assert!(err.contains("compass-netns-relay"), "{err}");
    assert!(!layout.tmp.join("agent-ran").exists());
    // Without masks nothing needs it.
    assert!(rt.exec(&name, &sh("true")).await.unwrap().success());
    rt.remove(&name).await.unwrap();
}

/// OpenCode's project and global config places, as the kind masks them
/// for an agent working in `/work/app`.
fn opencode_masks() -> Vec<Mask> {
    let mut all = masks();
    all.push(mask("/home/agent/.config/opencode", MaskShape::Dir));
    all.push(mask("/home/agent/.opencode", MaskShape::Dir));
    all
}

/// [`planted`], plus a plugin in the global config dir (`~/.config` must
/// exist for its mask: the kind's wire step writes there first).
async fn planted_home(rt: &dyn WorkloadRuntime, root: &Path) -> Layout {
    let layout = planted(rt, root, EgressPolicy::Deny).await;
    let global = layout.home.join(".config/opencode/plugin");
    fs_err::create_dir_all(&global).unwrap();
    fs_err::write(global.join("x.js"), PLANTED).unwrap();
    layout
}

/// The masked process: says it is ready, waits until the other process is
/// done, then reads every masked place (one line each).
fn masked_reader() -> ExecSpec {
    ExecSpec {
        masks: opencode_masks(),
        ..sh("touch /tmp/masked-ready; \
              i=0; while [ ! -e /tmp/swapped ] && [ $i -lt 1500 ]; do sleep 0.02; i=$((i+1)); done; \
              cat /work/app/opencode.json; echo; ls -A /work/app/.opencode; ls -A /home/agent/.config/opencode")
    }
}

/// What the masked process must print whatever the other did: empty
/// stand-ins only.
const STAND_INS: &str = "\n.gitignore\n.gitignore\n";

/// Run [`masked_reader`] and, once it is past its check, `attack` in
/// another exec of the same workload (a `compass pty` shell, a terminal);
/// return what the masked process printed and the attacker's output.
async fn sibling(attack: &str) -> (ExecOutput, ExecOutput) {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let layout = planted_home(&rt, root.path()).await;
    let name = name("mira");
    let other = sh(&format!(
        "i=0; while [ ! -e /tmp/masked-ready ] && [ $i -lt 1500 ]; do sleep 0.02; i=$((i+1)); done; {attack}; touch /tmp/swapped"
    ));
    // The masked exec starts first (its future is polled first), so the
    // other is started while it lives.
    let masked = masked_reader();
    let (a, b) = tokio::join!(rt.exec(&name, &masked), rt.exec(&name, &other));
    let (a, b) = (a.unwrap(), b.unwrap());
    rt.remove(&name).await.unwrap();
    drop(layout);
    (a, b)
}

/// Every rename of the attacker failed, and the masked process read only
/// the stand-ins.
fn no_rename_and_only_stand_ins(masked: &ExecOutput, attacker: &ExecOutput) {
    assert!(attacker.success(), "{}", stderr(attacker));
    assert!(masked.success(), "{}", stderr(masked));
    assert_eq!(
        stdout(masked),
        STAND_INS,
        "the masked process read the agent's config"
    );
    assert!(
        !stdout(attacker).contains("RENAMED"),
        "{}",
        stdout(attacker)
    );
}

/// Escape: a mask holds only in its own process's mount namespace. Another
/// process of the same workload (a terminal, a shell, a second exec) sees
/// the agent's real file at that path, and renaming a mount point from
/// another namespace detaches the mount (Linux ≥ 3.18): after the check
/// has passed, it moves the masked file away and writes its own, and the
/// masked process would then read that. Every exec of a workload with a
/// live masked one has each masked path pinned (a mount point of its own),
/// so the rename fails (`EBUSY`).
#[tokio::test]
async fn a_rename_from_another_exec_never_unmasks_a_path() {
    let (a, b) = sibling(
        "mv /work/app/opencode.json /work/app/moved.json && echo 'SWAPPED IN' > /work/app/opencode.json && echo RENAMED; \
         mv /work/app/.opencode /work/app/moved && mkdir /work/app/.opencode && echo RENAMED",
    )
    .await;
    no_rename_and_only_stand_ins(&a, &b);
}

/// Escape: renaming a directory ABOVE a masked path moves the masks with it
/// and leaves a fresh, agent-writable path at the old name (the project dir,
/// `~/.config`). Every dir between a mask and its tree's root is pinned in
/// every exec too.
#[tokio::test]
async fn a_rename_of_a_dir_above_a_mask_from_another_exec_never_unmasks_it() {
    let (a, b) = sibling(
        "mv /work/app /work/app-moved && mkdir -p /work/app/.opencode && \
         echo 'SWAPPED IN' > /work/app/opencode.json && echo planted > /work/app/.opencode/x.js && echo RENAMED; \
         mv /home/agent/.config /home/agent/config-moved && mkdir -p /home/agent/.config/opencode && \
         echo planted > /home/agent/.config/opencode/x.js && echo RENAMED",
    )
    .await;
    no_rename_and_only_stand_ins(&a, &b);
}

/// Escape: the masked process's own children (OpenCode's tools, in its
/// namespace) rename a dir above a mask and plant a config at the old
/// name; OpenCode resolves its config places by path again later (its
/// plugin loader runs at the first prompt, a new session per directory).
/// The masks' own paths are mount points there already; the dirs above
/// them are pinned in the masked exec too.
#[tokio::test]
async fn a_rename_above_a_mask_by_the_masked_process_itself_never_unmasks_it() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let layout = planted_home(&rt, root.path()).await;
    let name = name("mira");
    let masked = ExecSpec {
        masks: opencode_masks(),
        ..sh(
            "mv /work/app /work/app-moved && mkdir -p /work/app && echo 'SWAPPED IN' > /work/app/opencode.json && echo RENAMED; \
              mv /home/agent/.config /home/agent/config-moved && mkdir -p /home/agent/.config/opencode && \
              echo planted > /home/agent/.config/opencode/x.js && echo RENAMED; \
              cat /work/app/opencode.json; echo; ls -A /work/app/.opencode; ls -A /home/agent/.config/opencode",
        )
    };
    let out = rt.exec(&name, &masked).await.unwrap();
    rt.remove(&name).await.unwrap();
    assert!(out.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        STAND_INS,
        "the masked process read the agent's config"
    );
    drop(layout);
}

/// A process started while a masked one lives is pinned, not masked: it
/// sees (and can write) the agent's real files, so git run for the host
/// there never sees the empty stand-ins; only renames and removals of the
/// pinned paths fail.
#[tokio::test]
async fn a_pinned_sibling_sees_the_real_files_and_cannot_move_them() {
    let (a, b) = sibling(
        "cat /work/app/opencode.json; echo; ls /work/app/.opencode; \
         echo more >> /work/app/opencode.json && echo WROTE; \
         rm -f /work/app/opencode.json 2>/dev/null || echo KEPT",
    )
    .await;
    assert_eq!(stdout(&a), STAND_INS, "{}", stderr(&a));
    let seen = stdout(&b);
    assert!(
        seen.starts_with(PLANTED) && seen.contains("plugin\nWROTE\nKEPT"),
        "{seen}\n{}",
        stderr(&b)
    );
}

/// A masked exec cannot pin processes that were running before it: while
/// one lives (a shell opened into the agent first), the masked start is
/// refused, naming why and what to do; once it has ended, the start works.
#[tokio::test]
async fn a_masked_start_beside_an_unpinned_process_is_refused_until_it_ends() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let layout = planted_home(&rt, root.path()).await;
    let name = name("mira");
    let mut shell = rt
        .spawn(&name, &sh("while [ ! -e /tmp/go ]; do sleep 0.02; done"))
        .await
        .unwrap();
    let err = rt.exec(&name, &agent()).await.unwrap_err().to_string();
    assert!(
        err.contains("masks") && err.contains("running before") && err.contains("shell"),
        "{err}"
    );
    assert!(!layout.tmp.join("agent-ran").exists());
    fs_err::write(layout.tmp.join("go"), "").unwrap();
    assert!(shell.handle.wait().await.unwrap().success());
    let out = rt.exec(&name, &agent()).await.unwrap();
    assert!(out.success(), "{}", stderr(&out));
    assert!(layout.tmp.join("agent-ran").exists());
    rt.remove(&name).await.unwrap();
}

/// A pin binds the agent's own dir as the host has it, with none of the
/// workload's mounts beneath it: a project mount under a pinned dir must
/// still be what every exec with pins sees there (the host's read-only
/// content, and a writable mount's own files), not what the agent put at
/// that path in its own tree.
#[tokio::test]
async fn a_mount_under_a_pinned_dir_stays_in_view() {
    let rt = sandbox();
    let root = tempfile::tempdir().unwrap();
    let host_ro = root.path().join("vendor");
    let host_rw = root.path().join("data");
    fs_err::create_dir_all(&host_ro).unwrap();
    fs_err::create_dir_all(&host_rw).unwrap();
    fs_err::write(host_ro.join("README"), "host content\n").unwrap();
    let mut s = spec("mira", &root.path().join("w"), EgressPolicy::Deny);
    s.mounts = vec![
        compass_runtime::Mount {
            host_path: host_ro.clone(),
            workload_path: "/work/app/vendor".into(),
            read_only: true,
        },
        compass_runtime::Mount {
            host_path: host_rw.clone(),
            workload_path: "/work/app/data".into(),
            read_only: false,
        },
    ];
    rt.create(&s).await.unwrap();
    let layout = Layout::new(&s.state_dir);
    // What the agent planted at the mounts' paths in its own tree.
    let app = layout.work.join("app");
    for dir in ["vendor", "data", ".opencode"] {
        fs_err::create_dir_all(app.join(dir)).unwrap();
    }
    fs_err::write(app.join("vendor/README"), "agent planted\n").unwrap();
    // `/work/app` is pinned for this exec (a dir above its mask).
    let exec = ExecSpec {
        masks: vec![mask("/work/app/.opencode", MaskShape::Dir)],
        ..sh("cat /work/app/vendor/README && echo mine > /work/app/data/written")
    };
    let out = rt.exec(&s.name, &exec).await.unwrap();
    assert!(out.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "host content\n", "{}", stderr(&out));
    assert_eq!(
        fs_err::read_to_string(host_rw.join("written")).unwrap(),
        "mine\n",
        "the writable mount's write went elsewhere"
    );
    assert!(!app.join("data/written").exists());
    // A sibling (a shell, a terminal) started while a masked process
    // lives has `/work/app` pinned and no masks of its own.
    let masked = ExecSpec {
        masks: vec![mask("/work/app/.opencode", MaskShape::Dir)],
        ..sh("touch /tmp/masked-ready; \
              i=0; while [ ! -e /tmp/sibling-done ] && [ $i -lt 1500 ]; do sleep 0.02; i=$((i+1)); done")
    };
    let other = sh(
        "i=0; while [ ! -e /tmp/masked-ready ] && [ $i -lt 1500 ]; do sleep 0.02; i=$((i+1)); done; \
         cat /work/app/vendor/README; touch /tmp/sibling-done",
    );
    let (a, b) = tokio::join!(rt.exec(&s.name, &masked), rt.exec(&s.name, &other));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert!(a.success(), "{}", stderr(&a));
    assert_eq!(stdout(&b), "host content\n", "{}", stderr(&b));
    rt.remove(&s.name).await.unwrap();
}
