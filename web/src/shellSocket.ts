// The raw shell's socket: a WebSocket to the daemon's /shell on the
// origin that served the page, the one connection besides the generated
// client (eslint allows it here only). The token travels as a subprotocol
// (a browser sets no header on a WebSocket), never in the URL; the daemon
// checks it and the page's origin before it upgrades.
export interface ShellSocket {
  send(bytes: Uint8Array): void;
  resize(cols: number, rows: number): void;
  close(): void;
}

export interface ShellEvents {
  output(bytes: Uint8Array): void;
  /// The shell ended: its exit code when it exited with one.
  ended(exit: number | null, why: string): void;
}

export function openShell(token: string, agentId: string, cols: number, rows: number, on: ShellEvents): ShellSocket {
  const url = new URL("/shell", window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.search = new URLSearchParams({ agent: agentId, cols: String(cols), rows: String(rows) }).toString();
  const ws = new WebSocket(url, ["compass-shell", `compass-token.${token}`]);
  ws.binaryType = "arraybuffer";
  let exit: number | null = null;
  ws.onmessage = (m) => {
    if (m.data instanceof ArrayBuffer) on.output(new Uint8Array(m.data));
    else if (typeof m.data === "string" && m.data.startsWith("exit ")) exit = Number(m.data.slice(5));
  };
  ws.onclose = (c) => on.ended(exit, c.wasClean ? "closed" : "the connection failed (is the agent running?)");
  const whenOpen = (f: () => void) => {
    if (ws.readyState === WebSocket.OPEN) f();
    else if (ws.readyState === WebSocket.CONNECTING) ws.addEventListener("open", f, { once: true });
  };
  return {
    send: (bytes) => whenOpen(() => ws.send(bytes)),
    resize: (c, r) => whenOpen(() => ws.send(`resize ${c} ${r}`)),
    close: () => ws.close(),
  };
}
