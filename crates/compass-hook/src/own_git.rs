//! `git` for an agent's own program: what an agent runs itself, outside
//! any tool call (Codex runs `git status --porcelain`, `rev-parse`,
//! `remote get-url` … as a session and each turn start), must not run what
//! the agent configured in its repository. A clean filter or a diff driver
//! is selected by attributes, and `$GIT_COMMON_DIR/info/attributes` is
//! read whatever git is told, so no `-c` list can keep them from running
//! in the agent's git dir (see `compass_core::safe_git`).
//!
//! So the agent's program finds this first on its `PATH` (a `git` link to
//! `compass-confine` in a dir of the read-only config dir, see
//! [`OWN_GIT_DIR`]), and each invocation is one of:
//!
//! - a command that reads refs or config as data (`rev-parse`, `remote
//!   get-url`, `log`, `rev-list`, …): run in the agent's repository with
//!   `safe_git`'s fixed config and environment;
//! - `status` (short or porcelain v1), `diff` against a full commit id, and
//!   `ls-files` of untracked paths, which read worktree content: run
//!   through a [`WorktreeView`] (a host-owned git dir reading the agent's
//!   index, objects and files as data), `status` put together from
//!   plumbing the way Compass's own workspace state is;
//! - anything else (a write, a fetch, an option not listed): refused, with
//!   the reason on stderr and git's fatal exit code.
//!
//! Every option is matched against a compiled-in list and every other
//! argument is a value (no NUL or newline, never option-like). The git run
//! gets only `safe_git`'s environment (no credential of the agent's), and
//! this process closes what it inherited and enters a Landlock domain
//! first, as a tool command does (`crate::confine`).
//!
//! A tool command's `git` is the tools' own business: Compass's managed
//! config has the agent's program set [`TOOL_ENV`] in every tool command's
//! environment, and with it this execs the system's git unchanged. The
//! agent cannot set it in its program's own environment, and a tool that
//! drops it only gets this restricted git.

use compass_core::safe_git::{
    self, GitArgError, LIST_UNTRACKED, SafeGit, WorktreeView, check_commit_id, check_value,
};
use std::path::{Path, PathBuf};

/// The dir (under the workload's read-only config dir) holding the `git`
/// link, first on `PATH` for a kind with `provision.own_git`.
pub const OWN_GIT_DIR: &str = "own-git";
/// The name the link has, and `compass-confine` answers to.
pub const GIT_NAME: &str = "git";
/// Set (to [`TOOL_VALUE`]) in every tool command's environment by the
/// agent's managed config: such a `git` is the system's.
pub const TOOL_ENV: &str = "COMPASS_TOOL_GIT";
/// [`TOOL_ENV`]'s value.
pub const TOOL_VALUE: &str = "system";
/// Where the view git dirs are inside the workload, given by the daemon in
/// the agent's environment.
pub const VIEWS_ENV: &str = "COMPASS_GIT_VIEWS";
/// Where a tool command's `git` is looked for, first found wins.
pub const SYSTEM_GIT: &[&str] = &["/usr/local/bin/git", "/usr/bin/git", "/bin/git"];
/// What a refusal exits with (git's own fatal code).
pub const REFUSED: u8 = 128;

/// What one invocation asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// Run in the agent's repository with the safe config.
    Here(SafeGit),
    /// `git status --porcelain` (or `--short`), from plumbing through a
    /// view; `untracked` unless `-uno`.
    Status { untracked: bool },
    /// `git diff` or `git ls-files`, through a view: the literal and value
    /// arguments after the subcommand.
    View(Vec<Arg>),
}

/// One checked argument of a view command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    Literal(&'static str),
    Value(String),
}

/// One subcommand's options: exact flags, flags with a glued value
/// (`--format=…`), how many values may follow (refs, keys, counts: more
/// would make `symbolic-ref` or `config` write), and a flag that must be
/// there (`config --get`, `remote get-url`: without it they write).
struct Allowed {
    exact: &'static [&'static str],
    glued: &'static [&'static str],
    values: usize,
    needs: Option<&'static str>,
}

