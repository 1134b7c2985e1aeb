//! The agent base image: a Debian root built from Debian's packages by the
//! recipe `oci/base-image.sh` (no registry), imported by `scripts/oci-setup`
//! under a tag that is a hash of the recipe. The backend only checks that the
//! image it was given is there; it never builds one.

use sha2::{Digest, Sha256};

/// The recipe, as committed: its hash is the default image's tag.
pub const RECIPE: &str = include_str!("../../oci/base-image.sh");

/// The repository part of the default image's name.
pub const REPOSITORY: &str = "localhost/compass-base";

/// The label `scripts/oci-setup` puts on the image: the recipe's tag.
pub const RECIPE_LABEL: &str = "compass.recipe";

/// The recipe's tag: the first 16 hex digits of its SHA-256 (what
/// `sha256sum base-image.sh | cut -c1-16` prints).
pub fn tag() -> String {
    short_sha256(RECIPE)
}

/// The first 16 hex digits of the SHA-256 of `text`.
pub(crate) fn short_sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `localhost/compass-base:<tag>`: the image the recipe of this build makes.
pub fn default_image() -> String {
    format!("{REPOSITORY}:{}", tag())
}

/// What to tell a person whose image is missing.
pub(crate) fn build_hint(image: &str) -> String {
    if image == default_image() {
        "build it with scripts/oci-setup (Debian packages, no registry)".to_owned()
    } else {
        "import it (`podman import rootfs.tar NAME`) or pick another (`compass serve --oci-image`, OciConfig::image)"
            .to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tag_is_what_sha256sum_prints_for_the_recipe() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/oci/base-image.sh");
        let out = std::process::Command::new("sha256sum")
            .arg(path)
            .output()
            .unwrap();
        let printed = String::from_utf8(out.stdout).unwrap();
        assert_eq!(&printed[..16], tag());
        assert!(default_image().starts_with("localhost/compass-base:"));
    }
}
