// Terminals in the page: an agent's terminal tool call renders live in
// xterm.js (colours interpreted, output appearing while the command runs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { Daemon, SHOTS, browser, freePort, page, until } from "./harness.mjs";

let b;
before(async () => {
  b = await browser();
});
after(async () => {
  await b?.close();
});

const rows = (p) => p.evaluate(() => [...document.querySelectorAll('[data-testid="terminal"] .xterm-rows')].map((r) => r.textContent).join("\n"));

test("an agent's terminal output renders live in xterm.js", async () => {
  const d = new Daemon();
  try {
    const port = await freePort();
    await d.start(port, ["up"]);
    d.cli("project", "add", "demo", "--repo", d.repo("app"));
    d.cli("agent", "new", "atlas");
    const command = String.raw`printf '\033[31mred-alert\033[0m plain\n'; for i in 1 2 3; do echo line-$i; sleep 2; done`;
    const scenario = d.file("term.toml", `name = "term"\nuse_client_terminal = true\n[[turns]]\nsteps = [\n  { kind = "run", command = ${JSON.stringify(command)} },\n]\n`);
    d.cli("agent", "start", "atlas", "--scenario", scenario);
    const p = await page(b);
    await p.goto(d.url);
    await p.locator(".agent-name", { hasText: "atlas" }).click();
    await p.getByTestId("agent-view").waitFor();
    d.cli("agent", "prompt", "atlas", "run it");

    // Live: the first line shows while the command still runs.
    const early = await until("the first line in the terminal", async () => {
      const t = await rows(p);
      return t.includes("line-1") ? t : null;
    }, 30_000);
    assert.ok(!early.includes("line-3"), `the output came all at once: ${early}`);
    await until("the last line", async () => (await rows(p)).includes("line-3"), 30_000);
    await until("the exit code", async () => /exit 0/.test(await p.getByTestId("terminal-label").first().textContent()), 15_000);
    // Rendered by a terminal: the colour is a style, the escape is gone.
    const red = await p.locator('[data-testid="terminal"] .xterm-rows span.xterm-fg-1').first().textContent();
    assert.equal(red, "red-alert");
    const all = await rows(p);
    assert.ok(!all.includes("[31m"), `raw escapes shown: ${all}`);
    assert.equal((all.match(/line-2/g) ?? []).length, 1, "a line shown twice");
    await p.getByTestId("terminal").first().screenshot({ path: join(SHOTS, "terminal.png") });
    assert.deepEqual(p.errors, []);
  } finally {
    await d.cleanup();
  }
});
