//! The push relay through the daemon, with a real bare remote: a sandboxed
//! agent's pushes (by remote name, by relay URL, new branches, compound
//! commands) land in its relay, Warden judges exactly what arrived, and only
//! a cleared push reaches the real remote — also a private HTTP forge,
//! authenticated by a forge-bound secret the workload never holds.

use super::{TestDaemon, files_holding, git, secret_set_with};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const TOKEN: &str = "ghp_relayRelayRelayRelayRelayRelay0000";

/// A bare "real remote" holding one commit (and a `.env` with a token).
pub(super) fn remote(dir: &Path) -> PathBuf {
    remote_on(dir, "main")
}

/// [`remote`] with `trunk` as its default branch.
fn remote_on(dir: &Path, trunk: &str) -> PathBuf {
    let src = dir.join("src");
    fs_err::create_dir_all(&src).unwrap();
    git(&src, &["init", "-q", "-b", trunk]);
    fs_err::write(src.join(".env"), format!("API_TOKEN={TOKEN}\n")).unwrap();
    fs_err::write(src.join("README.md"), "# app\n").unwrap();
    git(&src, &["add", "-A"]);
    git(&src, &["commit", "-q", "-m", "init"]);
    let bare = dir.join("app.git");
    git(
        dir,
        &["clone", "-q", "--bare", "src", bare.to_str().unwrap()],
    );
    bare
}

/// Whether `remote` has ref `r`.
pub(super) fn has_ref(remote: &Path, r: &str) -> bool {
    std::process::Command::new("git")
        .args(["rev-parse", "--verify", "--quiet", r])
        .current_dir(remote)
        .output()
        .unwrap()
        .status
        .success()
}

pub(super) fn agent_with(d: &TestDaemon, remote: &Path, name: &str, steps: &str) {
    d.ok(&["project", "add", "demo", "--repo", remote.to_str().unwrap()]);
    d.ok(&["agent", "new", name]);
    let scenario = d.outside().join(format!("{name}.toml"));
    fs_err::write(
        &scenario,
        format!("name = \"relay\"\ndescription = \"d\"\n[[turns]]\nsteps = [\n{steps}]\n"),
    )
    .unwrap();
    d.ok(&[
        "agent",
        "start",
        name,
        "--scenario",
        scenario.to_str().unwrap(),
    ]);
}

/// A daemon and a fresh [`remote`], with agent `name` started on it
/// running `steps` ([`agent_with`]).
fn pushing_agent(name: &str, steps: &str) -> (TestDaemon, PathBuf) {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let remote = remote(d.outside());
    agent_with(&d, &remote, name, steps);
    (d, remote)
}

#[test]
fn cleared_pushes_reach_the_real_remote_through_the_relay() {
    let (d, remote) = pushing_agent(
        "atlas",
        r#"  { kind = "run", command = "git remote get-url origin" },
  { kind = "run", command = "printf 'hello\n' > notes.txt && git add -A && git commit -qm notes && git push origin HEAD:refs/heads/compass/atlas/clean" },
  { kind = "run", command = "git checkout -qb compass/atlas/feat && printf 'x\n' > feat.txt && git add -A && git commit -qm feat && git push -q origin compass/atlas/feat" },
  { kind = "run", command = "git push compass::app HEAD:refs/heads/compass/atlas/byurl" },
  { kind = "run", command = "git clone -q compass::app /tmp/through-relay && git -C /tmp/through-relay log -1 --format=fetched-%s origin/compass/atlas/clean" },
"#,
    );
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(
        turn.contains("compass::app"),
        "origin is not the relay: {turn}"
    );
    assert!(turn.contains("Compass forwarded this push"), "{turn}");
    assert!(
        turn.contains("fetched-notes"),
        "a fetch through the relay failed: {turn}"
    );
    for r in [
        "refs/heads/compass/atlas/clean",
        "refs/heads/compass/atlas/feat",
        "refs/heads/compass/atlas/byurl",
    ] {
        assert!(
            has_ref(&remote, r),
            "the remote did not receive {r}: {turn}"
        );
    }
    assert_eq!(
        git(&remote, &["show", "compass/atlas/clean:notes.txt"]),
        "hello"
    );
    assert_eq!(git(&remote, &["show", "compass/atlas/feat:feat.txt"]), "x");
}

