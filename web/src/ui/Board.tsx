// The board (§4.4): a swimlane per named agent plus the Dispatcher's
// unassigned row, × Backlog / In Progress / In Review / Merged. The row
// header shows the agent's status and workload tier; the agent's current
// focus (its in-progress card while it runs) is emphasised. Team glance
// folds the rows into one plain status board.
import { memo, useMemo, useRef } from "react";
import { AgentStatus, WorkstreamState } from "../gen/compass/v1/compass_pb.js";
import { COLUMNS, PULL_LABEL, STATE_LABEL, STATUS_LABEL, lanesSharing, overlapText, safeLink, type BoardState, type Card, type Lane, type Marks, type Pull } from "../board.js";
import { shown } from "../shown.js";

export function BoardView(props: {
  state: BoardState | null;
  glance: boolean;
  openAgent: (id: string) => void;
  openIssue: (id: string) => void;
}) {
  const { state } = props;
  const last = useRef<Map<string, Card[][]> | null>(null);
  const rows = useMemo(() => {
    const next = state ? lanesSharing(state, last.current) : null;
    last.current = next;
    return next;
  }, [state]);
  const order = useMemo(() => (state ? [...state.agents.values()].sort((a, b) => a.name.localeCompare(b.name)) : []), [state]);
  if (!state || !rows) return <p className="muted">Loading the board…</p>;
  if (props.glance) {
    const cols = COLUMNS.map((_, i) => [...rows.values()].flatMap((r) => r[i]));
    return (
      <section className="board glance" aria-label="Team glance" data-testid="board">
        <div className="grid" style={{ gridTemplateColumns: `repeat(${COLUMNS.length}, minmax(0, 1fr))` }}>
          {COLUMNS.map((c) => (
            <div key={c.title} className="colhead">
              {c.title}
            </div>
          ))}
          {cols.map((cards, i) => (
            <div key={i} className="cell">
              {cards.map((card) => (
                <CardView key={cardKey(card)} {...cardProps(card)} owner={card.work ? state.agents.get(card.work.agentId)?.name : undefined} focus={false} open={props.openIssue} />
              ))}
            </div>
          ))}
        </div>
      </section>
    );
  }
  return (
    <section className="board" aria-label="Board" data-testid="board">
      <div className="grid" style={{ gridTemplateColumns: `minmax(9rem, 14rem) repeat(${COLUMNS.length}, minmax(0, 1fr))` }}>
        <div className="colhead corner">Agent</div>
        {COLUMNS.map((c) => (
          <div key={c.title} className="colhead">
            {c.title}
          </div>
        ))}
        {order.map((lane) => (
          <Row key={lane.id} lane={lane} cells={rows.get(lane.id) ?? []} openAgent={props.openAgent} openIssue={props.openIssue} />
        ))}
        <Row lane={null} cells={rows.get("") ?? []} openAgent={props.openAgent} openIssue={props.openIssue} />
      </div>
    </section>
  );
}

const Row = memo(function Row(props: {
  lane: Lane | null;
  cells: Card[][];
  openAgent: (id: string) => void;
  openIssue: (id: string) => void;
}) {
  const { lane } = props;
  const running = lane?.status === AgentStatus.RUNNING;
  return (
    <div className="row" role="row" data-testid={`row-${lane?.name ?? "unassigned"}`} style={{ display: "contents" }}>
      <div className="rowhead" role="rowheader">
        {lane ? (
          <button className="agent-name" onClick={() => props.openAgent(lane.id)} title={shown(lane.persona || lane.name)}>
            <span className="truncate">{shown(lane.name)}</span>
          </button>
        ) : (
          <span className="agent-name dispatcher">Dispatcher · unassigned</span>
        )}
        {lane && (
          <div className="meta">
            <span className={`status s-${STATUS_LABEL[lane.status]}`} data-testid="agent-status">
              {lane.status === AgentStatus.PAUSED && /warden/i.test(lane.reason) ? "paused by Warden" : STATUS_LABEL[lane.status]}
            </span>
            {lane.backend && (
              <span className={`tier ${lane.missing.length ? "weak" : ""}`} title={lane.missing.length ? `Missing: ${lane.missing.join(", ")}` : "Isolated workload"}>
                {lane.backend}
              </span>
            )}
          </div>
        )}
        {lane?.reason && (
          <div className="reason truncate" title={shown(lane.reason)}>
            {shown(lane.reason)}
          </div>
        )}
      </div>
      {props.cells.map((cards, i) => (
        <div key={i} className="cell" data-column={COLUMNS[i].title}>
          {cards.map((card) => (
            <CardView
              key={cardKey(card)}
              {...cardProps(card)}
              focus={running && card.work?.state === WorkstreamState.IN_PROGRESS}
              open={props.openIssue}
            />
          ))}
        </div>
      ))}
    </div>
  );
});

