//! Text as the user's terminal gets it: what an agent wrote is shown, never
//! obeyed. Control characters and the characters that reorder or hide text
//! become U+FFFD in text views; JSON escapes the latter instead. Both
//! `output` (text) and `render` (JSON) use it.

/// Much of what the CLI prints an agent wrote (messages, command output,
/// file names, commit subjects, errors quoting them): its control
/// characters (terminal escapes: OSC 52 clipboard writes, screen clears,
/// hidden text) and the [`invisible`] characters that reorder or hide text
/// are shown as U+FFFD, never sent to the user's terminal as they are. A
/// zero-width joiner or non-joiner between two visible non-ASCII
/// characters is kept: it belongs to an emoji sequence or to a script
/// that needs it (Persian, the Indic scripts), where it hides nothing a
/// reader of commands, paths or URLs would miss. The CLI itself writes
/// none of them (its JSON escapes them, see [`escape_invisible`]).
pub(crate) fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let shown_as_is = |(i, c): (usize, char)| {
        if c.is_control() {
            return c == '\n' || c == '\t';
        }
        if !invisible(c) {
            return true;
        }
        let mut before = text[..i].chars().rev();
        let glyph_before = match before.next() {
            // A selector kept after its glyph still ends that glyph.
            Some(v) if variation_selector(v) => before.next().is_some_and(visible_glyph),
            n => n.is_some_and(visible_glyph),
        };
        if variation_selector(c) {
            // One selector picks the glyph of the character before it; a
            // run of them (or one after ASCII) only carries hidden data.
            return text[..i].chars().next_back().is_some_and(visible_glyph);
        }
        JOINERS.contains(&c)
            && glyph_before
            && text[i + c.len_utf8()..]
                .chars()
                .next()
                .is_some_and(visible_glyph)
    };
    if text.char_indices().all(shown_as_is) {
        return std::borrow::Cow::Borrowed(text);
    }
    text.char_indices()
        .map(|(i, c)| if shown_as_is((i, c)) { c } else { '\u{FFFD}' })
        .collect()
}

/// A visible non-ASCII character: what a joiner or selector may attach to.
fn visible_glyph(c: char) -> bool {
    !c.is_ascii() && !c.is_control() && !c.is_whitespace() && !invisible(c)
}

/// Zero-width non-joiner and joiner: part of legitimate text (see [`printable`]).
const JOINERS: [char; 2] = ['\u{200C}', '\u{200D}'];

/// Variation selectors: one after a visible non-ASCII character picks its
/// glyph (an emoji's colour form, an ideograph's variant); anywhere else
/// they are invisible carriers (see [`printable`]).
fn variation_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
}

/// Characters that are not control characters yet reorder or hide the
/// text around them on a terminal: the bidirectional controls (an
/// override makes `txt.exe` of `exe.txt`), the zero-width characters
/// (a command that reads as `curl` but is not), the invisible operators,
/// fillers and soft hyphens, the tag characters and variation selectors
/// (whole words no terminal shows but a model reads).
pub(crate) fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' // soft hyphen
        | '\u{034F}' // combining grapheme joiner
        | '\u{061C}' // Arabic letter mark
        | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
        | '\u{180B}'..='\u{180E}' // Mongolian variation selectors, vowel separator
        | '\u{200B}'..='\u{200F}' // zero-width space, (non-)joiner, LRM, RLM
        | '\u{202A}'..='\u{202E}' // embeddings and overrides
        | '\u{2060}'..='\u{2064}' // word joiner, invisible operators
        | '\u{2066}'..='\u{2069}' // isolates
        | '\u{FE00}'..='\u{FE0F}' // variation selectors
        | '\u{FEFF}' // zero-width no-break space (BOM)
        | '\u{E0000}'..='\u{E007F}' // tags
        | '\u{E0100}'..='\u{E01EF}' // variation selectors supplement
    )
}

/// JSON text with every [`invisible`] character written as its `\\u`
/// escape: the same value to a parser, nothing hidden on a terminal.
/// Such characters only occur inside JSON strings, where escapes are valid.
pub(crate) fn escape_invisible(json: String) -> String {
    if !json.chars().any(invisible) {
        return json;
    }
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if invisible(c) {
            for unit in c.encode_utf16(&mut [0; 2]) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{escape_invisible, printable};

    #[test]
    fn terminal_escapes_never_reach_the_terminal() {
        assert_eq!(
            printable("a\x1b[2Jb\n\tc\r\u{9b}"),
            "a\u{FFFD}[2Jb\n\tc\u{FFFD}\u{FFFD}"
        );
        assert!(matches!(
            printable("plain\ntext"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    /// Bidirectional controls and zero-width characters show, as control
    /// characters do, wherever they would reorder or hide text.
    #[test]
    fn characters_that_reorder_or_hide_text_are_shown() {
        for c in [
            '\u{202A}',
            '\u{202B}',
            '\u{202C}',
            '\u{202D}',
            '\u{202E}',
            '\u{2066}',
            '\u{2067}',
            '\u{2068}',
            '\u{2069}',
            '\u{200E}',
            '\u{200F}',
            '\u{061C}',
            '\u{200B}',
            '\u{200C}',
            '\u{200D}',
            '\u{2060}',
            '\u{FEFF}',
            '\u{E0041}',
            '\u{00AD}',
            '\u{034F}',
            '\u{3164}',
            '\u{180B}',
            '\u{FE0F}',
            '\u{E0100}',
        ] {
            assert_eq!(printable(&format!("cu{c}rl")), "cu\u{FFFD}rl", "{c:?}");
            // Next to a joiner or at either end, a joiner hides as much.
            assert_eq!(
                printable(&format!("{c}\u{65e5}")),
                "\u{FFFD}\u{65e5}",
                "{c:?}"
            );
        }
        // Variation selectors smuggle data in runs after one glyph.
        assert_eq!(
            printable("\u{1F600}\u{FE0F}\u{FE01}\u{E0102}"),
            "\u{1F600}\u{FE0F}\u{FFFD}\u{FFFD}"
        );
        assert_eq!(
            printable("invoice\u{202E}fdp.exe"),
            "invoice\u{FFFD}fdp.exe"
        );
    }

    /// Text in any script stays readable: CJK, accents, emoji sequences
    /// (their joiners between two pictographs), Persian's non-joiner.
    #[test]
    fn legitimate_text_is_left_as_it_is() {
        for text in [
            "\u{65e5}\u{672c}\u{8a9e} \u{00e9}t\u{00e9}",
            "\u{1F469}\u{200D}\u{1F4BB} \u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
            "\u{845B}\u{E0100} \u{2764}\u{FE0F}",
            "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}",
        ] {
            assert!(
                matches!(printable(text), std::borrow::Cow::Borrowed(_)),
                "{text}"
            );
        }
        // A joiner between a pictograph and ASCII hides a seam in the ASCII.
        assert_eq!(printable("\u{1F469}\u{200D}rm"), "\u{1F469}\u{FFFD}rm");
    }

    #[test]
    fn json_escapes_what_would_hide_and_parses_to_the_same_value() {
        let value = serde_json::json!({"m": "a\u{202E}b\u{E0041}c\u{1F469}\u{200D}\u{1F4BB}"});
        let text = escape_invisible(serde_json::to_string(&value).unwrap());
        assert!(!text.chars().any(super::invisible), "{text}");
        assert!(
            text.contains("\\u202e") && text.contains("\\udb40\\udc41"),
            "{text}"
        );
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
            value
        );
    }
}
