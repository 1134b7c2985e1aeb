//! What every local test server shares: an axum app served on an
//! ephemeral loopback port until dropped, and its state's lock (a test
//! that panicked while holding it leaves the state readable).

use axum::Router;
use std::net::SocketAddr;
use std::sync::{Mutex, MutexGuard};

/// An app being served; it stops when this is dropped.
#[derive(Debug)]
pub(crate) struct Served {
    addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Served {
    pub(crate) async fn start(app: Router) -> std::io::Result<Self> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Ok(Self { addr, task })
    }

    pub(crate) fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The state behind `m`, poisoned or not.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}
