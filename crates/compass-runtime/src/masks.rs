//! Read-only masks ([`crate::spec::Mask`]): paths in an agent's own tree
//! that one process sees as an empty directory (but for a `.gitignore`
//! ignoring everything) or an empty file, so what the agent
//! wrote there (an OpenCode plugin, a project config) is never loaded. The
//! stand-ins are the runtime's own, in the state dir outside every mount;
//! the masked path is only inspected through [`crate::agentfs`], never
//! followed, read or written by the host.

use crate::agentfs::AgentTree;
use crate::error::RuntimeError;
use crate::layout::{INNER_HOME, INNER_WORK, Layout};
use crate::refusal::Refusal;
use crate::spec::{ExecSpec, Mask, MaskShape};
use std::path::{Path, PathBuf};

/// Where the stand-in of `shape` lives under the state dir (never mounted
/// whole); the in-sandbox check ([`crate::mask_check`]) knows a mask's
/// mount by this name.
pub(crate) fn stand_in_name(shape: MaskShape) -> &'static str {
    match shape {
        MaskShape::Dir => "masks/empty-dir",
        MaskShape::File => "masks/empty-file",
    }
}

/// The host path to bind read-only over `mask`, after checking what the
/// agent's tree holds there now: nothing (the bind creates an empty
/// entry), or an entry of the stand-in's own shape. A link, or an entry of
/// another shape, refuses the spawn: a link would carry the mask elsewhere.
/// The check and the bind are not atomic (another live process of the
/// workload could swap the entry in between): the sandbox checks again
/// from inside, after the mounts, before the command ([`crate::mask_check`]).
pub(crate) fn stand_in(layout: &Layout, mask: &Mask) -> Result<PathBuf, RuntimeError> {
    crate::checks::path("mask", &mask.path)?;
    let (root, rel) = agent_tree(layout, &mask.path)?;
    let found = AgentTree::open(&root)?.kind(&rel)?;
    if let Some(found) = found.filter(|k| *k != mask.shape.kind()) {
        return Err(RuntimeError::Refused {
            path: root.join(&rel),
            why: Refusal::NotMaskable {
                found,
                stand_in: mask.shape.kind(),
            },
        });
    }
    ensure(layout, mask.shape)
}

/// Make each mask's entry (and the dirs above it) where nothing is, empty,
/// through [`crate::agentfs`], before the exec is registered as live: a
/// process started beside it then finds every path it must pin there
/// ([`crate::pins`]), where bwrap would only make it later. An entry already
/// there is checked by [`stand_in`].
pub(crate) fn create_missing(layout: &Layout, masks: &[Mask]) -> Result<(), RuntimeError> {
    for mask in masks {
        crate::checks::path("mask", &mask.path)?;
        let (root, rel) = agent_tree(layout, &mask.path)?;
        AgentTree::open(&root)?.create(&rel, mask.shape.kind())?;
    }
    Ok(())
}

/// Refuse an exec with masks on a backend that cannot give a process a
/// view of its own (fail closed: the masked config would load).
pub(crate) fn unsupported(backend: &'static str, exec: &ExecSpec) -> Result<(), RuntimeError> {
    if exec.masks.is_empty() {
        return Ok(());
    }
    Err(RuntimeError::Unsupported {
        backend,
        operation: "mask paths read-only for one process (an agent kind's `provision.masked`)",
        why: "only the sandbox backend gives each process its own mounts; run this kind there",
    })
}

/// The agent-writable tree holding `inner` (`/work` or `$HOME` inside),
/// and the path below it.
fn agent_tree(layout: &Layout, inner: &Path) -> Result<(PathBuf, PathBuf), RuntimeError> {
    for (root, host) in [(INNER_WORK, &layout.work), (INNER_HOME, &layout.home)] {
        if let Ok(rel) = inner.strip_prefix(root)
            && rel.components().next().is_some()
        {
            return Ok((host.clone(), rel.to_path_buf()));
        }
    }
    Err(RuntimeError::Refused {
        path: inner.to_path_buf(),
        why: Refusal::Escapes,
    })
}

