//! SQL as text: which programs are SQL clients, the statements a text
//! holds (comments and string literals told apart from code), whether they
//! destroy data, and the shell commands a client's own commands run. Apart
//! from [`crate::databases`], which judges a parsed command line with
//! these, so that interpreter code (`crate::code_strings`) can use them
//! without the shell parser.

/// SQL clients: their arguments and their input are SQL.
pub(crate) const SQL_CLIENTS: &[&str] = &[
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "sqlcmd",
    "clickhouse-client",
    "cockroach",
    "duckdb",
];

/// Where a SQL word was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ctx {
    Code,
    /// Inside a string literal, a quoted identifier or a dollar-quoted
    /// body (which `EXECUTE` and `DO` run as SQL).
    Literal,
    /// Inside a comment (MySQL runs `/*! … */`, and `--` is no comment
    /// there unless a space follows).
    Comment,
}

/// SQL read into statements of words (identifier characters only,
/// lowercased), each with where it was read. Statements end at a `;` in
/// code.
pub(crate) fn sql_statements(text: &str) -> Vec<Vec<(String, Ctx)>> {
    let chars: Vec<char> = text.chars().collect();
    let mut statements = vec![Vec::new()];
    let mut word = String::new();
    let mut i = 0;
    let flush = |word: &mut String, ctx: Ctx, statements: &mut Vec<Vec<(String, Ctx)>>| {
        if !word.is_empty()
            && let Some(s) = statements.last_mut()
        {
            s.push((std::mem::take(word).to_ascii_lowercase(), ctx));
        }
    };
    // Read the words of `chars[from..to]` in `ctx`.
    let words_of = |from: usize, to: usize, ctx: Ctx, statements: &mut Vec<Vec<(String, Ctx)>>| {
        let mut w = String::new();
        for &c in &chars[from..to.min(chars.len())] {
            if c.is_alphanumeric() || c == '_' {
                w.push(c);
            } else {
                flush(&mut w, ctx, statements);
            }
        }
        flush(&mut w, ctx, statements);
    };
    while let Some(&c) = chars.get(i) {
        let next = chars.get(i + 1).copied();
        let region_end = match (c, next) {
            ('-', Some('-')) | ('#', _) => {
                let end = chars[i..]
                    .iter()
                    .position(|&c| c == '\n')
                    .map_or(chars.len(), |p| i + p);
                Some((i + 1, end, end, Ctx::Comment))
            }
            ('/', Some('*')) => {
                let end = (i + 2..chars.len().saturating_sub(1))
                    .find(|&k| chars[k] == '*' && chars[k + 1] == '/')
                    .unwrap_or(chars.len());
                Some((i + 2, end, (end + 2).min(chars.len()), Ctx::Comment))
            }
            ('\'' | '"' | '`', _) => {
                let mut k = i + 1;
                while k < chars.len() && chars[k] != c {
                    k += if chars[k] == '\\' { 2 } else { 1 };
                }
                Some((i + 1, k, (k + 1).min(chars.len()), Ctx::Literal))
            }
            ('$', _) => {
                // `$tag$ … $tag$`.
                let tag_len = chars[i + 1..]
                    .iter()
                    .position(|&c| !(c.is_alphanumeric() || c == '_'))
                    .filter(|&p| chars.get(i + 1 + p) == Some(&'$'));
                tag_len.map(|p| {
                    let tag: String = chars[i..i + p + 2].iter().collect();
                    let body = i + p + 2;
                    let rest: String = chars[body..].iter().collect();
                    let end = rest
                        .find(&tag)
                        .map_or(chars.len(), |b| body + rest[..b].chars().count());
                    (body, end, (end + p + 2).min(chars.len()), Ctx::Literal)
                })
            }
            _ => None,
        };
        if let Some((from, to, resume, ctx)) = region_end {
            flush(&mut word, Ctx::Code, &mut statements);
            words_of(from, to, ctx, &mut statements);
            i = resume.max(i + 1);
            continue;
        }
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, Ctx::Code, &mut statements);
            if c == ';' {
                statements.push(Vec::new());
            }
        }
        i += 1;
    }
    flush(&mut word, Ctx::Code, &mut statements);
    statements
}

/// What SQL text destroys: a drop, a truncation, a delete, an update of
/// every row, a column or constraint dropped. Words are read whatever
/// separates them (`DROP/**/TABLE`), in comments and literals too (MySQL
/// runs `/*! … */`, and dynamic SQL runs literals); a `WHERE` counts only
/// in code.
pub(crate) fn sql_destroys(text: &str) -> Option<&'static str> {
    for statement in sql_statements(text) {
        let words: Vec<&str> = statement.iter().map(|(w, _)| w.as_str()).collect();
        let has = |w: &str| words.contains(&w);
        let position = |w: &str| words.iter().position(|x| *x == w);
        let code_where = statement
            .iter()
            .any(|(w, ctx)| w == "where" && *ctx == Ctx::Code);
        if has("drop") && !has("alter") || has("dropdb") {
            return Some("drops a database, schema or table");
        }
        if has("truncate") {
            return Some("truncates a table");
        }
        // `DELETE FROM t`, `DELETE t FROM t JOIN …`, `DELETE LOW_PRIORITY …`.
        if let Some(d) = position("delete")
            && words[d + 1..].contains(&"from")
        {
            return Some("deletes rows");
        }
        if has("update") && has("set") && !code_where {
            return Some("overwrites every row of a table (`UPDATE` with no `WHERE`)");
        }
        if has("alter") && has("drop") {
            return Some("drops a column or constraint");
        }
    }
    None
}

