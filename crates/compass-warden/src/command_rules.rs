//! The output gate's command rules as data (`rules/commands.toml`): which
//! program, sub-command words, arguments and flags make a command a merge,
//! a publish or an infrastructure change. Like the input gate's rules, every
//! rule carries examples that are parsed and checked when the file loads, so
//! a rule that stops matching what it was written for fails the load.
//!
//! What needs parsing beyond words (push plans, payload files, redirects,
//! pipelines into interpreters, deletion targets) stays code in
//! [`crate::output`].

use crate::error::WardenError;
use crate::shell::{self, SimpleCommand};
use compass_core::gate::{Finding, Severity};
use serde::Deserialize;
use std::sync::LazyLock;

/// The default command rules, compiled in.
pub const DEFAULT_COMMAND_RULES: &str = include_str!("../rules/commands.toml");

#[derive(Debug, Deserialize)]
struct CommandRuleFile {
    version: u32,
    #[serde(rename = "command")]
    rules: Vec<CommandRule>,
}

/// One rule: every condition given must hold.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandRule {
    pub name: String,
    /// The program (its base name), one of these.
    programs: Vec<String>,
    /// The first positional words, each one of its alternatives (`"!x"`:
    /// anything but `x`, including nothing).
    #[serde(default)]
    words: Vec<Vec<String>>,
    /// Some argument matches one of these (`x` exact, `x*` prefix, `*x*`
    /// contains; ASCII case ignored).
    #[serde(default)]
    any_arg: Vec<String>,
    /// Some positional word is, or has a `-`-separated part that starts
    /// with, one of these verbs (`delete-stack`, `deploy`).
    #[serde(default)]
    any_verb: Vec<String>,
    /// One of these flags is given (short flags may be bundled).
    #[serde(default)]
    flags: Vec<String>,
    /// None of these flags is given.
    #[serde(default)]
    without_flags: Vec<String>,
    pub detector: String,
    pub severity: Severity,
    /// `{program}`, `{word1}` and `{word2}` are filled in.
    explanation: String,
    #[serde(default, rename = "match")]
    matches: Vec<String>,
    #[serde(default)]
    no_match: Vec<String>,
}

fn positional(args: &[String]) -> Vec<&str> {
    args.iter()
        .filter(|a| !a.starts_with('-'))
        .map(String::as_str)
        .collect()
}

/// `-x`/`--long` given, `--long=value`, or a short flag inside a bundle.
pub fn has_flag(args: &[String], flags: &[impl AsRef<str>]) -> bool {
    args.iter().any(|a| {
        flags.iter().map(AsRef::as_ref).any(|f| {
            a == f
                || (f.starts_with("--") && a.starts_with(&format!("{f}=")))
                || (!f.starts_with("--")
                    && f.len() == 2
                    && a.starts_with('-')
                    && !a.starts_with("--")
                    && a.len() > 2
                    && a[1..].contains(&f[1..]))
        })
    })
}

/// ASCII case-insensitive (`DROP TABLE` and `drop table` alike).
fn glob(pattern: &str, arg: &str) -> bool {
    let (pattern, arg) = (pattern.to_ascii_lowercase(), arg.to_ascii_lowercase());
    let (pattern, arg) = (pattern.as_str(), arg.as_str());
    if let Some(inner) = pattern.strip_prefix('*').and_then(|p| p.strip_suffix('*')) {
        arg.contains(inner)
    } else if let Some(prefix) = pattern.strip_suffix('*') {
        arg.starts_with(prefix)
    } else {
        arg == pattern
    }
}

impl CommandRule {
    /// Whether `cmd` is what this rule describes.
    pub fn matches(&self, cmd: &SimpleCommand) -> bool {
        let prog = cmd.program();
        if !self.programs.iter().any(|p| p == prog) {
            return false;
        }
        let args = cmd.args();
        let words = positional(args);
        let words_hold = self.words.iter().enumerate().all(|(i, alts)| {
            let word = words.get(i).copied().unwrap_or("");
            alts.iter().any(|alt| match alt.strip_prefix('!') {
                Some(not) => word != not,
                None => word == alt,
            })
        });
        words_hold
            && (self.any_arg.is_empty()
                || args.iter().any(|a| self.any_arg.iter().any(|p| glob(p, a))))
            && (self.any_verb.is_empty()
                || words.iter().any(|w| {
                    self.any_verb
                        .iter()
                        .any(|m| w.starts_with(m.as_str()) || w.contains(&format!("-{m}")))
                }))
            && (self.flags.is_empty() || has_flag(args, &self.flags))
            && !has_flag(args, &self.without_flags)
    }

