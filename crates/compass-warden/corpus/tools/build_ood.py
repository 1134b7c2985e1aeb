#!/usr/bin/env python3
"""Build Warden's out-of-family split (issue 14): corpus/ood/{test,dev}.jsonl.

Two kinds of material:
- hand-written coding-agent content and actions (ood_content.py,
  ood_actions.py), written before any rule change;
- real benign text found on this machine: crate docs in the cargo
  registry, Debian NEWS files, real rustc errors, real unittest runs, git
  logs and --help pages, produced here when this script runs.

Each item goes to `test` (about 60 %, never tuned on) or `dev` (tuned on)
by a stable hash of its id. Items whose text already appears in the older
splits (train/heldout/fresh) are left out.

    python3 tools/build_ood.py OUT_DIR   # from crates/compass-warden/corpus
"""
import glob, gzip, hashlib, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ood_content, ood_actions  # noqa: E402

MAX = 6000


def item_id(origin, body):
    return hashlib.blake2b(f"{origin}\0{body}".encode(), digest_size=8).hexdigest()


def split_of(iid):
    return "test" if int(iid[:8], 16) % 10 < 6 else "dev"


def old_texts(corpus):
    seen = set()
    for f in ("train.jsonl", "heldout.jsonl", "fresh.jsonl"):
        p = os.path.join(corpus, f)
        if os.path.exists(p):
            for line in open(p, encoding="utf-8"):
                c = json.loads(line).get("content")
                if c:
                    seen.add(c[:300])
    return seen


def run(argv, cwd=None, stdin=None):
    try:
        p = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=20,
                           input=stdin, env={**os.environ, "LANG": "C.UTF-8", "NO_COLOR": "1"})
        return (p.stdout + p.stderr).strip()
    except Exception:
        return ""


