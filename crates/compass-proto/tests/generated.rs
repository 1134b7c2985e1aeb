//! The committed generated code must match what the schema generates now.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use prost::Message;
use std::path::Path;

const FILES: [&str; 2] = ["compass.v1.rs", "compass.v1.serde.rs"];

fn generate(out: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../proto");
    let fds = protox::compile(["compass/v1/compass.proto"], [&root]).expect("schema compiles");
    let descriptor_bytes = fds.encode_to_vec();
    tonic_prost_build::configure()
        // A secret's value must not print: lib.rs gives it a redacting Debug.
        .skip_debug([".compass.v1.SetSecretRequest"])
        .out_dir(out)
        .compile_fds(fds)
        .expect("code generation runs");
    pbjson_build::Builder::new()
        .register_descriptors(&descriptor_bytes)
        .expect("descriptors load")
        .out_dir(out)
        .build(&[".compass.v1"])
        .expect("JSON mapping generates");
}

#[test]
fn generated_code_matches_the_schema() {
    let tmp = tempfile::tempdir().unwrap();
    generate(tmp.path());
    let bless = std::env::var_os("COMPASS_BLESS").is_some();
    for file in FILES {
        let fresh = fs_err::read_to_string(tmp.path().join(file)).unwrap();
        let committed_path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/gen")
            .join(file);
        if bless {
            fs_err::write(&committed_path, &fresh).unwrap();
            continue;
        }
        let committed = fs_err::read_to_string(&committed_path).unwrap_or_default();
        assert!(
            committed == fresh,
            "src/gen/{file} is out of date with proto/; run `COMPASS_BLESS=1 cargo test -p compass-proto --test generated` and commit the result"
        );
    }
}
