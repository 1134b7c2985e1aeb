//! A rule gate for tests about the ACP seam: flags any request whose text
//! contains one of its patterns and records every request it saw. Warden's
//! real gate has its own tests; this one keeps the ACP tests about ACP.

use compass_core::gate::{Gate, GateFuture, GateRequest, InputItem, OutputAction, Verdict};
use std::sync::{Arc, Mutex};

/// Flags requests containing any pattern; clears the rest.
#[derive(Debug, Default, Clone)]
pub struct RuleGate {
    patterns: Vec<String>,
    seen: Arc<Mutex<Vec<GateRequest>>>,
}

impl RuleGate {
    pub fn flagging(patterns: &[&str]) -> Self {
        Self {
            patterns: patterns.iter().map(|p| (*p).to_owned()).collect(),
            seen: Arc::default(),
        }
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
            match self.patterns.iter().find(|p| t.contains(p.as_str())) {
                Some(p) => Verdict::flag(format!("matched rule {p:?}")),
                None => Verdict::clear(),
            }
        })
    }
}
