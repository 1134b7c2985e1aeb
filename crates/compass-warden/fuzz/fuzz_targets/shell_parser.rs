//! Fuzz the shell command-line parser and output analysis.
//! Run: `cargo +nightly fuzz run shell_parser` in crates/compass-warden.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = compass_warden::shell::parse(s);
        let _ = compass_warden::output::analyze(s, "/work/app", &compass_warden::output::Workspace::default());
    }
});
