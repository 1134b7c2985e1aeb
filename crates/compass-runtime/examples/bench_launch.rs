//! Run `compass_runtime::bench::launch` and print the report (the same
//! library call `compass bench launch` makes). Usage:
//! `cargo run --release -p compass-runtime --example bench_launch [files] [iterations] [idle]`
#![allow(clippy::print_stdout, clippy::print_stderr)]

#[tokio::main]
async fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let scratch = std::env::temp_dir();
    let mut options = compass_runtime::bench::LaunchOptions::new(scratch);
    if let Some(n) = args.first() {
        options.files = *n;
    }
    if let Some(n) = args.get(1) {
        options.iterations = *n;
    }
    if let Some(n) = args.get(2) {
        options.idle_agents = *n;
    }
    match compass_runtime::bench::launch(options).await {
        Ok(report) => print!("{report}"),
        Err(e) => {
            eprintln!("bench launch failed: {e}");
            std::process::exit(1);
        }
    }
}
