//! The output gate's command rules as data (`rules/commands.toml`): which
//! program, sub-command words, targets, arguments and flags make a command
//! a merge, a publish, an infrastructure change, a package install or a
//! destructive one. Like the input gate's rules, every rule carries examples
//! that are parsed and checked when the file loads, so a rule that stops
//! matching what it was written for fails the load. Named `[sets]` of words
//! are shared by rules (`"@name"`), and an `[[escalation]]` raises a rule's
//! finding when some argument matches (an install from a custom source).
//!
//! What needs parsing beyond words (push plans, payload files, redirects,
//! pipelines into interpreters) stays code in [`crate::output`].

use crate::error::WardenError;
use crate::shell::{self, SimpleCommand};
use compass_core::gate::{Finding, Severity};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// The default command rules, compiled in.
pub const DEFAULT_COMMAND_RULES: &str = include_str!("../rules/commands.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CommandRuleFile {
    version: u32,
    /// Word lists rules name as `"@name"` in any list of words or patterns.
    #[serde(default)]
    sets: BTreeMap<String, Vec<String>>,
    #[serde(default, rename = "escalation")]
    escalations: Vec<Escalation>,
    #[serde(rename = "command")]
    rules: Vec<CommandRule>,
}

/// A raised finding for the rules that name it: when some argument matches
/// `any_arg`, the rule's finding takes this severity and explanation.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Escalation {
    name: String,
    any_arg: Vec<String>,
    severity: Severity,
    /// `{program}`, `{word1}` and `{word2}` are filled in.
    explanation: String,
    /// The URL hosts in the arguments are destinations of the command.
    #[serde(default)]
    lists_hosts: bool,
    /// Lines some rule naming this escalation matches and escalates.
    #[serde(rename = "match")]
    matches: Vec<String>,
}

/// One rule: every condition given must hold.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandRule {
    pub name: String,
    /// The program (its base name), one of these patterns.
    programs: Vec<String>,
    /// The first positional words, each one of its alternatives (`"!x"`:
    /// anything but `x`, including nothing).
    #[serde(default)]
    words: Vec<Vec<String>>,
    /// Some argument matches one of these (`x` exact, `x*` prefix, `*x`
    /// suffix, `*x*` contains; ASCII case ignored).
    #[serde(default)]
    any_arg: Vec<String>,
    /// No argument matches any of these.
    #[serde(default)]
    without_args: Vec<String>,
    /// Each of these matches some argument (`-m pip … install`, wherever
    /// interpreter options with values put them).
    #[serde(default)]
    all_args: Vec<String>,
    /// Some positional word, as given or without its trailing `/`, is one
    /// of these, literally (`/*` is what the agent typed, not a pattern):
    /// what `rm -r` or `chmod -R` works on.
    #[serde(default)]
    any_target: Vec<String>,
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
    /// The `[[escalation]]` that may raise this rule's finding.
    #[serde(default)]
    escalate: Option<String>,
}

/// A rule's finding for one command, and whether the hosts in the
/// command's URLs are its destinations.
#[derive(Debug, Clone)]
pub struct Hit {
    pub finding: Finding,
    pub lists_hosts: bool,
}

/// The words of `args` that are not options.
pub(crate) fn positional(args: &[String]) -> Vec<&str> {
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
    } else if let Some(suffix) = pattern.strip_prefix('*') {
        arg.ends_with(suffix)
    } else {
        arg == pattern
    }
}

/// Whether `arg`, as given or without its trailing `/`s, matches one of
/// `patterns` (`.git//` is `.git`).
fn any_glob(patterns: &[String], arg: &str) -> bool {
    let bare = arg.trim_end_matches('/');
    patterns
        .iter()
        .any(|p| glob(p, arg) || (!bare.is_empty() && glob(p, bare)))
}

/// `list` with every `"@name"` replaced by the set's words.
fn expand(
    list: &mut Vec<String>,
    sets: &BTreeMap<String, Vec<String>>,
    rule: &str,
) -> Result<(), String> {
    let mut out = Vec::with_capacity(list.len());
    for item in list.drain(..) {
        match item.strip_prefix('@') {
            Some(set) => out.extend(
                sets.get(set)
                    .ok_or_else(|| format!("rule {rule}: no set named {set:?}"))?
                    .iter()
                    .cloned(),
            ),
            None => out.push(item),
        }
    }
    *list = out;
    Ok(())
}

