//! Environment settings that make a program load code: set for one command
//! (`BASH_ENV=/dev/stdin bash -c true`), through `env`, or exported
//! (`export NODE_OPTIONS=--require=/tmp/x.js`), they run code that no
//! argument of the command shows.
//!
//! Each variable is judged by what its value can load, and the honest
//! line is drawn by where that code lives:
//! - **held** (flagged): a value read from a stream (`/dev/stdin`, a
//!   descriptor, `/proc/…`), a writable temp dir (`/tmp`, `/var/tmp`,
//!   `/dev/shm`), a value built at run time (`$(…)`, a variable other than
//!   `$PWD`/`$HOME` or the variable itself) where a file of code is named,
//!   code given in the value itself (`PERL5DB`, `LUA_INIT`, an exported
//!   bash function), a preloaded library outside the system's dirs, a
//!   JVM option that runs a command;
//! - **cautioned**: a startup file in the project or the home (it runs
//!   before the command, out of sight), a module or library dir in the
//!   home or elsewhere, an option of an options variable not known inert;
//! - **passed**: the project's own dirs and the system's on a search path
//!   (`PYTHONPATH=src pytest`, `LD_LIBRARY_PATH=target/release`), module
//!   names resolved from the search path (`NODE_OPTIONS='--import tsx'`,
//!   `RUBYOPT=-rbundler/setup`), known inert options (`MAKEFLAGS=-j8`,
//!   `NODE_OPTIONS=--max-old-space-size=4096`), an empty value or
//!   `/dev/null`.

use crate::streams::stream;
use compass_core::gate::Severity;

/// What a variable's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A file (or list of files) of code run at start.
    StartupFile,
    /// Code itself.
    Code,
    /// Dirs searched for modules or libraries.
    SearchPath,
    /// Libraries loaded into every program started.
    Preload,
    /// Options of an interpreter, the JVM or make.
    Options(Options),
    /// A program the command runs in place of (or around) one of its own:
    /// cargo's compiler wrapper and runner, npm's script shell.
    Program,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Options {
    Node,
    Perl,
    Ruby,
    Java,
    Make,
}

fn kind(name: &str) -> Option<Kind> {
    Some(match name {
        "BASH_ENV" | "ENV" | "PYTHONSTARTUP" | "MAKEFILES" | "ZDOTDIR" => Kind::StartupFile,
        "PERL5DB" => Kind::Code,
        n if n == "LUA_INIT" || n.starts_with("LUA_INIT_") => Kind::Code,
        "PYTHONPATH" | "PYTHONHOME" | "PYTHONUSERBASE" | "PERL5LIB" | "PERLLIB" | "RUBYLIB"
        | "NODE_PATH" | "LUA_PATH" | "LUA_CPATH" | "LD_LIBRARY_PATH" | "GCONV_PATH" => {
            Kind::SearchPath
        }
        n if n.starts_with("LUA_PATH_") || n.starts_with("LUA_CPATH_") => Kind::SearchPath,
        "LD_PRELOAD" | "LD_AUDIT" | "DYLD_INSERT_LIBRARIES" => Kind::Preload,
        "NODE_OPTIONS" => Kind::Options(Options::Node),
        "PERL5OPT" => Kind::Options(Options::Perl),
        "RUBYOPT" => Kind::Options(Options::Ruby),
        "JAVA_TOOL_OPTIONS" | "_JAVA_OPTIONS" | "JDK_JAVA_OPTIONS" => Kind::Options(Options::Java),
        "MAKEFLAGS" | "GNUMAKEFLAGS" | "MFLAGS" => Kind::Options(Options::Make),
        "RUSTC_WRAPPER"
        | "RUSTC_WORKSPACE_WRAPPER"
        | "RUSTC"
        | "RUSTDOC"
        | "CARGO_BUILD_RUSTC_WRAPPER"
        | "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER"
        | "CARGO_BUILD_RUSTC"
        | "CARGO_BUILD_RUSTDOC" => Kind::Program,
        n if n.starts_with("CARGO_TARGET_")
            && (n.ends_with("_RUNNER") || n.ends_with("_LINKER")) =>
        {
            Kind::Program
        }
        // npm reads its configuration from the environment in any case.
        n if n.eq_ignore_ascii_case("npm_config_script_shell")
            || n.eq_ignore_ascii_case("npm_config_shell") =>
        {
            Kind::Program
        }
        _ => return None,
    })
}

/// Where a path points, for the code it may load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    /// Empty, `/dev/null`, the variable's own earlier value.
    Inert,
    /// The system's dirs (`/usr`, `/lib`, `/opt`, …): not the agent's to
    /// write.
    System,
    /// The project (a relative path, the workspace roots).
    Project,
    /// The agent's home.
    Home,
    /// Elsewhere, or part of it built at run time.
    Unknown,
    /// A writable temp dir.
    Temp,
    /// A stream: the input, a descriptor, a kernel file.
    Stream,
}

