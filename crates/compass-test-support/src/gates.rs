//! A rule gate for tests about the ACP seam: flags any request whose text
//! contains one of its patterns (cautions on another set) and records every
//! request it saw. Warden's
//! real gate has its own tests; this one keeps the ACP tests about ACP.

use compass_core::gate::{Gate, GateFuture, GateRequest, InputItem, OutputAction, Verdict};
use std::sync::{Arc, Mutex};

/// Flags requests containing any pattern; clears the rest.
#[derive(Debug, Default, Clone)]
pub struct RuleGate {
    patterns: Vec<String>,
    cautions: Vec<String>,
    seen: Arc<Mutex<Vec<GateRequest>>>,
}

impl RuleGate {
    pub fn flagging(patterns: &[&str]) -> Self {
        Self {
            patterns: patterns.iter().map(|p| (*p).to_owned()).collect(),
            cautions: Vec::new(),
            seen: Arc::default(),
        }
    }

    /// Also caution (with a note naming the pattern) on these.
    pub fn cautioning(mut self, patterns: &[&str]) -> Self {
        self.cautions = patterns.iter().map(|p| (*p).to_owned()).collect();
        self
    }

    /// Every request checked so far.
    pub fn seen(&self) -> Vec<GateRequest> {
        match self.seen.lock() {
            Ok(s) => s.clone(),
            Err(p) => p.into_inner().clone(),
        }
    }
}

fn text(req: &GateRequest) -> String {
    match req {
        GateRequest::Input {
            item: InputItem { source, content },
            ..
        } => format!("{source}\n{content}"),
        GateRequest::Output { action, .. } => match action {
            OutputAction::Command { command, cwd } => format!("{command}\n{cwd}"),
            OutputAction::WriteFile { path, content } => format!("{path}\n{content}"),
            OutputAction::Fetch { url, body, .. } => {
                format!("{url}\n{}", body.clone().unwrap_or_default())
            }
            OutputAction::Tool { name, input } => format!("{name}\n{input}"),
        },
    }
}

impl Gate for RuleGate {
    fn check<'a>(&'a self, request: &'a GateRequest) -> GateFuture<'a> {
        Box::pin(async move {
            match self.seen.lock() {
                Ok(mut s) => s.push(request.clone()),
                Err(p) => p.into_inner().push(request.clone()),
            }
            let t = text(request);
            if let Some(p) = self.patterns.iter().find(|p| t.contains(p.as_str())) {
                return Verdict::flag(format!("matched rule {p:?}"));
            }
            match self.cautions.iter().find(|p| t.contains(p.as_str())) {
                Some(p) => Verdict {
                    decision: compass_core::gate::Decision::Caution {
                        note: format!("caution rule {p:?}"),
                    },
                    findings: vec![],
                },
                None => Verdict::clear(),
            }
        })
    }
}