    /// The finding for a matching command.
    pub fn finding(&self, cmd: &SimpleCommand) -> Finding {
        let words = positional(cmd.args());
        let explanation = self
            .explanation
            .replace("{program}", cmd.program())
            .replace("{word1}", words.first().copied().unwrap_or(""))
            .replace("{word2}", words.get(1).copied().unwrap_or(""));
        Finding::new(self.detector.clone(), self.severity, explanation)
    }

    fn matches_line(&self, line: &str) -> Result<bool, String> {
        let parsed = shell::parse(line).map_err(|e| e.to_string())?;
        Ok(parsed.commands.iter().any(|c| self.matches(c)))
    }
}

/// A validated set of command rules.
#[derive(Debug, Clone)]
pub struct CommandRules {
    rules: Vec<CommandRule>,
}

impl CommandRules {
    /// Parse and validate: every `match` example parses and matches, no
    /// `no_match` example does.
    pub fn load(text: &str, origin: &str) -> Result<Self, WardenError> {
        let file: CommandRuleFile =
            crate::detect::parse_rule_file(text, origin, |f: &CommandRuleFile| f.version)?;
        for rule in &file.rules {
            if rule.programs.is_empty() {
                return Err(WardenError::Rules {
                    origin: origin.to_string(),
                    message: format!("rule {}: `programs` is empty", rule.name),
                });
            }
            let check = |example: &String, want: bool, problem| {
                let got = rule
                    .matches_line(example)
                    .map_err(|_| WardenError::RuleExample {
                        rule: rule.name.clone(),
                        example: example.clone(),
                        problem: "does not parse as a command line",
                    })?;
                if got == want {
                    Ok(())
                } else {
                    Err(WardenError::RuleExample {
                        rule: rule.name.clone(),
                        example: example.clone(),
                        problem,
                    })
                }
            };
            for ex in &rule.matches {
                check(ex, true, "should match but does not")?;
            }
            for ex in &rule.no_match {
                check(ex, false, "should not match but does")?;
            }
        }
        Ok(Self { rules: file.rules })
    }

    /// The compiled-in default rules.
    pub fn builtin() -> Result<Self, WardenError> {
        Self::load(DEFAULT_COMMAND_RULES, "builtin:rules/commands.toml")
    }

    pub fn rules(&self) -> &[CommandRule] {
        &self.rules
    }

    /// Findings of every rule `cmd` matches.
    pub fn findings<'a>(&'a self, cmd: &'a SimpleCommand) -> impl Iterator<Item = Finding> + 'a {
        self.rules
            .iter()
            .filter(|r| r.matches(cmd))
            .map(|r| r.finding(cmd))
    }
}

/// The built-in command rules, loaded once. [`crate::warden::Warden::new`]
/// fails when they do not load; the output gate then never runs on them.
pub static BUILTIN: LazyLock<Result<CommandRules, String>> =
    LazyLock::new(|| CommandRules::builtin().map_err(|e| e.to_string()));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_rules_load_with_their_examples() {
        let rules = CommandRules::builtin().unwrap();
        assert!(rules.rules().len() > 20);
    }

    #[test]
    fn a_rule_whose_example_fails_does_not_load() {
        let bad = r#"
version = 1
[[command]]
name = "x"
programs = ["gh"]
words = [["pr"], ["merge"]]
detector = "remote_merge"
severity = "high"
explanation = "e"
match = ["gh pr view 1"]
"#;
        let err = CommandRules::load(bad, "test").unwrap_err().to_string();
        assert!(err.contains("should match but does not"), "{err}");
        let bad = bad.replace(
            r#"match = ["gh pr view 1"]"#,
            r#"no_match = ["gh pr merge 1"]"#,
        );
        let err = CommandRules::load(&bad, "test").unwrap_err().to_string();
        assert!(err.contains("should not match but does"), "{err}");
        let unknown = bad.replace("severity = \"high\"", "severity = \"high\"\nprogram = 1");
        assert!(CommandRules::load(&unknown, "test").is_err());
    }

    #[test]
    fn conditions_combine() {
        let rules = CommandRules::builtin().unwrap();
        let hits = |line: &str| -> Vec<String> {
            let p = shell::parse(line).unwrap();
            p.commands
                .iter()
                .flat_map(|c| rules.findings(c).map(|f| f.explanation))
                .collect()
        };
        assert!(hits("gh pr merge 3 --admin")[0].contains("--admin"));
        assert!(hits("gh auth status").is_empty());
        assert!(!hits("gh auth").is_empty());
        assert!(hits("aws s3 ls s3://b").is_empty());
        assert!(!hits("aws s3 cp x s3://b/x").is_empty());
        assert!(hits("kubectl get pods").is_empty());
    }
}
