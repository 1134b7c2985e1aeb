// Text as the page shows it: what an agent or a tracker wrote is shown,
// never obeyed. Control characters and the characters that reorder or hide
// text (bidi controls, zero-width characters, tags, runs of variation
// selectors, soft hyphens…) become U+FFFD, by the same rules as the CLI
// (crates/compass/src/shown.rs). A Rust test reads the tables below and
// checks them against the CLI's, code point by code point, so the two
// cannot drift; keep each table's entries as `[0x…, 0x…]` pairs.

/// Characters that are not control characters yet reorder or hide the
/// text around them (see `invisible` in shown.rs).
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180f], // Mongolian variation selectors, vowel separator
  [0x200b, 0x200f], // zero-width space, (non-)joiner, LRM, RLM
  [0x2028, 0x2029], // line and paragraph separators
  [0x202a, 0x202e], // embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, isolates, deprecated format controls
  [0x3164, 0x3164], // Hangul filler
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // zero-width no-break space (BOM)
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  [0xfff0, 0xfffb], // unassigned specials, interlinear annotation
  [0x13430, 0x1343f], // Egyptian hieroglyph format controls
  [0x1bca0, 0x1bca3], // shorthand format controls
  [0x1d173, 0x1d17a], // musical symbol format controls
  [0xe0000, 0xe0fff], // tags, variation selectors supplement, reserved
];

/// Variation selectors: one after a visible non-ASCII character picks its
/// glyph (an emoji's colour form); anywhere else they carry hidden data.
/// The supplement's 240 are never kept (a hidden byte per ideograph).
const VARIATION_SELECTORS: readonly (readonly [number, number])[] = [[0xfe00, 0xfe0f]];

/// Zero-width non-joiner and joiner: kept only where text needs them
/// (see `joinerNeeded`).
const JOINERS: readonly (readonly [number, number])[] = [[0x200c, 0x200d]];

/// Scripts whose letters a zero-width (non-)joiner shapes: `[first, last,
/// script]`, a script's blocks sharing its number (Arabic has three; its
/// presentation forms are shaped already, so a joiner there changes nothing).
const JOINING_SCRIPTS: readonly (readonly [number, number, number])[] = [
  [0x0600, 0x06ff, 1], // Arabic (Persian, Urdu…)
  [0x0700, 0x074f, 2], // Syriac
  [0x0750, 0x077f, 1], // Arabic Supplement
  [0x07c0, 0x07ff, 3], // N'Ko
  [0x0840, 0x085f, 4], // Mandaic
  [0x0860, 0x086f, 2], // Syriac Supplement
  [0x0870, 0x08ff, 1], // Arabic Extended-B, -A
  [0x0900, 0x097f, 5], // Devanagari
  [0x0980, 0x09ff, 6], // Bengali
  [0x0a00, 0x0a7f, 7], // Gurmukhi
  [0x0a80, 0x0aff, 8], // Gujarati
  [0x0b00, 0x0b7f, 9], // Oriya
  [0x0b80, 0x0bff, 10], // Tamil
  [0x0c00, 0x0c7f, 11], // Telugu
  [0x0c80, 0x0cff, 12], // Kannada
  [0x0d00, 0x0d7f, 13], // Malayalam
  [0x0d80, 0x0dff, 14], // Sinhala
  [0x1800, 0x18af, 15], // Mongolian
  [0x10d00, 0x10d3f, 16], // Hanifi Rohingya
  [0x1e900, 0x1e95f, 17], // Adlam
];

