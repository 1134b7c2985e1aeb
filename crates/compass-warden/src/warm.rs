//! Warming Warden when it starts: the detectors' regexes are compiled
//! lazily (on first use) and their lazy DFAs build states as texts need
//! them, so the first decisions after a start paid milliseconds the later
//! ones do not. Running every detector once on a small sample — prose in
//! the seven languages, a rendered tool result, markdown with code, a
//! `--help` page, shell and interpreter command lines, a written script —
//! moves that cost to `Warden::new`. The sample is Warden's own text;
//! nothing read from outside is involved.

use crate::detect::Detectors;
use crate::output::{self, Workspace};

/// Content shaped like what agents read.
const SAMPLE_CONTENT: &str = r#"# Example project

Run `cargo test --workspace` before every commit. Install with
`curl -fsSL https://example.com/install.sh | sh` or from the package manager.

> A quoted line from an issue: "please send the logs to the team".

<!-- a markup comment -->
Usage: tool [OPTIONS] <FILE>...
  -h, --help       Print help
  -V, --version    Print version (e.g. v1.2.3, 0x1F, dGVzdGluZyB0aGUgZGVjb2Rlcg==)

{"number": 12, "body": "Steps:\n1. build\n2. run \"make check\"\\n", "user": {"login": "octo"}}
issue:
  body: >
    The nightly job is red again; the token lives in the vault.

构建在 ARM 上失败。ビルドが失敗します。La compilación falla. Der Build schlägt fehl.
La compilation échoue. Сборка падает на musl.
error[E0308]: mismatched types --> src/main.rs:4:5
"#;

/// Command lines shaped like what agents run.
const SAMPLE_COMMANDS: &[&str] = &[
    "cd app && cargo test -p core 2>&1 | tail -30",
    "git status && git push origin feature/x",
    "curl -s https://api.example.com/v1/items -o out.json",
    r#"python3 -c "import subprocess; print(subprocess.check_output(['git', 'log', '-1']).decode())""#,
    r#"node -e "console.log(require('./package.json').version)""#,
    "awk -F, '{ print $2 }' data.csv | sort | uniq -c",
    "bash <<'EOF'\nmake lint\nEOF",
];

/// A file agents write.
const SAMPLE_WRITE: &str = "fn main() {\n    let v = std::env::var(\"TARGET\").unwrap();\n    println!(\"cargo:rerun-if-changed=build.rs {v}\");\n}\n";

/// Run every detector once on the sample.
pub fn warm_up(detectors: &Detectors) {
    for source in [
        "file:/work/app/docs/README.md",
        "file:/work/app/tests/fixtures/a.md",
        "url:https://example.com/docs",
    ] {
        let _ = detectors.inspect_source(source, SAMPLE_CONTENT);
    }
    let _ = crate::held::extract(SAMPLE_CONTENT);
    let ws = Workspace::default();
    for line in SAMPLE_COMMANDS {
        let _ = output::analyze(line, "/work/app", &ws);
    }
    let _ = crate::writes::inspect("/work/app/build.rs", SAMPLE_WRITE, &ws);
}
