//! Destructive database commands the command rules cannot see by their
//! arguments alone: SQL a client reads on its input (`echo 'DROP …' |
//! psql`, a here-document) as well as in its arguments, statements that
//! overwrite every row (`UPDATE … SET` with no `WHERE`), and a key-value
//! delete whose keys arrive on its input (`… --scan | xargs redis-cli
//! DEL`), a bulk delete. Clearing a whole store (`FLUSHALL`) and MongoDB
//! drops are rules in `rules/commands.toml`.

use crate::shell::SimpleCommand;
use crate::sql::{SQL_CLIENTS, is_sql_client, sql_destroys};

/// Key-value store clients.
const KV_CLIENTS: &[&str] = &["redis-cli", "valkey-cli", "keydb-cli"];

/// What a database command destroys, as an explanation, if anything.
pub fn destroys(cmd: &SimpleCommand) -> Option<String> {
    let program = cmd.program();
    if SQL_CLIENTS.contains(&program) {
        let text = cmd
            .args()
            .iter()
            .map(String::as_str)
            .chain(cmd.stdin.as_deref())
            .collect::<Vec<_>>()
            .join(" ");
        return sql_destroys(&text)
            .map(|what| format!("The command {what} in a database ({program})."));
    }
    if KV_CLIENTS.contains(&program) && kv_bulk_delete(cmd) {
        return Some(format!(
            "The command deletes the keys its input lists, a bulk delete ({program})."
        ));
    }
    None
}

/// Options of each SQL client that name a file of SQL (or commands) to
/// run.
fn file_options(program: &str) -> &'static [&'static str] {
    match program {
        "psql" => &["-f", "--file"],
        "sqlite3" | "duckdb" => &["-init", "-f"],
        "sqlcmd" => &["-i"],
        "clickhouse-client" => &["--queries-file"],
        "cockroach" => &["-f", "--file"],
        _ => &[],
    }
}

/// SQL a client runs that the line does not spell out: a file of SQL
/// (`psql -f x.sql`), its input redirected from a file (`psql < x.sql`) or
/// piped from a command that is no `echo` (`curl … | psql`). Returns the
/// explanation.
pub fn sql_unseen(cmd: &SimpleCommand) -> Option<String> {
    let program = cmd.program();
    if !is_sql_client(program) {
        return None;
    }
    let args = cmd.args();
    let from_file = args.iter().enumerate().find_map(|(i, a)| {
        file_options(program).iter().find_map(|o| {
            if a == o {
                args.get(i + 1).cloned()
            } else {
                a.strip_prefix(&format!("{o}=")).map(str::to_string)
            }
        })
    });
    let redirected = cmd
        .redirects
        .iter()
        .any(|r| r.op.trim_start_matches(|c: char| c.is_ascii_digit()) == "<");
    let piped = cmd.stage > 0 && cmd.stdin.is_none();
    let what = match (from_file, redirected, piped) {
        (Some(f), _, _) => format!("from the file {f}"),
        (None, true, _) => "from a file on its input".to_string(),
        (None, false, true) => "from another command's output".to_string(),
        _ => return None,
    };
    Some(format!(
        "The command runs SQL {what} in a database ({program}); the SQL is not on the line, so what it changes cannot be judged."
    ))
}

