//! A person's raw shell into a running agent's workload: `compass pty`
//! started through the runtime's spawn, like every process in a workload
//! (the boundary rule: the host never runs anything there itself). The
//! PTY is made inside the workload; the daemon only relays its stdio
//! (`crate::shell`), and records who opened and closed it.

use super::{Fleet, FleetError};
use compass_core::agent::AgentStatus;
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::AgentId;
use compass_runtime::{ExecSpec, SpawnedProcess};
use std::collections::BTreeMap;

/// The shell a session runs (present in every workload image).
const SHELL: &str = "/bin/bash";
/// How it runs: interactive, reading no startup file. Its `$HOME` is the
/// agent's, so `~/.bashrc`, `~/.bash_profile` and `~/.profile` are the
/// agent's to write: sourcing them would run the agent's code in a
/// person's terminal, with that person's intent behind every keystroke.
const SHELL_ARGS: [&str; 3] = ["--norc", "--noprofile", "-i"];
/// The other agent-written files an interactive bash reads, pointed away:
/// readline's key bindings (`~/.inputrc`, whose macros can type and run a
/// command at a keystroke) and the history (`~/.bash_history`, commands
/// the agent chose under the person's arrow keys). The prompt is Compass's
/// own (with no rc file bash's default would not say where the shell is).
const SHELL_ENV: [(&str, &str); 3] = [
    ("INPUTRC", "/dev/null"),
    ("HISTFILE", "/dev/null"),
    ("PS1", "\\w \\$ "),
];

/// An open shell: its process and the agent it belongs to.
#[derive(Debug)]
pub(crate) struct OpenShell {
    pub(crate) agent: AgentId,
    pub(crate) project: compass_core::id::ProjectId,
    pub(crate) process: SpawnedProcess,
}

impl Fleet {
    /// Start a shell on a PTY of `cols` × `rows` in the workload of the
    /// running agent `key`. Refused for an agent that is not running — a
    /// paused workload is frozen, and a shell in it would hang.
    pub(crate) async fn open_shell(
        &self,
        key: &str,
        project: Option<&str>,
        cols: u16,
        rows: u16,
    ) -> Result<OpenShell, FleetError> {
        let agent = self.agent(key, project).await?;
        let workload = self.running.workload(&agent.id).ok_or_else(|| {
            FleetError::State(format!(
                "agent {} is not running: a shell runs in its workload; start it first",
                agent.name
            ))
        })?;
        if agent.status != AgentStatus::Running {
            return Err(FleetError::State(format!(
                "agent {} is {}: its workload is frozen; resume it first",
                agent.name,
                agent.status.as_str()
            )));
        }
        let state_dir = self.agents_dir.join(workload.as_str());
        let work = self.runtime.inner_paths(&state_dir).work;
        let compass = self.inner_bin()?.join("compass");
        let argv = vec![
            compass.display().to_string(),
            "pty".to_owned(),
            "--cols".to_owned(),
            cols.to_string(),
            "--rows".to_owned(),
            rows.to_string(),
            "--".to_owned(),
            SHELL.to_owned(),
        ];
        let argv = argv
            .into_iter()
            .chain(SHELL_ARGS.map(str::to_owned))
            .collect();
        let mut env = BTreeMap::from([("TERM".to_owned(), "xterm-256color".to_owned())]);
        env.extend(SHELL_ENV.map(|(k, v)| (k.to_owned(), v.to_owned())));
        // The rest of its environment is the workload's own (the daemon's
        // values), never one the agent set; the env secrets are withheld.
        let exec = ExecSpec {
            argv,
            cwd: Some(work),
            env,
            ..ExecSpec::default()
        };
        let process = self.runtime.spawn(&workload, &exec).await?;
        Ok(OpenShell {
            agent: agent.id,
            project: agent.project_id,
            process,
        })
    }

    /// Record a shell session's open or close, as the agent's event.
    pub(crate) async fn record_shell(
        &self,
        agent: &AgentId,
        project: &compass_core::id::ProjectId,
        kind: EventKind,
    ) -> Result<(), FleetError> {
        let event = NewEvent {
            scope: Scope {
                project_id: Some(project.clone()),
                agent_id: Some(agent.clone()),
                ..Scope::default()
            },
            kind,
        };
        self.store.write(move |tx| tx.emit(event).map(drop)).await?;
        Ok(())
    }
}
