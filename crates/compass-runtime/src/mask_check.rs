//! The masks' check inside the sandbox ([`crate::spec::Mask`]): after bwrap
//! has made every mount and before the agent's program starts, each mask's
//! path must be a mount point of its own (`/proc/self/mountinfo`), mounted
//! read-only from the runtime's stand-in, of the declared shape, reached
//! through no link, and empty. The host checks each path before bwrap binds
//! ([`crate::masks`]), but check and bind are not atomic and bwrap follows
//! a link at a bind's destination: a link swapped in between lays the mask
//! elsewhere and leaves what the agent wrote in view. Anything else refuses
//! the exec (fail closed) with one line on stderr, which the agent's status
//! shows.
//!
//! It runs as the first program inside the sandbox, from the runtime's
//! in-sandbox binary (`compass-netns-relay`, mounted read-only), and then
//! `exec`s the rest of its command line in place (the relay, or the
//! command itself).
//!
//! Pins ([`crate::pins`]: self-binds keeping masked paths and the dirs
//! above them from being renamed) are checked the same way: each the top
//! mount at its path, reached through no link, of its shape, and showing
//! that very path of its tree (its mount's root is the tree mount's root
//! joined with the path below the tree): a dir the agent renamed between
//! the host's open and bwrap's bind would show its new name.
//!
//! Invocation: `<binary> --compass-mask-check [--stand-in-dir|--stand-in-file
//! DEV:INO]... (--dir|--file|--pin-dir|--pin-file PATH)... -- ARGV...`. The
//! stand-ins are known by identity (device and inode, stat'ed host-side),
//! not only by the suffix of their mount's root. The paths are checked on
//! both sides: absolute, normalized, no NUL or line break (they travel in
//! bwrap's argv, after its `--`).

use crate::error::RuntimeError;
use crate::pins::Pin;
use crate::spec::{Mask, MaskShape};
use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::{Component, Path, PathBuf};

/// The first argument that selects the mask check.
pub const FLAG: &str = "--compass-mask-check";

/// Exit status of a refused start (the shell's "cannot execute"), also
/// the relay's for a command line it cannot run.
pub(crate) const REFUSED: i32 = 126;

/// What sits at a checked path: the exec's own stand-in, or a pin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Mask,
    Pin,
}

fn flag(role: Role, shape: MaskShape) -> &'static str {
    match (role, shape) {
        (Role::Mask, shape) => shape.flag(),
        (Role::Pin, MaskShape::Dir) => "--pin-dir",
        (Role::Pin, MaskShape::File) => "--pin-file",
    }
}

/// The in-sandbox binary's arguments that check `masks` and `pins` and
/// then run whatever follows (the caller appends it). Each path is checked
/// first.
pub(crate) fn args(
    masks: &[Mask],
    pins: &[Pin<'_>],
    stand_ins: &StandIns,
) -> Result<Vec<OsString>, RuntimeError> {
    let mut out: Vec<OsString> = vec![FLAG.into()];
    for (shape, id) in [
        (MaskShape::Dir, stand_ins.dir),
        (MaskShape::File, stand_ins.file),
    ] {
        if let Some((dev, ino)) = id {
            out.push(stand_in_flag(shape).into());
            out.push(format!("{dev}:{ino}").into());
        }
    }
    let all = masks
        .iter()
        .map(|m| (Role::Mask, m.path.as_path(), m.shape))
        .chain(pins.iter().map(|p| (Role::Pin, p.path, p.shape)));
    for (role, path, shape) in all {
        crate::checks::path("mask", path)?;
        if !normalized(path) {
            return Err(RuntimeError::Invalid {
                what: "mask",
                why: format!("{} must hold no `.` or `..`", path.display()),
            });
        }
        out.push(flag(role, shape).into());
        out.push(path.as_os_str().to_owned());
    }
    out.push("--".into());
    Ok(out)
}

/// The stand-ins' identities (device, inode) as the host stat'ed them;
/// `None` for a shape no mask of the exec has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StandIns {
    pub dir: Option<(u64, u64)>,
    pub file: Option<(u64, u64)>,
}

