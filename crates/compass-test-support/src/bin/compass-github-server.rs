//! The GitHub-shaped server as a process, for tests that are not Rust (the
//! Bridge's browser tests): `compass-github-server REPO TOKEN [BARE]`
//! serves `REPO`'s issues (and, given the forge's bare repo, its pull
//! requests) to requests carrying `TOKEN`, prints `url: <API base URL>`,
//! and then reads commands on stdin, one a line, until it closes:
//! `html-base URL` (see `GithubServer::set_html_base`) and `close-pull N
//! merged|unmerged` (see `GithubServer::close_pull`).

use compass_test_support::GithubServer;
use std::io::{BufRead, Write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [repo, token, rest @ ..] = args.as_slice() else {
        return Err("usage: compass-github-server REPO TOKEN [BARE]".into());
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    let server = rt.block_on(GithubServer::start(repo, token))?;
    if let Some(bare) = rest.first() {
        server.serve_repo(std::path::Path::new(bare));
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "url: {}", server.url())?;
    out.flush()?;
    // The server runs on the runtime's worker; this thread only listens.
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        match line.split_once(' ') {
            Some(("html-base", base)) => server.set_html_base(base),
            Some(("close-pull", rest)) => match rest.split_once(' ') {
                Some((n, how @ ("merged" | "unmerged"))) => {
                    server.close_pull(n.parse()?, how == "merged");
                }
                _ => {
                    return Err(format!("usage: close-pull N merged|unmerged, not {line:?}").into());
                }
            },
            _ => return Err(format!("unknown command {line:?}").into()),
        }
        writeln!(out, "ok")?;
        out.flush()?;
    }
    Ok(())
}
