//! Human-readable output: tables, the text board, event lines. `--json`
//! bypasses all of this and prints the contract's canonical JSON.

use compass_proto::v1 as pb;
use std::fmt::Write;

/// Print a value as the contract's canonical JSON (characters that would
/// hide text on a terminal escaped, the value unchanged).
pub(crate) fn json<T: serde::Serialize>(value: &T) -> anyhow::Result<String> {
    Ok(crate::shown::escape_invisible(
        serde_json::to_string_pretty(value)?,
    ))
}

/// [`json`] on one line, for streams of values (`events`, `warden log`).
pub(crate) fn json_line<T: serde::Serialize>(value: &T) -> anyhow::Result<String> {
    Ok(crate::shown::escape_invisible(serde_json::to_string(
        value,
    )?))
}

fn enum_label(raw: &str, prefix: &str) -> String {
    raw.strip_prefix(prefix).unwrap_or(raw).to_ascii_lowercase()
}

pub(crate) fn agent_status(status: i32) -> String {
    let s = pb::AgentStatus::try_from(status).unwrap_or_default();
    enum_label(s.as_str_name(), "AGENT_STATUS_")
}

pub(crate) fn lifetime(l: i32) -> String {
    enum_label(
        pb::Lifetime::try_from(l).unwrap_or_default().as_str_name(),
        "LIFETIME_",
    )
}

pub(crate) fn priority(p: i32) -> String {
    enum_label(
        pb::Priority::try_from(p).unwrap_or_default().as_str_name(),
        "PRIORITY_",
    )
}

pub(crate) fn state(s: i32) -> String {
    enum_label(
        pb::WorkstreamState::try_from(s)
            .unwrap_or_default()
            .as_str_name(),
        "WORKSTREAM_STATE_",
    )
}

/// Left-aligned columns sized to their widest cell.
pub(crate) fn table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    let line = |out: &mut String, cells: &mut dyn Iterator<Item = &str>| {
        let mut first = true;
        for (cell, w) in cells.zip(&widths) {
            if !first {
                out.push_str("  ");
            }
            first = false;
            let _ = write!(out, "{cell:<w$}");
        }
        let trimmed = out.trim_end().len();
        out.truncate(trimmed);
        out.push('\n');
    };
    line(&mut out, &mut header.iter().copied());
    for row in rows {
        line(&mut out, &mut row.iter().map(String::as_str));
    }
    out
}

pub(crate) fn project(p: &pb::Project) -> String {
    let mut out = format!("project {} ({})\n  theme: {}\n", p.name, p.id, p.theme);
    if p.repos.is_empty() {
        out.push_str("  repos: none\n");
    }
    for r in &p.repos {
        let kind = if r.kind == pb::repo::Kind::Local as i32 {
            "local"
        } else {
            "remote"
        };
        let _ = writeln!(out, "  repo ({kind}): {}", r.location);
    }
    for d in &p.directories {
        let _ = writeln!(out, "  directory: {d}");
    }
    out
}

pub(crate) fn agent(a: &pb::Agent) -> String {
    let mut out = format!(
        "agent {} ({})\n  project: {}\n  kind: {}\n  lifetime: {}{}\n  status: {}\n",
        a.name,
        a.id,
        a.project_id,
        a.kind,
        lifetime(a.lifetime),
        if a.codename { " (codename)" } else { "" },
        agent_status(a.status)
    );
    if !a.status_reason.is_empty() {
        let _ = writeln!(out, "  why: {}", a.status_reason);
    }
    if !a.backend.is_empty() {
        let _ = writeln!(out, "  workload: {}", a.backend);
        // What the tier has on this host, not only what it lacks: the
        // daemon records the missing ones, the rest is every other one.
        let has: Vec<&str> = compass_runtime::Protection::ALL
            .iter()
            .map(|p| p.as_str())
            .filter(|p| !a.missing_protections.iter().any(|m| m == p))
            .collect();
        let _ = writeln!(
            out,
            "  protections: {}",
            if has.is_empty() {
                "none".to_owned()
            } else {
                has.join(", ")
            }
        );
    }
    if !a.missing_protections.is_empty() {
        let _ = writeln!(
            out,
            "  missing protections: {}",
            a.missing_protections.join(", ")
        );
    }
    if !a.model.is_empty() {
        let _ = writeln!(out, "  model: {}", a.model);
    }
    if !a.persona.is_empty() {
        let _ = writeln!(out, "  persona: {}", a.persona);
    }
    out
}

