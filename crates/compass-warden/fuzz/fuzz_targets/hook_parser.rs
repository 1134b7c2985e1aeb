//! Fuzz the hook path's parsers: the wire frame and every agent adapter.
//! Run: `cargo +nightly fuzz run hook_parser` in crates/compass-warden.
#![no_main]

use compass_core::id::AgentId;
use compass_warden::hook::{adapters, handle_hook_request, wire};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let agent = AgentId::from_row(1);
    for kind in compass_core::hook::HookProtocol::ALL {
        let (pre, post) = kind.events();
        let _ = adapters::translate(kind, pre, data, &agent);
        let _ = adapters::translate(kind, post, data, &agent);
    }
    let _ = wire::decode_request(data);
    let _ = wire::read_frame_sync(&mut &data[..]);
    let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
    let resp = rt.block_on(handle_hook_request(data, &agent, &compass_core::gate::PassThrough));
    assert!(resp.exit_code == 0 || resp.exit_code == 2);
});
