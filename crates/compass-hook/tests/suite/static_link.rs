//! The `compass-hook` binary Cargo builds — the one the daemon mounts into
//! every workload — is statically linked (`build.rs`): no program
//! interpreter, no shared library to load, so each tool call pays no
//! dynamic loading. Read from the binary's own ELF headers, so a build that
//! falls back to dynamic linking, or to a self-relocating static-pie,
//! fails here.

#![cfg(all(target_os = "linux", target_env = "gnu"))]

use std::process::{Command, Stdio};

/// An ELF program header type.
const PT_DYNAMIC: u32 = 2;
const PT_INTERP: u32 = 3;
/// `e_type` of a fixed-address executable (a PIE is `ET_DYN`).
const ET_EXEC: u16 = 2;
/// A dynamic section tag naming a shared library to load.
const DT_NEEDED: u64 = 1;

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(b[at..at + 2].try_into().unwrap())
}
fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}
fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

/// One program header: its type and where its bytes are in the file.
struct Segment {
    kind: u32,
    offset: usize,
    size: usize,
}

/// The program headers of a 64-bit little-endian ELF file.
fn segments(elf: &[u8]) -> Vec<Segment> {
    assert_eq!(&elf[..4], b"\x7fELF", "not an ELF file");
    assert_eq!((elf[4], elf[5]), (2, 1), "not 64-bit little-endian ELF");
    let (table, entry, count) = (
        u64_at(elf, 0x20) as usize,
        usize::from(u16_at(elf, 0x36)),
        usize::from(u16_at(elf, 0x38)),
    );
    (0..count)
        .map(|i| {
            let h = &elf[table + i * entry..table + (i + 1) * entry];
            Segment {
                kind: u32_at(h, 0),
                offset: u64_at(h, 8) as usize,
                size: u64_at(h, 32) as usize,
            }
        })
        .collect()
}

/// How many `DT_NEEDED` entries the dynamic section holds.
fn needed_libraries(elf: &[u8], dynamic: &Segment) -> usize {
    elf[dynamic.offset..dynamic.offset + dynamic.size]
        .chunks_exact(16)
        .map(|entry| u64_at(entry, 0))
        .take_while(|&tag| tag != 0)
        .filter(|&tag| tag == DT_NEEDED)
        .count()
}

/// No program interpreter, no shared library.
fn assert_static(bin: &str) {
    let elf = std::fs::read(bin).unwrap();
    let segments = segments(&elf);
    assert!(
        !segments.iter().any(|s| s.kind == PT_INTERP),
        "{bin} names a program interpreter: it is dynamically linked (see crates/compass-hook/build.rs)"
    );
    for dynamic in segments.iter().filter(|s| s.kind == PT_DYNAMIC) {
        assert_eq!(
            needed_libraries(&elf, dynamic),
            0,
            "{bin} needs shared libraries"
        );
    }
}

#[test]
fn the_hook_binary_is_statically_linked_and_runs() {
    let bin = env!("CARGO_BIN_EXE_compass-hook");
    assert_static(bin);
    // And it runs: with no daemon to ask, it blocks (exit 2) and says why.
    let out = Command::new(bin)
        .args([
            "--socket",
            "/nonexistent/compass-hook.sock",
            "scripted",
            "PreToolUse",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not answering"),
        "{out:?}"
    );
}

/// `compass-confine` starts on every tool command of a confined agent.
#[test]
fn the_confine_binary_is_statically_linked() {
    assert_static(env!("CARGO_BIN_EXE_compass-confine"));
}

/// Both start on every tool call: neither relocates itself first.
#[test]
fn the_per_call_binaries_have_nothing_to_relocate_at_start() {
    for bin in [
        env!("CARGO_BIN_EXE_compass-hook"),
        env!("CARGO_BIN_EXE_compass-confine"),
    ] {
        let elf = std::fs::read(bin).unwrap();
        assert_eq!(&elf[..4], b"\x7fELF", "not an ELF file");
        assert_eq!(
            u16_at(&elf, 0x10),
            ET_EXEC,
            "{bin} is position-independent: it relocates itself on every tool call (see crates/compass-hook/build.rs)"
        );
        assert!(
            !segments(&elf).iter().any(|s| s.kind == PT_DYNAMIC),
            "{bin} has a dynamic section"
        );
    }
}
