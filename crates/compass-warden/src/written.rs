//! Code a command line writes and then runs on the same line (issue 14.2):
//! `cat > x.py <<EOF … EOF; python3 x.py`, `printf … > /tmp/a.sh && sh
//! /tmp/a.sh`, a Makefile, `conftest.py`, `setup.py`, `build.rs` or
//! `package.json` written and then used by the tooling that runs it.
//!
//! Running a file of the project is judged like `python3 tool.py`: its
//! text is not on the line (the agent wrote it earlier through a write
//! the gate inspected, or it is the user's). A file the *same line*
//! writes is different: its text is on the line, or made by a command of
//! the line, and nothing else inspects it before it runs. So each command
//! of the line is read for the files it writes and what it writes into
//! them — text the line spells out (a here-document, `echo`/`printf`
//! arguments, a here-string), a download, decoded bytes, what interpreter
//! code writes, another command's output — and each later command for the
//! files it runs: a shell's or an interpreter's script, a program run by
//! path, `awk -f`, `make` (its makefile), a test runner (the Python test
//! files and `conftest.py` it imports), an install of the project (its
//! `setup.py`), `cargo` (the Rust it builds and runs, `build.rs` first),
//! `npm`/`yarn`/`pnpm`/`bun` (the `package.json` scripts and the
//! JavaScript they run), `go run/build/test/generate`, `java X.java`, and
//! a C or C++ compiler (its sources, judged when compiled).
//!
//! What runs is then judged as the code it is: spelled-out text as the
//! command line or interpreter code it is (handed back to the output
//! gate's analysis), a makefile's recipes and a package's scripts as
//! command lines; a download run is critical, decoded bytes run are held,
//! and so is what interpreter code wrote (its text is not folded); another
//! command's output run cautions, as piping it into an interpreter does.
//! Go, Java, Rust and C are not folded: their code is held unless it is
//! plainly inert — Go importing only packages that start no process, open
//! no file or connection and read no environment; Java with no import, no
//! fully qualified name and none of `java.lang`'s process, class-loading,
//! reflection or environment parts; Rust using only such parts of `std`,
//! no `unsafe`/`extern`/`mod`, no file-including macro and, in a build
//! script, only cargo instructions that change no compiler or linker
//! input; C and C++ including only standard headers and calling only
//! functions the file defines or that only compute, print or allocate.
//! Nothing is run.

use crate::lexical_path::join_path;
use crate::shell::SimpleCommand;

/// What a command line writes into a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// Text the line spells out (a here-document, `echo`/`printf`
    /// arguments, a here-string).
    Spelled(String),
    /// The same, holding expansions the shell makes first (`echo "$CODE"`,
    /// an unquoted here-document's `$X`): known only when the line runs.
    Expanded(String),
    /// Bytes a fetcher downloads.
    Downloaded,
    /// Decoded bytes, with their text when the line spells out what is
    /// decoded.
    Decoded(Option<String>),
    /// Interpreter code writes it: its text is not folded.
    CodeWritten,
    /// Another command's output.
    Output,
}

/// A file a command of the line writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Absolute (lexically joined to the command's directory).
    pub path: String,
    pub content: Content,
}

/// How a file is run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A shell script, or a file run by path (its `#!` line decides).
    Script,
    /// Code of the interpreter named (a base name such as `python3`).
    Interpreter(&'static str),
    Makefile,
    PackageJson,
    Go,
    Java,
    Rust,
    /// C or C++ a compiler builds (judged when it is compiled).
    C,
    /// A justfile: its indented recipe lines are command lines.
    Justfile,
    /// Code of a language Warden neither folds nor reads for inertness
    /// (CMake scripts, F# and Kotlin scripts): held when written and run.
    Unfolded(&'static str),
}

/// Files a command runs: exact paths, or every file under a directory
/// whose name ends in one of the suffixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Runs {
    File(String, Kind),
    Under(String, &'static [&'static str], Kind),
}

const FETCHERS: &[&str] = &["curl", "wget", "aria2c", "http", "xh", "fetch"];
const SHELLS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "posh", "rbash",
];

/// The interpreters a written file may name or be run with, by the
/// program name that runs their code here.
fn interpreter(program: &str) -> Option<&'static str> {
    Some(match program {
        p if p == "python"
            || p.starts_with("python3")
            || p == "python2"
            || p.starts_with("pypy") =>
        {
            "python3"
        }
        "node" | "nodejs" | "deno" | "bun" | "ts-node" | "tsx" => "node",
        "perl" => "perl",
        "ruby" => "ruby",
        "php" => "php",
        p if p == "lua" || p.starts_with("lua5") || p == "luajit" => "lua",
        "Rscript" | "R" => "Rscript",
        "awk" | "gawk" | "mawk" | "nawk" => "awk",
        _ => return None,
    })
}