/// An agent cannot land its own work on trunk, whatever trunk is called:
/// the remote's default branch is protected like `main` (merge detection
/// would otherwise take a push there for a merge and close the issue) —
/// even when it is named inside the agent's own namespace, the only refs
/// the relay takes at all.
#[test]
fn a_push_to_the_remotes_default_branch_is_refused_whatever_its_name() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let trunk = "refs/heads/compass/atlas/trunk";
    let remote = remote_on(d.outside(), "compass/atlas/trunk");
    let before = git(&remote, &["rev-parse", trunk]);
    agent_with(
        &d,
        &remote,
        "atlas",
        r#"  { kind = "run", command = "printf 'x\n' > work.txt && git add -A && git commit -qm work && git push origin HEAD:refs/heads/compass/atlas/feature" },
  { kind = "run", command = "git push origin HEAD:refs/heads/compass/atlas/trunk" },
"#,
    );
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(
        has_ref(&remote, "refs/heads/compass/atlas/feature"),
        "{turn}"
    );
    assert!(
        turn.contains("paused by Warden") && turn.contains(&format!("protected ref {trunk}")),
        "{turn}"
    );
    assert_eq!(
        git(&remote, &["rev-parse", trunk]),
        before,
        "trunk moved: {turn}"
    );
}

#[test]
fn a_compound_commit_and_push_carrying_a_read_credential_never_reaches_the_remote() {
    let (d, remote) = pushing_agent(
        "vega",
        &format!(
            r#"  {{ kind = "read", path = ".env" }},
  {{ kind = "write", path = "config.env", content = "API_TOKEN={TOKEN}\n" }},
  {{ kind = "run", command = "git add -A && git commit -qm x && git push origin HEAD:refs/heads/compass/vega/x" }},
"#
        ),
    );
    let turn = d.ok(&["agent", "prompt", "vega", "push", "--follow"]);
    wait_paused(&d, "vega", &turn);
    let flags = d.ok(&["warden", "log", "--flags", "--agent", "vega"]);
    assert!(
        flags.contains("push:app refs/heads/compass/vega/x") && flags.contains("held_secret"),
        "the relay did not flag the push: {flags}"
    );
    assert!(!flags.contains(TOKEN), "{flags}");
    assert!(
        !has_ref(&remote, "refs/heads/compass/vega/x"),
        "the flagged push reached the remote"
    );
}

const FORGE_TOKEN: &str = "forge-tok-7d1c9e55aa0b42f1";

/// The agent was told its push did not go through: the forward failed, or
/// (asked first) the remote would not say which branch is its default.
fn refused_visibly(turn: &str) -> bool {
    turn.contains("could not forward this push")
        || turn.contains("could not read app's default branch")
}

