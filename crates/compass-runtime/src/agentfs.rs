//! The one audited way host-side code reads, lists or deletes inside a tree
//! an agent can write (a workload's home, clones, tmp; anything mounted
//! writable into it). Every path resolves beneath a directory fd with
//! `openat2` (`RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS
//! | RESOLVE_NO_XDEV`): no link is followed, no `..` or absolute path
//! escapes, no mount is crossed. Files open `O_NOFOLLOW | O_NONBLOCK |
//! O_NOCTTY | O_CLOEXEC` and anything but a regular file is refused after
//! `fstat` (a FIFO never blocks, a device is never read); reads are capped.
//! Deletion unlinks entry by entry beneath the parent directory's fd, so a
//! link is removed, never followed.
//!
//! Boundary: plain syscalls, no locks, no processes. Callers hold no lock
//! across these calls (docs/architecture.md, "The workload boundary").

use crate::error::RuntimeError;
use nix::dir::Dir;
use nix::errno::Errno;
use nix::fcntl::{AtFlags, OFlag, OpenHow, ResolveFlag, openat2, renameat};
use nix::sys::stat::{FileStat, Mode, SFlag, fchmod, fstat, fstatat, mkdirat};
use nix::unistd::{UnlinkatFlags, unlinkat};
use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

/// Open directories a removal holds at once; deeper subtrees are moved up.
const MAX_DEPTH: usize = 64;
/// How often a directory the agent keeps refilling is emptied again.
const MAX_RETRIES: u32 = 3;

pub use crate::refusal::{Kind, Refusal};

/// What `st` is, as `lstat` saw it.
fn kind_of(st: &FileStat) -> Kind {
    match SFlag::from_bits_truncate(st.st_mode) & SFlag::S_IFMT {
        SFlag::S_IFDIR => Kind::Dir,
        SFlag::S_IFLNK => Kind::Symlink,
        SFlag::S_IFIFO => Kind::Fifo,
        SFlag::S_IFSOCK => Kind::Socket,
        SFlag::S_IFCHR => Kind::CharDevice,
        SFlag::S_IFBLK => Kind::BlockDevice,
        _ => Kind::File,
    }
}

/// One entry of a listed directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: OsString,
    pub kind: Kind,
}

/// Flags for every resolution beneath a tree's fd.
fn resolve() -> ResolveFlag {
    ResolveFlag::RESOLVE_BENEATH
        | ResolveFlag::RESOLVE_NO_SYMLINKS
        | ResolveFlag::RESOLVE_NO_MAGICLINKS
        | ResolveFlag::RESOLVE_NO_XDEV
}

/// For directories beneath a tree's fd; `RESOLVE_NO_SYMLINKS` refuses a
/// final-component link too (with `ELOOP`, where `O_NOFOLLOW` would say
/// `ENOTDIR`).
fn dir_flags() -> OFlag {
    OFlag::O_RDONLY | OFlag::O_DIRECTORY | OFlag::O_NONBLOCK | OFlag::O_CLOEXEC
}

fn file_flags() -> OFlag {
    OFlag::O_RDONLY | OFlag::O_NOFOLLOW | OFlag::O_NONBLOCK | OFlag::O_NOCTTY | OFlag::O_CLOEXEC
}

fn open_beneath(dir: BorrowedFd<'_>, rel: &Path, flags: OFlag) -> Result<OwnedFd, Errno> {
    openat2(dir, rel, OpenHow::new().flags(flags).resolve(resolve()))
}

/// Split a relative path into its plain components, refusing anything else.
fn components(rel: &Path) -> Result<Vec<&OsStr>, Refusal> {
    rel.components()
        .map(|c| match c {
            Component::Normal(part) if !part.as_bytes().contains(&0) => Ok(part),
            _ => Err(Refusal::Escapes),
        })
        .collect()
}

/// A directory an agent can write, opened once; every operation resolves
/// beneath its fd. Holds no lock and no state but the fd.
#[derive(Debug)]
pub struct AgentTree {
    root: OwnedFd,
    path: PathBuf,
}

impl AgentTree {
    /// Open `root`, a directory Compass created (e.g. `Layout::home`); the
    /// path up to it is Compass's own, and `root` itself is not followed if
    /// it is a link.
    pub fn open(root: &Path) -> Result<Self, RuntimeError> {
        let fd = nix::fcntl::open(root, dir_flags() | OFlag::O_NOFOLLOW, Mode::empty())
            .map_err(|e| failure(root, e, "opening"))?;
        Ok(Self {
            root: fd,
            path: root.to_path_buf(),
        })
    }

