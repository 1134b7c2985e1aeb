//! The frames a raw shell's input travels in, from the daemon to `compass
//! pty` inside the workload (over the spawned process's stdin): keystrokes
//! and window sizes on one pipe, so a resize never needs a second channel.
//! A frame is a kind byte, a big-endian `u32` length and the payload. The
//! output direction needs no frames: it is the PTY's bytes as they come.
//! Pure encoding and decoding; the relays do the I/O.

/// Largest payload a frame may carry (a paste is split into several).
pub const MAX_PAYLOAD: usize = 64 * 1024;

const INPUT: u8 = 0;
const RESIZE: u8 = 1;
const HEADER: usize = 5;

/// One decoded frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// Bytes typed (or pasted) into the terminal.
    Input(Vec<u8>),
    /// The terminal's new size.
    Resize { cols: u16, rows: u16 },
}

/// A stream that is not frames: the relay stops reading it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    #[error("unknown frame kind {0}")]
    Kind(u8),
    #[error("a frame of {0} bytes is over the {MAX_PAYLOAD}-byte limit")]
    TooLong(usize),
    #[error("a resize frame must carry 4 bytes, not {0}")]
    Resize(usize),
}

/// The frames carrying `bytes` as input (none for no bytes).
pub fn input(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + HEADER);
    for chunk in bytes.chunks(MAX_PAYLOAD) {
        push(&mut out, INPUT, chunk);
    }
    out
}

/// The frame telling the terminal its size.
pub fn resize(cols: u16, rows: u16) -> Vec<u8> {
    let mut payload = [0u8; 4];
    payload[..2].copy_from_slice(&cols.to_be_bytes());
    payload[2..].copy_from_slice(&rows.to_be_bytes());
    let mut out = Vec::with_capacity(HEADER + 4);
    push(&mut out, RESIZE, &payload);
    out
}

fn push(out: &mut Vec<u8>, kind: u8, payload: &[u8]) {
    out.push(kind);
    // A payload is at most MAX_PAYLOAD, far under u32::MAX.
    out.extend_from_slice(
        &u32::try_from(payload.len())
            .unwrap_or(u32::MAX)
            .to_be_bytes(),
    );
    out.extend_from_slice(payload);
}

/// Reassembles frames from a byte stream read in arbitrary pieces.
#[derive(Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
}

impl Decoder {
    /// Add what was read; returns the frames it completed, in order.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<Vec<Frame>, FrameError> {
        self.buf.extend_from_slice(bytes);
        let mut frames = Vec::new();
        let mut at = 0;
        while self.buf.len() - at >= HEADER {
            let kind = self.buf[at];
            let mut len = [0u8; 4];
            len.copy_from_slice(&self.buf[at + 1..at + HEADER]);
            let len = u32::from_be_bytes(len) as usize;
            if len > MAX_PAYLOAD {
                return Err(FrameError::TooLong(len));
            }
            if self.buf.len() - at - HEADER < len {
                break;
            }
            let payload = &self.buf[at + HEADER..at + HEADER + len];
            frames.push(match kind {
                INPUT => Frame::Input(payload.to_vec()),
                RESIZE if len == 4 => Frame::Resize {
                    cols: u16::from_be_bytes([payload[0], payload[1]]),
                    rows: u16::from_be_bytes([payload[2], payload[3]]),
                },
                RESIZE => return Err(FrameError::Resize(len)),
                other => return Err(FrameError::Kind(other)),
            });
            at += HEADER + len;
        }
        self.buf.drain(..at);
        Ok(frames)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn frames_survive_any_split() {
        let mut wire = input(b"ls -la\r");
        wire.extend(resize(120, 40));
        wire.extend(input(b""));
        wire.extend(input(&vec![b'x'; MAX_PAYLOAD + 3]));
        let mut d = Decoder::default();
        let mut got = Vec::new();
        for piece in wire.chunks(7) {
            got.extend(d.feed(piece).unwrap());
        }
        assert_eq!(got[0], Frame::Input(b"ls -la\r".to_vec()));
        assert_eq!(
            got[1],
            Frame::Resize {
                cols: 120,
                rows: 40
            }
        );
        assert_eq!(got[2], Frame::Input(vec![b'x'; MAX_PAYLOAD]));
        assert_eq!(got[3], Frame::Input(vec![b'x'; 3]));
        assert_eq!(got.len(), 4);
    }

    #[test]
    fn what_is_not_a_frame_is_refused() {
        assert_eq!(
            Decoder::default().feed(&[9, 0, 0, 0, 0]),
            Err(FrameError::Kind(9))
        );
        assert_eq!(
            Decoder::default().feed(&[0, 0xff, 0xff, 0xff, 0xff]),
            Err(FrameError::TooLong(u32::MAX as usize))
        );
        assert_eq!(
            Decoder::default().feed(&[1, 0, 0, 0, 1, 7]),
            Err(FrameError::Resize(1))
        );
    }

    proptest! {
        #[test]
        fn decoding_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            let _ = Decoder::default().feed(&bytes);
        }
    }
}