/// The read-only commands run in the agent's repository, as data.
const HERE: &[(&str, Allowed)] = &[
    (
        "rev-parse",
        Allowed {
            exact: &[
                "--git-dir",
                "--git-common-dir",
                "--show-toplevel",
                "--show-prefix",
                "--show-object-format",
                "--is-inside-work-tree",
                "--abbrev-ref",
                "--verify",
                "--quiet",
                "--short",
            ],
            glued: &[],
            values: usize::MAX,
            needs: None,
        },
    ),
    (
        "remote",
        Allowed {
            // `remote -v`, or `remote get-url NAME` (checked below).
            exact: &["get-url", "-v"],
            glued: &[],
            values: 1,
            needs: None,
        },
    ),
    (
        "symbolic-ref",
        Allowed {
            exact: &["--quiet", "--short", "-q"],
            glued: &[],
            values: 1,
            needs: None,
        },
    ),
    (
        "for-each-ref",
        Allowed {
            exact: &[],
            glued: &["--format=", "--contains=", "--sort=", "--count="],
            values: usize::MAX,
            needs: None,
        },
    ),
    (
        "rev-list",
        Allowed {
            exact: &["--count"],
            glued: &["--max-count="],
            values: usize::MAX,
            needs: None,
        },
    ),
    (
        "log",
        Allowed {
            exact: &["-n", "--oneline", "-1"],
            glued: &["--pretty=format:", "--format=", "--max-count="],
            values: usize::MAX,
            needs: None,
        },
    ),
    (
        "branch",
        Allowed {
            exact: &["--show-current"],
            glued: &["--format="],
            // A name after `branch` would create one.
            values: 0,
            needs: None,
        },
    ),
    (
        "config",
        Allowed {
            exact: &["--get", "--type=bool"],
            glued: &[],
            values: 1,
            needs: Some("--get"),
        },
    ),
    (
        "version",
        Allowed {
            exact: &["--build-options"],
            glued: &[],
            values: 0,
            needs: None,
        },
    ),
];

/// What `status` may be asked (short or porcelain v1 only).
const STATUS: &[&str] = &[
    "--porcelain",
    "--porcelain=v1",
    "--short",
    "-s",
    "--untracked-files=all",
    "--untracked-files=normal",
    "-uall",
    "-unormal",
    "-u",
    "--untracked-files=no",
    "-uno",
];
/// What `diff` may be asked through a view (never `--no-index`, which
/// reads any file; every revision a full commit id, since the view has
/// no refs).
const DIFF: &[&str] = &[
    "--no-textconv",
    "--no-ext-diff",
    "--binary",
    "--name-only",
    "--name-status",
    "--stat",
    "--cached",
    "--quiet",
    "--no-color",
];
/// What `ls-files` may be asked through a view (no `-m`/`-d`, which
/// compare content).
const LS_FILES: &[&str] = &[
    "--others",
    "--exclude-standard",
    "-z",
    "--directory",
    "--no-empty-directory",
];

fn refuse(why: impl std::fmt::Display) -> String {
    format!(
        "compass: this git runs for the agent's own program and reads the agent's repository only as data; {why}"
    )
}

