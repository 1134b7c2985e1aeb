//! Hygiene as a test: every module of this crate starts with `//!` lines
//! saying its job.

use super::support::rust_files;
use std::path::Path;

#[test]
fn every_module_has_a_doc_header() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "examples"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 10);
    let missing: Vec<_> = files
        .iter()
        .filter(|f| !fs_err::read_to_string(f).unwrap().starts_with("//!"))
        .collect();
    assert!(
        missing.is_empty(),
        "modules without a //! header: {missing:?}"
    );
}