const SYSTEM: &[&str] = &[
    "/usr/", "/lib/", "/lib64/", "/lib32/", "/opt/", "/bin/", "/sbin/", "/etc/", "/snap/", "/nix/",
];
const TEMP: &[&str] = &["/tmp", "/var/tmp", "/dev/shm", "/run/user", "/run/shm"];

/// Whether `path`, as interpreter code spells it out, names a writable
/// temp dir or a stream: code loaded from there is not the project's.
pub fn temp_or_stream(path: &str) -> bool {
    matches!(place("", path, "/", &[]), Place::Temp | Place::Stream)
}

/// Where `path` (one entry of a value) points, run in `cwd` under the
/// workspace `roots`; `name` is the variable (its own earlier value is
/// inert).
fn place(name: &str, path: &str, cwd: &str, roots: &[String]) -> Place {
    let path = path.trim();
    if path.is_empty()
        || path == "/dev/null"
        || path == format!("${name}")
        || path == format!("${{{name}}}")
    {
        return Place::Inert;
    }
    let mut path = path.to_string();
    for here in ["$(pwd)", "`pwd`", "${PWD}", "$PWD"] {
        if let Some(rest) = path.strip_prefix(here) {
            path = format!("{cwd}{rest}");
            break;
        }
    }
    let home = ["~", "$HOME", "${HOME}"]
        .iter()
        .any(|h| path == *h || path.starts_with(&format!("{h}/")));
    if !home && (path.contains('$') || path.contains('`')) {
        return if stream(&path).is_some() {
            Place::Stream
        } else {
            Place::Unknown
        };
    }
    if stream(&path).is_some() {
        return Place::Stream;
    }
    let abs = crate::lexical_path::join_path(cwd, &path);
    if stream(&abs).is_some() {
        return Place::Stream;
    }
    let under =
        |dir: &str| abs == dir || abs.starts_with(&format!("{}/", dir.trim_end_matches('/')));
    if TEMP.iter().any(|d| under(d)) {
        Place::Temp
    } else if roots.iter().any(|r| under(r)) {
        Place::Project
    } else if under("/home/agent") {
        Place::Home
    } else if SYSTEM.iter().any(|d| under(d)) {
        Place::System
    } else {
        Place::Unknown
    }
}

/// What setting `name=value` for a command run in `cwd` loads, if it is
/// worth a finding: its severity and why.
pub fn judge(name: &str, value: &str, cwd: &str, roots: &[String]) -> Option<(Severity, String)> {
    let kind = kind(name)?;
    let at = |p: &str| place(name, p, cwd, roots);
    let (severity, why) = match kind {
        Kind::Code => {
            // `LUA_INIT=@file` names a file instead.
            if let Some(file) = value.strip_prefix('@') {
                startup(at(file))?
            } else if value.trim().is_empty() {
                return None;
            } else {
                (
                    Severity::High,
                    "its value is code, run before the command's own",
                )
            }
        }
        // `ENV=production npm start`: sh reads ENV only when interactive,
        // and a word with no `/` is an app's setting far more often than
        // a startup file; a path or a stream still counts.
        Kind::StartupFile if name == "ENV" && !value.contains(['/', '$', '`', '~']) => {
            return None;
        }
        Kind::StartupFile => value
            .split(if name == "MAKEFILES" { ' ' } else { '\0' })
            .filter_map(|f| startup(at(f)))
            .max_by_key(|(s, _)| *s)?,
        Kind::SearchPath => value
            .split(if name.starts_with("LUA_") { ';' } else { ':' })
            .map(|entry| {
                // LUA_PATH's templates: `./?.lua`, `;;` the default.
                let entry = if name.starts_with("LUA_") {
                    entry.split('?').next().unwrap_or_default()
                } else {
                    entry
                };
                search_dir(at(entry))
            })
            .max_by_key(|o| o.map(|(s, _)| s))
            .flatten()?,
        Kind::Preload => value
            .split([' ', ':'])
            .filter(|lib| !lib.is_empty())
            .map(|lib| {
                // A bare library name is looked up in the system's dirs.
                if !lib.contains(['/', '$', '`', '~']) {
                    return None;
                }
                match at(lib) {
                    Place::Inert | Place::System => None,
                    Place::Project => Some((
                        Severity::Medium,
                        "it preloads a library of the project into every program",
                    )),
                    _ => Some((
                        Severity::High,
                        "it preloads a library from outside the system's dirs into every program",
                    )),
                }
            })
            .max_by_key(|o| o.map(|(s, _)| s))
            .flatten()?,
        Kind::Options(o) => options(o, value, &at)?,
        Kind::Program => program(value, &at)?,
    };
    Some((
        severity,
        format!("The command sets {name}, so {why}: code that no argument of the command shows."),
    ))
}

