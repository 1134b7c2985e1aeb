// A card's marks in real headless Chromium, against a real daemon, two
// scripted agents and the GitHub-shaped server: both agents change the
// same (hostile-named) file, so both cards carry the overlap marker,
// reachable by keyboard, naming the other work and the file as text; each
// signals ready and pushes, so each card carries its pull request's number
// and state — a link for the forge's https address, plain text for a
// `javascript:` one. When the overlap ends (one agent takes its change
// back) and a pull request is closed without merging, the open page drops
// the marker and shows the badge closed, without a reload.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { Daemon, SHOTS, browser, freePort, githubServer, page, until } from "./harness.mjs";

let b;
before(async () => {
  b = await browser();
});
after(async () => {
  await b?.close();
});

const TOKEN = "ghp_bridge_marks_token_1";
const FILE = '<img src=x onerror="window.__xss=7">.css';
const HOSTILE_BASE = "javascript:window.__xss=8;//";

/// The agent changes FILE on its branch, signals ready and pushes it.
const scenario = (issue, branch) =>
  [
    `name = "marks"`,
    `[[turns]]`,
    `steps = [`,
    `  { kind = "write", path = ${JSON.stringify(FILE)}, content = "a { color: red }\\n" },`,
    `  { kind = "git_commit", message = "Restyle" },`,
    `  { kind = "mcp", tool = "ready_for_push", arguments = { issue = "${issue}", summary = "restyled" } },`,
    `  { kind = "run", command = "git push -q origin HEAD:refs/heads/${branch}" },`,
    `]`,
    `[[turns]]`,
    `on_prompt_containing = "undo"`,
    `steps = [ { kind = "run", command = "git -c user.name=a -c user.email=a@example.com revert --no-edit HEAD" } ]`,
    ``,
  ].join("\n");

const marksOf = (p, key) => p.locator(`[data-testid="card-marks"][data-key="${key}"]`);

