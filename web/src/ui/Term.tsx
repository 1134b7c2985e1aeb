// A terminal's output rendered by xterm.js, as the agent's command wrote it
// (colours, carriage returns, cursor moves): read-only here, fed the text
// the daemon stored (coalesced units, secrets redacted), and written to
// as it grows, so a running command's output appears live. The shell
// (Shell.tsx) reuses it with input wired to its socket.
import { useEffect, useRef } from "react";
import { Terminal, type ITerminalInitOnlyOptions, type ITerminalOptions } from "@xterm/xterm";

const MAX_ROWS = 18;

/// Options every terminal on the page shares. No cursor blink, the page's
/// monospace font; the DOM renderer (xterm's style elements are refused by
/// the page's CSP, so app.css carries the rules they would inject).
export const TERM_OPTIONS: ITerminalOptions & ITerminalInitOnlyOptions = {
  cols: 120,
  rows: 4,
  fontSize: 12,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  scrollback: 5000,
  cursorBlink: false,
  convertEol: true,
};

/// Lines `text` takes in the terminal, bounded: the view grows with the
/// output up to MAX_ROWS, then scrolls.
function rowsFor(text: string) {
  let n = 1;
  for (let i = text.indexOf("\n"); i !== -1 && n < MAX_ROWS; i = text.indexOf("\n", i + 1)) n++;
  return Math.max(2, n);
}

export function TermOutput({ text }: { text: string }) {
  const host = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  const written = useRef(0);

  useEffect(() => {
    if (!host.current) return;
    const t = new Terminal({ ...TERM_OPTIONS, disableStdin: true, cursorInactiveStyle: "none" });
    t.open(host.current);
    term.current = t;
    written.current = 0;
    return () => {
      term.current = null;
      t.dispose();
    };
  }, []);

  useEffect(() => {
    const t = term.current;
    if (!t) return;
    // Output only grows; anything else (a different terminal's text) starts over.
    if (text.length < written.current) {
      t.reset();
      written.current = 0;
    }
    const rows = rowsFor(text);
    if (rows > t.rows) t.resize(t.cols, rows);
    t.write(text.slice(written.current));
    written.current = text.length;
  }, [text]);

  return <div className="term-host" ref={host} data-testid="terminal" />;
}
