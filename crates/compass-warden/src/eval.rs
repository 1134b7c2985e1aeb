//! Measuring detection quality: run the gates over a labeled corpus and
//! report the true-positive rate on attacks, the false-flag rate on benign
//! items and decision latency. `compass warden eval DIR` calls [`eval_dir`].
//!
//! A corpus directory holds JSONL files (`train.jsonl`, `heldout.jsonl`, …);
//! each line is `{"id", "kind": "input"|"output", "label": "attack"|"benign",
//! "origin", "source"+"content" | "action", "task"?}` where `action` is a
//! [`compass_core::gate::OutputAction`] and `task` the agent's task its
//! alignment check weighs the action against. Every item runs against a
//! fresh agent so clearances from one item never short-cut another. With a
//! judge ([`eval_dir_with`]) the items take the daemon's path: rules, then
//! the judge on what they did not flag.

use crate::error::WardenError;
use crate::judge::JudgeBackend;
use crate::tasks::MemoryTasks;
use crate::warden::{Warden, WardenConfig, WardenDeps};
use compass_core::gate::{Decision, GateRequest, InputItem, OutputAction};
use compass_core::id::AgentId;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Debug, Clone, Deserialize)]
struct Item {
    id: String,
    kind: String,
    label: String,
    #[serde(default)]
    origin: String,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    content: Option<String>,
    #[serde(default)]
    action: Option<OutputAction>,
    #[serde(default)]
    task: Option<String>,
}

/// How one item was decided: a row of `compass warden eval --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EvalRow {
    pub split: String,
    pub id: String,
    /// `input` (content) or `output` (an action).
    pub kind: String,
    pub label: String,
    pub origin: String,
    /// `clear`, `caution` or `flag`.
    pub decision: &'static str,
    pub detectors: Vec<String>,
    /// Wall-clock time of the decision, as the audit record has it.
    pub latency_us: u64,
    /// CPU time the deciding thread spent on it: the decision's own cost,
    /// without the time the scheduler gave other processes (`None` when
    /// the decision did not stay on one thread).
    pub cpu_us: Option<u64>,
}

impl EvalRow {
    pub fn is_attack(&self) -> bool {
        self.label == "attack"
    }
    pub fn flagged(&self) -> bool {
        self.decision == "flag"
    }
    pub fn cautioned(&self) -> bool {
        self.decision == "caution"
    }
}

/// Counts over a set of rows: attacks flagged and cautioned, benign items
/// flagged and cautioned, kept apart.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    pub attacks: usize,
    pub attacks_flagged: usize,
    pub attacks_cautioned: usize,
    pub benign: usize,
    pub benign_flagged: usize,
    pub benign_cautioned: usize,
}

impl Tally {
    pub fn of<'a>(rows: impl IntoIterator<Item = &'a EvalRow>) -> Self {
        let mut t = Self::default();
        for r in rows {
            if r.is_attack() {
                t.attacks += 1;
                t.attacks_flagged += usize::from(r.flagged());
                t.attacks_cautioned += usize::from(r.cautioned());
            } else {
                t.benign += 1;
                t.benign_flagged += usize::from(r.flagged());
                t.benign_cautioned += usize::from(r.cautioned());
            }
        }
        t
    }
    /// Attacks flagged or cautioned.
    pub fn caught(&self) -> usize {
        self.attacks_flagged + self.attacks_cautioned
    }
    pub fn tpr(&self) -> f64 {
        ratio(self.caught(), self.attacks)
    }
    pub fn flag_rate(&self) -> f64 {
        ratio(self.attacks_flagged, self.attacks)
    }
    pub fn fpr(&self) -> f64 {
        ratio(self.benign_flagged, self.benign)
    }
    pub fn caution_rate(&self) -> f64 {
        ratio(self.benign_cautioned, self.benign)
    }
}

/// Results for one corpus file.
#[derive(Debug, Clone, Default)]
pub struct SplitReport {
    pub name: String,
    pub attacks: usize,
    /// Attacks flagged or cautioned.
    pub attacks_caught: usize,
    pub attacks_flagged: usize,
    pub benign: usize,
    pub benign_flagged: usize,
    pub benign_cautioned: usize,
    pub p50_us: u64,
    pub p99_us: u64,
    /// The same percentiles of the deciding thread's CPU time.
    pub cpu_p50_us: u64,
    pub cpu_p99_us: u64,
    /// `id origin` of attacks that were cleared.
    pub misses: Vec<String>,
    /// `id origin detectors` of benign items that were flagged.
    pub false_flags: Vec<String>,
    /// Every item's decision, in corpus order.
    pub rows: Vec<EvalRow>,
}

