//! Text as the user's terminal gets it: what an agent wrote is shown, never
//! obeyed. Control characters and the characters that reorder or hide text
//! become U+FFFD in text views; JSON escapes the latter instead. Both
//! `output` (text) and `render` (JSON) use it.

/// Much of what the CLI prints an agent wrote (messages, command output,
/// file names, commit subjects, errors quoting them): its control
/// characters (terminal escapes: OSC 52 clipboard writes, screen clears,
/// hidden text) and the [`invisible`] characters that reorder or hide text
/// are shown as U+FFFD, never sent to the user's terminal as they are. A
/// zero-width joiner or non-joiner is kept only where text needs it (see
/// [`joiner_needed`]); anywhere else, between two CJK or Cyrillic letters
/// say, it would carry bits no reader sees. The CLI itself writes none of
/// them (its JSON escapes them, see [`escape_invisible`]).
pub(crate) fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let shown_as_is = |(i, c): (usize, char)| {
        if c.is_control() {
            return c == '\n' || c == '\t';
        }
        if !invisible(c) {
            return true;
        }
        let mut before = text[..i].chars().rev();
        if variation_selector(c) {
            // One selector picks the glyph of the character before it; a
            // run of them (or one after ASCII) only carries hidden data.
            // The 240 supplement selectors are never kept: one after each
            // ideograph would carry a hidden byte apiece.
            return before.next().is_some_and(visible_glyph);
        }
        JOINERS.contains(&c) && joiner_needed(c, before, text[i + c.len_utf8()..].chars().next())
    };
    if text.char_indices().all(shown_as_is) {
        return std::borrow::Cow::Borrowed(text);
    }
    text.char_indices()
        .map(|(i, c)| if shown_as_is((i, c)) { c } else { '\u{FFFD}' })
        .collect()
}

/// Whether `joiner`, after the characters `before` (nearest first) and
/// before `after`, is one a script or an emoji sequence needs, i.e. one
/// that changes what is shown: right after an Indic virama (`क्‍ष`,
/// `ශ්‍රී`, a chillu `മ്‍`), or between two letters (or marks) of one
/// script that joins, never beside a digit or punctuation, either
/// - in an Indic script, a zero-width joiner right before a virama
///   (Devanagari's eyelash ra); or
/// - in a cursive script (Arabic and Persian, Syriac, N'Ko, Mandaic,
///   Mongolian, Hanifi Rohingya, Adlam), a non-joiner after a letter that
///   would join the next (`می‌خواهم`); a joiner between two letters, or a
///   non-joiner after one that never joins forward (`ا`, `د`, `ر`, `و`),
///   changes nothing on screen and so would only carry bits;
///
/// or a zero-width joiner between two pictographs, the first perhaps with
/// its skin tone or variation selector (`👩🏽‍💻`, `🏳️‍🌈`).
fn joiner_needed(
    joiner: char,
    mut before: impl Iterator<Item = char>,
    after: Option<char>,
) -> bool {
    let Some(prev) = before.next() else {
        return false;
    };
    // After a virama a joiner picks the conjunct's form, or the half or
    // chillu form at a word's end (`മ്‍`): always visible.
    if within(VIRAMAS, prev) {
        return true;
    }
    if let Some(script) = joining_script(prev)
        && let Some(next) = after.filter(|&next| joining_script(next) == Some(script))
    {
        return if INDIC_SCRIPTS.contains(&script) {
            joiner == '\u{200D}' && within(VIRAMAS, next)
        } else {
            joiner == '\u{200C}' && !within(NO_FORWARD_JOIN, prev)
        };
    }
    let pictograph_before = if variation_selector(prev) || within(EMOJI_MODIFIERS, prev) {
        before.next().is_some_and(pictograph)
    } else {
        pictograph(prev)
    };
    joiner == '\u{200D}' && pictograph_before && after.is_some_and(pictograph)
}

fn within(table: &[(u32, u32)], c: char) -> bool {
    let cp = u32::from(c);
    table.iter().any(|&(lo, hi)| (lo..=hi).contains(&cp))
}

/// The script of `c` if it is a visible letter (or mark) of a script whose
/// letters a joiner shapes.
fn joining_script(c: char) -> Option<u8> {
    if !visible_glyph(c) || within(NOT_JOINING, c) {
        return None;
    }
    let cp = u32::from(c);
    JOINING_SCRIPTS
        .iter()
        .find(|&&(lo, hi, _)| (lo..=hi).contains(&cp))
        .map(|&(_, _, script)| script)
}