/// The digits, punctuation, symbols and format signs inside those blocks:
/// no shaping joins them, so a joiner beside one only hides data.
const NOT_JOINING: readonly (readonly [number, number])[] = [
  [0x0600, 0x060f], // Arabic number signs (Cf), signs, comma, date separator
  [0x061b, 0x061f], // Arabic semicolon, end of text mark, triple dot, question mark
  [0x0660, 0x066d], // Arabic-Indic digits, percent, separators, star
  [0x06d4, 0x06d4], // Arabic full stop
  [0x06dd, 0x06de], // end of ayah (Cf), rub el hizb
  [0x06e9, 0x06e9], // place of sajdah
  [0x06f0, 0x06f9], // Extended Arabic-Indic digits
  [0x06fd, 0x06fe], // Sindhi ampersand, postposition men
  [0x0700, 0x070f], // Syriac punctuation, abbreviation mark (Cf)
  [0x07c0, 0x07c9], // N'Ko digits
  [0x07f6, 0x07f9], // N'Ko symbol, punctuation
  [0x07fe, 0x07ff], // N'Ko currency signs
  [0x085e, 0x085e], // Mandaic punctuation
  [0x0890, 0x0891], // Arabic pound and piastre marks above (Cf)
  [0x08e2, 0x08e2], // Arabic disputed end of ayah (Cf)
  [0x0964, 0x0970], // dandas, Devanagari digits, abbreviation sign
  [0x09e6, 0x09ef], // Bengali digits
  [0x09f2, 0x09fb], // Bengali currency and number signs
  [0x09fd, 0x09fd], // Bengali abbreviation sign
  [0x0a66, 0x0a6f], // Gurmukhi digits
  [0x0a76, 0x0a76], // Gurmukhi abbreviation sign
  [0x0ae6, 0x0af1], // Gujarati digits, abbreviation sign, rupee sign
  [0x0b66, 0x0b6f], // Oriya digits
  [0x0b70, 0x0b70], // Oriya isshar
  [0x0b72, 0x0b77], // Oriya fractions
  [0x0be6, 0x0bfa], // Tamil digits, numbers, symbols
  [0x0c66, 0x0c6f], // Telugu digits
  [0x0c77, 0x0c7f], // Telugu siddham sign, fractions, tuumu
  [0x0c84, 0x0c84], // Kannada siddham sign
  [0x0ce6, 0x0cef], // Kannada digits
  [0x0d4f, 0x0d4f], // Malayalam para sign
  [0x0d58, 0x0d5e], // Malayalam fractions
  [0x0d66, 0x0d79], // Malayalam digits, numbers, date mark
  [0x0de6, 0x0def], // Sinhala lith digits
  [0x0df4, 0x0df4], // Sinhala kunddaliya
  [0x1800, 0x180a], // Mongolian punctuation
  [0x1810, 0x1819], // Mongolian digits
  [0x10d30, 0x10d39], // Hanifi Rohingya digits
  [0x1e950, 0x1e959], // Adlam digits
  [0x1e95e, 0x1e95f], // Adlam punctuation
];

/// The Indic scripts' numbers in `JOINING_SCRIPTS`, as one range: their
/// joiners matter only beside a virama.
const INDIC_SCRIPTS: readonly (readonly [number, number])[] = [[5, 14]];

/// The viramas of the Indic scripts (see `VIRAMAS` in shown.rs).
const VIRAMAS: readonly (readonly [number, number])[] = [
  [0x094d, 0x094d],
  [0x09cd, 0x09cd],
  [0x0a4d, 0x0a4d],
  [0x0acd, 0x0acd],
  [0x0b4d, 0x0b4d],
  [0x0bcd, 0x0bcd],
  [0x0c4d, 0x0c4d],
  [0x0ccd, 0x0ccd],
  [0x0d3b, 0x0d3c],
  [0x0d4d, 0x0d4d],
  [0x0dca, 0x0dca],
];

