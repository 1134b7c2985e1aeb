//! Exact-value redaction: every secret value the user stored — and so every
//! credential an agent is given — is replaced by `[REDACTED:NAME]` wherever
//! it appears verbatim, in one piece or split across the chunks of a stream.
//!
//! [`SecretValues`] is one immutable set (the daemon swaps in a new one when
//! a secret is set). [`StreamRedactor`] is one stream's state: it holds back
//! the longest tail that could still be the start of a secret (never more
//! than the longest value less one byte), so a value split between chunks is
//! never emitted in two halves; [`StreamRedactor::finish`] releases the tail
//! when the stream ends. Fed any chunking of a text, the concatenated output
//! equals [`SecretValues::redact`] of the whole text.
//!
//! Matching is leftmost-longest and non-overlapping. Values that are not
//! UTF-8 cannot occur in text and are not matched.

use crate::secret::Secret;
use aho_corasick::{AhoCorasick, Input, MatchKind};
use std::borrow::Cow;
use std::fmt;

/// One secret to look for: its name (shown in the marker) and value.
#[derive(Clone)]
struct Entry {
    label: String,
    value: Secret,
    /// KMP failure table of the value: what is still a prefix after a mismatch.
    border: Vec<usize>,
}

/// A set of secret values, matched exactly.
#[derive(Clone, Default)]
pub struct SecretValues {
    entries: Vec<Entry>,
    matcher: Option<AhoCorasick>,
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
        let mut entries: Vec<Entry> = Vec::new();
        for (name, value) in values {
            let raw = value.expose();
            if raw.is_empty() || entries.iter().any(|e| e.value.expose() == raw) {
                continue;
            }
            entries.push(Entry {
                label: format!("[REDACTED:{name}]"),
                border: border_table(raw.as_bytes()),
                value: value.clone(),
            });
        }
        let matcher = if entries.is_empty() {
            None
        } else {
            Some(
                AhoCorasick::builder()
                    .match_kind(MatchKind::LeftmostLongest)
                    .build(entries.iter().map(|e| e.value.expose()))
                    .map_err(|e| RedactError(e.to_string()))?,
            )
        };
        Ok(Self { entries, matcher })
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// `text` with every occurrence of a value replaced by its marker.
    pub fn redact<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let Some(matcher) = &self.matcher else {
            return Cow::Borrowed(text);
        };
        if !matcher.is_match(text) {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len());
        let end = self.redact_into(text, text.len(), &mut out);
        debug_assert_eq!(end, text.len());
        Cow::Owned(out)
    }

    /// Replace what is settled in `text` into `out`: everything before
    /// `hold`, the first position where a later chunk could still complete
    /// a value (a value that starts before it is taken whole, and what
    /// follows that value is judged afresh). Returns where the settled part
    /// ends.
    fn redact_into(&self, text: &str, mut hold: usize, out: &mut String) -> usize {
        let Some(matcher) = &self.matcher else {
            out.push_str(&text[..hold]);
            return hold;
        };
        let mut pos = 0;
        loop {
            match matcher.find(Input::new(text).span(pos..text.len())) {
                Some(m) if m.start() < hold => {
                    out.push_str(&text[pos..m.start()]);
                    if let Some(e) = self.entries.get(m.pattern().as_usize()) {
                        out.push_str(&e.label);
                    }
                    pos = m.end();
                    if pos > hold {
                        hold = pos + self.open_tail(&text[pos..]);
                    }
                }
                _ => {
                    let cut = hold.max(pos);
                    out.push_str(&text[pos..cut]);
                    return cut;
                }
            }
        }
    }

    /// Where, in `text`, the longest suffix that is a proper prefix of some
    /// value begins (`text.len()` when none is): the part a later chunk could
    /// still turn into a secret.
    fn open_tail(&self, text: &str) -> usize {
        let bytes = text.as_bytes();
        let mut longest = 0;
        for e in &self.entries {
            let value = e.value.expose().as_bytes();
            // Only the last `len - 1` bytes can start an unfinished value.
            let from = bytes.len().saturating_sub(value.len().saturating_sub(1));
            let mut state = 0;
            for &b in &bytes[from..] {
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
        // A value's prefix starts on a character boundary (values are UTF-8
        // and so is the text), so the cut is one too.
        bytes.len() - longest
    }
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

/// One stream's redaction state (an agent's message chunks, one terminal's
/// output, one tool call's output updates).
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
        let mut out = String::new();
        let hold = secrets.open_tail(&self.pending);
        let cut = secrets.redact_into(&self.pending, hold, &mut out);
        self.pending.drain(..cut);
        out
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
}