/// An `Extended_Pictographic` character (an emoji, or a code point kept
/// for one).
fn pictograph(c: char) -> bool {
    within(EXTENDED_PICTOGRAPHIC, c)
}

/// Scripts whose letters a zero-width (non-)joiner shapes: `(first, last,
/// script)`, a script's blocks sharing its number (Arabic has three). The
/// Arabic presentation forms are not here: they are shaped already, so a
/// joiner beside one changes nothing.
const JOINING_SCRIPTS: &[(u32, u32, u8)] = &[
    (0x0600, 0x06ff, 1),    // Arabic (Persian, Urdu…)
    (0x0700, 0x074f, 2),    // Syriac
    (0x0750, 0x077f, 1),    // Arabic Supplement
    (0x07c0, 0x07ff, 3),    // N'Ko
    (0x0840, 0x085f, 4),    // Mandaic
    (0x0860, 0x086f, 2),    // Syriac Supplement
    (0x0870, 0x08ff, 1),    // Arabic Extended-B, -A
    (0x0900, 0x097f, 5),    // Devanagari
    (0x0980, 0x09ff, 6),    // Bengali
    (0x0a00, 0x0a7f, 7),    // Gurmukhi
    (0x0a80, 0x0aff, 8),    // Gujarati
    (0x0b00, 0x0b7f, 9),    // Oriya
    (0x0b80, 0x0bff, 10),   // Tamil
    (0x0c00, 0x0c7f, 11),   // Telugu
    (0x0c80, 0x0cff, 12),   // Kannada
    (0x0d00, 0x0d7f, 13),   // Malayalam
    (0x0d80, 0x0dff, 14),   // Sinhala
    (0x1800, 0x18af, 15),   // Mongolian
    (0x10d00, 0x10d3f, 16), // Hanifi Rohingya
    (0x1e900, 0x1e95f, 17), // Adlam
];

/// The digits, punctuation, symbols and format signs inside those blocks:
/// no shaping joins them, so a joiner beside one only hides data.
const NOT_JOINING: &[(u32, u32)] = &[
    (0x0600, 0x060f),   // Arabic number signs (Cf), signs, comma, date separator
    (0x061b, 0x061f),   // Arabic semicolon, end of text mark, triple dot, question mark
    (0x0660, 0x066d),   // Arabic-Indic digits, percent, separators, star
    (0x06d4, 0x06d4),   // Arabic full stop
    (0x06dd, 0x06de),   // end of ayah (Cf), rub el hizb
    (0x06e9, 0x06e9),   // place of sajdah
    (0x06f0, 0x06f9),   // Extended Arabic-Indic digits
    (0x06fd, 0x06fe),   // Sindhi ampersand, postposition men
    (0x0700, 0x070f),   // Syriac punctuation, abbreviation mark (Cf)
    (0x07c0, 0x07c9),   // N'Ko digits
    (0x07f6, 0x07f9),   // N'Ko symbol, punctuation
    (0x07fe, 0x07ff),   // N'Ko currency signs
    (0x085e, 0x085e),   // Mandaic punctuation
    (0x0890, 0x0891),   // Arabic pound and piastre marks above (Cf)
    (0x08e2, 0x08e2),   // Arabic disputed end of ayah (Cf)
    (0x0964, 0x0970),   // dandas, Devanagari digits, abbreviation sign
    (0x09e6, 0x09ef),   // Bengali digits
    (0x09f2, 0x09fb),   // Bengali currency and number signs
    (0x09fd, 0x09fd),   // Bengali abbreviation sign
    (0x0a66, 0x0a6f),   // Gurmukhi digits
    (0x0a76, 0x0a76),   // Gurmukhi abbreviation sign
    (0x0ae6, 0x0af1),   // Gujarati digits, abbreviation sign, rupee sign
    (0x0b66, 0x0b6f),   // Oriya digits
    (0x0b70, 0x0b70),   // Oriya isshar
    (0x0b72, 0x0b77),   // Oriya fractions
    (0x0be6, 0x0bfa),   // Tamil digits, numbers, symbols
    (0x0c66, 0x0c6f),   // Telugu digits
    (0x0c77, 0x0c7f),   // Telugu siddham sign, fractions, tuumu
    (0x0c84, 0x0c84),   // Kannada siddham sign
    (0x0ce6, 0x0cef),   // Kannada digits
    (0x0d4f, 0x0d4f),   // Malayalam para sign
    (0x0d58, 0x0d5e),   // Malayalam fractions
    (0x0d66, 0x0d79),   // Malayalam digits, numbers, date mark
    (0x0de6, 0x0def),   // Sinhala lith digits
    (0x0df4, 0x0df4),   // Sinhala kunddaliya
    (0x1800, 0x180a),   // Mongolian punctuation
    (0x1810, 0x1819),   // Mongolian digits
    (0x10d30, 0x10d39), // Hanifi Rohingya digits
    (0x1e950, 0x1e959), // Adlam digits
    (0x1e95e, 0x1e95f), // Adlam punctuation
];