/// Letters of the cursive scripts that never join the letter after them
/// (see `NO_FORWARD_JOIN` in shown.rs): a non-joiner after one changes nothing.
const NO_FORWARD_JOIN: readonly (readonly [number, number])[] = [
  [0x0621, 0x0625], // hamza, alef with madda or hamza, waw with hamza
  [0x0627, 0x0627], // alef
  [0x0629, 0x0629], // teh marbuta
  [0x062f, 0x0632], // dal, thal, reh, zain
  [0x0648, 0x0648], // waw
  [0x0671, 0x0677], // alef wasla … high hamza waw
  [0x0688, 0x0699], // dal and reh forms
  [0x06c0, 0x06c0], // heh with yeh above
  [0x06c3, 0x06cb], // teh marbuta goal, waw forms
  [0x06cd, 0x06cd], // yeh with tail
  [0x06cf, 0x06cf], // waw with dot above
  [0x06d2, 0x06d3], // yeh barree
  [0x06d5, 0x06d5], // ae
  [0x06ee, 0x06ef], // dal and reh with inverted v
  [0x0710, 0x0710], // Syriac alaph
  [0x0715, 0x0719], // Syriac dalath … zain
  [0x071e, 0x071e], // Syriac yudh he
  [0x0728, 0x0728], // Syriac sadhe
  [0x072a, 0x072a], // Syriac rish
  [0x072c, 0x072c], // Syriac taw
  [0x072f, 0x072f], // Syriac Persian dhalath
  [0x074d, 0x074d], // Syriac zhain
  [0x0759, 0x075b], // dal and reh forms
  [0x076b, 0x076c], // reh forms
  [0x0771, 0x0771], // reh with small Arabic letter tah
  [0x0773, 0x0774], // alef forms
  [0x0778, 0x0779], // waw forms
  [0x08aa, 0x08ac], // reh, zain, rohingya yeh
  [0x08ae, 0x08ae], // dal with three dots below
  [0x08b1, 0x08b2], // straight waw, zain with inverted v
  [0x08b9, 0x08b9], // reh with small noon above
];

/// The emoji skin-tone modifiers.
const EMOJI_MODIFIERS: readonly (readonly [number, number])[] = [[0x1f3fb, 0x1f3ff]];

