//! The hook wire protocol between the hook client (`compass-hook`,
//! `compass hook`) and the per-agent hook socket: one request frame, one
//! response frame per connection.
//!
//! A frame is a 4-byte big-endian length followed by that many bytes of JSON.
//! Both messages carry `v` (the protocol version); a peer that sees another
//! version answers with an error response, and the client turns any error
//! into a block. The agent's stdin is carried base64-encoded so invalid UTF-8
//! reaches the server intact and gets a clear decision there.

use base64::Engine;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};

/// The protocol version.
pub const PROTOCOL_VERSION: u32 = 1;
/// Largest frame either side accepts. Bigger hook payloads are refused
/// (and so blocked) rather than read without bound.
pub const MAX_FRAME: usize = 16 * 1024 * 1024;

/// What `compass hook <kind> <event>` sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookRequest {
    pub v: u32,
    /// The agent kind as given on the command line (`claude-code`, …).
    pub kind: String,
    /// The native event name (`PreToolUse`, `BeforeTool`, …).
    pub event: String,
    /// The agent's stdin, base64.
    pub stdin_b64: String,
}

impl HookRequest {
    pub fn new(kind: &str, event: &str, stdin: &[u8]) -> Self {
        Self {
            v: PROTOCOL_VERSION,
            kind: kind.to_string(),
            event: event.to_string(),
            stdin_b64: base64::engine::general_purpose::STANDARD.encode(stdin),
        }
    }
    pub fn stdin(&self) -> Option<Vec<u8>> {
        base64::engine::general_purpose::STANDARD
            .decode(&self.stdin_b64)
            .ok()
    }
}

/// What the hook process must print and exit with, in the agent's format.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookResponse {
    pub v: u32,
    pub stdout: String,
    pub stderr: String,
    pub exit_code: i32,
    /// `clear`, `caution`, `flag`, or `error` (for logs and tests).
    pub decision: String,
}

impl HookResponse {
    /// The block every supported agent honours before and after a tool
    /// runs: exit code 2 with the reason on stderr. Errors and time-outs
    /// on either side of the socket answer with it.
    pub fn blocked(reason: &str) -> Self {
        Self {
            v: PROTOCOL_VERSION,
            stdout: String::new(),
            stderr: format!("Compass Warden blocked this call: {reason}\n"),
            exit_code: 2,
            decision: "error".to_owned(),
        }
    }
}

/// Why a frame could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    #[error("frame of {0} bytes exceeds the {MAX_FRAME}-byte limit")]
    TooLarge(usize),
    #[error("malformed message: {0}")]
    Json(#[from] serde_json::Error),
    #[error("protocol version {0} is not supported (expected {PROTOCOL_VERSION})")]
    Version(u32),
}

/// Encode one frame.
pub fn encode<T: Serialize>(msg: &T) -> Result<Vec<u8>, WireError> {
    let body = serde_json::to_vec(msg)?;
    if body.len() > MAX_FRAME {
        return Err(WireError::TooLarge(body.len()));
    }
    let len = u32::try_from(body.len()).map_err(|_| WireError::TooLarge(body.len()))?;
    let mut out = Vec::with_capacity(4 + body.len());
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(&body);
    Ok(out)
}

/// Decode a frame body (without the length prefix).
pub fn decode_request(body: &[u8]) -> Result<HookRequest, WireError> {
    let r: HookRequest = serde_json::from_slice(body)?;
    if r.v != PROTOCOL_VERSION {
        return Err(WireError::Version(r.v));
    }
    Ok(r)
}

pub fn decode_response(body: &[u8]) -> Result<HookResponse, WireError> {
    let r: HookResponse = serde_json::from_slice(body)?;
    if r.v != PROTOCOL_VERSION {
        return Err(WireError::Version(r.v));
    }
    Ok(r)
}

/// Blocking write of one frame.
pub fn write_frame_sync<W: Write, T: Serialize>(w: &mut W, msg: &T) -> Result<(), WireError> {
    w.write_all(&encode(msg)?)?;
    w.flush()?;
    Ok(())
}

/// Blocking read of one frame body.
pub fn read_frame_sync<R: Read>(r: &mut R) -> Result<Vec<u8>, WireError> {
    let mut len = [0u8; 4];
    r.read_exact(&mut len)?;
    let n = u32::from_be_bytes(len) as usize;
    if n > MAX_FRAME {
        return Err(WireError::TooLarge(n));
    }
    let mut body = vec![0u8; n];
    r.read_exact(&mut body)?;
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_round_trips_with_binary_stdin() {
        let req = HookRequest::new("claude-code", "PreToolUse", &[0xff, 0x00, b'{']);
        let frame = encode(&req).unwrap();
        let body = read_frame_sync(&mut &frame[..]).unwrap();
        let back = decode_request(&body).unwrap();
        assert_eq!(back, req);
        assert_eq!(back.stdin().unwrap(), vec![0xff, 0x00, b'{']);
    }

    #[test]
    fn refuses_other_versions_and_huge_frames() {
        let mut req = HookRequest::new("x", "y", b"");
        req.v = 2;
        let body = serde_json::to_vec(&req).unwrap();
        assert!(matches!(decode_request(&body), Err(WireError::Version(2))));
        let huge = (u32::MAX).to_be_bytes();
        assert!(matches!(
            read_frame_sync(&mut &huge[..]),
            Err(WireError::TooLarge(_))
        ));
    }
}