/// A program named by a setting: a bare name is looked up on the search
/// path (`RUSTC_WRAPPER=sccache`); a path is judged by where it lives.
fn program(value: &str, at: &dyn Fn(&str) -> Place) -> Option<(Severity, &'static str)> {
    let first = value.split_whitespace().next()?;
    let first = first.trim_matches(['"', '\'']);
    if !first.contains(['/', '$', '`', '~']) {
        return None;
    }
    by_place(
        at(first),
        "it runs a program of the project or the home in place of one of its own",
        "it runs a program from a temp dir, a stream or a path named at run time in place of one of its own",
    )
}

/// How much code chosen by a setting matters, by where it lives: none in
/// the system or inert, `own` (medium) in the project or home, `elsewhere`
/// (high) in a temp dir, a stream or a path only known at run time.
fn by_place(
    place: Place,
    own: &'static str,
    elsewhere: &'static str,
) -> Option<(Severity, &'static str)> {
    match place {
        Place::Inert | Place::System => None,
        Place::Project | Place::Home => Some((Severity::Medium, own)),
        _ => Some((Severity::High, elsewhere)),
    }
}

/// Options on an interpreter's or a tool's own command line that load
/// code before what the line shows, judged as the matching variable
/// would be: ruby's `-r`, node's `-r`/`--require`/`--import`/`--loader`,
/// php's `-d auto_prepend_file=`/`auto_append_file=`, npm's
/// `--script-shell`. `args` are the words after the program.
pub fn judge_options(
    program: &str,
    args: &[String],
    cwd: &str,
    roots: &[String],
) -> Option<(Severity, String)> {
    let at = |p: &str| place("", p, cwd, roots);
    let mut worst: Option<(Severity, &'static str)> = None;
    let mut note = |f: Option<(Severity, &'static str)>| {
        if f.is_some_and(|(s, _)| worst.is_none_or(|(w, _)| s > w)) {
            worst = f;
        }
    };
    // Each program's options that take the next word as their value;
    // options are read up to the script (or `--`), as the program does.
    let (loaders, valued): (&[&str], &[&str]) = match program {
        "ruby" => (&["-r"], &["-e", "-r", "-I", "-E", "-C", "--encoding"]),
        "node" | "nodejs" | "bun" => (
            &[
                "-r",
                "--require",
                "--import",
                "--loader",
                "--experimental-loader",
                "--preload",
            ],
            &[
                "-e",
                "-p",
                "--eval",
                "--print",
                "-r",
                "--require",
                "--import",
                "--loader",
                "--experimental-loader",
                "--preload",
                "-C",
                "--conditions",
            ],
        ),
        "php" => (
            &["-d"],
            &["-d", "-r", "-c", "-f", "-B", "-R", "-F", "-E", "-z", "-t"],
        ),
        "npm" | "pnpm" | "yarn" => (&["--script-shell"], &["--script-shell"]),
        _ => (&[], &[]),
    };
    for spec in tool_loads(program, args) {
        note(loaded(&spec, &at));
    }
    let npm = matches!(program, "npm" | "pnpm" | "yarn");
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a == "--" {
            break;
        }
        // npm's subcommand and script names come before its options.
        if !a.starts_with('-') && !npm {
            break;
        }
        let name = loaders.iter().find(|l| {
            a == **l
                || a.starts_with(&format!("{l}="))
                || (l.len() == 2 && a.len() > 2 && a.starts_with(**l))
        });
        let value = name.and_then(|l| {
            if a == *l {
                args.get(i + 1).cloned()
            } else {
                let v = &a[l.len()..];
                Some(v.strip_prefix('=').unwrap_or(v).to_string())
            }
        });
        if let Some(v) = value {
            note(match program {
                "php" => v.split_once('=').and_then(|(key, file)| {
                    let file = file.trim().trim_matches(['"', '\'']);
                    if !matches!(key.trim(), "auto_prepend_file" | "auto_append_file")
                        || file.is_empty()
                        || file == "none"
                    {
                        return None;
                    }
                    // A relative name is found on the include path, the
                    // project's first.
                    let spec = if file.starts_with(['/', '.', '~', '$', '`']) {
                        file.to_string()
                    } else {
                        format!("./{file}")
                    };
                    loaded(&spec, &at)
                }),
                "npm" | "pnpm" | "yarn" => self::program(&v, &at),
                _ => loaded(&v, &at),
            });
        }
        i += if valued.contains(&a.as_str()) { 2 } else { 1 };
    }
    // On the command line the loaded file is in sight: the project's or
    // the home's own passes; only code from where no one looks is held.
    let (severity, why) = worst.filter(|(s, _)| *s >= Severity::High)?;
    Some((
        severity,
        format!(
            "The command's own options make {program} load code first, so {why}: code that no argument of the command shows."
        ),
    ))
}