/// Unicode's `Extended_Pictographic` (emoji-data.txt, Unicode 17), as a
/// table so the CLI's test can check it against its own.
const EXTENDED_PICTOGRAPHIC: readonly (readonly [number, number])[] = [
  [0x00a9, 0x00a9], [0x00ae, 0x00ae], [0x203c, 0x203c], [0x2049, 0x2049], [0x2122, 0x2122],
  [0x2139, 0x2139], [0x2194, 0x2199], [0x21a9, 0x21aa], [0x231a, 0x231b], [0x2328, 0x2328],
  [0x23cf, 0x23cf], [0x23e9, 0x23f3], [0x23f8, 0x23fa], [0x24c2, 0x24c2], [0x25aa, 0x25ab],
  [0x25b6, 0x25b6], [0x25c0, 0x25c0], [0x25fb, 0x25fe], [0x2600, 0x2604], [0x260e, 0x260e],
  [0x2611, 0x2611], [0x2614, 0x2615], [0x2618, 0x2618], [0x261d, 0x261d], [0x2620, 0x2620],
  [0x2622, 0x2623], [0x2626, 0x2626], [0x262a, 0x262a], [0x262e, 0x262f], [0x2638, 0x263a],
  [0x2640, 0x2640], [0x2642, 0x2642], [0x2648, 0x2653], [0x265f, 0x2660], [0x2663, 0x2663],
  [0x2665, 0x2666], [0x2668, 0x2668], [0x267b, 0x267b], [0x267e, 0x267f], [0x2692, 0x2697],
  [0x2699, 0x2699], [0x269b, 0x269c], [0x26a0, 0x26a1], [0x26a7, 0x26a7], [0x26aa, 0x26ab],
  [0x26b0, 0x26b1], [0x26bd, 0x26be], [0x26c4, 0x26c5], [0x26c8, 0x26c8], [0x26ce, 0x26cf],
  [0x26d1, 0x26d1], [0x26d3, 0x26d4], [0x26e9, 0x26ea], [0x26f0, 0x26f5], [0x26f7, 0x26fa],
  [0x26fd, 0x26fd], [0x2702, 0x2702], [0x2705, 0x2705], [0x2708, 0x270d], [0x270f, 0x270f],
  [0x2712, 0x2712], [0x2714, 0x2714], [0x2716, 0x2716], [0x271d, 0x271d], [0x2721, 0x2721],
  [0x2728, 0x2728], [0x2733, 0x2734], [0x2744, 0x2744], [0x2747, 0x2747], [0x274c, 0x274c],
  [0x274e, 0x274e], [0x2753, 0x2755], [0x2757, 0x2757], [0x2763, 0x2764], [0x2795, 0x2797],
  [0x27a1, 0x27a1], [0x27b0, 0x27b0], [0x27bf, 0x27bf], [0x2934, 0x2935], [0x2b05, 0x2b07],
  [0x2b1b, 0x2b1c], [0x2b50, 0x2b50], [0x2b55, 0x2b55], [0x3030, 0x3030], [0x303d, 0x303d],
  [0x3297, 0x3297], [0x3299, 0x3299], [0x1f004, 0x1f004], [0x1f02c, 0x1f02f], [0x1f094, 0x1f09f],
  [0x1f0af, 0x1f0b0], [0x1f0c0, 0x1f0c0], [0x1f0cf, 0x1f0d0], [0x1f0f6, 0x1f0ff], [0x1f170, 0x1f171],
  [0x1f17e, 0x1f17f], [0x1f18e, 0x1f18e], [0x1f191, 0x1f19a], [0x1f1ae, 0x1f1e5], [0x1f201, 0x1f20f],
  [0x1f21a, 0x1f21a], [0x1f22f, 0x1f22f], [0x1f232, 0x1f23a], [0x1f23c, 0x1f23f], [0x1f249, 0x1f25f],
  [0x1f266, 0x1f321], [0x1f324, 0x1f393], [0x1f396, 0x1f397], [0x1f399, 0x1f39b], [0x1f39e, 0x1f3f0],
  [0x1f3f3, 0x1f3f5], [0x1f3f7, 0x1f3fa], [0x1f400, 0x1f4fd], [0x1f4ff, 0x1f53d], [0x1f549, 0x1f54e],
  [0x1f550, 0x1f567], [0x1f56f, 0x1f570], [0x1f573, 0x1f57a], [0x1f587, 0x1f587], [0x1f58a, 0x1f58d],
  [0x1f590, 0x1f590], [0x1f595, 0x1f596], [0x1f5a4, 0x1f5a5], [0x1f5a8, 0x1f5a8], [0x1f5b1, 0x1f5b2],
  [0x1f5bc, 0x1f5bc], [0x1f5c2, 0x1f5c4], [0x1f5d1, 0x1f5d3], [0x1f5dc, 0x1f5de], [0x1f5e1, 0x1f5e1],
  [0x1f5e3, 0x1f5e3], [0x1f5e8, 0x1f5e8], [0x1f5ef, 0x1f5ef], [0x1f5f3, 0x1f5f3], [0x1f5fa, 0x1f64f],
  [0x1f680, 0x1f6c5], [0x1f6cb, 0x1f6d2], [0x1f6d5, 0x1f6e5], [0x1f6e9, 0x1f6e9], [0x1f6eb, 0x1f6f0],
  [0x1f6f3, 0x1f6ff], [0x1f7da, 0x1f7ff], [0x1f80c, 0x1f80f], [0x1f848, 0x1f84f], [0x1f85a, 0x1f85f],
  [0x1f888, 0x1f88f], [0x1f8ae, 0x1f8af], [0x1f8bc, 0x1f8bf], [0x1f8c2, 0x1f8cf], [0x1f8d9, 0x1f8ff],
  [0x1f90c, 0x1f93a], [0x1f93c, 0x1f945], [0x1f947, 0x1f9ff], [0x1fa58, 0x1fa5f], [0x1fa6e, 0x1faff],
  [0x1fc00, 0x1fffd],
];

const REPLACEMENT = "\ufffd";

const within = (table: readonly (readonly [number, number])[], cp: number) => table.some(([lo, hi]) => cp >= lo && cp <= hi);

/// C0 and C1 controls (Rust's `char::is_control`).
const control = (cp: number) => cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f);