/// Whether `program` is a SQL client.
pub(crate) fn is_sql_client(program: &str) -> bool {
    SQL_CLIENTS.contains(&program)
}

/// The shell commands a SQL client's own commands run, from its arguments
/// and the input the line spells out: sqlite3's and duckdb's `.shell`,
/// `.system`, `.output |cmd`, `.once |cmd`, `.import |cmd`, `.read |cmd`;
/// psql's `\! cmd`, `\o |cmd`, `\g |cmd`, `\w |cmd`, `\copy … program
/// 'cmd'` and `COPY … PROGRAM 'cmd'` (run by the server); mysql's `system
/// cmd`, `\! cmd`, `pager cmd`, `\P cmd`. And whether something runs that
/// cannot be judged: an extension loaded (`.load`), an editor, `\gexec`
/// (query results run as SQL), a `PROGRAM` command not one literal.
pub(crate) fn shell_escapes(
    program: &str,
    argv: &[String],
    stdin: Option<&str>,
) -> (Vec<String>, bool) {
    let mut commands = Vec::new();
    let mut unknown = false;
    let texts = argv.iter().skip(1).map(String::as_str).chain(stdin);
    for text in texts {
        for line in text.lines() {
            let line = line.trim_start();
            let lower = line.to_ascii_lowercase();
            // sqlite3/duckdb dot-commands, at a line's start.
            if let Some(dot) = lower.strip_prefix('.')
                && matches!(program, "sqlite3" | "duckdb")
            {
                let (name, rest) = dot.split_once(char::is_whitespace).unwrap_or((dot, ""));
                let rest = line[line.len() - rest.len()..].trim();
                match name {
                    "shell" | "system" => commands.push(unquote(rest)),
                    "output" | "once" | "import" | "read" => {
                        // Options first (`-x`, `--csv`); then the file,
                        // which may be `|cmd`: quoted, its text; bare, the
                        // rest of the line (reading more only judges more).
                        let mut arg = rest;
                        while arg.starts_with('-') {
                            arg = arg
                                .split_once(char::is_whitespace)
                                .map_or("", |(_, r)| r)
                                .trim_start();
                        }
                        let file = match arg.chars().next() {
                            Some(q @ ('\'' | '"')) => {
                                arg[1..].split(q).next().unwrap_or_default().to_string()
                            }
                            _ => arg.to_string(),
                        };
                        if let Some(cmd) = file.strip_prefix('|') {
                            commands.push(cmd.trim().to_string());
                        } else if name == "once"
                            && rest.split_whitespace().any(|w| w == "-e" || w == "-x")
                        {
                            unknown = true;
                        }
                    }
                    "load" | "excel" | "edit" => unknown = true,
                    _ => {}
                }
                continue;
            }
            // psql and mysql backslash commands, anywhere in a line.
            for (at, _) in line.match_indices('\\') {
                let rest = &line[at + 1..];
                let (name, arg) =
                    rest.split_at(rest.find(char::is_whitespace).unwrap_or(rest.len()));
                let arg = arg.trim();
                match name {
                    "!" => commands.push(arg.to_string()),
                    n if n.starts_with('!') => commands.push(format!("{} {arg}", &n[1..])),
                    "o" | "out" | "g" | "w" | "write" if arg.starts_with('|') => {
                        commands.push(arg[1..].trim().to_string());
                    }
                    "P" if program != "psql" => commands.push(arg.to_string()),
                    "gexec" | "e" | "edit" | "ef" | "ev" => unknown = true,
                    _ => {}
                }
            }
            if matches!(program, "mysql" | "mariadb") {
                let (name, arg) = lower
                    .split_once(char::is_whitespace)
                    .unwrap_or((&lower, ""));
                let arg = line[line.len() - arg.len()..].trim().trim_end_matches(';');
                if matches!(name, "system" | "pager") && !arg.is_empty() {
                    commands.push(arg.to_string());
                }
            }
            // `COPY … FROM/TO PROGRAM 'cmd'` (psql's `\copy` too).
            if let Some(at) = lower.find("program") {
                let before_ok = lower[..at].contains("copy");
                if before_ok {
                    let rest = line[at + "program".len()..].trim_start();
                    match rest.chars().next() {
                        Some('\'') => match rest[1..].find('\'') {
                            Some(end) => commands.push(rest[1..1 + end].replace("''", "'")),
                            None => unknown = true,
                        },
                        _ => unknown = true,
                    }
                }
            }
        }
    }
    (commands, unknown)
}

/// A word with one pair of surrounding quotes removed.
fn unquote(s: &str) -> String {
    let s = s.trim();
    for q in ['\'', '"'] {
        if let Some(inner) = s.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner.to_string();
        }
    }
    s.to_string()
}
