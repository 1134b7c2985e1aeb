//! `compass events`: the event log from a seq on, and with `--follow` every
//! new event as it is appended, until the daemon or the reader goes away.

use crate::cli::JsonFlag;
use crate::client::{Client, Rpc, explain};
use crate::{CliResult, out, render};
use anyhow::anyhow;
use compass_proto::v1 as pb;
use futures::StreamExt;

pub(crate) async fn run(client: &mut Client, from: u64, follow: bool, json: JsonFlag) -> CliResult {
    let print = |e: &pb::Event| -> CliResult {
        out(&if json.json {
            render::json_line(e)?
        } else {
            render::event(e)
        })
    };
    if !follow {
        let mut after = from;
        loop {
            let page = client
                .list_events(pb::ListEventsRequest {
                    kinds: Vec::new(),
                    after_seq: after,
                    limit: 0,
                })
                .await
                .rpc()?;
            let Some(last) = page.events.last() else {
                return Ok(());
            };
            after = last.seq;
            page.events.iter().try_for_each(print)?;
        }
    }
    let mut stream = client
        .subscribe(pb::SubscribeRequest { after_seq: from })
        .await
        .rpc()?;
    while let Some(event) = stream.next().await {
        print(&event.map_err(explain)?)?;
    }
    Err(anyhow!("the daemon closed the event stream"))
}
