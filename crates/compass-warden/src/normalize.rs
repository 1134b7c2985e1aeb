//! Content as a reader would see it, for the structural detector: string
//! renderings unescaped (a Python repr, a JSON string, YAML), whitespace
//! and line breaks folded, full-width forms folded, lower case.

/// Escape renderings to undo: a JSON string inside a JSON string leaves
/// `\\n` after one pass, so a second pass reads it too.
const PASSES: usize = 2;

/// Normalize `text`: `\n`, `\r`, `\t`, `\"`, `\'`, `\\`, `\/` and `\uXXXX`
/// renderings unescaped (a `\` before a real line break, a YAML or shell
/// continuation, dropped), full-width ASCII folded, runs of whitespace
/// (folded YAML, wrapped lines) made one space, lower case.
pub fn normalize(text: &str) -> String {
    let mut out = unescape_once(text);
    for _ in 1..PASSES {
        // Only an escape left by the first pass needs a second one.
        if !has_escape(&out) {
            break;
        }
        out = unescape_once(&out);
    }
    out
}

/// Whether `text` still holds a rendering's escape (`\n`, `\"`, `\u…`, …).
fn has_escape(text: &str) -> bool {
    text.as_bytes().windows(2).any(|w| {
        w[0] == b'\\'
            && matches!(
                w[1],
                b'n' | b'r' | b't' | b'"' | b'\'' | b'\\' | b'/' | b'u' | b'\n' | b'\r'
            )
    })
}

fn push(out: &mut String, c: char, space: &mut bool) {
    // Most text is ASCII: no table lookups for it.
    if c.is_ascii() {
        if c.is_ascii_whitespace() || c == '\x0B' {
            if !*space {
                out.push(' ');
            }
            *space = true;
        } else {
            *space = false;
            out.push(c.to_ascii_lowercase());
        }
        return;
    }
    let c = match c as u32 {
        0xFF01..=0xFF5E => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        0x3000 => ' ',
        _ => c,
    };
    if c.is_whitespace() {
        if !*space {
            out.push(' ');
        }
        *space = true;
    } else {
        *space = false;
        out.extend(c.to_lowercase());
    }
}

fn unescape_once(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut space = false;
    while let Some(c) = chars.next() {
        if c != '\\' {
            push(&mut out, c, &mut space);
            continue;
        }
        match chars.peek().copied() {
            Some('n' | 'r' | 't') => {
                chars.next();
                push(&mut out, ' ', &mut space);
            }
            Some('"' | '\'' | '\\' | '/') => {
                if let Some(q) = chars.next() {
                    push(&mut out, q, &mut space);
                }
            }
            Some('\n' | '\r') => push(&mut out, ' ', &mut space),
            Some('u') => {
                chars.next();
                let hex: String = chars.clone().take(4).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(u) if hex.len() == 4 => {
                        for _ in 0..4 {
                            chars.next();
                        }
                        push(&mut out, u, &mut space);
                    }
                    _ => {
                        push(&mut out, '\\', &mut space);
                        push(&mut out, 'u', &mut space);
                    }
                }
            }
            _ => push(&mut out, '\\', &mut space),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescapes_and_folds() {
        assert_eq!(
            normalize("AI agent:\\nplease  send\n  the\\u0021 ＴＯＫＥＮ"),
            "ai agent: please send the! token"
        );
    }

    #[test]
    fn a_rendering_inside_a_rendering_is_read_too() {
        // A JSON string holding a JSON-rendered body.
        assert_eq!(
            normalize(r#"{"body": "Agents:\\nsend the\\\"token\\\""}"#),
            r#"{"body": "agents: send the"token""}"#
        );
        // A YAML double-quoted scalar continued with a backslash.
        assert_eq!(normalize("\"send the \\\n   token\""), "\"send the token\"");
    }
}