    fn shown(&self, rel: &Path) -> PathBuf {
        self.path.join(rel)
    }

    fn refused(&self, rel: &Path, why: Refusal) -> RuntimeError {
        RuntimeError::Refused {
            path: self.shown(rel),
            why,
        }
    }

    /// The directory holding `rel`'s last component, and that component.
    /// `None` when the directory does not exist.
    fn parent_of<'r>(&self, rel: &'r Path) -> Result<Option<(OwnedFd, &'r OsStr)>, RuntimeError> {
        let parts = components(rel).map_err(|why| self.refused(rel, why))?;
        let Some((name, dirs)) = parts.split_last() else {
            return Err(self.refused(rel, Refusal::Escapes));
        };
        let dir = if dirs.is_empty() {
            self.root
                .try_clone()
                .map_err(|e| RuntimeError::io("duplicating a directory fd", e))?
        } else {
            let dir_rel: PathBuf = dirs.iter().collect();
            match open_beneath(self.root.as_fd(), &dir_rel, dir_flags()) {
                Ok(fd) => fd,
                Err(Errno::ENOENT) => return Ok(None),
                Err(e) => return Err(failure(&self.shown(rel), e, "opening the parent of")),
            }
        };
        Ok(Some((dir, name)))
    }

    /// What `rel` is, without following it; `None` if nothing is there.
    pub fn kind(&self, rel: &Path) -> Result<Option<Kind>, RuntimeError> {
        let Some((dir, name)) = self.parent_of(rel)? else {
            return Ok(None);
        };
        match fstatat(dir.as_fd(), name, AtFlags::AT_SYMLINK_NOFOLLOW) {
            Ok(st) => Ok(Some(kind_of(&st))),
            Err(Errno::ENOENT) => Ok(None),
            Err(e) => Err(failure(&self.shown(rel), e, "inspecting")),
        }
    }

    /// Make `rel` an empty entry of `kind` (a directory or a regular file)
    /// where nothing is, and each missing directory above it (`mkdirat`,
    /// `O_CREAT | O_EXCL` beneath the tree, no link followed). An entry
    /// already there is left as it is: the caller checks what it is.
    pub(crate) fn create(&self, rel: &Path, kind: Kind) -> Result<(), RuntimeError> {
        let parts = components(rel).map_err(|why| self.refused(rel, why))?;
        let fail = |e| failure(&self.shown(rel), e, "creating");
        let mut parent = self
            .root
            .try_clone()
            .map_err(|e| RuntimeError::io("duplicating a directory fd", e))?;
        for (i, part) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            let made = if last && kind == Kind::File {
                let how = OpenHow::new()
                    .flags(
                        OFlag::O_CREAT
                            | OFlag::O_EXCL
                            | OFlag::O_WRONLY
                            | OFlag::O_NOFOLLOW
                            | OFlag::O_CLOEXEC,
                    )
                    .mode(Mode::from_bits_truncate(0o644))
                    .resolve(resolve());
                openat2(parent.as_fd(), *part, how).map(drop)
            } else {
                mkdirat(parent.as_fd(), *part, Mode::from_bits_truncate(0o755))
            };
            match made {
                Ok(()) | Err(Errno::EEXIST) => {}
                Err(e) => return Err(fail(e)),
            }
            if last {
                break;
            }
            parent = open_beneath(parent.as_fd(), Path::new(part), dir_flags()).map_err(fail)?;
        }
        Ok(())
    }

    /// `rel` opened path-only (`O_PATH`: nothing is read, a FIFO never
    /// blocks), with what it is; `None` if nothing is there. For the
    /// runtime's pin opener ([`crate::pins::open_and_exec`]), which hands
    /// it to bwrap to bind.
    pub(crate) fn open_path(&self, rel: &Path) -> Result<Option<(OwnedFd, Kind)>, RuntimeError> {
        components(rel).map_err(|why| self.refused(rel, why))?;
        match open_beneath(self.root.as_fd(), rel, OFlag::O_PATH | OFlag::O_CLOEXEC) {
            Ok(fd) => {
                let st =
                    fstat(fd.as_fd()).map_err(|e| failure(&self.shown(rel), e, "inspecting"))?;
                Ok(Some((fd, kind_of(&st))))
            }
            Err(Errno::ENOENT) => Ok(None),
            Err(e) => Err(failure(&self.shown(rel), e, "opening")),
        }
    }

    /// The regular file `rel`, opened for reading; `None` if it does not
    /// exist. A link, FIFO, socket or device is refused without blocking.
    /// The handle is what was checked: read from it, never the path again.
    pub fn open_file(&self, rel: &Path) -> Result<Option<std::fs::File>, RuntimeError> {
        let Some((dir, name)) = self.parent_of(rel)? else {
            return Ok(None);
        };
        // Look before opening, so a device is not even opened unless the
        // agent swaps one in at this instant; the fstat below decides.
        match fstatat(dir.as_fd(), name, AtFlags::AT_SYMLINK_NOFOLLOW) {
            Ok(st) if kind_of(&st) == Kind::File => {}
            Ok(st) => return Err(self.refused(rel, refusal_for(kind_of(&st)))),
            Err(Errno::ENOENT) => return Ok(None),
            Err(e) => return Err(failure(&self.shown(rel), e, "inspecting")),
        }
        let fd = match open_beneath(dir.as_fd(), Path::new(name), file_flags()) {
            Ok(fd) => fd,
            Err(Errno::ENOENT) => return Ok(None),
            Err(e) => return Err(failure(&self.shown(rel), e, "opening")),
        };
        let st = fstat(fd.as_fd()).map_err(|e| failure(&self.shown(rel), e, "inspecting"))?;
        let kind = kind_of(&st);
        if kind != Kind::File {
            return Err(self.refused(rel, Refusal::NotRegular(kind)));
        }
        Ok(Some(std::fs::File::from(fd)))
    }

    /// The bytes of the regular file `rel`, at most `max` of them; `None`
    /// if it does not exist. A link, FIFO, socket or device is refused
    /// without blocking; a bigger file is refused, not truncated.
    pub fn read(&self, rel: &Path, max: u64) -> Result<Option<Vec<u8>>, RuntimeError> {
        let Some(file) = self.open_file(rel)? else {
            return Ok(None);
        };
        let size = file
            .metadata()
            .map_err(|e| RuntimeError::io(format!("inspecting {}", self.shown(rel).display()), e))?
            .len();
        if size > max {
            return Err(self.refused(rel, Refusal::TooLarge(max)));
        }
        let mut body = Vec::new();
        file.take(max.saturating_add(1))
            .read_to_end(&mut body)
            .map_err(|e| RuntimeError::io(format!("reading {}", self.shown(rel).display()), e))?;
        // It may have grown since the fstat.
        if body.len() as u64 > max {
            return Err(self.refused(rel, Refusal::TooLarge(max)));
        }
        Ok(Some(body))
    }

    /// The entries of directory `rel` (`""` for the root), unsorted.
    pub fn list(&self, rel: &Path) -> Result<Vec<Entry>, RuntimeError> {
        let parts = components(rel).map_err(|why| self.refused(rel, why))?;
        let fd = if parts.is_empty() {
            self.root
                .try_clone()
                .map_err(|e| RuntimeError::io("duplicating a directory fd", e))?
        } else {
            open_beneath(self.root.as_fd(), rel, dir_flags())
                .map_err(|e| failure(&self.shown(rel), e, "opening"))?
        };
        let mut dir = Dir::from_fd(fd).map_err(|e| failure(&self.shown(rel), e, "listing"))?;
        let names = names(&mut dir).map_err(|e| failure(&self.shown(rel), e, "listing"))?;
        let mut entries = Vec::with_capacity(names.len());
        for name in names {
            match fstatat(dir.as_fd(), name.as_os_str(), AtFlags::AT_SYMLINK_NOFOLLOW) {
                Ok(st) => entries.push(Entry {
                    kind: kind_of(&st),
                    name,
                }),
                // Removed since it was listed.
                Err(Errno::ENOENT) => {}
                Err(e) => return Err(failure(&self.shown(rel), e, "inspecting an entry of")),
            }
        }
        Ok(entries)
    }

    /// Remove `rel` — a file, a link (the link, never its target) or a whole
    /// directory tree. `false` if nothing was there.
    pub fn remove(&self, rel: &Path) -> Result<bool, RuntimeError> {
        let Some((dir, name)) = self.parent_of(rel)? else {
            return Ok(false);
        };
        remove_at(dir.as_fd(), name, &self.shown(rel))
    }

    /// Remove everything inside the root; the root itself stays.
    pub fn clear(&self) -> Result<(), RuntimeError> {
        let fd = self
            .root
            .try_clone()
            .map_err(|e| RuntimeError::io("duplicating a directory fd", e))?;
        let mut dir = Dir::from_fd(fd).map_err(|e| failure(&self.path, e, "listing"))?;
        for name in names(&mut dir).map_err(|e| failure(&self.path, e, "listing"))? {
            remove_at(self.root.as_fd(), &name, &self.path.join(&name))?;
        }
        Ok(())
    }
}

