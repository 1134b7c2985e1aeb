// The Bridge's shell: the token check, the project in view, the live feed,
// the header (Warden on/off, team glance, link state) and the views.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { connect, describe, unauthenticated, type Api } from "../client.js";
import { Feed, type Link } from "../stream.js";
import { takeToken, tokenFromUrl } from "../token.js";
import type { Project } from "../gen/compass/v1/compass_pb.js";
import { HowTo } from "./HowTo.js";
import { BoardView } from "./Board.js";
import { AgentView } from "./AgentView.js";
import { Pauses, WardenView } from "./Warden.js";
import { ProjectsBar } from "./Projects.js";
import { IssuePanel } from "./IssuePanel.js";
import { useBoard } from "./useBoard.js";
import { shown } from "../shown.js";

type Phase = { kind: "loading" } | { kind: "howto"; wrong: boolean } | { kind: "ready" } | { kind: "error"; text: string };
export type View = { kind: "board" } | { kind: "agent"; id: string } | { kind: "warden" };

export function App() {
  const token = useRef<string | null>(takeToken());
  const api = useMemo(() => connect(() => token.current ?? ""), []);
  const [phase, setPhase] = useState<Phase>(token.current ? { kind: "loading" } : { kind: "howto", wrong: false });
  const [feed, setFeed] = useState<Feed | null>(null);
  const [projects, setProjects] = useState<Project[]>([]);
  const [projectId, setProjectId] = useState<string>(() => sessionStorage.getItem("compass-project") ?? "");

  const loadProjects = useCallback(async () => {
    const list = (await api.listProjects({})).projects;
    setProjects(list);
    setProjectId((cur) => (list.some((p) => p.id === cur) ? cur : (list[0]?.id ?? "")));
  }, [api]);

  useEffect(() => {
    if (!token.current) return;
    let live: Feed | null = null;
    (async () => {
      try {
        const status = await api.getStatus({});
        await loadProjects();
        live = new Feed(api);
        live.start(status.lastSeq);
        setFeed(live);
        setPhase({ kind: "ready" });
      } catch (e) {
        setPhase(unauthenticated(e) ? { kind: "howto", wrong: true } : { kind: "error", text: describe(e) });
      }
    })();
    return () => live?.stop();
  }, [api, loadProjects]);

  useEffect(() => {
    if (projectId) sessionStorage.setItem("compass-project", projectId);
  }, [projectId]);

  useEffect(() => {
    if (!feed) return;
    return feed.on((e) => {
      if (e.kind.case === "projectCreated") void loadProjects();
    });
  }, [feed, loadProjects]);

  if (phase.kind === "howto") return <HowTo wrong={phase.wrong} />;
  if (phase.kind === "error")
    return (
      <main className="howto" role="alert">
        <h1>Compass Bridge</h1>
        <p>The daemon answered with an error: {shown(phase.text)}</p>
      </main>
    );
  if (phase.kind === "loading" || !feed) return <main className="howto">Connecting to the daemon…</main>;
  return (
    <Shell
      api={api}
      feed={feed}
      projects={projects}
      projectId={projectId}
      setProjectId={setProjectId}
      newToken={(t) => {
        token.current = t;
        feed.retry();
      }}
      token={() => token.current ?? ""}
    />
  );
}