/// Parse `argv` (without argv\[0\]) into what to run.
pub fn plan(argv: &[String], cwd: &Path) -> Result<Plan, String> {
    let mut rest = argv;
    // Global options the agent's program passes: `-c` settings (the safe
    // config sets what they set, and more), the lock and pager switches.
    loop {
        match rest {
            [c, setting, tail @ ..] if c == "-c" => {
                check_value("-c setting", setting).map_err(refuse)?;
                rest = tail;
            }
            [flag, tail @ ..] if flag == "--no-optional-locks" || flag == "--no-pager" => {
                rest = tail;
            }
            _ => break,
        }
    }
    let [sub, args @ ..] = rest else {
        return Err(refuse("no subcommand given"));
    };
    match sub.as_str() {
        "status" => {
            let mut untracked = true;
            for a in args {
                match STATUS.iter().find(|s| **s == a.as_str()) {
                    Some(&"--untracked-files=no" | &"-uno") => untracked = false,
                    Some(_) => {}
                    None => return Err(refuse(format!("`status {a}` is not supported"))),
                }
            }
            let short = ["--porcelain", "--porcelain=v1", "--short", "-s"];
            if !args.iter().any(|a| short.contains(&a.as_str())) {
                return Err(refuse(
                    "only `status --porcelain` or `--short` is supported",
                ));
            }
            Ok(Plan::Status { untracked })
        }
        "diff" | "ls-files" => {
            let (allowed, values) = if sub == "diff" {
                (DIFF, true)
            } else {
                (LS_FILES, false)
            };
            let literal: &'static str = if sub == "diff" { "diff" } else { "ls-files" };
            // `SafeGit` follows `diff` with the flags that keep drivers off.
            let mut out = vec![Arg::Literal(literal)];
            let mut dashes = false;
            for a in args {
                if a == "--" && values && !dashes {
                    dashes = true;
                    out.push(Arg::Literal("--"));
                } else if let Some(l) = allowed
                    .iter()
                    .find(|l| **l == a.as_str())
                    .filter(|_| !dashes)
                {
                    out.push(Arg::Literal(l));
                } else if values && !dashes {
                    let id = check_commit_id("revision", a).map_err(refuse)?;
                    out.push(Arg::Value(id));
                } else if values {
                    check_value("path", a).map_err(refuse)?;
                    out.push(Arg::Value(a.clone()));
                } else {
                    return Err(refuse(format!("`{sub} {a}` is not supported")));
                }
            }
            Ok(Plan::View(out))
        }
        other => {
            let Some((name, allowed)) = HERE.iter().find(|(n, _)| *n == other) else {
                return Err(refuse(format!(
                    "`git {other}` is not one of the commands it runs"
                )));
            };
            if let Some(flag) = allowed.needs
                && !args.iter().any(|a| a == flag)
            {
                return Err(refuse(format!("`{name}` runs only with {flag}")));
            }
            // `remote NAME…` would be `remote add`, `remove`, `show` (which
            // reaches the remote): only a listing or one URL, as data.
            if *name == "remote"
                && !matches!(
                    args.iter().map(String::as_str).collect::<Vec<_>>()[..],
                    [] | ["-v"] | ["get-url", _]
                )
            {
                return Err(refuse(format!(
                    "`remote {}` is not supported",
                    args.join(" ")
                )));
            }
            let mut g = SafeGit::in_dir(cwd).map_err(refuse)?.args([*name]);
            let mut values = 0;
            for a in args {
                if let Some(l) = allowed.exact.iter().find(|l| **l == a.as_str()) {
                    g = g.args([*l]);
                } else if let Some((flag, value)) = allowed
                    .glued
                    .iter()
                    .find_map(|f| Some((*f, a.strip_prefix(f)?)))
                {
                    // A format string may be anything but a line break.
                    g = g.flag_value(flag, "value", value).map_err(refuse)?;
                } else if values < allowed.values {
                    values += 1;
                    g = g.value("argument", a).map_err(refuse)?;
                } else {
                    return Err(refuse(format!("`{name} {a}` is not supported")));
                }
            }
            Ok(Plan::Here(g))
        }
    }
}

/// The view commands' git, given the view located for `cwd`.
pub fn view_git(view: &WorktreeView, args: &[Arg]) -> Result<SafeGit, GitArgError> {
    let mut g = view.git()?;
    for a in args {
        g = match a {
            Arg::Literal(l) => g.args([*l]),
            Arg::Value(v) => g.value("argument", v)?,
        };
    }
    Ok(g)
}

/// The status lines' plumbing, through `view`, against `head` (a commit
/// id, or the empty tree when the branch is unborn).
pub fn status_git(
    view: &WorktreeView,
    head: &str,
    untracked: bool,
) -> Result<Vec<SafeGit>, GitArgError> {
    let mut out = vec![
        view.git()?
            .args(["diff-index", "--cached", "--name-status", "-z"])
            .value("commit", head)?,
        view.git()?.args(["diff-files", "--name-status", "-z"]),
    ];
    if untracked {
        out.push(view.git()?.args(LIST_UNTRACKED));
    }
    Ok(out)
}

/// `git status --porcelain`'s output from the plumbing's.
pub fn status_output(staged: &str, unstaged: &str, untracked: &str) -> String {
    safe_git::short_status(staged, unstaged, untracked)
        .into_iter()
        .map(|l| l + "\n")
        .collect()
}