/// The files `cmd` writes (run in `cwd`), in the order given.
pub fn writes_of(cmd: &SimpleCommand, upstream: &[&SimpleCommand], cwd: &str) -> Vec<Written> {
    let program = cmd.program();
    let args = cmd.args();
    let fed = || -> Content {
        if upstream.iter().any(|c| FETCHERS.contains(&c.program())) {
            Content::Downloaded
        } else if upstream.iter().any(|c| decodes(c)) {
            Content::Decoded(None)
        } else {
            match &cmd.stdin {
                Some(text) if cmd.stdin_expands => Content::Expanded(text.clone()),
                Some(text) => Content::Spelled(text.clone()),
                None => Content::Output,
            }
        }
    };
    let args_expand = cmd.expands.iter().skip(1).any(|e| *e);
    let spelled = |text: String| {
        if args_expand {
            Content::Expanded(text)
        } else {
            Content::Spelled(text)
        }
    };
    // What the command writes to its output.
    let output = || -> Content {
        match program {
            "cat" if args.iter().all(|a| a == "-") => fed(),
            "echo" => {
                let escapes = args
                    .first()
                    .is_some_and(|a| a.starts_with('-') && a.contains('e'));
                let words: Vec<&str> = args
                    .iter()
                    .skip_while(|a| a.starts_with('-') && a.len() > 1)
                    .map(String::as_str)
                    .collect();
                let text = words.join(" ");
                spelled(if escapes { unescape(&text) } else { text } + "\n")
            }
            "printf" => spelled(printf_text(args)),
            _ if decodes(cmd) => match fed() {
                Content::Spelled(text) => Content::Decoded(decode(cmd, &text)),
                _ => Content::Decoded(None),
            },
            p if FETCHERS.contains(&p) => Content::Downloaded,
            _ => Content::Output,
        }
    };
    let mut out = Vec::new();
    let mut add = |path: &str, content: Content| {
        if path.is_empty() || path.starts_with("/dev/") || path.contains('$') {
            return;
        }
        out.push(Written {
            path: join_path(cwd, path),
            content,
        });
    };
    for r in &cmd.redirects {
        if matches!(
            r.op.as_str(),
            ">" | ">>" | ">|" | "1>" | "1>>" | "&>" | "&>>"
        ) {
            add(&r.target, output());
        }
    }
    match program {
        "tee" => {
            for a in args.iter().filter(|a| !a.starts_with('-')) {
                add(a, fed());
            }
        }
        "curl" => {
            for (i, a) in args.iter().enumerate() {
                if matches!(a.as_str(), "-o" | "--output")
                    && let Some(p) = args.get(i + 1)
                {
                    add(p, Content::Downloaded);
                }
            }
        }
        "wget" => {
            let named = args.iter().enumerate().find_map(|(i, a)| {
                if a == "-O" || a == "--output-document" {
                    args.get(i + 1).cloned()
                } else {
                    a.strip_prefix("--output-document=")
                        .or_else(|| a.strip_prefix("-O").filter(|v| !v.is_empty()))
                        .map(str::to_string)
                }
            });
            match named {
                Some(p) => add(&p, Content::Downloaded),
                None => {
                    // `wget URL` saves under the URL's last path segment.
                    for url in args.iter().filter(|a| a.contains("://")) {
                        if let Some(name) = url.rsplit('/').next().filter(|n| !n.is_empty()) {
                            add(name, Content::Downloaded);
                        }
                    }
                }
            }
        }
        _ => {}
    }
    for w in &cmd.code.writes {
        if !w.built {
            add(&w.text, Content::CodeWritten);
        }
    }
    out
}

/// Whether `cmd` decodes its input (`base64 -d`, `xxd -r`, `openssl`).
fn decodes(cmd: &SimpleCommand) -> bool {
    let args = cmd.args();
    match cmd.program() {
        "base64" | "base32" => args
            .iter()
            .any(|a| matches!(a.as_str(), "-d" | "--decode" | "-D")),
        "xxd" => args.iter().any(|a| a == "-r" || a == "-rp" || a == "-r-p"),
        "openssl" | "gunzip" | "zcat" | "xz" | "unxz" | "bunzip2" => true,
        _ => false,
    }
}

/// The text `cmd` decodes from `input`, where it can be read.
fn decode(cmd: &SimpleCommand, input: &str) -> Option<String> {
    use base64::Engine;
    let bytes = match cmd.program() {
        "base64" => base64::engine::general_purpose::STANDARD
            .decode(input.split_whitespace().collect::<String>())
            .ok()?,
        "xxd" => {
            let hex: String = input.split_whitespace().collect();
            (0..hex.len() / 2)
                .map(|i| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok())
                .collect::<Option<Vec<u8>>>()?
        }
        _ => return None,
    };
    String::from_utf8(bytes).ok()
}