/// Remove `path` and everything under it without following any link or
/// crossing any mount. `path`'s parent must be Compass's own (e.g. the
/// agents dir for a state dir); what is under `path` may be the agent's.
/// `false` if nothing was there.
pub fn remove_tree(path: &Path) -> Result<bool, RuntimeError> {
    let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
        return Err(RuntimeError::Refused {
            path: path.to_path_buf(),
            why: Refusal::Escapes,
        });
    };
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    let dir = match nix::fcntl::open(parent, dir_flags() | OFlag::O_NOFOLLOW, Mode::empty()) {
        Ok(fd) => fd,
        Err(Errno::ENOENT) => return Ok(false),
        Err(e) => return Err(failure(parent, e, "opening")),
    };
    remove_at(dir.as_fd(), name, path)
}

fn refusal_for(kind: Kind) -> Refusal {
    match kind {
        Kind::Symlink => Refusal::Symlink,
        other => Refusal::NotRegular(other),
    }
}

/// Map an errno from a resolution to a refusal where it is one.
fn failure(path: &Path, e: Errno, doing: &str) -> RuntimeError {
    let why = match e {
        Errno::ELOOP => Some(Refusal::Symlink),
        // Components are checked first, so no `..` reaches the kernel:
        // EXDEV here is a mount point.
        Errno::EXDEV => Some(Refusal::CrossesMount),
        _ => None,
    };
    match why {
        Some(why) => RuntimeError::Refused {
            path: path.to_path_buf(),
            why,
        },
        None => RuntimeError::io(format!("{doing} {}", path.display()), e.into()),
    }
}

