//! Guardians: tiny watchdog processes that outlive the daemon and finish
//! what a SIGKILLed daemon can no longer finish itself.
//!
//! A guardian holds the read end of a pipe whose write end only the daemon
//! has (close-on-exec, so no other child inherits it). The daemon lets it go
//! on purpose by writing `release`; an end of file without that word means
//! the daemon died, and the guardian carries out its one [`Order`]:
//! - [`Order::Freezer`]: SIGKILL every member of a frozen cgroup while it is
//!   frozen (so none forks away), thaw it so the kills land, wait for it to
//!   empty and remove it. Without this a v1 freezer keeps a paused workload
//!   frozen for ever: the die-with-parent SIGKILL stays pending in a frozen
//!   task.
//! - [`Order::Group`]: SIGKILL its own process group, which the guarded
//!   command joined at birth (a host-side `git clone` and its helpers;
//!   see [`output`]).
//! - [`Order::Container`]: force-remove an OCI workload's container
//!   (running or paused: the engine thaws and kills it), so no container
//!   outlives the daemon that started it.
//!
//! A guardian is a `/bin/sh` in a process group of its own (a terminal's
//! Ctrl-C to the daemon's group does not take it along), outside every
//! workload cgroup. Its arguments are paths and values Compass made, never
//! anything an agent wrote. Should the guardian die with the daemon (its
//! whole service cgroup killed), the next daemon start still reaps frozen
//! leaves (`freezer::reap_orphans`).

use crate::error::RuntimeError;
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;
use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};

/// `$1` the order; for `freezer`: `$2` the leaf, `$3` its state file, `$4`
/// the frozen and `$5` the thawed value. Bounded: at most ~5 s of sweeps.
/// For `container`: `$2` the engine, `$3` its containers.conf (or empty),
/// `$4` the container.
const SCRIPT: &str = r#"IFS= read -r word
[ "$word" = release ] && exit 0
case $1 in
freezer)
  i=0
  while [ $i -lt 100 ]; do
    echo "$4" > "$2/$3"
    pids=$(cat "$2/cgroup.procs") || break
    [ -z "$pids" ] && break
    for pid in $pids; do kill -s KILL "$pid"; done
    echo "$5" > "$2/$3"
    sleep 0.05
    i=$((i+1))
  done
  echo "$5" > "$2/$3"
  rmdir "$2"
  ;;
group)
  kill -s KILL -- -$$
  ;;
container)
  [ -n "$3" ] && export CONTAINERS_CONF="$3"
  "$2" rm -f -t 0 "$4"
  ;;
esac"#;

/// What a guardian does if the daemon dies before releasing it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Order<'a> {
    /// Kill the members of this frozen cgroup, thaw it, remove it.
    Freezer {
        leaf: &'a Path,
        state_file: &'a str,
        frozen: &'a str,
        thawed: &'a str,
    },
    /// Kill the guardian's process group: start the guarded command in it
    /// ([`Guardian::process_group`]).
    Group,
    /// `<engine> rm -f -t 0 <container>`, with `CONTAINERS_CONF` set to
    /// `conf` when there is one. Every value is one Compass made.
    Container {
        engine: &'a Path,
        conf: Option<&'a Path>,
        container: &'a str,
    },
}

/// A live guardian. Dropping it without [`Guardian::release`]: a freezer
/// guardian is released (the daemon lives and thaws the cgroup itself); a
/// group guardian kills its group (the guarded command was abandoned).
#[derive(Debug)]
pub(crate) struct Guardian {
    child: Option<Child>,
    pipe: Option<ChildStdin>,
    kills_group: bool,
}

