//! Every value the runtime hands to bubblewrap or podman is checked here
//! first. bwrap reads its options from a NUL-separated args file, so a NUL
//! inside a value would end it early and turn the rest into new options
//! (`--bind / /hostroot`); podman's `--env-file` is line-based and its `-v`
//! splits on `:`; a path or name that starts with `-` reads as an option.
//! Each error names the field (`RuntimeError::Invalid { what, why }`).
//!
//! Boundary: pure checks and the args-file encoding; no I/O.

use crate::error::RuntimeError;
use crate::spec::ExecSpec;
use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

fn invalid(what: &'static str, why: String) -> RuntimeError {
    RuntimeError::Invalid { what, why }
}

/// An environment variable name: `[A-Za-z_][A-Za-z0-9_]*`.
pub(crate) fn env_key(key: &str) -> Result<(), RuntimeError> {
    if compass_core::env_name::is_env_name(key) {
        Ok(())
    } else {
        Err(invalid(
            "environment variable name",
            format!("{key:?} is not a variable name ([A-Za-z_][A-Za-z0-9_]*)"),
        ))
    }
}

/// An environment value bwrap can carry: anything but NUL. The value itself
/// is never shown (it may be a secret).
pub(crate) fn env_value(key: &str, value: &str) -> Result<(), RuntimeError> {
    if value.contains('\0') {
        return Err(invalid(
            "environment variable value",
            format!("the value of {key} contains a NUL byte"),
        ));
    }
    Ok(())
}

/// A value for a line-based env file (podman `--env-file`): no NUL, no
/// line break.
pub(crate) fn env_line_value(key: &str, value: &str) -> Result<(), RuntimeError> {
    env_value(key, value)?;
    if value.contains(['\n', '\r']) {
        return Err(invalid(
            "environment variable value",
            format!("the value of {key} contains a line break, which an env file cannot carry"),
        ));
    }
    Ok(())
}

/// A whole environment: every name and value.
pub(crate) fn env(vars: &BTreeMap<String, String>) -> Result<(), RuntimeError> {
    for (k, v) in vars {
        env_key(k)?;
        env_value(k, v)?;
    }
    Ok(())
}

/// A path handed to bwrap or podman: absolute (so it never starts with
/// `-`), no NUL, no line break.
pub(crate) fn path(what: &'static str, p: &Path) -> Result<(), RuntimeError> {
    let bytes = p.as_os_str().as_bytes();
    if !p.is_absolute() {
        return Err(invalid(what, format!("{} is not absolute", p.display())));
    }
    if bytes.iter().any(|b| matches!(b, 0 | b'\n' | b'\r')) {
        return Err(invalid(
            what,
            format!("{:?} contains a NUL or a line break", p.as_os_str()),
        ));
    }
    Ok(())
}

/// A name handed to an engine (hostname, container, image): not empty, no
/// leading `-`, no NUL, no whitespace.
pub(crate) fn name(what: &'static str, raw: &str) -> Result<(), RuntimeError> {
    if raw.is_empty() || raw.starts_with('-') || raw.chars().any(|c| c == '\0' || c.is_whitespace())
    {
        return Err(invalid(
            what,
            format!("{raw:?} must be non-empty, not start with '-', and hold no NUL or whitespace"),
        ));
    }
    Ok(())
}

/// An exec: a program to run, no NUL in any argument, a valid cwd and
/// environment.
pub(crate) fn exec(exec: &ExecSpec) -> Result<(), RuntimeError> {
    if exec.argv.is_empty() {
        return Err(invalid(
            "argv",
            "argv is empty; name the program to run".to_owned(),
        ));
    }
    if let Some(i) = exec.argv.iter().position(|a| a.contains('\0')) {
        return Err(invalid("argv", format!("argument {i} contains a NUL byte")));
    }
    if let Some(cwd) = &exec.cwd {
        path("cwd", cwd)?;
    }
    env(&exec.env)
}

/// bwrap's `--args` file: every option and value, each followed by a NUL.
/// Built only through checked pushes; [`ArgsFile::encode`] refuses a NUL
/// anywhere, so no byte sequence can split one value into two options.
#[derive(Debug, Default)]
pub(crate) struct ArgsFile {
    args: Vec<Vec<u8>>,
}

