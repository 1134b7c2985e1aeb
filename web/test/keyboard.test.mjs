// The Bridge by keyboard alone, in real headless Chromium against the demo:
// tab through the board, open a card and an agent with Enter, and resolve
// Warden's pause with the keyboard.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Daemon, browser, freePort, page, until } from "./harness.mjs";

let b;
before(async () => {
  b = await browser();
});
after(async () => {
  await b?.close();
});

/// Press Tab until the focused element matches `selector` (and has `text`,
/// when given); fails after `max` presses. An element already focused counts.
async function tabTo(p, selector, text = null, max = 200) {
  const focused = () =>
    p.evaluate(
      ([s, t]) => {
        const el = document.activeElement;
        return !!el && el.matches(s) && (t === null || el.textContent.trim() === t);
      },
      [selector, text],
    );
  for (let i = 0; i < max; i++) {
    if (await focused()) return;
    await p.keyboard.press("Tab");
  }
  assert.fail(`Tab never reached ${selector} ${text ?? ""}`);
}

test("tab through the board, open a card and an agent with Enter, resume a pause by keyboard", async () => {
  const d = new Daemon();
  try {
    const port = await freePort();
    const url = await d.start(port, ["up", "--demo"]);
    const p = await page(b);
    await p.goto(url);
    const status = () => p.getByTestId("row-scout").getByTestId("agent-status").textContent();
    await until("scout to show paused by Warden", async () => (await status()) === "paused by Warden");

    // A card opens with Enter.
    await tabTo(p, '[data-testid="card"][data-key="demo-1"]');
    await p.keyboard.press("Enter");
    const panel = p.getByTestId("issue-panel");
    await panel.waitFor();
    await tabTo(p, '[data-testid="issue-panel"] button[aria-label="Close"]');
    await p.keyboard.press("Enter");
    await panel.waitFor({ state: "detached" });

    // An agent opens with Enter.
    await tabTo(p, '[data-testid="row-scout"] .agent-name');
    await p.keyboard.press("Enter");
    await p.getByTestId("agent-view").waitFor();

    // Back to the board, and the pause resumed without a mouse.
    await tabTo(p, "button[aria-pressed]", "Board");
    await p.keyboard.press("Enter");
    await p.getByTestId("pause-scout").waitFor();
    await tabTo(p, '[data-testid="pause-scout"] [data-testid="pause-resume"]');
    // Scout's next step is flagged again, so "running" may last only a
    // moment: the resume is the RUNNING status event it causes.
    const scout = d.json("agent", "show", "scout").id;
    const changes = () => d.jsonLines("events").filter((e) => e.agentStatusChanged && e.agentId === scout);
    const before = changes().length;
    await p.keyboard.press("Enter");
    await until("scout to be resumed", () =>
      changes()
        .slice(before)
        .some((e) => /RUNNING/.test(JSON.stringify(e.agentStatusChanged.to))),
    );
  } finally {
    await d.stop();
  }
});
