// One issue: its text (as text), its workstream, assignment to an agent
// (CreateWorkstream) and state changes (SetWorkstreamState).
import { useEffect, useState } from "react";
import type { Api } from "../client.js";
import type { Feed } from "../stream.js";
import { WorkstreamState, type Issue } from "../gen/compass/v1/compass_pb.js";
import { STATE_LABEL, type BoardState } from "../board.js";
import { DiffPanel } from "./DiffPanel.js";
import { shown } from "../shown.js";

type Act = (f: () => Promise<unknown>) => Promise<void>;
const MOVES = [WorkstreamState.BACKLOG, WorkstreamState.IN_PROGRESS, WorkstreamState.IN_REVIEW, WorkstreamState.MERGED];

export function IssuePanel(props: { api: Api; feed: Feed; board: BoardState; issueId: string; close: () => void; act: Act }) {
  const { api, board, issueId, act } = props;
  const [issue, setIssue] = useState<Issue | null>(null);
  const [agent, setAgent] = useState("");
  useEffect(() => {
    void act(async () => setIssue(await api.getIssue({ issue: issueId })));
  }, [api, issueId, act]);
  const work = [...board.work.values()].filter((w) => w.issueId === issueId);
  const card = board.issues.get(issueId);
  return (
    <aside className="panel" aria-label="Issue" data-testid="issue-panel" onKeyDown={(e) => e.key === "Escape" && props.close()}>
      <header>
        <h2 className="truncate" title={shown(card?.title ?? "")}>
          <span className="key">{shown(card?.key ?? "")}</span> {shown(card?.title ?? "")}
        </h2>
        <button onClick={props.close} aria-label="Close" autoFocus>
          ×
        </button>
      </header>
      <p className="body" data-testid="issue-body">
        {(issue && shown(issue.body)) || <span className="muted">No description.</span>}
      </p>
      {work.map((w) => (
        <div key={w.id} className="work">
          <p>
            <strong>{shown(board.agents.get(w.agentId)?.name ?? w.agentId)}</strong> · {STATE_LABEL[w.state]}
          </p>
          <div className="controls" role="group" aria-label="Move to">
            {MOVES.map((s) => (
              <button key={s} disabled={s === w.state} onClick={() => act(() => api.setWorkstreamState({ workstream: w.id, state: s }))}>
                {STATE_LABEL[s]}
              </button>
            ))}
          </div>
          <DiffPanel api={api} workstreamId={w.id} />
        </div>
      ))}
      {work.length === 0 && (
        <form
          className="assign"
          onSubmit={(e) => {
            e.preventDefault();
            if (agent) void act(() => api.createWorkstream({ issue: issueId, agent }));
          }}
        >
          <label>
            Assign to
            <select value={agent} onChange={(e) => setAgent(e.target.value)} data-testid="assign-agent">
              <option value="">choose an agent</option>
              {[...board.agents.values()].map((a) => (
                <option key={a.id} value={a.id}>
                  {shown(a.name)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={!agent}>
            Assign
          </button>
        </form>
      )}
    </aside>
  );
}