impl CommandRule {
    /// Whether `cmd` is what this rule describes.
    pub fn matches(&self, cmd: &SimpleCommand) -> bool {
        if !any_glob(&self.programs, cmd.program()) {
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
            && (self.any_arg.is_empty() || args.iter().any(|a| any_glob(&self.any_arg, a)))
            && !args.iter().any(|a| any_glob(&self.without_args, a))
            && self
                .all_args
                .iter()
                .all(|p| args.iter().any(|a| any_glob(std::slice::from_ref(p), a)))
            && (self.any_target.is_empty()
                || words.iter().any(|w| {
                    let bare = w.trim_end_matches('/');
                    self.any_target.iter().any(|t| t == w || t == bare)
                }))
            && (self.any_verb.is_empty()
                || words.iter().any(|w| {
                    self.any_verb
                        .iter()
                        .any(|m| w.starts_with(m.as_str()) || w.contains(&format!("-{m}")))
                }))
            && (self.flags.is_empty() || has_flag(args, &self.flags))
            && !has_flag(args, &self.without_flags)
    }

    /// The finding for a matching command, raised by the rule's escalation
    /// when one of its arguments calls for it.
    fn hit(&self, cmd: &SimpleCommand, escalations: &[Escalation]) -> Hit {
        let raised = self
            .escalate
            .as_ref()
            .and_then(|name| escalations.iter().find(|e| &e.name == name))
            .filter(|e| cmd.args().iter().any(|a| any_glob(&e.any_arg, a)));
        let (severity, explanation, lists_hosts) = match raised {
            Some(e) => (e.severity, e.explanation.as_str(), e.lists_hosts),
            None => (self.severity, self.explanation.as_str(), false),
        };
        Hit {
            finding: Finding::new(self.detector.clone(), severity, fill(explanation, cmd)),
            lists_hosts,
        }
    }

    fn matches_line(&self, line: &str) -> Result<bool, String> {
        Ok(commands_of(line)?.iter().any(|c| self.matches(c)))
    }
}

fn commands_of(line: &str) -> Result<Vec<SimpleCommand>, String> {
    Ok(shell::parse(line).map_err(|e| e.to_string())?.commands)
}

/// An explanation with `{program}`, `{word1}` and `{word2}` filled in.
fn fill(explanation: &str, cmd: &SimpleCommand) -> String {
    let words = positional(cmd.args());
    explanation
        .replace("{program}", cmd.program())
        .replace("{word1}", words.first().copied().unwrap_or(""))
        .replace("{word2}", words.get(1).copied().unwrap_or(""))
}

/// A validated set of command rules.
#[derive(Debug, Clone)]
pub struct CommandRules {
    rules: Vec<CommandRule>,
    escalations: Vec<Escalation>,
}

impl CommandRules {
    /// Parse and validate: sets and escalations named exist, every `match`
    /// example parses and matches, no `no_match` example does, and every
    /// escalation example is raised by a rule that names it.
    pub fn load(text: &str, origin: &str) -> Result<Self, WardenError> {
        let mut file: CommandRuleFile =
            crate::rule_file::parse(text, origin, |f: &CommandRuleFile| f.version)?;
        let refused = |message: String| WardenError::Rules {
            origin: origin.to_string(),
            message,
        };
        for e in &mut file.escalations {
            expand(&mut e.any_arg, &file.sets, &e.name).map_err(refused)?;
        }
        for rule in &mut file.rules {
            for list in [
                &mut rule.programs,
                &mut rule.any_arg,
                &mut rule.without_args,
                &mut rule.all_args,
                &mut rule.any_target,
                &mut rule.flags,
                &mut rule.without_flags,
            ] {
                expand(list, &file.sets, &rule.name).map_err(refused)?;
            }
            for alts in &mut rule.words {
                expand(alts, &file.sets, &rule.name).map_err(refused)?;
            }
            if rule.programs.is_empty() {
                return Err(refused(format!("rule {}: `programs` is empty", rule.name)));
            }
            if let Some(name) = &rule.escalate
                && !file.escalations.iter().any(|e| &e.name == name)
            {
                return Err(refused(format!(
                    "rule {}: no escalation named {name:?}",
                    rule.name
                )));
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
        let rules = Self {
            rules: file.rules,
            escalations: file.escalations,
        };
        for e in &rules.escalations {
            for example in &e.matches {
                let commands = commands_of(example).map_err(|_| WardenError::RuleExample {
                    rule: e.name.clone(),
                    example: example.clone(),
                    problem: "does not parse as a command line",
                })?;
                let raised = commands.iter().any(|c| {
                    rules.rules.iter().any(|r| {
                        r.escalate.as_ref() == Some(&e.name)
                            && r.matches(c)
                            && r.hit(c, &rules.escalations).finding.severity == e.severity
                    })
                });
                if !raised {
                    return Err(WardenError::RuleExample {
                        rule: e.name.clone(),
                        example: example.clone(),
                        problem: "is not raised by a rule that names the escalation",
                    });
                }
            }
        }
        Ok(rules)
    }

    /// The compiled-in default rules.
    pub fn builtin() -> Result<Self, WardenError> {
        Self::load(DEFAULT_COMMAND_RULES, "builtin:rules/commands.toml")
    }

    pub fn rules(&self) -> &[CommandRule] {
        &self.rules
    }

    /// The hit of every rule `cmd` matches.
    pub fn hits<'a>(&'a self, cmd: &'a SimpleCommand) -> impl Iterator<Item = Hit> + 'a {
        self.rules
            .iter()
            .filter(|r| r.matches(cmd))
            .map(|r| r.hit(cmd, &self.escalations))
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
                .flat_map(|c| rules.hits(c).map(|h| h.finding.explanation))
                .collect()
        };
        assert!(hits("gh pr merge 3 --admin")[0].contains("--admin"));
        assert!(hits("gh auth status").is_empty());
        assert!(!hits("gh auth").is_empty());
        assert!(hits("aws s3 ls s3://b").is_empty());
        assert!(!hits("aws s3 cp x s3://b/x").is_empty());
        assert!(hits("kubectl get pods").is_empty());
    }

    #[test]
    fn globs_match_exact_prefix_suffix_and_inner() {
        assert!(glob("rm", "RM") && !glob("rm", "rmdir"));
        assert!(glob("mkfs*", "mkfs.ext4") && !glob("mkfs*", "xmkfs"));
        assert!(glob("*/.git", "repo/.git") && !glob("*/.git", ".git/x"));
        assert!(glob("*drop*", "db.DROP()") && !glob("*drop*", "dro"));
    }

    #[test]
    fn sets_and_escalations_are_checked_at_load() {
        let file = |extra: &str| {
            format!(
                r#"
version = 1
[sets]
sources = ["--index-url*"]
[[escalation]]
name = "custom"
any_arg = ["@sources"]
severity = "high"
explanation = "from elsewhere ({{program}})"
match = ["pip install --index-url=https://x y"]
[[command]]
name = "pip"
programs = ["pip"]
words = [["install"]]
detector = "package_install"
severity = "medium"
explanation = "installs"
{extra}
"#
            )
        };
        let rules = CommandRules::load(&file("escalate = \"custom\""), "test").unwrap();
        let cmds = commands_of("pip install --index-url=https://x y").unwrap();
        let hit = rules.hits(&cmds[0]).next().unwrap();
        assert_eq!(
            (
                hit.finding.severity,
                hit.finding.explanation.as_str(),
                hit.lists_hosts
            ),
            (Severity::High, "from elsewhere (pip)", false)
        );
        let plain = commands_of("pip install y").unwrap();
        assert_eq!(
            rules.hits(&plain[0]).next().unwrap().finding.severity,
            Severity::Medium
        );
        let err = CommandRules::load(&file(""), "test")
            .unwrap_err()
            .to_string();
        assert!(err.contains("is not raised"), "{err}");
        let err = CommandRules::load(&file("escalate = \"nope\""), "test")
            .unwrap_err()
            .to_string();
        assert!(err.contains("no escalation named"), "{err}");
        let err = CommandRules::load(&file("any_target = [\"@missing\"]"), "test")
            .unwrap_err()
            .to_string();
        assert!(err.contains("no set named"), "{err}");
    }
}
