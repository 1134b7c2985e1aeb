//! Injectable time: TTLs, heartbeats and latencies read a [`Clock`], so tests
//! advance a [`ManualClock`] instead of sleeping. The one clock vocabulary
//! is `compass_core::clock`'s; this path keeps Warden's callers short.

pub use compass_core::clock::{Clock, ManualClock, SystemClock};
