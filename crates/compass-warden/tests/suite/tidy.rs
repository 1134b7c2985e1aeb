//! Hygiene: every source file of the crate starts with `//!` lines saying its
//! job, and the committed rules load.

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in fs_err::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn every_module_has_a_header() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for d in ["src", "tests", "benches", "fuzz/fuzz_targets"] {
        rust_files(&root.join(d), &mut files);
    }
    assert!(files.len() > 20);
    let missing: Vec<_> = files
        .iter()
        .filter(|p| {
            !fs_err::read_to_string(p)
                .unwrap()
                .trim_start()
                .starts_with("//!")
        })
        .collect();
    assert!(
        missing.is_empty(),
        "files without a //! header: {missing:?}"
    );
}

#[test]
fn committed_rules_load() {
    let rules = compass_warden::detect::RuleSet::builtin().unwrap();
    assert!(rules.rules().iter().all(|r| !r.explanation.is_empty()));
}