/// Files of code (libraries, plugins, classes, scripts, IR) a tool's own
/// options or arguments make it load or run: the JVM's class path,
/// `-jar`, `-javaagent:`/`-agentpath:`; javac's annotation processors;
/// compiler (`-fplugin=`, `-B`), linker (`-plugin`) and LLVM (`-load`,
/// `-load-pass-plugin=`) plugins; `lli`'s IR; PKCS#11 providers of
/// `ssh-keygen -D`, `ssh-add -s/-S`, `ssh -I`; openssl's dynamic engine;
/// the dynamic loader's program and `--preload`/`--audit`; pygmentize's
/// `FILE.py:Class` lexers and formatters; bash's `--rcfile`/`--init-file`
/// and `enable -f`; `gio launch`'s desktop file; `run-parts`' directory;
/// pgbench's script files (`\shell`). Each is judged by where it lives,
/// as a loader option is.
fn tool_loads(program: &str, args: &[String]) -> Vec<String> {
    // The value of `opt` (`-o V`, `-oV`, `-o=V`, `--opt=V`).
    let vals = |opts: &[&str]| -> Vec<String> {
        let mut out = Vec::new();
        for (i, a) in args.iter().enumerate() {
            for o in opts {
                if a == o {
                    out.extend(args.get(i + 1).cloned());
                } else if let Some(v) = a.strip_prefix(o) {
                    let v = v.strip_prefix('=').unwrap_or(v);
                    if !v.is_empty() && (o.len() == 2 || a.as_bytes()[o.len()] == b'=') {
                        out.push(v.to_string());
                    }
                }
            }
        }
        out
    };
    let split = |v: Vec<String>, sep: char| -> Vec<String> {
        v.iter()
            .flat_map(|x| x.split(sep).map(str::to_string))
            .filter(|x| !x.is_empty())
            .collect()
    };
    let positional = || -> Vec<String> {
        args.iter()
            .filter(|a| !a.starts_with('-'))
            .cloned()
            .collect()
    };
    let mut out = Vec::new();
    match program {
        "java" | "javaw" => {
            out.extend(split(vals(&["-cp", "-classpath", "--class-path"]), ':'));
            out.extend(vals(&["-jar"]));
            for a in args {
                for p in ["-javaagent:", "-agentpath:"] {
                    if let Some(v) = a.strip_prefix(p) {
                        out.push(v.split('=').next().unwrap_or(v).to_string());
                    }
                }
            }
        }
        "javac" => out.extend(split(
            vals(&[
                "-processorpath",
                "--processor-path",
                "--processor-module-path",
            ]),
            ':',
        )),
        "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" | "c89" | "c99" => {
            out.extend(vals(&["-fplugin", "-B"]));
            out.extend(vals(&["-fpass-plugin"]));
        }
        "ld" | "ld.bfd" | "ld.gold" | "ld.lld" | "lld" | "mold" | "gold" => {
            out.extend(vals(&["-plugin", "--plugin"]));
        }
        "opt" | "llc" | "bugpoint" => {
            out.extend(vals(&[
                "-load",
                "--load",
                "-load-pass-plugin",
                "--load-pass-plugin",
            ]));
        }
        "lli" => out.extend(positional().into_iter().take(1)),
        // gawk's extensions (shared libraries it loads).
        "gawk" => out.extend(vals(&["-l", "--load"])),
        "ssh-keygen" => out.extend(vals(&["-D"])),
        "ssh-add" => out.extend(vals(&["-s", "-S"])),
        "ssh" | "slogin" | "scp" | "sftp" => {
            out.extend(vals(&["-I", "-F"]));
            for o in vals(&["-o"]) {
                if let Some((k, v)) = o.split_once(['=', ' '])
                    && matches!(
                        k.trim().to_ascii_lowercase().as_str(),
                        "pkcs11provider" | "securitykeyprovider"
                    )
                {
                    out.push(v.trim().to_string());
                }
            }
        }
        "openssl" => {
            for v in vals(&["-pre", "-post"]) {
                if let Some(p) = v.strip_prefix("SO_PATH:") {
                    out.push(p.to_string());
                }
            }
            out.extend(vals(&["-engine", "-provider-path"]));
        }
        p if p == "ld.so" || p.starts_with("ld-linux") || p.starts_with("ld64.so") => {
            out.extend(vals(&["--preload", "--audit", "--library-path"]));
            let mut i = 0;
            while let Some(a) = args.get(i) {
                if !a.starts_with('-') {
                    out.push(a.clone());
                    break;
                }
                i += if matches!(
                    a.as_str(),
                    "--preload" | "--audit" | "--library-path" | "--argv0" | "--inhibit-rpath"
                ) {
                    2
                } else {
                    1
                };
            }
        }
        "pygmentize" => {
            for v in vals(&["-l", "-f", "-P"]) {
                if let Some((file, _)) = v.split_once(':')
                    && file.ends_with(".py")
                {
                    out.push(if file.starts_with(['/', '.', '~', '$']) {
                        file.to_string()
                    } else {
                        format!("./{file}")
                    });
                }
            }
        }
        "bash" | "rbash" => out.extend(vals(&["--rcfile", "--init-file"])),
        // Script and configuration files a program runs: their commands
        // are not on the line (a config's `ProxyCommand`, gdb's `shell`,
        // vim's `:!`, sqlite3's `.shell`, a module's top level).
        "gdb" | "gdb-multiarch" | "cgdb" => {
            out.extend(vals(&["-x", "--command", "-ix", "--init-command"]));
        }
        "vim" | "vi" | "nvim" | "ex" | "view" | "gvim" | "rvim" | "vimdiff" => {
            out.extend(vals(&["-u", "-S"]).into_iter().filter(|v| v != "NONE"));
        }
        "sqlite3" | "sqlite" => out.extend(vals(&["-init", "--init"])),
        "pydoc" | "pydoc3" => out.extend(
            args.iter()
                .filter(|a| !a.starts_with('-') && (a.contains('/') || a.ends_with(".py")))
                .cloned(),
        ),
        "keytool" | "jarsigner" => {
            out.extend(split(vals(&["-providerpath", "-providerPath"]), ':'))
        }
        "javadoc" => out.extend(split(vals(&["-docletpath", "--doclet-path"]), ':')),
        "enable" => out.extend(vals(&["-f"])),
        "gio" if args.first().is_some_and(|a| a == "launch") => out.extend(args.get(1).cloned()),
        "gtk-launch" | "run-parts" => out.extend(positional().into_iter().last()),
        "pgbench" => {
            for v in vals(&["-f", "--file"]) {
                out.push(v.rsplit_once('@').map_or(v.clone(), |(f, _)| f.to_string()));
            }
        }
        _ => {}
    }
    out
}

