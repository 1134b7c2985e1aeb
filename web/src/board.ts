// The board's state, kept from one GetBoard and then the event stream:
// issues, workstreams and agents are maps keyed by id, and every event is
// applied as an absolute value (a state *to*, an upsert), so an event seen
// twice (GetBoard raced the stream) changes nothing and no card can double.
//
// A card's marks (the workstreams it overlaps, its pull requests) are the
// daemon's view as GetBoard gives it: `marksChanged` says which events may
// move them, and `applyMarks` takes a fresh GetBoard's, replacing only the
// work whose marks differ.
import {
  AgentStatus,
  PullRequestState,
  WorkstreamState,
  type Agent,
  type Board,
  type BoardCard,
  type Event,
  type Priority,
} from "./gen/compass/v1/compass_pb.js";

export interface IssueCard {
  id: string;
  key: string;
  title: string;
  priority: Priority;
}
export interface Lane {
  id: string;
  name: string;
  status: AgentStatus;
  reason: string;
  backend: string;
  missing: string[];
  persona: string;
  kind: string;
}
/// Another in-flight workstream changing files this one changes.
export interface Overlap {
  workstreamId: string;
  agentName: string;
  issueKey: string;
  paths: string[];
}
export interface Pull {
  repo: string;
  number: string;
  url: string;
  state: PullRequestState;
}
export interface Marks {
  overlaps: Overlap[];
  pulls: Pull[];
  /// The marks as one string, to tell a change cheaply.
  sig: string;
}
export interface Work {
  id: string;
  issueId: string;
  agentId: string;
  state: WorkstreamState;
  marks: Marks;
}

const NO_MARKS: Marks = { overlaps: [], pulls: [], sig: "" };

function marksOf(c: BoardCard): Marks {
  if (!c.overlaps.length && !c.pullRequests.length) return NO_MARKS;
  const overlaps = c.overlaps.map((o) => ({ workstreamId: o.workstreamId, agentName: o.agentName, issueKey: o.issueKey, paths: [...o.paths] }));
  const pulls = c.pullRequests.map((p) => ({ repo: p.repo, number: p.number.toString(), url: p.url, state: p.state }));
  return { overlaps, pulls, sig: JSON.stringify([overlaps, pulls]) };
}
export interface BoardState {
  projectId: string;
  issues: Map<string, IssueCard>;
  agents: Map<string, Lane>;
  work: Map<string, Work>;
}

export const COLUMNS: { title: string; states: WorkstreamState[] }[] = [
  { title: "Backlog", states: [WorkstreamState.BACKLOG, WorkstreamState.UNSPECIFIED] },
  { title: "In Progress", states: [WorkstreamState.IN_PROGRESS, WorkstreamState.PAUSED, WorkstreamState.FAILED] },
  { title: "In Review", states: [WorkstreamState.IN_REVIEW] },
  { title: "Merged", states: [WorkstreamState.MERGED] },
];

export function fromBoard(board: Board, agents: Agent[]): BoardState {
  const s: BoardState = {
    projectId: board.project?.id ?? "",
    issues: new Map(),
    agents: new Map(),
    work: new Map(),
  };
  for (const a of agents) upsertAgent(s, a);
  for (const row of board.rows) {
    if (row.agentId && !s.agents.has(row.agentId)) {
      s.agents.set(row.agentId, {
        id: row.agentId,
        name: row.agentName,
        status: row.agentStatus,
        reason: row.agentStatusReason,
        backend: "",
        missing: [],
        persona: "",
        kind: "",
      });
    }
    for (const col of row.columns) {
      for (const c of col.cards) {
        s.issues.set(c.issueId, { id: c.issueId, key: c.issueKey, title: c.title, priority: c.priority });
        if (c.workstreamId) {
          s.work.set(c.workstreamId, { id: c.workstreamId, issueId: c.issueId, agentId: row.agentId, state: c.state, marks: marksOf(c) });
        }
      }
    }
  }
  return s;
}

function upsertAgent(s: BoardState, a: Agent): void {
  if (a.status === AgentStatus.RETIRED) {
    s.agents.delete(a.id);
    return;
  }
  s.agents.set(a.id, {
    id: a.id,
    name: a.name,
    status: a.status,
    reason: a.statusReason,
    backend: a.backend,
    missing: a.missingProtections,
    persona: a.persona,
    kind: a.kind,
  });
}

/// Apply one event; returns whether the board changed.
export function apply(s: BoardState, e: Event): boolean {
  if (e.projectId && e.projectId !== s.projectId) return false;
  const k = e.kind;
  switch (k.case) {
    case "issueCreated":
    case "issueUpdated": {
      const i = k.value.issue;
      if (!i || i.projectId !== s.projectId) return false;
      s.issues.set(i.id, { id: i.id, key: i.key, title: i.title, priority: i.priority });
      return true;
    }
    case "agentCreated": {
      const a = k.value.agent;
      if (!a || a.projectId !== s.projectId) return false;
      upsertAgent(s, a);
      return true;
    }
    case "agentStatusChanged": {
      const lane = s.agents.get(e.agentId);
      if (!lane) return false;
      s.agents.set(e.agentId, { ...lane, status: k.value.to, reason: k.value.reason });
      return true;
    }
    case "agentRetired":
      return s.agents.delete(e.agentId);
    case "workstreamCreated": {
      const w = k.value.workstream;
      if (!w || w.projectId !== s.projectId) return false;
      const marks = s.work.get(w.id)?.marks ?? NO_MARKS;
      s.work.set(w.id, { id: w.id, issueId: w.issueId, agentId: w.agentId, state: w.state, marks });
      return true;
    }
    case "workstreamStateChanged": {
      const w = s.work.get(e.workstreamId);
      if (!w) return false;
      s.work.set(w.id, { ...w, state: k.value.to });
      return true;
    }
    default:
      return false;
  }
}

