// The test harness: a real Compass daemon on a temp COMPASS_HOME (the
// binary the cargo build made), the CLI against it, and Debian's Chromium
// driven by playwright-core. Screenshots go to target/bridge-screenshots/.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const root = resolve(import.meta.dirname, "../..");
export const BIN = process.env.COMPASS_BIN ?? join(root, "target/debug/compass");
// The GitHub-shaped server (compass-test-support) as a process; `cargo
// test` does not leave it in target/, so it is built on first use.
const GITHUB_SERVER = join(root, "target/debug/compass-github-server");
export const SHOTS = join(root, "target/bridge-screenshots");
const BROWSER = process.env.COMPASS_CHROMIUM ?? "/usr/bin/chromium";

if (!existsSync(BIN)) throw new Error(`no compass binary at ${BIN}: run cargo build -p compass -p compass-scripted-agent first`);
if (!existsSync(BROWSER)) throw new Error(`no Chromium at ${BROWSER}: apt-get install -y chromium`);
mkdirSync(SHOTS, { recursive: true });

export async function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.on("error", fail);
  });
}

export class Daemon {
  constructor() {
    this.home = mkdtempSync(join(tmpdir(), "bridge-home-"));
    this.outside = mkdtempSync(join(tmpdir(), "bridge-out-"));
    this.child = null;
  }

  /// Start (or restart) on `port`; `args` e.g. ["up", "--demo"]. Resolves
  /// with the board URL once the daemon serves.
  async start(port, args = ["up"]) {
    this.port = port;
    const child = spawn(BIN, [...args, "--port", String(port)], {
      env: { ...process.env, COMPASS_HOME: this.home, COMPASS_LOG: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    let out = "";
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    return new Promise((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`daemon did not come up:\n${out}\n${err}`)), 150_000);
      child.stdout.on("data", (d) => {
        out += d;
        if (out.includes("Press Ctrl-C")) {
          clearTimeout(timer);
          this.output = out;
          const m = out.match(/board:\s+(http:\/\/\S+)/);
          this.url = m[1];
          ok(this.url);
        }
      });
      child.on("exit", (code) => fail(new Error(`daemon exited ${code}:\n${out}\n${err}`)));
    });
  }

  /// Serve on a free port with project `demo` (repo `app`) and agent
  /// `atlas` started on the scenario `toml` (written as `file`); resolves
  /// with the port.
  async startWithAgent(file, toml) {
    const port = await freePort();
    await this.start(port, ["up"]);
    this.cli("project", "add", "demo", "--repo", this.repo("app"));
    this.cli("agent", "new", "atlas");
    this.cli("agent", "start", "atlas", "--scenario", this.file(file, toml));
    return port;
  }

  async stop() {
    if (!this.child) return;
    const child = this.child;
    this.child = null;
    const gone = new Promise((ok) => child.on("exit", ok));
    child.kill("SIGTERM");
    const t = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await gone;
    clearTimeout(t);
  }

  cli(...args) {
    return execFileSync(BIN, args, { env: { ...process.env, COMPASS_HOME: this.home }, encoding: "utf8" });
  }

  /// The CLI with `input` (one line) on its stdin, e.g. `secret set NAME`.
  cliInput(input, ...args) {
    return execFileSync(BIN, args, { env: { ...process.env, COMPASS_HOME: this.home }, encoding: "utf8", input: `${input}\n` });
  }

  json(...args) {
    return JSON.parse(this.cli(...args, "--json"));
  }

  jsonLines(...args) {
    return this.cli(...args, "--json")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  }

  /// A git repo outside the data dir with one commit.
  repo(name = "app") {
    const dir = join(this.outside, name);
    mkdirSync(dir, { recursive: true });
    const git = (...a) => execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...a], { cwd: dir });
    git("init", "-q", "-b", "main");
    writeFileSync(join(dir, "README.md"), "# app\n");
    git("add", ".");
    git("commit", "-q", "-m", "init");
    return dir;
  }

  /// A bare "forge" repo outside the data dir (trunk `main`, one commit).
  forge(name = "app") {
    const work = this.repo(`${name}-seed`);
    const bare = join(this.outside, name);
    execFileSync("git", ["clone", "-q", "--bare", work, bare]);
    return bare;
  }

  file(name, text) {
    const p = join(this.home, name);
    writeFileSync(p, text);
    return p;
  }

  async cleanup() {
    await this.stop();
    rmSync(this.home, { recursive: true, force: true });
    rmSync(this.outside, { recursive: true, force: true });
  }
}

/// The GitHub-shaped server for `repo` and `token`, backed by the bare
/// repo `bare`: `{ url, htmlBase(base), stop() }`.
export async function githubServer(repo, token, bare) {
  try {
    execFileSync("cargo", ["build", "--locked", "-q", "-p", "compass-test-support", "--bin", "compass-github-server"], { cwd: root, stdio: "inherit" });
  } catch (e) {
    throw new Error(`could not build compass-github-server (cargo build -p compass-test-support): ${e.message}`);
  }
  const child = spawn(GITHUB_SERVER, [repo, token, bare], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  const said = (what) =>
    new Promise((ok, fail) => {
      const check = () => {
        if (out.includes(what)) {
          child.stdout.off("data", on);
          ok(out);
        }
      };
      const on = (d) => {
        out += d;
        check();
      };
      child.stdout.on("data", on);
      child.once("exit", (code) => fail(new Error(`compass-github-server exited ${code}: ${out}`)));
      check();
    });
  const url = (await said("\n")).match(/url: (\S+)/)[1];
  return {
    url,
    async htmlBase(base) {
      out = "";
      child.stdin.write(`html-base ${base}\n`);
      await said("ok\n");
    },
    /// Close pull request `number`, by the forge's merge button or not.
    async closePull(number, merged) {
      out = "";
      child.stdin.write(`close-pull ${number} ${merged ? "merged" : "unmerged"}\n`);
      await said("ok\n");
    },
    stop() {
      child.stdin.end();
    },
  };
}

export async function browser() {
  return chromium.launch({
    executablePath: BROWSER,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/// A page at 1280x720 that fails the test on any page error.
export async function page(b, colorScheme = "light") {
  const ctx = await b.newContext({ viewport: { width: 1280, height: 720 }, colorScheme });
  const p = await ctx.newPage();
  p.errors = [];
  p.on("pageerror", (e) => p.errors.push(e.message));
  return p;
}

export async function until(what, f, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/// The page has no horizontal overflow at its viewport (no layout break).
export async function noOverflow(p) {
  return p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
