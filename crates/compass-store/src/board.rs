//! The board query: rows are a project's live agents plus an unassigned row,
//! columns are Backlog / In Progress / In Review / Merged.

use crate::error::Result;
use crate::{agents, issues, projects, workstreams};
use compass_core::agent::Agent;
use compass_core::issue::Issue;
use compass_core::project::Project;
use compass_core::workstream::{Column, Workstream};
use rusqlite::Connection;

/// One card: an issue, and its workstream if it has one.
#[derive(Debug, Clone)]
pub struct Card {
    pub issue: Issue,
    pub workstream: Option<Workstream>,
}

/// One row: an agent (or `None` for the unassigned pool) and its cards per
/// column, in [`Column::ALL`] order.
#[derive(Debug, Clone)]
pub struct Row {
    pub agent: Option<Agent>,
    pub columns: Vec<(Column, Vec<Card>)>,
}

#[derive(Debug, Clone)]
pub struct Board {
    pub project: Project,
    pub rows: Vec<Row>,
}

fn empty_row(agent: Option<Agent>) -> Row {
    Row {
        agent,
        columns: Column::ALL.iter().map(|c| (*c, Vec::new())).collect(),
    }
}

fn place(row: &mut Row, column: Column, card: Card) {
    if let Some((_, cards)) = row.columns.iter_mut().find(|(c, _)| *c == column) {
        cards.push(card);
    }
}

/// Build the board of a project (by id or name).
pub fn get(conn: &Connection, project: &str) -> Result<Board> {
    let project = projects::get(conn, project)?;
    let agents = agents::list(conn, Some(project.id.as_str()), false)?;
    let workstreams = workstreams::list(conn, project.id.as_str())?;
    let mut rows: Vec<Row> = agents.into_iter().map(|a| empty_row(Some(a))).collect();
    let mut unassigned = empty_row(None);
    for issue in issues::list(conn, project.id.as_str())? {
        let workstream = workstreams.iter().find(|w| w.issue_id == issue.id).cloned();
        match workstream {
            Some(ws) => {
                let column = Column::of(ws.state);
                let row = rows
                    .iter_mut()
                    .find(|r| r.agent.as_ref().is_some_and(|a| a.id == ws.agent_id));
                let card = Card {
                    issue,
                    workstream: Some(ws),
                };
                // Work of a retired agent stays visible in the pool row.
                place(row.unwrap_or(&mut unassigned), column, card);
            }
            None => place(
                &mut unassigned,
                Column::Backlog,
                Card {
                    issue,
                    workstream: None,
                },
            ),
        }
    }
    rows.push(unassigned);
    Ok(Board { project, rows })
}