/// A startup file (or dir of them) at `place`.
fn startup(place: Place) -> Option<(Severity, &'static str)> {
    match place {
        Place::Inert => None,
        Place::Project | Place::Home | Place::System => {
            Some((Severity::Medium, "a startup file runs before the command"))
        }
        Place::Stream => Some((
            Severity::High,
            "a startup file read from a stream (the input, a descriptor) runs before the command",
        )),
        Place::Temp | Place::Unknown => Some((
            Severity::High,
            "a startup file from a temp dir, or one named at run time, runs before the command",
        )),
    }
}

/// A module or library dir at `place`.
fn search_dir(place: Place) -> Option<(Severity, &'static str)> {
    match place {
        Place::Inert | Place::System | Place::Project => None,
        Place::Home | Place::Unknown => Some((
            Severity::Medium,
            "modules or libraries are loaded from a dir outside the project",
        )),
        Place::Temp | Place::Stream => Some((
            Severity::High,
            "modules or libraries are loaded from a temp dir or a stream",
        )),
    }
}

/// A module or file named to be loaded (`--require X`, `-rX`,
/// `-javaagent:X`): a bare module name is resolved from the search path.
fn loaded(spec: &str, at: &dyn Fn(&str) -> Place) -> Option<(Severity, &'static str)> {
    let spec = spec.trim_matches(['"', '\'']);
    if spec.starts_with("data:") || spec.starts_with("http:") || spec.starts_with("https:") {
        return Some((
            Severity::High,
            "it loads code given in the value or fetched",
        ));
    }
    let path = spec.strip_prefix("file://").unwrap_or(spec);
    let is_path = path.starts_with(['/', '.', '~', '$', '`']) || spec.starts_with("file:");
    if !is_path {
        return None;
    }
    by_place(
        at(path),
        "it loads a file of code before the command's own",
        "it loads code from a temp dir, a stream or a path named at run time",
    )
}

