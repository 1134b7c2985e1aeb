//! What `compass agent shell` lets through to the operator's terminal.
//!
//! Everything the shell prints was chosen by the agent (a `~/.bashrc` it
//! planted, any program it left in the workload), and a terminal obeys
//! more than colours: OSC 52 writes the host's clipboard, DCS/APC/PM/SOS
//! strings talk to the terminal (and to whatever it hosts), and report
//! requests make it *type* an answer (a title, a cursor position, its
//! version) back into the session as if the operator had.
//!
//! The filter is an allowlist over a small escape-sequence parser (the
//! shape of the DEC/xterm state machine): plain text, the C0 controls a
//! shell uses, and the CSI/ESC sequences of colours, cursor movement,
//! erasing, scrolling, modes and charsets pass; every other sequence is
//! dropped whole (so its payload is not printed either); every OSC string
//! (titles and hyperlinks included) and DCS/APC/PM/SOS string is dropped to
//! its end; the C1 controls (U+0080–U+009F, as UTF-8 or as a stray byte)
//! and ENQ (answerback) never pass. A sequence split across reads is held
//! until it is complete; one longer than any the allowlist passes is
//! dropped. Anything not understood is dropped, never passed.

/// ESC.
const ESC: u8 = 0x1b;
/// ENQ: asks the terminal for its answerback message.
const ENQ: u8 = 0x05;
/// BEL: ends an OSC string.
const BEL: u8 = 0x07;
/// CAN and SUB abort any sequence.
const CAN: u8 = 0x18;
const SUB: u8 = 0x1a;
/// The most bytes of a CSI or ESC sequence held while it is read; the
/// longest any program needs (an SGR with true colours) is well under.
const MAX_SEQUENCE: usize = 128;

/// Where the parser is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Text; `utf8` continuation bytes of a character still to come.
    Ground { utf8: u8 },
    /// Held a 0xC2 lead byte: U+0080–U+009F (C1) if the next byte is
    /// 0x80–0x9F.
    C2,
    /// After ESC (and intermediates, held in `seq`).
    Escape,
    /// In a CSI (`ESC [`, held in `seq`).
    Csi,
    /// A CSI that will be dropped: skip to its final byte.
    CsiDrop,
    /// In an OSC, DCS, APC, PM or SOS string: dropped to its end.
    Str,
}

/// The operator-side filter of one shell session's output.
#[derive(Debug)]
pub(crate) struct Filter {
    state: State,
    seq: Vec<u8>,
}

impl Default for Filter {
    fn default() -> Self {
        Self {
            state: State::Ground { utf8: 0 },
            seq: Vec::new(),
        }
    }
}

impl Filter {
    /// What of `input` (the next bytes of output) may reach the terminal.
    pub(crate) fn push(&mut self, input: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(input.len());
        for &b in input {
            self.byte(b, &mut out);
        }
        out
    }

    fn byte(&mut self, b: u8, out: &mut Vec<u8>) {
        match self.state {
            State::Ground { utf8 } => self.ground(b, utf8, out),
            State::C2 => {
                self.state = State::Ground { utf8: 0 };
                if (0x80..=0x9f).contains(&b) {
                    // A C1 control as UTF-8: never passed (its payload, if
                    // any, prints as text).
                    return;
                }
                out.push(0xc2);
                if (0xa0..=0xbf).contains(&b) {
                    out.push(b);
                } else {
                    self.byte(b, out);
                }
            }
            State::Escape => self.escape(b, out),
            State::Csi | State::CsiDrop => self.csi(b, out),
            State::Str => match b {
                BEL | CAN | SUB => self.state = State::Ground { utf8: 0 },
                // ESC ends the string; `ESC \` (ST) is read as a dropped
                // escape sequence, any other as the next one.
                ESC => self.start_escape(),
                _ => {}
            },
        }
    }

    fn ground(&mut self, b: u8, utf8: u8, out: &mut Vec<u8>) {
        if utf8 > 0 {
            if (0x80..=0xbf).contains(&b) {
                out.push(b);
                self.state = State::Ground { utf8: utf8 - 1 };
                return;
            }
            // A cut character: the byte starts afresh.
            self.state = State::Ground { utf8: 0 };
        }
        match b {
            ESC => self.start_escape(),
            ENQ => {}
            0xc2 => self.state = State::C2,
            // A stray byte in the C1 range (8-bit CSI, OSC, DCS…).
            0x80..=0x9f => {}
            0xc3..=0xdf => {
                out.push(b);
                self.state = State::Ground { utf8: 1 };
            }
            0xe0..=0xef => {
                out.push(b);
                self.state = State::Ground { utf8: 2 };
            }
            0xf0..=0xf4 => {
                out.push(b);
                self.state = State::Ground { utf8: 3 };
            }
            _ => out.push(b),
        }
    }

