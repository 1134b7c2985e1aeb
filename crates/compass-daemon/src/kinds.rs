//! The agent kinds this daemon runs: the built-in registry plus the user's
//! `$COMPASS_HOME/kinds.toml` (added kinds, or built-in ones replaced by
//! id), read once at start.
//!
//! A user file that does not check makes the daemon refuse to start, with
//! the error naming the kind and the field: it never runs with a registry
//! other than the one the user wrote, half loaded or silently without it.

use crate::error::DaemonError;
use crate::paths::DataDir;
use compass_acp::KindRegistry;
use std::io::Read;

/// The largest kinds file read (a registry is a few kilobytes).
const MAX_KINDS_FILE: u64 = 1024 * 1024;

/// The built-in kinds, with the user's file over them when it exists.
pub(crate) fn load(data_dir: &DataDir) -> Result<KindRegistry, DaemonError> {
    let builtin =
        KindRegistry::builtin().map_err(|e| DaemonError::part("the agent kinds")(e.into()))?;
    let path = data_dir.kinds();
    let text = match fs_err::File::open(&path) {
        Ok(file) => {
            let mut text = String::new();
            file.take(MAX_KINDS_FILE + 1)
                .read_to_string(&mut text)
                .map_err(crate::error::io(format!("reading {}", path.display())))?;
            if text.len() as u64 > MAX_KINDS_FILE {
                return Err(DaemonError::Kinds {
                    path,
                    source: compass_acp::AcpError::Registry(format!(
                        "the file is larger than {MAX_KINDS_FILE} bytes"
                    )),
                });
            }
            text
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(builtin),
        Err(e) => return Err(crate::error::io(format!("opening {}", path.display()))(e)),
    };
    builtin
        .with_user(&text)
        .map_err(|source| DaemonError::Kinds { path, source })
}

#[cfg(test)]
mod tests {
    //! One vocabulary: the kinds registry and Warden's hook adapters are
    //! checked against each other.

    use compass_acp::{HookProtocol, KindRegistry};
    use compass_core::id::AgentId;
    use compass_warden::hook::adapters::{Stage, translate};
    use std::time::Duration;

    /// A payload each protocol's agent sends before and after a `cat`.
    fn sample(protocol: HookProtocol, stage: Stage) -> &'static [u8] {
        match (protocol, stage) {
            (
                HookProtocol::ClaudeCode | HookProtocol::Codex | HookProtocol::Scripted,
                Stage::Pre,
            ) => br#"{"tool_name":"Bash","tool_input":{"command":"cat README"},"cwd":"/work/app"}"#,
            (
                HookProtocol::ClaudeCode | HookProtocol::Codex | HookProtocol::Scripted,
                Stage::Post,
            ) => br#"{"tool_name":"Bash","tool_input":{"command":"cat README"},"tool_response":{"stdout":"hi"}}"#,
            (HookProtocol::Gemini, Stage::Pre) => {
                br#"{"tool_name":"run_shell_command","tool_input":{"command":"cat README"}}"#
            }
            (HookProtocol::Gemini, Stage::Post) => {
                br#"{"tool_name":"run_shell_command","tool_input":{"command":"cat README"},"tool_response":{"llmContent":"hi"}}"#
            }
            (HookProtocol::OpenCode, Stage::Pre) => {
                br#"{"tool_name":"bash","tool_input":{"command":"cat README"},"call_id":"c1"}"#
            }
            (HookProtocol::OpenCode, Stage::Post) => {
                br#"{"tool_name":"bash","tool_input":{"command":"cat README"},"tool_response":"hi","call_id":"c1"}"#
            }
        }
    }

    #[test]
    fn every_hooked_kind_has_an_adapter_that_decodes_its_hooks() {
        let kinds = KindRegistry::builtin().unwrap();
        let agent = AgentId::from_row(1);
        for kind in kinds.all() {
            if !kind.hooked() {
                continue;
            }
            let protocol = kind
                .hooks
                .protocol
                .unwrap_or_else(|| panic!("{} claims hooks but names no protocol", kind.id));
            let (pre, post) = protocol.events();
            let (_, config) = kind
                .hook_config("compass", "/c", Duration::from_secs(15))
                .unwrap_or_else(|| panic!("{} claims hooks but has no hook config", kind.id));
            for (claimed, event, stage) in [
                (kind.hooks.pre_tool, pre, Stage::Pre),
                (kind.hooks.post_tool, post, Stage::Post),
            ] {
                if !claimed {
                    continue;
                }
                // The config calls the event the adapter decodes…
                let call = format!("compass hook {protocol} {event}");
                assert!(
                    config.contains(&call),
                    "{}'s hook config never calls `{call}`:\n{config}",
                    kind.id
                );
                // The HTTP form, where the kind has one, calls the same
                // event on the endpoint inside the workload.
                if let Some((_, http)) = kind.http_hook_config("/c", Duration::from_secs(15)) {
                    let url = format!("/hook/{protocol}/{event}");
                    assert!(
                        http.contains(&url),
                        "{}'s HTTP hook config never calls `{url}`:\n{http}",
                        kind.id
                    );
                }
                // …and the adapter decodes what the agent sends there.
                let translated = translate(protocol, event, sample(protocol, stage), &agent)
                    .unwrap_or_else(|e| panic!("{} ({protocol}) {event}: {e}", kind.id));
                assert_eq!(translated.stage, stage, "{}", kind.id);
            }
        }
    }

    #[test]
    fn every_adapter_protocol_is_spoken_by_a_kind() {
        let kinds = KindRegistry::builtin().unwrap();
        for protocol in HookProtocol::ALL {
            assert!(
                kinds
                    .all()
                    .iter()
                    .any(|k| k.hooks.protocol == Some(protocol)),
                "no kind speaks the {protocol} hook protocol: a dead adapter, or a kind that lost it"
            );
        }
    }
}
