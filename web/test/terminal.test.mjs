// Terminals in the page: an agent's terminal tool call renders live in
// xterm.js (colours interpreted, output appearing while the command runs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { Daemon, SHOTS, browser, page, until } from "./harness.mjs";

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
    const command = String.raw`printf '\033[31mred-alert\033[0m plain\n'; for i in 1 2 3; do echo line-$i; sleep 2; done`;
    await d.startWithAgent("term.toml", `name = "term"\nuse_client_terminal = true\n[[turns]]\nsteps = [\n  { kind = "run", command = ${JSON.stringify(command)} },\n]\n`);
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

test("the raw shell opens in xterm.js, runs in the workload, and is recorded as the person's session", async () => {
  const d = new Daemon();
  try {
    await d.startWithAgent("idle.toml", `name = "idle"\n[[turns]]\nsteps = [\n  { kind = "message", text = "ok" },\n]\n`);
    const p = await page(b);
    const sockets = [];
    p.on("websocket", (ws) => sockets.push(ws.url()));
    await p.goto(d.url);
    await p.locator(".agent-name", { hasText: "atlas" }).click();
    await p.getByTestId("agent-view").waitFor();
    await p.getByTestId("open-shell").click();
    const shell = p.getByTestId("shell-terminal");
    await until("the prompt", async () => /\/work/.test(await shell.locator(".xterm-rows").textContent()), 20_000);
    await p.keyboard.type("echo hi-$((6*7)) > /work/app/from-board; cat /work/app/from-board");
    await p.keyboard.press("Enter");
    // What was typed reads hi-$((6*7)): hi-42 is the workload's answer.
    await until("the command's output", async () => (await shell.locator(".xterm-rows").textContent()).includes("hi-42"), 20_000);
    await p.getByTestId("shell").screenshot({ path: join(SHOTS, "shell.png") });
    assert.equal(readFileSync(join(d.home, "agents/agt-1/work/app/from-board"), "utf8"), "hi-42\n");
    // The token never went into a URL.
    assert.equal(sockets.length, 1);
    assert.ok(!sockets[0].includes("token"), sockets[0]);
    await p.keyboard.type("exit 7");
    await p.keyboard.press("Enter");
    await until("the end to show", async () => /exited with 7/.test((await p.getByTestId("shell-ended").textContent().catch(() => "")) ?? ""), 20_000);
    const shells = d.jsonLines("events").filter((e) => e.shellOpened || e.shellClosed);
    assert.equal(shells.length, 2, JSON.stringify(shells));
    assert.equal(shells[0].shellOpened.by, "board");
    assert.equal(shells[1].shellClosed.exitCode, 7);
    assert.deepEqual(p.errors, []);
  } finally {
    await d.cleanup();
  }
});
