//! Versioned schema migrations. Append new steps; never edit a released one.

use rusqlite_migration::{M, Migrations};

pub(crate) fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(
            r#"
        CREATE TABLE projects (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE,
            theme TEXT NOT NULL,
            created_at_ms INTEGER NOT NULL
        );
        CREATE TABLE project_repos (
            project_id INTEGER NOT NULL REFERENCES projects(id),
            position INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('local', 'remote')),
            location TEXT NOT NULL,
            PRIMARY KEY (project_id, position)
        );
        CREATE TABLE project_dirs (
            project_id INTEGER NOT NULL REFERENCES projects(id),
            position INTEGER NOT NULL,
            path TEXT NOT NULL,
            PRIMARY KEY (project_id, position)
        );
        CREATE TABLE themes (
            name TEXT PRIMARY KEY,
            names TEXT NOT NULL
        );
        CREATE TABLE agents (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            project_id INTEGER NOT NULL REFERENCES projects(id),
            name TEXT NOT NULL,
            persona TEXT,
            kind TEXT NOT NULL,
            model TEXT,
            lifetime TEXT NOT NULL,
            status TEXT NOT NULL,
            codename INTEGER NOT NULL,
            created_at_ms INTEGER NOT NULL
        );
        -- A name is unique among a project's live agents; a retired agent's
        -- name (and codename) can be used again.
        CREATE UNIQUE INDEX agents_live_name ON agents(project_id, name)
            WHERE status != 'retired';
        CREATE TABLE issues (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            project_id INTEGER NOT NULL REFERENCES projects(id),
            number INTEGER NOT NULL,
            key TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            labels TEXT NOT NULL,
            parent_id INTEGER REFERENCES issues(id),
            priority TEXT NOT NULL,
            created_at_ms INTEGER NOT NULL,
            UNIQUE (project_id, number)
        );
        CREATE TABLE workstreams (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            project_id INTEGER NOT NULL REFERENCES projects(id),
            issue_id INTEGER NOT NULL UNIQUE REFERENCES issues(id),
            agent_id INTEGER NOT NULL REFERENCES agents(id),
            branch TEXT NOT NULL,
            state TEXT NOT NULL,
            created_at_ms INTEGER NOT NULL
        );
        CREATE TABLE events (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            at_ms INTEGER NOT NULL,
            kind TEXT NOT NULL,
            project_id TEXT,
            agent_id TEXT,
            workstream_id TEXT,
            tool_call_id TEXT,
            payload TEXT NOT NULL
        );
        CREATE INDEX events_agent ON events(agent_id, seq);
        "#,
        ),
        // Why an agent is in its status: shown by `agent show` and the board.
        M::up("ALTER TABLE agents ADD COLUMN status_reason TEXT NOT NULL DEFAULT '';"),
        M::up("CREATE INDEX events_kind ON events(kind, seq);"),
        // Warden's user state: clearances of the taint registry (session ''
        // is "across sessions"), the per-source allow/deny lists and its
        // settings (on/off).
        M::up(
            r#"
        CREATE TABLE warden_taint (
            session TEXT NOT NULL,
            agent_id TEXT NOT NULL,
            source TEXT NOT NULL,
            hash TEXT NOT NULL,
            cleared_at_ms INTEGER NOT NULL,
            ttl_ms INTEGER NOT NULL,
            PRIMARY KEY (session, agent_id, source)
        );
        CREATE INDEX warden_taint_source ON warden_taint(agent_id, source);
        CREATE TABLE warden_sources (
            pattern TEXT PRIMARY KEY,
            list TEXT NOT NULL CHECK (list IN ('allow', 'deny')),
            changed_at_ms INTEGER NOT NULL
        );
        CREATE TABLE warden_settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        "#,
        ),
        // The Dispatcher's issue sources and which issue came from where:
        // (source, external id) is unique, so a re-sync updates in place.
        M::up(
            r#"
        CREATE TABLE sources (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            project_id INTEGER NOT NULL REFERENCES projects(id),
            target TEXT NOT NULL,
            config TEXT NOT NULL,
            token_secret TEXT NOT NULL,
            writeback TEXT NOT NULL,
            cursor TEXT,
            health TEXT NOT NULL,
            last_error TEXT NOT NULL DEFAULT '',
            last_sync_ms INTEGER,
            created_at_ms INTEGER NOT NULL,
            UNIQUE (project_id, target)
        );
        CREATE TABLE issue_links (
            issue_id INTEGER PRIMARY KEY REFERENCES issues(id),
            source_id INTEGER NOT NULL REFERENCES sources(id),
            external_id TEXT NOT NULL,
            external_key TEXT NOT NULL,
            number INTEGER NOT NULL,
            url TEXT NOT NULL,
            open INTEGER NOT NULL,
            updated_at TEXT NOT NULL,
            UNIQUE (source_id, external_id)
        );
        "#,
        ),
        // The agents' MCP channel: each workstream's place and note in its
        // agent's own queue and its ready signal, each repo's push state,
        // the questions agents ask the user, and the pull requests opened.
        M::up(
            r#"
        CREATE TABLE workstream_queue (
            workstream_id INTEGER PRIMARY KEY REFERENCES workstreams(id),
            position INTEGER,
            note TEXT NOT NULL DEFAULT '',
            done INTEGER NOT NULL DEFAULT 0,
            ready_at_ms INTEGER
        );
        CREATE TABLE workstream_pushes (
            workstream_id INTEGER NOT NULL REFERENCES workstreams(id),
            repo TEXT NOT NULL,
            state TEXT NOT NULL,
            commit_id TEXT NOT NULL DEFAULT '',
            updated_at_ms INTEGER NOT NULL,
            PRIMARY KEY (workstream_id, repo)
        );
        CREATE TABLE asks (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            agent_id INTEGER NOT NULL REFERENCES agents(id),
            workstream_id INTEGER REFERENCES workstreams(id),
            question TEXT NOT NULL,
            state TEXT NOT NULL,
            answer TEXT NOT NULL DEFAULT '',
            created_at_ms INTEGER NOT NULL
        );
        CREATE TABLE pull_requests (
            workstream_id INTEGER NOT NULL REFERENCES workstreams(id),
            repo TEXT NOT NULL,
            number INTEGER NOT NULL,
            url TEXT NOT NULL,
            head TEXT NOT NULL,
            handed_back TEXT NOT NULL DEFAULT '[]',
            PRIMARY KEY (workstream_id, repo)
        );
        "#,
        ),
        // The push relay's forwards: per workstream and repo, the last tip
        // that reached the real remote and trunk just before. Merge
        // detection counts only these (a branch pushed by anyone else, or
        // repeating trunk's own work, never looks merged).
        M::up(
            r#"
        CREATE TABLE workstream_forwards (
            workstream_id INTEGER NOT NULL REFERENCES workstreams(id),
            repo TEXT NOT NULL,
            commit_id TEXT NOT NULL,
            trunk_id TEXT,
            forwarded_at_ms INTEGER NOT NULL,
            PRIMARY KEY (workstream_id, repo)
        );
        "#,
        ),
        // Assignment proposals, and the conflict map: the files each
        // in-flight workstream changes per repo (read by git inside its
        // agent's workload).
        M::up(
            r#"
        CREATE TABLE proposals (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            project_id INTEGER NOT NULL REFERENCES projects(id),
            issue_id INTEGER NOT NULL REFERENCES issues(id),
            agent_id INTEGER NOT NULL REFERENCES agents(id),
            behind TEXT NOT NULL DEFAULT '',
            reason TEXT NOT NULL,
            overlaps TEXT NOT NULL DEFAULT '[]',
            state TEXT NOT NULL,
            workstream_id INTEGER REFERENCES workstreams(id),
            created_at_ms INTEGER NOT NULL,
            decided_at_ms INTEGER
        );
        CREATE INDEX proposals_by_issue ON proposals (issue_id, state);
        CREATE TABLE workstream_zones (
            workstream_id INTEGER NOT NULL REFERENCES workstreams(id),
            repo TEXT NOT NULL,
            path TEXT NOT NULL,
            PRIMARY KEY (workstream_id, repo, path)
        );
        "#,
        ),
        // Allow-onces the user gave and the agent has not used yet.
        M::up(
            r#"
        CREATE TABLE warden_allow_once (
            agent_id INTEGER NOT NULL REFERENCES agents(id),
            hash TEXT NOT NULL,
            allowed_at_ms INTEGER NOT NULL,
            PRIMARY KEY (agent_id, hash)
        );
        "#,
        ),
        // A pull request's state on its forge, as the last poll read it.
        M::up("ALTER TABLE pull_requests ADD COLUMN state TEXT NOT NULL DEFAULT 'open';"),
        // An imported issue its tracker no longer has (deleted there): kept
        // (workstreams and proposals point at it), never proposed again.
        M::up("ALTER TABLE issue_links ADD COLUMN gone INTEGER NOT NULL DEFAULT 0;"),
        // When a sync last read the issue directly (whether it still
        // exists): probes go least recently checked first, so every
        // proposed issue is read in turn however many there are.
        M::up("ALTER TABLE issue_links ADD COLUMN checked_at_ms INTEGER NOT NULL DEFAULT 0;"),
    ])
}

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid() {
        assert!(super::migrations().validate().is_ok());
    }
}