/// The system's git, for a tool command.
pub fn system_git() -> Result<PathBuf, String> {
    SYSTEM_GIT
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .ok_or_else(|| format!("no git at any of {SYSTEM_GIT:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(a: &[&str]) -> Result<Plan, String> {
        let argv: Vec<String> = a.iter().map(|s| (*s).to_owned()).collect();
        plan(&argv, Path::new("/work/app"))
    }

    #[test]
    fn what_codex_runs_is_planned() {
        let here = |a: &[&str]| match p(a).unwrap() {
            Plan::Here(g) => g.display(),
            other => panic!("{a:?}: {other:?}"),
        };
        let c = [
            "-c",
            "core.hooksPath=/dev/null",
            "-c",
            "core.fsmonitor=false",
        ];
        let with = |tail: &[&'static str]| [&c[..], tail].concat();
        assert_eq!(
            here(&with(&["rev-parse", "--git-dir"])),
            "rev-parse --git-dir"
        );
        assert_eq!(
            here(&with(&["rev-parse", "--abbrev-ref", "HEAD"])),
            "rev-parse --abbrev-ref HEAD"
        );
        assert_eq!(
            here(&with(&["remote", "get-url", "origin"])),
            "remote get-url origin"
        );
        assert_eq!(
            here(&["log", "-n", "5", "--pretty=format:%H%x1f%ct%x1f%s"]),
            "log --no-textconv --no-ext-diff --no-color -n 5 --pretty=format:%H%x1f%ct%x1f%s"
        );
        assert_eq!(
            p(&with(&["status", "--porcelain"])).unwrap(),
            Plan::Status { untracked: true }
        );
        assert_eq!(
            p(&["status", "--porcelain", "-uno"]).unwrap(),
            Plan::Status { untracked: false }
        );
        let sha = "a".repeat(40);
        assert_eq!(
            p(&["diff", "--no-textconv", "--no-ext-diff", &sha]).unwrap(),
            Plan::View(vec![
                Arg::Literal("diff"),
                Arg::Literal("--no-textconv"),
                Arg::Literal("--no-ext-diff"),
                Arg::Value(sha.clone()),
            ])
        );
    }

    #[test]
    fn what_would_run_or_write_anything_is_refused() {
        for bad in [
            &["add", "-A"][..],
            &["checkout", "main"],
            &["commit", "-m", "x"],
            &["stash"],
            &["remote", "show", "origin"],
            &["status"],
            &["status", "--porcelain=v2"],
            &["status", "--porcelain", "--ignored"],
            &["diff", "--no-index", "--", "/dev/null", "x"],
            &["diff", "HEAD"],
            &["diff", "--textconv"],
            &["ls-files", "-m"],
            &["branch", "new"],
            &["config", "filter.x.clean", "sh"],
            &["config", "--get", "filter.x.clean", "sh"],
            &["config", "core.fsmonitor"],
            &["symbolic-ref", "HEAD", "refs/heads/x"],
            &["remote", "add", "x", "/y"],
            &["remote", "get-url", "a", "b"],
            &["remote", "origin"],
            &["version", "x"],
            &["log", "--output=/tmp/x"],
            &["log", "-p"],
            &["rev-parse", "--upload-pack=x"],
            &["rev-parse", "a\nb"],
            &["-C", "/", "status", "--porcelain"],
            &["-c", "a=b\nc"],
            &["--exec-path=/x", "status"],
            &[],
            &["-c", "core.fsmonitor=false"],
        ] {
            let got = p(bad);
            assert!(got.is_err(), "{bad:?} planned: {got:?}");
        }
    }

    #[test]
    fn the_status_comes_from_plumbing_through_a_view() {
        let located = "sha1\n/work/app/.git\n/work/app/.git\n/work/app\n";
        let view = WorktreeView::parse(Path::new("/run/compass/config/git-view"), located).unwrap();
        let gits = status_git(&view, &"b".repeat(40), true).unwrap();
        assert_eq!(gits.len(), 3);
        for g in &gits {
            let env: std::collections::BTreeMap<_, _> = g.envs().iter().cloned().collect();
            assert_eq!(env["GIT_DIR"], "/run/compass/config/git-view/sha1");
            assert!(g.argv().join(" ").contains("core.attributesFile=/dev/null"));
        }
        assert_eq!(status_git(&view, &"b".repeat(40), false).unwrap().len(), 2);
        assert_eq!(
            status_output("M\0a.txt\0", "M\0b.txt\0", "new.txt\0"),
            "M  a.txt\n M b.txt\n?? new.txt\n"
        );
        assert_eq!(status_output("", "", ""), "");
    }
}
