//! Credentials an agent has seen. When the input gate inspects content that
//! carries a secret (a token's shape, or an env-style `DB_PASSWORD=…` line),
//! the value is remembered for that agent, so the output gate can tell when
//! a push, a request or a written file carries that exact value — even one
//! no pattern would recognize on its own.
//!
//! Values live in memory, inside [`Secret`], and in a [`HeldStore`] if one
//! is given (the daemon keeps them as owner-only files beside its secret
//! store, so a restart does not forget what an agent read); findings name
//! the variable and the source, never the value.

use crate::secret::{self, Secret};
use aho_corasick::AhoCorasick;
use compass_core::id::AgentId;
use regex::Regex;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// Shorter values match too much ordinary text to be worth remembering.
const MIN_VALUE_LEN: usize = 8;
/// Bound on what one agent's memory holds; the oldest values go first.
const MAX_PER_AGENT: usize = 256;

/// `NAME=value` / `NAME: value` lines whose name says they hold a secret.
#[allow(clippy::expect_used)] // a constant pattern, covered by tests
static SECRET_ASSIGNMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?m)^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*[=:][ \t]*["']?([^\s"'#]+)"#,
    )
    .expect("assignment pattern compiles")
});

const SECRET_NAME_WORDS: [&str; 9] = [
    "TOKEN",
    "SECRET",
    "PASSWORD",
    "PASSWD",
    "PASS",
    "API_KEY",
    "APIKEY",
    "PRIVATE",
    "CREDENTIAL",
];

fn names_a_secret(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    SECRET_NAME_WORDS.iter().any(|w| upper.contains(w)) || upper.ends_with("_KEY")
}

fn placeholder(value: &str) -> bool {
    let v = value.to_ascii_lowercase();
    v.starts_with('$')
        || v.starts_with('<')
        || [
            "xxxx",
            "your",
            "changeme",
            "placeholder",
            "example",
            "dummy",
        ]
        .iter()
        .any(|p| v.contains(p))
}

/// `(name, value)` for every secret value in `content`: pattern matches
/// (named by kind) and env-style assignments with a secret-sounding name.
pub fn extract(content: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = Vec::new();
    let mut add = |name: &str, value: &str| {
        if value.len() >= MIN_VALUE_LEN
            && !placeholder(value)
            && !found.iter().any(|(_, v)| v == value)
        {
            found.push((name.to_string(), value.to_string()));
        }
    };
    for cap in SECRET_ASSIGNMENT.captures_iter(content) {
        if let (Some(name), Some(value)) = (cap.get(1), cap.get(2))
            && names_a_secret(name.as_str())
        {
            add(name.as_str(), value.as_str());
        }
    }
    for kind in secret::find_secrets(content) {
        if kind == "credential_assignment" {
            continue; // covered by the assignments above, with their names
        }
        for p in secret::SECRET_PATTERNS.iter().filter(|p| p.kind == kind) {
            for m in p.regex.find_iter(content) {
                add(kind, m.as_str());
            }
        }
    }
    found
}

/// One remembered value.
#[derive(Debug, Clone)]
struct Held {
    /// `API_TOKEN (from file:/work/app/.env)`: what a finding shows.
    label: String,
    value: Secret,
}

/// Where held values outlive the process. Never SQLite, an event or a log.
pub trait HeldStore: Send + Sync + std::fmt::Debug {
    /// Everything kept: `(agent, label, value)`.
    fn load(&self) -> Vec<(AgentId, String, Secret)>;
    /// The agent's whole memory, after it changed.
    fn save(&self, agent: &AgentId, held: &[(String, Secret)]);
}

/// Memory only.
#[derive(Debug, Default)]
pub struct NoHeldStore;

impl HeldStore for NoHeldStore {
    fn load(&self) -> Vec<(AgentId, String, Secret)> {
        Vec::new()
    }
    fn save(&self, _: &AgentId, _: &[(String, Secret)]) {}
}

/// What each agent has seen.
#[derive(Debug)]
pub struct HeldSecrets {
    map: Mutex<HashMap<AgentId, Vec<Held>>>,
    store: std::sync::Arc<dyn HeldStore>,
}

impl Default for HeldSecrets {
    fn default() -> Self {
        Self::with_store(std::sync::Arc::new(NoHeldStore))
    }
}

impl HeldSecrets {
    /// What `store` kept, remembered again.
    pub fn with_store(store: std::sync::Arc<dyn HeldStore>) -> Self {
        let mut map: HashMap<AgentId, Vec<Held>> = HashMap::new();
        for (agent, label, value) in store.load() {
            map.entry(agent).or_default().push(Held { label, value });
        }
        Self {
            map: Mutex::new(map),
            store,
        }
    }

