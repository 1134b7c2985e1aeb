//! Exact-value redaction: every secret value the user stored — and so every
//! credential an agent is given — is replaced by `[REDACTED:NAME]` wherever
//! it appears verbatim, in one piece or split across the chunks of a stream.
//!
//! [`SecretValues`] is one immutable set (the daemon swaps in a new one when
//! a secret is set). [`StreamRedactor`] is one text stream's state and
//! [`ByteStreamRedactor`] one byte stream's (a terminal's stdout, before it
//! becomes text): each holds back the longest tail that could still be the
//! start of a secret (never more than the longest value less one byte), so a
//! value split between chunks is never emitted in two halves; `finish`
//! releases the tail when the stream ends. Fed any chunking of an input, the
//! concatenated output equals [`SecretValues::redact`] (or
//! [`SecretValues::redact_bytes`]) of the whole.
//!
//! Matching is leftmost-longest and non-overlapping. Bytes are matched
//! against every value, text against the values that are UTF-8 and against
//! what text makes of the others: a value that is not UTF-8 reaches text
//! only decoded lossily (an agent echoing the terminal output it was
//! given, say), so its lossy decoding is looked for there, without the
//! U+FFFD at either end (those depend on the bytes around it; the inside
//! does not), when that readable core is at least [`MIN_LOSSY_CORE`] bytes.

use crate::secret::Secret;
use aho_corasick::{AhoCorasick, Input, MatchKind};
use std::borrow::Cow;
use std::fmt;

/// The shortest readable core of a non-UTF-8 value that text is searched
/// for: a shorter one would redact ordinary words, and says little.
pub const MIN_LOSSY_CORE: usize = 4;

/// One secret to look for: its name (shown in the marker) and a pattern.
#[derive(Clone)]
struct Entry {
    label: String,
    value: Vec<u8>,
    /// KMP failure table of the value: what is still a prefix after a mismatch.
    border: Vec<usize>,
    /// Looked for in text, in bytes, or both.
    in_text: bool,
    in_bytes: bool,
}

impl Entry {
    fn new(label: &str, value: &[u8], in_text: bool, in_bytes: bool) -> Self {
        Self {
            label: label.to_owned(),
            border: border_table(value),
            value: value.to_vec(),
            in_text,
            in_bytes,
        }
    }
}

/// One automaton over some of the entries: pattern `i` is `entries[of[i]]`.
#[derive(Clone)]
struct Matcher {
    automaton: AhoCorasick,
    of: Vec<usize>,
}

/// A set of secret values, matched exactly.
#[derive(Clone, Default)]
pub struct SecretValues {
    entries: Vec<Entry>,
    /// The UTF-8 values and the others' lossy cores (for text).
    text: Option<Matcher>,
    /// Every value (for bytes).
    bytes: Option<Matcher>,
}

impl fmt::Debug for SecretValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SecretValues")
            .field("count", &self.entries.len())
            .finish_non_exhaustive()
    }
}

/// Why a set of values could not be built.
#[derive(Debug, thiserror::Error)]
#[error("secret values: {0}")]
pub struct RedactError(String);

