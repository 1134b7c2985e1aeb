//! The hook-timeout safety rule for the native hook configs Compass mounts
//! (read-only) into each workload. The configs themselves are the agent
//! kinds' (`compass_acp::kinds`, rendered by `AgentKind::hook_config` with
//! the time-out below): one place generates them.
//!
//! The agent's own hook time-out is set well above Compass's: an agent that
//! kills a slow hook sees a non-2 exit, which Claude Code treats as "let the
//! call through" — Compass's own deadline must always fire first.

use std::time::Duration;

/// Compass's deadline for one hook call, in milliseconds (`compass hook
/// --timeout-ms`'s default): past it the hook client blocks the call.
pub const HOOK_DEADLINE_MS: u64 = compass_hook::DEADLINE_MS;

/// Compass's deadline for one hook call.
pub const HOOK_DEADLINE: Duration = Duration::from_millis(HOOK_DEADLINE_MS);

/// The agent-side time-out for a Compass-side deadline: twice it plus 5 s.
pub fn agent_timeout(compass_timeout: Duration) -> Duration {
    compass_timeout * 2 + Duration::from_secs(5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_agent_waits_longer_than_compass() {
        assert_eq!(agent_timeout(HOOK_DEADLINE), Duration::from_secs(15));
        for ms in [0, 1, 500, 5_000, 60_000] {
            let ours = Duration::from_millis(ms);
            assert!(agent_timeout(ours) > ours + Duration::from_secs(4));
        }
    }
}