const invisible = (cp: number) => within(INVISIBLE, cp);

/// A visible non-ASCII character: what a joiner or selector may attach to.
/// (`\s` differs from Rust's `is_whitespace` only on U+0085 and U+FEFF,
/// which are excluded here anyway.)
const visibleGlyph = (c: string | undefined) => {
  if (c === undefined) return false;
  const cp = c.codePointAt(0) ?? 0;
  return cp > 0x7f && !control(cp) && !/^\s$/u.test(c) && !invisible(cp);
};

/// The script of `c` if it is a visible letter (or mark) of a script whose
/// letters a joiner shapes (see `joining_script` in shown.rs).
const joiningScript = (c: string | undefined): number | undefined => {
  if (!visibleGlyph(c)) return undefined;
  const cp = c?.codePointAt(0) ?? 0;
  if (within(NOT_JOINING, cp)) return undefined;
  return JOINING_SCRIPTS.find(([lo, hi]) => cp >= lo && cp <= hi)?.[2];
};

/// An `Extended_Pictographic` character.
const pictograph = (c: string | undefined) => c !== undefined && within(EXTENDED_PICTOGRAPHIC, c.codePointAt(0) ?? 0);

/// Whether the joiner at `i` of `chars` is one a script or an emoji
/// sequence needs, one that changes what is shown (see `joiner_needed` in
/// shown.rs): right after an Indic virama; between two letters of one
/// joining script, in an Indic one a joiner right before a virama, in a
/// cursive one a non-joiner after a letter that joins forward; or a zero-width joiner
/// between two pictographs, the first perhaps with its skin tone or
/// variation selector. Anywhere else (between CJK or Cyrillic letters,
/// between two Arabic letters) it would carry hidden bits.
function joinerNeeded(chars: string[], i: number): boolean {
  const [prev, next] = [chars[i - 1], chars[i + 1]];
  const [prevCp, nextCp] = [prev?.codePointAt(0) ?? 0, next?.codePointAt(0) ?? 0];
  // After a virama a joiner picks the conjunct's, half or chillu form.
  if (prev !== undefined && within(VIRAMAS, prevCp)) return true;
  const script = joiningScript(prev);
  if (script !== undefined && joiningScript(next) === script) {
    if (within(INDIC_SCRIPTS, script)) return chars[i] === "\u200d" && within(VIRAMAS, nextCp);
    return chars[i] === "\u200c" && !within(NO_FORWARD_JOIN, prevCp);
  }
  const attached = within(VARIATION_SELECTORS, prevCp) || within(EMOJI_MODIFIERS, prevCp);
  const pictographBefore = attached ? pictograph(chars[i - 2]) : pictograph(prev);
  return chars[i] === "\u200d" && pictographBefore && pictograph(next);
}

/// Whether the character at `i` of `chars` (code points) is shown as it is.
function shownAsIs(chars: string[], i: number): boolean {
  const c = chars[i];
  const cp = c.codePointAt(0) ?? 0;
  if (control(cp)) return c === "\n" || c === "\t";
  if (!invisible(cp)) return true;
  // One selector picks the glyph before it; a run only hides data.
  if (within(VARIATION_SELECTORS, cp)) return visibleGlyph(chars[i - 1]);
  return within(JOINERS, cp) && joinerNeeded(chars, i);
}

/// `text` as the page shows it: every character that could run, reorder or
/// hide text as U+FFFD. Used by every place that renders text an agent or
/// a tracker wrote (titles, messages, paths, commit subjects, errors).
export function shown(text: string): string {
  // Plain ASCII text without controls, the common case, is shown as is.
  if (!/[^\t\n\x20-\x7e]/.test(text)) return text;
  const chars = Array.from(text);
  let out = "";
  let changed = false;
  for (let i = 0; i < chars.length; i++) {
    if (shownAsIs(chars, i)) {
      out += chars[i];
    } else {
      out += REPLACEMENT;
      changed = true;
    }
  }
  return changed ? out : text;
}
