//! Warming Warden when it starts: the detectors' regexes are compiled
//! lazily (on first use) and their lazy DFAs build states as texts need
//! them, so the first decisions after a start paid milliseconds the later
//! ones do not. Running every detector once on a small sample — prose in
//! the seven languages, a rendered tool result, markdown with code, a
//! `--help` page, shell and interpreter command lines, a written script —
//! moves that cost to `Warden::new`, and so does reading the long texts
//! agents read most (a `--help` page, crate documentation, a changelog:
//! each kind builds its own states). Then, within a time budget, the
//! compiled-in rule and lexicon files are read as content: every lexicon's
//! examples in seven languages and the rules' explanations in prose build
//! the DFA states real prose needs most (the automata's caches are shared
//! by every thread, `automaton.rs`, so the daemon's workers get them).
//! The samples are Warden's own text; nothing read from outside is
//! involved.

use crate::detect::Detectors;
use crate::output::{self, Workspace};
use std::time::{Duration, Instant};

/// How long the rule files may keep warming before Warden is ready: the
/// daemon's start waits for it.
pub const WARM_UP_BUDGET: Duration = Duration::from_millis(250);

/// What the warm-up did, for the start-up log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WarmUp {
    /// Texts the content detectors read.
    pub texts: usize,
    /// Rule files left unread because the budget ran out.
    pub skipped: usize,
    pub elapsed: Duration,
}

/// Warden's own files, read as prose (in this order, most useful first).
const RULE_FILES: &[&str] = &[
    crate::structure::STRUCTURE_RULES,
    crate::detect::DEFAULT_RULES,
    crate::command_rules::DEFAULT_COMMAND_RULES,
];

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

