//! Codename themes: the built-in ones from `compass-core` plus user themes.

use crate::db::Tx;
use crate::error::{Result, StoreError};
use compass_core::event::{EventKind, NewEvent, Scope};
use compass_core::theme::{Theme, builtin_themes};
use rusqlite::{Connection, OptionalExtension, params};

/// Add a user theme and emit `ThemeAdded`. Built-in names are reserved.
pub fn add(tx: &mut Tx<'_>, theme: Theme) -> Result<Theme> {
    if builtin_themes().iter().any(|t| t.name == theme.name)
        || user(tx.conn(), theme.name.as_str())?.is_some()
    {
        return Err(StoreError::AlreadyExists {
            what: "theme",
            key: theme.name.to_string(),
        });
    }
    let names: Vec<&str> = theme.names.iter().map(|n| n.as_str()).collect();
    let encoded =
        serde_json::to_string(&names).map_err(|e| StoreError::corrupt("encoding a theme", e))?;
    tx.conn()
        .execute(
            "INSERT INTO themes (name, names) VALUES (?1, ?2)",
            params![theme.name.as_str(), encoded],
        )
        .map_err(StoreError::sql("inserting a theme"))?;
    tx.emit(NewEvent {
        scope: Scope::default(),
        kind: EventKind::ThemeAdded {
            theme: theme.name.to_string(),
            names: names.iter().map(|s| (*s).to_owned()).collect(),
        },
    })?;
    Ok(theme)
}

fn user(conn: &Connection, name: &str) -> Result<Option<Theme>> {
    let names: Option<String> = conn
        .query_row("SELECT names FROM themes WHERE name = ?1", [name], |r| {
            r.get(0)
        })
        .optional()
        .map_err(StoreError::sql("reading a theme"))?;
    names
        .map(|encoded| {
            let names: Vec<String> = serde_json::from_str(&encoded)
                .map_err(|e| StoreError::corrupt("decoding a theme", e))?;
            Theme::new(name, &names, false).map_err(|e| StoreError::corrupt("stored theme", e))
        })
        .transpose()
}

/// A theme by name, built-in or user.
pub fn get(conn: &Connection, name: &str) -> Result<Theme> {
    if let Some(theme) = builtin_themes()
        .into_iter()
        .find(|t| t.name.as_str() == name)
    {
        return Ok(theme);
    }
    user(conn, name)?.ok_or_else(|| StoreError::NotFound {
        what: "theme",
        key: name.to_owned(),
    })
}

/// Built-in themes first, then user themes by name.
pub fn list(conn: &Connection) -> Result<Vec<Theme>> {
    let mut themes = builtin_themes();
    let mut stmt = conn
        .prepare("SELECT name FROM themes ORDER BY name")
        .map_err(StoreError::sql("listing themes"))?;
    let names: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .and_then(Iterator::collect)
        .map_err(StoreError::sql("listing themes"))?;
    for name in names {
        themes.extend(user(conn, &name)?);
    }
    Ok(themes)
}