    fn start_escape(&mut self) {
        self.seq.clear();
        self.seq.push(ESC);
        self.state = State::Escape;
    }

    /// A C0 control inside a sequence: the terminal acts on it at once
    /// (and goes on with the sequence), so it passes now, as in text.
    fn control_inside(b: u8, out: &mut Vec<u8>) {
        if b != ENQ {
            out.push(b);
        }
    }

    fn escape(&mut self, b: u8, out: &mut Vec<u8>) {
        match b {
            ESC => self.start_escape(),
            CAN | SUB => self.state = State::Ground { utf8: 0 },
            0x00..=0x1f => Self::control_inside(b, out),
            0x7f => {}
            // Intermediates.
            0x20..=0x2f => {
                self.seq.push(b);
                if self.seq.len() > MAX_SEQUENCE {
                    // Dropped; its final byte prints as text, harmlessly.
                    self.state = State::Ground { utf8: 0 };
                }
            }
            b'[' if self.seq.len() == 1 => {
                self.seq.push(b);
                self.state = State::Csi;
            }
            // OSC, DCS, SOS, PM, APC: strings, dropped to their end.
            b']' | b'P' | b'X' | b'^' | b'_' if self.seq.len() == 1 => self.state = State::Str,
            0x30..=0x7e => {
                self.seq.push(b);
                if escape_allowed(&self.seq) {
                    out.extend_from_slice(&self.seq);
                }
                self.state = State::Ground { utf8: 0 };
            }
            // Not a sequence: dropped, and the byte read as text.
            _ => {
                self.state = State::Ground { utf8: 0 };
                self.byte(b, out);
            }
        }
    }

    fn csi(&mut self, b: u8, out: &mut Vec<u8>) {
        match b {
            ESC => self.start_escape(),
            CAN | SUB => self.state = State::Ground { utf8: 0 },
            0x00..=0x1f => Self::control_inside(b, out),
            0x7f => {}
            0x20..=0x3f => {
                if self.state == State::Csi {
                    self.seq.push(b);
                    if self.seq.len() > MAX_SEQUENCE {
                        self.state = State::CsiDrop;
                    }
                }
            }
            0x40..=0x7e => {
                if self.state == State::Csi {
                    self.seq.push(b);
                    if csi_allowed(&self.seq[2..]) {
                        out.extend_from_slice(&self.seq);
                    }
                }
                self.state = State::Ground { utf8: 0 };
            }
            // Not part of a CSI: the sequence is dropped, the byte read as
            // text.
            _ => {
                self.state = State::Ground { utf8: 0 };
                self.byte(b, out);
            }
        }
    }
}

/// Whether `ESC <intermediates> <final>` may pass: cursor save/restore,
/// keypad modes, index and reverse index, next line, tab set, reset,
/// charset designations and the line-size (`#`) ones. Not DECID (`ESC Z`,
/// a report), not the 7/8-bit response switches.
fn escape_allowed(seq: &[u8]) -> bool {
    match &seq[1..] {
        [b'7' | b'8' | b'=' | b'>' | b'M' | b'D' | b'E' | b'H' | b'c'] => true,
        [b'(' | b')' | b'*' | b'+' | b'-' | b'.' | b'/', charset] => {
            charset.is_ascii_alphanumeric()
        }
        [b'#', b'3' | b'4' | b'5' | b'6' | b'8'] => true,
        _ => false,
    }
}

