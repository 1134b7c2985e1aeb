//! Detector names: each finding's `detector`, as stored in audit records and
//! shown to the user. Code names them only through these constants, so a
//! misspelt name cannot silently split one detector in two. Rule files name
//! their own detectors (`rules/*.toml`), validated when they load.

/// What a flagged item asks for (commands, hosts, credential files), for the user.
pub const ASKS: &str = "asks";
/// An agent's native hooks stopped calling Warden.
pub const HOOK_SILENCE: &str = "hook_silence";
/// Content too large to inspect.
pub const OVERSIZED: &str = "oversized";
/// The model judge's rating.
pub const MODEL_JUDGE: &str = "model_judge";
/// The model judge's rating of an action against the agent's task.
pub const MODEL_ALIGNMENT: &str = "model_alignment";
/// The model judge could not answer (an error, a time-out, no verdict).
pub const JUDGE_FAILED: &str = "judge_failed";
/// A path or program outside the agent's workspace.
pub const OUTSIDE_WORKSPACE: &str = "outside_workspace";
/// Git hooks, git config, credential or ssh settings.
pub const GIT_CONFIG: &str = "git_config";
/// A CI workflow edit.
pub const CI_CHANGE: &str = "ci_change";
/// A secret shape in content or a written file.
pub const SECRET: &str = "secret";
/// Data (secrets, the environment) sent to the network.
pub const EXFILTRATION: &str = "exfiltration";
/// A credential or secret file touched.
pub const CREDENTIAL_ACCESS: &str = "credential_access";
/// A network destination seen for the first time.
pub const FIRST_CONTACT: &str = "first_contact";
/// A push and its ref-update plan.
pub const GIT_PUSH: &str = "git_push";
/// A push whose content Warden could not read whole: what it did not read
/// it cannot clear.
pub const PUSH_UNREAD: &str = "push_unread";
/// A git remote added or changed.
pub const GIT_REMOTE: &str = "git_remote";
/// A credential value the agent read earlier, found in what it sends.
pub const HELD_SECRET: &str = "held_secret";
/// Deleting, overwriting or wiping what cannot be restored.
pub const DESTRUCTIVE_COMMAND: &str = "destructive_command";
/// A command line the shell parser could not read.
pub const UNPARSED_COMMAND: &str = "unparsed_command";
/// Downloaded or decoded bytes run as code.
pub const FETCH_AND_EXEC: &str = "fetch_and_exec";
/// An environment setting that makes a program load code (`BASH_ENV`,
/// `LD_PRELOAD`, `NODE_OPTIONS`, …).
pub const CODE_INJECTION: &str = "code_injection";
/// Another command's output piped into an interpreter.
pub const PIPE_TO_INTERPRETER: &str = "pipe_to_interpreter";
/// A merge on the forge.
pub const REMOTE_MERGE: &str = "remote_merge";
/// A change to real infrastructure.
pub const INFRA_MUTATION: &str = "infra_mutation";
/// A release or package published.
pub const PUBLISH: &str = "publish";
/// A package installed (its scripts run with the agent's rights).
pub const PACKAGE_INSTALL: &str = "package_install";
/// Zero-width, bidi, tag characters, markup comments.
pub const HIDDEN_TEXT: &str = "hidden_text";
/// Base64/hex that decodes to instructions or commands.
pub const ENCODED_PAYLOAD: &str = "encoded_payload";
/// An agent-instruction file shipped by a dependency, not the user.
pub const UNTRUSTED_INSTRUCTIONS: &str = "untrusted_instructions";
/// Content telling an AI agent what to do.
pub const INSTRUCTION_TO_AI: &str = "instruction_to_ai";
