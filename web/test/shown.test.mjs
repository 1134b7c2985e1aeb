// Agent- and tracker-written text on the page is shown, never obeyed: the
// characters that reorder or hide text (bidi overrides, zero-width spaces,
// tags, selector runs…) become U+FFFD by the CLI's rules. First the page's
// `shown()` against the cases the CLI's tests read too; then, in real
// headless Chromium against a real daemon and a scripted agent, an issue
// title and an agent message carrying U+202E and U+200B, shown with U+FFFD
// on the card, the issue panel and the agent view, and not one raw
// reordering or hiding character left anywhere in the DOM (text or attributes).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as esbuild from "esbuild";
import { Daemon, SHOTS, browser, page } from "./harness.mjs";

const web = resolve(import.meta.dirname, "..");
const cases = JSON.parse(readFileSync(join(web, "test/shown-cases.json"), "utf8"));

/// The page's own module, compiled as the build compiles it.
async function pageShown() {
  const out = await esbuild.build({ entryPoints: [join(web, "src/shown.ts")], bundle: true, format: "esm", write: false, logLevel: "warning" });
  const code = out.outputFiles[0].text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)).shown;
}

test("the page shows text by the CLI's rules", async () => {
  const shown = await pageShown();
  for (const c of cases.hidden_everywhere) {
    assert.equal(shown(`cu${c}rl`), "cu\ufffdrl", JSON.stringify(c));
    assert.equal(shown(`${c}\u65e5`), "\ufffd\u65e5", JSON.stringify(c));
  }
  for (const [text, expected] of cases.cases) assert.equal(shown(text), expected, JSON.stringify(text));
});

let b;
before(async () => {
  b = await browser();
});
after(async () => {
  await b?.close();
});

// Reads as "invoice_txt.exe" would if the override were obeyed.
const TITLE = "invoice\u202Etxt.exe\u200B urgent";
const SHOWN_TITLE = "invoice\ufffdtxt.exe\ufffd urgent";
const SAYS = "run cu\u200Brl now \u2067hidden\u2069";
const SHOWN_SAYS = "run cu\ufffdrl now \ufffdhidden\ufffd";

/// Every raw character of the hidden classes in the DOM's text and
/// attribute values, as code points (none is expected).
function rawLeft(p, hidden) {
  return p.evaluate((chars) => {
    const found = [];
    const check = (s) => {
      for (const c of chars) if (s.includes(c)) found.push(c.codePointAt(0).toString(16));
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walker.currentNode; n; n = walker.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) check(n.data);
      else for (const a of n.attributes) check(a.value);
    }
    return found;
  }, hidden);
}

test("a title and a message with bidi and zero-width characters are shown with U+FFFD, none left raw in the DOM", async () => {
  const d = new Daemon();
  try {
    await d.startWithAgent("says.toml", `name = "says"\n[[turns]]\nsteps = [\n  { kind = "message", text = ${JSON.stringify(SAYS)} },\n]\n`);
    d.cli("issue", "add", TITLE, "-p", "demo");
    d.cli("workstream", "add", "demo-1", "atlas");
    d.cli("agent", "prompt", "atlas", "go", "--follow");
    const hidden = [...cases.hidden_everywhere, "\u202E", "\u200B", "\u2067", "\u2069"];

    const p = await page(b);
    await p.goto(d.url);
    const card = p.getByTestId("card").first();
    await card.waitFor();
    assert.equal(await card.locator(".title").textContent(), SHOWN_TITLE);
    assert.equal(await card.getAttribute("title"), SHOWN_TITLE);
    await card.click();
    const panel = p.getByTestId("issue-panel");
    await panel.waitFor();
    const heading = await panel.locator("h2").textContent();
    assert.ok(heading.includes(SHOWN_TITLE), heading);
    assert.deepEqual(await rawLeft(p, hidden), []);

    await p.locator(".agent-name", { hasText: "atlas" }).click();
    const says = p.getByTestId("text-agent").first();
    await says.waitFor();
    assert.equal(await says.locator("p").textContent(), SHOWN_SAYS);
    await p.screenshot({ path: join(SHOTS, "shown.png") });
    assert.deepEqual(await rawLeft(p, hidden), []);
    assert.deepEqual(p.errors, []);
  } finally {
    await d.cleanup();
  }
});