impl SecretValues {
    /// The set of `(name, value)`; empty values are skipped.
    pub fn new<'a>(
        values: impl IntoIterator<Item = (&'a str, &'a Secret)>,
    ) -> Result<Self, RedactError> {
        Self::from_bytes(values.into_iter().map(|(n, v)| (n, v.expose().as_bytes())))
    }

    /// The set of `(name, value)` where values are any bytes (a stored
    /// secret need not be UTF-8); empty values are skipped.
    pub fn from_bytes<'a>(
        values: impl IntoIterator<Item = (&'a str, &'a [u8])>,
    ) -> Result<Self, RedactError> {
        let mut entries: Vec<Entry> = Vec::new();
        for (name, raw) in values {
            if raw.is_empty() || entries.iter().any(|e| e.in_bytes && e.value == raw) {
                continue;
            }
            let label = format!("[REDACTED:{name}]");
            if std::str::from_utf8(raw).is_ok() {
                entries.push(Entry::new(&label, raw, true, true));
                continue;
            }
            entries.push(Entry::new(&label, raw, false, true));
            let lossy = String::from_utf8_lossy(raw);
            let core = lossy.trim_matches(char::REPLACEMENT_CHARACTER);
            if core.len() >= MIN_LOSSY_CORE {
                entries.push(Entry::new(&label, core.as_bytes(), true, false));
            }
        }
        let build = |text: bool| -> Result<Option<Matcher>, RedactError> {
            let of: Vec<usize> = (0..entries.len())
                .filter(|&i| {
                    if text {
                        entries[i].in_text
                    } else {
                        entries[i].in_bytes
                    }
                })
                .collect();
            if of.is_empty() {
                return Ok(None);
            }
            let automaton = AhoCorasick::builder()
                .match_kind(MatchKind::LeftmostLongest)
                .build(of.iter().map(|&i| &entries[i].value))
                .map_err(|e| RedactError(e.to_string()))?;
            Ok(Some(Matcher { automaton, of }))
        };
        let text = build(true)?;
        let bytes = build(false)?;
        Ok(Self {
            entries,
            text,
            bytes,
        })
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// `text` with every occurrence of a (UTF-8) value replaced by its marker.
    pub fn redact<'t>(&self, text: &'t str) -> Cow<'t, str> {
        match self.whole(self.text.as_ref(), text.as_bytes()) {
            Cow::Borrowed(_) => Cow::Borrowed(text),
            Cow::Owned(out) => Cow::Owned(utf8(out)),
        }
    }

    /// `bytes` with every occurrence of any value replaced by its marker.
    pub fn redact_bytes<'t>(&self, bytes: &'t [u8]) -> Cow<'t, [u8]> {
        self.whole(self.bytes.as_ref(), bytes)
    }

    fn whole<'t>(&self, matcher: Option<&Matcher>, input: &'t [u8]) -> Cow<'t, [u8]> {
        match matcher {
            Some(m) if m.automaton.is_match(input) => {
                let mut out = Vec::with_capacity(input.len());
                let end = self.redact_into(matcher, input, input.len(), &mut out);
                debug_assert_eq!(end, input.len());
                Cow::Owned(out)
            }
            _ => Cow::Borrowed(input),
        }
    }

    /// Replace what is settled in `input` into `out`: everything before
    /// `hold`, the first position where a later chunk could still complete
    /// a value (a value that starts before it is taken whole, and what
    /// follows that value is judged afresh). Returns where the settled part
    /// ends.
    fn redact_into(
        &self,
        matcher: Option<&Matcher>,
        input: &[u8],
        mut hold: usize,
        out: &mut Vec<u8>,
    ) -> usize {
        let Some(m) = matcher else {
            out.extend_from_slice(&input[..hold]);
            return hold;
        };
        let mut pos = 0;
        loop {
            match m.automaton.find(Input::new(input).span(pos..input.len())) {
                Some(found) if found.start() < hold => {
                    out.extend_from_slice(&input[pos..found.start()]);
                    if let Some(e) =
                        m.of.get(found.pattern().as_usize())
                            .and_then(|&i| self.entries.get(i))
                    {
                        out.extend_from_slice(e.label.as_bytes());
                    }
                    pos = found.end();
                    if pos > hold {
                        hold = pos + self.open_tail(matcher, &input[pos..]);
                    }
                }
                _ => {
                    let cut = hold.max(pos);
                    out.extend_from_slice(&input[pos..cut]);
                    return cut;
                }
            }
        }
    }

    /// Where, in `input`, the longest suffix that is a proper prefix of some
    /// value `matcher` looks for begins (`input.len()` when none is): the
    /// part a later chunk could still turn into a secret. In text it is a
    /// character boundary: a UTF-8 value's prefix starts with a whole
    /// character.
    fn open_tail(&self, matcher: Option<&Matcher>, input: &[u8]) -> usize {
        let mut longest = 0;
        for e in matcher
            .into_iter()
            .flat_map(|m| &m.of)
            .filter_map(|&i| self.entries.get(i))
        {
            let value = e.value.as_slice();
            // Only the last `len - 1` bytes can start an unfinished value.
            let from = input.len().saturating_sub(value.len().saturating_sub(1));
            let mut state = 0;
            for &b in &input[from..] {
                while state > 0 && value.get(state) != Some(&b) {
                    state = e.border[state - 1];
                }
                if value.get(state) == Some(&b) {
                    state += 1;
                }
                if state == value.len() {
                    state = e.border[state - 1];
                }
            }
            longest = longest.max(state);
        }
        input.len() - longest
    }
}

