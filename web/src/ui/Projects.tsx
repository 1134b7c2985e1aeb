// The bottom bar: switch projects (a real context switch: the board, the
// agent view and open panels are rebuilt for the new one), and create a
// project, an agent or an issue.
import { useState } from "react";
import type { Api } from "../client.js";
import type { Project } from "../gen/compass/v1/compass_pb.js";
import { Lifetime } from "../gen/compass/v1/compass_pb.js";
import type { BoardState } from "../board.js";
import { shown } from "../shown.js";

type Act = (f: () => Promise<unknown>) => Promise<void>;
type Form = "project" | "agent" | "issue" | null;

const lines = (s: string) =>
  s
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

export function ProjectsBar(props: {
  api: Api;
  projects: Project[];
  projectId: string;
  setProjectId: (id: string) => void;
  board: BoardState | null;
  act: Act;
}) {
  const { api, act } = props;
  const [form, setForm] = useState<Form>(null);
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const [c, setC] = useState("");
  const open = (f: Form) => {
    setForm(form === f ? null : f);
    setA("");
    setB("");
    setC("");
  };
  const submit = () =>
    act(async () => {
      if (form === "project") {
        const p = await api.createProject({ name: a.trim(), repos: lines(b), directories: lines(c), theme: "" });
        props.setProjectId(p.id);
      } else if (form === "agent") {
        await api.createAgent({ project: props.projectId, name: a.trim(), persona: b.trim(), kind: c.trim(), model: "", lifetime: Lifetime.PERSISTENT });
      } else if (form === "issue") {
        await api.createIssue({ project: props.projectId, title: a.trim(), body: b, labels: [], parent: "" });
      }
      setForm(null);
    });
  return (
    <footer className="bottom">
      <nav className="projects" aria-label="Projects">
        {props.projects.map((p) => (
          <button key={p.id} aria-pressed={p.id === props.projectId} onClick={() => props.setProjectId(p.id)} className="truncate" title={shown(p.name)}>
            {shown(p.name)}
          </button>
        ))}
        {props.projects.length === 0 && <span className="muted">No project yet.</span>}
      </nav>
      <div className="create">
        <button onClick={() => open("project")}>+ Project</button>
        <button onClick={() => open("agent")} disabled={!props.projectId}>
          + Agent
        </button>
        <button onClick={() => open("issue")} disabled={!props.projectId}>
          + Issue
        </button>
      </div>
      {form && (
        <form
          className="sheet"
          aria-label={`New ${form}`}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <h3>New {form}</h3>
          {form === "project" && (
            <>
              <Field label="Name" value={a} set={setA} />
              <Field label="Repos (one per line: an absolute path or a clone URL)" value={b} set={setB} multi />
              <Field label="Directories (one per line)" value={c} set={setC} multi />
            </>
          )}
          {form === "agent" && (
            <>
              <Field label="Name (empty: a codename from the project's theme)" value={a} set={setA} />
              <Field label="Persona" value={b} set={setB} />
              <Field label="Kind (empty: the scripted demo agent)" value={c} set={setC} />
            </>
          )}
          {form === "issue" && (
            <>
              <Field label="Title" value={a} set={setA} />
              <Field label="Body" value={b} set={setB} multi />
            </>
          )}
          <div className="controls">
            <button type="submit">Create</button>
            <button type="button" onClick={() => setForm(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </footer>
  );
}

function Field(props: { label: string; value: string; set: (v: string) => void; multi?: boolean }) {
  return (
    <label className="field">
      <span>{props.label}</span>
      {props.multi ? (
        <textarea value={props.value} onChange={(e) => props.set(e.target.value)} rows={3} />
      ) : (
        <input value={props.value} onChange={(e) => props.set(e.target.value)} />
      )}
    </label>
  );
}