pub(crate) fn issue(i: &pb::Issue) -> String {
    let mut out = format!(
        "{}  {}\n  id: {}\n  priority: {}\n",
        i.key,
        i.title,
        i.id,
        priority(i.priority)
    );
    if !i.labels.is_empty() {
        let _ = writeln!(out, "  labels: {}", i.labels.join(", "));
    }
    if !i.parent_id.is_empty() {
        let _ = writeln!(out, "  parent: {}", i.parent_id);
    }
    if !i.body.is_empty() {
        let _ = writeln!(out, "\n{}", i.body);
    }
    out
}

const CELL: usize = 26;

fn clip(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(width.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// `on` or `off`: how Warden's state is always shown.
pub(crate) fn on_off(enabled: bool) -> &'static str {
    if enabled { "on" } else { "off" }
}

/// The first line of the board (and of `compass warden status`).
fn warden_line(enabled: bool) -> String {
    if enabled {
        "warden: on".to_owned()
    } else {
        "warden: off  (agents' actions are NOT gated; `compass warden on` to turn it back on)"
            .to_owned()
    }
}

/// Warden's state, lists and counters.
pub(crate) fn warden(s: &pb::WardenStatus) -> String {
    let mut out = format!("{}\n", warden_line(s.enabled));
    let judge = if s.judge == "none" {
        "none (rules only)"
    } else {
        s.judge.as_str()
    };
    let clearances = if s.taint_session.is_empty() {
        "kept across sessions".to_owned()
    } else {
        format!("kept for session {:?}", s.taint_session)
    };
    let _ = writeln!(out, "  judge:         {judge}");
    let _ = writeln!(out, "  rules:         {}", s.rules);
    let _ = writeln!(
        out,
        "  decisions:     {} ({} flagged)",
        s.decisions, s.flags
    );
    let _ = writeln!(out, "  detector runs: {}", s.detector_runs);
    let _ = writeln!(out, "  taint hits:    {}", s.taint_hits);
    let _ = writeln!(out, "  clearances:    {clearances}");
    for (title, list) in [("allow", &s.allow), ("deny", &s.deny)] {
        if list.is_empty() {
            let _ = writeln!(out, "  {title}:{:pad$}(none)", "", pad = 14 - title.len());
        }
        for p in list {
            let _ = writeln!(out, "  {title}:{:pad$}{p}", "", pad = 14 - title.len());
        }
    }
    out
}

/// The swimlane board: one block of lines per agent row, one column per state.
pub(crate) fn board(b: &pb::Board) -> String {
    let name = b.project.as_ref().map(|p| p.name.as_str()).unwrap_or("?");
    let mut out = format!("{}\nboard: {name}\n\n", warden_line(b.warden_enabled));
    let titles: Vec<&str> = b
        .rows
        .first()
        .map(|r| r.columns.iter().map(|c| c.title.as_str()).collect())
        .unwrap_or_default();
    let _ = write!(out, "{:<18}", "");
    for t in &titles {
        let _ = write!(out, "| {:<CELL$}", t);
    }
    out.push('\n');
    let rule = format!(
        "{}{}\n",
        "-".repeat(18),
        format!("+{}", "-".repeat(CELL + 1)).repeat(titles.len())
    );
    out.push_str(&rule);
    for row in &b.rows {
        let label = if row.agent_id.is_empty() {
            "(unassigned)".to_owned()
        } else {
            format!("{} [{}]", row.agent_name, agent_status(row.agent_status))
        };
        let paused_why = (row.agent_status == pb::AgentStatus::Paused as i32
            && !row.agent_status_reason.is_empty())
        .then(|| {
            format!(
                "  ! {}: {}\n",
                row.agent_name,
                clip(&row.agent_status_reason, 150)
            )
        });
        let height = row
            .columns
            .iter()
            .map(|c| c.cards.len())
            .max()
            .unwrap_or(0)
            .max(1);
        for line in 0..height {
            let head = if line == 0 {
                clip(&label, 17)
            } else {
                String::new()
            };
            let _ = write!(out, "{head:<18}");
            for col in &row.columns {
                let cell = col.cards.get(line).map(|c| {
                    let flag = match pb::WorkstreamState::try_from(c.state) {
                        Ok(pb::WorkstreamState::Paused) => " (paused)",
                        Ok(pb::WorkstreamState::Failed) => " (failed)",
                        _ => "",
                    };
                    let pushed = pushes_mark(&c.pushes, c.ready_for_push);
                    let pulls = pulls_mark(&c.pull_requests);
                    let overlap = if c.overlaps.is_empty() { "" } else { " ~" };
                    let child = if c.parent_key.is_empty() {
                        String::new()
                    } else {
                        format!(" <{}", c.parent_key)
                    };
                    clip(
                        &format!(
                            "{}{overlap}{pulls} {}{flag}{child}{pushed}",
                            c.issue_key, c.title
                        ),
                        CELL,
                    )
                });
                let _ = write!(out, "| {:<CELL$}", cell.unwrap_or_default());
            }
            let trimmed = out.trim_end().len();
            out.truncate(trimmed);
            out.push('\n');
        }
        if let Some(why) = paused_why {
            out.push_str(&why);
        }
        out.push_str(&overlap_lines(row));
        out.push_str(&rule);
    }
    out
}

/// A card's push marker: ` [ready app:pushed lib:awaiting]`.
fn pushes_mark(pushes: &[pb::RepoPush], ready: bool) -> String {
    if pushes.is_empty() && !ready {
        return String::new();
    }
    let repos: Vec<String> = pushes
        .iter()
        .map(|p| format!("{}:{}", p.repo, p.state))
        .collect();
    let ready = if ready { "ready " } else { "" };
    format!(" [{ready}{}]", repos.join(" "))
}

/// A workstream with its queue entry, pushes and pull requests.
pub(crate) fn workstream(w: &pb::Workstream) -> String {
    let mut out = format!(
        "workstream {} ({}) on {}: {}\n",
        w.id,
        w.issue_key,
        w.branch,
        state(w.state)
    );
    if w.ready_at_ms > 0 {
        let _ = writeln!(out, "ready for push since {}", time_ms(w.ready_at_ms));
    }
    if w.queue_position > 0 {
        let _ = writeln!(out, "queue position: {}", w.queue_position);
    }
    if !w.queue_note.is_empty() {
        let _ = writeln!(out, "agent's note: {}", w.queue_note);
    }
    if w.queue_done {
        out.push_str("the agent marked it done\n");
    }
    for p in &w.pushes {
        let _ = writeln!(out, "repo {}: {} {}", p.repo, p.state, p.commit);
    }
    for pr in &w.pull_requests {
        let _ = writeln!(
            out,
            "pull request {} #{} ({}): {}",
            pr.repo,
            pr.number,
            pull_state(pr.state),
            pr.url
        );
    }
    out.trim_end().to_owned()
}

fn pull_state(state: i32) -> &'static str {
    pb::PullRequestState::try_from(state).map_or("unknown", |s| match s {
        pb::PullRequestState::Open => "open",
        pb::PullRequestState::Closed => "closed",
        pb::PullRequestState::Merged => "merged",
        pb::PullRequestState::Unspecified => "unknown",
    })
}