fn bind_forge_secret(d: &TestDaemon, origin: &str, value: &str) {
    let out = secret_set_with(
        d,
        &["FORGE_TOKEN", "--forge", origin, "--username", "bot"],
        value,
    );
    assert!(
        out.status.success(),
        "secret set --forge: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_private_http_forge_gets_the_bound_secret_from_the_relay_and_the_workload_never_holds_it() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    // `_rt` bound: the server runs on it.
    let PrivateForge {
        server: forge,
        bare,
        _rt,
    } = private_forge(&d);
    forge.watch(FORGE_TOKEN);
    // Bad bindings are refused, naming the field; nothing is stored.
    for (flags, field) in [
        (
            vec!["BAD_FORGE", "--forge", "http://git.example.com"],
            "forge",
        ),
        (vec!["BAD_FORGE", "--forge", "https://h/org/repo"], "forge"),
        (
            vec!["BAD_FORGE", "--forge", "https://h", "--username", "a b"],
            "forge_username",
        ),
    ] {
        let out = secret_set_with(&d, &flags, "x");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains(field),
            "{flags:?}: {err}"
        );
    }
    assert!(!d.ok(&["secret", "list"]).contains("BAD_FORGE"));
    bind_forge_secret(&d, &forge.origin(), FORGE_TOKEN);
    assert!(d.ok(&["secret", "list"]).contains(&forge.origin()));
    d.ok(&["project", "add", "demo", "--repo", &forge.url("app.git")]);
    d.ok(&["agent", "new", "atlas"]);
    // A forge-bound secret is never granted to an agent.
    let refused = d.fails(&["agent", "start", "atlas", "--secret", "FORGE_TOKEN"]);
    assert!(refused.contains("never given to an agent"), "{refused}");
    let push = |r: &str| {
        format!(
            "  {{ kind = \"run\", command = \"git commit --allow-empty -qm {r} && git push origin HEAD:refs/heads/compass/atlas/{r}; git log -1 --format=kept-%s\" }},\n"
        )
    };
    let scenario = d.outside().join("forge.toml");
    fs_err::write(
        &scenario,
        format!(
            "name = \"forge\"\ndescription = \"d\"\n[[turns]]\nsteps = [\n  {{ kind = \"run\", command = \"ls -a ~ && cat ~/.gitconfig\" }},\n{}]\n[[turns]]\nsteps = [\n{}]\n[[turns]]\nsteps = [\n{}]\n[[turns]]\nsteps = [\n{}]\n",
            push("clean"),
            push("wrong"),
            push("missing"),
            push("down")
        ),
    )
    .unwrap();
    // The first clone came from the private forge, with the lent secret.
    d.ok(&[
        "agent",
        "start",
        "atlas",
        "--scenario",
        scenario.to_str().unwrap(),
    ]);
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(turn.contains("Compass forwarded this push"), "{turn}");
    assert!(
        turn.contains(".gitconfig") && !turn.contains(".git-credentials"),
        "{turn}"
    );
    assert!(has_ref(&bare, "refs/heads/compass/atlas/clean"), "{turn}");
    let seen = forge.requests();
    assert!(
        seen.iter().any(|r| r.method == "POST"
            && r.path.ends_with("git-receive-pack")
            && r.authenticated == Some(true)),
        "the forward never authenticated: {seen:?}"
    );
    // A wrong token: the forge refuses, the push fails visibly, the agent's
    // commit stays, the forge gets nothing.
    bind_forge_secret(&d, &forge.origin(), "forge-tok-wrong-wrong-wrong");
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(refused_visibly(&turn), "{turn}");
    assert!(turn.contains("kept-wrong"), "{turn}");
    assert!(!has_ref(&bare, "refs/heads/compass/atlas/wrong"), "{turn}");
    assert!(
        forge
            .requests()
            .iter()
            .any(|r| r.authenticated == Some(false)),
        "the wrong token was never tried"
    );
    // No secret at all: the same.
    d.ok(&["secret", "rm", "FORGE_TOKEN"]);
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(refused_visibly(&turn), "{turn}");
    assert!(turn.contains("kept-missing"), "{turn}");
    assert!(
        !has_ref(&bare, "refs/heads/compass/atlas/missing"),
        "{turn}"
    );
    // The token was in no process's argv or environment while git talked
    // to the forge, in no file of the data dir but the secret store (the
    // workload's home, clones and relay among them), in no event.
    assert_eq!(forge.leaks(), Vec::<String>::new());
    // The forge goes down: the push fails visibly, the commit stays.
    bind_forge_secret(&d, &forge.origin(), FORGE_TOKEN);
    drop(forge);
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(refused_visibly(&turn), "{turn}");
    assert!(turn.contains("kept-down"), "{turn}");
    assert!(!has_ref(&bare, "refs/heads/compass/atlas/down"), "{turn}");
    let held = files_holding(d.home(), FORGE_TOKEN.as_bytes(), &d.home().join("secrets"));
    assert_eq!(held, Vec::<PathBuf>::new());
    let events = d.ok(&["events", "--json"]);
    assert!(
        !events.contains(FORGE_TOKEN) && !events.contains("REDACTED:FORGE_TOKEN"),
        "{events}"
    );
}

