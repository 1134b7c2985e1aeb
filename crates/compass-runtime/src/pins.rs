//! Pins: what keeps a mask ([`crate::spec::Mask`]) where it was laid while
//! the workload's other processes run. A mask is a mount in its own
//! process's mount namespace only: renaming or removing the masked entry
//! from another namespace detaches it (Linux ≥ 3.18), and renaming a
//! directory above it carries it away and leaves a fresh, agent-writable
//! path at the old name. But a path that is a mount point in the caller's
//! own namespace cannot be renamed or removed there (`EBUSY`).
//!
//! So while a masked process lives, every process of its workload has each
//! masked path, and every directory between it and its tree's root (`/work`
//! or `$HOME`, mount points already), as a mount point of its own: the
//! masked process its stand-ins and a self-bind of each directory above
//! them (its own tools could rename those too); every other process a
//! self-bind of each (it sees and writes the agent's real files, so git run
//! for the host never sees an empty stand-in). The runtime keeps, per
//! workload, what each live process pins ([`LiveExecs`]); a masked process
//! that would start beside one that does not pin its paths is refused
//! ([`Unpinned`]): a running process's mounts cannot be added to.
//!
//! A self-bind's source is the agent's own entry, which a host-side path
//! would reach through any link the agent put there. So the sandbox's
//! wrapper execs the runtime's binary host-side first ([`OPEN_FLAG`],
//! [`open_and_exec`]): it opens each pinned entry beneath its tree through
//! [`crate::agentfs`] (no link, no `..`, no mount crossed), path-only, as
//! the descriptor bwrap's `--bind-fd` then binds (bwrap checks that what it
//! mounted is that inode). Inside, the masks' check
//! ([`crate::mask_check`]) finds each pin the top mount at its path,
//! showing that very path of the tree, before the command starts.

use crate::agentfs::AgentTree;
use crate::error::RuntimeError;
use crate::layout::{INNER_HOME, INNER_WORK, Layout};
use crate::procfs;
use crate::spec::{ExecSpec, Mask, MaskShape, Mount};
use nix::fcntl::{FcntlArg, fcntl};
use std::collections::{BTreeMap, BTreeSet};
use std::os::fd::OwnedFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};

/// The first argument that selects the host-side pin opener.
pub const OPEN_FLAG: &str = "--compass-open-pins";

/// The first descriptor a pin takes in bwrap: far above its stdio (0-2),
/// its args file (3), the command's stdin and stdout (4, 5) and whatever
/// the opener holds while it opens, so each pin lands on exactly its own.
pub(crate) const FIRST_FD: i32 = 100;

/// A path one process has as a self-bind: it sees the real entry, and
/// nobody in its namespace can rename or remove it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pin<'a> {
    pub path: &'a Path,
    pub shape: MaskShape,
}

/// The tree (`/work` or `$HOME` inside) holding `inner`, and the path below
/// it; `None` for the tree roots themselves and anything outside them.
pub(crate) fn tree_of(inner: &Path) -> Option<(&'static str, &Path)> {
    [INNER_WORK, INNER_HOME].into_iter().find_map(|root| {
        let rel = inner.strip_prefix(root).ok()?;
        rel.components().next().is_some().then_some((root, rel))
    })
}

/// The dirs strictly between `mask`'s path and its tree's root.
fn dirs_above(mask: &Mask) -> impl Iterator<Item = &Path> {
    mask.path
        .ancestors()
        .skip(1)
        .take_while(|d| tree_of(d).is_some())
}

