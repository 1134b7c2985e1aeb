//! Destructive database commands the command rules cannot see by their
//! arguments alone: SQL a client reads on its input (`echo 'DROP …' |
//! psql`, a here-document) as well as in its arguments, statements that
//! overwrite every row (`UPDATE … SET` with no `WHERE`), and a key-value
//! delete whose keys arrive on its input (`… --scan | xargs redis-cli
//! DEL`), a bulk delete. Clearing a whole store (`FLUSHALL`) and MongoDB
//! drops are rules in `rules/commands.toml`.

use crate::shell::SimpleCommand;

/// SQL clients: their arguments and their input are SQL.
const SQL_CLIENTS: &[&str] = &[
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "sqlcmd",
    "clickhouse-client",
    "cockroach",
    "duckdb",
];

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

/// What SQL text destroys: a drop, a truncation, a delete, an update of
/// every row, a column or constraint dropped.
fn sql_destroys(text: &str) -> Option<&'static str> {
    let text = text.to_ascii_lowercase();
    for statement in text.split(';') {
        let words: Vec<&str> = statement
            .split(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == '(')
            .filter(|w| !w.is_empty())
            .collect();
        let has = |w: &str| words.contains(&w);
        let after = |first: &str, then: &str| {
            words
                .windows(2)
                .any(|pair| pair[0] == first && pair[1] == then)
        };
        if has("drop") && !has("alter") || has("dropdb") {
            return Some("drops a database, schema or table");
        }
        if has("truncate") {
            return Some("truncates a table");
        }
        if after("delete", "from") {
            return Some("deletes rows");
        }
        if has("update") && has("set") && !has("where") {
            return Some("overwrites every row of a table (`UPDATE` with no `WHERE`)");
        }
        if has("alter") && has("drop") {
            return Some("drops a column or constraint");
        }
    }
    None
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
}
