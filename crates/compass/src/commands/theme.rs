//! `compass theme …`: the codename themes ephemeral agents draw names from.

use crate::cli::ThemeCmd;
use crate::client::{Client, Rpc};
use crate::output::show;
use crate::{CliResult, out, render};
use compass_proto::v1 as pb;

pub(crate) async fn run(client: &mut Client, cmd: ThemeCmd) -> CliResult {
    match cmd {
        ThemeCmd::List(json) => {
            let list = client.list_themes(pb::ListThemesRequest {}).await.rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .themes
                    .iter()
                    .map(|t| {
                        vec![
                            t.name.clone(),
                            if t.builtin { "built-in" } else { "user" }.into(),
                            t.names.join(" "),
                        ]
                    })
                    .collect();
                render::table(&["THEME", "ORIGIN", "NAMES"], &rows)
            })
        }
        ThemeCmd::Add { name, names } => {
            let t = client
                .add_theme(pb::AddThemeRequest { name, names })
                .await
                .rpc()?;
            out(&format!("added theme {} ({} names)", t.name, t.names.len()))
        }
    }
}