/// The empty stand-in of `shape`, made on first use.
fn ensure(layout: &Layout, shape: MaskShape) -> Result<PathBuf, RuntimeError> {
    let path = layout.state_dir.join(stand_in_name(shape));
    let io = |what: &'static str| move |e| RuntimeError::io(what, e);
    if let Some(dir) = path.parent() {
        fs_err::create_dir_all(dir).map_err(io("creating the mask stand-ins"))?;
    }
    match shape {
        MaskShape::Dir => {
            fs_err::create_dir_all(&path).map_err(io("creating an empty mask dir"))?;
            // A program that keeps a `.gitignore` in its config dir finds
            // one (OpenCode writes its own when missing, and stops when it
            // cannot), and git shows nothing of the masked dir.
            let ignore = path.join(".gitignore");
            if !ignore.is_file() {
                fs_err::write(&ignore, b"*\n").map_err(io("creating a mask dir's .gitignore"))?;
            }
        }
        MaskShape::File if !path.is_file() => {
            fs_err::write(&path, b"").map_err(io("creating an empty mask file"))?;
        }
        MaskShape::File => {}
    }
    // Readable by whoever the agent runs as inside (the daemon's umask may
    // be strict, and OpenCode must see the `.gitignore`); the bind is
    // read-only whatever the mode.
    let readable = |p: &Path, mode| {
        use std::os::unix::fs::PermissionsExt;
        fs_err::set_permissions(p, std::fs::Permissions::from_mode(mode))
            .map_err(io("making a mask stand-in readable"))
    };
    if shape == MaskShape::Dir {
        readable(&path.join(".gitignore"), 0o644)?;
        readable(&path, 0o755)?;
    } else {
        readable(&path, 0o644)?;
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout() -> (tempfile::TempDir, Layout) {
        let dir = tempfile::tempdir().unwrap();
        let layout = Layout::new(dir.path());
        for d in [&layout.work, &layout.home] {
            fs_err::create_dir_all(d).unwrap();
        }
        (dir, layout)
    }

    fn mask(path: &str, shape: MaskShape) -> Mask {
        Mask {
            path: path.into(),
            shape,
        }
    }

    #[test]
    fn a_missing_or_same_shaped_entry_gets_an_empty_stand_in() {
        let (_dir, l) = layout();
        fs_err::create_dir_all(l.work.join("app/.opencode/plugin")).unwrap();
        fs_err::write(l.work.join("app/opencode.json"), "{}").unwrap();
        for m in [
            mask("/work/app/.opencode", MaskShape::Dir),
            mask("/work/app/opencode.json", MaskShape::File),
            mask("/work/app/opencode.jsonc", MaskShape::File),
            mask("/home/agent/.opencode", MaskShape::Dir),
        ] {
            let src = stand_in(&l, &m).unwrap();
            assert!(src.starts_with(&l.state_dir) && !src.starts_with(&l.work));
            match m.shape {
                MaskShape::Dir => {
                    let names: Vec<_> = fs_err::read_dir(&src)
                        .unwrap()
                        .map(|e| e.unwrap().file_name())
                        .collect();
                    assert_eq!(names, [".gitignore"]);
                }
                MaskShape::File => assert_eq!(fs_err::read(&src).unwrap(), b""),
            }
        }
    }

    #[test]
    fn a_link_another_shape_or_a_path_outside_the_agent_trees_is_refused() {
        let (_dir, l) = layout();
        fs_err::create_dir_all(l.work.join("app")).unwrap();
        std::os::unix::fs::symlink("/home/agent/x", l.work.join("app/.opencode")).unwrap();
        fs_err::write(l.work.join("app/opencode.json"), "{}").unwrap();
        std::os::unix::fs::symlink("/tmp", l.work.join("linked")).unwrap();
        for (m, why) in [
            (mask("/work/app/.opencode", MaskShape::Dir), "symlink"),
            (
                mask("/work/app/opencode.json", MaskShape::Dir),
                "regular file",
            ),
            (mask("/work/linked/.opencode", MaskShape::Dir), "symlink"),
            (mask("/etc/opencode", MaskShape::Dir), "plain relative path"),
            (mask("/work", MaskShape::Dir), "plain relative path"),
            (mask("/work/../etc/x", MaskShape::Dir), ""),
        ] {
            let err = stand_in(&l, &m).unwrap_err().to_string();
            assert!(err.contains(why), "{}: {err}", m.path.display());
        }
        assert!(stand_in(&l, &mask("/work/app/.opencode", MaskShape::Dir)).is_err());
    }

    #[test]
    fn backends_without_their_own_mounts_refuse_masks() {
        let mut exec = ExecSpec {
            argv: vec!["opencode".into()],
            ..ExecSpec::default()
        };
        assert!(unsupported("host", &exec).is_ok());
        exec.masks.push(mask("/work/app/.opencode", MaskShape::Dir));
        let err = unsupported("host", &exec).unwrap_err().to_string();
        assert!(err.contains("mask") && err.contains("sandbox"), "{err}");
    }
}
