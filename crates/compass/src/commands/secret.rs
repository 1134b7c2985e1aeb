//! `compass secret …`: values go in on stdin (never argv) and never come
//! back out; only names and times are listed.

use crate::cli::SecretCmd;
use crate::client::{Client, Rpc};
use crate::output::show;
use crate::{CliResult, out, render};
use anyhow::Context;
use compass_proto::v1 as pb;
use std::io::Read;

pub(crate) async fn run(client: &mut Client, cmd: SecretCmd) -> CliResult {
    match cmd {
        SecretCmd::Set {
            name,
            forge,
            username,
            ssh_key,
            known_hosts,
        } => {
            let known_hosts = match known_hosts {
                Some(path) => {
                    fs_err::read_to_string(&path).context("reading the --known-hosts file")?
                }
                None => String::new(),
            };
            let mut value = Vec::new();
            std::io::stdin()
                .lock()
                .read_to_end(&mut value)
                .context("reading the secret's value from stdin")?;
            // `echo value |` and a typed line end in a newline that is not
            // part of the secret.
            if value.ends_with(b"\n") {
                value.pop();
                if value.ends_with(b"\r") {
                    value.pop();
                }
            }
            let info = client
                .set_secret(pb::SetSecretRequest {
                    name,
                    value,
                    forge: forge.unwrap_or_default(),
                    forge_username: username.unwrap_or_default(),
                    ssh_key: ssh_key.unwrap_or_default(),
                    known_hosts,
                })
                .await
                .rpc()?;
            if !info.ssh_key.is_empty() {
                out(&format!(
                    "secret {} set, bound to the SSH host {}",
                    info.name, info.ssh_key
                ))
            } else if info.forge.is_empty() {
                out(&format!("secret {} set", info.name))
            } else {
                out(&format!(
                    "secret {} set, bound to the forge {} (as {})",
                    info.name, info.forge, info.forge_username
                ))
            }
        }
        SecretCmd::List(json) => {
            let list = client.list_secrets(pb::ListSecretsRequest {}).await.rpc()?;
            show(json, &list, |l| {
                let rows: Vec<Vec<String>> = l
                    .secrets
                    .iter()
                    .map(|s| {
                        vec![
                            s.name.clone(),
                            render::time_ms(s.set_at_ms),
                            if s.ssh_key.is_empty() {
                                s.forge.clone()
                            } else {
                                s.ssh_key.clone()
                            },
                        ]
                    })
                    .collect();
                render::table(&["NAME", "SET", "BOUND TO"], &rows)
            })
        }
        SecretCmd::Rm { name } => {
            client
                .delete_secret(pb::DeleteSecretRequest { name: name.clone() })
                .await
                .rpc()?;
            out(&format!("secret {name} deleted"))
        }
    }
}