    /// Remember the secret values in content the agent ingested from `source`
    /// (already redacted for display). Returns how many are new.
    pub fn learn(&self, agent: &AgentId, source: &str, content: &str) -> usize {
        let found = extract(content);
        if found.is_empty() {
            return 0;
        }
        let Ok(mut map) = self.map.lock() else {
            return 0;
        };
        let held = map.entry(agent.clone()).or_default();
        let mut added = 0;
        for (name, value) in found {
            if held.iter().any(|h| *h.value.expose() == value) {
                continue;
            }
            held.push(Held {
                label: format!("{name} (from {source})"),
                value: Secret::new(value),
            });
            added += 1;
        }
        let excess = held.len().saturating_sub(MAX_PER_AGENT);
        held.drain(..excess);
        if added > 0 {
            let kept: Vec<(String, Secret)> = held
                .iter()
                .map(|h| (h.label.clone(), h.value.clone()))
                .collect();
            self.store.save(agent, &kept);
        }
        added
    }

    /// What this agent holds, with one automaton over all its values
    /// (longest match first); `None` when it holds nothing.
    fn matcher(&self, agent: &AgentId) -> Option<(Vec<Held>, AhoCorasick)> {
        let held = self.map.lock().ok()?.get(agent).cloned()?;
        if held.is_empty() {
            return None;
        }
        let matcher = AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostLongest)
            .build(held.iter().map(|h| h.value.expose()))
            .ok()?;
        Some((held, matcher))
    }

    /// Labels of the values this agent has seen that occur in `payload`.
    pub fn found_in(&self, agent: &AgentId, payload: &str) -> Vec<String> {
        let Some((held, matcher)) = self.matcher(agent) else {
            return vec![];
        };
        let mut labels: Vec<String> = Vec::new();
        for m in matcher.find_iter(payload) {
            if let Some(h) = held.get(m.pattern().as_usize())
                && !labels.contains(&h.label)
            {
                labels.push(h.label.clone());
            }
        }
        labels
    }

    /// `text` with every value this agent has seen replaced by
    /// `[REDACTED:<name>]`; `None` when none occurs.
    pub fn redact(&self, agent: &AgentId, text: &str) -> Option<String> {
        let (held, matcher) = self.matcher(agent)?;
        if !matcher.is_match(text) {
            return None;
        }
        let labels: Vec<String> = held
            .iter()
            .map(|h| {
                let name = h.label.split(' ').next().unwrap_or("secret");
                format!("[REDACTED:{name}]")
            })
            .collect();
        Some(matcher.replace_all(text, &labels))
    }

    /// How many values the agent holds.
    pub fn count(&self, agent: &AgentId) -> usize {
        self.map
            .lock()
            .map(|m| m.get(agent).map_or(0, Vec::len))
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOTENV: &str = "API_ENDPOINT=https://api.internal.example\nexport DB_PASSWORD='correct-horse-battery'\nAPI_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789AB\nSHORT_TOKEN=abc\nSTRIPE_KEY=${STRIPE_KEY}\n";

    #[test]
    fn extracts_named_and_shaped_secrets_but_not_plain_settings() {
        let found = extract(DOTENV);
        let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, vec!["DB_PASSWORD", "API_TOKEN"], "{found:?}");
        assert_eq!(found[0].1, "correct-horse-battery");
        // A token in prose is found by its shape alone.
        let prose = extract("use ghp_abcdefghijklmnopqrstuvwxyz0123456789AB here");
        assert_eq!(prose[0].0, "github_token");
    }

    #[test]
    fn finds_a_held_value_in_a_payload_by_label_only() {
        let held = HeldSecrets::default();
        let a = AgentId::from_row(1);
        assert_eq!(held.learn(&a, "file:/work/.env", DOTENV), 2);
        assert_eq!(held.learn(&a, "file:/work/.env", DOTENV), 0, "deduped");
        let diff = "+++ b/config.env\n+DB_PASSWORD=correct-horse-battery\n";
        let labels = held.found_in(&a, diff);
        assert_eq!(labels, vec!["DB_PASSWORD (from file:/work/.env)"]);
        assert!(!labels[0].contains("correct-horse"));
        // Another agent never read it.
        assert!(held.found_in(&AgentId::from_row(2), diff).is_empty());
        assert!(held.found_in(&a, "nothing here").is_empty());
    }

    #[test]
    fn redacts_what_the_agent_read_by_name() {
        let held = HeldSecrets::default();
        let a = AgentId::from_row(1);
        held.learn(&a, "file:/work/.env", DOTENV);
        let shown = held.redact(&a, "db = correct-horse-battery, ok").unwrap();
        assert_eq!(shown, "db = [REDACTED:DB_PASSWORD], ok");
        assert_eq!(held.redact(&a, "nothing secret"), None);
        assert_eq!(
            held.redact(&AgentId::from_row(2), "correct-horse-battery"),
            None
        );
    }

    #[test]
    fn memory_is_bounded() {
        let held = HeldSecrets::default();
        let a = AgentId::from_row(1);
        let many: String = (0..MAX_PER_AGENT + 10)
            .map(|i| format!("K{i}_TOKEN=value-number-{i:04}\n"))
            .collect();
        held.learn(&a, "file:x", &many);
        assert_eq!(held.count(&a), MAX_PER_AGENT);
        assert!(
            held.found_in(&a, "value-number-0000").is_empty(),
            "oldest dropped"
        );
        assert!(!held.found_in(&a, "value-number-0265").is_empty());
    }
}
