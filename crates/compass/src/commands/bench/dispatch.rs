//! `compass bench dispatch`: the Dispatcher's planning paths in process —
//! proposals for a selection of issues out of a large backlog over a full
//! conflict map, and the map's refresh for one changed workstream (replace
//! its zones, find who it now meets) — each against a baseline measured in
//! the same run (the same proposals over an empty map); then the backlog's
//! intake: a full sync of as many issues from a GitHub-shaped server and a
//! no-op re-sync (`sync.rs`).

use super::summarize;
use crate::{CliResult, out};
use compass_dispatcher::{Ask, Candidate, ConflictMap, Zone, named_paths, propose};
use std::collections::BTreeSet;
use std::time::Instant;

/// What a run is asked to do.
pub(crate) struct DispatchRun {
    pub(crate) issues: usize,
    pub(crate) agents: usize,
    pub(crate) selected: usize,
    pub(crate) runs: usize,
}

/// The zones of in-flight workstream `i`: a directory of its own and a few
/// files, some shared with its neighbour (as real work overlaps).
fn zones_of(i: usize) -> BTreeSet<Zone> {
    let paths = [
        format!("src/mod{}/", i % 97),
        format!("src/mod{}/file{i}.rs", (i + 1) % 97),
        format!("docs/page{}.md", i % 41),
        "Cargo.toml".to_owned(),
    ];
    paths.iter().filter_map(|p| Zone::new("app", p)).collect()
}

fn nanos(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

pub(crate) async fn run(r: DispatchRun) -> CliResult {
    let repos = vec!["app".to_owned()];
    let team: Vec<Candidate> = (0..r.agents)
        .map(|i| Candidate {
            agent: format!("agent{i:02}"),
            persona: ["parser compiler", "web css", "docs writer", "storage sql"][i % 4].to_owned(),
            queue: i % 5,
        })
        .collect();
    let backlog: Vec<Ask> = (0..r.issues)
        .map(|i| {
            let text = format!(
                "Issue {i}: fix src/mod{}/file{i}.rs and the web css near docs/page{}.md",
                i % 97,
                i % 41
            );
            Ask {
                issue_key: format!("demo-{i}"),
                zones: named_paths(&text, &repos),
                text,
            }
        })
        .collect();
    let mut map = ConflictMap::default();
    for (i, agent) in team.iter().enumerate() {
        map.set(&format!("wst_{i}"), &agent.agent, zones_of(i));
    }
    let step = (r.issues / r.selected.max(1)).max(1);
    let selected: Vec<Ask> = backlog
        .iter()
        .step_by(step)
        .take(r.selected)
        .cloned()
        .collect();
    let (mut full, mut empty, mut refresh) = (Vec::new(), Vec::new(), Vec::new());
    let mut made = 0;
    for run in 0..r.runs {
        let t = Instant::now();
        made = propose(&selected, &team, &map).len();
        full.push(nanos(t));
        let t = Instant::now();
        std::hint::black_box(propose(&selected, &team, &ConflictMap::default()));
        empty.push(nanos(t));
        // One workstream's diff changed: its zones replaced, its overlaps found.
        let ws = run % r.agents.max(1);
        let zones = zones_of(ws + run);
        let t = Instant::now();
        map.set(&format!("wst_{ws}"), &team[ws].agent, zones.clone());
        std::hint::black_box(map.overlaps(&zones, Some(&format!("wst_{ws}"))));
        refresh.push(nanos(t));
    }
    #[cfg(feature = "bench")]
    let intake = super::sync::run(r.issues, r.runs)
        .await?
        .lines(r.issues, r.runs);
    #[cfg(not(feature = "bench"))]
    let intake = "full sync: not in this build (the `bench` feature is off)".to_owned();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (full, empty, refresh) = (summarize(full), summarize(empty), summarize(refresh));
    out(&format!(
        "dispatch: {} issues, {} agents, {} in flight, {} selected, {} runs, {cores} cores\n\
         proposals ({made} made)  p50 {:.3} ms  p99 {:.3} ms  (budget 100 ms)\n\
         baseline (empty map)      p50 {:.3} ms  p99 {:.3} ms  ratio {:.2}\n\
         map refresh (1 ws)        p50 {:.4} ms  p99 {:.4} ms  (budget 10 ms)\n\
         {intake}",
        r.issues,
        r.agents,
        r.agents,
        selected.len(),
        r.runs,
        full.p50_ms,
        full.p99_ms,
        empty.p50_ms,
        empty.p99_ms,
        if empty.p50_ms > 0.0 {
            full.p50_ms / empty.p50_ms
        } else {
            0.0
        },
        refresh.p50_ms,
        refresh.p99_ms,
    ))?;
    Ok(())
}
