//! Two-way sync: a workstream's state change written back to the issue it
//! came from, as the source is configured — a `compass:<state>` label, the
//! issue closed (GitHub) or completed (Linear) when the work merges, and
//! (when asked for) a comment. Each
//! action is recorded as a `source_writeback` event; a failed one never
//! undoes the state change.

use crate::error::DispatchError;
use crate::github::Github;
use crate::http::Http;
use crate::jira::Jira;
use crate::linear::Linear;
use crate::token::Token;
use compass_core::source::{SourceConfig, WritebackAction, state_label};
use compass_core::workstream::{Workstream, WorkstreamState};
use compass_store::{Store, sources};

/// One action tried, and how it went.
#[derive(Debug)]
pub struct Written {
    pub action: WritebackAction,
    pub result: Result<(), String>,
}

/// Write `ws`'s move from `from` back to its source issue, if it has one.
/// `token` looks a secret up by name.
pub async fn writeback(
    store: &Store,
    http: &Http,
    ws: &Workstream,
    from: WorkstreamState,
    token: &(dyn Fn(&str) -> Result<Token, DispatchError> + Sync),
) -> Result<Vec<Written>, DispatchError> {
    let issue = ws.issue_id.clone();
    let Some((link, source)) = store
        .read(move |c| {
            let Some(link) = sources::link_of(c, &issue)? else {
                return Ok(None);
            };
            let source = sources::get(c, link.source_id.as_str())?;
            Ok(Some((link, source)))
        })
        .await?
    else {
        return Ok(Vec::new());
    };
    let to = ws.state;
    let wb = source.writeback;
    let mut plan = Vec::new();
    if wb.labels {
        plan.push(WritebackAction::Label);
    }
    if wb.state && to == WorkstreamState::Merged {
        plan.push(WritebackAction::Close);
    }
    if wb.comments {
        plan.push(WritebackAction::Comment);
    }
    if plan.is_empty() {
        return Ok(Vec::new());
    }
    let token = token(&source.token_secret);
    let comment = format!(
        "Compass: workstream `{}` moved from {} to {}.",
        ws.branch,
        from.as_str(),
        to.as_str()
    );
    let (old_label, new_label) = (state_label(from), state_label(to));
    let mut written = Vec::new();
    for action in plan {
        let result = match &token {
            Err(e) => Err(e.to_string()),
            Ok(token) => match &source.config {
                SourceConfig::Github(config) => {
                    let gh = Github {
                        http,
                        config,
                        token,
                    };
                    let n = link.number;
                    match action {
                        WritebackAction::Label => match gh.remove_label(n, &old_label).await {
                            Ok(()) => gh.add_label(n, &new_label).await,
                            e => e,
                        },
                        WritebackAction::Close => gh.close(n).await,
                        WritebackAction::Comment => gh.comment(n, &comment).await,
                    }
                }
                SourceConfig::Linear(config) => {
                    let ln = Linear {
                        http,
                        config,
                        token,
                    };
                    let id = link.external_id.as_str();
                    match action {
                        WritebackAction::Label => ln.relabel(id, &old_label, &new_label).await,
                        WritebackAction::Close => ln.complete(id).await,
                        WritebackAction::Comment => ln.comment(id, &comment).await,
                    }
                }
                SourceConfig::Jira(config) => {
                    let jira = Jira {
                        http,
                        config,
                        token,
                    };
                    let key = link.key.as_str();
                    match action {
                        WritebackAction::Label => jira.relabel(key, &old_label, &new_label).await,
                        WritebackAction::Close => jira.complete(key).await,
                        WritebackAction::Comment => jira.comment(key, &comment).await,
                    }
                }
            }
            .map_err(|e| e.to_string()),
        };
        if let Err(e) = &result {
            tracing::warn!(workstream = %ws.id, action = action.as_str(), error = %e, "writeback failed");
        }
        let (l, r) = (link.clone(), result.clone());
        store
            .write(move |tx| sources::record_writeback(tx, &l, action, r))
            .await?;
        written.push(Written { action, result });
    }
    Ok(written)
}