const NODE_INERT: &[&str] = &[
    "--max-old-space-size",
    "--max-semi-space-size",
    "--stack-size",
    "--enable-source-maps",
    "--no-warnings",
    "--no-deprecation",
    "--trace-warnings",
    "--trace-deprecation",
    "--trace-uncaught",
    "--unhandled-rejections",
    "--openssl-legacy-provider",
    "--experimental-vm-modules",
    "--experimental-specifier-resolution",
    "--experimental-strip-types",
    "--no-experimental-fetch",
    "--dns-result-order",
    "--use-openssl-ca",
    "--use-bundled-ca",
    "--use-system-ca",
    "--max-http-header-size",
    "--preserve-symlinks",
    "--disable-warning",
    "--conditions",
    "--title",
    "--heapsnapshot-near-heap-limit",
    "--diagnostic-dir",
    "--report-on-fatalerror",
    "--tls-min-v1.2",
    "--tls-min-v1.3",
];

const MAKE_INERT: &[&str] = &[
    "no-print-directory",
    "print-directory",
    "silent",
    "quiet",
    "keep-going",
    "no-keep-going",
    "stop",
    "jobs",
    "load-average",
    "max-load",
    "output-sync",
    "no-builtin-rules",
    "no-builtin-variables",
    "always-make",
    "warn-undefined-variables",
    "ignore-errors",
    "dry-run",
    "just-print",
    "recon",
    "question",
    "environment-overrides",
    "trace",
    "debug",
    "touch",
    "no-silent",
];

/// Make variables that change how recipes run, or what make reads.
const MAKE_RISKY_VARS: &[&str] = &["SHELL", ".SHELLFLAGS", "MAKEFILES", "MAKEFLAGS", "MAKE"];