/// A card's pull request marker: ` #12 open`, one per repo.
fn pulls_mark(pulls: &[pb::PullRequest]) -> String {
    pulls
        .iter()
        .map(|p| format!(" #{} {}", p.number, pull_state(p.state)))
        .collect()
}

/// The lines under a row naming each card's overlaps:
/// `  ~ demo-1 shares app:src/lib.rs with demo-2 (vega)`.
fn overlap_lines(row: &pb::BoardRow) -> String {
    let mut out = String::new();
    for card in row.columns.iter().flat_map(|c| &c.cards) {
        for o in &card.overlaps {
            let _ = writeln!(
                out,
                "  ~ {} shares {} with {} ({})",
                card.issue_key,
                clip(&o.paths.join(", "), 120),
                o.issue_key,
                o.agent_name
            );
        }
    }
    out
}

/// One audit line: when, which agent, which gate, the decision and why.
pub(crate) fn gate_decision(e: &pb::Event, d: &pb::GateDecision) -> String {
    // Warden off decided nothing: say so, not "clear".
    let decision = if d.route == "warden_off" {
        "warden_off"
    } else {
        d.decision.as_str()
    };
    let mut line = format!(
        "#{:<6} {:<7} {} gate  {} agent={}",
        e.seq, decision, d.gate, d.source, e.agent_id
    );
    if !d.detail.is_empty() {
        let _ = write!(line, "\n        {}", d.detail);
    }
    for f in &d.findings {
        let _ = write!(
            line,
            "\n        - {} ({}): {}",
            f.detector,
            enum_label(
                pb::Severity::try_from(f.severity)
                    .unwrap_or_default()
                    .as_str_name(),
                "SEVERITY_"
            ),
            f.explanation
        );
    }
    if !d.hash.is_empty() {
        let _ = write!(line, "\n        hash={}", d.hash);
    }
    let _ = write!(line, "\n        decided in {} µs", d.latency_us);
    line
}

