//! Links the `compass-hook` and `compass-confine` binaries statically on
//! Linux with glibc, in every profile, with nothing to install: a static
//! binary skips the dynamic loader's work (mapping and relocating libc and
//! libgcc_s) on every tool call of every agent, and runs in any workload
//! whatever its libraries.
//!
//! rustc links glibc statically only with `-C target-feature=+crt-static`,
//! which Cargo cannot set for one binary of a workspace. Without it rustc
//! names the shared libraries (`-lgcc_s … -lc`); this script gives that one
//! binary a directory searched before the system's, where each of those
//! names is a linker script pulling in the static archives the C toolchain
//! already ships (`libc.a`, `libgcc_eh.a`, …), and asks for a static
//! link (see [`link_mode`]).
//! The library and every other binary that links it stay as they are.
//!
//! When an archive is missing the binary is linked dynamically, with a
//! warning; `tests/suite/static_link.rs` fails on such a build.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The binaries linked statically: both start on every tool call.
const BINARIES: &[&str] = &["compass-hook", "compass-confine"];

/// Each library rustc names for a dynamically linked glibc binary, and
/// the static archives that stand in for it. libc and the unwinder refer
/// to each other, so they are one group.
const STAND_INS: &[(&str, &[&str])] = &[
    ("gcc_s", &["libgcc_eh.a", "libgcc.a"]),
    ("c", &["libc.a", "libgcc_eh.a", "libgcc.a"]),
    ("m", &["libm.a"]),
    ("pthread", &["libpthread.a"]),
    ("dl", &["libdl.a"]),
    ("rt", &["librt.a"]),
    ("util", &["libutil.a"]),
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=RUSTC_LINKER");
    let cfg = |key: &str| std::env::var(key).unwrap_or_default();
    if cfg("CARGO_CFG_TARGET_OS") != "linux" || cfg("CARGO_CFG_TARGET_ENV") != "gnu" {
        return;
    }
    if cfg("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|f| f == "crt-static")
    {
        return; // rustc links it statically already
    }
    let dir = PathBuf::from(cfg("OUT_DIR")).join("static-libs");
    match write_stand_ins(&dir) {
        Ok(()) => {
            for bin in BINARIES {
                for arg in link_mode() {
                    println!("cargo::rustc-link-arg-bin={bin}={arg}");
                }
                println!("cargo::rustc-link-arg-bin={bin}=-L{}", dir.display());
            }
        }
        Err(why) => {
            println!(
                "cargo::warning=compass-hook and compass-confine will be linked dynamically (slower per tool call): {why}"
            );
        }
    }
}

/// How the static binary is laid out. A fixed-address executable
/// (`-static -no-pie`) has nothing to relocate at start, which a
/// static-pie relocates on every run (≈ 40 µs of each tool call). mold
/// links glibc's non-PIE start-up wrongly (the binary crashes before
/// `main`, in `__ctype_init`), so these binaries are linked by GNU ld when
/// the toolchain has it, and as a static-pie otherwise. Losing address
/// randomisation costs nothing here: the hook runs with the agent's own
/// rights beside the agent, which needs no exploit to do what it could.
fn link_mode() -> &'static [&'static str] {
    // gcc names a program it does not ship by its bare name: look on PATH.
    let has_bfd = Command::new(driver())
        .arg("-print-prog-name=ld.bfd")
        .output()
        .ok()
        .map(|out| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
        .is_some_and(|prog| {
            let path = std::env::var_os("PATH").unwrap_or_default();
            prog.is_file()
                || (prog.components().count() == 1
                    && std::env::split_paths(&path).any(|dir| dir.join(&prog).is_file()))
        });
    if has_bfd {
        &["-static", "-no-pie", "-fuse-ld=bfd"]
    } else {
        println!(
            "cargo::warning=compass-hook and compass-confine will be static-pies (relocated on every call): no GNU ld (ld.bfd) found"
        );
        &["-static-pie"]
    }
}

/// The C compiler driver rustc links with.
fn driver() -> String {
    std::env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_owned())
}

/// Write one linker script per library of [`STAND_INS`] into `dir`.
// Each error names its path already; a build script links no fs_err.
#[allow(clippy::disallowed_methods)]
fn write_stand_ins(dir: &Path) -> Result<(), String> {
    let driver = driver();
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    for (name, archives) in STAND_INS {
        let mut script = String::from("GROUP (");
        for archive in *archives {
            let path = archive_path(&driver, archive)?;
            let _ = write!(script, " {path}");
        }
        script.push_str(" )\n");
        let file = dir.join(format!("lib{name}.a"));
        std::fs::write(&file, script).map_err(|e| format!("writing {}: {e}", file.display()))?;
    }
    Ok(())
}

/// Where the C toolchain keeps `archive`, as an absolute path a linker
/// script can name unquoted.
fn archive_path(driver: &str, archive: &str) -> Result<String, String> {
    let out = Command::new(driver)
        .arg(format!("-print-file-name={archive}"))
        .output()
        .map_err(|e| format!("running {driver}: {e}"))?;
    let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    // The driver echoes the bare name back when it does not find the file.
    if !out.status.success() || !Path::new(&path).is_absolute() || !Path::new(&path).is_file() {
        return Err(format!("{driver} finds no {archive}"));
    }
    if path.contains(|c: char| c.is_whitespace() || "()\",".contains(c)) {
        return Err(format!(
            "{archive} is at {path:?}, a path a linker script cannot name"
        ));
    }
    Ok(path)
}