/// The Indic scripts' numbers in [`JOINING_SCRIPTS`]: their joiners
/// matter only beside a virama.
const INDIC_SCRIPTS: std::ops::RangeInclusive<u8> = 5..=14;

/// The viramas of the Indic scripts (Malayalam has three, Sinhala calls
/// its one al-lakuna).
const VIRAMAS: &[(u32, u32)] = &[
    (0x094d, 0x094d),
    (0x09cd, 0x09cd),
    (0x0a4d, 0x0a4d),
    (0x0acd, 0x0acd),
    (0x0b4d, 0x0b4d),
    (0x0bcd, 0x0bcd),
    (0x0c4d, 0x0c4d),
    (0x0ccd, 0x0ccd),
    (0x0d3b, 0x0d3c),
    (0x0d4d, 0x0d4d),
    (0x0dca, 0x0dca),
];

/// Letters of the cursive scripts that never join the letter after them
/// (Unicode's joining types R and U: alef, dal, reh, waw, teh marbuta,
/// hamza…; Syriac's alaph, dalath, rish…): a non-joiner after one changes
/// nothing.
const NO_FORWARD_JOIN: &[(u32, u32)] = &[
    (0x0621, 0x0625), // hamza, alef with madda or hamza, waw with hamza
    (0x0627, 0x0627), // alef
    (0x0629, 0x0629), // teh marbuta
    (0x062f, 0x0632), // dal, thal, reh, zain
    (0x0648, 0x0648), // waw
    (0x0671, 0x0677), // alef wasla … high hamza waw
    (0x0688, 0x0699), // dal and reh forms
    (0x06c0, 0x06c0), // heh with yeh above
    (0x06c3, 0x06cb), // teh marbuta goal, waw forms
    (0x06cd, 0x06cd), // yeh with tail
    (0x06cf, 0x06cf), // waw with dot above
    (0x06d2, 0x06d3), // yeh barree
    (0x06d5, 0x06d5), // ae
    (0x06ee, 0x06ef), // dal and reh with inverted v
    (0x0710, 0x0710), // Syriac alaph
    (0x0715, 0x0719), // Syriac dalath … zain
    (0x071e, 0x071e), // Syriac yudh he
    (0x0728, 0x0728), // Syriac sadhe
    (0x072a, 0x072a), // Syriac rish
    (0x072c, 0x072c), // Syriac taw
    (0x072f, 0x072f), // Syriac Persian dhalath
    (0x074d, 0x074d), // Syriac zhain
    (0x0759, 0x075b), // dal and reh forms
    (0x076b, 0x076c), // reh forms
    (0x0771, 0x0771), // reh with small Arabic letter tah
    (0x0773, 0x0774), // alef forms
    (0x0778, 0x0779), // waw forms
    (0x08aa, 0x08ac), // reh, zain, rohingya yeh
    (0x08ae, 0x08ae), // dal with three dots below
    (0x08b1, 0x08b2), // straight waw, zain with inverted v
    (0x08b9, 0x08b9), // reh with small noon above
];

/// The emoji skin-tone modifiers.
const EMOJI_MODIFIERS: &[(u32, u32)] = &[(0x1f3fb, 0x1f3ff)];