/// Wait until `agent` shows `status: paused` (a minute at most).
fn wait_paused(d: &TestDaemon, agent: &str, context: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let show = d.ok(&["agent", "show", agent]);
        if show.contains("status: paused") {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{agent} was never paused: {show}\n{context}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn every_push_shape_carrying_a_read_credential_is_refused_and_the_remote_gets_none() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let remote = remote(d.outside());
    // Turn 1 reads the token and commits it (the compound shape is tested
    // above); each later turn pushes that commit another way. The check
    // sees the objects, so every shape ends at the same refusal.
    let shapes = [
        (
            "nv",
            "git push --no-verify origin HEAD:refs/heads/compass/vega/nv",
        ),
        (
            "force",
            "git push -f origin +HEAD:refs/heads/compass/vega/force",
        ),
        (
            "byurl",
            "git push compass::app HEAD:refs/heads/compass/vega/byurl",
        ),
        (
            "newb",
            "git checkout -qb compass/vega/newb && git push -u origin compass/vega/newb",
        ),
        (
            "cfg",
            "git -c core.quotepath=off -c color.ui=never push origin HEAD:refs/heads/compass/vega/cfg",
        ),
        // Out of the command check's sight: only the relay sees it.
        (
            "hidden",
            "echo git push -q origin HEAD:refs/heads/compass/vega/hidden > /tmp/p.sh && sh /tmp/p.sh",
        ),
    ];
    let mut scenario = String::from(
        "name = \"shapes\"\ndescription = \"d\"\n[[turns]]\nsteps = [\n  { kind = \"read\", path = \".env\" },\n",
    );
    scenario.push_str(&format!(
        "  {{ kind = \"write\", path = \"config.env\", content = \"API_TOKEN={TOKEN}\\n\" }},\n  {{ kind = \"run\", command = \"git add -A && git commit -qm x\" }},\n]\n"
    ));
    for (_, cmd) in &shapes {
        scenario.push_str(&format!(
            "[[turns]]\nsteps = [\n  {{ kind = \"run\", command = \"{cmd}\" }},\n]\n"
        ));
    }
    d.ok(&["project", "add", "demo", "--repo", remote.to_str().unwrap()]);
    d.ok(&["agent", "new", "vega"]);
    d.start_scripted("vega", &scenario);
    d.ok(&["agent", "prompt", "vega", "commit", "--follow"]);
    for (name, cmd) in shapes {
        let turn = d.ok(&["agent", "prompt", "vega", "push", "--follow"]);
        wait_paused(&d, "vega", &turn);
        let r = format!("refs/heads/compass/vega/{name}");
        assert!(!has_ref(&remote, &r), "`{cmd}` reached the remote: {turn}");
        let flags = d.ok(&["warden", "log", "--flags", "--agent", "vega"]);
        assert!(
            flags.contains(&format!("push:app {r}")) || flags.contains(cmd),
            "`{cmd}` was not flagged: {flags}"
        );
        assert!(!flags.contains(TOKEN), "{flags}");
        d.ok(&["agent", "resume", "vega"]);
        let deadline = Instant::now() + Duration::from_secs(60);
        while d.ok(&["agent", "show", "vega"]).contains("status: paused") {
            assert!(Instant::now() < deadline, "vega stayed paused after resume");
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    let heads = git(
        &remote,
        &["for-each-ref", "--format=%(refname)", "refs/heads"],
    );
    assert_eq!(
        heads, "refs/heads/main",
        "the remote received a flagged push"
    );
}

/// An agent publishes only under its own name: a push to another agent's
/// workstream branch (`compass/<other>/…` — the branch Compass opens that
/// agent's pull request from and reviews as that agent's work) is refused
/// and never reaches the remote, while its own namespace still is.
/// Otherwise a hostile agent adds its commits to a branch the user reviews
/// as another agent's, or squats it so the owner's first push fails as a
/// history rewrite.
#[test]
fn a_push_to_another_agents_workstream_branch_never_reaches_the_remote() {
    let (d, remote) = pushing_agent(
        "atlas",
        r#"  { kind = "run", command = "printf 'mine\n' > mine.txt && git add -A && git commit -qm mine && git push origin HEAD:refs/heads/compass/atlas/own && echo own-pushed" },
  { kind = "run", command = "printf 'smuggled\n' > smuggled.txt && git add -A && git commit -qm smuggled && git push origin HEAD:refs/heads/compass/bravo/demo-1; echo tried-bravo" },
"#,
    );
    d.ok(&["agent", "new", "bravo"]);
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(turn.contains("tried-bravo"), "{turn}");
    assert!(
        has_ref(&remote, "refs/heads/compass/atlas/own"),
        "a push to the agent's own namespace did not reach the remote: {turn}"
    );
    assert!(
        !has_ref(&remote, "refs/heads/compass/bravo/demo-1"),
        "atlas's push reached bravo's workstream branch: {turn}"
    );
}

/// A push that adds a CI workflow waits for the user, like a publish: the
/// forge runs a pushed workflow by itself when the push lands (GitHub takes
/// a push's workflows from the pushed commit), with the repository's
/// secrets and a network the agent does not have. Writing the file is
/// cautioned; publishing it is what makes it run.
#[test]
fn a_push_that_adds_a_ci_workflow_waits_for_the_user() {
    let (d, remote) = pushing_agent(
        "atlas",
        r#"  { kind = "run", command = "mkdir -p .github/workflows && printf 'on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ./build.sh\n' > .github/workflows/build.yml && git add -A && git commit -qm 'Add a build' && git push origin HEAD:refs/heads/compass/atlas/ci; echo tried-ci" },
"#,
    );
    // The command gate's early warning or the relay's check holds it.
    let turn = d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    assert!(
        !has_ref(&remote, "refs/heads/compass/atlas/ci"),
        "a new CI workflow reached the remote unasked: {turn}"
    );
    wait_paused(&d, "atlas", &turn);
    let flags = d.ok(&["warden", "log", "--flags", "--agent", "atlas"]);
    assert!(
        flags.contains(".github/workflows/build.yml"),
        "the flag does not name the workflow: {flags}"
    );
}

/// A daemon, a fresh [`remote`], and agent `atlas` started on it running
/// `scenario` (a whole scenario file).
fn scripted_on_remote(scenario: &str) -> (TestDaemon, PathBuf) {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    let remote = remote(d.outside());
    d.ok(&["project", "add", "demo", "--repo", remote.to_str().unwrap()]);
    d.ok(&["agent", "new", "atlas"]);
    d.start_scripted("atlas", scenario);
    (d, remote)
}

/// Everything `agent` did and was told, each command's output whole.
fn agent_log(d: &TestDaemon, agent: &str) -> String {
    d.ok(&["agent", "log", agent, "--json", "--limit", "100000"])
}

/// Every commit subject on `remote`, on any ref.
fn subjects(remote: &Path) -> String {
    git(remote, &["log", "--all", "--format=%s"])
}

/// More than 1 MiB of ref updates in one push: the pre-receive check used
/// to read the first MiB and judge that, while receive-pack applied every
/// update to the relay, the unread ones too; a later push of a commit
/// behind an unread ref then counted as already on the remote (`--not
/// --all`), so a credential in it left unread. Now the whole push is
/// refused, the relay keeps none of it, and the later push is read against
/// the relay's fetched copy of the remote alone: Warden sees the
/// credential and the remote never gets it. (The pushes run from a script,
/// out of the command check's sight: only the relay sees them.)
#[test]
fn a_push_of_more_ref_updates_than_the_check_reads_is_refused_whole() {
    let (d, remote) = scripted_on_remote(&format!(
        r#"name = "over-cap"
description = "d"
[[turns]]
[[turns.steps]]
kind = "read"
path = ".env"
[[turns.steps]]
kind = "run"
command = '''
base=$(git rev-parse HEAD)
printf 'API_TOKEN={TOKEN}\n' > loot.env && git add -A && git -c user.name=a -c user.email=a@example.invalid commit -qm loot
pad=$(printf 'p%.0s' $(seq 1 60))
seq 1 6500 | sed "s|.*|create refs/heads/compass/atlas/pad-$pad-& $base|" | git update-ref --stdin
git branch compass/atlas/zz-loot HEAD
echo "git push -q origin 'refs/heads/compass/atlas/*:refs/heads/compass/atlas/*' 2>&1 | grep -m1 -o 'ref updates are more than [0-9]* bytes'; echo first-push-done" > /tmp/p.sh
sh /tmp/p.sh
'''
[[turns]]
[[turns.steps]]
kind = "run"
command = '''
printf 'git %s -q origin HEAD:refs/heads/compass/atlas/out\n' push > /tmp/q.sh
sh /tmp/q.sh; echo second-push-done
'''
"#
    ));
    d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    // The turn shows each command's output cut short; the log has it all.
    let turn = agent_log(&d, "atlas");
    assert!(turn.contains("first-push-done"), "{turn}");
    assert!(
        turn.contains("ref updates are more than 1048576 bytes"),
        "the over-cap push was not refused whole: {turn}"
    );
    let relay = d.home().join("agents");
    let kept = std::process::Command::new("git")
        .args([
            "for-each-ref",
            "--format=%(refname)",
            "refs/heads/compass/atlas/",
        ])
        .current_dir(find_relay(&relay))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&kept.stdout).trim(),
        "",
        "the relay kept refs of a refused push"
    );
    // The loot pushed again: nothing in the relay hides it, so Warden
    // sees the credential (the command check or the relay's).
    d.ok(&["agent", "prompt", "atlas", "again", "--follow"]);
    wait_paused(&d, "atlas", &turn);
    let flags = d.ok(&["warden", "log", "--flags", "--agent", "atlas"]);
    assert!(
        flags.contains("refs/heads/compass/atlas/out") && flags.contains("held_secret"),
        "the loot's second push was not flagged: {flags}"
    );
    assert!(
        !subjects(&remote).contains("loot"),
        "the credential reached the remote: {turn}"
    );
    assert!(!has_ref(&remote, "refs/heads/compass/atlas/out"), "{turn}");
    assert!(
        !has_ref(&remote, "refs/heads/compass/atlas/zz-loot"),
        "{turn}"
    );
}

/// The relay repository of the one agent under `agents` (`<state>/relay/app.git`).
fn find_relay(agents: &Path) -> PathBuf {
    for entry in fs_err::read_dir(agents).unwrap() {
        let dir = entry.unwrap().path().join("relay/app.git");
        if dir.is_dir() {
            return dir;
        }
    }
    panic!("no relay repository under {}", agents.display());
}

/// The relay takes only the agent's own branches
/// (`refs/heads/compass/<agent>/…`): a tree, a blob or a tag of one under
/// any other namespace (which `git log -p` reads as nothing), another
/// branch (`develop`, `gh-pages`), `refs/replace/`, `refs/for/`,
/// `refs/meta/config`, tags, notes — each is refused, the agent told which
/// ref and which namespace is its own, and the remote gets none of them,
/// while a push to its own branch still goes through.
#[test]
fn the_relay_takes_only_the_agents_own_branches_and_only_commits() {
    let (d, remote) = scripted_on_remote(
        r#"name = "namespaces"
description = "d"
[[turns]]
[[turns.steps]]
kind = "run"
command = '''
git config user.name a && git config user.email a@example.invalid
printf 'LOOT_MARKER=1\n' > loot.txt
blob=$(git hash-object -w loot.txt)
tree=$(printf '100644 blob %s\tloot.txt\n' "$blob" | git mktree)
tag=$(printf 'object %s\ntype blob\ntag b\ntagger a <a@example.invalid> 0 +0000\n\nblob\n' "$blob" | git mktag)
git commit -q --allow-empty -m side
: > /tmp/p.sh
for spec in "$tree:refs/x/loot" "$blob:refs/notes/loot" "$tag:refs/tags/loot" "$tag:refs/heads/compass/atlas/tagged" \
  HEAD:refs/heads/main HEAD:refs/heads/develop HEAD:refs/heads/gh-pages "HEAD:refs/replace/$(git rev-parse HEAD~1)" \
  HEAD:refs/for/main HEAD:refs/meta/config HEAD:refs/tags/v1 HEAD:refs/upstream/heads/main; do
  echo "git push origin '$spec' 2>&1 | grep -m1 -o 'Compass refused this push: [^ ]* is not under refs/heads/compass/atlas/' ; echo tried '$spec'" >> /tmp/p.sh
done
echo "git push -q origin HEAD:refs/heads/compass/atlas/own && echo own-pushed" >> /tmp/p.sh
sh /tmp/p.sh
'''
"#,
    );
    d.ok(&["agent", "prompt", "atlas", "push", "--follow"]);
    let turn = agent_log(&d, "atlas");
    assert!(turn.contains("own-pushed"), "{turn}");
    for r in [
        "refs/heads/main",
        "refs/heads/develop",
        "refs/heads/gh-pages",
        "refs/for/main",
        "refs/meta/config",
    ] {
        assert!(
            turn.contains(&format!(
                "Compass refused this push: {r} is not under refs/heads/compass/atlas/"
            )),
            "the refusal of {r} does not say why: {turn}"
        );
    }
    let refs = git(&remote, &["for-each-ref", "--format=%(refname)"]);
    assert_eq!(
        refs, "refs/heads/compass/atlas/own\nrefs/heads/main",
        "the remote received a ref the relay must refuse: {turn}"
    );
}

/// Every relay session used to run its own authenticated fetch from the
/// user's forge, so an agent looping connections spent the forge's quota.
/// Sessions close together (in a row and at once) share one refresh.
#[test]
fn relay_sessions_close_together_share_one_refresh_from_the_forge() {
    compass_test_support::bins::scripted_agent();
    let d = TestDaemon::start();
    // `_rt` bound: the server runs on it.
    let PrivateForge {
        server: forge, _rt, ..
    } = private_forge(&d);
    bind_forge_secret(&d, &forge.origin(), FORGE_TOKEN);
    d.ok(&["project", "add", "demo", "--repo", &forge.url("app.git")]);
    d.ok(&["agent", "new", "atlas"]);
    d.start_scripted(
        "atlas",
        r#"name = "loop"
description = "d"
[[turns]]
[[turns.steps]]
kind = "run"
command = '''
for i in 1 2 3 4 5 6; do git ls-remote -q origin >/dev/null 2>&1; done
git ls-remote -q origin >/dev/null 2>&1 & git ls-remote -q origin >/dev/null 2>&1 & git fetch -q origin 2>&1; wait; echo looped
'''
"#,
    );
    let fetches = || {
        forge
            .requests()
            .iter()
            .filter(|r| r.path.ends_with("info/refs") && r.authenticated == Some(true))
            .count()
    };
    let before = fetches();
    let turn = d.ok(&["agent", "prompt", "atlas", "loop", "--follow"]);
    assert!(turn.contains("looped"), "{turn}");
    let during = fetches() - before;
    assert!(
        during <= 1,
        "9 relay sessions close together made {during} fetches from the forge: {turn}"
    );
}

/// A private HTTP forge serving `app.git` (one commit), reached with
/// `bot` / [`FORGE_TOKEN`]; the server runs on `_rt`, dropped after it.
struct PrivateForge {
    server: compass_test_support::git_http_server::GitHttpServer,
    bare: std::path::PathBuf,
    _rt: tokio::runtime::Runtime,
}

fn private_forge(d: &TestDaemon) -> PrivateForge {
    use compass_test_support::git_http_server::{GitHttpServer, bare_repo};
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let root = d.outside().join("forge");
    fs_err::create_dir_all(&root).unwrap();
    let bare = bare_repo(&root, "app.git", &[("README.md", "# app\n")]);
    let server = rt
        .block_on(GitHttpServer::start(&root, "bot", FORGE_TOKEN))
        .unwrap();
    PrivateForge {
        server,
        bare,
        _rt: rt,
    }
}
