//! One terminal pipe's bytes turned into event text: filtered first (the
//! daemon's exact-value redaction runs on the raw bytes, so a secret that is
//! not UTF-8 is still found, and stdout and stderr are separate streams that
//! cannot interleave a value out of sight), then decoded, with a character
//! split across reads held back instead of turned into replacement marks.

use crate::sink::OutputFilter;

/// The longest incomplete UTF-8 sequence (a 4-byte character less one).
const MAX_CARRY: usize = 3;

/// One pipe's state.
pub(crate) struct PipeText {
    filter: Option<Box<dyn OutputFilter>>,
    /// Filtered bytes ending in an unfinished character.
    carry: Vec<u8>,
}

impl PipeText {
    pub(crate) fn new(filter: Option<Box<dyn OutputFilter>>) -> Self {
        Self {
            filter,
            carry: Vec::new(),
        }
    }

    /// The text of one read (empty while everything is held back).
    pub(crate) fn chunk(&mut self, raw: &[u8]) -> String {
        let shown = match self.filter.as_mut() {
            Some(f) => f.push(raw),
            None => raw.to_vec(),
        };
        self.decode(&shown, false)
    }

    /// The pipe closed: whatever was held back.
    pub(crate) fn end(&mut self) -> String {
        let rest = self.filter.as_mut().map(|f| f.finish()).unwrap_or_default();
        self.decode(&rest, true)
    }

    fn decode(&mut self, more: &[u8], last: bool) -> String {
        self.carry.extend_from_slice(more);
        let keep = if last {
            0
        } else {
            unfinished_char(&self.carry)
        };
        let cut = self.carry.len() - keep;
        let text = String::from_utf8_lossy(&self.carry[..cut]).into_owned();
        self.carry.drain(..cut);
        text
    }
}

/// How many bytes at the end of `bytes` begin a character that is not
/// complete yet (0 when none do).
fn unfinished_char(bytes: &[u8]) -> usize {
    for back in 1..=MAX_CARRY.min(bytes.len()) {
        let b = bytes[bytes.len() - back];
        if b & 0xC0 == 0x80 {
            continue; // a continuation byte: look further back
        }
        let len = match b {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 1,
        };
        return if len > back { back } else { 0 };
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use compass_warden::redact::{ByteStreamRedactor, SecretValues};
    use proptest::prelude::*;
    use std::sync::Arc;

    /// The daemon's filter, as the daemon builds it.
    struct Redacting {
        values: Arc<SecretValues>,
        state: ByteStreamRedactor,
    }

    impl OutputFilter for Redacting {
        fn push(&mut self, chunk: &[u8]) -> Vec<u8> {
            self.state.push(&self.values, chunk)
        }
        fn finish(&mut self) -> Vec<u8> {
            self.state.finish(&self.values)
        }
    }

    fn pipe(values: &Arc<SecretValues>) -> PipeText {
        PipeText::new(Some(Box::new(Redacting {
            values: Arc::clone(values),
            state: ByteStreamRedactor::default(),
        })))
    }

    #[test]
    fn a_character_split_across_reads_is_kept_whole() {
        let mut p = PipeText::new(None);
        let euro = "€".as_bytes();
        assert_eq!(p.chunk(&euro[..1]), "");
        assert_eq!(p.chunk(&euro[1..]), "€");
        assert_eq!(p.chunk(b"a\xff"), "a\u{fffd}");
        assert_eq!(p.chunk(&euro[..2]), "");
        assert_eq!(p.end(), "\u{fffd}");
    }

    #[test]
    fn a_secret_that_is_not_utf8_is_redacted_before_decoding() {
        let raw: &[u8] = b"pw\xff\xfe42";
        let values = Arc::new(SecretValues::from_bytes([("RAW", raw)]).unwrap());
        let mut p = pipe(&values);
        let mut text = p.chunk(b"token: pw\xff");
        text.push_str(&p.chunk(b"\xfe42 ok"));
        text.push_str(&p.end());
        assert_eq!(text, "token: [REDACTED:RAW] ok");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        /// stdout and stderr each carry a secret split at any points, their
        /// reads interleaved in any order: no emitted text holds any part
        /// of a value long enough to matter (a half), and each pipe's texts
        /// put together are its whole output redacted.
        #[test]
        fn interleaved_pipes_never_show_a_secret(
            secret in prop::collection::vec(prop_oneof![Just(0xffu8), Just(0xe2u8), Just(0x82u8), Just(0xacu8), 0x61u8..0x67], 6..14),
            out_cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
            err_cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
            order in prop::collection::vec(any::<bool>(), 0..16),
        ) {
            let values = Arc::new(SecretValues::from_bytes([("S", secret.as_slice())]).unwrap());
            let streams: Vec<Vec<u8>> = ["out: ", "err: "]
                .iter()
                .map(|p| [p.as_bytes(), &secret, b" end\n"].concat())
                .collect();
            let chunked = |s: &[u8], cuts: &[prop::sample::Index]| {
                let mut at: Vec<usize> = cuts.iter().map(|c| c.index(s.len() + 1)).collect();
                at.push(s.len());
                at.sort_unstable();
                at.dedup();
                let mut prev = 0;
                at.into_iter().map(|i| { let c = s[prev..i].to_vec(); prev = i; c }).collect::<Vec<_>>()
            };
            let mut queues = [chunked(&streams[0], &out_cuts), chunked(&streams[1], &err_cuts)];
            let mut pipes = [pipe(&values), pipe(&values)];
            let mut shown: [String; 2] = Default::default();
            let mut events = Vec::new();
            let mut turns = order.into_iter().chain(std::iter::repeat(false)).chain(std::iter::repeat(true));
            while queues.iter().any(|q| !q.is_empty()) {
                let mut i = usize::from(turns.next().unwrap_or(true));
                if queues[i].is_empty() { i = 1 - i; }
                let c = queues[i].remove(0);
                let text = pipes[i].chunk(&c);
                shown[i].push_str(&text);
                events.push(text);
            }
            for i in 0..2 {
                let text = pipes[i].end();
                shown[i].push_str(&text);
                events.push(text);
                let whole = String::from_utf8_lossy(&values.redact_bytes(&streams[i])).into_owned();
                prop_assert_eq!(&shown[i], &whole);
                prop_assert!(shown[i].contains("[REDACTED:S]"), "{:?}", shown[i]);
            }
            // In the interleaved log, no event holds the value or a half of
            // it, and neither does the log put together.
            let log = events.concat();
            let half = secret.len() / 2;
            for part in [&secret[..], &secret[..half], &secret[half..]] {
                let part = String::from_utf8_lossy(part).into_owned();
                if part.chars().filter(|c| *c != '\u{fffd}').count() >= 3 {
                    prop_assert!(!log.contains(&part), "{part:?} in {log:?}");
                }
            }
        }
    }
}