impl ArgsFile {
    /// Options and fixed values the runtime itself spells.
    pub(crate) fn fixed(&mut self, parts: &[&'static str]) {
        self.args
            .extend(parts.iter().map(|p| p.as_bytes().to_vec()));
    }

    /// `flag` followed by checked paths (`--bind HOST INNER`, `--chdir DIR`).
    pub(crate) fn paths(
        &mut self,
        what: &'static str,
        flag: &'static str,
        paths: &[&Path],
    ) -> Result<(), RuntimeError> {
        for p in paths {
            path(what, p)?;
        }
        self.args.push(flag.as_bytes().to_vec());
        self.args
            .extend(paths.iter().map(|p| p.as_os_str().as_bytes().to_vec()));
        Ok(())
    }

    /// `--symlink TARGET PATH`: the target may be relative (a merged-/usr
    /// link such as `usr/bin`) but is still free of NUL and line breaks.
    pub(crate) fn symlink(&mut self, target: &Path, at: &Path) -> Result<(), RuntimeError> {
        let t = target.as_os_str().as_bytes();
        if t.is_empty() || t.starts_with(b"-") || t.iter().any(|b| matches!(b, 0 | b'\n' | b'\r')) {
            return Err(invalid(
                "symlink target",
                format!("{target:?} is not a plain path"),
            ));
        }
        path("symlink path", at)?;
        self.args.push(b"--symlink".to_vec());
        self.args.push(t.to_vec());
        self.args.push(at.as_os_str().as_bytes().to_vec());
        Ok(())
    }

    /// `--bind-fd FD PATH`: bind what the open descriptor `fd` is at `at`.
    pub(crate) fn bind_fd(&mut self, fd: i32, at: &Path) -> Result<(), RuntimeError> {
        path("pin", at)?;
        self.args.push(b"--bind-fd".to_vec());
        self.args.push(fd.to_string().into_bytes());
        self.args.push(at.as_os_str().as_bytes().to_vec());
        Ok(())
    }

    /// `--setenv KEY VALUE`.
    pub(crate) fn setenv(&mut self, key: &str, value: &str) -> Result<(), RuntimeError> {
        env_key(key)?;
        env_value(key, value)?;
        self.fixed(&["--setenv"]);
        self.args.push(key.as_bytes().to_vec());
        self.args.push(value.as_bytes().to_vec());
        Ok(())
    }

    /// `--hostname NAME`.
    pub(crate) fn hostname(&mut self, raw: &str) -> Result<(), RuntimeError> {
        name("hostname", raw)?;
        self.fixed(&["--hostname"]);
        self.args.push(raw.as_bytes().to_vec());
        Ok(())
    }

    /// The file's bytes.
    pub(crate) fn encode(&self) -> Result<Vec<u8>, RuntimeError> {
        encode(&self.args)
    }
}

/// NUL-terminate every argument; refuse any argument holding a NUL (the
/// one byte that would change how bwrap splits the file).
pub(crate) fn encode<A: AsRef<[u8]>>(args: &[A]) -> Result<Vec<u8>, RuntimeError> {
    let mut body = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let a = a.as_ref();
        if a.contains(&0) {
            return Err(invalid(
                "bwrap argument",
                format!(
                    "argument {i} ({:?}…) contains a NUL byte",
                    OsStr::from_bytes(&a[..a.len().min(16)])
                ),
            ));
        }
        body.extend_from_slice(a);
        body.push(0);
    }
    Ok(body)
}

/// How bwrap reads an args file back: NUL-terminated strings.
#[cfg(test)]
pub(crate) fn decode(body: &[u8]) -> Vec<Vec<u8>> {
    let Some(stripped) = body.strip_suffix(&[0]) else {
        return if body.is_empty() {
            Vec::new()
        } else {
            vec![body.to_vec()]
        };
    };
    stripped.split(|b| *b == 0).map(<[u8]>::to_vec).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any argument list either encodes to a file bwrap reads back as
        /// exactly that list, or is refused (it held a NUL).
        #[test]
        fn args_file_round_trips_or_refuses(args in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..12), 0..8)) {
            match encode(&args) {
                Ok(body) => prop_assert_eq!(decode(&body), args),
                Err(_) => prop_assert!(args.iter().any(|a| a.contains(&0))),
            }
        }

        /// A `--setenv` from any key and value yields exactly three
        /// arguments, or is refused: no value can smuggle in an option.
        #[test]
        fn setenv_cannot_inject_options(key in "\\PC{0,6}|[A-Z_]{1,6}", value in any::<String>()) {
            let mut file = ArgsFile::default();
            match file.setenv(&key, &value).and_then(|()| file.encode()) {
                Ok(body) => {
                    let back = decode(&body);
                    prop_assert_eq!(back, vec![b"--setenv".to_vec(), key.into_bytes(), value.into_bytes()]);
                }
                Err(RuntimeError::Invalid { what, .. }) => {
                    prop_assert!(what.starts_with("environment variable"));
                    prop_assert!(env_key(&key).is_err() || value.contains('\0'));
                }
                Err(other) => prop_assert!(false, "unexpected error {other}"),
            }
        }

        /// A bind from any two paths is four arguments, or refused.
        #[test]
        fn binds_cannot_inject_options(a in any::<Vec<u8>>(), b in any::<Vec<u8>>()) {
            let (pa, pb) = (Path::new(OsStr::from_bytes(&a)), Path::new(OsStr::from_bytes(&b)));
            let mut file = ArgsFile::default();
            if file.paths("mount", "--bind", &[pa, pb]).is_ok() {
                let back = decode(&file.encode().unwrap());
                prop_assert_eq!(back, vec![b"--bind".to_vec(), a, b]);
            }
        }
    }

    #[test]
    fn a_nul_in_an_env_value_is_refused_by_name() {
        let mut file = ArgsFile::default();
        let err = file
            .setenv("X", "a\0--bind\0/\0/hostroot")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("environment variable value") && err.contains('X'),
            "{err}"
        );
        assert!(!err.contains("hostroot"), "the value is not echoed: {err}");
    }

    #[test]
    fn paths_and_names_are_checked() {
        for bad in ["relative", "/a\nb", "/a\0b", ""] {
            assert!(path("mount", Path::new(bad)).is_err(), "{bad:?}");
        }
        for bad in ["-rf", "", "a b", "a\0"] {
            assert!(name("hostname", bad).is_err(), "{bad:?}");
        }
        for bad in ["", "1A", "A-B", "A=B", "A\0"] {
            assert!(env_key(bad).is_err(), "{bad:?}");
        }
        assert!(env_line_value("K", "a\nb").is_err());
        let bad_argv = ExecSpec {
            argv: vec!["sh".into(), "a\0b".into()],
            ..ExecSpec::default()
        };
        assert!(exec(&bad_argv).unwrap_err().to_string().contains("argv"));
        let bad_cwd = ExecSpec {
            argv: vec!["sh".into()],
            cwd: Some("-rf".into()),
            ..ExecSpec::default()
        };
        assert!(exec(&bad_cwd).unwrap_err().to_string().contains("cwd"));
    }
}
