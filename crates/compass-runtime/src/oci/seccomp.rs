//! The seccomp profile every container runs under: the engine's own default
//! (`/usr/share/containers/seccomp.json`), less one thing it allows — a new
//! user namespace. Debian's default lets `unshare(CLONE_NEWUSER)` and
//! `clone(CLONE_NEWUSER)` through, and inside a fresh user namespace an
//! agent holds every capability again (mounts, more kernel surface); the
//! sandbox forbids the same with `--disable-userns`.
//!
//! `clone` and `unshare` stay allowed without `CLONE_NEWUSER` (a masked
//! comparison on the flags); `clone3`, whose flags seccomp cannot see, gets
//! `ENOSYS`, so the C library falls back to `clone`.

use crate::error::RuntimeError;
use serde_json::{Value, json};

/// Where the engine keeps its default profile.
pub(crate) const ENGINE_DEFAULT: &str = "/usr/share/containers/seccomp.json";

const CLONE_NEWUSER: u64 = 0x1000_0000;
const EPERM: u64 = 1;
const ENOSYS: u64 = 38;
const GATED: [&str; 3] = ["clone", "clone3", "unshare"];

/// The engine's default profile with new user namespaces refused.
pub(crate) fn without_user_namespaces(default: &str) -> Result<String, RuntimeError> {
    let bad = |why: String| RuntimeError::Invalid {
        what: "seccomp profile",
        why: format!("{ENGINE_DEFAULT}: {why}"),
    };
    let mut profile: Value =
        serde_json::from_str(default).map_err(|e| bad(format!("not JSON: {e}")))?;
    let rules = profile
        .get_mut("syscalls")
        .and_then(Value::as_array_mut)
        .ok_or_else(|| bad("no `syscalls` list".to_owned()))?;
    for rule in rules.iter_mut() {
        if let Some(names) = rule.get_mut("names").and_then(Value::as_array_mut) {
            names.retain(|n| !n.as_str().is_some_and(|n| GATED.contains(&n)));
        }
    }
    rules.retain(|r| {
        r.get("names")
            .and_then(Value::as_array)
            .is_none_or(|n| !n.is_empty())
    });
    let no_newuser = json!([{
        "index": 0, "value": CLONE_NEWUSER, "valueTwo": 0, "op": "SCMP_CMP_MASKED_EQ"
    }]);
    let with_newuser = json!([{
        "index": 0, "value": CLONE_NEWUSER, "valueTwo": CLONE_NEWUSER, "op": "SCMP_CMP_MASKED_EQ"
    }]);
    rules.extend([
        json!({"names": ["clone", "unshare"], "action": "SCMP_ACT_ALLOW", "args": no_newuser}),
        json!({"names": ["clone", "unshare"], "action": "SCMP_ACT_ERRNO", "errnoRet": EPERM, "args": with_newuser}),
        json!({"names": ["clone3"], "action": "SCMP_ACT_ERRNO", "errnoRet": ENOSYS}),
    ]);
    serde_json::to_string_pretty(&profile).map_err(|e| bad(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_namespaces_are_gated_and_nothing_else_changes() {
        let default = r#"{"defaultAction":"SCMP_ACT_ERRNO","syscalls":[
            {"names":["read","clone","unshare","clone3"],"action":"SCMP_ACT_ALLOW"},
            {"names":["clone3"],"action":"SCMP_ACT_ALLOW","includes":{"caps":["CAP_SYS_ADMIN"]}}]}"#;
        let out: Value = serde_json::from_str(&without_user_namespaces(default).unwrap()).unwrap();
        let rules = out["syscalls"].as_array().unwrap();
        assert_eq!(rules[0]["names"], json!(["read"]));
        assert_eq!(rules.len(), 4, "{rules:?}");
        let allow = &rules[1];
        assert_eq!(allow["action"], "SCMP_ACT_ALLOW");
        assert_eq!(allow["args"][0]["valueTwo"], 0);
        assert_eq!(rules[2]["errnoRet"], EPERM);
        assert_eq!(rules[3]["names"], json!(["clone3"]));
        assert!(without_user_namespaces("[]").is_err());
    }
}
