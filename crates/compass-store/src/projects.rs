//! Projects and what is in their scope.

use crate::db::Tx;
use crate::error::{Result, StoreError};
use crate::themes;
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::ProjectId;
use compass_core::name::Name;
use compass_core::project::{MAX_SCOPE_ENTRIES, Project, RepoSource};
use rusqlite::{Connection, OptionalExtension, params};

/// What a new project is made of, already validated by the caller's parsing.
#[derive(Debug, Clone)]
pub struct NewProject {
    pub name: Name,
    pub repos: Vec<RepoSource>,
    pub directories: Vec<String>,
    pub theme: Name,
}

/// Create a project and emit `ProjectCreated`.
pub fn create(tx: &mut Tx<'_>, new: NewProject) -> Result<Project> {
    if new.repos.len() > MAX_SCOPE_ENTRIES {
        return Err(StoreError::invalid(
            "repos",
            format!(
                "{} given; the limit is {MAX_SCOPE_ENTRIES}",
                new.repos.len()
            ),
        ));
    }
    if new.directories.len() > MAX_SCOPE_ENTRIES {
        return Err(StoreError::invalid(
            "directories",
            format!(
                "{} given; the limit is {MAX_SCOPE_ENTRIES}",
                new.directories.len()
            ),
        ));
    }
    let conn = tx.conn();
    if find_row(conn, new.name.as_str())?.is_some() {
        return Err(StoreError::AlreadyExists {
            what: "project",
            key: new.name.to_string(),
        });
    }
    themes::get(conn, new.theme.as_str())?;
    conn.execute(
        "INSERT INTO projects (name, theme, created_at_ms) VALUES (?1, ?2, ?3)",
        params![new.name.as_str(), new.theme.as_str(), tx.now_ms()],
    )
    .map_err(StoreError::sql("inserting a project"))?;
    let row = conn.last_insert_rowid();
    for (position, repo) in (0_i64..).zip(new.repos.iter()) {
        let kind = match repo {
            RepoSource::Local(_) => "local",
            RepoSource::Remote(_) => "remote",
        };
        conn.execute(
            "INSERT INTO project_repos (project_id, position, kind, location) VALUES (?1, ?2, ?3, ?4)",
            params![row, position, kind, repo.location()],
        )
        .map_err(StoreError::sql("inserting a project repo"))?;
    }
    for (position, dir) in (0_i64..).zip(new.directories.iter()) {
        conn.execute(
            "INSERT INTO project_dirs (project_id, position, path) VALUES (?1, ?2, ?3)",
            params![row, position, dir],
        )
        .map_err(StoreError::sql("inserting a project directory"))?;
    }
    let project = Project {
        id: ProjectId::from_row(row),
        name: new.name,
        repos: new.repos,
        directories: new.directories,
        theme: new.theme,
        created_at_ms: tx.now_ms(),
    };
    tx.emit(NewEvent {
        scope: Scope {
            project_id: Some(project.id.clone()),
            ..Scope::default()
        },
        kind: EventKind::ProjectCreated {
            project: project.clone(),
        },
    })?;
    Ok(project)
}

fn find_row(conn: &Connection, key: &str) -> Result<Option<i64>> {
    let by_id = ProjectId(key.to_owned()).row();
    conn.query_row(
        "SELECT id FROM projects WHERE id = ?1 OR name = ?2",
        params![by_id.unwrap_or(-1), key],
        |r| r.get(0),
    )
    .optional()
    .map_err(StoreError::sql("looking up a project"))
}

/// A project by id or name.
pub fn get(conn: &Connection, key: &str) -> Result<Project> {
    let row = find_row(conn, key)?.ok_or_else(|| StoreError::NotFound {
        what: "project",
        key: key.to_owned(),
    })?;
    load(conn, row)
}

/// Every project, oldest first.
pub fn list(conn: &Connection) -> Result<Vec<Project>> {
    let mut stmt = conn
        .prepare("SELECT id FROM projects ORDER BY id")
        .map_err(StoreError::sql("listing projects"))?;
    let rows: Vec<i64> = stmt
        .query_map([], |r| r.get(0))
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing projects"))?;
    rows.into_iter().map(|row| load(conn, row)).collect()
}

fn load(conn: &Connection, row: i64) -> Result<Project> {
    let (name, theme, created_at_ms): (String, String, i64) = conn
        .query_row(
            "SELECT name, theme, created_at_ms FROM projects WHERE id = ?1",
            [row],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .map_err(StoreError::sql("reading a project"))?;
    let mut stmt = conn
        .prepare_cached(
            "SELECT kind, location FROM project_repos WHERE project_id = ?1 ORDER BY position",
        )
        .map_err(StoreError::sql("reading project repos"))?;
    let repos = stmt
        .query_map([row], |r| {
            let kind: String = r.get(0)?;
            let location: String = r.get(1)?;
            Ok(if kind == "local" {
                RepoSource::Local(location)
            } else {
                RepoSource::Remote(location)
            })
        })
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("reading project repos"))?;
    let mut stmt = conn
        .prepare_cached("SELECT path FROM project_dirs WHERE project_id = ?1 ORDER BY position")
        .map_err(StoreError::sql("reading project directories"))?;
    let directories = stmt
        .query_map([row], |r| r.get(0))
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("reading project directories"))?;
    Ok(Project {
        id: ProjectId::from_row(row),
        name: Name::parse(&name).map_err(|e| StoreError::corrupt("project name", e))?,
        repos,
        directories,
        theme: Name::parse(&theme).map_err(|e| StoreError::corrupt("project theme", e))?,
        created_at_ms,
    })
}
