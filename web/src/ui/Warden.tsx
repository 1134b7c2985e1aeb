// Warden in the page: the pauses it caused, each with what was flagged and
// why and the three answers (resume, allow once, keep paused); the audit
// log with filters; each agent kind's hook-coverage matrix. A pause reads
// as a held action waiting for the user, not as an alarm.
import { useEffect, useMemo, useState } from "react";
import type { Api } from "../client.js";
import type { Feed } from "../stream.js";
import { AgentStatus, type AgentKind, type Event, type GateDecision } from "../gen/compass/v1/compass_pb.js";
import type { BoardState } from "../board.js";
import { shown } from "../shown.js";

type Act = (f: () => Promise<unknown>) => Promise<void>;
interface Decision {
  seq: bigint;
  at: bigint;
  agentId: string;
  gate: GateDecision;
}

/// Every gate decision, from the log and then live.
function useDecisions(api: Api, feed: Feed, act: Act): Decision[] {
  const [list, setList] = useState<Decision[]>([]);
  useEffect(() => {
    const all: Decision[] = [];
    const seen = new Set<bigint>();
    const add = (e: Event) => {
      if (e.kind.case !== "gateDecision" || seen.has(e.seq)) return false;
      seen.add(e.seq);
      all.push({ seq: e.seq, at: e.atMs, agentId: e.agentId, gate: e.kind.value });
      return true;
    };
    let ready = false;
    const early: Event[] = [];
    const off = feed.on((e) => {
      if (!ready) early.push(e);
      else if (add(e)) setList([...all]);
    });
    void act(async () => {
      let after = 0n;
      // The log is paged; five pages (5000 decisions) is plenty for a page.
      for (let page = 0; page < 5; page++) {
        const got = await api.listEvents({ afterSeq: after, limit: 1000, kinds: ["gate_decision"] });
        for (const e of got.events) add(e);
        if (got.events.length < 1000) break;
        after = got.events[got.events.length - 1].seq;
      }
      for (const e of early) add(e);
      ready = true;
      all.sort((a, b) => (a.seq < b.seq ? -1 : 1));
      setList([...all]);
    });
    return off;
  }, [api, feed, act]);
  return list;
}

/// The agents Warden paused, with the flag that paused each.
export function Pauses(props: { api: Api; feed: Feed; board: BoardState | null; act: Act }) {
  const { api, board, act } = props;
  const decisions = useDecisions(api, props.feed, act);
  const [kept, setKept] = useState<Set<string>>(new Set());
  if (!board) return null;
  const paused = [...board.agents.values()].filter((a) => a.status === AgentStatus.PAUSED);
  if (paused.length === 0) return null;
  return (
    <section className="pauses" aria-label="Paused agents">
      {paused.map((agent) => {
        const flag = [...decisions].reverse().find((d) => d.agentId === agent.id && d.gate.decision === "flag");
        const key = `${agent.id}:${flag?.gate.hash ?? ""}`;
        const ref = { agent: agent.id };
        return (
          <article key={agent.id} className={`pause ${kept.has(key) ? "kept" : ""}`} data-testid={`pause-${agent.name}`}>
            <header>
              <strong className="truncate">{shown(agent.name)}</strong>
              <span className="muted">is paused: Warden holds one action until you decide</span>
            </header>
            <p className="reason clamp" data-testid="pause-reason" title={shown(agent.reason)}>
              {shown(agent.reason) || "paused"}
            </p>
            {flag && <Flagged gate={flag.gate} />}
            {kept.has(key) ? (
              <p className="muted">Kept paused. The agent waits; you can resume it any time.</p>
            ) : (
              <div className="controls">
                <button data-testid="pause-resume" onClick={() => act(() => api.resumeAgent(ref))} title="Resume the agent; the held action stays refused">
                  Resume
                </button>
                {flag && (
                  <button
                    data-testid="pause-allow-once"
                    onClick={() =>
                      act(async () => {
                        await api.allowOnce({ agent: ref, hash: flag.gate.hash });
                        await api.resumeAgent(ref);
                      })
                    }
                    title="Let this exact action through once, then resume"
                  >
                    Allow once
                  </button>
                )}
                <button data-testid="pause-keep" onClick={() => setKept(new Set(kept).add(key))}>
                  Keep paused
                </button>
              </div>
            )}
          </article>
        );
      })}
    </section>
  );
}

