//! Integration tests of `compass-listen`.

mod shortage;
