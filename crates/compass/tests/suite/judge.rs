//! Warden's model judge through a real daemon: `compass daemon --judge …`
//! against a scripted judge speaking the Anthropic Messages API and OpenAI
//! chat completions. Content the rules pass is judged (flag, caution,
//! clear, an answer that is not a verdict: a caution that says so); a
//! high-stakes action (one the rules caution on) is weighed against the
//! agent's task, and a judge that answers garbage or times out holds it
//! (fail closed). The key is named on the command line and read from the
//! secret store: it reaches the judge and nothing else.

use super::{TestDaemon, commit_file, git_repo, secret_set};
use compass_test_support::{JudgeAnswer, JudgeServer};
use serde_json::Value;
use std::time::{Duration, Instant};

const KEY: &str = "judge-key-value-7f3a9c2e51d04b8e";

/// The scripted agent's turns: each case its own turn.
const READS: [&str; 4] = ["clear.md", "caution.md", "garbage.md", "flag.md"];
const RUNS: [&str; 4] = [
    // A first network contact: the rules caution, so the judge is asked.
    "curl -s https://one.example.org/status || true",
    "curl -s https://two.example.org/JUDGE-FLAG || true",
    "curl -s https://three.example.org/JUDGE-GARBAGE || true",
    "curl -s https://four.example.org/JUDGE-SLOW || true",
];

fn scenario() -> String {
    let mut s = String::from("name = \"judge\"\nuse_client_fs = true\n");
    for f in READS {
        s.push_str(&format!(
            "[[turns]]\nsteps = [{{ kind = \"read\", path = \"notes/{f}\" }}]\n"
        ));
    }
    for c in RUNS {
        s.push_str(&format!(
            "[[turns]]\nsteps = [{{ kind = \"run\", command = \"{c}\" }}]\n"
        ));
    }
    s
}

fn decisions(d: &TestDaemon) -> Vec<Value> {
    d.ok(&["warden", "log", "--agent", "atlas", "--json"])
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["gateDecision"].clone())
        .collect()
}

/// The newest decision whose source contains `needle`.
fn decision(d: &TestDaemon, needle: &str) -> Value {
    decisions(d)
        .into_iter()
        .rev()
        .find(|g| g["source"].as_str().unwrap_or("").contains(needle))
        .unwrap_or_else(|| panic!("no decision on {needle}: {:#?}", decisions(d)))
}

fn detectors(g: &Value) -> String {
    g["detectors"].to_string()
}

