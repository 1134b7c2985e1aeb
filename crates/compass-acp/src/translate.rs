//! `session/update` → Compass events. Pure functions: one ACP update becomes
//! zero or more [`AgentUpdate`]s, each with the tool-call id it belongs to.
//! Updates Compass does not render (usage, session info, notices, …) are
//! dropped here, deliberately, rather than guessed at.

use agent_client_protocol::v1::schema::{
    ContentBlock, EmbeddedResourceResource, SessionUpdate, ToolCallContent, ToolCallStatus,
    ToolKind,
};
use compass_core::event::{AgentUpdate, PlanEntry, ToolStatus};

/// Longest text kept in one event; tool output beyond it is cut with a
/// marker (the full output stays in the agent's own transcript).
pub const MAX_EVENT_TEXT: usize = 64 * 1024;

/// One translated update, with the tool call it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct Translated {
    pub tool_call_id: Option<String>,
    pub update: AgentUpdate,
}

fn plain(update: AgentUpdate) -> Translated {
    Translated {
        tool_call_id: None,
        update,
    }
}

/// Cut `text` to at most `max` bytes on a char boundary, marking the cut.
pub fn clip(mut text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let dropped = text.len() - end;
    text.truncate(end);
    text.push_str(&format!("\n[… {dropped} more bytes not shown]"));
    text
}

/// The text of a content block; non-text blocks become a short label.
pub fn content_text(block: &ContentBlock) -> String {
    match block {
        ContentBlock::Text(t) => t.text.clone(),
        ContentBlock::Image(_) => "[image]".into(),
        ContentBlock::Audio(_) => "[audio]".into(),
        ContentBlock::ResourceLink(link) => format!("[resource {}]", link.uri),
        ContentBlock::Resource(res) => match &res.resource {
            EmbeddedResourceResource::TextResourceContents(t) => t.text.clone(),
            _ => "[binary resource]".into(),
        },
        _ => "[unsupported content]".into(),
    }
}

pub fn tool_status(status: ToolCallStatus) -> ToolStatus {
    match status {
        ToolCallStatus::Pending => ToolStatus::Pending,
        ToolCallStatus::InProgress => ToolStatus::InProgress,
        ToolCallStatus::Completed => ToolStatus::Completed,
        ToolCallStatus::Failed => ToolStatus::Failed,
        _ => ToolStatus::InProgress,
    }
}

fn kind_name(kind: ToolKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| "other".into())
}

fn enum_name<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// Text and diffs carried by tool-call content.
fn tool_content(
    id: &str,
    content: &[ToolCallContent],
    out: &mut Vec<Translated>,
) -> Option<String> {
    let mut texts = Vec::new();
    for item in content {
        match item {
            ToolCallContent::Content(c) => texts.push(content_text(&c.content)),
            ToolCallContent::Diff(d) => out.push(Translated {
                tool_call_id: Some(id.to_owned()),
                update: AgentUpdate::Diff {
                    path: d.path.display().to_string(),
                    old_text: d.old_text.clone().map(|t| clip(t, MAX_EVENT_TEXT)),
                    new_text: clip(d.new_text.clone(), MAX_EVENT_TEXT),
                },
            }),
            // Terminal output reaches the UI from the executor that runs it.
            ToolCallContent::Terminal(t) => texts.push(format!("[terminal {}]", t.terminal_id)),
            _ => {}
        }
    }
    if texts.is_empty() {
        None
    } else {
        Some(clip(texts.join("\n"), MAX_EVENT_TEXT))
    }
}

/// A tool's raw output as text. Adapters pass the tool's own result here
/// (Claude Code: a list of content blocks); blocks are read by their content
/// type like any other content, so the log shows what the tool said, not
/// its JSON. Only a shape that is not content is shown as JSON.
fn raw_output_text(raw: &Option<serde_json::Value>) -> Option<String> {
    use serde_json::Value;
    let blocks = |items: &[Value]| -> Option<Vec<String>> {
        items
            .iter()
            .map(|item| match item {
                Value::String(s) => Some(s.clone()),
                other => serde_json::from_value::<ContentBlock>(other.clone())
                    .ok()
                    .map(|b| content_text(&b)),
            })
            .collect()
    };
    let text = match raw.as_ref()? {
        Value::Null => return None,
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            blocks(items).map_or_else(|| Value::from(items.clone()).to_string(), |t| t.join("\n"))
        }
        other => serde_json::from_value::<ContentBlock>(other.clone())
            .map_or_else(|_| other.to_string(), |b| content_text(&b)),
    };
    Some(clip(text, MAX_EVENT_TEXT))
}

