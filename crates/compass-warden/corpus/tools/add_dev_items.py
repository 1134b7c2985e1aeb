#!/usr/bin/env python3
"""Append the dev-only items of `ood_dev.py` to `ood/dev.jsonl` (issue 14).

These were written after rule changes began, so they never go to `test`;
each line carries `"written": "after_rules"`. An item that happens to equal
a test item is left out. Running it again adds only items not yet there.

    python3 tools/add_dev_items.py   # from crates/compass-warden/corpus
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ood_dev  # noqa: E402
from build_ood import item_id  # noqa: E402


def main(path):
    have = set()
    # Already in dev, or (written the same by chance) in test: never added.
    for p in (path, os.path.join(os.path.dirname(path), "test.jsonl")):
        if os.path.exists(p):
            for line in open(p, encoding="utf-8"):
                have.add(json.loads(line)["id"])
    rows = []
    for origin, source, label, content in ood_dev.CONTENT:
        rows.append({"id": item_id(origin, content), "kind": "input", "label": label,
                     "origin": origin, "source": source, "content": content})
    for origin, label, action in ood_dev.ACTIONS:
        rows.append({"id": item_id(origin, json.dumps(action, sort_keys=True)), "kind": "output",
                     "label": label, "origin": origin, "action": action})
    added = 0
    with open(path, "a", encoding="utf-8") as f:
        for r in rows:
            if r["id"] not in have:
                f.write(json.dumps({**r, "split": "dev", "written": "after_rules"}, ensure_ascii=False) + "\n")
                added += 1
    print("added", added, "of", len(rows))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(HERE), "ood", "dev.jsonl"))