function cardKey(c: Card): string {
  return c.work ? c.work.id : c.issue.id;
}

function cardProps(c: Card) {
  return { issueId: c.issue.id, issueKey: c.issue.key, title: c.issue.title, state: c.work?.state, marks: c.work?.marks };
}

// Primitive props (and the marks, replaced only when they change), so a
// live update redraws only the cards it changed.
const CardView = memo(function CardView(props: {
  issueId: string;
  issueKey: string;
  title: string;
  state?: WorkstreamState;
  marks?: Marks;
  focus: boolean;
  owner?: string;
  open: (id: string) => void;
}) {
  const label = props.state === undefined ? "unassigned" : STATE_LABEL[props.state];
  const flagged = props.state === WorkstreamState.PAUSED || props.state === WorkstreamState.FAILED;
  const title = shown(props.title);
  const card = (
    <button
      className={`card ${props.focus ? "focus" : ""} st-${label.replace(" ", "-")}`}
      data-testid="card"
      data-key={props.issueKey}
      onClick={() => props.open(props.issueId)}
      title={title}
    >
      <span className="key">{shown(props.issueKey)}</span>
      <span className="title">{title}</span>
      {flagged && <span className="badge">{label}</span>}
      {props.owner && <span className="owner truncate">{shown(props.owner)}</span>}
    </button>
  );
  const marks = props.marks;
  if (!marks || (!marks.overlaps.length && !marks.pulls.length)) return card;
  // The marks sit beside the card's button, not in it: a link or a focus
  // stop cannot nest in a button.
  return (
    <div className="cardwrap" data-testid="card-marks" data-key={props.issueKey}>
      {card}
      <div className="marks">
        {marks.overlaps.length > 0 && <OverlapMark text={shown(overlapText(marks.overlaps))} count={marks.overlaps.length} />}
        {marks.pulls.map((p) => (
          <PullBadge key={p.repo} pull={p} />
        ))}
      </div>
    </div>
  );
});

/// The overlap marker: focusable, its text (agent-written paths) as the
/// title and the accessible name, never as markup.
function OverlapMark(props: { text: string; count: number }) {
  return (
    <span className="mark overlap" data-testid="overlap-mark" tabIndex={0} role="note" title={props.text} aria-label={props.text}>
      ⚠ overlap{props.count > 1 ? ` ×${props.count}` : ""}
    </span>
  );
}

/// A pull request's number and state; a link to it only when its address is http(s).
function PullBadge(props: { pull: Pull }) {
  const { pull } = props;
  const text = `#${pull.number} ${PULL_LABEL[pull.state]}`;
  const href = safeLink(pull.url);
  const title = shown(`Pull request ${text} (${pull.repo})`);
  const className = `mark pull pr-${PULL_LABEL[pull.state]}`;
  return href ? (
    <a className={className} data-testid="pull-badge" href={href} target="_blank" rel="noopener noreferrer" title={title}>
      {text}
    </a>
  ) : (
    <span className={className} data-testid="pull-badge" title={title}>
      {text}
    </span>
  );
}