test("overlapping work and pull requests are marked on their cards, as text, until they end", async () => {
  const d = new Daemon();
  let gh = null;
  try {
    const bare = d.forge("app");
    gh = await githubServer("octo/app", TOKEN, bare);
    const port = await freePort();
    await d.start(port, ["up"]);
    d.cli("project", "add", "demo", "--repo", bare);
    d.cliInput(TOKEN, "secret", "set", "GH_TOKEN");
    d.cli("source", "add", "demo", "github", "--repo", "octo/app", "--api-url", gh.url, "--token-secret", "GH_TOKEN");
    const ws = {};
    for (const [agent, issue] of [
      ["atlas", "demo-1"],
      ["vega", "demo-2"],
    ]) {
      d.cli("agent", "new", agent);
      d.cli("issue", "add", `Restyle for ${agent}`, "-p", "demo");
      ws[agent] = d.json("workstream", "add", issue, agent).id;
      d.cli("workstream", "move", ws[agent], "in_progress");
    }
    const p = await page(b);
    await p.goto(d.url);
    await p.getByTestId("card").first().waitFor();

    // atlas's pull request gets the forge's https address; vega's a hostile one.
    const turn = (agent, issue) => {
      d.cli("agent", "start", agent, "--scenario", d.file(`${agent}.toml`, scenario(issue, `compass/${agent}/${issue}`)));
      const out = d.cli("agent", "prompt", agent, "go", "--follow");
      assert.match(out, /Compass forwarded this push/);
      d.cli("dispatcher", "check-merges");
    };
    turn("atlas", "demo-1");
    await until("atlas's pull request", () => d.json("workstream", "show", ws.atlas).pullRequests?.length === 1);
    await gh.htmlBase(HOSTILE_BASE);
    turn("vega", "demo-2");
    await until("vega's pull request", () => d.json("workstream", "show", ws.vega).pullRequests?.length === 1);
    d.cli("dispatcher", "check-merges");

    // Both cards show the overlap, live (the page was open all along).
    for (const [key, other] of [
      ["demo-1", "demo-2 (vega)"],
      ["demo-2", "demo-1 (atlas)"],
    ]) {
      const mark = marksOf(p, key).getByTestId("overlap-mark");
      await mark.waitFor({ timeout: 60_000 });
      assert.equal((await mark.textContent()).trim(), "⚠ overlap");
      assert.equal(await mark.getAttribute("title"), `Overlaps ${other}: app:${FILE}`);
      assert.equal(await mark.getAttribute("aria-label"), `Overlaps ${other}: app:${FILE}`);
    }
    // By keyboard: the marker is the stop after its card.
    await p.locator('[data-testid="card"][data-key="demo-1"]').focus();
    await p.keyboard.press("Tab");
    assert.ok(
      await p.evaluate(() => document.activeElement?.matches('[data-testid="card-marks"][data-key="demo-1"] [data-testid="overlap-mark"]')),
      "Tab did not reach the overlap marker",
    );

    // The pull requests: number and state; only the https one links.
    const atlasPr = d.json("workstream", "show", ws.atlas).pullRequests[0];
    const vegaPr = d.json("workstream", "show", ws.vega).pullRequests[0];
    assert.ok(vegaPr.url.startsWith("javascript:"), vegaPr.url);
    const badge = marksOf(p, "demo-1").getByTestId("pull-badge");
    await until("atlas's badge", async () => (await badge.count()) === 1);
    assert.equal(await badge.textContent(), `#${atlasPr.number} open`);
    assert.equal(await badge.evaluate((e) => e.tagName), "A");
    assert.equal(await badge.getAttribute("href"), atlasPr.url);
    assert.equal(await badge.getAttribute("rel"), "noopener noreferrer");
    const hostile = marksOf(p, "demo-2").getByTestId("pull-badge");
    await until("vega's badge", async () => (await hostile.count()) === 1);
    assert.equal(await hostile.textContent(), `#${vegaPr.number} open`);
    assert.equal(await hostile.evaluate((e) => e.tagName), "SPAN");
    assert.equal(await p.locator('a[href^="javascript"]').count(), 0);
    await hostile.click();
    assert.equal(await p.locator("[data-testid=board] img").count(), 0);
    assert.equal(await p.evaluate(() => window.__xss), undefined, "a payload ran");
    await p.screenshot({ path: join(SHOTS, "board-marks.png") });

    // The page stays open: vega takes its change back and atlas's pull
    // request is closed without merging; both workstreams stay in review.
    await p.evaluate(() => (window.__stillHere = true));
    d.cli("agent", "prompt", "vega", "undo", "--follow");
    await gh.closePull(atlasPr.number, false);
    d.cli("dispatcher", "check-merges");
    for (const key of ["demo-1", "demo-2"]) {
      await until(`${key}'s marker to go`, async () => (await marksOf(p, key).getByTestId("overlap-mark").count()) === 0);
    }
    await until("atlas's badge to show closed", async () => (await badge.textContent()) === `#${atlasPr.number} closed`);
    assert.equal(await hostile.textContent(), `#${vegaPr.number} open`);
    for (const w of [ws.atlas, ws.vega]) assert.equal(d.json("workstream", "show", w).state, "WORKSTREAM_STATE_IN_REVIEW");
    assert.equal(await p.evaluate(() => window.__stillHere), true, "the page reloaded");
    const events = d.cli("events");
    assert.equal(events.split(`no longer overlaps ${ws.atlas} `).length - 1, 1, events);
    assert.equal(events.split(`pull request #${atlasPr.number} of app in workstream ${ws.atlas} is closed (was open)`).length - 1, 1, events);
    await p.screenshot({ path: join(SHOTS, "board-marks-ended.png") });
    assert.deepEqual(p.errors, []);
  } finally {
    gh?.stop();
    await d.cleanup();
  }
});

