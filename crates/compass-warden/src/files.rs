//! Reading what a send would send. A network command names a file
//! (`curl -F f=@x`, `scp x host:`), not its bytes, so the output gate reads the
//! file to scan it. Files live in the agent's workload: the daemon implements
//! [`WorkloadFiles`] over the workload; [`LocalFiles`] reads the host's
//! filesystem (tests and host workloads). Reads are bounded.

use crate::error::WardenError;
use compass_core::id::AgentId;
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;

pub type FilesFuture<'a> = Pin<Box<dyn Future<Output = Result<Vec<u8>, WardenError>> + Send + 'a>>;

/// Reads at most `max` bytes of a file in the agent's workload.
pub trait WorkloadFiles: Send + Sync + std::fmt::Debug {
    fn read<'a>(&'a self, agent: &'a AgentId, path: &'a str, max: usize) -> FilesFuture<'a>;
}

/// Reads the host's filesystem.
#[derive(Debug, Default, Clone, Copy)]
pub struct LocalFiles;

impl WorkloadFiles for LocalFiles {
    fn read<'a>(&'a self, _agent: &'a AgentId, path: &'a str, max: usize) -> FilesFuture<'a> {
        Box::pin(async move {
            use tokio::io::AsyncReadExt;
            let io = |e| WardenError::Io {
                path: PathBuf::from(path),
                source: e,
            };
            let f = tokio::fs::File::open(path).await.map_err(io)?;
            let mut buf = Vec::new();
            f.take(max as u64).read_to_end(&mut buf).await.map_err(io)?;
            Ok(buf)
        })
    }
}