/// The long texts agents read most: a command's `--help` page, a crate's
/// documentation and a changelog (each kind builds its own DFA states).
const SAMPLE_LONG: &[&str] = &[
    r#"Usage: pack [OPTION]... SOURCE... DEST
Copy, archive or compress files; create, list, extract and verify archives.

Mandatory arguments to long options are mandatory for short options too.
  -a, --all                  do not ignore entries starting with .
  -c, --create               create a new archive
  -d, --directory=DIR        change to directory DIR before doing anything
  -f, --file=ARCHIVE         use archive file or device ARCHIVE
  -i, --interactive          prompt before overwrite
  -k, --keep-old-files       don't replace existing files when extracting
  -n, --dry-run              print the commands that would be executed
  -o, --output=FILE          write the result to FILE instead of standard output
  -p, --preserve[=ATTR_LIST] preserve the specified attributes (default:
                               mode,ownership,timestamps)
  -q, --quiet, --silent      suppress most warnings and error messages
  -r, -R, --recursive        operate on directories and their contents
  -s, --symbolic-link        make symbolic links instead of copying
  -t, --target-directory=DIRECTORY  move all SOURCE arguments into DIRECTORY
  -u, --update               only replace files that are older than the source
  -v, --verbose              explain what is being done, verbosely list files
  -x, --extract, --get       extract files from an archive
  -z, --gzip, --gunzip       filter the archive through gzip
      --exclude=PATTERN      exclude files matching PATTERN (a shell glob)
      --force                remove existing destination files; never ask
      --help                 display this help and exit
      --version              output version information and exit
      --color[=WHEN]         color the output; WHEN can be 'always', 'auto' or 'never'
      --keyring=FILE         add FILE to the list of keyrings; use --homedir for the default
      --sign, --encrypt, --decrypt, --verify, --list-keys, --export, --import

Commands:
  add        Add a file to the index
  build      Build an image using instructions from a file
  commit     Record changes to the repository
  config     Get and set repository or global options
  exec       Run a process in a running container
  fetch      Download objects and refs from another repository
  inspect    Display the configuration of an object
  login      Log in to a registry; logout removes the stored credentials
  pull, push Pull or push an image to a registry
  rm, rmi    Remove one or more containers or images
  run        Run a command in a new container
  system     Manage the system: prune, reset, migrate, renumber, service

By default, sparse SOURCE files are detected by a crude heuristic and the
corresponding DEST file is made sparse as well. The backup suffix is '~', unless
set with --suffix or SIMPLE_BACKUP_SUFFIX. Exit status is 0 if OK, 1 if minor
problems, 2 if serious trouble. Report bugs to: bugs@example.org
Home page: <https://www.example.org/software/pack/>
Full documentation <https://www.example.org/software/pack/manual>
"#,
    r#"# What `#[derive(Builder)]` generates

This derive macro implements a builder for a struct: a type with one setter
per field, defaults for optional fields and a `build()` method that returns
`Result<T, Error>`. Additional features include renaming the setters,
validating values before they are stored, and skipping private fields.

## Example

```rust
#[derive(Builder, Debug, Default)]
pub struct Config {
    #[builder(default = "8080")]
    port: u16,
    host: String,
    #[builder(setter(into, strip_option))]
    timeout: Option<Duration>,
}

let config = ConfigBuilder::default().host("localhost").build()?;
assert_eq!(config.port, 8080);
```

## Features

- `std` (enabled by default): implements `std::error::Error` for the errors.
- `serde`: serializes and deserializes the generated types.
- `async`: the setters and `build()` may await; see the [examples](examples/).

Fields of generic types are supported as long as their bounds can be inferred;
otherwise add a `where` clause with `#[builder(bound = "...")]`. The minimum
supported Rust version is 1.70. Licensed under either of Apache License,
Version 2.0 or MIT license at your option.
"#,
    r#"pack (2.4.1-3) unstable; urgency=medium

  * New upstream release.
    - Fix a crash when the archive is truncated (closes: #1024311).
    - The --update option now compares timestamps with nanosecond precision.
  * debian/control: bump Standards-Version to 4.6.2, no changes needed.
  * debian/rules: build with hardening flags; drop the obsolete patch.

 -- Jane Maintainer <jane@example.org>  Tue, 14 Mar 2023 10:12:44 +0100

Version 2.4.0
-------------
Changes since 2.3: the configuration file moved from ~/.packrc to
~/.config/pack/config; the old one is still read and a warning is printed.
Support for the deprecated v1 archive format was removed. Upgrading users
should run `pack --migrate` once. Translations updated: de, es, fr, ja, ru, zh_CN.
"#,
];

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

/// Run every detector once on the sample, then read the rule files until
/// [`WARM_UP_BUDGET`] is spent.
pub fn warm_up(detectors: &Detectors) -> WarmUp {
    warm_up_within(detectors, WARM_UP_BUDGET)
}

fn warm_up_within(detectors: &Detectors, budget: Duration) -> WarmUp {
    let started = Instant::now();
    let mut texts = 0;
    for source in [
        "file:/work/app/docs/README.md",
        "file:/work/app/tests/fixtures/a.md",
        "url:https://example.com/docs",
    ] {
        let _ = detectors.inspect_source(source, SAMPLE_CONTENT, &Default::default());
        texts += 1;
    }
    for text in SAMPLE_LONG {
        let _ = detectors.inspect_source("terminal:pack --help", text, &Default::default());
        texts += 1;
    }
    let _ = crate::held::extract(SAMPLE_CONTENT);
    let ws = Workspace::default();
    for line in SAMPLE_COMMANDS {
        let _ = output::analyze(line, "/work/app", &ws);
    }
    let _ = output::written_findings("/work/app/build.rs", SAMPLE_WRITE, &ws);
    let mut skipped = 0;
    for file in RULE_FILES {
        if started.elapsed() >= budget {
            skipped += 1;
            continue;
        }
        let _ = detectors.inspect_source("url:https://example.com/docs", file, &Default::default());
        texts += 1;
    }
    WarmUp {
        texts,
        skipped,
        elapsed: started.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_warm_up_reads_every_rule_file_or_reports_what_it_skipped() {
        let detectors = Detectors::builtin().unwrap();
        let full = warm_up_within(&detectors, Duration::from_secs(3600));
        assert_eq!(
            (full.texts, full.skipped),
            (3 + SAMPLE_LONG.len() + RULE_FILES.len(), 0)
        );
        // A spent budget still warms on the built-in sample, and says
        // which files it left.
        let none = warm_up_within(&detectors, Duration::ZERO);
        assert_eq!(
            (none.texts, none.skipped),
            (3 + SAMPLE_LONG.len(), RULE_FILES.len())
        );
    }
}
