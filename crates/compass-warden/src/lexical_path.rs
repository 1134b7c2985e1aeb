//! Paths as an agent's command names them, joined and normalised by their
//! text alone (nothing is looked up): where a command's arguments point in
//! the workload.

/// The agent's `$HOME` inside its workload.
pub(crate) const AGENT_HOME: &str = "/home/agent";

/// Join and normalise a path lexically (`..` and `.` removed).
pub fn join_path(cwd: &str, p: &str) -> String {
    let base = if p.starts_with('/') {
        String::new()
    } else if let Some(rest) = ["~", "${HOME}", "$HOME"]
        .iter()
        .find_map(|h| p.strip_prefix(h))
        .filter(|rest| rest.is_empty() || rest.starts_with('/'))
    {
        return join_path(AGENT_HOME, rest.trim_start_matches('/'));
    } else {
        cwd.to_string()
    };
    let mut parts: Vec<&str> = Vec::new();
    for seg in base.split('/').chain(p.split('/')) {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    format!("/{}", parts.join("/"))
}