/// Whether `e` may change a card's marks: an overlap beginning or ending,
/// a pull request recorded or changing state, or work entering or leaving
/// flight (overlaps are between in-flight work; a merge follows the pull
/// request's poll).
export function marksChanged(e: Event): boolean {
  switch (e.kind.case) {
    case "workstreamsOverlap":
    case "workstreamsOverlapEnded":
    case "pullRequestOpened":
    case "pullRequestStateChanged":
    case "workstreamMerged":
      return true;
    case "workstreamStateChanged":
      return [e.kind.value.from, e.kind.value.to].some((st) => st === WorkstreamState.IN_PROGRESS || st === WorkstreamState.IN_REVIEW);
    default:
      return false;
  }
}

/// Take each card's marks from a fresh GetBoard; returns whether any changed.
export function applyMarks(s: BoardState, board: Board): boolean {
  let changed = false;
  for (const row of board.rows) {
    for (const col of row.columns) {
      for (const c of col.cards) {
        const w = s.work.get(c.workstreamId);
        if (!w) continue;
        const marks = marksOf(c);
        if (marks.sig === w.marks.sig) continue;
        s.work.set(w.id, { ...w, marks });
        changed = true;
      }
    }
  }
  return changed;
}

export interface Card {
  issue: IssueCard;
  work?: Work;
}

/// `lanes(s)`, sharing with `prev` every row whose cards are the same (the
/// same issue and workstream objects, which `apply` replaces only when they
/// change): a live update then hands new props to the one or two rows it
/// touched, and every other row's memo holds.
export function lanesSharing(s: BoardState, prev: Map<string, Card[][]> | null): Map<string, Card[][]> {
  const next = lanes(s);
  if (!prev) return next;
  for (const [id, row] of next) {
    const old = prev.get(id);
    if (old && sameRow(old, row)) next.set(id, old);
  }
  return next;
}

function sameRow(a: Card[][], b: Card[][]): boolean {
  return a.length === b.length && a.every((col, i) => col.length === b[i].length && col.every((c, j) => c.issue === b[i][j].issue && c.work === b[i][j].work));
}

/// Cards of one lane ("" is the Dispatcher's unassigned row), by column.
export function lanes(s: BoardState): Map<string, Card[][]> {
  const out = new Map<string, Card[][]>();
  const row = (id: string) => {
    let r = out.get(id);
    if (!r) {
      r = COLUMNS.map(() => []);
      out.set(id, r);
    }
    return r;
  };
  row("");
  for (const id of s.agents.keys()) row(id);
  const assigned = new Set<string>();
  for (const w of s.work.values()) {
    const issue = s.issues.get(w.issueId);
    if (!issue) continue;
    assigned.add(w.issueId);
    const lane = s.agents.has(w.agentId) ? w.agentId : "";
    const col = COLUMNS.findIndex((c) => c.states.includes(w.state));
    row(lane)[col < 0 ? 0 : col].push({ issue, work: w });
  }
  for (const issue of s.issues.values()) {
    if (!assigned.has(issue.id)) row("")[0].push({ issue });
  }
  return out;
}

export const STATUS_LABEL: Record<AgentStatus, string> = {
  [AgentStatus.UNSPECIFIED]: "unknown",
  [AgentStatus.IDLE]: "idle",
  [AgentStatus.RUNNING]: "running",
  [AgentStatus.PAUSED]: "paused",
  [AgentStatus.FAILED]: "failed",
  [AgentStatus.RETIRED]: "retired",
};

export const PULL_LABEL: Record<PullRequestState, string> = {
  [PullRequestState.UNSPECIFIED]: "unknown",
  [PullRequestState.OPEN]: "open",
  [PullRequestState.CLOSED]: "closed",
  [PullRequestState.MERGED]: "merged",
};

/// A pull request's address is a link only when it is http(s): the forge's
/// answer is outside input, and a `javascript:` URL must not become one.
export function safeLink(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
}

/// A card's overlap marker text: each other workstream and the shared files.
export function overlapText(overlaps: Overlap[]): string {
  return overlaps.map((o) => `Overlaps ${o.issueKey || o.workstreamId} (${o.agentName || "unassigned"}): ${o.paths.join(", ")}`).join("\n");
}

export const STATE_LABEL: Record<WorkstreamState, string> = {
  [WorkstreamState.UNSPECIFIED]: "backlog",
  [WorkstreamState.BACKLOG]: "backlog",
  [WorkstreamState.IN_PROGRESS]: "in progress",
  [WorkstreamState.IN_REVIEW]: "in review",
  [WorkstreamState.MERGED]: "merged",
  [WorkstreamState.PAUSED]: "paused",
  [WorkstreamState.FAILED]: "failed",
};