/// `echo -e`/`printf` escapes.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some('a' | 'b' | 'f' | 'v') => {}
            Some(o) => {
                out.push('\\');
                out.push(o);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// What `printf FORMAT ARGS…` prints: the format's escapes read, each
/// conversion given the next argument, the format reused while arguments
/// remain.
fn printf_text(args: &[String]) -> String {
    let args: Vec<&String> = args.iter().skip_while(|a| *a == "--").collect();
    let Some((format, mut rest)) = args.split_first().map(|(f, r)| (f.as_str(), r.iter())) else {
        return String::new();
    };
    let mut out = String::new();
    for round in 0..16 {
        let mut used = false;
        let mut chars = format.chars().peekable();
        let mut plain = String::new();
        while let Some(c) = chars.next() {
            if c != '%' {
                plain.push(c);
                continue;
            }
            match chars.peek() {
                Some('%') => {
                    chars.next();
                    plain.push('%');
                }
                _ => {
                    // Skip flags and width up to the conversion letter.
                    while chars.peek().is_some_and(|c| !c.is_ascii_alphabetic()) {
                        chars.next();
                    }
                    let conv = chars.next();
                    out.push_str(&unescape(&plain));
                    plain.clear();
                    let value = rest.next().map_or("", |v| v.as_str());
                    used |= !value.is_empty();
                    out.push_str(&if conv == Some('b') {
                        unescape(value)
                    } else {
                        value.to_string()
                    });
                }
            }
        }
        out.push_str(&unescape(&plain));
        if round > 0 && !used || rest.len() == 0 {
            break;
        }
    }
    out
}

/// JavaScript and TypeScript files.
const JS: &[&str] = &[".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx"];

/// cargo commands that build (running build scripts) or run the code.
const CARGO_RUNS: &[&str] = &[
    "build", "b", "run", "r", "test", "t", "check", "c", "bench", "clippy", "install", "doc",
    "nextest",
];
/// go commands that build or run the code, or run its directives.
const GO_RUNS: &[&str] = &["run", "build", "test", "generate", "install", "vet"];

/// The files `cmd` (run in `cwd`) runs.
pub fn runs_of(cmd: &SimpleCommand, cwd: &str) -> Vec<Runs> {
    let program = cmd.program();
    let argv = &cmd.argv;
    let args = cmd.args();
    let mut out = Vec::new();
    let file = |p: &str, kind: Kind| Runs::File(join_path(cwd, p), kind);
    if argv.first().is_some_and(|p| p.contains('/')) && interpreter(program).is_none() {
        // A program run by path: the file itself, its `#!` line decides.
        out.push(file(&argv[0], Kind::Script));
    }
    if SHELLS.contains(&program) || program == "busybox" {
        let shell_args = if program == "busybox" {
            &argv[1..]
        } else {
            &argv[..]
        };
        let command_string = shell_args
            .iter()
            .skip(1)
            .any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains('c'));
        if !command_string && let Some(script) = crate::shell::script_arg(shell_args) {
            out.push(file(script, Kind::Script));
        }
    }
    if matches!(program, "source" | ".")
        && let Some(p) = args.first()
    {
        out.push(file(p, Kind::Script));
    }
    if let Some(lang) = interpreter(program)
        && let Some(k) = crate::code_strings::script_word(program, argv)
    {
        out.push(file(&argv[k], Kind::Interpreter(lang)));
        // `python3 DIR` (or a zip) runs the `__main__.py` inside it.
        if lang == "python3" {
            out.push(file(
                &format!("{}/__main__.py", argv[k].trim_end_matches('/')),
                Kind::Interpreter(lang),
            ));
        }
    }
    // Script runners of languages not folded: `cmake -P FILE`, `dotnet
    // fsi FILE`, `kotlinc -script FILE` / `kotlin FILE.main.kts`.
    let unfolded = match program {
        "cmake" => args
            .iter()
            .position(|a| a == "-P")
            .and_then(|i| args.get(i + 1))
            .map(|f| (f, "CMake")),
        "dotnet" if args.first().is_some_and(|a| a == "fsi") => args[1..]
            .iter()
            .find(|a| !a.starts_with('-'))
            .map(|f| (f, "F#")),
        "kotlinc" | "kotlinc-jvm" | "kotlin" => args
            .iter()
            .position(|a| a == "-script")
            .and_then(|i| args.get(i + 1))
            .or_else(|| args.iter().find(|a| a.ends_with(".kts")))
            .map(|f| (f, "Kotlin")),
        _ => None,
    };
    if let Some((f, lang)) = unfolded {
        out.push(file(f, Kind::Unfolded(lang)));
    }
    match interpreter(program) {
        // Modules a code interpreter loads before its script: node's
        // `-r`/`--require`/`--import` of a path; python's `-m MODULE`
        // (`MODULE.py` or its package's `__main__.py`).
        Some("node") => {
            for (i, a) in args.iter().enumerate() {
                let value = match a.split_once('=') {
                    Some((n, v)) if n.starts_with("--") => Some((n, v.to_string())),
                    _ => args.get(i + 1).map(|v| (a.as_str(), v.clone())),
                };
                if let Some((name, v)) = value
                    && matches!(name, "-r" | "--require" | "--import" | "--loader")
                    && (v.starts_with('.') || v.starts_with('/'))
                {
                    out.push(file(&v, Kind::Interpreter("node")));
                }
            }
            // `node --test`: the project's test files.
            if args.iter().any(|a| a == "--test") {
                out.push(Runs::Under(cwd.to_string(), JS, Kind::Interpreter("node")));
            }
        }
        Some("python3") => {
            if let Some(m) = args.iter().position(|a| a == "-m")
                && let Some(module) = args.get(m + 1)
            {
                let path = module.replace('.', "/");
                out.push(file(&format!("{path}.py"), Kind::Interpreter("python3")));
                out.push(file(
                    &format!("{path}/__main__.py"),
                    Kind::Interpreter("python3"),
                ));
            }
        }
        _ => {}
    }
    let first = args.first().map(String::as_str);
    let project_dir = |rest: &[String]| -> String {
        // `-C DIR` / `--manifest-path DIR/Cargo.toml` / `--prefix DIR`.
        for (i, a) in rest.iter().enumerate() {
            if matches!(a.as_str(), "-C" | "--directory" | "--prefix" | "--cwd")
                && let Some(d) = rest.get(i + 1)
            {
                return join_path(cwd, d);
            }
            if a == "--manifest-path"
                && let Some(m) = rest.get(i + 1)
            {
                let dir = m.rsplit_once('/').map_or(".", |(d, _)| d);
                return join_path(cwd, dir);
            }
        }
        cwd.to_string()
    };
    match program {
        "make" | "gmake" | "bmake" => {
            let dir = project_dir(args);
            let named: Vec<&String> = args
                .iter()
                .enumerate()
                .filter(|(i, _)| {
                    *i > 0 && matches!(args[i - 1].as_str(), "-f" | "--file" | "--makefile")
                })
                .map(|(_, a)| a)
                .collect();
            if named.is_empty() {
                for name in ["GNUmakefile", "makefile", "Makefile"] {
                    out.push(Runs::File(join_path(&dir, name), Kind::Makefile));
                }
            } else {
                for n in named {
                    out.push(Runs::File(join_path(&dir, n), Kind::Makefile));
                }
            }
        }
        // Task files whose recipes or code the runner runs.
        "just" => {
            let dir = project_dir(args);
            for name in ["justfile", "Justfile", ".justfile"] {
                out.push(Runs::File(join_path(&dir, name), Kind::Justfile));
            }
        }
        "rake" | "bundle" | "bundler" => {
            let dir = project_dir(args);
            for name in ["Rakefile", "rakefile", "Gemfile"] {
                out.push(Runs::File(join_path(&dir, name), Kind::Interpreter("ruby")));
            }
        }
        "direnv" if matches!(first, Some("allow" | "exec" | "reload")) => {
            out.push(file(".envrc", Kind::Script));
        }
        "npx" | "pnpx" | "bunx" | "deno" => {
            out.push(Runs::Under(
                project_dir(args),
                JS,
                Kind::Interpreter("node"),
            ));
        }
        "pytest" | "py.test" | "tox" | "nox" => {
            out.push(Runs::Under(
                project_dir(args),
                &[".py"],
                Kind::Interpreter("python3"),
            ));
        }
        "pip" | "pip3" | "uv" | "pipx" => {
            // `pip install .`, `pip install -e DIR`, `uv pip install .`.
            let words = if program == "uv" {
                args.get(1..).unwrap_or_default()
            } else {
                args
            };
            if words
                .first()
                .is_some_and(|w| matches!(w.as_str(), "install" | "wheel" | "download"))
            {
                for w in words[1..].iter().filter(|w| !w.starts_with('-')) {
                    if w == "." || w.starts_with("./") || w.starts_with('/') || w == ".." {
                        out.push(Runs::File(
                            join_path(&join_path(cwd, w), "setup.py"),
                            Kind::Interpreter("python3"),
                        ));
                    }
                }
            }
        }
        "cargo" if first.is_some_and(|w| CARGO_RUNS.contains(&w)) => {
            out.push(Runs::Under(project_dir(args), &[".rs"], Kind::Rust));
        }
        "npm" | "pnpm" | "yarn" | "bun" => {
            let runs = match first {
                None => program == "yarn",
                Some(w) => {
                    matches!(
                        w,
                        "install"
                            | "i"
                            | "ci"
                            | "add"
                            | "test"
                            | "t"
                            | "run"
                            | "run-script"
                            | "start"
                            | "exec"
                            | "x"
                            | "rebuild"
                            | "pack"
                            | "restart"
                            | "stop"
                    ) || (program == "yarn" && !w.starts_with('-'))
                }
            };
            if runs {
                let dir = project_dir(args);
                out.push(Runs::File(
                    join_path(&dir, "package.json"),
                    Kind::PackageJson,
                ));
                out.push(Runs::Under(dir, JS, Kind::Interpreter("node")));
            }
        }
        "go" if first.is_some_and(|w| GO_RUNS.contains(&w)) => {
            let named: Vec<&String> = args[1..].iter().filter(|a| a.ends_with(".go")).collect();
            if named.is_empty() {
                out.push(Runs::Under(cwd.to_string(), &[".go"], Kind::Go));
            } else {
                for n in named {
                    out.push(file(n, Kind::Go));
                }
            }
        }
        "gcc" | "cc" | "clang" | "g++" | "c++" | "clang++" | "tcc" => {
            for src in args.iter().filter(|a| {
                [".c", ".cc", ".cpp", ".cxx", ".C"]
                    .iter()
                    .any(|e| a.ends_with(e))
            }) {
                out.push(file(src, Kind::C));
            }
        }
        "java" => {
            // `java File.java`: the single-file source launcher.
            if let Some(src) = args.iter().find(|a| a.ends_with(".java")) {
                out.push(file(src, Kind::Java));
            }
        }
        p if interpreter(p) == Some("python3") => {
            // `python3 -m pytest`, `python -m pip install .`.
            if let Some(m) = args.iter().position(|a| a == "-m")
                && let Some(module) = args.get(m + 1)
            {
                match module.as_str() {
                    "pytest" | "unittest" => out.push(Runs::Under(
                        cwd.to_string(),
                        &[".py"],
                        Kind::Interpreter("python3"),
                    )),
                    "pip" | "build" => {
                        let rest = &args[m + 2..];
                        if rest.first().is_some_and(|w| w == "install" || w == "wheel")
                            || module == "build"
                        {
                            let dir = rest
                                .iter()
                                .skip(usize::from(module == "pip"))
                                .find(|w| !w.starts_with('-'))
                                .map_or(cwd.to_string(), |w| join_path(cwd, w));
                            out.push(Runs::File(
                                join_path(&dir, "setup.py"),
                                Kind::Interpreter("python3"),
                            ));
                        }
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
    out
}

/// Whether a written file runs whenever its toolchain starts, with no
/// command of the line naming it: a Python `.pth` file (its `import`
/// lines run at every interpreter start), `sitecustomize.py`,
/// `usercustomize.py`.
pub fn startup_file(path: &str) -> Option<Kind> {
    let name = path.rsplit('/').next().unwrap_or(path);
    (name.ends_with(".pth") || name == "sitecustomize.py" || name == "usercustomize.py")
        .then_some(Kind::Interpreter("python3"))
}

/// The code of a startup file: a `.pth` file's `import` lines, or all of
/// a Python file.
pub fn startup_code(path: &str, text: &str) -> String {
    if path.ends_with(".pth") {
        text.lines()
            .filter(|l| l.starts_with("import ") || l.starts_with("import\t"))
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        text.to_string()
    }
}

/// Whether `path` is one of the files `runs` names.
pub fn covers(runs: &Runs, path: &str) -> Option<Kind> {
    match runs {
        Runs::File(p, kind) => (p == path).then_some(*kind),
        Runs::Under(dir, suffixes, kind) => {
            let dir = dir.trim_end_matches('/');
            (path.starts_with(&format!("{dir}/")) && suffixes.iter().any(|s| path.ends_with(s)))
                .then_some(*kind)
        }
    }
}

/// The command line that runs `text` the way `kind` runs it, for the
/// output gate's analysis: a shell script as itself, interpreter code fed
/// on the interpreter's input, a makefile to `make -f -`. `None` for the
/// kinds judged here (package scripts, languages not folded).
pub fn as_command_line(kind: Kind, text: &str) -> Option<String> {
    let kind = match kind {
        Kind::Script => match shebang(text) {
            Some(lang) => Kind::Interpreter(lang),
            None => return Some(text.to_string()),
        },
        k => k,
    };
    let feed = |program: &str| {
        let mut delim = String::from("COMPASS_WRITTEN");
        while text.lines().any(|l| l.trim() == delim) {
            delim.push('_');
        }
        let body = text.strip_suffix('\n').unwrap_or(text);
        format!("{program} <<'{delim}'\n{body}\n{delim}\n")
    };
    match kind {
        Kind::Interpreter("awk") => Some(feed("awk -f /dev/stdin")),
        Kind::Interpreter(p) => Some(feed(&format!("{p} -"))),
        Kind::Makefile => Some(feed("make -f -")),
        Kind::Justfile => Some(
            text.lines()
                .filter(|l| l.starts_with([' ', '\t']) && !l.trim().is_empty())
                .map(|l| l.trim().trim_start_matches(['@', '-']))
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        _ => None,
    }
}

/// Whether a script's `#!` line names an interpreter other than a shell.
pub fn names_interpreter(text: &str) -> bool {
    shebang(text).is_some()
}

/// The interpreter a `#!` line names, when it is not a shell.
fn shebang(text: &str) -> Option<&'static str> {
    let first = text.lines().next()?.strip_prefix("#!")?;
    let mut words = first.split_whitespace();
    let mut program = words.next()?.rsplit('/').next()?;
    if program == "env" {
        program = words.find(|w| !w.starts_with('-'))?;
    }
    interpreter(program)
}

/// The scripts of a `package.json`: command lines; `None` when the text is
/// not a JSON object whose scripts are strings.
pub fn package_scripts(text: &str) -> Option<Vec<String>> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let obj = v.as_object()?;
    let Some(scripts) = obj.get("scripts") else {
        return Some(Vec::new());
    };
    scripts
        .as_object()?
        .values()
        .map(|s| s.as_str().map(str::to_string))
        .collect()
}

/// Whether code of a language Warden does not fold is plainly inert (see
/// the module's documentation); `path` tells a Rust build script.
pub fn inert(kind: Kind, path: &str, text: &str) -> bool {
    match kind {
        Kind::Go => go_inert(text),
        Kind::Java => java_inert(text),
        Kind::Rust => rust_inert(text, path.ends_with("/build.rs")),
        Kind::C => c_inert(text),
        _ => false,
    }
}

/// Identifiers and punctuation of C-like code, string and character
/// literals and comments removed; the string literals apart.
fn c_like_tokens(text: &str) -> (Vec<String>, Vec<String>) {
    let mut toks = Vec::new();
    let mut strings = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while chars.get(i).is_some_and(|c| *c != '\n') {
                i += 1;
            }
        } else if c == '/' && chars.get(i + 1) == Some(&'*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
        } else if c == '"' || c == '`' {
            let mut s = String::new();
            i += 1;
            while let Some(&n) = chars.get(i) {
                i += 1;
                if n == '\\' && c == '"' {
                    if let Some(&m) = chars.get(i) {
                        s.push(m);
                        i += 1;
                    }
                } else if n == c {
                    break;
                } else {
                    s.push(n);
                }
            }
            strings.push(s);
            toks.push("\"\"".to_string());
        } else if c == '\'' {
            // A character literal (a Rust lifetime is a quote and a word).
            let close = (i + 2..(i + 12).min(chars.len())).find(|&k| chars[k] == '\'');
            match close {
                Some(k) if chars[i + 1] == '\\' || k == i + 2 => i = k + 1,
                _ => i += 1,
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while chars
                .get(i)
                .is_some_and(|c| c.is_alphanumeric() || *c == '_')
            {
                i += 1;
            }
            toks.push(chars[start..i].iter().collect());
        } else if c.is_whitespace() {
            i += 1;
        } else {
            toks.push(c.to_string());
            i += 1;
        }
    }
    (toks, strings)
}

/// Go packages that start no process, touch no file, socket or
/// environment, and load nothing.
const GO_INERT: &[&str] = &[
    "fmt",
    "strings",
    "strconv",
    "math",
    "math/big",
    "math/bits",
    "sort",
    "errors",
    "time",
    "bytes",
    "unicode",
    "unicode/utf8",
    "regexp",
    "encoding/json",
    "encoding/hex",
    "testing",
    "slices",
    "maps",
    "cmp",
    "container/list",
    "container/heap",
    "text/tabwriter",
];

fn go_inert(text: &str) -> bool {
    // Directives (`//go:generate`, `//go:linkname`) and cgo act beyond
    // the imports.
    if text.contains("//go:") {
        return false;
    }
    let (toks, strings) = c_like_tokens(text);
    let mut str_at = 0;
    let mut i = 0;
    while let Some(t) = toks.get(i) {
        if t == "\"\"" {
            str_at += 1;
        }
        if t == "import" {
            // `import "x"`, `import alias "x"`, `import ( … )`.
            let mut k = i + 1;
            let grouped = toks.get(k).is_some_and(|t| t == "(");
            let mut seen = str_at;
            loop {
                match toks.get(k).map(String::as_str) {
                    Some("\"\"") => {
                        let Some(path) = strings.get(seen) else {
                            return false;
                        };
                        if !GO_INERT.contains(&path.as_str()) {
                            return false;
                        }
                        seen += 1;
                        if !grouped {
                            break;
                        }
                    }
                    Some(")") if grouped => break,
                    None => break,
                    _ => {}
                }
                k += 1;
            }
            str_at = seen;
            i = k + 1;
            continue;
        }
        i += 1;
    }
    true
}

/// `java.lang`'s parts that start processes, load classes or code, reach
/// the environment or look beyond the code: always in scope, no import
/// needed.
const JAVA_CAPABILITIES: &[&str] = &[
    "Runtime",
    "ProcessBuilder",
    "ProcessHandle",
    "Process",
    "ClassLoader",
    "Class",
    "Thread",
    "ThreadGroup",
    "Module",
    "ModuleLayer",
    "StackWalker",
    "SecurityManager",
    "getClass",
    "forName",
    "invoke",
    "reflect",
    "MethodHandles",
    "native",
    "import",
];
/// Of `System`, what only prints or counts.
const JAVA_SYSTEM_INERT: &[&str] = &[
    "out",
    "err",
    "currentTimeMillis",
    "nanoTime",
    "lineSeparator",
    "arraycopy",
    "identityHashCode",
];

fn java_inert(text: &str) -> bool {
    let (toks, _) = c_like_tokens(text);
    toks.iter().enumerate().all(|(i, t)| {
        if JAVA_CAPABILITIES.contains(&t.as_str()) {
            return false;
        }
        // A fully qualified name reaches past `java.lang`.
        if matches!(t.as_str(), "java" | "javax" | "jdk" | "sun" | "com" | "org")
            && toks.get(i + 1).is_some_and(|n| n == ".")
        {
            return false;
        }
        if t == "System" {
            return toks.get(i + 1).is_some_and(|n| n == ".")
                && toks
                    .get(i + 2)
                    .is_some_and(|m| JAVA_SYSTEM_INERT.contains(&m.as_str()));
        }
        true
    })
}

/// Paths of Rust's standard library that start no process and touch no
/// file, socket or environment.
const RUST_INERT_PATHS: &[&str] = &[
    "fmt",
    "collections",
    "str",
    "string",
    "vec",
    "cmp",
    "iter",
    "ops",
    "convert",
    "borrow",
    "num",
    "char",
    "option",
    "result",
    "boxed",
    "rc",
    "cell",
    "hash",
    "default",
    "marker",
    "slice",
    "array",
    "time",
    "error",
];
const RUST_INERT_MACROS: &[&str] = &[
    "println",
    "print",
    "eprintln",
    "eprint",
    "format",
    "vec",
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "write",
    "writeln",
    "panic",
    "concat",
    "stringify",
    "matches",
    "todo",
    "unreachable",
    "unimplemented",
    "format_args",
];
/// Build-script instructions that change no compiler or linker input.
const CARGO_INERT_KEYS: &[&str] = &[
    "rerun-if-changed",
    "rerun-if-env-changed",
    "rustc-cfg",
    "rustc-check-cfg",
    "warning",
];

fn rust_inert(text: &str, build_script: bool) -> bool {
    let (toks, strings) = c_like_tokens(text);
    if build_script {
        for s in &strings {
            if let Some(rest) = s
                .strip_prefix("cargo::")
                .or_else(|| s.strip_prefix("cargo:"))
            {
                let key = rest.split(['=', ' ']).next().unwrap_or_default();
                if !CARGO_INERT_KEYS.contains(&key) {
                    return false;
                }
            }
        }
    }
    for (i, t) in toks.iter().enumerate() {
        if matches!(
            t.as_str(),
            "unsafe" | "extern" | "mod" | "asm" | "link" | "no_mangle"
        ) {
            return false;
        }
        if toks.get(i + 1).is_some_and(|n| n == "!")
            && toks
                .get(i + 2)
                .is_some_and(|n| matches!(n.as_str(), "(" | "[" | "{"))
            && !RUST_INERT_MACROS.contains(&t.as_str())
        {
            return false;
        }
        // A path: `std::x::…`, `use x::…`, `::x`.
        let path_head = toks.get(i + 1).is_some_and(|n| n == ":")
            && toks.get(i + 2).is_some_and(|n| n == ":")
            && (i == 0 || toks[i - 1] != ":");
        if path_head {
            let head = t.as_str();
            let starts_lower = head.chars().next().is_some_and(|c| c.is_ascii_lowercase());
            if matches!(head, "std" | "core" | "alloc") {
                let Some(module) = toks.get(i + 3) else {
                    return false;
                };
                if !RUST_INERT_PATHS.contains(&module.as_str()) {
                    return false;
                }
            } else if starts_lower
                && !matches!(head, "self" | "super" | "crate")
                && !primitive(head)
            {
                // Another crate's path: code not on the line.
                return false;
            }
        }
        if t == "use" && toks.get(i + 1).is_some_and(|n| n == ":") {
            return false;
        }
    }
    true
}

/// Standard headers whose functions the list below covers.
const C_INERT_HEADERS: &[&str] = &[
    "stdio.h",
    "stdlib.h",
    "string.h",
    "math.h",
    "stdint.h",
    "stdbool.h",
    "stddef.h",
    "limits.h",
    "ctype.h",
    "assert.h",
    "float.h",
    "inttypes.h",
    "iostream",
    "string",
    "vector",
    "cstdio",
    "cstdlib",
    "cstring",
    "cmath",
    "algorithm",
    "map",
];
/// Functions that only compute, print to the standard streams or
/// allocate (and the keywords a call's parenthesis follows).
const C_INERT_CALLS: &[&str] = &[
    "printf",
    "puts",
    "putchar",
    "fprintf",
    "sprintf",
    "snprintf",
    "strlen",
    "strcmp",
    "strncmp",
    "strcpy",
    "strncpy",
    "strcat",
    "strchr",
    "strstr",
    "memcpy",
    "memset",
    "memcmp",
    "memmove",
    "malloc",
    "calloc",
    "realloc",
    "free",
    "abs",
    "labs",
    "sqrt",
    "pow",
    "floor",
    "ceil",
    "exit",
    "atoi",
    "atol",
    "strtol",
    "strtoul",
    "strtod",
    "qsort",
    "assert",
    "if",
    "while",
    "for",
    "switch",
    "return",
    "sizeof",
    "main",
    "int",
    "char",
    "void",
    "long",
    "double",
    "float",
    "unsigned",
    "size_t",
    "push_back",
    "size",
    "begin",
    "end",
    "sort",
    "max",
    "min",
    "c_str",
];

fn c_inert(text: &str) -> bool {
    for line in text.lines().map(str::trim_start) {
        let Some(directive) = line.strip_prefix('#') else {
            continue;
        };
        let directive = directive.trim_start();
        if let Some(header) = directive.strip_prefix("include") {
            let h = header.trim().trim_matches(|c| matches!(c, '<' | '>' | '"'));
            // A local header is code not on the line.
            if header.trim().starts_with('"') || !C_INERT_HEADERS.contains(&h) {
                return false;
            }
        } else if ![
            "define", "if", "ifdef", "ifndef", "endif", "else", "elif", "undef",
        ]
        .iter()
        .any(|d| directive.starts_with(d))
        {
            return false;
        }
    }
    let (toks, _) = c_like_tokens(text);
    // Functions the file defines: `name(…) {`.
    let mut defined = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if toks.get(i + 1).is_some_and(|n| n == "(") {
            let mut depth = 0;
            for (k, u) in toks.iter().enumerate().skip(i + 1) {
                match u.as_str() {
                    "(" => depth += 1,
                    ")" => {
                        depth -= 1;
                        if depth == 0 {
                            if toks.get(k + 1).is_some_and(|n| n == "{") {
                                defined.push(t.as_str());
                            }
                            break;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    toks.iter().enumerate().all(|(i, t)| {
        if matches!(t.as_str(), "asm" | "__asm__" | "__asm" | "system" | "popen") {
            return false;
        }
        let called = toks.get(i + 1).is_some_and(|n| n == "(")
            && t.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_');
        !called || defined.contains(&t.as_str()) || C_INERT_CALLS.contains(&t.as_str())
    })
}

fn primitive(name: &str) -> bool {
    matches!(
        name,
        "u8" | "u16"
            | "u32"
            | "u64"
            | "u128"
            | "usize"
            | "i8"
            | "i16"
            | "i32"
            | "i64"
            | "i128"
            | "isize"
            | "f32"
            | "f64"
            | "bool"
            | "char"
            | "str"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printf_reads_escapes_and_arguments() {
        assert_eq!(
            printf_text(&["a\\n\\tb %s!\\n".into(), "x".into()]),
            "a\n\tb x!\n"
        );
        assert_eq!(
            printf_text(&["%s\\n".into(), "a".into(), "b".into()]),
            "a\nb\n"
        );
        assert_eq!(printf_text(&["100%%\\n".into()]), "100%\n");
    }

    #[test]
    fn a_shebang_names_the_interpreter() {
        assert_eq!(shebang("#!/usr/bin/env python3\nprint(1)"), Some("python3"));
        assert_eq!(shebang("#!/bin/bash\nls"), None);
        assert!(
            as_command_line(Kind::Script, "#!/usr/bin/env python3\nimport os\n")
                .unwrap()
                .starts_with("python3 - <<'COMPASS_WRITTEN'\n")
        );
    }

    #[test]
    fn package_scripts_are_read_and_a_broken_file_is_not() {
        assert_eq!(
            package_scripts(r#"{"name":"x","scripts":{"test":"vitest run"}}"#),
            Some(vec!["vitest run".to_string()])
        );
        assert_eq!(package_scripts(r#"{"name":"x"}"#), Some(vec![]));
        assert_eq!(package_scripts("{"), None);
        assert_eq!(package_scripts(r#"{"scripts":{"t":1}}"#), None);
    }

    #[test]
    fn unfolded_languages_are_inert_only_without_capabilities() {
        let go_ok = "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"ok\") }\n";
        assert!(go_inert(go_ok));
        assert!(go_inert(
            "package main\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\nfunc main() { fmt.Println(strings.ToUpper(\"os/exec\")) }\n"
        ));
        assert!(!go_inert(
            "package main\nimport \"os/exec\"\nfunc main() { exec.Command(\"id\").Run() }\n"
        ));
        assert!(!go_inert(
            "package main\nimport (\n\t\"fmt\"\n\tx \"os\"\n)\nfunc main() { fmt.Println(x.Getenv(\"H\")) }\n"
        ));
        assert!(!go_inert(
            "package main\n//go:generate sh -c id\nfunc main() {}\n"
        ));
        assert!(java_inert(
            "public class Hello { public static void main(String[] a) { System.out.println(\"hello\"); } }"
        ));
        assert!(!java_inert(
            "public class X { public static void main(String[] a) throws Exception { Runtime.getRuntime().exec(\"id\"); } }"
        ));
        assert!(!java_inert(
            "class X { static void m() { String h = System.getenv(\"HOME\"); } }"
        ));
        assert!(!java_inert(
            "class X { void m() { new java.io.File(\"x\").delete(); } }"
        ));
        assert!(rust_inert(
            "fn main() {\n    println!(\"cargo:rerun-if-changed=proto/api.proto\");\n}\n",
            true
        ));
        assert!(!rust_inert(
            "fn main() {\n    println!(\"cargo:rustc-link-arg=-Wl,-plugin=/tmp/x.so\");\n}\n",
            true
        ));
        assert!(!rust_inert(
            "fn main() { std::process::Command::new(\"sh\").status().unwrap(); }",
            true
        ));
        assert!(!rust_inert(
            "use std::env;\nfn main() { let _ = env::vars(); }",
            false
        ));
        assert!(!rust_inert(
            "fn main() { let _ = ureq::get(\"x\"); }",
            false
        ));
        assert!(!rust_inert(
            "fn main() { let s = include_str!(\"/etc/passwd\"); }",
            false
        ));
        assert!(c_inert(
            "#include <stdio.h>\nstatic int sq(int x) { return x * x; }\nint main(void) { printf(\"%d\\n\", sq(3)); return 0; }\n"
        ));
        assert!(!c_inert(
            "#include <stdlib.h>\nint main() { system(\"id\"); }"
        ));
        assert!(!c_inert("int main() { execl(\"/bin/sh\", \"sh\", 0); }"));
        assert!(!c_inert("#include <unistd.h>\nint main() { return 0; }"));
        assert!(!c_inert("#include \"local.h\"\nint main() { return 0; }"));
        assert!(rust_inert(
            "use std::collections::HashMap;\nfn main() { let mut m = HashMap::new(); m.insert(1u8, 'a'); println!(\"{}\", i32::MAX); }",
            false
        ));
    }
}