/// Whether a CSI with `body` (what follows `ESC [`: an optional private
/// marker, parameters, intermediates, the final byte) may pass: movement,
/// erasing, editing, scrolling, colours (SGR), modes, margins, tab stops,
/// cursor save/restore and shape, soft reset, the keyboard modes programs
/// set. Every report request (device attributes, status and cursor reports,
/// window and title reports, mode and checksum requests, version and
/// keyboard-protocol queries) and every window operation is dropped, as is
/// anything else.
fn csi_allowed(body: &[u8]) -> bool {
    let Some((&last, rest)) = body.split_last() else {
        return false;
    };
    let (marker, rest) = match rest.first() {
        Some(&m @ (b'<' | b'=' | b'>' | b'?')) => (Some(m), &rest[1..]),
        _ => (None, rest),
    };
    let params_end = rest
        .iter()
        .position(|b| !(b.is_ascii_digit() || *b == b';' || *b == b':'))
        .unwrap_or(rest.len());
    let intermediates = &rest[params_end..];
    // Parameters first, then intermediates: nothing else is a sequence
    // this filter knows.
    if !intermediates.iter().all(|b| (0x20..=0x2f).contains(b)) {
        return false;
    }
    matches!(
        (marker, intermediates, last),
        (
            None,
            [],
            b'A' | b'B'
                | b'C'
                | b'D'
                | b'E'
                | b'F'
                | b'G'
                | b'H'
                | b'I'
                | b'J'
                | b'K'
                | b'L'
                | b'M'
                | b'P'
                | b'S'
                | b'T'
                | b'X'
                | b'Z'
                | b'@'
                | b'`'
                | b'a'
                | b'b'
                | b'd'
                | b'e'
                | b'f'
                | b'g'
                | b'h'
                | b'l'
                | b'm'
                | b'r'
                | b's'
                | b'u',
        ) | (Some(b'?'), [], b'h' | b'l' | b'J' | b'K' | b'r' | b's')
            | (Some(b'>'), [], b'm' | b'u')
            | (Some(b'<' | b'='), [], b'u')
            | (None, [b' '], b'q')
            | (None, [b'!'], b'p')
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `input` through one filter whole, and through a fresh one cut at
    /// every byte boundary into two reads and into single bytes: all must
    /// agree (a sequence split across reads is judged as one).
    fn filtered(input: &[u8]) -> Vec<u8> {
        let whole = Filter::default().push(input);
        for cut in 0..=input.len() {
            let mut f = Filter::default();
            let mut out = f.push(&input[..cut]);
            out.extend(f.push(&input[cut..]));
            assert_eq!(out, whole, "cut at {cut} of {input:?}");
        }
        let mut f = Filter::default();
        let bytes: Vec<u8> = input.iter().flat_map(|b| f.push(&[*b])).collect();
        assert_eq!(bytes, whole, "byte by byte: {input:?}");
        whole
    }

    fn passes(input: &[u8]) {
        assert_eq!(
            filtered(input),
            input,
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }

    fn dropped(seq: &[u8]) {
        let mut input = b"before ".to_vec();
        input.extend_from_slice(seq);
        input.extend_from_slice(b" after");
        assert_eq!(
            filtered(&input),
            b"before  after",
            "{:?} was not dropped whole",
            String::from_utf8_lossy(seq)
        );
    }

    #[test]
    fn text_and_utf8_pass_untouched() {
        passes(b"plain text\r\n\ttabbed\x08\x07");
        passes("héllo — “quoted” 日本 🦀 ©".as_bytes());
        // U+201C and U+201D end in 0x9C and 0x9D: continuation bytes, not C1.
        passes("\u{201c}\u{201d}".as_bytes());
    }

    #[test]
    fn colours_and_cursor_movement_pass() {
        for seq in [
            &b"\x1b[31mred\x1b[0m"[..],
            b"\x1b[38;2;255;0;0m\x1b[48:5:17m",
            b"\x1b[2;5H\x1b[A\x1b[3B\x1b[C\x1b[D\x1b[10G\x1b[K\x1b[2J",
            b"\x1b[?25l\x1b[?25h\x1b[?1049h\x1b[?1049l\x1b[?2004h",
            b"\x1b[1;24r\x1b[s\x1b[u\x1b7\x1b8\x1bM\x1b=\x1b>",
            b"\x1b(0qqq\x1b(B\x1b[2 q\x1b[!p\x1b[>4;1m\x1b[>1u\x1b[<u",
            b"\x1b[4P\x1b[2@\x1b[3X\x1b[L\x1b[M\x1b[S\x1b[T\x1b[5d",
        ] {
            passes(seq);
        }
    }

    #[test]
    fn osc_52_never_reaches_the_clipboard() {
        dropped(b"\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07");
        dropped(b"\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x1b\\");
        dropped(b"\x1b]52;p;?\x07");
    }

    #[test]
    fn every_osc_string_is_dropped() {
        // Titles, colour queries, hyperlinks, notifications.
        dropped(b"\x1b]0;a title\x07");
        dropped(b"\x1b]2;a title\x1b\\");
        dropped(b"\x1b]11;?\x07");
        dropped(b"\x1b]8;;https://evil.example\x1b\\");
        dropped(b"\x1b]777;notify;x;y\x07");
        dropped(b"\x1b]1337;File=inline=1:AAAA\x07");
    }

    #[test]
    fn dcs_apc_pm_and_sos_strings_are_dropped() {
        dropped(b"\x1bP+q544e\x1b\\");
        dropped(b"\x1bP$qm\x1b\\");
        dropped(b"\x1bPtmux;\x1b\x1b]52;c;eA==\x07\x1b\\");
        dropped(b"\x1b_Gf=100;AAAA\x1b\\");
        dropped(b"\x1b^private\x1b\\");
        dropped(b"\x1bXstart of string\x1b\\");
    }

    #[test]
    fn a_string_ends_at_an_escape_and_what_follows_is_judged_afresh() {
        // An OSC cut short by another sequence: the next one is read (and
        // judged) as itself.
        assert_eq!(filtered(b"\x1b]52;c;eA==\x1b[31mred"), b"\x1b[31mred");
        assert_eq!(filtered(b"\x1bPdata\x1b]52;c;eA==\x07x"), b"x");
        // CAN aborts a string.
        assert_eq!(filtered(b"\x1b]52;c;eA==\x18text"), b"text");
    }

    #[test]
    fn report_requests_are_dropped() {
        for seq in [
            &b"\x1b[21t"[..],  // window title report
            b"\x1b[20t",       // icon label report
            b"\x1b[14t",       // window size report
            b"\x1b[8;50;100t", // window resize (window ops go too)
            b"\x1b[6n",        // cursor position report
            b"\x1b[?6n",       // extended cursor position report
            b"\x1b[5n",        // status report
            b"\x1b[c",         // primary device attributes
            b"\x1b[0c",
            b"\x1b[>c", // secondary
            b"\x1b[=c", // tertiary
            b"\x1b[x",  // terminal parameters
            b"\x1b[?2004$p",
            b"\x1b[2$p",           // mode requests
            b"\x1b[1;1;1;1;1;1*y", // checksum of the screen
            b"\x1b[>q",            // version
            b"\x1b[?u",            // keyboard protocol query
            b"\x1b[?4m",           // modifier-keys query
            b"\x1b[?1;1;0S",       // graphics attributes
            b"\x1b[5i",            // printer
            b"\x1bZ",              // DECID
            b"\x1b 7",             // unknown: dropped, not passed
        ] {
            dropped(seq);
        }
        // ENQ asks for the answerback message.
        assert_eq!(filtered(b"a\x05b"), b"ab");
    }

    #[test]
    fn c1_controls_never_pass_in_either_encoding() {
        // U+009D (OSC), U+0090 (DCS), U+009B (CSI), U+009F (APC) as UTF-8:
        // dropped, their payload left as text.
        assert_eq!(filtered(b"\xc2\x9d52;c;eA==\x07"), b"52;c;eA==\x07");
        assert_eq!(filtered(b"\xc2\x9bc"), b"c");
        assert_eq!(filtered(b"\xc2\x90q\xc2\x9c"), b"q");
        assert_eq!(filtered(b"\xc2\x9fx"), b"x");
        // As stray bytes.
        assert_eq!(filtered(b"\x9b6n\x9d0;t\x07"), b"6n0;t\x07");
        // U+00A0..U+00BF share the lead byte and pass.
        passes("a\u{a0}b\u{a9}".as_bytes());
    }

    #[test]
    fn controls_inside_a_sequence_act_and_the_sequence_is_still_judged() {
        assert_eq!(filtered(b"\x1b[3\r1m"), b"\r\x1b[31m");
        assert_eq!(filtered(b"\x1b[2\n1t"), b"\n");
        assert_eq!(filtered(b"\x1b[3\x05m"), b"\x1b[3m");
    }

    #[test]
    fn an_overlong_sequence_is_dropped() {
        let mut long = b"\x1b[".to_vec();
        long.extend(std::iter::repeat_n(b'1', 500));
        long.push(b'm');
        dropped(&long);
        let mut long = b"\x1b".to_vec();
        long.extend(std::iter::repeat_n(b' ', 500));
        long.push(b'(');
        // Its final byte ends up as text: harmless, and nothing else leaks.
        let out = filtered(&long);
        assert!(!out.contains(&ESC), "{out:?}");
    }

    #[test]
    fn a_malformed_csi_is_dropped_and_the_odd_byte_read_as_text() {
        assert_eq!(filtered(b"\x1b[1;2\xe2\x80\x9cx"), "\u{201c}x".as_bytes());
        dropped(b"\x1b[1 2m");
        dropped(b"\x1b[1?m");
    }
}