impl StandIns {
    fn of(&self, shape: MaskShape) -> Option<(u64, u64)> {
        match shape {
            MaskShape::Dir => self.dir,
            MaskShape::File => self.file,
        }
    }
}

fn stand_in_flag(shape: MaskShape) -> &'static str {
    match shape {
        MaskShape::Dir => "--stand-in-dir",
        MaskShape::File => "--stand-in-file",
    }
}

/// Absolute, below `/`, spelled as its own components (no `.`, `..`,
/// doubled or trailing `/`).
fn normalized(path: &Path) -> bool {
    path.is_absolute()
        && path
            .components()
            .all(|c| matches!(c, Component::RootDir | Component::Normal(_)))
        && path.components().count() > 1
        && path.components().collect::<PathBuf>().as_os_str() == path.as_os_str()
}

/// Check the masks named in `args` (everything after [`FLAG`]) and exec
/// what follows `--`; returns only when the start is refused.
pub fn run(args: &[String]) -> i32 {
    let refuse = |why: String| {
        // No logger inside the sandbox: stderr is the channel, and the
        // daemon keeps its last lines on the agent.
        #[allow(clippy::print_stderr)]
        {
            eprintln!("compass-mask-check: refusing to start the agent: {why}");
        }
        REFUSED
    };
    let Parsed {
        stand_ins,
        masks,
        pins,
        argv,
    } = match parse(args) {
        Ok(parsed) => parsed,
        Err(why) => return refuse(why),
    };
    let mountinfo = match fs_err::read_to_string("/proc/self/mountinfo") {
        Ok(text) => text,
        Err(e) => return refuse(format!("reading /proc/self/mountinfo: {e}")),
    };
    let mounts = parse_mountinfo(&mountinfo);
    for mask in &masks {
        if let Err(why) = check(mask, &mounts, &stand_ins) {
            return refuse(format!("the mask at {}: {why}", mask.path.display()));
        }
    }
    for pin in &pins {
        if let Err(why) = check_pin(pin, &mounts) {
            return refuse(format!("the pin at {}: {why}", pin.path.display()));
        }
    }
    let Some((program, rest)) = argv.split_first() else {
        return refuse("no command after --".to_owned());
    };
    let e = std::process::Command::new(program).args(rest).exec();
    refuse(format!("running {program}: {e}"))
}

/// The check's command line, read.
#[derive(Debug)]
struct Parsed<'a> {
    stand_ins: StandIns,
    masks: Vec<Mask>,
    /// Each a path and its shape, as a mask's.
    pins: Vec<Mask>,
    /// What runs after the check.
    argv: &'a [String],
}

/// `(--dir|--file|--pin-dir|--pin-file PATH)... -- ARGV...`, each path
/// checked: the masks, the pins (as masks: a path and a shape), the rest.
fn parse(args: &[String]) -> Result<Parsed<'_>, String> {
    let mut stand_ins = StandIns::default();
    let mut masks = Vec::new();
    let mut pins = Vec::new();
    let mut rest = args;
    let usage = |rest: &[String]| {
        format!(
            "usage: {FLAG} [--stand-in-dir|--stand-in-file DEV:INO]... (--dir|--file|--pin-dir|--pin-file PATH)... -- ARGV... (got {rest:?})"
        )
    };
    while let [f, id, tail @ ..] = rest {
        let shape = match f.as_str() {
            "--stand-in-dir" => MaskShape::Dir,
            "--stand-in-file" => MaskShape::File,
            _ => break,
        };
        let parsed = id
            .split_once(':')
            .and_then(|(d, i)| Some((d.parse().ok()?, i.parse().ok()?)));
        let Some(parsed) = parsed else {
            return Err(format!("{id:?} is not DEV:INO"));
        };
        match shape {
            MaskShape::Dir => stand_ins.dir = Some(parsed),
            MaskShape::File => stand_ins.file = Some(parsed),
        }
        rest = tail;
    }
    let role_shape = |f: &str| {
        [Role::Mask, Role::Pin]
            .into_iter()
            .flat_map(|r| [(r, MaskShape::Dir), (r, MaskShape::File)])
            .find(|(r, s)| flag(*r, *s) == f)
    };
    loop {
        match rest {
            [dashes, tail @ ..] if dashes == "--" => {
                return Ok(Parsed {
                    stand_ins,
                    masks,
                    pins,
                    argv: tail,
                });
            }
            [f, path, tail @ ..] => {
                let Some((role, shape)) = role_shape(f) else {
                    return Err(usage(rest));
                };
                let path = PathBuf::from(path);
                if !normalized(&path) || path.as_os_str().to_string_lossy().contains(['\n', '\r']) {
                    return Err(format!(
                        "{} is not an absolute, normalized path",
                        path.display()
                    ));
                }
                match role {
                    Role::Mask => masks.push(Mask { path, shape }),
                    Role::Pin => pins.push(Mask { path, shape }),
                }
                rest = tail;
            }
            _ => return Err(usage(rest)),
        }
    }
}

