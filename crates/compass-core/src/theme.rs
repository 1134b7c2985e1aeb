//! Codename themes: the pools ephemeral agents draw their names from.
//!
//! Within a theme every name starts with a distinct letter, so a board of
//! agents scans at a glance ("A is on auth, S on tests").

use crate::name::{Name, NameError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The theme a new project gets unless it names another.
pub const DEFAULT_THEME: &str = "constellations";

/// A named pool of codenames.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Theme {
    pub name: Name,
    pub names: Vec<Name>,
    /// Shipped with Compass (cannot be replaced by a user theme).
    pub builtin: bool,
}

/// Why a theme was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThemeError {
    #[error("theme name {0:?}: {1}")]
    BadThemeName(String, NameError),
    #[error("codename {0:?}: {1}")]
    BadCodename(String, NameError),
    #[error("a theme needs at least one codename")]
    Empty,
    #[error(
        "{first:?} and {second:?} both start with '{letter}'; each codename in a theme needs its own first letter"
    )]
    SameInitial {
        first: String,
        second: String,
        letter: char,
    },
}

const BUILTIN: [(&str, &[&str]); 3] = [
    (
        "constellations",
        &[
            "andromeda",
            "bootes",
            "cassiopeia",
            "draco",
            "eridanus",
            "fornax",
            "gemini",
            "hydra",
            "indus",
            "lyra",
            "musca",
            "norma",
            "orion",
            "pegasus",
            "reticulum",
            "scorpius",
            "taurus",
            "ursa",
            "vela",
        ],
    ),
    (
        "norse",
        &[
            "baldr", "eir", "freya", "gefjon", "heimdall", "idun", "jord", "loki", "mimir",
            "njord", "odin", "ran", "skadi", "thor", "ullr", "vidar",
        ],
    ),
    (
        "explorers",
        &[
            "amundsen",
            "balboa",
            "cabot",
            "drake",
            "earhart",
            "franklin",
            "gagarin",
            "hillary",
            "ibn_battuta",
            "jolliet",
            "kingsley",
            "livingstone",
            "magellan",
            "nansen",
            "polo",
            "shackleton",
            "tasman",
            "vespucci",
            "zheng_he",
        ],
    ),
];

/// The themes shipped with Compass, validated like user themes.
pub fn builtin_themes() -> Vec<Theme> {
    BUILTIN
        .iter()
        .filter_map(|(name, names)| {
            let names: Vec<String> = names.iter().map(|s| (*s).to_owned()).collect();
            Theme::new(name, &names, true).ok()
        })
        .collect()
}

impl Theme {
    /// Validate a theme: a valid theme name, at least one codename, each a
    /// valid name with its own first letter.
    pub fn new(name: &str, names: &[String], builtin: bool) -> Result<Self, ThemeError> {
        let theme_name =
            Name::parse(name).map_err(|e| ThemeError::BadThemeName(name.to_owned(), e))?;
        if names.is_empty() {
            return Err(ThemeError::Empty);
        }
        let mut parsed: Vec<Name> = Vec::with_capacity(names.len());
        for raw in names {
            let n = Name::parse(raw).map_err(|e| ThemeError::BadCodename(raw.clone(), e))?;
            if let Some(prev) = parsed.iter().find(|p| p.initial() == n.initial()) {
                return Err(ThemeError::SameInitial {
                    first: prev.to_string(),
                    second: n.to_string(),
                    letter: n.initial(),
                });
            }
            parsed.push(n);
        }
        Ok(Self {
            name: theme_name,
            names: parsed,
            builtin,
        })
    }

    /// The first codename not already taken in the project, in theme order.
    /// `None` when the pool is exhausted.
    pub fn draw<'a>(&'a self, taken: &BTreeSet<&str>) -> Option<&'a Name> {
        self.names.iter().find(|n| !taken.contains(n.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ships_three_valid_themes() {
        let themes = builtin_themes();
        assert_eq!(themes.len(), BUILTIN.len());
        assert!(themes.len() >= 3);
        for (theme, (_, raw)) in themes.iter().zip(BUILTIN.iter()) {
            assert_eq!(
                theme.names.len(),
                raw.len(),
                "theme {} lost a name",
                theme.name
            );
        }
        assert!(themes.iter().any(|t| t.name.as_str() == DEFAULT_THEME));
    }

    #[test]
    fn refuses_duplicate_initials() {
        let err = Theme::new("mine", &["ada".into(), "alan".into()], false).unwrap_err();
        assert!(matches!(err, ThemeError::SameInitial { letter: 'a', .. }));
        assert_eq!(Theme::new("mine", &[], false), Err(ThemeError::Empty));
        assert!(matches!(
            Theme::new("mine", &["Bad".into()], false),
            Err(ThemeError::BadCodename(..))
        ));
    }

    #[test]
    fn draws_free_names_and_returns_them() {
        let theme = Theme::new("t", &["ada".into(), "bob".into()], false).unwrap();
        let mut taken = BTreeSet::new();
        assert_eq!(theme.draw(&taken).unwrap().as_str(), "ada");
        taken.insert("ada");
        assert_eq!(theme.draw(&taken).unwrap().as_str(), "bob");
        taken.insert("bob");
        assert!(theme.draw(&taken).is_none());
        taken.remove("ada");
        assert_eq!(theme.draw(&taken).unwrap().as_str(), "ada");
    }
}