/// Unicode's `Extended_Pictographic` (emoji-data.txt, Unicode 17).
#[rustfmt::skip]
const EXTENDED_PICTOGRAPHIC: &[(u32, u32)] = &[
    (0x00a9, 0x00a9), (0x00ae, 0x00ae), (0x203c, 0x203c), (0x2049, 0x2049), (0x2122, 0x2122),
    (0x2139, 0x2139), (0x2194, 0x2199), (0x21a9, 0x21aa), (0x231a, 0x231b), (0x2328, 0x2328),
    (0x23cf, 0x23cf), (0x23e9, 0x23f3), (0x23f8, 0x23fa), (0x24c2, 0x24c2), (0x25aa, 0x25ab),
    (0x25b6, 0x25b6), (0x25c0, 0x25c0), (0x25fb, 0x25fe), (0x2600, 0x2604), (0x260e, 0x260e),
    (0x2611, 0x2611), (0x2614, 0x2615), (0x2618, 0x2618), (0x261d, 0x261d), (0x2620, 0x2620),
    (0x2622, 0x2623), (0x2626, 0x2626), (0x262a, 0x262a), (0x262e, 0x262f), (0x2638, 0x263a),
    (0x2640, 0x2640), (0x2642, 0x2642), (0x2648, 0x2653), (0x265f, 0x2660), (0x2663, 0x2663),
    (0x2665, 0x2666), (0x2668, 0x2668), (0x267b, 0x267b), (0x267e, 0x267f), (0x2692, 0x2697),
    (0x2699, 0x2699), (0x269b, 0x269c), (0x26a0, 0x26a1), (0x26a7, 0x26a7), (0x26aa, 0x26ab),
    (0x26b0, 0x26b1), (0x26bd, 0x26be), (0x26c4, 0x26c5), (0x26c8, 0x26c8), (0x26ce, 0x26cf),
    (0x26d1, 0x26d1), (0x26d3, 0x26d4), (0x26e9, 0x26ea), (0x26f0, 0x26f5), (0x26f7, 0x26fa),
    (0x26fd, 0x26fd), (0x2702, 0x2702), (0x2705, 0x2705), (0x2708, 0x270d), (0x270f, 0x270f),
    (0x2712, 0x2712), (0x2714, 0x2714), (0x2716, 0x2716), (0x271d, 0x271d), (0x2721, 0x2721),
    (0x2728, 0x2728), (0x2733, 0x2734), (0x2744, 0x2744), (0x2747, 0x2747), (0x274c, 0x274c),
    (0x274e, 0x274e), (0x2753, 0x2755), (0x2757, 0x2757), (0x2763, 0x2764), (0x2795, 0x2797),
    (0x27a1, 0x27a1), (0x27b0, 0x27b0), (0x27bf, 0x27bf), (0x2934, 0x2935), (0x2b05, 0x2b07),
    (0x2b1b, 0x2b1c), (0x2b50, 0x2b50), (0x2b55, 0x2b55), (0x3030, 0x3030), (0x303d, 0x303d),
    (0x3297, 0x3297), (0x3299, 0x3299), (0x1f004, 0x1f004), (0x1f02c, 0x1f02f), (0x1f094, 0x1f09f),
    (0x1f0af, 0x1f0b0), (0x1f0c0, 0x1f0c0), (0x1f0cf, 0x1f0d0), (0x1f0f6, 0x1f0ff), (0x1f170, 0x1f171),
    (0x1f17e, 0x1f17f), (0x1f18e, 0x1f18e), (0x1f191, 0x1f19a), (0x1f1ae, 0x1f1e5), (0x1f201, 0x1f20f),
    (0x1f21a, 0x1f21a), (0x1f22f, 0x1f22f), (0x1f232, 0x1f23a), (0x1f23c, 0x1f23f), (0x1f249, 0x1f25f),
    (0x1f266, 0x1f321), (0x1f324, 0x1f393), (0x1f396, 0x1f397), (0x1f399, 0x1f39b), (0x1f39e, 0x1f3f0),
    (0x1f3f3, 0x1f3f5), (0x1f3f7, 0x1f3fa), (0x1f400, 0x1f4fd), (0x1f4ff, 0x1f53d), (0x1f549, 0x1f54e),
    (0x1f550, 0x1f567), (0x1f56f, 0x1f570), (0x1f573, 0x1f57a), (0x1f587, 0x1f587), (0x1f58a, 0x1f58d),
    (0x1f590, 0x1f590), (0x1f595, 0x1f596), (0x1f5a4, 0x1f5a5), (0x1f5a8, 0x1f5a8), (0x1f5b1, 0x1f5b2),
    (0x1f5bc, 0x1f5bc), (0x1f5c2, 0x1f5c4), (0x1f5d1, 0x1f5d3), (0x1f5dc, 0x1f5de), (0x1f5e1, 0x1f5e1),
    (0x1f5e3, 0x1f5e3), (0x1f5e8, 0x1f5e8), (0x1f5ef, 0x1f5ef), (0x1f5f3, 0x1f5f3), (0x1f5fa, 0x1f64f),
    (0x1f680, 0x1f6c5), (0x1f6cb, 0x1f6d2), (0x1f6d5, 0x1f6e5), (0x1f6e9, 0x1f6e9), (0x1f6eb, 0x1f6f0),
    (0x1f6f3, 0x1f6ff), (0x1f7da, 0x1f7ff), (0x1f80c, 0x1f80f), (0x1f848, 0x1f84f), (0x1f85a, 0x1f85f),
    (0x1f888, 0x1f88f), (0x1f8ae, 0x1f8af), (0x1f8bc, 0x1f8bf), (0x1f8c2, 0x1f8cf), (0x1f8d9, 0x1f8ff),
    (0x1f90c, 0x1f93a), (0x1f93c, 0x1f945), (0x1f947, 0x1f9ff), (0x1fa58, 0x1fa5f), (0x1fa6e, 0x1faff),
    (0x1fc00, 0x1fffd),
];

