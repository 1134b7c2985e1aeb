//! `compass kind …`: the agent kinds the daemon runs (`list`, `show`,
//! through ListKinds) and the check of a kinds file (`check`, in process
//! over the built-in registry: no daemon, no data dir).

use crate::cli::KindCmd;
use crate::client::{Client, Rpc};
use crate::output::show;
use crate::{CliResult, out, render};
use anyhow::{Context, anyhow};
use compass_acp::KindRegistry;
use compass_proto::v1 as pb;
use std::fmt::Write;
use std::future::Future;
use std::path::Path;

pub(crate) async fn run<F, C>(cmd: KindCmd, connect: F) -> CliResult
where
    F: FnOnce() -> C,
    C: Future<Output = anyhow::Result<Client>>,
{
    match cmd {
        KindCmd::Check { file } => check(&file),
        KindCmd::List(json) => {
            let list = connect()
                .await?
                .list_kinds(pb::ListKindsRequest {})
                .await
                .rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .kinds
                    .iter()
                    .map(|k| {
                        let hooks = k.hooks.clone().unwrap_or_default();
                        vec![
                            k.id.clone(),
                            origin(k).into(),
                            yes_no(hooks.pre_tool).into(),
                            yes_no(hooks.post_tool).into(),
                            protocol(hooks.protocol),
                            k.gateway.as_ref().map_or("-".into(), gateway_short),
                            k.display_name.clone(),
                        ]
                    })
                    .collect();
                render::table(
                    &[
                        "KIND", "ORIGIN", "PRE", "POST", "PROTOCOL", "GATEWAY", "NAME",
                    ],
                    &rows,
                )
            })
        }
        KindCmd::Show { id, json } => {
            let list = connect()
                .await?
                .list_kinds(pb::ListKindsRequest {})
                .await
                .rpc()?;
            let Some(kind) = list.kinds.into_iter().find(|k| k.id == id) else {
                return Err(anyhow!(
                    "{id:?} is not a kind this daemon runs; `compass kind list` shows them"
                ));
            };
            show(json, &kind, describe)
        }
    }
}

/// Check `file` as the user's kinds file would be checked at daemon start.
fn check(file: &Path) -> CliResult {
    let text = fs_err::read_to_string(file)?;
    let registry = KindRegistry::builtin()
        .context("the built-in kinds")?
        .with_user(&text)
        .map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let ids: Vec<&str> = registry
        .all()
        .iter()
        .map(|k| k.id.as_str())
        .filter(|id| registry.is_user(id))
        .collect();
    out(&format!(
        "{}: ok ({} kind{}: {})",
        file.display(),
        ids.len(),
        if ids.len() == 1 { "" } else { "s" },
        ids.join(", ")
    ))
}

fn origin(k: &pb::AgentKind) -> &'static str {
    if k.user { "user" } else { "built-in" }
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn protocol(raw: i32) -> String {
    match pb::HookProtocol::try_from(raw).unwrap_or_default() {
        pb::HookProtocol::Unspecified => "-".into(),
        p => p
            .as_str_name()
            .trim_start_matches("HOOK_PROTOCOL_")
            .to_ascii_lowercase()
            .replace('_', "-"),
    }
}

fn scheme(raw: i32) -> String {
    match pb::GatewayScheme::try_from(raw).unwrap_or_default() {
        pb::GatewayScheme::Unspecified => "-".into(),
        s => s
            .as_str_name()
            .trim_start_matches("GATEWAY_SCHEME_")
            .to_ascii_lowercase()
            .replace('_', "-"),
    }
}

/// A gateway in a table cell: its scheme, `+search` when the provider's
/// web search passes.
fn gateway_short(g: &pb::KindGateway) -> String {
    let search = if g.web_search { "+search" } else { "" };
    format!("{}{search}", scheme(g.scheme))
}

/// A gateway in `kind show`: which secret, in which header, through which
/// setting, and whether the provider's web search passes. Names only: the
/// contract carries no key.
fn gateway_long(g: &pb::KindGateway) -> String {
    format!(
        "{} as {} (base URL setting {}, else {}); provider web search {}",
        g.credential,
        scheme(g.scheme),
        g.base_url,
        g.default_base_url,
        if g.web_search { "allowed" } else { "refused" },
    )
}

fn describe(k: &pb::AgentKind) -> String {
    let hooks = k.hooks.clone().unwrap_or_default();
    let transport = pb::KindTransport::try_from(k.transport).unwrap_or_default();
    let mut s = format!(
        "kind {} ({})\n  origin: {}\n  transport: {}\n  command: {}\n",
        k.id,
        k.display_name,
        origin(k),
        transport
            .as_str_name()
            .trim_start_matches("KIND_TRANSPORT_")
            .to_ascii_lowercase(),
        k.command.join(" "),
    );
    let list = |v: &[String]| {
        if v.is_empty() {
            "-".to_owned()
        } else {
            v.join(", ")
        }
    };
    let _ = writeln!(s, "  credentials: {}", list(&k.credentials));
    let _ = writeln!(s, "  egress: {}", list(&k.egress));
    let _ = writeln!(
        s,
        "  model gateway: {}",
        k.gateway.as_ref().map_or("-".into(), gateway_long)
    );
    let _ = writeln!(
        s,
        "  hooks: pre-tool {}, post-tool {}, protocol {}",
        yes_no(hooks.pre_tool),
        yes_no(hooks.post_tool),
        protocol(hooks.protocol)
    );
    let _ = writeln!(s, "  surface: {}", hooks.surface);
    let _ = writeln!(s, "  gated tools: {}", list(&hooks.gated_tools));
    let _ = writeln!(s, "  ungated tools: {}", list(&hooks.ungated_tools));
    if !hooks.notes.is_empty() {
        let _ = writeln!(s, "  notes: {}", hooks.notes);
    }
    s
}