def real_benign():
    out = []
    # crate docs other than READMEs and changelogs
    docs = sorted(glob.glob(os.path.expanduser("~/.cargo/registry/src/*/*/*.md"))
                  + glob.glob(os.path.expanduser("~/.cargo/registry/src/*/*/doc*/*.md")))
    docs = [d for d in docs if not os.path.basename(d).upper().startswith(("README", "CHANGELOG", "CHANGES", "RELEASE"))]
    for d in docs[:70]:
        text = open(d, encoding="utf-8", errors="replace").read()[:MAX]
        if len(text) > 200:
            rel = d.split("/src/", 1)[1].split("/", 1)[1]
            out.append(("ood:real:cargo_doc", f"file:/home/agent/.cargo/registry/src/{rel}", text))
    # a second sample of crate READMEs (the older splits took a hash-chosen part)
    for d in sorted(glob.glob(os.path.expanduser("~/.cargo/registry/src/*/*/README.md")))[::6][:50]:
        text = open(d, encoding="utf-8", errors="replace").read()[:MAX]
        if len(text) > 200:
            rel = d.split("/src/", 1)[1].split("/", 1)[1]
            out.append(("ood:real:crate_readme", f"file:/home/agent/.cargo/registry/src/{rel}", text))
    # Debian NEWS files
    for d in sorted(glob.glob("/usr/share/doc/*/NEWS*"))[::4][:40]:
        try:
            raw = gzip.open(d).read() if d.endswith(".gz") else open(d, "rb").read()
        except Exception:
            continue
        text = raw.decode("utf-8", "replace")[:MAX]
        if len(text) > 200:
            out.append(("ood:real:debian_news", f"file:{d}", text))
    # real rustc errors
    broken = [
        "fn main() { let x: i32 = \"a\"; }",
        "fn main() { let v = vec![1]; let r = &v; drop(v); println!(\"{r:?}\"); }",
        "use std::collections::HashMapp; fn main() {}",
        "fn f() -> u8 { 300 } fn main() { f(); }",
        "struct S; fn main() { let s = S; s.go(); }",
        "fn main() { let s = String::from(\"a\"); let t = s; println!(\"{s}\"); }",
        "trait T { fn a(&self); } struct S; impl T for S {} fn main() {}",
        "fn main() { match Some(1) { Some(x) => {} } }",
        "mod m { fn private() {} } fn main() { m::private(); }",
        "fn main() { let mut v = vec![1]; for x in &v { v.push(*x); } }",
        "async fn f() {} fn main() { f().await; }",
        "fn main() { let x = 5; x = 6; }",
    ]
    with tempfile.TemporaryDirectory() as t:
        for i, src in enumerate(broken):
            p = os.path.join(t, f"main{i}.rs")
            open(p, "w").write(src)
            text = run(["rustc", "--edition", "2021", "--color", "never", p, "-o", os.path.join(t, "x")], cwd=t)
            text = text.replace(t, "/work/app/src")
            if text:
                out.append(("ood:real:rustc_error", "terminal:cargo build", text[:MAX]))
        # real unittest runs, passing and failing
        tests = [
            "import unittest\nclass T(unittest.TestCase):\n    def test_a(self): self.assertEqual(1+1, 2)\n    def test_b(self): self.assertEqual('a'.upper(), 'B')\nunittest.main()\n",
            "import unittest\nclass Parser(unittest.TestCase):\n    def test_empty(self): raise ValueError('empty input')\n    def test_ok(self): pass\nunittest.main(verbosity=2)\n",
            "import unittest\nclass T(unittest.TestCase):\n    @unittest.skip('needs network')\n    def test_net(self): pass\n    def test_math(self): self.assertAlmostEqual(0.1+0.2, 0.3)\nunittest.main(verbosity=2)\n",
        ]
        for i, src in enumerate(tests):
            p = os.path.join(t, f"test_{i}.py")
            open(p, "w").write(src)
            text = run(["python3", p], cwd=t).replace(t, "/work/app/tests")
            out.append(("ood:real:test_run", "terminal:python -m unittest", text[:MAX]))
    # real git logs
    for rng in ["-n 15", "-n 8 --stat", "-n 25 --format=%h %an %s", "-n 5 -p --stat -- README.md"]:
        text = run(["git", "-C", "/work/main", "log", *rng.split(" ", 2)[:2], *rng.split(" ", 2)[2:]])
        if text:
            out.append(("ood:real:git_log", "terminal:git log", text[:MAX]))
    # --help pages
    progs = ["ls", "grep", "sed", "awk", "find", "tar", "curl", "wget", "git", "ssh", "rsync",
             "cargo", "rustc", "python3", "node", "npm", "make", "gcc", "cp", "rm", "chmod",
             "sort", "xargs", "jq", "gzip", "diff", "patch", "apt-get", "dpkg", "systemctl",
             "bash", "env", "timeout", "install", "openssl", "gpg", "sqlite3", "psql", "docker", "podman", "bwrap"]
    for p in progs:
        text = run([p, "--help"])
        if len(text) > 200:
            out.append(("ood:real:help_page", f"terminal:{p} --help", text[:MAX]))
    return out


def main(out_dir):
    corpus = os.path.dirname(HERE)
    seen = old_texts(corpus)
    rows = []
    for origin, source, label, content in [(o, s, "attack", c) for o, s, c in ood_content.ATTACKS] + \
            [(o, s, "benign", c) for o, s, c in ood_content.BENIGN] + \
            [(o, s, "benign", c) for o, s, c in real_benign()]:
        if content[:300] in seen:
            continue
        seen.add(content[:300])
        iid = item_id(origin, content)
        rows.append({"id": iid, "kind": "input", "label": label, "origin": origin,
                     "source": source, "content": content})
    for origin, label, action in ood_actions.ACTIONS:
        iid = item_id(origin, json.dumps(action, sort_keys=True))
        rows.append({"id": iid, "kind": "output", "label": label, "origin": origin, "action": action})
    os.makedirs(out_dir, exist_ok=True)
    for name in ("test", "dev"):
        with open(os.path.join(out_dir, f"{name}.jsonl"), "w", encoding="utf-8") as f:
            for r in rows:
                if split_of(r["id"]) == name:
                    f.write(json.dumps({**r, "split": name}, ensure_ascii=False) + "\n")
    for name in ("test", "dev"):
        n = [r for r in rows if split_of(r["id"]) == name]
        print(name, len(n), "attacks", sum(r["label"] == "attack" for r in n))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(HERE), "ood"))
