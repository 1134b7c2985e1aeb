//! Paths that name a stream rather than a file: a program handed
//! `/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0` or `/proc/$$/fd/0` as its
//! script (or makefile, or startup file) reads its code from its input,
//! and one handed another descriptor (`/dev/fd/3`, `/dev/tty`,
//! `/proc/…/fd/N`) reads code nothing on the line spells out.
//!
//! The test is by shape, after lexical normalisation (`//`, `.`, `..`), and
//! fails closed: anything under `/dev/` or `/proc/` other than `/dev/null`,
//! and a relative path that climbs (`..`) into a `dev` or `proc` directory,
//! is a stream of unknown content unless it is one of the spellings of
//! descriptor 0.

/// What a path names, when it names no ordinary file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// The process's own input (descriptor 0).
    Stdin,
    /// Another descriptor, a terminal or a kernel file: its content is not
    /// on the line.
    Unknown,
}

/// Whether `path` names a stream, and which.
pub fn stream(path: &str) -> Option<Stream> {
    if path.contains('$') || path.contains('`') {
        // `/proc/$$/fd/0`, `/dev/fd/$n`: a stream when the literal part
        // lives under /dev or /proc.
        let literal = path.split(['$', '`']).next().unwrap_or_default();
        if !(literal.starts_with("/dev") || literal.starts_with("/proc")) {
            return None;
        }
        return Some(if fd_zero(path) {
            Stream::Stdin
        } else {
            Stream::Unknown
        });
    }
    let norm = normalise(path);
    if norm == "/dev/null" {
        return None;
    }
    let climbs_in = !path.starts_with('/')
        && path.split('/').any(|s| s == "..")
        && path.split('/').any(|s| s == "dev" || s == "proc");
    if !(norm.starts_with("/dev/") || norm.starts_with("/proc/") || climbs_in) {
        return None;
    }
    Some(if fd_zero(&norm) {
        Stream::Stdin
    } else {
        Stream::Unknown
    })
}

/// `/dev/stdin`, `/dev/fd/0`, `/proc/<pid>/fd/0` (any pid spelling:
/// `self`, `thread-self`, `$$`, a number).
fn fd_zero(path: &str) -> bool {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    matches!(
        segments.as_slice(),
        ["dev", "stdin"] | ["dev", "fd", "0"] | ["proc", _, "fd", "0"]
    )
}

/// A path with `//`, `.` and `..` folded lexically.
fn normalise(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for s in path.split('/') {
        match s {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    let joined = out.join("/");
    if path.starts_with('/') {
        format!("/{joined}")
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_stdin_is_stdin() {
        for p in [
            "/dev/stdin",
            "/dev/fd/0",
            "/proc/self/fd/0",
            "/proc/thread-self/fd/0",
            "/proc/$$/fd/0",
            "/proc/1234/fd/0",
            "//dev//stdin",
            "/dev/./stdin",
            "/tmp/../dev/stdin",
        ] {
            assert_eq!(stream(p), Some(Stream::Stdin), "{p}");
        }
    }

    #[test]
    fn other_descriptors_and_kernel_files_are_unknown_streams() {
        for p in [
            "/dev/fd/3",
            "/dev/fd/63",
            "/dev/tty",
            "/dev/pts/0",
            "/proc/self/fd/5",
            "/proc/self/environ",
            "/dev/fd/$n",
            "../../../../dev/stdin/../tty",
            "../../proc/self/fd/7",
        ] {
            assert_eq!(stream(p), Some(Stream::Unknown), "{p}");
        }
    }

    #[test]
    fn files_are_no_streams() {
        for p in [
            "script.py",
            "./build.tcl",
            "/work/app/main.py",
            "/dev/null",
            "src/dev/tool.py",
            "$HOME/x.py",
            "devices/stdin.py",
        ] {
            assert_eq!(stream(p), None, "{p}");
        }
    }
}