/// One line of `/proc/self/mountinfo`: what the check needs.
#[derive(Debug, Clone, PartialEq, Eq)]
struct MountLine {
    id: u64,
    parent: u64,
    /// The mounted path inside its filesystem.
    root: PathBuf,
    mount_point: PathBuf,
    read_only: bool,
}

fn parse_mountinfo(text: &str) -> Vec<MountLine> {
    text.lines()
        .filter_map(|line| {
            let mut f = line.split(' ');
            let id = f.next()?.parse().ok()?;
            let parent = f.next()?.parse().ok()?;
            let _dev = f.next()?;
            let root = unescape(f.next()?);
            let mount_point = unescape(f.next()?);
            let read_only = f.next()?.split(',').any(|o| o == "ro");
            Some(MountLine {
                id,
                parent,
                root,
                mount_point,
                read_only,
            })
        })
        .collect()
}

/// mountinfo spells space, tab, newline and backslash as `\ooo`.
fn unescape(field: &str) -> PathBuf {
    use std::os::unix::ffi::OsStringExt;
    let b = field.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let octal = b
            .get(i + 1..i + 4)
            .filter(|d| d.iter().all(|c| (b'0'..=b'7').contains(c)));
        match (b[i], octal) {
            (b'\\', Some(d)) => {
                let v = d.iter().fold(0u32, |acc, c| acc * 8 + u32::from(c - b'0'));
                out.push(u8::try_from(v).unwrap_or(b'?'));
                i += 4;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    PathBuf::from(OsString::from_vec(out))
}

/// Whether `mask` landed where it was declared, as the stand-in it is:
/// by its mount's root and by identity (the device and inode the host
/// stat'ed; none passed refuses).
fn check(mask: &Mask, mounts: &[MountLine], stand_ins: &StandIns) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    let top = top_mount_reached_directly(mask, mounts)?;
    if !top.root.ends_with(crate::masks::stand_in_name(mask.shape)) {
        return Err(format!(
            "the mount here is not the runtime's stand-in (its root is {})",
            top.root.display()
        ));
    }
    let expected = stand_ins
        .of(mask.shape)
        .ok_or("the host named no stand-in of this shape")?;
    let meta = fs_err::symlink_metadata(&mask.path).map_err(|e| format!("not there: {e}"))?;
    if (meta.dev(), meta.ino()) != expected {
        return Err(format!(
            "the entry here ({}:{}) is not the runtime's stand-in ({}:{})",
            meta.dev(),
            meta.ino(),
            expected.0,
            expected.1
        ));
    }
    if !top.read_only {
        return Err("the mount here is writable".to_owned());
    }
    empty(mask)
}

/// Whether the pin at `pin.path` is a self-bind of exactly that path of
/// its tree: its mount's root is the tree mount's root joined with the
/// path below the tree.
fn check_pin(pin: &Mask, mounts: &[MountLine]) -> Result<(), String> {
    let top = top_mount_reached_directly(pin, mounts)?;
    shows_its_own_path(&pin.path, top, mounts)
}

/// Whether `top`, the mount at `path`, shows that very path of its tree.
fn shows_its_own_path(path: &Path, top: &MountLine, mounts: &[MountLine]) -> Result<(), String> {
    let (tree, rel) = crate::pins::tree_of(path).ok_or("it lies in no agent tree")?;
    let tree_top = top_at(Path::new(tree), mounts).ok_or("no mount sits at its tree")?;
    let expected = tree_top.root.join(rel);
    if top.root != expected {
        return Err(format!(
            "the mount here shows {}, not {} (moved between the open and the bind)",
            top.root.display(),
            expected.display()
        ));
    }
    Ok(())
}

/// The mount on top at exactly `path` (none stacked over it).
fn top_at<'m>(path: &Path, mounts: &'m [MountLine]) -> Option<&'m MountLine> {
    let here: Vec<&MountLine> = mounts.iter().filter(|m| m.mount_point == path).collect();
    here.iter()
        .find(|m| !here.iter().any(|o| o.parent == m.id))
        .copied()
}

