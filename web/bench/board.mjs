// The `web` bench (run by hand: `npm run bench`, after the cargo build): a
// real daemon with AGENTS agents and CARDS issues assigned round-robin,
// the board opened in headless Chromium, and measured in the browser:
// first render (navigation start to every card drawn) and live updates
// (an event's arrival in the page to its card drawn in the new column).
// Prints medians and p99 over RUNS loads and MOVES moves.
import { cpus } from "node:os";
import { Daemon, browser, freePort, page } from "../test/harness.mjs";

const AGENTS = Number(process.env.AGENTS ?? 50);
const CARDS = Number(process.env.CARDS ?? 200);
const RUNS = Number(process.env.RUNS ?? 5);
const MOVES = Number(process.env.MOVES ?? 20);

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return `median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
};

const d = new Daemon();
const b = await browser();
try {
  await d.start(await freePort(), ["up"]);
  d.cli("project", "add", "bench", "--repo", d.repo());
  const t0 = Date.now();
  const agents = [];
  for (let i = 0; i < AGENTS; i++) {
    agents.push(d.json("agent", "new", `agent-${String(i).padStart(2, "0")}`, "-p", "bench").id);
  }
  const ws = [];
  for (let i = 0; i < CARDS; i++) {
    const issue = d.json("issue", "add", `Card ${i}: a title long enough to wrap on the board once or twice`, "-p", "bench");
    ws.push(d.json("workstream", "add", issue.key, agents[i % AGENTS]).id);
  }
  console.log(`setup: ${AGENTS} agents, ${CARDS} cards in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${cpus().length} cores`);

  const first = [];
  const p = await page(b);
  for (let run = 0; run < RUNS; run++) {
    await p.goto(d.url);
    const ms = await p.evaluate(
      (n) =>
        new Promise((ok) => {
          const check = () => {
            if (document.querySelectorAll('[data-testid="card"]').length >= n) ok(performance.now());
            else requestAnimationFrame(check);
          };
          check();
        }),
      CARDS,
    );
    first.push(ms);
  }
  console.log(`first render: ${stats(first)}`);

  const live = [];
  for (let i = 0; i < MOVES; i++) {
    const id = ws[i % ws.length];
    // Backlog -> In Progress on the first pass, back on the second.
    const to = Math.floor(i / ws.length) % 2 === 0 ? "in_progress" : "backlog";
    const column = { in_progress: "In Progress", in_review: "In Review", merged: "Merged", backlog: "Backlog" }[to];
    const key = `bench-${(i % ws.length) + 1}`;
    const wait = p.evaluate(
      ([key, column]) =>
        new Promise((ok) => {
          const check = () => {
            const card = document.querySelector(`.cell[data-column="${column}"] [data-key="${key}"]`);
            if (card) {
              const mark = performance.getEntriesByName("compass-event").pop();
              ok(performance.now() - (mark ? mark.startTime : performance.now()));
            } else requestAnimationFrame(check);
          };
          check();
        }),
      [key, column],
    );
    d.cli("workstream", "move", id, to);
    live.push(await wait);
  }
  console.log(`live update (event in the page to card drawn): ${stats(live)}`);
  console.log(`targets: first render < 500 ms, live update < 16 ms`);
} finally {
  await b.close();
  await d.cleanup();
}
