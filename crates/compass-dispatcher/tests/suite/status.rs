//! The Dispatcher's status from a real store's board: Warden's pauses wait
//! for the user and block, a user's pause only blocks, a failed agent and
//! a failing source are blocked, review waits, and the order is fixed.

use super::{Fixture, REPO};
use compass_core::agent::{AgentStatus, Lifetime};
use compass_core::issue::Priority;
use compass_core::name::Name;
use compass_core::source::Writeback;
use compass_core::workstream::WorkstreamState;
use compass_dispatcher::{BlockedKind, WaitingKind, status};
use compass_store::agents::{self, NewAgent};
use compass_store::issues::{self, NewIssue};
use compass_store::{board, sources, workstreams};

#[tokio::test]
async fn pauses_failures_reviews_and_failing_sources_are_sorted_out() {
    let f = Fixture::new().await;
    let source = f.add_source(REPO, Writeback::default()).await;
    f.store
        .write(move |tx| {
            for name in ["zed", "mira", "atlas"] {
                agents::create(
                    tx,
                    NewAgent {
                        project: "demo".into(),
                        name: Some(Name::parse(name).unwrap()),
                        persona: None,
                        kind: Name::parse("scripted").unwrap(),
                        model: None,
                        lifetime: Lifetime::Persistent,
                    },
                )?;
            }
            for title in ["a", "b", "c"] {
                issues::create(
                    tx,
                    NewIssue {
                        project: "demo".into(),
                        title: title.into(),
                        body: String::new(),
                        labels: vec![],
                        parent: None,
                        priority: Priority::None,
                    },
                )?;
            }
            let ws = workstreams::create(tx, "demo-1", "zed")?;
            workstreams::set_state(tx, ws.id.as_str(), WorkstreamState::InProgress)?;
            let ws = workstreams::create(tx, "demo-2", "atlas")?;
            workstreams::set_state(tx, ws.id.as_str(), WorkstreamState::InProgress)?;
            workstreams::set_state(tx, ws.id.as_str(), WorkstreamState::InReview)?;
            let zed = agents::get(tx.conn(), "zed", None)?.id;
            let mira = agents::get(tx.conn(), "mira", None)?.id;
            let atlas = agents::get(tx.conn(), "atlas", None)?.id;
            agents::set_status(tx, &zed, AgentStatus::Running, "started")?;
            agents::set_status(
                tx,
                &zed,
                AgentStatus::Paused,
                &format!(
                    "{}push carries a token",
                    compass_core::agent::WARDEN_PAUSE_PREFIX
                ),
            )?;
            agents::set_status(tx, &atlas, AgentStatus::Running, "started")?;
            agents::set_status(tx, &atlas, AgentStatus::Paused, "paused by the user")?;
            agents::set_status(tx, &mira, AgentStatus::Running, "started")?;
            agents::set_status(tx, &mira, AgentStatus::Failed, "session ended")?;
            sources::record_failure(tx, &source.id, "tracker down (503)".into())?;
            Ok(())
        })
        .await
        .unwrap();
    let (boards, srcs) = f
        .store
        .read(|c| Ok((vec![board::get(c, "demo")?], sources::list(c, None)?)))
        .await
        .unwrap();
    let st = status(&boards, &srcs);
    let names: Vec<&str> = st.doing.iter().map(|d| d.agent.as_str()).collect();
    assert_eq!(names, ["atlas", "mira", "zed"]);
    assert_eq!(st.doing[2].current[0].issue_key, "demo-1");
    let blocked: Vec<(BlockedKind, &str)> = st
        .blocked
        .iter()
        .map(|b| (b.kind, b.subject.as_str()))
        .collect();
    assert_eq!(
        blocked,
        [
            (BlockedKind::AgentPaused, "atlas"),
            (BlockedKind::AgentPaused, "zed"),
            (BlockedKind::AgentFailed, "mira"),
            (BlockedKind::SourceFailing, "github:octo/app"),
        ]
    );
    assert!(st.blocked[3].detail.contains("503"));
    let waiting: Vec<(WaitingKind, &str)> = st
        .waiting
        .iter()
        .map(|w| (w.kind, w.agent.as_str()))
        .collect();
    // Only Warden's pause waits for the user; the user's own does not.
    assert_eq!(
        waiting,
        [
            (WaitingKind::WardenPause, "zed"),
            (WaitingKind::Review, "atlas")
        ]
    );
    assert!(st.waiting[0].detail.contains("push carries a token"));
    assert_eq!(st.waiting[1].issue_key, "demo-2");
    assert_eq!(st.unassigned, 1);
    assert_eq!(
        status(&boards, &srcs),
        st,
        "the same board, the same answer"
    );
}
