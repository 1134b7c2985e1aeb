// A workstream's review: per repo, the branch's commits and its patch
// against the base (GetWorkstreamDiff), shown on demand. Once the relay has
// forwarded the branch the daemon reads the forwarded commit from its own
// copy; before that it reads the agent's clone, and the repo is marked
// unverified (the agent can rewrite what its clone shows).
import { useState } from "react";
import { describe, type Api } from "../client.js";
import type { WorkstreamDiff } from "../gen/compass/v1/compass_pb.js";
import { shown } from "../shown.js";

export function DiffPanel({ api, workstreamId }: { api: Api; workstreamId: string }) {
  const [diff, setDiff] = useState<WorkstreamDiff | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = async () => {
    setBusy(true);
    setError(null);
    try {
      setDiff(await api.getWorkstreamDiff({ workstream: workstreamId }));
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="review" data-testid="review">
      <button onClick={() => void load()} disabled={busy}>
        {diff ? "Refresh diff" : "Show diff"}
      </button>
      {error && (
        <p className="note error" role="alert">
          {shown(error)}
        </p>
      )}
      {diff?.repos.map((r) => (
        <section key={r.repo} className="repo-diff">
          <h4 className="truncate">
            {shown(r.repo)} <span className="muted">{r.base ? `from ${r.base.slice(0, 12)}` : ""}</span>
          </h4>
          {r.error && <p className="note error">{shown(r.error)}</p>}
          {r.unverified && (
            <p className="note warn" data-testid="unverified">
              Unverified: read from the agent&apos;s clone. Nothing of this branch was forwarded yet, and the agent
              can rewrite what its clone shows.
            </p>
          )}
          {r.commits.length > 0 && (
            <ul className="commits">
              {r.commits.map((c) => (
                <li key={c.sha} className="truncate">
                  <code>{shown(c.sha.slice(0, 12))}</code> {shown(c.subject)}
                </li>
              ))}
            </ul>
          )}
          {!r.error && !r.patch && <p className="muted">No changes on the branch.</p>}
          {r.patch && (
            <pre className="patch" data-testid="patch">
              {r.patch.split("\n").map((l, i) => (
                <div key={i} className={l.startsWith("+") && !l.startsWith("+++") ? "add" : l.startsWith("-") && !l.startsWith("---") ? "del" : l.startsWith("@@") ? "hunk" : ""}>
                  {shown(l)}
                </div>
              ))}
            </pre>
          )}
          {r.truncated && <p className="muted">The patch was cut at 1 MiB.</p>}
        </section>
      ))}
    </div>
  );
}