/// Every name in `dir` but `.` and `..`.
fn names(dir: &mut Dir) -> Result<Vec<OsString>, Errno> {
    let mut out = Vec::new();
    for entry in dir.iter() {
        let entry = entry?;
        let name = entry.file_name().to_bytes();
        if name != b"." && name != b".." {
            out.push(OsStr::from_bytes(name).to_owned());
        }
    }
    Ok(out)
}

/// A directory being emptied: its open fd, its name in its parent, the
/// entries still to remove.
struct Frame {
    dir: Dir,
    name: OsString,
    pending: Vec<OsString>,
    retries: u32,
}

impl Frame {
    fn open(parent: BorrowedFd<'_>, name: &OsStr) -> Result<Self, Errno> {
        let fd = open_beneath(parent, Path::new(name), dir_flags())?;
        // An agent may leave a directory without write permission; its
        // entries could not be unlinked (unless the daemon is root).
        if let Ok(st) = fstat(fd.as_fd())
            && st.st_mode & 0o700 != 0o700
        {
            let _ = fchmod(fd.as_fd(), Mode::from_bits_truncate(0o700));
        }
        let mut dir = Dir::from_fd(fd)?;
        let pending = names(&mut dir)?;
        Ok(Self {
            dir,
            name: name.to_owned(),
            pending,
            retries: 0,
        })
    }
}

fn unlink_entry(parent: BorrowedFd<'_>, name: &OsStr, shown: &Path) -> Result<(), RuntimeError> {
    match unlinkat(parent, name, UnlinkatFlags::NoRemoveDir) {
        Ok(()) | Err(Errno::ENOENT) => Ok(()),
        Err(e) => Err(failure(shown, e, "removing")),
    }
}

