// One agent's activity as native UI: messages, thinking, a card per tool
// call through its lifecycle (with the gate decisions on it and its
// terminal output), plans as a timeline, diffs as diff cards; plus the
// controls prompt / pause / resume / stop / reload. History comes from
// ListAgentEvents, the tail from the live feed, folded by activity.ts.
import { useEffect, useRef, useState } from "react";
import type { Api } from "../client.js";
import type { Feed } from "../stream.js";
import { Activity, lineDiff, type Gate, type Item } from "../activity.js";
import { STATUS_LABEL, type Lane } from "../board.js";
import { AgentStatus, ToolStatus } from "../gen/compass/v1/compass_pb.js";
import { TermOutput } from "./Term.js";
import { ShellPanel } from "./Shell.js";
import { shown } from "../shown.js";

const TOOL_STATUS: Record<ToolStatus, string> = {
  [ToolStatus.UNSPECIFIED]: "started",
  [ToolStatus.PENDING]: "pending",
  [ToolStatus.IN_PROGRESS]: "running",
  [ToolStatus.COMPLETED]: "done",
  [ToolStatus.FAILED]: "failed",
};

export function AgentView(props: { api: Api; feed: Feed; agentId: string; lane?: Lane; token: () => string; act: (f: () => Promise<unknown>) => Promise<void> }) {
  const { api, feed, agentId, lane, act } = props;
  const [shell, setShell] = useState(false);
  const [items, setItems] = useState<Item[]>([]);
  const [prompt, setPrompt] = useState("");
  const tail = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const activity = new Activity();
    let ready = false;
    const early: Parameters<Activity["push"]>[0][] = [];
    const off = feed.on((e) => {
      if (e.agentId !== agentId) return;
      if (!ready) {
        early.push(e);
        return;
      }
      if (activity.push(e)) setItems([...activity.items]);
    });
    void act(async () => {
      const history = await api.listAgentEvents({ agent: { agent: agentId }, limit: 1000 });
      for (const e of history.events) activity.push(e);
      for (const e of early) activity.push(e);
      ready = true;
      setItems([...activity.items]);
    });
    return off;
  }, [api, feed, agentId, act]);

  useEffect(() => {
    tail.current?.scrollIntoView({ block: "end" });
  }, [items.length]);

  const ref = { agent: agentId };
  const name = shown(lane?.name ?? agentId);
  return (
    <section className="agent-view" aria-label={`Agent ${name}`} data-testid="agent-view">
      <header className="agent-head">
        <h2 className="truncate">{name}</h2>
        {lane && <span className={`status s-${STATUS_LABEL[lane.status]}`}>{STATUS_LABEL[lane.status]}</span>}
        {lane?.backend && <span className="tier">{lane.backend}</span>}
        {lane?.reason && <span className="reason truncate" title={shown(lane.reason)}>{shown(lane.reason)}</span>}
        <div className="controls">
          <button onClick={() => act(() => api.pauseAgent(ref))} disabled={lane?.status !== AgentStatus.RUNNING}>
            Pause
          </button>
          <button onClick={() => act(() => api.resumeAgent(ref))} disabled={lane?.status !== AgentStatus.PAUSED} data-testid="agent-resume">
            Resume
          </button>
          <button onClick={() => act(() => api.stopAgent(ref))}>Stop</button>
          <button onClick={() => act(() => api.reloadAgent(ref))} title="Clear the context: restart with a fresh session seeded by the workspace state">
            Reload
          </button>
          <button
            onClick={() => setShell(!shell)}
            disabled={!shell && lane?.status !== AgentStatus.RUNNING}
            aria-pressed={shell}
            data-testid="open-shell"
            title="A raw shell in the agent's workload (outside Warden's gates; recorded as your session)"
          >
            Shell
          </button>
        </div>
      </header>
      {shell && <ShellPanel agentId={agentId} name={name} token={props.token()} onClose={() => setShell(false)} />}
      <div className="stream" data-testid="stream">
        {items.length === 0 && <p className="muted">No activity yet.</p>}
        {items.map((item) => (
          <ItemView key={`${item.type}-${item.seq}`} item={item} />
        ))}
        <div ref={tail} />
      </div>
      <form
        className="prompt"
        onSubmit={(e) => {
          e.preventDefault();
          const text = prompt.trim();
          if (!text) return;
          void act(async () => {
            await api.promptAgent({ agent: ref, text });
            setPrompt("");
          });
        }}
      >
        <textarea aria-label="Prompt" value={prompt} onChange={(e) => setPrompt(e.target.value)} placeholder={`Tell ${lane ? name : "the agent"} what to do`} rows={2} />
        <button type="submit">Send</button>
      </form>
    </section>
  );
}

