//! The one integration-test binary for compass-warden.

mod suite;