/// The top mount at `at.path`, which must be reached through no link and
/// hold an entry of `at.shape`.
fn top_mount_reached_directly<'m>(
    at: &Mask,
    mounts: &'m [MountLine],
) -> Result<&'m MountLine, String> {
    let mask = at;
    // Through no link: a link at the path or above it carried the bind
    // elsewhere.
    let meta = fs_err::symlink_metadata(&mask.path).map_err(|e| format!("not there: {e}"))?;
    if meta.file_type().is_symlink() {
        return Err("it is a link".to_owned());
    }
    let resolved = fs_err::canonicalize(&mask.path).map_err(|e| format!("resolving: {e}"))?;
    if resolved != mask.path {
        return Err(format!(
            "it resolves to {} (a link above it)",
            resolved.display()
        ));
    }
    let shape_ok = match mask.shape {
        MaskShape::Dir => meta.is_dir(),
        MaskShape::File => meta.is_file(),
    };
    if !shape_ok {
        return Err(format!("not {}", shape_name(mask.shape)));
    }
    top_at(&mask.path, mounts).ok_or_else(|| "no mount sits at this path".to_owned())
}

fn shape_name(shape: MaskShape) -> &'static str {
    match shape {
        MaskShape::Dir => "a directory",
        MaskShape::File => "a regular file",
    }
}