/// What the flag is about, in the order a reader asks: what was seen (the
/// excerpt, redacted by the daemon), where it came from, which detectors
/// spoke and what each rule means.
function Flagged({ gate }: { gate: GateDecision }) {
  const detectors = [...new Set(gate.findings.map((f) => f.detector))];
  // A rule seen in the text and again in its hidden part explains once.
  const explanations = [...new Set(gate.findings.map((f) => f.explanation))];
  return (
    <div className="flagged" data-testid="pause-flag">
      <p className="flag-line">
        <strong>
          Warden {gate.gate} gate: {gate.decision}
        </strong>
        {gate.source && (
          <span className="source truncate" data-testid="pause-source" title={shown(gate.source)}>
            {" "}
            from {shown(gate.source)}
          </span>
        )}
      </p>
      {gate.excerpt && (
        <pre className="excerpt" data-testid="pause-excerpt" aria-label="What was flagged">
          {shown(gate.excerpt)}
        </pre>
      )}
      {detectors.length > 0 && (
        <p className="detectors" data-testid="pause-detectors">
          {detectors.map((d) => (
            <code key={d}>{d}</code>
          ))}
        </p>
      )}
      {explanations.length > 0 && (
        <ul className="explanations" data-testid="pause-explanations">
          {explanations.map((e) => (
            <li key={e}>{shown(e)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function WardenView(props: { api: Api; feed: Feed; board: BoardState | null; act: Act }) {
  const { api, act } = props;
  const decisions = useDecisions(api, props.feed, act);
  const [agent, setAgent] = useState("");
  const [decision, setDecision] = useState("");
  const [gate, setGate] = useState("");
  const [kinds, setKinds] = useState<AgentKind[]>([]);
  useEffect(() => {
    void act(async () => setKinds((await api.listKinds({})).kinds));
  }, [api, act]);
  const names = props.board ? props.board.agents : new Map();
  const listed = useMemo(
    () =>
      decisions
        .filter((d) => (!agent || d.agentId === agent) && (!decision || d.gate.decision === decision) && (!gate || d.gate.gate === gate))
        .slice(-500)
        .reverse(),
    [decisions, agent, decision, gate],
  );
  return (
    <section className="warden" aria-label="Warden">
      <Pauses {...props} />
      <h2>Audit log</h2>
      <div className="filters">
        <label>
          Agent
          <select value={agent} onChange={(e) => setAgent(e.target.value)} data-testid="filter-agent">
            <option value="">all</option>
            {[...names.values()].map((a) => (
              <option key={a.id} value={a.id}>
                {shown(a.name)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Decision
          <select value={decision} onChange={(e) => setDecision(e.target.value)} data-testid="filter-decision">
            <option value="">all</option>
            <option value="clear">clear</option>
            <option value="caution">caution</option>
            <option value="flag">flag</option>
          </select>
        </label>
        <label>
          Gate
          <select value={gate} onChange={(e) => setGate(e.target.value)} data-testid="filter-gate">
            <option value="">all</option>
            <option value="input">input</option>
            <option value="output">output</option>
          </select>
        </label>
        <span className="muted">{listed.length} shown</span>
      </div>
      <table className="audit" data-testid="audit">
        <thead>
          <tr>
            <th>when</th>
            <th>agent</th>
            <th>gate</th>
            <th>decision</th>
            <th>source</th>
            <th>why</th>
          </tr>
        </thead>
        <tbody>
          {listed.map((d) => (
            <tr key={d.seq.toString()} className={`d-${d.gate.decision}`}>
              <td>{new Date(Number(d.at)).toLocaleTimeString()}</td>
              <td className="truncate">{shown(names.get(d.agentId)?.name ?? d.agentId)}</td>
              <td>{d.gate.gate}</td>
              <td>{d.gate.decision}</td>
              <td className="truncate" title={shown(d.gate.source)}>
                {shown(d.gate.source)}
              </td>
              <td className="truncate" title={shown(d.gate.detail)}>
                {shown(d.gate.detail) || d.gate.findings.map((f) => f.detector).join(", ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Hook coverage by agent kind</h2>
      <table className="kinds" data-testid="kinds">
        <thead>
          <tr>
            <th>kind</th>
            <th>pre-tool (output gate)</th>
            <th>post-tool (input gate)</th>
            <th>gated synchronously</th>
            <th>seen by the watch only</th>
          </tr>
        </thead>
        <tbody>
          {kinds.map((k) => (
            <tr key={k.id}>
              <td>{k.displayName || k.id}</td>
              <td>{k.hooks?.preTool ? "yes" : "no"}</td>
              <td>{k.hooks?.postTool ? "yes" : "no"}</td>
              <td>{k.hooks?.gatedTools.join(", ") || "—"}</td>
              <td>{k.hooks?.ungatedTools.join(", ") || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
