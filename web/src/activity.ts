// An agent's events folded into what a person reads: consecutive message
// and thought chunks joined, one card per tool call carrying its lifecycle
// (status, output, terminal output, the gate decisions on it), a plan as
// its latest timeline, repeated identical gate decisions counted once.
// Pure, so the same fold renders history and the live tail.
import {
  ToolStatus,
  type Event,
  type Finding,
  type PlanEntry,
} from "./gen/compass/v1/compass_pb.js";

export interface Gate {
  gate: string;
  decision: string;
  detail: string;
  source: string;
  hash: string;
  findings: Finding[];
  times: number;
}
export type Item =
  | { type: "text"; role: "user" | "agent" | "thought"; text: string; seq: bigint }
  | {
      type: "tool";
      id: string;
      title: string;
      kind: string;
      status: ToolStatus;
      input: string;
      output: string;
      terminal: string;
      /// The ACP terminal whose output `terminal` is, once one reported.
      terminalId?: string;
      exit?: number;
      gates: Gate[];
      seq: bigint;
    }
  | { type: "plan"; entries: PlanEntry[]; seq: bigint }
  | { type: "diff"; path: string; oldText: string; newText: string; seq: bigint }
  | { type: "gate"; gate: Gate; seq: bigint }
  | { type: "note"; tone: "info" | "warn" | "error"; text: string; seq: bigint };

export class Activity {
  items: Item[] = [];
  private tools = new Map<string, Extract<Item, { type: "tool" }>>();
  private seen = new Set<bigint>();

  push(e: Event): boolean {
    if (this.seen.has(e.seq)) return false;
    this.seen.add(e.seq);
    const k = e.kind;
    if (k.case === "gateDecision") {
      const g: Gate = { ...k.value, times: 1 };
      const tool = e.toolCallId ? this.tools.get(e.toolCallId) : undefined;
      const list = tool ? tool.gates : null;
      const last = list ? list[list.length - 1] : this.lastGate();
      if (last && last.hash === g.hash && last.decision === g.decision && last.gate === g.gate) {
        last.times += 1;
      } else if (list) {
        list.push(g);
      } else {
        this.items.push({ type: "gate", gate: g, seq: e.seq });
      }
      this.touch(tool);
      return true;
    }
    if (k.case === "agentStatusChanged") {
      const tone = k.value.to === 3 ? "warn" : k.value.to === 4 ? "error" : "info";
      this.note(tone, `status: ${statusWord(k.value.to)}${k.value.reason ? ` — ${k.value.reason}` : ""}`, e.seq);
      return true;
    }
    if (k.case !== "agentUpdate") return false;
    const u = k.value.update;
    switch (u.case) {
      case "userMessage":
        this.text("user", u.value.text, e.seq);
        break;
      case "messageChunk":
        this.text("agent", u.value.text, e.seq);
        break;
      case "thoughtChunk":
        this.text("thought", u.value.text, e.seq);
        break;
      case "toolCall": {
        const id = e.toolCallId || `seq-${e.seq}`;
        const had = this.tools.get(id);
        if (had) {
          if (u.value.title) had.title = u.value.title;
          if (u.value.toolKind) had.kind = u.value.toolKind;
          if (u.value.status) had.status = u.value.status;
          if (u.value.rawInput) had.input = u.value.rawInput;
          this.touch(had);
          break;
        }
        const item: Extract<Item, { type: "tool" }> = {
          type: "tool",
          id,
          title: u.value.title,
          kind: u.value.toolKind,
          status: u.value.status,
          input: u.value.rawInput ?? "",
          output: "",
          terminal: "",
          gates: [],
          seq: e.seq,
        };
        this.tools.set(id, item);
        this.items.push(item);
        break;
      }
      case "toolCallUpdate": {
        const t = this.tool(e, "");
        if (u.value.status) t.status = u.value.status;
        if (u.value.title) t.title = u.value.title;
        if (u.value.output) t.output = u.value.output;
        this.touch(t);
        break;
      }
      case "terminalOutput": {
        const t = this.terminal(e, u.value.terminalId);
        t.terminal += u.value.output;
        if (u.value.exitCode !== undefined) t.exit = u.value.exitCode;
        this.touch(t);
        break;
      }
      case "plan":
        this.items.push({ type: "plan", entries: u.value.entries, seq: e.seq });
        break;
      case "diff":
        this.items.push({ type: "diff", path: u.value.path, oldText: u.value.oldText ?? "", newText: u.value.newText, seq: e.seq });
        break;
      case "turnEnded":
        this.note("info", `turn ended${u.value.text ? ` (${u.value.text})` : ""}`, e.seq);
        break;
      case "error":
        this.note("error", u.value.text, e.seq);
        break;
      case "sessionStarted":
        this.note("info", `session ${u.value.how || "started"}`, e.seq);
        break;
      case "sessionFailed":
        this.note("error", `session failed (${u.value.code}): ${u.value.message}`, e.seq);
        break;
      case "permissionRequested":
        this.note("warn", `asked permission: ${u.value.title}${u.value.chosen ? ` → ${u.value.chosen}` : ""}`, e.seq);
        break;
      case "modeChanged":
        this.note("info", `mode: ${u.value.text}`, e.seq);
        break;
      default:
        return false;
    }
    return true;
  }

