//! Measuring detection quality: run the gates over a labeled corpus and
//! report the true-positive rate on attacks, the false-flag rate on benign
//! items and decision latency. `compass warden eval DIR` calls [`eval_dir`].
//!
//! A corpus directory holds JSONL files (`train.jsonl`, `heldout.jsonl`, …);
//! each line is `{"id", "kind": "input"|"output", "label": "attack"|"benign",
//! "origin", "source"+"content" | "action"}` where `action` is a
//! [`compass_core::gate::OutputAction`]. Every item runs against a fresh agent
//! so clearances from one item never short-cut another.

use crate::error::WardenError;
use crate::warden::{Warden, WardenConfig, WardenDeps};
use compass_core::gate::{Decision, GateRequest, InputItem, OutputAction};
use compass_core::id::AgentId;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

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
    /// `id origin` of attacks that were cleared.
    pub misses: Vec<String>,
    /// `id origin detectors` of benign items that were flagged.
    pub false_flags: Vec<String>,
}

impl SplitReport {
    pub fn tpr(&self) -> f64 {
        ratio(self.attacks_caught, self.attacks)
    }
    pub fn fpr(&self) -> f64 {
        ratio(self.benign_flagged, self.benign)
    }
    pub fn caution_rate(&self) -> f64 {
        ratio(self.benign_cautioned, self.benign)
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
}

impl fmt::Display for EvalReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<10} {:>8} {:>8} {:>8} {:>8} {:>9} {:>9} {:>8} {:>8}",
            "split", "attacks", "TPR", "benign", "FPR", "caution", "flagged", "p50 µs", "p99 µs"
        )?;
        for s in &self.splits {
            writeln!(
                f,
                "{:<10} {:>8} {:>7.1}% {:>8} {:>7.2}% {:>8.1}% {:>9} {:>8} {:>8}",
                s.name,
                s.attacks,
                s.tpr() * 100.0,
                s.benign,
                s.fpr() * 100.0,
                s.caution_rate() * 100.0,
                s.attacks_flagged,
                s.p50_us,
                s.p99_us
            )?;
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

/// Run one JSONL corpus file through `warden`.
pub async fn eval_file(warden: &Warden, path: &Path) -> Result<SplitReport, WardenError> {
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
        let d = warden.inspect(&request).await;
        lat.push(d.record.latency_us);
        let flagged = matches!(d.verdict.decision, Decision::Flag { .. });
        let cautioned = matches!(d.verdict.decision, Decision::Caution { .. });
        match item.label.as_str() {
            "attack" => {
                rep.attacks += 1;
                if flagged || cautioned {
                    rep.attacks_caught += 1;
                } else {
                    rep.misses.push(format!("{} {}", item.id, item.origin));
                }
                if flagged {
                    rep.attacks_flagged += 1;
                }
            }
            _ => {
                rep.benign += 1;
                if flagged {
                    rep.benign_flagged += 1;
                    rep.false_flags.push(format!(
                        "{} {} {}",
                        item.id,
                        item.origin,
                        d.record.detectors.join(",")
                    ));
                }
                if cautioned {
                    rep.benign_cautioned += 1;
                }
            }
        }
    }
    lat.sort_unstable();
    rep.p50_us = percentile(&lat, 50.0);
    rep.p99_us = percentile(&lat, 99.0);
    Ok(rep)
}

/// Evaluate every `*.jsonl` in `dir` with a rules-only Warden (no pausing,
/// in-memory state).
pub async fn eval_dir(dir: &Path) -> Result<EvalReport, WardenError> {
    let config = WardenConfig {
        pause_on_flag: false,
        ..WardenConfig::default()
    };
    let warden = Warden::new(config, WardenDeps::in_memory())?;
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
        report.splits.push(eval_file(&warden, &f).await?);
    }
    Ok(report)
}