impl SplitReport {
    /// Counts over every item.
    pub fn tally(&self) -> Tally {
        Tally::of(&self.rows)
    }
    pub fn tpr(&self) -> f64 {
        self.tally().tpr()
    }
    pub fn fpr(&self) -> f64 {
        self.tally().fpr()
    }
    pub fn caution_rate(&self) -> f64 {
        self.tally().caution_rate()
    }
    /// Counts over the items of one kind (`input` or `output`).
    pub fn kind(&self, kind: &str) -> Tally {
        Tally::of(self.rows.iter().filter(|r| r.kind == kind))
    }
    /// Counts per origin, in name order.
    pub fn by_origin(&self) -> Vec<(String, Tally)> {
        let mut origins: Vec<&str> = self.rows.iter().map(|r| r.origin.as_str()).collect();
        origins.sort_unstable();
        origins.dedup();
        origins
            .into_iter()
            .map(|o| {
                (
                    o.to_string(),
                    Tally::of(self.rows.iter().filter(|r| r.origin == o)),
                )
            })
            .collect()
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

/// Results for a corpus directory.
#[derive(Debug, Clone, Default)]
pub struct EvalReport {
    pub splits: Vec<SplitReport>,
}

impl EvalReport {
    pub fn split(&self, name: &str) -> Option<&SplitReport> {
        self.splits.iter().find(|s| s.name == name)
    }
    /// Every item's row, split by split (`compass warden eval --json`).
    pub fn rows(&self) -> impl Iterator<Item = &EvalRow> {
        self.splits.iter().flat_map(|s| s.rows.iter())
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn tally_line(f: &mut fmt::Formatter<'_>, name: &str, t: &Tally) -> fmt::Result {
    writeln!(
        f,
        "{:<44} {:>7} {:>7} {:>8} {:>9} {:>7} {:>8} {:>9}",
        name,
        t.attacks,
        pct(t.tpr()),
        pct(t.flag_rate()),
        t.attacks_cautioned,
        t.benign,
        pct(t.fpr()),
        pct(t.caution_rate()),
    )
}

impl fmt::Display for EvalReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<10} {:>8} {:>8} {:>8} {:>8} {:>9} {:>9} {:>8} {:>8} {:>8} {:>8}",
            "split",
            "attacks",
            "TPR",
            "benign",
            "FPR",
            "caution",
            "flagged",
            "p50 µs",
            "p99 µs",
            "cpu p50",
            "cpu p99"
        )?;
        for s in &self.splits {
            writeln!(
                f,
                "{:<10} {:>8} {:>7.1}% {:>8} {:>7.2}% {:>8.1}% {:>9} {:>8} {:>8} {:>8} {:>8}",
                s.name,
                s.attacks,
                s.tpr() * 100.0,
                s.benign,
                s.fpr() * 100.0,
                s.caution_rate() * 100.0,
                s.attacks_flagged,
                s.p50_us,
                s.p99_us,
                s.cpu_p50_us,
                s.cpu_p99_us
            )?;
        }
        writeln!(
            f,
            "\nTPR: attacks flagged or cautioned; flag: attacks flagged; FPR: benign flagged; caution: benign cautioned.\np50/p99: a decision's wall-clock time; cpu p50/p99: the deciding thread's CPU time (the decision's own cost, without time the scheduler gave other processes)."
        )?;
        for s in &self.splits {
            writeln!(f, "\n{}", s.name)?;
            writeln!(
                f,
                "{:<44} {:>7} {:>7} {:>8} {:>9} {:>7} {:>8} {:>9}",
                "kind / origin", "attacks", "TPR", "flag", "cautioned", "benign", "FPR", "caution"
            )?;
            for kind in ["input", "output"] {
                let t = s.kind(kind);
                if t.attacks + t.benign > 0 {
                    tally_line(f, &format!("[{kind}]"), &t)?;
                }
            }
            for (origin, t) in s.by_origin() {
                tally_line(f, &origin, &t)?;
            }
        }
        Ok(())
    }
}

/// The p-th percentile (0..=100) of sorted samples.
pub fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

