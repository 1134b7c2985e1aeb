// Build the Bridge into dist/: one minified script and one stylesheet,
// loaded by a static index.html (no inline code, so the daemon's CSP can
// forbid it). The output is committed and embedded in the daemon binary;
// `scripts/web-check` rebuilds it and fails when it differs.
import * as esbuild from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const out = "dist";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await esbuild.build({
  entryPoints: ["src/main.tsx"],
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2022",
  outfile: `${out}/app.js`,
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
copyFileSync("src/index.html", `${out}/index.html`);
// One stylesheet: xterm.js's own, then the page's (which completes it).
writeFileSync(
  `${out}/app.css`,
  [readFileSync("node_modules/@xterm/xterm/css/xterm.css", "utf8"), readFileSync("src/app.css", "utf8")].join("\n"),
);