/// Remove `name` beneath `parent`: unlink a non-directory, or empty a
/// directory depth-first (an explicit stack, one open fd per level) and
/// remove it. A directory swapped for a link mid-way is unlinked as a link.
fn remove_at(parent: BorrowedFd<'_>, name: &OsStr, shown: &Path) -> Result<bool, RuntimeError> {
    let kind = match fstatat(parent, name, AtFlags::AT_SYMLINK_NOFOLLOW) {
        Ok(st) => kind_of(&st),
        Err(Errno::ENOENT) => return Ok(false),
        Err(e) => return Err(failure(shown, e, "inspecting")),
    };
    if kind != Kind::Dir {
        unlink_entry(parent, name, shown)?;
        return Ok(true);
    }
    let mut stack = match Frame::open(parent, name) {
        Ok(frame) => vec![frame],
        Err(Errno::ENOENT) => return Ok(false),
        Err(Errno::ELOOP | Errno::ENOTDIR) => {
            unlink_entry(parent, name, shown)?;
            return Ok(true);
        }
        Err(e) => return Err(failure(shown, e, "opening")),
    };
    loop {
        let Some(top) = stack.last_mut() else {
            return Ok(true);
        };
        let Some(child) = top.pending.pop() else {
            let Some(mut done) = stack.pop() else {
                return Ok(true);
            };
            let above = stack.last().map_or(parent, |f| f.dir.as_fd());
            match unlinkat(above, done.name.as_os_str(), UnlinkatFlags::RemoveDir) {
                Ok(()) | Err(Errno::ENOENT) => {}
                // The agent added entries while we emptied it: go again, briefly.
                Err(Errno::ENOTEMPTY) if done.retries < MAX_RETRIES => {
                    done.retries += 1;
                    done.pending =
                        names(&mut done.dir).map_err(|e| failure(shown, e, "listing"))?;
                    stack.push(done);
                }
                Err(Errno::ENOTEMPTY) => {
                    return Err(RuntimeError::Refused {
                        path: shown.to_path_buf(),
                        why: Refusal::Contended,
                    });
                }
                Err(e) => return Err(failure(shown, e, "removing")),
            }
            continue;
        };
        let depth = stack.len();
        let here = stack[depth - 1].dir.as_fd();
        let child_kind = match fstatat(here, child.as_os_str(), AtFlags::AT_SYMLINK_NOFOLLOW) {
            Ok(st) => kind_of(&st),
            Err(Errno::ENOENT) => continue,
            Err(e) => return Err(failure(shown, e, "inspecting an entry of")),
        };
        if child_kind != Kind::Dir {
            unlink_entry(here, &child, shown)?;
        } else if depth >= MAX_DEPTH {
            // Too deep to hold another fd: move the subtree up to the first
            // level (a rename of one name between two directory fds follows
            // nothing) and empty it from there.
            let hoisted = OsString::from(format!(".compass-rm-{:016x}", rand::random::<u64>()));
            match renameat(
                here,
                child.as_os_str(),
                stack[0].dir.as_fd(),
                hoisted.as_os_str(),
            ) {
                Ok(()) => stack[0].pending.push(hoisted),
                Err(Errno::ENOENT) => {}
                Err(e) => return Err(failure(shown, e, "moving up a deep entry of")),
            }
        } else {
            match Frame::open(here, &child) {
                Ok(frame) => stack.push(frame),
                Err(Errno::ENOENT) => {}
                Err(Errno::ELOOP | Errno::ENOTDIR) => unlink_entry(here, &child, shown)?,
                Err(e) => return Err(failure(shown, e, "opening an entry of")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;
    use std::time::{Duration, Instant};

    fn tree() -> (tempfile::TempDir, AgentTree) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("home");
        fs_err::create_dir(&root).unwrap();
        let tree = AgentTree::open(&root).unwrap();
        (dir, tree)
    }

    fn mkfifo(path: &Path) {
        nix::unistd::mkfifo(path, Mode::from_bits_truncate(0o600)).unwrap();
    }

    fn refusal(e: RuntimeError) -> Refusal {
        match e {
            RuntimeError::Refused { why, .. } => why,
            other => panic!("expected a refusal, got {other}"),
        }
    }

    /// A host file outside the tree, with known content.
    fn canary(dir: &Path) -> PathBuf {
        let outside = dir.join("outside");
        fs_err::create_dir_all(outside.join("secrets")).unwrap();
        fs_err::write(outside.join("env"), "LEAK=canary\n").unwrap();
        fs_err::write(outside.join("secrets/key"), "canary").unwrap();
        outside
    }

    fn canary_intact(outside: &Path) {
        assert_eq!(
            fs_err::read_to_string(outside.join("env")).unwrap(),
            "LEAK=canary\n"
        );
        assert_eq!(
            fs_err::read_to_string(outside.join("secrets/key")).unwrap(),
            "canary"
        );
    }

    #[test]
    fn reads_a_regular_file_and_reports_a_missing_one() {
        let (_d, t) = tree();
        fs_err::create_dir_all(t.path.join(".compass")).unwrap();
        fs_err::write(t.path.join(".compass/env"), "A=1\n").unwrap();
        assert_eq!(
            t.read(Path::new(".compass/env"), 100).unwrap().unwrap(),
            b"A=1\n"
        );
        assert_eq!(t.read(Path::new(".compass/nope"), 100).unwrap(), None);
        assert_eq!(t.read(Path::new("nodir/nope"), 100).unwrap(), None);
    }

    #[test]
    fn symlinks_are_never_followed() {
        let (d, t) = tree();
        let outside = canary(d.path());
        symlink(outside.join("env"), t.path.join("env")).unwrap();
        symlink(&outside, t.path.join(".compass")).unwrap();
        // The final component, and an intermediate one.
        assert_eq!(
            refusal(t.read(Path::new("env"), 100).unwrap_err()),
            Refusal::Symlink
        );
        assert_eq!(
            refusal(t.read(Path::new(".compass/env"), 100).unwrap_err()),
            Refusal::Symlink
        );
        assert_eq!(
            refusal(t.list(Path::new(".compass")).unwrap_err()),
            Refusal::Symlink
        );
        assert_eq!(
            refusal(t.remove(Path::new(".compass/secrets")).unwrap_err()),
            Refusal::Symlink
        );
        // Removing the link removes the link only.
        assert!(t.remove(Path::new(".compass")).unwrap());
        assert!(t.remove(Path::new("env")).unwrap());
        canary_intact(&outside);
        assert!(t.list(Path::new("")).unwrap().is_empty());
    }

    #[test]
    fn an_opened_file_is_the_one_checked_whatever_is_swapped_in_after() {
        let (d, t) = tree();
        let outside = canary(d.path());
        fs_err::write(t.path.join("program"), "checked").unwrap();
        let mut file = t.open_file(Path::new("program")).unwrap().unwrap();
        // Swapped for a link to outside once it was opened: the handle
        // still reads the file that was checked, and a new open refuses.
        fs_err::remove_file(t.path.join("program")).unwrap();
        symlink(outside.join("env"), t.path.join("program")).unwrap();
        let mut body = String::new();
        file.read_to_string(&mut body).unwrap();
        assert_eq!(body, "checked");
        assert_eq!(
            refusal(t.open_file(Path::new("program")).unwrap_err()),
            Refusal::Symlink
        );
        assert!(t.open_file(Path::new("nothing")).unwrap().is_none());
        canary_intact(&outside);
    }

    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let (_d, t) = tree();
        mkfifo(&t.path.join("env"));
        let start = Instant::now();
        assert_eq!(
            refusal(t.read(Path::new("env"), 100).unwrap_err()),
            Refusal::NotRegular(Kind::Fifo)
        );
        // No writer ever opens it: a blocking open would hang here forever.
        assert!(start.elapsed() < Duration::from_secs(60));
        assert_eq!(t.kind(Path::new("env")).unwrap(), Some(Kind::Fifo));
        assert!(t.remove(Path::new("env")).unwrap());
        assert_eq!(t.kind(Path::new("env")).unwrap(), None);
    }

    #[test]
    fn non_regular_entries_are_refused() {
        let (_d, t) = tree();
        fs_err::create_dir(t.path.join("adir")).unwrap();
        let _sock = std::os::unix::net::UnixListener::bind(t.path.join("sock")).unwrap();
        assert_eq!(
            refusal(t.read(Path::new("adir"), 100).unwrap_err()),
            Refusal::NotRegular(Kind::Dir)
        );
        assert_eq!(
            refusal(t.read(Path::new("sock"), 100).unwrap_err()),
            Refusal::NotRegular(Kind::Socket)
        );
        // A device node where one can be made (root); /dev/null reached
        // through a link is refused either way.
        symlink("/dev/null", t.path.join("null")).unwrap();
        assert_eq!(
            refusal(t.read(Path::new("null"), 100).unwrap_err()),
            Refusal::Symlink
        );
        let dev = t.path.join("zero");
        if nix::sys::stat::mknod(
            &dev,
            SFlag::S_IFCHR,
            Mode::from_bits_truncate(0o600),
            nix::sys::stat::makedev(1, 5),
        )
        .is_ok()
        {
            assert_eq!(
                refusal(t.read(Path::new("zero"), 100).unwrap_err()),
                Refusal::NotRegular(Kind::CharDevice)
            );
        }
        let kinds: Vec<Kind> = t
            .list(Path::new(""))
            .unwrap()
            .iter()
            .map(|e| e.kind)
            .collect();
        assert!(kinds.contains(&Kind::Socket) && kinds.contains(&Kind::Symlink));
        t.clear().unwrap();
        assert!(t.list(Path::new("")).unwrap().is_empty());
    }

    #[test]
    fn dotdot_and_absolute_paths_are_refused() {
        let (d, t) = tree();
        let outside = canary(d.path());
        for rel in [
            "../outside/env",
            "/etc/passwd",
            "./env",
            "a/../../outside/env",
            "",
        ] {
            assert_eq!(
                refusal(t.read(Path::new(rel), 100).unwrap_err()),
                Refusal::Escapes,
                "{rel:?}"
            );
        }
        assert_eq!(
            refusal(t.remove(Path::new("../outside")).unwrap_err()),
            Refusal::Escapes
        );
        assert_eq!(
            refusal(t.list(Path::new("..")).unwrap_err()),
            Refusal::Escapes
        );
        // An absolute link planted inside, pointing out, is a link.
        symlink("..", t.path.join("up")).unwrap();
        assert_eq!(
            refusal(t.read(Path::new("up/outside/env"), 100).unwrap_err()),
            Refusal::Symlink
        );
        canary_intact(&outside);
    }

    #[test]
    fn oversized_files_are_refused() {
        let (_d, t) = tree();
        fs_err::write(t.path.join("big"), vec![b'x'; 4097]).unwrap();
        assert_eq!(
            refusal(t.read(Path::new("big"), 4096).unwrap_err()),
            Refusal::TooLarge(4096)
        );
        assert_eq!(t.read(Path::new("big"), 4097).unwrap().unwrap().len(), 4097);
    }

    #[test]
    fn removes_a_tree_with_links_fifos_and_locked_dirs_without_following() {
        use std::os::unix::fs::PermissionsExt;
        let (d, t) = tree();
        let outside = canary(d.path());
        let base = t.path.join("work/repo");
        fs_err::create_dir_all(base.join("a/b/c")).unwrap();
        fs_err::write(base.join("a/b/c/f"), "x").unwrap();
        symlink(&outside, base.join("a/out")).unwrap();
        symlink(outside.join("secrets"), base.join("a/b/secrets")).unwrap();
        mkfifo(&base.join("a/pipe"));
        fs_err::set_permissions(base.join("a/b"), std::fs::Permissions::from_mode(0o500)).unwrap();
        assert!(t.remove(Path::new("work")).unwrap());
        assert!(!t.path.join("work").exists());
        assert!(!t.remove(Path::new("work")).unwrap());
        canary_intact(&outside);
    }

    #[test]
    fn remove_tree_removes_the_whole_dir_but_nothing_a_link_points_at() {
        let d = tempfile::tempdir().unwrap();
        let outside = canary(d.path());
        let state = d.path().join("state");
        fs_err::create_dir_all(state.join("home")).unwrap();
        symlink(&outside, state.join("home/.compass")).unwrap();
        assert!(remove_tree(&state).unwrap());
        assert!(!state.exists());
        assert!(!remove_tree(&state).unwrap());
        canary_intact(&outside);
        // A link as the target itself: the link goes, not what it names.
        let link = d.path().join("link");
        symlink(&outside, &link).unwrap();
        assert!(remove_tree(&link).unwrap());
        canary_intact(&outside);
    }

    #[test]
    fn removes_trees_deeper_than_it_holds_fds_for() {
        let (_d, t) = tree();
        let mut dir = t.path.join("deep");
        for _ in 0..(MAX_DEPTH * 3) {
            dir.push("d");
        }
        fs_err::create_dir_all(&dir).unwrap();
        fs_err::write(dir.join("f"), "x").unwrap();
        assert!(t.remove(Path::new("deep")).unwrap());
        assert!(t.list(Path::new("")).unwrap().is_empty());
    }
}