/// Run one JSONL corpus file through `warden`; items' tasks go to `tasks`
/// (the one `warden` reads).
pub async fn eval_file(
    warden: &Warden,
    tasks: &MemoryTasks,
    path: &Path,
) -> Result<SplitReport, WardenError> {
    let text = fs_err::read_to_string(path).map_err(|e| WardenError::Io {
        path: path.to_path_buf(),
        source: e,
    })?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut rep = SplitReport {
        name,
        ..SplitReport::default()
    };
    let mut lat = Vec::new();
    let mut cpu = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let item: Item = serde_json::from_str(line).map_err(|e| WardenError::Corpus {
            path: path.to_path_buf(),
            line: n + 1,
            message: e.to_string(),
        })?;
        let agent = AgentId(format!("agt_eval{n}"));
        if let Some(task) = &item.task {
            tasks.set(&agent, task.clone());
        }
        let request = match (item.kind.as_str(), item.action) {
            ("output", Some(action)) => GateRequest::Output { agent, action },
            ("input", _) => GateRequest::Input {
                agent,
                item: InputItem {
                    source: item.source.unwrap_or_else(|| "eval".into()),
                    content: item.content.unwrap_or_default(),
                },
            },
            _ => {
                return Err(WardenError::Corpus {
                    path: path.to_path_buf(),
                    line: n + 1,
                    message: "kind must be input (with content) or output (with action)".into(),
                });
            }
        };
        let (thread, cpu_start) = (std::thread::current().id(), thread_cpu_ns());
        let d = warden.inspect(&request).await;
        let cpu_us = (std::thread::current().id() == thread)
            .then(|| thread_cpu_ns().saturating_sub(cpu_start) / 1000);
        lat.push(d.record.latency_us);
        if let Some(c) = cpu_us {
            cpu.push(c);
        }
        let row = EvalRow {
            split: rep.name.clone(),
            id: item.id,
            kind: item.kind,
            label: item.label,
            origin: item.origin,
            decision: match d.verdict.decision {
                Decision::Flag { .. } => "flag",
                Decision::Caution { .. } => "caution",
                Decision::Clear => "clear",
            },
            detectors: d.record.detectors,
            latency_us: d.record.latency_us,
            cpu_us,
        };
        if row.is_attack() {
            rep.attacks += 1;
            if row.flagged() || row.cautioned() {
                rep.attacks_caught += 1;
            } else {
                rep.misses.push(format!("{} {}", row.id, row.origin));
            }
            rep.attacks_flagged += usize::from(row.flagged());
        } else {
            rep.benign += 1;
            if row.flagged() {
                rep.benign_flagged += 1;
                rep.false_flags.push(format!(
                    "{} {} {}",
                    row.id,
                    row.origin,
                    row.detectors.join(",")
                ));
            }
            rep.benign_cautioned += usize::from(row.cautioned());
        }
        rep.rows.push(row);
    }
    lat.sort_unstable();
    rep.p50_us = percentile(&lat, 50.0);
    rep.p99_us = percentile(&lat, 99.0);
    cpu.sort_unstable();
    rep.cpu_p50_us = percentile(&cpu, 50.0);
    rep.cpu_p99_us = percentile(&cpu, 99.0);
    Ok(rep)
}

/// The calling thread's CPU time, in nanoseconds.
fn thread_cpu_ns() -> u64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    u64::try_from(t.tv_sec)
        .unwrap_or(0)
        .saturating_mul(1_000_000_000)
        .saturating_add(u64::try_from(t.tv_nsec).unwrap_or(0))
}

/// Evaluate every `*.jsonl` in `dir` with a rules-only Warden (no pausing,
/// in-memory state).
pub async fn eval_dir(dir: &Path) -> Result<EvalReport, WardenError> {
    eval_dir_with(dir, None).await
}

/// Evaluate every `*.jsonl` in `dir` with the rules and, if given, the
/// model judge (no pausing, in-memory state).
pub async fn eval_dir_with(
    dir: &Path,
    judge: Option<Arc<dyn JudgeBackend>>,
) -> Result<EvalReport, WardenError> {
    let config = WardenConfig {
        pause_on_flag: false,
        ..WardenConfig::default()
    };
    let tasks = Arc::new(MemoryTasks::default());
    let deps = WardenDeps {
        judge,
        tasks: Some(Arc::clone(&tasks) as _),
        ..WardenDeps::in_memory()
    };
    let warden = Warden::new(config, deps)?;
    let mut files: Vec<PathBuf> = fs_err::read_dir(dir)
        .map_err(|e| WardenError::Io {
            path: dir.to_path_buf(),
            source: e,
        })?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut report = EvalReport::default();
    for f in files {
        report.splits.push(eval_file(&warden, &tasks, &f).await?);
    }
    Ok(report)
}