impl Guardian {
    /// Start a guardian with its order.
    pub(crate) fn arm(order: Order<'_>) -> Result<Self, RuntimeError> {
        let mut cmd = Command::new("/bin/sh");
        cmd.arg("-c").arg(SCRIPT).arg("compass-guardian");
        match order {
            Order::Freezer {
                leaf,
                state_file,
                frozen,
                thawed,
            } => {
                cmd.arg("freezer")
                    .arg(leaf)
                    .args([state_file, frozen, thawed]);
            }
            Order::Group => {
                cmd.arg("group");
            }
            Order::Container {
                engine,
                conf,
                container,
            } => {
                cmd.arg("container")
                    .arg(engine)
                    .arg(conf.map_or_else(Default::default, Path::as_os_str))
                    .arg(container);
            }
        }
        let mut child = cmd
            .env_clear()
            .env("PATH", crate::process::DEFAULT_PATH)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| RuntimeError::io("starting a guardian (/bin/sh)", e))?;
        let pipe = child.stdin.take();
        Ok(Self {
            child: Some(child),
            pipe,
            kills_group: matches!(order, Order::Group),
        })
    }

    /// The process group a guarded command joins (the guardian leads it).
    pub(crate) fn process_group(&self) -> i32 {
        self.child
            .as_ref()
            .and_then(|c| i32::try_from(c.id()).ok())
            .unwrap_or(0)
    }

    /// The daemon takes the job back: the guardian exits and does nothing.
    pub(crate) fn release(mut self) {
        self.let_go(true);
    }

    /// Close the pipe, with (`release`) or without the word, and reap the
    /// guardian off the caller's thread.
    fn let_go(&mut self, release: bool) {
        if let Some(mut pipe) = self.pipe.take() {
            if release {
                // A few bytes into an empty pipe: never blocks.
                let _ = pipe.write_all(b"release\n");
            }
            drop(pipe);
        }
        if let Some(mut child) = self.child.take() {
            std::thread::spawn(move || {
                let _ = child.wait();
            });
        }
    }

    /// What the daemon's death looks like to the guardian: the pipe closes
    /// without `release`.
    #[cfg(test)]
    pub(crate) fn abandon(mut self) {
        self.let_go(false);
    }
}

impl Drop for Guardian {
    fn drop(&mut self) {
        // Never 0: killpg(0) would signal the daemon's own group.
        let group = self.process_group();
        if self.kills_group && group > 0 {
            let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
        }
        self.let_go(true);
    }
}

/// Run a host-side command to completion in a guardian's process group:
/// it and every helper it starts are killed if this future is dropped, and
/// by the guardian if the daemon dies first; whatever it left running in
/// its group when it exits goes with the guardian. Its output is capped
/// like every other the host reads.
pub(crate) async fn output(
    mut cmd: tokio::process::Command,
    what: &str,
) -> Result<compass_capture::Captured, RuntimeError> {
    let guardian = Guardian::arm(Order::Group)?;
    cmd.process_group(guardian.process_group());
    let out = compass_capture::capture(cmd, None, compass_capture::DEFAULT_LIMIT).await;
    drop(guardian);
    out.map_err(|e| RuntimeError::io(format!("running {what}"), e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn gone(pid: u32) -> bool {
        crate::procfs::stat(i32::try_from(pid).unwrap()).is_none_or(|s| s.is_zombie())
    }

    fn wait_gone(child: &mut std::process::Child) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !gone(child.id()) {
            assert!(Instant::now() < deadline, "the guarded process survived");
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.wait();
    }

    #[test]
    fn a_group_guardian_kills_its_group_when_abandoned_and_spares_it_when_released() {
        let spawn_in = |g: &Guardian| {
            Command::new("sleep")
                .arg("1000")
                .process_group(g.process_group())
                .spawn()
                .unwrap()
        };
        let guardian = Guardian::arm(Order::Group).unwrap();
        let mut kept = spawn_in(&guardian);
        guardian.release();
        std::thread::sleep(Duration::from_millis(200));
        assert!(!gone(kept.id()), "a released guardian killed its group");
        kept.kill().unwrap();
        kept.wait().unwrap();

        let guardian = Guardian::arm(Order::Group).unwrap();
        let mut doomed = spawn_in(&guardian);
        guardian.abandon();
        wait_gone(&mut doomed);
    }
}
