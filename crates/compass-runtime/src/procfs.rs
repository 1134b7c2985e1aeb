//! Just enough of `/proc` to find a workload's processes: parent, process
//! group, session, state, start time and pid namespace of every process.
//!
//! Boundary: read-only; signalling lives with the backends.

/// One line of `/proc/<pid>/stat`, the fields we use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ProcStat {
    pub(crate) pid: i32,
    pub(crate) ppid: i32,
    pub(crate) pgrp: i32,
    pub(crate) state: char,
    pub(crate) starttime: u64,
}

impl ProcStat {
    pub(crate) fn is_zombie(&self) -> bool {
        matches!(self.state, 'Z' | 'X')
    }
}

fn parse_stat(pid: i32, text: &str) -> Option<ProcStat> {
    // `comm` is in parentheses and may itself contain spaces or ')'.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After comm: state(0) ppid(1) pgrp(2) session(3) ... starttime(19).
    Some(ProcStat {
        pid,
        state: fields.first()?.chars().next()?,
        ppid: fields.get(1)?.parse().ok()?,
        pgrp: fields.get(2)?.parse().ok()?,
        starttime: fields.get(19)?.parse().ok()?,
    })
}

/// The stat of one process, if it exists.
pub(crate) fn stat(pid: i32) -> Option<ProcStat> {
    let text = fs_err::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_stat(pid, &text)
}

/// Every process currently visible.
pub(crate) fn all() -> Vec<ProcStat> {
    let Ok(entries) = fs_err::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter_map(stat)
        .collect()
}

/// Every live (non-zombie) pid whose ancestry reaches `root` (inclusive).
pub(crate) fn descendants(root: i32) -> Vec<i32> {
    let procs = all();
    let mut found = vec![root];
    let mut i = 0;
    while i < found.len() {
        let parent = found[i];
        for p in &procs {
            if p.ppid == parent && !found.contains(&p.pid) {
                found.push(p.pid);
            }
        }
        i += 1;
    }
    found
        .into_iter()
        .filter(|pid| procs.iter().any(|p| p.pid == *pid && !p.is_zombie()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_comm_with_spaces_and_parens() {
        let line = "42 (a b) c)) S 1 42 42 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 777 0 0";
        let s = parse_stat(42, line).unwrap();
        assert_eq!((s.ppid, s.pgrp, s.state, s.starttime), (1, 42, 'S', 777));
    }

    #[test]
    fn sees_itself() {
        let me = std::process::id() as i32;
        assert_eq!(stat(me).unwrap().pid, me);
    }
}
