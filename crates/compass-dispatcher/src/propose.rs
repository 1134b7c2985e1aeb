//! Assignment proposals (pure): for each selected issue, which agent should
//! take it — the one already holding overlapping zones (ordered behind that
//! workstream), else the best persona match, else the shortest queue. Issues
//! of one batch see the proposals before them, so two overlapping issues go
//! to one agent, one behind the other. Proposals only: the user approves,
//! edits or rejects each; nothing here starts an agent or reorders a queue.

use crate::conflict::{ConflictMap, Zone};
use std::collections::BTreeSet;

/// An agent that may take work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub agent: String,
    pub persona: String,
    /// Open workstreams it holds now.
    pub queue: usize,
}

/// An issue to place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    pub issue_key: String,
    /// Title, body and labels, for the persona match.
    pub text: String,
    /// The zones it will likely touch (the paths it names).
    pub zones: BTreeSet<Zone>,
}

/// Why an agent was proposed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// It holds work on the same files: same agent, after that work.
    Overlap { zones: Vec<Zone> },
    /// Its persona shares these words with the issue.
    Persona { words: Vec<String> },
    /// No overlap and no persona match: the shortest queue.
    ShortestQueue,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    pub issue_key: String,
    pub agent: String,
    /// The workstream (or, within a batch, `issue:<key>`) it waits behind.
    pub behind: Option<String>,
    pub why: Why,
}

/// Lower-case words of three letters or more.
fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect()
}

/// Propose an agent for each of `asks`, in order, over `map` (the active
/// workstreams' zones). No candidates, no proposals.
pub fn propose(asks: &[Ask], candidates: &[Candidate], map: &ConflictMap) -> Vec<Proposal> {
    let mut map = map.clone();
    let mut queue: Vec<usize> = candidates.iter().map(|c| c.queue).collect();
    let personas: Vec<BTreeSet<String>> = candidates.iter().map(|c| words(&c.persona)).collect();
    let mut out = Vec::with_capacity(asks.len());
    for ask in asks {
        let overlaps = map.overlaps(&ask.zones, None);
        // The holder meeting most zones, by agent name on a tie, among the
        // agents that may take work.
        let held = overlaps
            .iter()
            .filter_map(|o| {
                let i = candidates.iter().position(|c| c.agent == o.agent)?;
                Some((i, o))
            })
            .max_by(|(ia, a), (ib, b)| {
                a.zones
                    .len()
                    .cmp(&b.zones.len())
                    .then_with(|| candidates[*ib].agent.cmp(&candidates[*ia].agent))
                    .then_with(|| b.workstream.cmp(&a.workstream))
            });
        let (i, behind, why) = match held {
            Some((i, o)) => (
                i,
                Some(o.workstream.clone()),
                Why::Overlap {
                    zones: o.zones.clone(),
                },
            ),
            None => {
                let wanted = words(&ask.text);
                let best = (0..candidates.len()).min_by(|&a, &b| {
                    let score = |i: usize| personas[i].intersection(&wanted).count();
                    score(b)
                        .cmp(&score(a))
                        .then_with(|| queue[a].cmp(&queue[b]))
                        .then_with(|| candidates[a].agent.cmp(&candidates[b].agent))
                });
                let Some(i) = best else {
                    return out;
                };
                let shared: Vec<String> = personas[i].intersection(&wanted).cloned().collect();
                let why = if shared.is_empty() {
                    Why::ShortestQueue
                } else {
                    Why::Persona { words: shared }
                };
                (i, None, why)
            }
        };
        let agent = candidates[i].agent.clone();
        queue[i] += 1;
        map.set(
            &format!("issue:{}", ask.issue_key),
            &agent,
            ask.zones.clone(),
        );
        out.push(Proposal {
            issue_key: ask.issue_key.clone(),
            agent,
            behind,
            why,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::named_paths;

    fn cand(agent: &str, persona: &str, queue: usize) -> Candidate {
        Candidate {
            agent: agent.into(),
            persona: persona.into(),
            queue,
        }
    }

    fn ask(key: &str, text: &str) -> Ask {
        Ask {
            issue_key: key.into(),
            text: text.into(),
            zones: named_paths(text, &["app".to_owned()]),
        }
    }

    #[test]
    fn overlapping_work_goes_behind_its_holder_and_batches_see_each_other() {
        let mut map = ConflictMap::default();
        map.set(
            "ws_1",
            "vega",
            [Zone::new("app", "src/parser/").unwrap()].into(),
        );
        let team = [
            cand("atlas", "frontend web css", 0),
            cand("vega", "parser compiler", 3),
            cand("zed", "docs writer", 0),
        ];
        let got = propose(
            &[
                ask("demo-1", "Lexer bug in src/parser/lex.rs"),
                ask("demo-2", "Restyle the web/app.css buttons"),
                ask("demo-3", "Document web/app.css"),
                ask("demo-4", "Typo somewhere"),
            ],
            &team,
            &map,
        );
        assert_eq!(got[0].agent, "vega");
        assert_eq!(got[0].behind.as_deref(), Some("ws_1"));
        assert!(matches!(got[0].why, Why::Overlap { .. }));
        assert_eq!(got[1].agent, "atlas");
        assert_eq!(
            got[1].why,
            Why::Persona {
                words: vec!["css".into(), "web".into()]
            }
        );
        // demo-3 names the same file as demo-2, proposed just before it.
        assert_eq!(got[2].agent, "atlas");
        assert_eq!(got[2].behind.as_deref(), Some("issue:demo-2"));
        // Nothing matches: the shortest queue (zed 0; atlas now 2).
        assert_eq!(got[3].agent, "zed");
        assert_eq!(got[3].why, Why::ShortestQueue);
        assert_eq!(
            propose(&[ask("x-1", "a")], &team, &map),
            propose(&[ask("x-1", "a")], &team, &map)
        );
    }

    #[test]
    fn a_holder_that_cannot_take_work_is_passed_over_and_no_team_no_proposals() {
        let mut map = ConflictMap::default();
        map.set(
            "ws_1",
            "retired",
            [Zone::new("app", "src/").unwrap()].into(),
        );
        let team = [cand("atlas", "", 1), cand("vega", "", 0)];
        let got = propose(&[ask("demo-1", "fix src/lib.rs")], &team, &map);
        assert_eq!(got[0].agent, "vega");
        assert_eq!(got[0].behind, None);
        assert!(propose(&[ask("demo-1", "x")], &[], &map).is_empty());
    }
}