/// One line per event: seq, kind, and the few fields that say what happened.
pub(crate) fn event(e: &pb::Event) -> String {
    use pb::event::Kind;
    let what = match &e.kind {
        Some(Kind::ProjectCreated(p)) => format!(
            "project created: {}",
            p.project.as_ref().map(|p| p.name.as_str()).unwrap_or("")
        ),
        Some(Kind::ThemeAdded(t)) => format!(
            "theme added: {}",
            t.theme.as_ref().map(|t| t.name.as_str()).unwrap_or("")
        ),
        Some(Kind::AgentCreated(a)) => format!(
            "agent created: {}",
            a.agent.as_ref().map(|a| a.name.as_str()).unwrap_or("")
        ),
        Some(Kind::AgentStatusChanged(s)) => {
            format!(
                "agent {} -> {} ({})",
                agent_status(s.from),
                agent_status(s.to),
                s.reason
            )
        }
        Some(Kind::AgentRetired(r)) => format!("agent retired: {}", r.name),
        Some(Kind::IssueCreated(i)) => {
            let i = i.issue.as_ref();
            format!(
                "issue created: {} {}",
                i.map(|i| i.key.as_str()).unwrap_or(""),
                i.map(|i| i.title.as_str()).unwrap_or("")
            )
        }
        Some(Kind::WorkstreamCreated(w)) => {
            format!(
                "workstream created: {}",
                w.workstream
                    .as_ref()
                    .map(|w| w.branch.as_str())
                    .unwrap_or("")
            )
        }
        Some(Kind::WorkstreamStateChanged(s)) => {
            format!("workstream {} -> {}", state(s.from), state(s.to))
        }
        Some(Kind::AgentUpdate(u)) => format!("agent update: {}", agent_update(u)),
        Some(Kind::GateDecision(g)) => format!(
            "warden {} gate: {} {} {}",
            g.gate, g.decision, g.source, g.detail
        ),
        Some(Kind::Marker(m)) => format!("marker {}", m.label),
        Some(Kind::WardenChanged(w)) => {
            let subject = if w.subject.is_empty() {
                String::new()
            } else {
                format!(" {}", w.subject)
            };
            format!("warden changed: {}{subject} (by {})", w.what, w.by)
        }
        Some(Kind::SecretSet(s)) => format!("secret set: {}", s.name),
        Some(Kind::SecretDeleted(s)) => format!("secret deleted: {}", s.name),
        Some(Kind::ShellOpened(s)) => format!("shell {} opened (by {})", s.session, s.by),
        Some(Kind::ShellClosed(s)) => match s.exit_code {
            Some(code) => format!("shell {} closed (by {}, exit {code})", s.session, s.by),
            None => format!("shell {} closed (by {})", s.session, s.by),
        },
        Some(Kind::SecretsDelivered(s)) => {
            format!("secrets delivered to the workload: {}", s.names.join(", "))
        }
        Some(Kind::SourceAdded(a)) => format!(
            "source added: {}",
            a.source.as_ref().map_or("", |s| s.name.as_str())
        ),
        Some(Kind::SourceRemoved(r)) => format!("source removed: {}", r.name),
        Some(Kind::SourceSynced(s)) => format!(
            "source {} synced: {} new, {} updated, {} skipped",
            s.source_id,
            s.created,
            s.updated,
            s.skipped.len()
        ),
        Some(Kind::SourceFailed(f)) => format!("source {} failing: {}", f.source_id, f.error),
        Some(Kind::IssueUpdated(i)) => {
            let (key, title) = i.issue.as_ref().map_or(("", ""), |i| (&i.key, &i.title));
            format!("issue updated: {key} {title}")
        }
        Some(Kind::McpCallRefused(r)) => format!("mcp {} refused: {}", r.tool, r.error),
        Some(Kind::ReadyForPush(r)) => format!(
            "ready for push: workstream {} ({}){}",
            r.workstream_id,
            r.repos.join(", "),
            if r.summary.is_empty() {
                String::new()
            } else {
                format!(": {}", clip(&r.summary, 80))
            }
        ),
        Some(Kind::RepoPushChanged(p)) => format!(
            "push of {} in workstream {}: {} {}",
            p.repo, p.workstream_id, p.state, p.commit
        ),
        Some(Kind::AskOpened(a)) => match &a.ask {
            Some(a) => format!("question {}: {}", a.id, clip(&a.question, 100)),
            None => "question".to_owned(),
        },
        Some(Kind::AskAnswered(a)) => format!("question {} answered ({})", a.ask_id, a.delivery),
        Some(Kind::QueueUpdated(q)) => format!("queue updated: {}", q.workstream_ids.join(", ")),
        Some(Kind::PullRequestOpened(p)) => format!(
            "pull request #{} {} for {} ({})",
            p.number,
            if p.updated { "updated" } else { "opened" },
            p.repo,
            p.url
        ),
        Some(Kind::PullRequestStateChanged(p)) => format!(
            "pull request #{} of {} in workstream {} is {} (was {})",
            p.number,
            p.repo,
            p.workstream_id,
            pull_state(p.to),
            pull_state(p.from)
        ),
        Some(Kind::ForgeFeedback(f)) => format!(
            "review of #{} ({}) handed to the agent: {} comments, {} failing checks",
            f.number, f.repo, f.comments, f.failing_checks
        ),
        Some(Kind::ForgeFailed(f)) => format!(
            "pull request of {} in workstream {}{} failed: {}",
            f.repo,
            f.workstream_id,
            if f.number == 0 {
                String::new()
            } else {
                format!(" (#{})", f.number)
            },
            f.error
        ),
        Some(Kind::SourceWriteback(w)) => format!(
            "writeback {} to issue {}: {}",
            w.action,
            w.issue_id,
            if w.ok {
                "ok".to_owned()
            } else {
                format!("failed: {}", w.detail)
            }
        ),
        Some(Kind::WorkstreamMerged(m)) => format!(
            "merged on trunk: issue {} ({})",
            m.issue_id,
            landed_list(&m.repos)
        ),
        Some(Kind::MergeCheckFailed(f)) => {
            format!("merge check failed for {}: {}", f.repo, f.error)
        }
        Some(Kind::ProposalMade(p)) => p.proposal.as_ref().map_or_else(String::new, |p| {
            format!("proposed: {} → {} ({})", p.issue_key, p.agent, p.reason)
        }),
        Some(Kind::ProposalDecided(d)) => format!(
            "proposal {} {}",
            d.proposal_id,
            pb::ProposalState::try_from(d.state)
                .unwrap_or_default()
                .as_str_name()
                .trim_start_matches("PROPOSAL_STATE_")
                .to_ascii_lowercase()
        ),
        Some(Kind::ProposalStale(s)) => format!(
            "proposal {} stale: issue {} {}",
            s.proposal_id,
            s.issue_key,
            match pb::StaleReason::try_from(s.reason).unwrap_or_default() {
                pb::StaleReason::Assigned => format!("was assigned since ({})", s.workstream_id),
                pb::StaleReason::Closed => "was closed on its tracker since".to_owned(),
                pb::StaleReason::Gone => "was deleted from its tracker since".to_owned(),
                pb::StaleReason::Unspecified => "changed since".to_owned(),
            }
        ),
        Some(Kind::WorkstreamsOverlap(o)) => format!(
            "overlap with {} ({}): {}",
            o.other_workstream_id,
            o.other_agent_id,
            o.paths.join(", ")
        ),
        Some(Kind::WorkstreamsOverlapEnded(o)) => format!(
            "no longer overlaps {} ({}): {}",
            o.other_workstream_id,
            o.other_agent_id,
            match pb::OverlapEnd::try_from(o.why) {
                Ok(pb::OverlapEnd::FilesApart) => "files apart",
                Ok(pb::OverlapEnd::LeftFlight) => "left flight",
                _ => "ended",
            }
        ),
        None => "unknown event (newer daemon?)".to_owned(),
    };
    let mut ids = String::new();
    for (label, id) in [
        ("agent", &e.agent_id),
        ("workstream", &e.workstream_id),
        ("tool", &e.tool_call_id),
    ] {
        if !id.is_empty() {
            let _ = write!(ids, " {label}={id}");
        }
    }
    format!("#{:<6} {what}{ids}", e.seq)
}