/// A visible non-ASCII character: what a joiner or selector may attach to.
fn visible_glyph(c: char) -> bool {
    !c.is_ascii() && !c.is_control() && !c.is_whitespace() && !invisible(c)
}

/// Zero-width non-joiner and joiner: part of legitimate text where
/// [`joiner_needed`] says so.
const JOINERS: [char; 2] = ['\u{200C}', '\u{200D}'];

/// Variation selectors: one after a visible non-ASCII character picks its
/// glyph (an emoji's colour form, an ideograph's variant); anywhere else
/// they are invisible carriers (see [`printable`]).
fn variation_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}')
}

/// Characters that are not control characters yet reorder or hide the
/// text around them on a terminal: the bidirectional controls (an
/// override makes `txt.exe` of `exe.txt`), the zero-width characters
/// (a command that reads as `curl` but is not), the invisible operators,
/// fillers and soft hyphens, the tag characters and variation selectors
/// (whole words no terminal shows but a model reads), the other format
/// controls no text view draws, and the line and paragraph separators
/// (a line break a terminal may not show as one). Unicode's
/// `Default_Ignorable_Code_Point` and `Bidi_Control`, and a few more.
pub(crate) fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' // soft hyphen
        | '\u{034F}' // combining grapheme joiner
        | '\u{061C}' // Arabic letter mark
        | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
        | '\u{17B4}' | '\u{17B5}' // Khmer inherent vowels
        | '\u{180B}'..='\u{180F}' // Mongolian variation selectors, vowel separator
        | '\u{200B}'..='\u{200F}' // zero-width space, (non-)joiner, LRM, RLM
        | '\u{2028}' | '\u{2029}' // line and paragraph separators
        | '\u{202A}'..='\u{202E}' // embeddings and overrides
        | '\u{2060}'..='\u{206F}' // word joiner, invisible operators, isolates, deprecated format controls
        | '\u{FE00}'..='\u{FE0F}' // variation selectors
        | '\u{FEFF}' // zero-width no-break space (BOM)
        | '\u{FFF0}'..='\u{FFFB}' // unassigned specials, interlinear annotation
        | '\u{13430}'..='\u{1343F}' // Egyptian hieroglyph format controls
        | '\u{1BCA0}'..='\u{1BCA3}' // shorthand format controls
        | '\u{1D173}'..='\u{1D17A}' // musical symbol format controls
        | '\u{E0000}'..='\u{E0FFF}' // tags, variation selectors supplement, reserved
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
    use super::{
        EMOJI_MODIFIERS, EXTENDED_PICTOGRAPHIC, INDIC_SCRIPTS, JOINERS, JOINING_SCRIPTS,
        NO_FORWARD_JOIN, NOT_JOINING, VIRAMAS, escape_invisible, invisible, printable,
        variation_selector,
    };
    use std::borrow::Cow;

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

    /// The cases the CLI and the web board share (`web/test/shown-cases.json`):
    /// bidirectional controls, zero-width characters, tags and selector
    /// runs show, as control characters do, wherever they would reorder or
    /// hide text, and so does a joiner that changes nothing on screen
    /// (between CJK or Cyrillic letters, between two Arabic letters, after
    /// an alef, between Indic letters with no virama) and a supplement
    /// variation selector; text in any script (CJK, accents, emoji
    /// sequences with their joiners, Persian's non-joiner, Indic
    /// conjuncts) is left as it is.
    #[test]
    fn characters_that_reorder_or_hide_text_are_shown_and_others_kept() {
        let cases = shared_cases();
        for c in cases["hidden_everywhere"].as_array().unwrap() {
            let c = c.as_str().unwrap();
            assert_eq!(printable(&format!("cu{c}rl")), "cu\u{FFFD}rl", "{c:?}");
            // Next to a joiner or at either end, a joiner hides as much.
            assert_eq!(
                printable(&format!("{c}\u{65e5}")),
                "\u{FFFD}\u{65e5}",
                "{c:?}"
            );
        }
        for case in cases["cases"].as_array().unwrap() {
            let (text, shown) = (case[0].as_str().unwrap(), case[1].as_str().unwrap());
            assert_eq!(printable(text), shown, "{text:?}");
            if text == shown {
                assert!(matches!(printable(text), Cow::Borrowed(_)), "{text:?}");
            }
        }
    }

    /// The web board's tables (`web/src/shown.ts`) hold exactly the code
    /// points this module's do, so the page and the terminal hide alike.
    #[test]
    fn the_web_board_uses_the_same_character_classes() {
        let ts = fs_err::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../web/src/shown.ts"
        ))
        .unwrap();
        let invisible_ts = ts_table(&ts, "INVISIBLE");
        let selectors_ts = ts_table(&ts, "VARIATION_SELECTORS");
        let joiners_ts = ts_table(&ts, "JOINERS");
        let scripts: Vec<Vec<u32>> = JOINING_SCRIPTS
            .iter()
            .map(|&(lo, hi, script)| vec![lo, hi, u32::from(script)])
            .collect();
        assert_eq!(ts_rows(&ts, "JOINING_SCRIPTS"), scripts, "JOINING_SCRIPTS");
        for (name, table) in [
            ("NOT_JOINING", NOT_JOINING),
            ("EMOJI_MODIFIERS", EMOJI_MODIFIERS),
            ("EXTENDED_PICTOGRAPHIC", EXTENDED_PICTOGRAPHIC),
            ("VIRAMAS", VIRAMAS),
            ("NO_FORWARD_JOIN", NO_FORWARD_JOIN),
        ] {
            assert_eq!(ts_table(&ts, name), table, "{name}");
        }
        let indic = (
            u32::from(*INDIC_SCRIPTS.start()),
            u32::from(*INDIC_SCRIPTS.end()),
        );
        assert_eq!(ts_table(&ts, "INDIC_SCRIPTS"), [indic], "INDIC_SCRIPTS");
        let within =
            |table: &[(u32, u32)], cp: u32| table.iter().any(|&(lo, hi)| (lo..=hi).contains(&cp));
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let cp = u32::from(c);
            assert_eq!(within(&invisible_ts, cp), invisible(c), "INVISIBLE: {c:?}");
            assert_eq!(
                within(&selectors_ts, cp),
                variation_selector(c),
                "VARIATION_SELECTORS: {c:?}"
            );
            assert_eq!(
                within(&joiners_ts, cp),
                JOINERS.contains(&c),
                "JOINERS: {c:?}"
            );
        }
    }

    fn shared_cases() -> serde_json::Value {
        let text = fs_err::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../web/test/shown-cases.json"
        ))
        .unwrap();
        serde_json::from_str(&text).unwrap()
    }

    /// The `[0x…, 0x…]` ranges of the TypeScript table `const NAME … ];`.
    fn ts_table(ts: &str, name: &str) -> Vec<(u32, u32)> {
        ts_rows(ts, name)
            .into_iter()
            .map(|row| match row[..] {
                [lo, hi] => (lo, hi),
                _ => panic!("{name}: row {row:?} is not a pair"),
            })
            .collect()
    }

    /// The rows (`[0x…, 0x…, 7]`: hex or decimal) of the TypeScript table
    /// `const NAME … ];`, comments left out.
    fn ts_rows(ts: &str, name: &str) -> Vec<Vec<u32>> {
        let start = ts.find(&format!("const {name}:")).unwrap();
        let body = &ts[start..];
        let body = &body[body.find('=').unwrap()..body.find("];").unwrap()];
        let code: String = body
            .lines()
            .map(|line| line.split("//").next().unwrap_or_default())
            .collect();
        let rows: Vec<Vec<u32>> = code
            .split('[')
            .filter_map(|row| row.split_once(']').map(|(row, _)| row))
            .map(|row| {
                row.split(',')
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(|n| match n.strip_prefix("0x") {
                        Some(hex) => u32::from_str_radix(hex, 16).unwrap(),
                        None => n.parse().unwrap(),
                    })
                    .collect()
            })
            .collect();
        assert!(!rows.is_empty(), "{name}");
        rows
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
