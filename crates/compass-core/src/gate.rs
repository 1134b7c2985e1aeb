//! The gate seam: where Warden sits on what enters and what leaves an agent.
//!
//! Callers on the agent path (the ACP executor, the hook socket) build a
//! [`GateRequest`] and ask a [`Gate`]; Warden implements it. The types are
//! data so decisions can be stored, shown and replayed; the strictest
//! decision wins when several checks speak.

use crate::id::AgentId;
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::pin::Pin;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Low,
    Medium,
    High,
    Critical,
}

/// What one detector saw, with the words the UI shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    pub detector: String,
    pub severity: Severity,
    pub explanation: String,
    /// The content rule it came from (its name in the rule file), if one
    /// did: what a policy keyed to a rule reads, never the explanation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

impl Finding {
    pub fn new(
        detector: impl Into<String>,
        severity: Severity,
        explanation: impl Into<String>,
    ) -> Self {
        Self {
            detector: detector.into(),
            severity,
            explanation: explanation.into(),
            rule: None,
        }
    }

    /// The same finding, named as coming from content rule `rule`.
    pub fn with_rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }
}

/// The gate's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Decision {
    /// Proceed.
    Clear,
    /// Proceed, and hand the agent this note as untrusted data.
    Caution { note: String },
    /// Block the action or withhold the content, and pause the agent.
    Flag { reason: String },
}

impl Decision {
    fn rank(&self) -> u8 {
        match self {
            Self::Clear => 0,
            Self::Caution { .. } => 1,
            Self::Flag { .. } => 2,
        }
    }

    /// The stricter of two decisions (the first on a tie).
    pub fn strictest(self, other: Self) -> Self {
        if other.rank() > self.rank() {
            other
        } else {
            self
        }
    }

    pub fn is_flag(&self) -> bool {
        matches!(self, Self::Flag { .. })
    }

    pub fn label(&self) -> &'static str {
        match self {
            Self::Clear => "clear",
            Self::Caution { .. } => "caution",
            Self::Flag { .. } => "flag",
        }
    }
}

/// A decision with the findings behind it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    pub decision: Decision,
    pub findings: Vec<Finding>,
}

impl Verdict {
    /// The free text of the decision and its findings.
    pub fn texts_mut(&mut self) -> Vec<&mut String> {
        let mut texts: Vec<&mut String> = match &mut self.decision {
            Decision::Clear => vec![],
            Decision::Caution { note } => vec![note],
            Decision::Flag { reason } => vec![reason],
        };
        texts.extend(self.findings.iter_mut().map(|f| &mut f.explanation));
        texts
    }
}

impl Verdict {
    pub fn clear() -> Self {
        Self {
            decision: Decision::Clear,
            findings: Vec::new(),
        }
    }

    pub fn flag(reason: impl Into<String>) -> Self {
        Self {
            decision: Decision::Flag {
                reason: reason.into(),
            },
            findings: Vec::new(),
        }
    }

    /// The stricter of two verdicts, findings and all (the first on a tie).
    pub fn strictest(self, other: Self) -> Self {
        if other.decision.rank() > self.decision.rank() {
            other
        } else {
            self
        }
    }
}

/// Content about to enter an agent's context.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputItem {
    /// Where it came from: `file:/work/app/README.md`, `url:https://…`,
    /// `issue:demo-3`, `command:cargo build` (error output), …
    pub source: String,
    pub content: String,
}

/// Something an agent is about to do to the world.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum OutputAction {
    /// A shell command line, run in `cwd`.
    Command { command: String, cwd: String },
    /// A file write.
    WriteFile { path: String, content: String },
    /// A network request.
    Fetch {
        url: String,
        method: String,
        body: Option<String>,
    },
    /// Any other tool call, by the agent's own tool name and JSON input.
    Tool { name: String, input: String },
}

/// One question to the gate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "gate", rename_all = "snake_case")]
pub enum GateRequest {
    Input {
        agent: AgentId,
        item: InputItem,
    },
    Output {
        agent: AgentId,
        action: OutputAction,
    },
}

impl GateRequest {
    pub fn agent(&self) -> &AgentId {
        match self {
            Self::Input { agent, .. } | Self::Output { agent, .. } => agent,
        }
    }
}

/// Where on an action's path a gate is asked. One action can pass several:
/// the agent's native hook, then Compass's own file/terminal executor, while
/// the async watch reads the same tool call from the event stream. A gate
/// that knows the point can decide once per action across all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GatePoint {
    Hook,
    /// A post-tool hook that cannot replace the result it gates (Claude
    /// Code's built-in tools such as Grep): the agent already holds the
    /// result, so a flag there must also end the context that holds it.
    HookResultKept,
    Executor,
    Watch,
}

/// A boxed future, so `Gate` stays object-safe.
pub type GateFuture<'a> = Pin<Box<dyn Future<Output = Verdict> + Send + 'a>>;

/// Decides on one request. Implementations must fail closed: an internal
/// error is a `Flag` naming the error, never a `Clear`.
pub trait Gate: Send + Sync {
    fn check<'a>(&'a self, request: &'a GateRequest) -> GateFuture<'a>;

    /// [`Gate::check`] from a known point on the action's path; `call_id` is
    /// the agent's id for the tool call when the point knows it. A gate
    /// that shares decisions per action overrides this.
    fn check_at<'a>(
        &'a self,
        _point: GatePoint,
        _call_id: Option<&'a str>,
        request: &'a GateRequest,
    ) -> GateFuture<'a> {
        self.check(request)
    }
}

/// Clears everything. Only for wiring before Warden is configured and for
/// tests that are about something else; the daemon never uses it by default.
#[derive(Debug, Default, Clone, Copy)]
pub struct PassThrough;

impl Gate for PassThrough {
    fn check<'a>(&'a self, _request: &'a GateRequest) -> GateFuture<'a> {
        Box::pin(async { Verdict::clear() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strictest_decision_wins() {
        let caution = Decision::Caution { note: "n".into() };
        let flag = Decision::Flag { reason: "r".into() };
        assert_eq!(Decision::Clear.strictest(caution.clone()), caution);
        assert_eq!(caution.clone().strictest(flag.clone()), flag);
        assert_eq!(flag.clone().strictest(Decision::Clear), flag);
    }
}