/// Translate one ACP session update.
pub fn translate(update: &SessionUpdate) -> Vec<Translated> {
    let mut out = Vec::new();
    match update {
        SessionUpdate::UserMessageChunk(c) => out.push(plain(AgentUpdate::UserMessage {
            text: content_text(&c.content),
        })),
        SessionUpdate::AgentMessageChunk(c) => out.push(plain(AgentUpdate::MessageChunk {
            text: content_text(&c.content),
        })),
        SessionUpdate::AgentThoughtChunk(c) => out.push(plain(AgentUpdate::ThoughtChunk {
            text: content_text(&c.content),
        })),
        SessionUpdate::ToolCall(call) => {
            let id = call.tool_call_id.0.to_string();
            out.push(Translated {
                tool_call_id: Some(id.clone()),
                update: AgentUpdate::ToolCall {
                    title: call.title.clone(),
                    tool_kind: kind_name(call.kind),
                    status: tool_status(call.status),
                    raw_input: call
                        .raw_input
                        .as_ref()
                        .map(|v| clip(v.to_string(), MAX_EVENT_TEXT)),
                },
            });
            let mut diffs = Vec::new();
            let text = tool_content(&id, &call.content, &mut diffs);
            if let Some(text) = text {
                out.push(Translated {
                    tool_call_id: Some(id.clone()),
                    update: AgentUpdate::ToolCallUpdate {
                        status: None,
                        title: None,
                        output: Some(text),
                    },
                });
            }
            out.extend(diffs);
        }
        SessionUpdate::ToolCallUpdate(upd) => {
            let id = upd.tool_call_id.0.to_string();
            let f = &upd.fields;
            let mut diffs = Vec::new();
            let text = f
                .content
                .as_ref()
                .and_then(|c| tool_content(&id, c, &mut diffs))
                .or_else(|| raw_output_text(&f.raw_output));
            let status = f.status.map(tool_status);
            // An update that carries nothing Compass shows (Claude Code's
            // post-tool-use hook echo: only `_meta`) is not stored: it
            // would read as a bare "tool unspecified" line.
            if status.is_some() || f.title.is_some() || text.is_some() {
                out.push(Translated {
                    tool_call_id: Some(id),
                    update: AgentUpdate::ToolCallUpdate {
                        status,
                        title: f.title.clone(),
                        output: text,
                    },
                });
            }
            out.extend(diffs);
        }
        SessionUpdate::Plan(plan) => out.push(plain(AgentUpdate::Plan {
            entries: plan
                .entries
                .iter()
                .map(|e| PlanEntry {
                    content: e.content.clone(),
                    priority: enum_name(&e.priority),
                    status: enum_name(&e.status),
                })
                .collect(),
        })),
        SessionUpdate::AvailableCommandsUpdate(cmds) => {
            out.push(plain(AgentUpdate::AvailableCommands {
                commands: cmds
                    .available_commands
                    .iter()
                    .map(|c| c.name.clone())
                    .collect(),
            }))
        }
        SessionUpdate::CurrentModeUpdate(mode) => out.push(plain(AgentUpdate::ModeChanged {
            mode: mode.current_mode_id.0.to_string(),
        })),
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(v: serde_json::Value) -> SessionUpdate {
        serde_json::from_value(v).expect("valid update")
    }

    #[test]
    fn chunks_become_message_and_thought_events() {
        let got = translate(&parse(
            json!({"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "hi"}}),
        ));
        assert_eq!(
            got,
            vec![plain(AgentUpdate::MessageChunk { text: "hi".into() })]
        );
        let got = translate(&parse(
            json!({"sessionUpdate": "agent_thought_chunk", "content": {"type": "text", "text": "hm"}}),
        ));
        assert_eq!(
            got,
            vec![plain(AgentUpdate::ThoughtChunk { text: "hm".into() })]
        );
    }

    #[test]
    fn tool_calls_carry_their_id_kind_and_diffs() {
        let got = translate(&parse(json!({
            "sessionUpdate": "tool_call", "toolCallId": "t1", "title": "Edit a.rs", "kind": "edit",
            "status": "pending", "rawInput": {"path": "/w/a.rs"},
            "content": [{"type": "diff", "path": "/w/a.rs", "oldText": "a", "newText": "b"}]
        })));
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].tool_call_id.as_deref(), Some("t1"));
        assert!(
            matches!(&got[0].update, AgentUpdate::ToolCall { tool_kind, status: ToolStatus::Pending, raw_input: Some(r), .. } if tool_kind == "edit" && r.contains("/w/a.rs"))
        );
        assert_eq!(
            got[1].update,
            AgentUpdate::Diff {
                path: "/w/a.rs".into(),
                old_text: Some("a".into()),
                new_text: "b".into()
            }
        );

        let got = translate(&parse(json!({
            "sessionUpdate": "tool_call_update", "toolCallId": "t1", "status": "completed",
            "content": [{"type": "content", "content": {"type": "text", "text": "ok"}}]
        })));
        assert_eq!(
            got,
            vec![Translated {
                tool_call_id: Some("t1".into()),
                update: AgentUpdate::ToolCallUpdate {
                    status: Some(ToolStatus::Completed),
                    title: None,
                    output: Some("ok".into())
                }
            }]
        );
    }

    #[test]
    fn raw_output_is_read_by_content_type_and_empty_updates_are_dropped() {
        let got = translate(&parse(json!({
            "sessionUpdate": "tool_call_update", "toolCallId": "t1", "status": "completed",
            "rawOutput": [{"type": "text", "text": "line one"}, {"type": "text", "text": "line two"}]
        })));
        assert!(
            matches!(&got[0].update, AgentUpdate::ToolCallUpdate { output: Some(o), .. } if o == "line one\nline two"),
            "{got:?}"
        );
        let got = translate(&parse(json!({
            "sessionUpdate": "tool_call_update", "toolCallId": "t1", "status": "completed",
            "rawOutput": {"stdout": "x", "code": 0}
        })));
        assert!(
            matches!(&got[0].update, AgentUpdate::ToolCallUpdate { output: Some(o), .. } if o.contains("\"stdout\"")),
            "a shape that is not content stays JSON: {got:?}"
        );
        let got = translate(&parse(json!({
            "sessionUpdate": "tool_call_update", "toolCallId": "t1",
            "_meta": {"claudeCode": {"toolName": "Bash", "toolResponse": {"stdout": "x"}}}
        })));
        assert_eq!(got, vec![], "an update with nothing to show is not stored");
    }

    #[test]
    fn plans_commands_and_modes() {
        let got = translate(&parse(
            json!({"sessionUpdate": "plan", "entries": [{"content": "fix", "priority": "high", "status": "in_progress"}]}),
        ));
        assert_eq!(
            got,
            vec![plain(AgentUpdate::Plan {
                entries: vec![PlanEntry {
                    content: "fix".into(),
                    priority: "high".into(),
                    status: "in_progress".into()
                }]
            })]
        );
        let got = translate(&parse(
            json!({"sessionUpdate": "available_commands_update", "availableCommands": [{"name": "init", "description": "d"}]}),
        ));
        assert_eq!(
            got,
            vec![plain(AgentUpdate::AvailableCommands {
                commands: vec!["init".into()]
            })]
        );
        let got = translate(&parse(
            json!({"sessionUpdate": "current_mode_update", "currentModeId": "plan"}),
        ));
        assert_eq!(
            got,
            vec![plain(AgentUpdate::ModeChanged {
                mode: "plan".into()
            })]
        );
    }

    #[test]
    fn clip_respects_char_boundaries() {
        let s = "é".repeat(10);
        let c = clip(s, 5);
        assert!(c.starts_with("éé"));
        assert!(c.contains("more bytes not shown"));
    }
}