function ItemView({ item }: { item: Item }) {
  switch (item.type) {
    case "text":
      return (
        <div className={`bubble ${item.role}`} data-testid={`text-${item.role}`}>
          <span className="who">{item.role === "user" ? "you" : item.role === "thought" ? "thinking" : "says"}</span>
          <p>{shown(item.text)}</p>
        </div>
      );
    case "tool":
      return (
        <details className={`tool t-${TOOL_STATUS[item.status]}`} data-testid="tool" open={item.status === ToolStatus.FAILED || item.terminal !== "" || item.gates.some((g) => g.decision === "flag")}>
          <summary>
            <span className="tool-kind">{shown(item.kind) || "tool"}</span>
            <span className="truncate tool-title">{shown(item.title)}</span>
            <span className="tool-status">{TOOL_STATUS[item.status]}</span>
            {item.gates.map((g, i) => (
              <span key={i} className={`gate-chip d-${g.decision}`}>
                {g.gate} {g.decision}
              </span>
            ))}
          </summary>
          {item.input && <Pre label="input" text={prettyJson(item.input)} />}
          {item.output && !repeatsTerminal(item) && <Pre label="result" text={prettyJson(item.output)} />}
          {item.terminal && (
            <div className="pre">
              <span className="muted" data-testid="terminal-label">
                terminal{item.exit !== undefined ? ` · exit ${item.exit}` : ""}
              </span>
              <TermOutput text={item.terminal} />
            </div>
          )}
          {item.gates.map((g, i) => (
            <GateView key={i} gate={g} />
          ))}
        </details>
      );
    case "plan":
      return (
        <ol className="plan" data-testid="plan">
          {item.entries.map((p, i) => (
            <li key={i} className={`p-${p.status}`}>
              <span className="plan-status">{shown(p.status) || "pending"}</span> {shown(p.content)}
            </li>
          ))}
        </ol>
      );
    case "diff":
      return (
        <figure className="diff" data-testid="diff">
          <figcaption className="truncate">{shown(item.path)}</figcaption>
          <pre>
            {lineDiff(item.oldText, item.newText).map((l, i) => (
              <div key={i} className={l.op === "+" ? "add" : l.op === "-" ? "del" : ""}>
                {l.op} {shown(l.line)}
              </div>
            ))}
          </pre>
        </figure>
      );
    case "gate":
      return <GateView gate={item.gate} />;
    case "note":
      return <div className={`note ${item.tone}`}>{shown(item.text)}</div>;
  }
}

export function GateView({ gate }: { gate: Gate }) {
  return (
    <div className={`gate d-${gate.decision}`} data-testid="gate">
      <strong>
        Warden {gate.gate} gate: {gate.decision}
      </strong>
      {gate.times > 1 && <span className="muted"> (×{gate.times})</span>}
      {gate.source && <span className="source truncate" title={shown(gate.source)}> {shown(gate.source)}</span>}
      {gate.detail && (
        <p className="clamp" title={shown(gate.detail)}>
          {shown(gate.detail)}
        </p>
      )}
      {gate.findings.length > 0 && (
        <details>
          <summary>
            {gate.findings.length} finding{gate.findings.length === 1 ? "" : "s"}: {[...new Set(gate.findings.map((f) => f.detector))].join(", ")}
          </summary>
          <ul>
            {gate.findings.map((f, i) => (
              <li key={i}>
                <code>{f.detector}</code> {shown(f.explanation)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/// A command's result that only restates its terminal (ACP agents report
/// `[terminal ID]` and its output) is shown once, in the terminal.
function repeatsTerminal(item: Extract<Item, { type: "tool" }>) {
  return item.terminalId !== undefined && item.output.startsWith(`[terminal ${item.terminalId}]`);
}

function Pre({ label, text }: { label: string; text: string }) {
  const cut = text.length > 20000 ? `${text.slice(0, 20000)}\n… (${text.length - 20000} more characters)` : text;
  return (
    <div className="pre">
      <span className="muted">{label}</span>
      <pre>{shown(cut)}</pre>
    </div>
  );
}

/// A JSON result shown as indented JSON, or its text content when it is
/// an ACP content list; anything else verbatim.
function prettyJson(text: string): string {
  try {
    const v: unknown = JSON.parse(text);
    if (Array.isArray(v) && v.every((c) => typeof c === "object" && c !== null && "type" in c)) {
      return v
        .map((c: Record<string, unknown>) => {
          const inner = (c.content as Record<string, unknown> | undefined) ?? c;
          return typeof inner.text === "string" ? inner.text : JSON.stringify(c, null, 2);
        })
        .join("\n");
    }
    return JSON.stringify(v, null, 2);
  } catch {
    return text;
  }
}