/// An options variable's value, word by word: the worst finding.
fn options(
    o: Options,
    value: &str,
    at: &dyn Fn(&str) -> Place,
) -> Option<(Severity, &'static str)> {
    const UNKNOWN: (Severity, &str) = (Severity::Medium, "it passes an option not known inert");
    let words: Vec<&str> = value.split_whitespace().collect();
    let mut worst: Option<(Severity, &'static str)> = None;
    let mut note = |f: Option<(Severity, &'static str)>| {
        if f.is_some_and(|(s, _)| worst.is_none_or(|(w, _)| s > w)) {
            worst = f;
        }
    };
    let mut i = 0;
    while let Some(&w) = words.get(i) {
        i += 1;
        // An option's value: attached with `=`, or the next word.
        let mut next = || {
            i += 1;
            words.get(i - 1).copied().unwrap_or_default()
        };
        match o {
            Options::Node => {
                let (name, attached) = match w.split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None => (w, None),
                };
                match name {
                    "-r" | "--require" | "--import" | "--loader" | "--experimental-loader" => {
                        let spec = attached.unwrap_or_else(&mut next);
                        note(loaded(spec, at));
                    }
                    n if NODE_INERT.contains(&n) => {}
                    _ => note(Some(UNKNOWN)),
                }
            }
            Options::Perl | Options::Ruby => {
                let (flag, rest) = match w.strip_prefix('-') {
                    Some(r) if !r.is_empty() && !r.starts_with('-') => {
                        r.split_at(r.chars().next().map_or(0, char::len_utf8))
                    }
                    _ => {
                        // Ruby's long options (`--disable-gems`, `--yjit`).
                        if o == Options::Ruby && w.starts_with("--") {
                            continue;
                        }
                        note(Some(UNKNOWN));
                        continue;
                    }
                };
                match (o, flag) {
                    (_, "I") => {
                        let dir = if rest.is_empty() { next() } else { rest };
                        note(search_dir(at(dir)));
                    }
                    (Options::Ruby, "r") => {
                        let lib = if rest.is_empty() { next() } else { rest };
                        note(loaded(lib, at));
                    }
                    // Perl modules by name, found on @INC.
                    (Options::Perl, "M" | "m") => {}
                    (Options::Perl, "d") => note(Some((
                        Severity::Medium,
                        "it starts perl's debugger, which runs PERL5DB",
                    ))),
                    (Options::Perl, "T" | "t" | "w" | "W" | "X" | "U" | "C" | "D")
                    | (Options::Ruby, "w" | "W" | "v" | "d" | "E" | "K" | "U" | "T") => {}
                    _ => note(Some(UNKNOWN)),
                }
            }
            Options::Java => {
                if ["-XX:OnOutOfMemoryError=", "-XX:OnError="]
                    .iter()
                    .any(|p| w.starts_with(p))
                {
                    note(Some((Severity::High, "it makes the JVM run a command")));
                } else if let Some(spec) = w
                    .strip_prefix("-javaagent:")
                    .or_else(|| w.strip_prefix("-agentpath:"))
                {
                    let path = spec.split('=').next().unwrap_or(spec);
                    note(
                        loaded(path, at)
                            .or(Some((Severity::Medium, "it loads an agent into the JVM"))),
                    );
                } else if let Some(paths) = w.strip_prefix("-Xbootclasspath/a:") {
                    for p in paths.split(':') {
                        note(search_dir(at(p)));
                    }
                }
            }
            Options::Make => {
                if let Some(long) = w.strip_prefix("--") {
                    let name = long.split('=').next().unwrap_or(long);
                    let prefix = |full: &str| name.len() >= 3 && full.starts_with(name);
                    if prefix("eval") {
                        note(Some((
                            Severity::High,
                            "it gives make makefile text to read",
                        )));
                    } else if prefix("file") || prefix("makefile") {
                        let file = long.split_once('=').map_or_else(&mut next, |(_, v)| v);
                        note(startup(at(file)));
                    } else if !MAKE_INERT.contains(&name) {
                        note(Some(UNKNOWN));
                    }
                } else if let Some((var, _)) = w.split_once('=').filter(|_| !w.starts_with('-')) {
                    if MAKE_RISKY_VARS.contains(&var) || kind(var).is_some() {
                        note(Some((
                            Severity::High,
                            "it sets a make variable that changes what runs (SHELL, MAKEFILES, …)",
                        )));
                    }
                } else {
                    // A bundle, with or without its dash (`-j8`, `ks`).
                    let bundle = w.trim_start_matches('-');
                    for (at_, c) in bundle.char_indices() {
                        match c {
                            'f' | 'E' => {
                                let rest = &bundle[at_ + 1..];
                                let text = if rest.is_empty() { next() } else { rest };
                                note(if c == 'E' {
                                    Some((Severity::High, "it gives make makefile text to read"))
                                } else {
                                    startup(at(text))
                                });
                                break;
                            }
                            // Values that end the bundle.
                            'j' | 'l' | 'O' => break,
                            'k' | 's' | 'i' | 'n' | 'q' | 'r' | 'R' | 'B' | 'e' | 'S' | 'w'
                            | 't' => {}
                            _ => {
                                note(Some(UNKNOWN));
                                break;
                            }
                        }
                    }
                }
            }
        }
    }
    worst
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sev(name: &str, value: &str) -> Option<Severity> {
        judge(name, value, "/work/app", &["/work".to_string()]).map(|(s, _)| s)
    }

    fn opt(program: &str, args: &[&str]) -> Option<Severity> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        judge_options(program, &args, "/work/app", &["/work".to_string()]).map(|(s, _)| s)
    }

    #[test]
    fn programs_named_by_settings_and_loader_options_are_judged_by_place() {
        assert_eq!(sev("RUSTC_WRAPPER", "/tmp/w.sh"), Some(Severity::High));
        assert_eq!(
            sev("npm_config_script_shell", "/dev/shm/s"),
            Some(Severity::High)
        );
        assert_eq!(
            sev("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER", "$(x)"),
            Some(Severity::High)
        );
        assert_eq!(sev("RUSTC_WRAPPER", "./tools/w.sh"), Some(Severity::Medium));
        assert_eq!(sev("RUSTC_WRAPPER", "sccache"), None);
        assert_eq!(sev("RUSTC_WRAPPER", "/usr/bin/sccache"), None);
        assert_eq!(
            opt("ruby", &["-r/tmp/h.rb", "-e", "puts 1"]),
            Some(Severity::High)
        );
        assert_eq!(opt("ruby", &["-rjson", "-e", "puts 1"]), None);
        assert_eq!(
            opt("ruby", &["-r", "json", "-r", "/tmp/h.rb", "-e", "x"]),
            Some(Severity::High)
        );
        assert_eq!(
            opt("ruby", &["-e", "puts 1", "-r/tmp/h.rb"]),
            Some(Severity::High)
        );
        assert_eq!(opt("ruby", &["script.rb", "-r/tmp/h.rb"]), None);
        assert_eq!(
            opt("node", &["--import", "data:text/javascript,x", "-e", "1"]),
            Some(Severity::High)
        );
        assert_eq!(opt("node", &["--import", "tsx", "app.ts"]), None);
        assert_eq!(opt("node", &["--require", "./test/setup.js", "t.js"]), None);
        assert_eq!(
            opt(
                "php",
                &["-d", "auto_prepend_file=/tmp/x.php", "-r", "echo 1;"]
            ),
            Some(Severity::High)
        );
        assert_eq!(
            opt("php", &["-d", "memory_limit=-1", "composer.phar"]),
            None
        );
        assert_eq!(
            opt("npm", &["run", "test", "--script-shell=/tmp/s.sh"]),
            Some(Severity::High)
        );
        assert_eq!(opt("npm", &["run", "test", "--script-shell", "bash"]), None);
    }

    #[test]
    fn code_from_streams_temp_dirs_or_the_value_itself_is_held() {
        for (n, v) in [
            ("BASH_ENV", "/dev/stdin"),
            ("BASH_ENV", "/proc/self/fd/0"),
            ("ENV", "/dev/fd/3"),
            ("BASH_ENV", "/tmp/x.sh"),
            ("BASH_ENV", "$X"),
            ("MAKEFILES", "/dev/stdin"),
            ("MAKEFILES", "Makefile.local /proc/self/fd/0"),
            ("PYTHONSTARTUP", "/dev/shm/s.py"),
            ("PERL5DB", "BEGIN { system 'id' }"),
            ("LUA_INIT", "os.execute('id')"),
            ("LUA_INIT", "@/tmp/x.lua"),
            ("NODE_OPTIONS", "--require /tmp/x.js"),
            ("NODE_OPTIONS", "--require=/dev/stdin"),
            ("NODE_OPTIONS", "-r /proc/self/fd/0"),
            ("NODE_OPTIONS", "--import=data:text/javascript,1"),
            ("PERL5OPT", "-I/tmp/lib -Mx"),
            ("RUBYOPT", "-r/tmp/x.rb"),
            ("RUBYOPT", "-r /dev/stdin"),
            ("LD_PRELOAD", "/tmp/x.so"),
            ("LD_PRELOAD", "$HOME/x.so"),
            ("LD_AUDIT", "/dev/shm/a.so"),
            ("PYTHONPATH", "/tmp/evil"),
            ("PYTHONPATH", "src:/dev/shm/x"),
            ("PYTHONHOME", "/tmp/py"),
            ("GCONV_PATH", "/tmp/g"),
            ("JAVA_TOOL_OPTIONS", "-XX:OnOutOfMemoryError=id"),
            ("JAVA_TOOL_OPTIONS", "-javaagent:/tmp/a.jar"),
            ("MAKEFLAGS", "-f/dev/stdin"),
            ("MAKEFLAGS", "--eval=x"),
            ("MAKEFLAGS", "SHELL=/tmp/sh"),
        ] {
            assert_eq!(sev(n, v), Some(Severity::High), "{n}={v}");
        }
    }

    #[test]
    fn project_startup_files_and_unknown_options_caution() {
        for (n, v) in [
            ("BASH_ENV", "./env.sh"),
            ("BASH_ENV", "/home/agent/.bashrc"),
            ("PYTHONPATH", "/home/agent/lib"),
            ("NODE_OPTIONS", "--require ./hook.js"),
            ("NODE_OPTIONS", "--inspect=0.0.0.0:9229"),
            ("LD_PRELOAD", "./build/libfake.so"),
            ("MAKEFLAGS", "-C sub"),
            ("PERL5OPT", "-d"),
        ] {
            assert_eq!(sev(n, v), Some(Severity::Medium), "{n}={v}");
        }
    }

    #[test]
    fn everyday_settings_pass() {
        for (n, v) in [
            ("PYTHONPATH", "src"),
            ("PYTHONPATH", "."),
            ("PYTHONPATH", "$PWD/src:$PYTHONPATH"),
            ("PYTHONPATH", "$(pwd)"),
            ("PYTHONPATH", "/work/app/lib"),
            ("PYTHONPATH", "/usr/lib/python3/dist-packages"),
            ("LD_LIBRARY_PATH", "target/release"),
            ("LD_LIBRARY_PATH", "/usr/local/lib:$LD_LIBRARY_PATH"),
            ("LD_PRELOAD", "libasan.so.8"),
            ("LD_PRELOAD", "/usr/lib/x86_64-linux-gnu/libfaketime.so.1"),
            ("NODE_OPTIONS", "--max-old-space-size=4096"),
            ("NODE_OPTIONS", "--import tsx --enable-source-maps"),
            ("NODE_OPTIONS", "-r ts-node/register"),
            ("RUBYOPT", "-rbundler/setup -W0"),
            ("PERL5OPT", "-MDevel::Cover"),
            ("PERL5LIB", "lib:local/lib/perl5"),
            ("MAKEFLAGS", "-j8"),
            ("MAKEFLAGS", "-j$(nproc) --no-print-directory"),
            ("MAKEFLAGS", "ks"),
            ("MAKEFLAGS", "V=1"),
            ("JAVA_TOOL_OPTIONS", "-Xmx2g -Dfile.encoding=UTF-8"),
            ("BASH_ENV", "/dev/null"),
            ("BASH_ENV", ""),
            ("NODE_ENV", "production"),
            ("ENV", "production"),
            ("RUST_LOG", "debug"),
        ] {
            assert_eq!(sev(n, v), None, "{n}={v}");
        }
    }
}
