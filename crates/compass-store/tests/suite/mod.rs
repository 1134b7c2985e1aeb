//! Test modules and shared fixtures.

mod checkpoint;
mod domain;
mod log;
mod pulls;
mod sources;
mod warden;

use compass_core::event::{EventKind, NewEvent, Scope};
use compass_store::{Options, Store};

pub(crate) fn open() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("compass.db"), Options::default()).unwrap();
    (dir, store)
}

pub(crate) fn marker(label: &str) -> NewEvent {
    NewEvent {
        scope: Scope::default(),
        kind: EventKind::Marker {
            label: label.into(),
            payload: String::new(),
        },
    }
}