function Shell(props: {
  api: Api;
  feed: Feed;
  projects: Project[];
  projectId: string;
  setProjectId: (id: string) => void;
  newToken: (t: string) => void;
  /// The token, for the one connection outside the client (the shell).
  token: () => string;
}) {
  const { api, feed, projectId } = props;
  const [view, setView] = useState<View>({ kind: "board" });
  // Stable, so a live update redraws only the rows it changed (Row is memo).
  const openAgent = useCallback((id: string) => setView({ kind: "agent", id }), []);
  const [glance, setGlance] = useState(false);
  const [issue, setIssue] = useState<string | null>(null);
  const [link, setLink] = useState<Link>(feed.link);
  const [error, setError] = useState<string | null>(null);
  const [wardenOn, setWardenOn] = useState<boolean | null>(null);
  const board = useBoard(api, feed, projectId, setError);

  useEffect(() => feed.onLink(setLink), [feed]);
  useEffect(() => {
    void api.getWarden({}).then((w) => setWardenOn(w.enabled), (e) => setError(describe(e)));
    return feed.on((e) => {
      if (e.kind.case === "wardenChanged") void api.getWarden({}).then((w) => setWardenOn(w.enabled));
    });
  }, [api, feed]);
  // A project switch is a context switch: nothing of the last one stays open.
  useEffect(() => {
    setView({ kind: "board" });
    setIssue(null);
  }, [projectId]);

  const act = useCallback(
    async (what: () => Promise<unknown>) => {
      try {
        setError(null);
        await what();
      } catch (e) {
        setError(describe(e));
      }
    },
    [],
  );

  return (
    <div className="shell">
      <header className="top">
        <span className="brand">Compass</span>
        <nav aria-label="Views">
          <button aria-pressed={view.kind === "board"} onClick={() => setView({ kind: "board" })}>
            Board
          </button>
          <button aria-pressed={view.kind === "warden"} onClick={() => setView({ kind: "warden" })}>
            Warden
          </button>
        </nav>
        <label className="toggle">
          <input type="checkbox" checked={glance} onChange={(e) => setGlance(e.target.checked)} data-testid="glance" />
          Team glance
        </label>
        <button
          className={`warden-pill ${wardenOn ? "on" : "off"}`}
          data-testid="warden-toggle"
          aria-pressed={wardenOn ?? false}
          title="Warden inspects what enters and leaves every agent"
          onClick={() => act(async () => setWardenOn((await api.setWardenEnabled({ enabled: !wardenOn })).enabled))}
        >
          Warden: {wardenOn === null ? "…" : wardenOn ? "on" : "off"}
        </button>
      </header>
      <div className="banners">
      {link.kind === "reconnecting" && (
        <div className="banner warn" role="status" data-testid="reconnect-banner">
          Lost the connection to the daemon ({link.error}); reconnecting, attempt {link.attempt}. Nothing is missed:
          the board resumes from event {feed.seq.toString()}.
        </div>
      )}
      {link.kind === "unauthenticated" && <NewToken onToken={props.newToken} />}
      {error && (
        <div className="banner error" role="alert" data-testid="error-banner">
          {shown(error)}
          <button onClick={() => setError(null)} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
      </div>
      <main className="content">
        {view.kind === "board" && <Pauses api={api} feed={feed} board={board} act={act} />}
        {view.kind === "board" && (
          <BoardView
            state={board}
            glance={glance}
            openAgent={openAgent}
            openIssue={setIssue}
          />
        )}
        {view.kind === "agent" && board && (
          <AgentView api={api} feed={feed} agentId={view.id} lane={board.agents.get(view.id)} token={props.token} act={act} />
        )}
        {view.kind === "warden" && <WardenView api={api} feed={feed} board={board} act={act} />}
        {issue && board && (
          <IssuePanel api={api} feed={feed} board={board} issueId={issue} close={() => setIssue(null)} act={act} />
        )}
      </main>
      <ProjectsBar
        api={api}
        projects={props.projects}
        projectId={projectId}
        setProjectId={props.setProjectId}
        board={board}
        act={act}
      />
    </div>
  );
}

/// The daemon restarted with a new token: paste the new board URL and the
/// feed resumes from its last seq.
function NewToken({ onToken }: { onToken: (t: string) => void }) {
  const [text, setText] = useState("");
  const [bad, setBad] = useState(false);
  return (
    <form
      className="banner warn"
      data-testid="token-banner"
      onSubmit={(e) => {
        e.preventDefault();
        const t = tokenFromUrl(text);
        setBad(t === null);
        if (t) onToken(t);
      }}
    >
      The daemon restarted, so its board token changed. Paste the URL <code>compass status</code> prints:
      <input aria-label="Board URL" value={text} onChange={(e) => setText(e.target.value)} placeholder="http://127.0.0.1:…/?token=…" />
      <button type="submit">Reconnect</button>
      {bad && <span> That is not a board URL with a token.</span>}
    </form>
  );
}
