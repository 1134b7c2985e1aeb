//! Warden's user state: the taint registry's clearances, the per-source
//! allow/deny lists, and whether Warden is on. Every user change emits a
//! `WardenChanged` event in the same transaction, so it is audited.
//!
//! Boundaries: this module stores what it is given. Which patterns are valid
//! and what a clearance means are Warden's (`compass-warden`); the daemon
//! checks patterns before they get here and turns rows into Warden's types.

use crate::db::Tx;
use crate::error::{Result, StoreError};
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::id::AgentId;
use rusqlite::{Connection, OptionalExtension, params};

/// The `session` column's value for clearances that persist across sessions.
const ACROSS_SESSIONS: &str = "";

/// One clearance of the taint registry: `agent` read `hash` from `source`
/// and it was cleared at `cleared_at_ms` for `ttl_ms`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clearance {
    pub agent: AgentId,
    /// `None`: the clearance persists across sessions.
    pub session: Option<String>,
    pub source: String,
    pub hash: String,
    pub cleared_at_ms: i64,
    pub ttl_ms: i64,
}

fn session_key(session: Option<&str>) -> Result<&str> {
    match session {
        None => Ok(ACROSS_SESSIONS),
        Some("") => Err(StoreError::invalid(
            "session",
            "must not be empty (no session means across sessions)",
        )),
        Some(s) => Ok(s),
    }
}

/// Record (or replace) the clearance for (session, agent, source).
pub fn save_clearance(tx: &mut Tx<'_>, c: &Clearance) -> Result<()> {
    let session = session_key(c.session.as_deref())?;
    tx.conn()
        .prepare_cached(
            "INSERT INTO warden_taint (session, agent_id, source, hash, cleared_at_ms, ttl_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (session, agent_id, source) DO UPDATE SET
                hash = excluded.hash,
                cleared_at_ms = excluded.cleared_at_ms,
                ttl_ms = excluded.ttl_ms",
        )
        .and_then(|mut stmt| {
            stmt.execute(params![
                session,
                c.agent.as_str(),
                c.source,
                c.hash,
                c.cleared_at_ms,
                c.ttl_ms
            ])
        })
        .map_err(StoreError::sql("saving a clearance"))?;
    Ok(())
}

/// Drop every clearance of (agent, source), in every session: a flagged
/// source must be inspected again wherever it was cleared.
pub fn remove_clearance(tx: &mut Tx<'_>, agent: &AgentId, source: &str) -> Result<usize> {
    tx.conn()
        .prepare_cached("DELETE FROM warden_taint WHERE agent_id = ?1 AND source = ?2")
        .and_then(|mut stmt| stmt.execute(params![agent.as_str(), source]))
        .map_err(StoreError::sql("removing a clearance"))
}

/// Drop clearances whose TTL ran out before `now_ms`; returns how many.
pub fn prune_clearances(tx: &mut Tx<'_>, now_ms: i64) -> Result<usize> {
    tx.conn()
        .execute(
            "DELETE FROM warden_taint WHERE cleared_at_ms + ttl_ms <= ?1",
            [now_ms],
        )
        .map_err(StoreError::sql("pruning expired clearances"))
}

/// The clearances of one session (`None`: those kept across sessions).
pub fn clearances(conn: &Connection, session: Option<&str>) -> Result<Vec<Clearance>> {
    let key = session_key(session)?;
    let mut stmt = conn
        .prepare_cached(
            "SELECT agent_id, source, hash, cleared_at_ms, ttl_ms FROM warden_taint
             WHERE session = ?1 ORDER BY agent_id, source",
        )
        .map_err(StoreError::sql("reading clearances"))?;
    let rows = stmt
        .query_map([key], |r| {
            Ok(Clearance {
                agent: AgentId(r.get(0)?),
                session: session.map(str::to_owned),
                source: r.get(1)?,
                hash: r.get(2)?,
                cleared_at_ms: r.get(3)?,
                ttl_ms: r.get(4)?,
            })
        })
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("reading clearances"))?;
    Ok(rows)
}

/// Which list a pattern is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum List {
    Allow,
    Deny,
}

impl List {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Allow => "allow",
            Self::Deny => "deny",
        }
    }
}

/// The user's lists, each in the order its patterns were put there.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceLists {
    pub allow: Vec<String>,
    pub deny: Vec<String>,
}

/// Both lists.
pub fn lists(conn: &Connection) -> Result<SourceLists> {
    let mut stmt = conn
        .prepare_cached("SELECT pattern, list FROM warden_sources ORDER BY changed_at_ms, rowid")
        .map_err(StoreError::sql("reading Warden's lists"))?;
    let rows: Vec<(String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("reading Warden's lists"))?;
    let mut out = SourceLists::default();
    for (pattern, list) in rows {
        match list.as_str() {
            "allow" => out.allow.push(pattern),
            "deny" => out.deny.push(pattern),
            other => return Err(StoreError::corrupt("Warden list", other)),
        }
    }
    Ok(out)
}

