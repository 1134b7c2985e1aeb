//! Shared test fixtures: a Warden with a manual clock and recorders.

use compass_warden::audit::MemoryAudit;
use compass_warden::clock::ManualClock;
use compass_warden::pause::RecordingPauser;
use compass_warden::{Warden, WardenConfig, WardenDeps};
use std::sync::Arc;

pub(crate) struct Fixture {
    pub(crate) warden: Arc<Warden>,
    pub(crate) clock: ManualClock,
    pub(crate) audit: MemoryAudit,
    pub(crate) pauser: RecordingPauser,
}

pub(crate) fn fixture_with(config: WardenConfig, f: impl FnOnce(&mut WardenDeps)) -> Fixture {
    let clock = ManualClock::new(1_700_000_000_000);
    let audit = MemoryAudit::default();
    let pauser = RecordingPauser::default();
    let mut deps = WardenDeps {
        clock: Arc::new(clock.clone()),
        audit: Arc::new(audit.clone()),
        pauser: Arc::new(pauser.clone()),
        ..WardenDeps::in_memory()
    };
    f(&mut deps);
    Fixture {
        warden: Arc::new(Warden::new(config, deps).unwrap()),
        clock,
        audit,
        pauser,
    }
}

pub(crate) fn fixture() -> Fixture {
    fixture_with(WardenConfig::default(), |_| {})
}