  private lastGate(): Gate | undefined {
    const last = this.items[this.items.length - 1];
    return last?.type === "gate" ? last.gate : undefined;
  }

  /// A tool card changed: a new object so React redraws it.
  private touch(t: Extract<Item, { type: "tool" }> | undefined): void {
    if (!t) return;
    const i = this.items.indexOf(t);
    const copy = { ...t, gates: t.gates.map((g) => ({ ...g })) };
    this.tools.set(t.id, copy);
    if (i >= 0) this.items[i] = copy;
  }

  /// The card a terminal's output belongs to. ACP's terminal/create names
  /// no tool call, so its events carry none: the terminal goes to the card
  /// of the command the agent is running (the latest unfinished execute
  /// call with no terminal yet), else to a card of its own.
  private terminal(e: Event, terminalId: string): Extract<Item, { type: "tool" }> {
    if (e.toolCallId) return this.tool(e, "terminal");
    for (const t of this.tools.values()) if (t.terminalId === terminalId) return t;
    const running = [...this.tools.values()]
      .reverse()
      .find((t) => t.kind === "execute" && t.terminalId === undefined && (t.status === ToolStatus.IN_PROGRESS || t.status === ToolStatus.PENDING));
    const t = running ?? this.card(`terminal-${terminalId}`, e.seq, "terminal");
    t.terminalId = terminalId;
    return t;
  }

  private tool(e: Event, kind: string): Extract<Item, { type: "tool" }> {
    return this.card(e.toolCallId || `seq-${e.seq}`, e.seq, kind);
  }

  private card(id: string, seq: bigint, kind: string): Extract<Item, { type: "tool" }> {
    let t = this.tools.get(id);
    if (!t) {
      t = { type: "tool", id, title: kind || "tool call", kind, status: ToolStatus.IN_PROGRESS, input: "", output: "", terminal: "", gates: [], seq };
      this.tools.set(id, t);
      this.items.push(t);
    }
    return t;
  }


  private text(role: "user" | "agent" | "thought", text: string, seq: bigint): void {
    if (!text) return;
    const last = this.items[this.items.length - 1];
    if (last?.type === "text" && last.role === role && role !== "user") {
      this.items[this.items.length - 1] = { ...last, text: last.text + text };
      return;
    }
    this.items.push({ type: "text", role, text, seq });
  }

  private note(tone: "info" | "warn" | "error", text: string, seq: bigint): void {
    this.items.push({ type: "note", tone, text, seq });
  }
}

function statusWord(s: number): string {
  return ["unknown", "idle", "running", "paused", "failed", "retired"][s] ?? "unknown";
}

/// A line diff (longest common subsequence), capped so a huge file cannot
/// stall the page: past the cap the whole old text is removed and the new added.
export function lineDiff(oldText: string, newText: string): { op: " " | "-" | "+"; line: string }[] {
  const a = oldText ? oldText.split("\n") : [];
  const b = newText.split("\n");
  if (a.length * b.length > 1_000_000) {
    return [...a.map((line) => ({ op: "-" as const, line })), ...b.map((line) => ({ op: "+" as const, line }))];
  }
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: { op: " " | "-" | "+"; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: " ", line: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      out.push({ op: "-", line: a[i++] });
    } else {
      out.push({ op: "+", line: b[j++] });
    }
  }
  while (i < n) out.push({ op: "-", line: a[i++] });
  while (j < m) out.push({ op: "+", line: b[j++] });
  return out;
}