/// The stand-in as made: an empty file, or a dir holding only its
/// ignore-everything `.gitignore`.
fn empty(mask: &Mask) -> Result<(), String> {
    let io = |e: std::io::Error| format!("reading it: {e}");
    match mask.shape {
        MaskShape::File => {
            let len = fs_err::metadata(&mask.path).map_err(io)?.len();
            if len != 0 {
                return Err(format!("not empty ({len} bytes)"));
            }
        }
        MaskShape::Dir => {
            for entry in fs_err::read_dir(&mask.path).map_err(io)? {
                let name = entry.map_err(io)?.file_name();
                if name != ".gitignore" {
                    return Err(format!("not empty (it holds {name:?})"));
                }
            }
            let ignore = fs_err::read(mask.path.join(".gitignore")).map_err(io)?;
            if ignore != b"*\n" {
                return Err("its .gitignore is not the stand-in's".to_owned());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(path: &str, shape: MaskShape) -> Mask {
        Mask {
            path: path.into(),
            shape,
        }
    }

    #[test]
    fn the_arguments_round_trip_and_bad_paths_are_refused() {
        let masks = [
            mask("/work/app/.opencode", MaskShape::Dir),
            mask("/home/agent/my opencode.json", MaskShape::File),
        ];
        let ids = StandIns {
            dir: Some((2049, 17)),
            file: Some((2049, 18)),
        };
        let built: Vec<String> = args(&masks, &[], &ids)
            .unwrap()
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect();
        assert_eq!(built[0], FLAG);
        let mut tail = built[1..].to_vec();
        tail.extend(["opencode".to_owned(), "acp".to_owned()]);
        let parsed = parse(&tail).unwrap();
        assert_eq!(parsed.masks, masks);
        assert_eq!(parsed.stand_ins, ids);
        assert!(parsed.pins.is_empty());
        let argv = parsed.argv;
        assert_eq!(argv, ["opencode", "acp"]);

        for bad in [
            "relative",
            "/work/../etc",
            "/work/./x",
            "/work//x",
            "/work/x/",
            "/work/a\nb",
            "/",
        ] {
            let none = StandIns::default();
            assert!(
                args(&[mask(bad, MaskShape::Dir)], &[], &none).is_err(),
                "{bad:?}"
            );
            let pin = Pin {
                path: Path::new(bad),
                shape: MaskShape::Dir,
            };
            assert!(args(&[], &[pin], &none).is_err(), "{bad:?}");
            let tail = ["--dir".to_owned(), bad.to_owned(), "--".to_owned()];
            assert!(parse(&tail).is_err(), "{bad:?}");
        }
        for bad in [
            vec!["--dir"],
            vec!["--bind", "/", "/x", "--"],
            vec!["--file", "/work/x"],
            vec!["--stand-in-dir", "17", "--"],
            vec!["--stand-in-file", "a:b", "--"],
        ] {
            let bad: Vec<String> = bad.into_iter().map(str::to_owned).collect();
            assert!(parse(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_pin_must_show_its_own_path_of_its_tree() {
        let text = "22 1 0:5 / / ro - tmpfs tmpfs ro\n\
                    30 22 253:1 /data/agt-1/work /work rw - ext4 /dev/vda rw\n\
                    31 30 253:1 /data/agt-1/work/app /work/app rw - ext4 /dev/vda rw\n\
                    32 30 253:1 /data/agt-1/work/app-moved /work/trees rw - ext4 /dev/vda rw\n\
                    33 30 253:1 /data/agt-1/home/x /work/x rw - ext4 /dev/vda rw\n";
        let mounts = parse_mountinfo(text);
        let at = |p: &str| top_at(Path::new(p), &mounts).unwrap();
        assert!(shows_its_own_path(Path::new("/work/app"), at("/work/app"), &mounts).is_ok());
        // Renamed between the host's open and bwrap's bind: it shows the
        // dir's new name; another tree's dir is no self-bind either.
        for bad in ["/work/trees", "/work/x"] {
            let err = shows_its_own_path(Path::new(bad), at(bad), &mounts).unwrap_err();
            assert!(err.contains("moved between"), "{err}");
        }
        assert!(shows_its_own_path(Path::new("/etc/x"), at("/work/app"), &mounts).is_err());
    }

    #[test]
    fn mountinfo_lines_are_read_with_their_escapes() {
        let text = "22 1 0:5 / / ro,nosuid - tmpfs tmpfs ro\n\
                    40 22 253:1 /data/agents/agt-1/masks/empty-file /work/my\\040app/opencode.json ro,relatime - ext4 /dev/vda rw\n\
                    41 40 253:1 /x /work/my\\040app/opencode.json rw - ext4 /dev/vda rw\n";
        let mounts = parse_mountinfo(text);
        assert_eq!(mounts.len(), 3);
        assert_eq!(
            mounts[1].mount_point,
            Path::new("/work/my app/opencode.json")
        );
        assert!(
            mounts[1].read_only
                && mounts[1]
                    .root
                    .ends_with(crate::masks::stand_in_name(MaskShape::File))
        );
        assert!(!mounts[2].read_only);
        assert_eq!(unescape("a\\134b\\012"), Path::new("a\\b\n"));
        assert_eq!(unescape("trailing\\04"), Path::new("trailing\\04"));
    }
}