/// Text that was text before redaction and had only whole characters
/// replaced by ASCII markers is still text.
fn utf8(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// KMP failure table: `t[i]` is the length of the longest proper border of
/// `p[..=i]`.
fn border_table(p: &[u8]) -> Vec<usize> {
    let mut t = vec![0; p.len()];
    let mut k = 0;
    for i in 1..p.len() {
        while k > 0 && p[i] != p[k] {
            k = t[k - 1];
        }
        if p[i] == p[k] {
            k += 1;
        }
        t[i] = k;
    }
    t
}

/// One text stream's redaction state (an agent's message chunks, one tool
/// call's output updates).
#[derive(Debug, Default, Clone)]
pub struct StreamRedactor {
    /// Received but not yet shown: could still be the start of a value.
    pending: String,
}

impl StreamRedactor {
    /// Take one chunk; returns what can be shown now, values replaced.
    pub fn push(&mut self, secrets: &SecretValues, chunk: &str) -> String {
        if secrets.is_empty() && self.pending.is_empty() {
            return chunk.to_owned();
        }
        self.pending.push_str(chunk);
        let mut out = Vec::new();
        let input = self.pending.as_bytes();
        let hold = secrets.open_tail(secrets.text.as_ref(), input);
        let cut = secrets.redact_into(secrets.text.as_ref(), input, hold, &mut out);
        self.pending.drain(..cut);
        utf8(out)
    }

    /// The stream ended: what was held back, values replaced.
    pub fn finish(&mut self, secrets: &SecretValues) -> String {
        let rest = std::mem::take(&mut self.pending);
        secrets.redact(&rest).into_owned()
    }

    /// Bytes held back right now.
    pub fn held(&self) -> usize {
        self.pending.len()
    }
}

/// One byte stream's redaction state (one pipe of a terminal, redacted
/// before its bytes are turned into text).
#[derive(Debug, Default, Clone)]
pub struct ByteStreamRedactor {
    pending: Vec<u8>,
}

impl ByteStreamRedactor {
    /// Take one chunk; returns what can be shown now, values replaced.
    pub fn push(&mut self, secrets: &SecretValues, chunk: &[u8]) -> Vec<u8> {
        if secrets.is_empty() && self.pending.is_empty() {
            return chunk.to_vec();
        }
        self.pending.extend_from_slice(chunk);
        let mut out = Vec::new();
        let hold = secrets.open_tail(secrets.bytes.as_ref(), &self.pending);
        let cut = secrets.redact_into(secrets.bytes.as_ref(), &self.pending, hold, &mut out);
        self.pending.drain(..cut);
        out
    }

    /// The stream ended: what was held back, values replaced.
    pub fn finish(&mut self, secrets: &SecretValues) -> Vec<u8> {
        let rest = std::mem::take(&mut self.pending);
        secrets.redact_bytes(&rest).into_owned()
    }

    /// Bytes held back right now.
    pub fn held(&self) -> usize {
        self.pending.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn set(values: &[(&str, &str)]) -> SecretValues {
        let owned: Vec<(String, Secret)> = values
            .iter()
            .map(|(n, v)| ((*n).to_owned(), Secret::new(*v)))
            .collect();
        SecretValues::new(owned.iter().map(|(n, v)| (n.as_str(), v))).unwrap()
    }

    fn stream(secrets: &SecretValues, chunks: &[&str]) -> (Vec<String>, String) {
        let mut s = StreamRedactor::default();
        let mut shown: Vec<String> = chunks.iter().map(|c| s.push(secrets, c)).collect();
        shown.push(s.finish(secrets));
        let all = shown.concat();
        (shown, all)
    }

    #[test]
    fn whole_values_are_replaced_by_name() {
        let s = set(&[("API_KEY", "hunter2-abc")]);
        assert_eq!(s.redact("key=hunter2-abc."), "key=[REDACTED:API_KEY].");
        assert_eq!(s.redact("nothing here"), "nothing here");
    }

    #[test]
    fn a_value_split_across_chunks_is_never_shown_in_halves() {
        let s = set(&[("TOKEN", "s3cr3t-value")]);
        let (shown, all) = stream(&s, &["the token is s3cr", "3t-val", "ue, done"]);
        assert_eq!(all, "the token is [REDACTED:TOKEN], done");
        for piece in &shown {
            assert!(!piece.contains("s3cr"), "{shown:?}");
        }
        // Held back only while it could still be a value.
        assert_eq!(shown[0], "the token is ");
    }

    #[test]
    fn the_tail_is_held_only_while_it_could_start_a_value() {
        let s = set(&[("T", "abcdef")]);
        let mut r = StreamRedactor::default();
        assert_eq!(r.push(&s, "xxab"), "xx");
        assert_eq!(r.held(), 2);
        assert_eq!(r.push(&s, "z"), "abz");
        assert_eq!(r.held(), 0);
    }

    #[test]
    fn longest_value_wins_and_overlaps_resolve_leftmost() {
        let s = set(&[("A", "abc"), ("B", "abcdef"), ("C", "cde")]);
        assert_eq!(s.redact("abcdef"), "[REDACTED:B]");
        assert_eq!(s.redact("abcde"), "[REDACTED:A]de");
        let (_, all) = stream(&s, &["ab", "c", "de", "f"]);
        assert_eq!(all, "[REDACTED:B]");
        let (_, all) = stream(&s, &["ab", "c", "dx"]);
        assert_eq!(all, "[REDACTED:A]dx");
    }

    #[test]
    fn multibyte_text_is_cut_on_character_boundaries() {
        let s = set(&[("K", "ключ-42")]);
        let (_, all) = stream(&s, &["мой клю", "ч-42 и ключ", "-4"]);
        assert_eq!(all, "мой [REDACTED:K] и ключ-4");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        /// For any set of values and any chunking of any text, the stream
        /// shows exactly the whole-text redaction, and no value survives.
        #[test]
        fn any_chunking_equals_whole_text_redaction(
            values in prop::collection::vec("[a-d0-2\u{e9}]{1,6}", 1..5),
            pieces in prop::collection::vec(
                prop_oneof!["[a-d0-2\u{e9} ]{0,8}", (0usize..5).prop_map(|i| format!("<{i}>"))],
                0..12,
            ),
            cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..8),
        ) {
            let names: Vec<String> = (0..values.len()).map(|i| format!("S{i}")).collect();
            let pairs: Vec<(&str, &str)> = names
                .iter()
                .map(String::as_str)
                .zip(values.iter().map(String::as_str))
                .collect();
            let secrets = set(&pairs);
            // Plant values in the text: `<i>` stands for value i.
            let text: String = pieces
                .iter()
                .map(|p| match p.strip_prefix('<').and_then(|r| r.strip_suffix('>')) {
                    Some(i) => values[i.parse::<usize>().unwrap() % values.len()].clone(),
                    None => p.clone(),
                })
                .collect();
            let mut at: Vec<usize> = cuts
                .iter()
                .map(|c| c.index(text.len() + 1))
                .filter(|&i| text.is_char_boundary(i))
                .collect();
            at.sort_unstable();
            at.dedup();
            let mut chunks = Vec::new();
            let mut prev = 0;
            for i in at.into_iter().chain([text.len()]) {
                chunks.push(&text[prev..i]);
                prev = i;
            }
            let longest = values.iter().map(String::len).max().unwrap_or(0);
            let mut r = StreamRedactor::default();
            let mut shown = String::new();
            for c in &chunks {
                shown.push_str(&r.push(&secrets, c));
                prop_assert!(r.held() < longest.max(1), "held {} bytes", r.held());
            }
            shown.push_str(&r.finish(&secrets));
            prop_assert_eq!(&shown, &*secrets.redact(&text));
            // Markers use capitals, brackets and digits that values do not
            // spell here; so no value can survive in the output.
            let stripped: String = {
                let mut s = shown.clone();
                for n in &names {
                    s = s.replace(&format!("[REDACTED:{n}]"), "\u{1}");
                }
                s
            };
            for v in &values {
                prop_assert!(!stripped.contains(v.as_str()), "{v:?} survived in {shown:?}");
            }
        }
    }

    /// Bytes that make values and input: invalid UTF-8 among them.
    fn byte() -> impl Strategy<Value = u8> {
        prop_oneof![
            Just(0x80u8),
            Just(0xffu8),
            Just(0xc3u8),
            Just(b'a'),
            Just(b'b')
        ]
    }

    #[test]
    fn values_that_are_not_utf8_are_matched_in_bytes_only() {
        let bad: &[u8] = b"k\xff\xfe-9";
        let s = SecretValues::from_bytes([("RAW", bad), ("T", &b"\xc3\xa9t\xc3\xa9"[..])]).unwrap();
        let mut input = b"x=".to_vec();
        input.extend_from_slice(bad);
        input.extend_from_slice(b"; y=\xc3\xa9t\xc3\xa9");
        assert_eq!(
            &*s.redact_bytes(&input),
            b"x=[REDACTED:RAW]; y=[REDACTED:T]"
        );
        // Text never holds the raw value; the UTF-8 one is still found.
        assert_eq!(s.redact("y=\u{e9}t\u{e9}"), "y=[REDACTED:T]");
        // A lone continuation byte as a value cannot cut a character in text.
        let cont = SecretValues::from_bytes([("C", &b"\xa9"[..])]).unwrap();
        assert_eq!(cont.redact("\u{e9}"), "\u{e9}");
        let mut r = ByteStreamRedactor::default();
        let mut out = r.push(&s, b"a k\xff");
        out.extend(r.push(&s, b"\xfe-"));
        out.extend(r.push(&s, b"9 b"));
        out.extend(r.finish(&s));
        assert_eq!(out, b"a [REDACTED:RAW] b");
    }

    #[test]
    fn text_holding_a_non_utf8_value_decoded_lossily_is_redacted() {
        let raw: &[u8] = b"\xa9k\xff\xfe words 42 \xc3(";
        let s = SecretValues::from_bytes([("RAW", raw)]).unwrap();
        // However the bytes around it decode: a lead byte before (which
        // swallows the value's first byte into a character), a
        // continuation byte after.
        for (before, after) in [(&b"x "[..], &b" y"[..]), (b"\xc3", b"\x80"), (b"", b"")] {
            let mut bytes = before.to_vec();
            bytes.extend_from_slice(raw);
            bytes.extend_from_slice(after);
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let shown = s.redact(&text);
            assert!(shown.contains("[REDACTED:RAW]"), "{text:?} -> {shown:?}");
            assert!(!shown.contains("words 42"), "{shown:?}");
            // And split across a stream's chunks, at every character.
            let chars: Vec<char> = text.chars().collect();
            for cut in 1..chars.len() {
                let (a, b): (String, String) =
                    (chars[..cut].iter().collect(), chars[cut..].iter().collect());
                let (_, all) = stream(&s, &[&a, &b]);
                assert!(!all.contains("words 42"), "{a:?}|{b:?} -> {all:?}");
            }
        }
        // A value whose readable core is too short matches no text.
        let short = SecretValues::from_bytes([("S", &b"\xffab\xfe"[..])]).unwrap();
        assert_eq!(
            short.redact("ab \u{fffd}ab\u{fffd}"),
            "ab \u{fffd}ab\u{fffd}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        /// For any set of byte values (UTF-8 or not) and any chunking of any
        /// bytes, the byte stream shows exactly the whole-input redaction,
        /// and no value survives.
        #[test]
        fn any_byte_chunking_equals_whole_input_redaction(
            values in prop::collection::vec(prop::collection::vec(byte(), 1..6), 1..5),
            // `Ok(i)` stands for value i, `Err` for other bytes.
            pieces in prop::collection::vec(
                prop_oneof![
                    (0usize..5).prop_map(Ok),
                    prop::collection::vec(prop_oneof![byte(), Just(b' ')], 0..8).prop_map(Err),
                ],
                0..12,
            ),
            cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..8),
        ) {
            let names: Vec<String> = (0..values.len()).map(|i| format!("S{i}")).collect();
            let secrets = SecretValues::from_bytes(
                names.iter().map(String::as_str).zip(values.iter().map(Vec::as_slice)),
            )
            .unwrap();
            let input: Vec<u8> = pieces
                .iter()
                .flat_map(|p| match p {
                    Ok(i) => values[i % values.len()].clone(),
                    Err(bytes) => bytes.clone(),
                })
                .collect();
            let mut at: Vec<usize> = cuts.iter().map(|c| c.index(input.len() + 1)).collect();
            at.sort_unstable();
            at.dedup();
            let longest = values.iter().map(Vec::len).max().unwrap_or(0);
            let mut r = ByteStreamRedactor::default();
            let mut shown = Vec::new();
            let mut prev = 0;
            for i in at.into_iter().chain([input.len()]) {
                shown.extend(r.push(&secrets, &input[prev..i]));
                prev = i;
                prop_assert!(r.held() < longest.max(1), "held {} bytes", r.held());
            }
            shown.extend(r.finish(&secrets));
            prop_assert_eq!(&shown, &*secrets.redact_bytes(&input));
            let mut stripped = shown.clone();
            for n in &names {
                let marker = format!("[REDACTED:{n}]");
                while let Some(at) = stripped.windows(marker.len()).position(|w| w == marker.as_bytes()) {
                    stripped.splice(at..at + marker.len(), [1u8]);
                }
            }
            for v in &values {
                prop_assert!(!stripped.windows(v.len()).any(|w| w == v.as_slice()), "{v:?} survived in {shown:?}");
            }
        }
    }
}