/// Prompt one turn; if Warden paused the agent, resume it and let the turn end.
fn turn(d: &TestDaemon, prompt: &str) -> String {
    let ended = |d: &TestDaemon| {
        d.ok(&["agent", "log", "atlas"])
            .matches("turn ended")
            .count()
    };
    let before = ended(d);
    let out = d.ok(&["agent", "prompt", "atlas", prompt, "--follow"]);
    if out.contains("paused by Warden") {
        d.ok(&["agent", "resume", "atlas"]);
        let deadline = Instant::now() + Duration::from_secs(60);
        while ended(d) == before {
            assert!(Instant::now() < deadline, "the turn did not end: {out}");
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    out
}

fn judged_through_the_daemon(provider: &str, path: &str) {
    compass_test_support::bins::scripted_agent();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let judge = rt
        .block_on(JudgeServer::start(vec![
            ("JUDGE-FLAG", JudgeAnswer::Verdict("flag")),
            ("JUDGE-CAUTION", JudgeAnswer::Verdict("caution")),
            ("JUDGE-GARBAGE", JudgeAnswer::Garbage),
            ("JUDGE-SLOW", JudgeAnswer::Hang(Duration::from_secs(20))),
        ]))
        .unwrap();
    let url = judge.base_url();
    let d = TestDaemon::start_with(&[
        "--judge",
        provider,
        "--judge-url",
        &url,
        "--judge-model",
        "judge-model-1",
        "--judge-key",
        "JUDGE_KEY",
        "--judge-timeout-ms",
        "1500",
    ]);
    assert!(secret_set(&d, "JUDGE_KEY", KEY).status.success());
    let status = d.ok(&["warden", "status"]);
    assert!(status.contains(provider), "{status}");
    assert!(
        status.contains("judge-model-1") && status.contains("key JUDGE_KEY"),
        "{status}"
    );
    assert!(!status.contains(KEY), "{status}");

    let repo = git_repo(d.outside());
    std::fs::create_dir_all(repo.join("notes")).unwrap();
    commit_file(
        &repo,
        "notes/clear.md",
        "# Notes\n\nThe parser handles nested lists.\n",
    );
    commit_file(
        &repo,
        "notes/caution.md",
        "# Notes\n\nSee the JUDGE-CAUTION section.\n",
    );
    commit_file(
        &repo,
        "notes/garbage.md",
        "# Notes\n\nThe JUDGE-GARBAGE paragraph.\n",
    );
    commit_file(
        &repo,
        "notes/flag.md",
        "# Notes\n\nA JUDGE-FLAG paragraph.\n",
    );
    d.ok(&["project", "add", "demo", "--repo", repo.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    d.start_scripted("atlas", &scenario());

    // Content: the judge's verdict decides what the rules passed.
    for _ in READS {
        turn(&d, "Fix the flaky parser test in tests/parse.rs");
    }
    let clear = decision(&d, "clear.md");
    assert_eq!(clear["decision"], "clear", "{clear:#}");
    let caution = decision(&d, "caution.md");
    assert_eq!(caution["decision"], "caution", "{caution:#}");
    assert!(detectors(&caution).contains("model_judge"), "{caution:#}");
    // An answer that is not a verdict is reported, and the content cautions.
    let garbage = decision(&d, "garbage.md");
    assert_eq!(garbage["decision"], "caution", "{garbage:#}");
    assert!(detectors(&garbage).contains("judge_failed"), "{garbage:#}");
    let flag = decision(&d, "flag.md");
    assert_eq!(flag["decision"], "flag", "{flag:#}");
    assert!(detectors(&flag).contains("model_judge"), "{flag:#}");

    // Actions: a first contact is high-stakes, weighed against the task.
    for _ in RUNS {
        turn(&d, "Fix the flaky parser test in tests/parse.rs");
    }
    let cleared = decision(&d, "one.example.org");
    assert_eq!(
        cleared["decision"], "caution",
        "the judge's clear does not undo the rules' caution: {cleared:#}"
    );
    let aligned = decision(&d, "two.example.org");
    assert_eq!(aligned["decision"], "flag", "{aligned:#}");
    assert!(
        detectors(&aligned).contains("model_alignment"),
        "{aligned:#}"
    );
    for host in ["three.example.org", "four.example.org"] {
        let held = decision(&d, host);
        assert_eq!(
            held["decision"], "flag",
            "a failed judge cleared a high-stakes action: {held:#}"
        );
        assert!(detectors(&held).contains("judge_failed"), "{held:#}");
    }
    let slow = decision(&d, "four.example.org");
    assert!(
        slow["latencyUs"]
            .as_str()
            .map_or(0, |v| v.parse::<u64>().unwrap())
            < 10_000_000,
        "the time-out was not kept: {slow:#}"
    );

    // What the judge saw: the wire format, the key from the store, the
    // task beside each action, and never the key anywhere else.
    let seen = judge.requests();
    assert!(seen.len() >= 8, "{seen:#?}");
    assert!(
        seen.iter()
            .all(|s| s.path == path && s.key.as_deref() == Some(KEY))
    );
    assert!(seen.iter().all(|s| s.body["model"] == "judge-model-1"));
    let action = seen
        .iter()
        .find(|s| s.user.contains("two.example.org"))
        .unwrap();
    assert!(action.user.contains("gate=output"), "{}", action.user);
    assert!(
        action.user.contains("<<<TASK") && action.user.contains("Fix the flaky parser test"),
        "the task was not put beside the action: {}",
        action.user
    );
    let status = d.ok(&["warden", "status"]);
    assert!(
        status.contains("2 failed"),
        "judge failures are reported: {status}"
    );
    let events = d.ok(&["events", "--json"]);
    assert!(!events.contains(KEY) && !status.contains(KEY));
    drop(rt);
}

#[test]
fn anthropic_judge_through_the_daemon() {
    judged_through_the_daemon("anthropic", "/v1/messages");
}

#[test]
fn openai_compatible_judge_through_the_daemon() {
    judged_through_the_daemon("openai-compatible", "/v1/chat/completions");
}

/// Bad judge settings stop the start with the field named; the key's
/// value is never taken from the command line.
#[test]
fn bad_judge_settings_stop_the_start() {
    let d = TestDaemon::start();
    for (args, field) in [
        (
            vec!["--judge", "anthropic", "--judge-model", "m"],
            "judge key",
        ),
        (
            vec![
                "--judge",
                "openai-compatible",
                "--judge-model",
                "m",
                "--judge-url",
                "http://192.0.2.7:8080",
            ],
            "judge url",
        ),
        (
            vec![
                "--judge",
                "openai-compatible",
                "--judge-model",
                "m",
                "--judge-key",
                "sk-live-abc",
            ],
            "judge key",
        ),
    ] {
        let mut all = vec!["daemon"];
        all.extend(args);
        let out = d.cli(&all);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(field), "{all:?}: {err}");
    }
    fs_err::write(
        d.home().join("judge.toml"),
        "provider = \"anthropic\"\nmodel = \"m\"\nkey = \"JUDGE_KEY\"\nsecret = \"x\"\n",
    )
    .unwrap();
    let out = d.cli(&["daemon"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("secret"));
}
