//! The committed generated code must match what the schema generates now.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

fn generate(out: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../proto");
    let fds = protox::compile(["compass/v1/compass.proto"], [&root]).expect("schema compiles");
    tonic_prost_build::configure()
        .out_dir(out)
        .compile_fds(fds)
        .expect("code generation runs");
}

#[test]
fn generated_code_matches_the_schema() {
    let tmp = tempfile::tempdir().unwrap();
    generate(tmp.path());
    let fresh = fs_err::read_to_string(tmp.path().join("compass.v1.rs")).unwrap();
    let committed_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gen/compass.v1.rs");
    if std::env::var_os("COMPASS_BLESS").is_some() {
        fs_err::write(&committed_path, &fresh).unwrap();
        return;
    }
    let committed = fs_err::read_to_string(&committed_path).unwrap_or_default();
    assert!(
        committed == fresh,
        "src/gen/compass.v1.rs is out of date with proto/; run `COMPASS_BLESS=1 cargo test -p compass-proto --test generated` and commit the result"
    );
}
