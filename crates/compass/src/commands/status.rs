//! `compass status`: the running daemon's version, Warden's state, where it
//! keeps its data and serves its board.

use crate::cli::JsonFlag;
use crate::client::{Client, Rpc};
use crate::output::show;
use crate::{CliResult, render};
use compass_proto::v1 as pb;

pub(crate) async fn run(client: &mut Client, json: JsonFlag) -> CliResult {
    let s = client.get_status(pb::GetStatusRequest {}).await.rpc()?;
    show(json, &s, |s| {
        format!(
            "compass {} (pid {})\n  warden:   {}\n  data dir: {}\n  board:    {}\n  last seq: {}",
            s.version,
            s.pid,
            render::on_off(s.warden_enabled),
            s.data_dir,
            s.board_url,
            s.last_seq
        )
    })
}
