// The raw shell into an agent's workload, in xterm.js: the escape hatch.
// What is typed goes to a PTY in the workload, outside Warden's gates, and
// the daemon records the session as the person's; the panel says so.
import { useEffect, useRef, useState } from "react";
import { Terminal } from "@xterm/xterm";
import { openShell } from "../shellSocket.js";
import { TERM_OPTIONS } from "./Term.js";

export function ShellPanel({ agentId, name, token, onClose }: { agentId: string; name: string; token: string; onClose: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const [ended, setEnded] = useState<string | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const term = new Terminal({ ...TERM_OPTIONS, rows: 16, cursorBlink: true });
    term.open(host.current);
    const encoder = new TextEncoder();
    const socket = openShell(token, agentId, term.cols, term.rows, {
      output: (bytes) => term.write(bytes),
      ended: (exit, why) => setEnded(exit === null ? why : `the shell exited with ${exit}`),
    });
    const typed = term.onData((d) => socket.send(encoder.encode(d)));
    const resized = term.onResize(({ cols, rows }) => socket.resize(cols, rows));
    term.focus();
    return () => {
      typed.dispose();
      resized.dispose();
      socket.close();
      term.dispose();
    };
  }, [agentId, token]);

  return (
    <section className="shell" aria-label={`Shell in ${name}'s workload`} data-testid="shell">
      <header>
        <strong>Shell in {name}&apos;s workload</strong>
        <span className="muted truncate">outside Warden&apos;s gates; recorded as your session</span>
        <button onClick={onClose} data-testid="shell-close">
          Close shell
        </button>
      </header>
      <div className="term-host" ref={host} data-testid="shell-terminal" />
      {ended && (
        <p className="muted" data-testid="shell-ended">
          {ended}
        </p>
      )}
    </section>
  );
}