/// A `DEL`/`UNLINK` run by `xargs` (or `-x`, the last argument read from
/// the input): the keys are whatever the input lists.
fn kv_bulk_delete(cmd: &SimpleCommand) -> bool {
    let deletes = cmd
        .args()
        .iter()
        .any(|a| a.eq_ignore_ascii_case("del") || a.eq_ignore_ascii_case("unlink"));
    let keys_from_input =
        cmd.wrappers.iter().any(|w| w == "xargs") || cmd.args().iter().any(|a| a == "-x");
    deletes && keys_from_input
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::parse;
    use crate::sql::*;

    fn destroyed(line: &str) -> bool {
        parse(line)
            .unwrap()
            .commands
            .iter()
            .any(|c| destroys(c).is_some())
    }

    #[test]
    fn sql_in_arguments_or_input_that_destroys_is_found() {
        for line in [
            "psql \"$DATABASE_URL\" -c 'DROP DATABASE production;'",
            "mysql -e 'truncate table orders'",
            "echo 'DROP SCHEMA public CASCADE;' | psql -h db app",
            "psql app <<'SQL'\nBEGIN;\nDELETE FROM users;\nCOMMIT;\nSQL",
            "sqlite3 app.db <<< 'drop table accounts'",
            "sqlite3 prod.sqlite3 \"UPDATE users SET password_hash = ''\"",
            "mysql shop -e 'ALTER TABLE orders DROP COLUMN total'",
            "redis-cli --scan --pattern 'session:*' | xargs redis-cli DEL",
        ] {
            assert!(destroyed(line), "{line}");
        }
        for line in [
            "psql app -c 'SELECT count(*) FROM users'",
            "sqlite3 var/app.db '.tables'",
            "psql app -c \"UPDATE users SET name = 'x' WHERE id = 3\"",
            "echo 'select 1;' | psql app",
            "redis-cli -h localhost PING",
            "redis-cli DEL session:42",
            "psql -c 'CREATE TABLE t (id int)'",
        ] {
            assert!(!destroyed(line), "{line}");
        }
    }

    /// Review 26 §4: comments between words, a `WHERE` only in a comment,
    /// the multi-table delete.
    #[test]
    fn sql_written_around_comments_is_read_as_it_runs() {
        for sql in [
            "DROP/**/TABLE t",
            "DELETE/**/FROM users",
            "UPDATE users SET pw='' /* where */",
            "UPDATE users SET pw='' -- where",
            "UPDATE users SET pw='' # where",
            "DELETE u FROM users u",
            "DELETE LOW_PRIORITY u FROM users u JOIN x ON u.id = x.id",
            "UPDATE users SET pw = 'WHERE'",
            "select 1--1; drop table t",
            "/*!50000 DROP TABLE t */",
            "DO $$ BEGIN EXECUTE 'DROP TABLE t'; END $$",
            "UPDATE t SET a = $x$ where $x$",
        ] {
            assert!(sql_destroys(sql).is_some(), "{sql}");
        }
        for sql in [
            "UPDATE t SET a = 'x;' WHERE id = 1",
            "UPDATE users SET pw='' WHERE id = 1 -- the one user",
            "SELECT * FROM users -- the list",
            "select 1",
        ] {
            assert!(sql_destroys(sql).is_none(), "{sql}");
        }
    }

    #[test]
    fn sql_clients_shell_escapes_are_shell_strings() {
        let argv = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let cases: [(&str, Vec<String>, Option<&str>, &str); 10] = [
            (
                "sqlite3",
                argv(&["sqlite3", ":memory:", ".shell id"]),
                None,
                "id",
            ),
            (
                "sqlite3",
                argv(&["sqlite3", "x.db", ".system 'id -u'"]),
                None,
                "id -u",
            ),
            (
                "sqlite3",
                argv(&["sqlite3", "x.db", ".output |id"]),
                None,
                "id",
            ),
            ("duckdb", argv(&["duckdb"]), Some(".once '|id'"), "id"),
            (
                "sqlite3",
                argv(&["sqlite3", "x.db", ".import '|id' t"]),
                None,
                "id",
            ),
            ("psql", argv(&["psql", "-c", r"\! id"]), None, "id"),
            ("psql", argv(&["psql"]), Some(r"select 1 \g |id"), "id"),
            (
                "psql",
                argv(&["psql", "-c", "copy t to program 'id'"]),
                None,
                "id",
            ),
            ("mysql", argv(&["mysql", "-e", "system id"]), None, "id"),
            ("mysql", argv(&["mysql"]), Some("pager id"), "id"),
        ];
        for (program, args, stdin, want) in cases {
            let (commands, unknown) = shell_escapes(program, &args, stdin);
            assert_eq!(commands, [want], "{args:?} {stdin:?}");
            assert!(!unknown);
        }
        for (program, args) in [
            ("sqlite3", argv(&["sqlite3", "x.db", ".load ./x.so"])),
            ("psql", argv(&["psql", "-c", r"select 'x' \gexec"])),
            ("psql", argv(&["psql", "-c", "copy t from program $$id$$"])),
        ] {
            assert!(shell_escapes(program, &args, None).1, "{args:?}");
        }
        let (commands, unknown) = shell_escapes(
            "sqlite3",
            &argv(&["sqlite3", "x.db", ".tables", "select 1"]),
            None,
        );
        assert!(commands.is_empty() && !unknown);
    }
}