/// What one exec has as mount points of its own: its masks' paths and the
/// dirs above them, and for the masks of `others` (the workload's live
/// masked processes) their paths and dirs above, pinned. Sorted by path, so
/// a dir is bound before anything inside it.
fn pins_for<'a>(own: &'a [Mask], others: &[&'a Mask]) -> BTreeMap<&'a Path, Option<MaskShape>> {
    // `None`: the exec's own stand-in sits there (a mount point already).
    let mut at: BTreeMap<&Path, Option<MaskShape>> = BTreeMap::new();
    for mask in own.iter().chain(others.iter().copied()) {
        for dir in dirs_above(mask) {
            at.entry(dir).or_insert(Some(MaskShape::Dir));
        }
    }
    for mask in others {
        at.entry(&mask.path).or_insert(Some(mask.shape));
    }
    for mask in own {
        at.insert(&mask.path, None);
    }
    at
}

/// The pins an exec needs that are not its own stand-ins, shallowest first.
pub(crate) fn pins<'a>(own: &'a [Mask], others: &[&'a Mask]) -> Vec<Pin<'a>> {
    pins_for(own, others)
        .into_iter()
        .filter_map(|(path, shape)| shape.map(|shape| Pin { path, shape }))
        .collect()
}

/// A masked exec's start refused: processes of its workload that were
/// running before it do not pin its paths, and any of them could rename one
/// away once its masks are laid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unpinned {
    /// The programs (file names) still running without its pins.
    pub running: Vec<String>,
}

/// One process of a workload, as far as pins go.
#[derive(Debug)]
struct LiveExec {
    id: u64,
    masks: Vec<Mask>,
    /// Every path it has as a mount point of its own.
    pinned: BTreeSet<PathBuf>,
    /// The program's file name, to name it in a refusal.
    program: String,
    /// Its bwrap's pid and start time once spawned (a spawned process is
    /// live until that pid is gone); `None` while starting, or for an exec
    /// whose caller ends it when the exec returns. A start time that could
    /// not be read is `None`: the entry then lives as long as any process
    /// holds that pid (a reused pid keeps it longer, never shorter).
    process: Option<(i32, Option<u64>)>,
}

/// The live processes of one workload and what each pins.
#[derive(Debug, Default)]
pub(crate) struct LiveExecs {
    next: u64,
    execs: Vec<LiveExec>,
}

/// What [`LiveExecs::reserve`] gives a new exec: its id, and the masks of
/// the workload's live masked processes it must pin.
#[derive(Debug)]
pub(crate) struct Reserved {
    pub id: u64,
    pub others: Vec<Mask>,
}

impl LiveExecs {
    /// Forget spawned processes whose bwrap is gone.
    fn prune(&mut self) {
        self.execs.retain(|e| match e.process {
            None => true,
            Some((pid, start)) => procfs::stat(pid)
                .is_some_and(|s| !s.is_zombie() && start.is_none_or(|start| s.starttime == start)),
        });
    }

    /// Register `exec` as starting: it will pin the masks of every live
    /// masked process. A masked exec is refused while a live process does
    /// not pin its paths.
    pub(crate) fn reserve(&mut self, exec: &ExecSpec) -> Result<Reserved, Unpinned> {
        self.prune();
        let needed: BTreeSet<&Path> = pins_for(&exec.masks, &[]).into_keys().collect();
        let mut running: Vec<String> = self
            .execs
            .iter()
            .filter(|e| needed.iter().any(|p| !e.pinned.contains(*p)))
            .map(|e| e.program.clone())
            .collect();
        if !running.is_empty() {
            running.sort();
            running.dedup();
            return Err(Unpinned { running });
        }
        let others: Vec<Mask> = self
            .execs
            .iter()
            .flat_map(|e| e.masks.iter())
            .filter(|m| !exec.masks.contains(m))
            .cloned()
            .collect();
        let other_refs: Vec<&Mask> = others.iter().collect();
        let pinned = pins_for(&exec.masks, &other_refs)
            .into_keys()
            .map(Path::to_path_buf)
            .collect();
        self.next += 1;
        self.execs.push(LiveExec {
            id: self.next,
            masks: exec.masks.clone(),
            pinned,
            program: program_name(exec),
            process: None,
        });
        Ok(Reserved {
            id: self.next,
            others,
        })
    }

    /// The exec `id` runs as bwrap `pid`: live until that pid is gone.
    pub(crate) fn started(&mut self, id: u64, pid: i32) {
        self.started_at(id, pid, procfs::stat(pid).map(|s| s.starttime));
    }

    /// [`Self::started`] with the start time read (`None`: unknown, and
    /// the entry is kept while the pid is in use: fail closed).
    fn started_at(&mut self, id: u64, pid: i32, start: Option<u64>) {
        if let Some(e) = self.execs.iter_mut().find(|e| e.id == id) {
            e.process = Some((pid, start));
        }
    }

    /// The exec `id` has ended (or never started).
    pub(crate) fn ended(&mut self, id: u64) {
        self.execs.retain(|e| e.id != id);
    }
}

/// argv\[0\]'s file name, in plain characters only (it lands in an error
/// the person reads).
fn program_name(exec: &ExecSpec) -> String {
    let first = exec.argv.first().map(String::as_str).unwrap_or_default();
    let base = Path::new(first)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    base.chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        .take(40)
        .collect()
}

/// Check the pins host-side before anything starts, for a clear error: each
/// lies outside the workload's mounts and holds an entry of its shape (a
/// pin binds what is there; a dir above a mask must exist to be pinned).
/// The opener checks again right before bwrap, and the sandbox after.
pub(crate) fn check(
    layout: &Layout,
    mounts: &[Mount],
    pins: &[Pin<'_>],
) -> Result<(), RuntimeError> {
    for pin in pins {
        let (tree, rel) = host_tree(layout, pin.path)?;
        if let Some(m) = mounts
            .iter()
            .find(|m| pin.path.starts_with(&m.workload_path))
        {
            return Err(RuntimeError::Invalid {
                what: "mask",
                why: format!(
                    "{} lies in the mounted dir {}, which masks cannot pin; mask only the agent's own tree",
                    pin.path.display(),
                    m.workload_path.display()
                ),
            });
        }
        let found = AgentTree::open(&tree)?.kind(rel)?;
        if found != Some(pin.shape.kind()) {
            return Err(RuntimeError::Refused {
                path: tree.join(rel),
                why: crate::refusal::Refusal::NotPinnable {
                    found,
                    pinned: pin.shape.kind(),
                },
            });
        }
    }
    Ok(())
}

/// The host dir of the tree holding `inner`, and the path below it.
fn host_tree<'p>(layout: &Layout, inner: &'p Path) -> Result<(PathBuf, &'p Path), RuntimeError> {
    match tree_of(inner) {
        Some((INNER_WORK, rel)) => Ok((layout.work.clone(), rel)),
        Some((_, rel)) => Ok((layout.home.clone(), rel)),
        None => Err(RuntimeError::Refused {
            path: inner.to_path_buf(),
            why: crate::refusal::Refusal::Escapes,
        }),
    }
}

/// The opener's arguments for `pins` (the wrapper appends `-- bwrap ...`):
/// `OPEN_FLAG (--dir|--file TREE REL)...`, the pin at index `i` taking
/// descriptor `FIRST_FD + i`.
pub(crate) fn open_args(layout: &Layout, pins: &[Pin<'_>]) -> Result<Vec<PathBuf>, RuntimeError> {
    let mut out = vec![PathBuf::from(OPEN_FLAG)];
    for pin in pins {
        let (tree, rel) = host_tree(layout, pin.path)?;
        crate::checks::path("pinned tree", &tree)?;
        // Relative, so it is checked here: plain components only.
        if rel
            .components()
            .any(|c| !matches!(c, std::path::Component::Normal(_)))
            || rel
                .as_os_str()
                .to_string_lossy()
                .contains(['\0', '\n', '\r'])
        {
            return Err(RuntimeError::Invalid {
                what: "mask",
                why: format!("{} is not a plain path below its tree", pin.path.display()),
            });
        }
        out.push(pin.shape.flag().into());
        out.push(tree);
        out.push(rel.to_path_buf());
    }
    Ok(out)
}

/// Host-side, in the sandbox's wrapper: open every pinned entry (args after
/// [`OPEN_FLAG`]: `(--dir|--file TREE REL)... -- PROGRAM ARGS...`) as
/// descriptors [`FIRST_FD`], `FIRST_FD + 1`, … left open across exec, then
/// exec PROGRAM (bwrap). Returns only when that fails.
pub fn open_and_exec(args: &[String]) -> i32 {
    let refuse = |why: String| {
        // The wrapper's stderr is the exec's: the caller sees this line.
        #[allow(clippy::print_stderr)]
        {
            eprintln!("compass-open-pins: refusing to start: {why}");
        }
        125
    };
    let mut held: i32 = 0;
    let mut rest = args;
    loop {
        let shape = rest.first().and_then(|flag| MaskShape::from_flag(flag));
        match (shape, rest) {
            (Some(shape), [_, tree, rel, tail @ ..]) => {
                let want = FIRST_FD + held;
                // Duplicated without close-on-exec onto its number (the
                // lowest free one from there: nothing is open that high),
                // and held open until bwrap; the opened one closes here.
                let landed = open_one(Path::new(tree), Path::new(rel), shape).and_then(|fd| {
                    fcntl(&fd, FcntlArg::F_DUPFD(want)).map_err(|e| format!("duplicating: {e}"))
                });
                match landed {
                    Ok(fd) if fd == want => held += 1,
                    Ok(fd) => {
                        return refuse(format!("{rel} landed on descriptor {fd}, not {want}"));
                    }
                    Err(why) => return refuse(format!("{tree}/{rel}: {why}")),
                }
                rest = tail;
            }
            (None, [dashes, program, argv @ ..]) if dashes == "--" => {
                let e = std::process::Command::new(program).args(argv).exec();
                return refuse(format!("running {program}: {e}"));
            }
            _ => {
                return refuse(format!(
                    "usage: {OPEN_FLAG} (--dir|--file TREE REL)... -- PROGRAM ARGS..."
                ));
            }
        }
    }
}

fn open_one(tree: &Path, rel: &Path, shape: MaskShape) -> Result<OwnedFd, String> {
    let tree = AgentTree::open(tree).map_err(|e| e.to_string())?;
    match tree.open_path(rel).map_err(|e| e.to_string())? {
        Some((fd, kind)) if kind == shape.kind() => Ok(fd),
        Some((_, kind)) => Err(format!("it is a {kind}, not a {}", shape.kind())),
        None => Err("it does not exist".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exec(masks: Vec<Mask>) -> ExecSpec {
        ExecSpec {
            argv: vec!["/usr/bin/opencode".into()],
            masks,
            ..ExecSpec::default()
        }
    }

    fn shown(pins: &[Pin<'_>]) -> Vec<String> {
        pins.iter()
            .map(|p| format!("{}:{:?}", p.path.display(), p.shape))
            .collect()
    }

    #[test]
    fn the_dirs_above_every_mask_are_pinned_and_others_masks_too() {
        let own = [
            Mask::new("/work/trees/ws/app/opencode.json", MaskShape::File),
            Mask::new("/home/agent/.config/opencode", MaskShape::Dir),
        ];
        let theirs = Mask::new("/work/app/.opencode", MaskShape::Dir);
        assert_eq!(
            shown(&pins(&own, &[&theirs])),
            [
                "/home/agent/.config:Dir",
                "/work/app:Dir",
                "/work/app/.opencode:Dir",
                "/work/trees:Dir",
                "/work/trees/ws:Dir",
                "/work/trees/ws/app:Dir",
            ]
        );
        // A mask's own path is its stand-in, never also a pin.
        assert_eq!(shown(&pins(&own, &[&own[0]])).len(), 4);
        assert!(pins(&[Mask::new("/work/.opencode", MaskShape::Dir)], &[]).is_empty());
    }

    #[test]
    fn a_masked_exec_is_refused_beside_a_live_one_that_does_not_pin_its_paths() {
        let mut live = LiveExecs::default();
        let shell = live.reserve(&exec(Vec::new())).unwrap();
        let masked = exec(vec![Mask::new("/work/app/opencode.json", MaskShape::File)]);
        let refused = live.reserve(&masked).unwrap_err();
        assert_eq!(refused.running, ["opencode"]);
        live.ended(shell.id);
        let agent = live.reserve(&masked).unwrap();
        assert!(agent.others.is_empty());
        // Started while it lives: pinned, so a second agent with the same
        // masks may start beside both; one with other masks may not.
        let shell = live.reserve(&exec(Vec::new())).unwrap();
        assert_eq!(shell.others, masked.masks);
        live.reserve(&masked).unwrap();
        let elsewhere = exec(vec![Mask::new(
            "/work/other/opencode.json",
            MaskShape::File,
        )]);
        assert!(live.reserve(&elsewhere).is_err());
        // A spawned exec whose process is gone is forgotten.
        live.started(shell.id, i32::MAX);
        live.ended(agent.id);
        assert_eq!(live.execs.len(), 2);
        live.prune();
        assert_eq!(live.execs.len(), 1);
    }

    #[test]
    fn a_process_whose_start_time_is_unknown_is_kept_while_its_pid_lives() {
        let mut live = LiveExecs::default();
        let masked = exec(vec![Mask::new("/work/app/opencode.json", MaskShape::File)]);
        // A live pid (this test's own) with no start time read: kept, so a
        // masked start beside it stays refused.
        let shell = live.reserve(&exec(Vec::new())).unwrap();
        let me = i32::try_from(std::process::id()).unwrap();
        live.started_at(shell.id, me, None);
        live.prune();
        assert_eq!(live.execs.len(), 1);
        assert!(live.reserve(&masked).is_err());
        // A wrong start time for the same pid: that process is gone.
        live.started_at(shell.id, me, Some(u64::MAX));
        live.prune();
        assert!(live.execs.is_empty());
        // Unknown start time and no such pid: gone.
        let shell = live.reserve(&exec(Vec::new())).unwrap();
        live.started_at(shell.id, i32::MAX, None);
        live.prune();
        assert!(live.execs.is_empty());
        assert!(live.reserve(&masked).is_ok());
    }
}