fn changed(tx: &mut Tx<'_>, scope: Scope, what: &str, subject: &str, by: &str) -> Result<u64> {
    tx.emit(NewEvent {
        scope,
        kind: EventKind::WardenChanged {
            what: what.to_owned(),
            subject: subject.to_owned(),
            by: by.to_owned(),
        },
    })
}

fn check_pattern(pattern: &str) -> Result<()> {
    if pattern.is_empty() {
        return Err(StoreError::invalid("pattern", "must not be empty"));
    }
    Ok(())
}

/// Put `pattern` on `list` (moving it off the other one) and emit
/// `WardenChanged`. A pattern already there moves to the end.
pub fn put(tx: &mut Tx<'_>, list: List, pattern: &str, by: &str) -> Result<()> {
    check_pattern(pattern)?;
    tx.conn()
        .execute(
            "INSERT OR REPLACE INTO warden_sources (pattern, list, changed_at_ms) VALUES (?1, ?2, ?3)",
            params![pattern, list.as_str(), tx.now_ms()],
        )
        .map_err(StoreError::sql("updating Warden's lists"))?;
    changed(tx, Scope::default(), list.as_str(), pattern, by)?;
    Ok(())
}

/// Take `pattern` off whichever list it is on and emit `WardenChanged`;
/// `NotFound` (and nothing written) when it is on neither.
pub fn forget(tx: &mut Tx<'_>, pattern: &str, by: &str) -> Result<List> {
    check_pattern(pattern)?;
    let was: Option<String> = tx
        .conn()
        .query_row(
            "DELETE FROM warden_sources WHERE pattern = ?1 RETURNING list",
            [pattern],
            |r| r.get(0),
        )
        .optional()
        .map_err(StoreError::sql("updating Warden's lists"))?;
    let list = match was.as_deref() {
        Some("allow") => List::Allow,
        Some("deny") => List::Deny,
        Some(other) => return Err(StoreError::corrupt("Warden list", other)),
        None => {
            return Err(StoreError::NotFound {
                what: "pattern on Warden's allow or deny list",
                key: pattern.to_owned(),
            });
        }
    };
    changed(tx, Scope::default(), "forget", pattern, by)?;
    Ok(list)
}

const ENABLED: &str = "enabled";

/// Whether the user turned Warden on or off; `None` if they never did (the
/// daemon's default applies).
pub fn enabled(conn: &Connection) -> Result<Option<bool>> {
    let raw: Option<String> = conn
        .query_row(
            "SELECT value FROM warden_settings WHERE key = ?1",
            [ENABLED],
            |r| r.get(0),
        )
        .optional()
        .map_err(StoreError::sql("reading Warden's settings"))?;
    match raw.as_deref() {
        None => Ok(None),
        Some("on") => Ok(Some(true)),
        Some("off") => Ok(Some(false)),
        Some(other) => Err(StoreError::corrupt("Warden's enabled setting", other)),
    }
}

/// Turn Warden on or off and emit `WardenChanged` (`enabled`/`disabled`).
pub fn set_enabled(tx: &mut Tx<'_>, on: bool, by: &str) -> Result<()> {
    let value = if on { "on" } else { "off" };
    tx.conn()
        .execute(
            "INSERT INTO warden_settings (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![ENABLED, value],
        )
        .map_err(StoreError::sql("updating Warden's settings"))?;
    let what = if on { "enabled" } else { "disabled" };
    changed(tx, Scope::default(), what, "", by)?;
    Ok(())
}

/// Record that the user let one flagged request of `agent` (the decision
/// with `hash`) pass once. The allowance is kept until it is used
/// ([`allow_once_used`]), so a daemon restart in between does not lose it.
pub fn allowed_once(tx: &mut Tx<'_>, agent: &AgentId, hash: &str, by: &str) -> Result<()> {
    let scope = Scope {
        agent_id: Some(agent.clone()),
        ..Scope::default()
    };
    let at_ms = tx.now_ms();
    tx.conn()
        .execute(
            "INSERT OR IGNORE INTO warden_allow_once (agent_id, hash, allowed_at_ms) VALUES (?1, ?2, ?3)",
            params![agent.row(), hash, at_ms],
        )
        .map_err(StoreError::sql("keeping an allow-once"))?;
    changed(tx, scope, "allow_once", &format!("{agent} {hash}"), by)?;
    Ok(())
}

/// An allow-once was used: it is gone for good.
pub fn allow_once_used(tx: &mut Tx<'_>, agent: &AgentId, hash: &str) -> Result<()> {
    tx.conn()
        .execute(
            "DELETE FROM warden_allow_once WHERE agent_id = ?1 AND hash = ?2",
            params![agent.row(), hash],
        )
        .map_err(StoreError::sql("removing a used allow-once"))?;
    Ok(())
}

/// The allow-onces not used yet, oldest first: `(agent, hash)`.
pub fn allow_onces(conn: &Connection) -> Result<Vec<(AgentId, String)>> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT agent_id, hash FROM warden_allow_once ORDER BY allowed_at_ms, agent_id, hash",
        )
        .map_err(StoreError::sql("reading allow-onces"))?;
    let rows = stmt
        .query_map([], |r| Ok((AgentId::from_row(r.get(0)?), r.get(1)?)))
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("reading allow-onces"))?;
    Ok(rows)
}
