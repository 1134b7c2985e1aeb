//! Allow and deny patterns match sources as the user is shown them: a
//! source carrying a token is recorded redacted, and a pattern copied from
//! the audit log (or typed with the token, or as a prefix of what is shown)
//! matches it; the lists never hold the token.

use super::support::fixture;
use compass_core::gate::{Decision, GateRequest, InputItem, OutputAction};
use compass_core::id::AgentId;

const TOKEN: &str = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB";

fn read(n: i64, source: &str) -> GateRequest {
    GateRequest::Input {
        agent: AgentId::from_row(n),
        item: InputItem {
            source: source.into(),
            content: "Release notes: the parser is faster.".into(),
        },
    }
}

#[tokio::test]
async fn patterns_match_the_source_as_shown() {
    let fx = fixture();
    let raw = format!("url:https://api.example.org/notes?token={TOKEN}");
    let first = fx.warden.inspect(&read(1, &raw)).await;
    let shown = first.record.source.clone();
    assert!(
        !shown.contains(TOKEN) && shown.contains("[REDACTED"),
        "{shown}"
    );

    // Denied as shown (copied from the log): the next read is flagged.
    fx.warden.deny_source(&shown);
    let denied = fx.warden.inspect(&read(2, &raw)).await;
    assert!(denied.verdict.decision.is_flag(), "{:?}", denied.verdict);
    assert_eq!(denied.record.path.as_str(), "denylisted");
    // Forgotten with the token typed in: the same entry goes.
    fx.warden.forget_source(&raw);
    assert!(fx.warden.lists().deny.is_empty(), "{:?}", fx.warden.lists());
    // Allowed with the token typed in: stored as shown, and it matches.
    fx.warden.allow_source(&raw);
    assert_eq!(fx.warden.lists().allow, vec![shown.clone()]);
    let allowed = fx.warden.inspect(&read(3, &raw)).await;
    assert_eq!(allowed.record.path.as_str(), "allowlisted");
    fx.warden.forget_source(&shown);
    // A prefix of what is shown matches too.
    fx.warden
        .deny_source("url:https://api.example.org/notes?token=[REDACTED*");
    let prefixed = fx.warden.inspect(&read(4, &raw)).await;
    assert_eq!(prefixed.record.path.as_str(), "denylisted");
    assert!(fx.warden.lists().deny.iter().all(|p| !p.contains(TOKEN)));

    // An action's source, shown redacted, is denied as shown.
    let send = GateRequest::Output {
        agent: AgentId::from_row(5),
        action: OutputAction::Command {
            command: format!("git ls-remote https://x:{TOKEN}@forge.example.org/r.git"),
            cwd: "/work/app".into(),
        },
    };
    let first = fx.warden.inspect(&send).await;
    let shown = first.record.source.clone();
    assert!(!shown.contains(TOKEN), "{shown}");
    fx.warden.deny_source(&shown);
    let again = fx.warden.inspect(&send).await;
    assert_eq!(again.record.path.as_str(), "denylisted", "{shown}");
    assert!(matches!(again.verdict.decision, Decision::Flag { .. }));
}
