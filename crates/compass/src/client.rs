//! The CLI's way to the daemon's RPCs: the generated `compass.v1` client
//! over the data dir's Unix socket. (`hook` speaks to the agent's hook
//! socket instead; docs/architecture.md lists which verb talks to what.)

use anyhow::{Context, Result, anyhow};
use compass_proto::v1::compass_service_client::CompassServiceClient;
use hyper_util::rt::TokioIo;
use std::path::{Path, PathBuf};
use tonic::transport::{Channel, Endpoint, Uri};

pub(crate) type Client = CompassServiceClient<Channel>;

/// Connect to the daemon listening on `socket`.
pub(crate) async fn connect(socket: &Path) -> Result<Client> {
    let path: PathBuf = socket.to_owned();
    // The URI is a placeholder: the connector ignores it and dials the socket.
    let channel = Endpoint::try_from("http://compass.invalid")?
        .connect_with_connector(tower::service_fn(move |_: Uri| {
            let path = path.clone();
            async move { tokio::net::UnixStream::connect(path).await.map(TokioIo::new) }
        }))
        .await
        .map_err(|_| {
            anyhow!(
                "cannot reach the Compass daemon at {}: is it running? Start it with `compass up` (or set COMPASS_HOME to the data dir it uses)",
                socket.display()
            )
        })?;
    Ok(CompassServiceClient::new(channel).max_decoding_message_size(64 * 1024 * 1024))
}

/// Turn a gRPC status into the message the user sees: the daemon already
/// names the bad field, so print it as is.
pub(crate) fn explain(status: tonic::Status) -> anyhow::Error {
    match status.code() {
        tonic::Code::Unavailable | tonic::Code::Unknown if status.message().contains("connect") => {
            anyhow!("the Compass daemon went away: {}", status.message())
        }
        _ => anyhow!("{}", status.message()),
    }
}

/// `result.rpc()?` for tonic results.
pub(crate) trait Rpc<T> {
    fn rpc(self) -> Result<T>;
}

impl<T> Rpc<T> for std::result::Result<tonic::Response<T>, tonic::Status> {
    fn rpc(self) -> Result<T> {
        self.map(tonic::Response::into_inner).map_err(explain)
    }
}

/// Pick the project: the one given, or the only one there is.
pub(crate) async fn resolve_project(client: &mut Client, given: Option<String>) -> Result<String> {
    if let Some(p) = given {
        return Ok(p);
    }
    let projects = client
        .list_projects(compass_proto::v1::ListProjectsRequest {})
        .await
        .rpc()?
        .projects;
    match projects.as_slice() {
        [only] => Ok(only.name.clone()),
        [] => Err(anyhow!(
            "there are no projects yet; create one with `compass project add NAME`"
        )),
        many => Err(anyhow!(
            "there are {} projects ({}); say which with --project",
            many.len(),
            many.iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .context("no --project given"),
    }
}