fn agent_update(u: &pb::AgentUpdate) -> String {
    use pb::agent_update::Update;
    match &u.update {
        Some(Update::UserMessage(t)) => format!("user: {}", t.text),
        Some(Update::MessageChunk(t)) => format!("says: {}", t.text),
        Some(Update::ThoughtChunk(t)) => format!("thinks: {}", t.text),
        Some(Update::ToolCall(t)) => format!("tool call {} ({})", t.title, t.tool_kind),
        Some(Update::ToolCallUpdate(t)) => format!(
            "tool {}{}",
            // An update may carry output or a title alone: no status to show.
            match state_of_tool(t.status).as_str() {
                "unspecified" => "update".to_owned(),
                state => state.to_owned(),
            },
            t.output
                .as_deref()
                .map(|o| format!(": {}", clip(o, 80)))
                .unwrap_or_default()
        ),
        Some(Update::Diff(d)) => format!("diff {}", d.path),
        Some(Update::Plan(p)) => format!(
            "plan: {}",
            p.entries
                .iter()
                .map(|e| e.content.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Some(Update::AvailableCommands(c)) => format!("commands: {}", c.commands.join(", ")),
        Some(Update::ModeChanged(m)) => format!("mode: {}", m.text),
        Some(Update::PermissionRequested(p)) => format!(
            "permission: {} -> {}",
            p.title,
            p.chosen.as_deref().unwrap_or("none")
        ),
        Some(Update::TerminalOutput(t)) => {
            format!("terminal {}: {}", t.terminal_id, clip(&t.output, 80))
        }
        Some(Update::TurnEnded(t)) => format!("turn ended ({})", t.text),
        Some(Update::Error(t)) => format!("error: {}", t.text),
        Some(Update::SessionStarted(s)) => {
            format!("session {} started ({}, {})", s.session_id, s.agent, s.how)
        }
        Some(Update::SessionFailed(f)) => format!("session failed ({}): {}", f.code, f.message),
        None => "unknown update".to_owned(),
    }
}

fn state_of_tool(status: i32) -> String {
    enum_label(
        pb::ToolStatus::try_from(status)
            .unwrap_or_default()
            .as_str_name(),
        "TOOL_STATUS_",
    )
}

/// A UTC time from Unix milliseconds, `2025-01-31 12:00:00Z`.
pub(crate) fn time_ms(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

pub(crate) fn source_health(h: i32) -> String {
    pb::SourceHealth::try_from(h)
        .map(|h| {
            h.as_str_name()
                .trim_start_matches("SOURCE_HEALTH_")
                .to_lowercase()
        })
        .unwrap_or_else(|_| "?".into())
}

pub(crate) fn source(s: &pb::Source) -> String {
    let mut out = format!(
        "{} {} ({})\n  project: {}\n  api: {}\n  token: secret {}\n  filters: state {}",
        s.id,
        s.name,
        source_health(s.health),
        s.project_id,
        s.api_url,
        s.token_secret,
        s.state
    );
    if !s.labels.is_empty() {
        out.push_str(&format!(", labels {}", s.labels.join(",")));
    }
    if !s.assignee.is_empty() {
        out.push_str(&format!(", assignee {}", s.assignee));
    }
    out.push_str(&format!(
        "\n  writeback: close on merge {}, labels {}, comments {}\n  issues imported: {}",
        on_off(s.writeback_state),
        on_off(s.writeback_labels),
        on_off(s.writeback_comments),
        s.issues
    ));
    if !s.cursor.is_empty() {
        out.push_str(&format!("\n  cursor: {}", s.cursor));
    }
    if !s.last_error.is_empty() {
        out.push_str(&format!("\n  last error: {}", s.last_error));
    }
    out
}

/// How each repository of a merged workstream landed: `app squash`.
fn landed_list(repos: &[pb::RepoLanded]) -> String {
    repos
        .iter()
        .map(|r| format!("{} {}", r.repo, merge_method(r.how)))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn merge_method(how: i32) -> &'static str {
    match pb::MergeMethod::try_from(how) {
        Ok(pb::MergeMethod::FastForward) => "fast-forward",
        Ok(pb::MergeMethod::MergeCommit) => "merge commit",
        Ok(pb::MergeMethod::Rebase) => "rebase",
        Ok(pb::MergeMethod::Squash) => "squash",
        Ok(pb::MergeMethod::Tree) => "tree",
        Ok(pb::MergeMethod::Unspecified) | Err(_) => "unknown",
    }
}

/// A merge check's answer: what merged, what could not be read.
pub(crate) fn merges(r: &pb::CheckMergesResponse) -> String {
    let mut lines = vec![format!(
        "{} open workstream(s) checked, {} merged",
        r.checked,
        r.merged.len()
    )];
    for m in &r.merged {
        let branch = m.workstream.as_ref().map_or("", |w| w.branch.as_str());
        lines.push(format!("merged  {branch}  ({})", landed_list(&m.repos)));
    }
    for f in &r.failures {
        lines.push(format!("failed  {} {}: {}", f.project_id, f.repo, f.error));
    }
    lines.join("\n")
}

fn proposal_line(p: &pb::Proposal) -> String {
    let state = pb::ProposalState::try_from(p.state)
        .unwrap_or_default()
        .as_str_name()
        .trim_start_matches("PROPOSAL_STATE_")
        .to_ascii_lowercase();
    let mut line = format!(
        "{}  {} → {}  [{state}]  {}",
        p.id, p.issue_key, p.agent, p.reason
    );
    if !p.behind.is_empty() {
        let _ = write!(line, "\n    after {}", p.behind);
    }
    for o in &p.overlaps {
        let _ = write!(line, "\n    overlaps {o}");
    }
    if !p.workstream_id.is_empty() {
        let _ = write!(line, "\n    workstream {}", p.workstream_id);
    }
    line
}

/// Proposals, oldest first.
pub(crate) fn proposals(r: &pb::ListProposalsResponse) -> String {
    if r.proposals.is_empty() {
        return "no proposals".to_owned();
    }
    r.proposals
        .iter()
        .map(proposal_line)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A decided (or edited) proposal and the workstream an approval made.
pub(crate) fn decided(r: &pb::DecideProposalResponse) -> String {
    let mut out = r.proposal.as_ref().map(proposal_line).unwrap_or_default();
    if let Some(ws) = &r.workstream {
        let _ = write!(out, "\ncreated {} on {}", ws.id, ws.branch);
    }
    out
}

/// The Dispatcher's status: three sections, each in the daemon's order.
pub(crate) fn dispatcher_status(st: &pb::DispatcherStatus) -> String {
    let state = |s: i32| {
        pb::WorkstreamState::try_from(s)
            .unwrap_or_default()
            .as_str_name()
            .trim_start_matches("WORKSTREAM_STATE_")
            .to_ascii_lowercase()
    };
    let mut out = String::from("Doing:\n");
    if st.doing.is_empty() {
        out.push_str("  no agents\n");
    }
    for d in &st.doing {
        let _ = write!(out, "  {} ({})", d.agent, agent_status(d.status));
        if d.current.is_empty() {
            out.push_str(": nothing in progress");
        }
        out.push('\n');
        for w in &d.current {
            let _ = writeln!(out, "    {} [{}] {}", w.issue_key, state(w.state), w.title);
        }
        if !d.queued.is_empty() {
            let keys: Vec<&str> = d.queued.iter().map(|w| w.issue_key.as_str()).collect();
            let _ = writeln!(out, "    queued: {}", keys.join(", "));
        }
    }
    out.push_str("Blocked:\n");
    if st.blocked.is_empty() {
        out.push_str("  nothing\n");
    }
    for b in &st.blocked {
        let kind = pb::BlockedKind::try_from(b.kind).unwrap_or_default();
        let what = match kind {
            pb::BlockedKind::AgentPaused => "agent paused",
            pb::BlockedKind::AgentFailed => "agent failed",
            pb::BlockedKind::WorkstreamPaused => "workstream paused",
            pb::BlockedKind::WorkstreamFailed => "workstream failed",
            pb::BlockedKind::SourceFailing => "source failing",
            pb::BlockedKind::Unspecified => "blocked",
        };
        let _ = writeln!(out, "  {what}: {} {}", b.subject, b.detail);
    }
    out.push_str("Waiting for you:\n");
    if st.waiting.is_empty() {
        out.push_str("  nothing\n");
    }
    for w in &st.waiting {
        match pb::WaitingKind::try_from(w.kind).unwrap_or_default() {
            pb::WaitingKind::WardenPause => {
                let _ = writeln!(out, "  {}: {}", w.agent, w.detail);
            }
            pb::WaitingKind::Review | pb::WaitingKind::Unspecified => {
                let _ = writeln!(
                    out,
                    "  review {} by {} ({})",
                    w.issue_key, w.agent, w.detail
                );
            }
        }
    }
    let _ = write!(out, "Unassigned issues: {}", st.unassigned);
    out
}

#[cfg(test)]
mod time_tests {
    #[test]
    fn utc_times_render() {
        assert_eq!(super::time_ms(0), "1970-01-01 00:00:00Z");
        assert_eq!(super::time_ms(1_709_210_096_000), "2024-02-29 12:34:56Z");
    }
}
