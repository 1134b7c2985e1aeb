//! The model judge's configuration: `judge.toml` in the data dir, the
//! `--judge…` flags over it, checked and resolved into Warden's backend.
//! The API key is named, never given: its value is read from the secret
//! store at each call, so it is never in an argv, the environment, a log
//! or `warden status` (which shows its name), and a key set or rotated
//! after start is used.

use crate::paths::DataDir;
use crate::secrets::{Origin, SecretError, SecretStore, check_name};
use compass_warden::judge::{HttpJudgeConfig, JudgeBackend, JudgeConfig, JudgeKey};
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;

/// The judge's time limit when none is set. A hook's decision must land
/// within its 5 s deadline, judge included.
pub const DEFAULT_TIMEOUT_MS: u64 = 3_000;
/// The longest time limit a judge may have (below the hook's deadline).
pub const MAX_TIMEOUT_MS: u64 = 4_000;
const DEFAULT_MAX_TOKENS: u32 = 256;
const ANTHROPIC_URL: &str = "https://api.anthropic.com";
const OPENAI_URL: &str = "https://api.openai.com";
const MAX_MODEL: usize = 200;

/// Which wire format the judge speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JudgeProvider {
    /// Rules only.
    None,
    /// The Anthropic Messages API.
    Anthropic,
    /// Any OpenAI-compatible chat-completions server, hosted or local.
    OpenaiCompatible,
}

/// The judge's settings as written (`judge.toml`) or given as flags; each
/// field unset leaves the one below it (flags over the file over defaults).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeSettings {
    pub provider: Option<JudgeProvider>,
    /// `https://host[:port]` (plain `http://` for a loopback host only),
    /// with or without a path prefix before `/v1/…`.
    pub url: Option<String>,
    pub model: Option<String>,
    /// The name of the API key in the secret store (`compass secret set NAME`).
    pub key: Option<String>,
    pub timeout_ms: Option<u64>,
    pub max_tokens: Option<u32>,
}

impl JudgeSettings {
    /// `self` over `base`: each field `self` sets wins.
    pub fn over(self, base: Self) -> Self {
        Self {
            provider: self.provider.or(base.provider),
            url: self.url.or(base.url),
            model: self.model.or(base.model),
            key: self.key.or(base.key),
            timeout_ms: self.timeout_ms.or(base.timeout_ms),
            max_tokens: self.max_tokens.or(base.max_tokens),
        }
    }
}

/// Why the judge's configuration was refused.
#[derive(Debug, thiserror::Error)]
pub enum JudgeConfigError {
    #[error("reading {path}: {source}")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    File { path: String, message: String },
    #[error("judge {field}: {why}")]
    Invalid { field: &'static str, why: String },
    #[error("building the judge: {0}")]
    Build(#[from] compass_warden::WardenError),
}

fn invalid(field: &'static str, why: impl Into<String>) -> JudgeConfigError {
    JudgeConfigError::Invalid {
        field,
        why: why.into(),
    }
}

/// The settings in `judge.toml`; none when the file does not exist.
pub fn load_file(dir: &DataDir) -> Result<JudgeSettings, JudgeConfigError> {
    let path = dir.judge();
    let shown = path.display().to_string();
    match fs_err::read_to_string(&path) {
        Ok(text) => toml::from_str(&text).map_err(|e| JudgeConfigError::File {
            path: shown,
            message: e.message().to_owned(),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(JudgeSettings::default()),
        Err(source) => Err(JudgeConfigError::Read {
            path: shown,
            source,
        }),
    }
}

/// A checked judge configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeSpec {
    pub provider: JudgeProvider,
    pub url: String,
    pub model: String,
    pub key: Option<String>,
    pub timeout: Duration,
    pub max_tokens: u32,
}

/// Check settings; `None` is rules only (no provider, or `none`).
pub fn check(s: JudgeSettings) -> Result<Option<JudgeSpec>, JudgeConfigError> {
    let provider = match s.provider {
        None | Some(JudgeProvider::None) => {
            if s.url.is_some() || s.model.is_some() || s.key.is_some() {
                return Err(invalid(
                    "provider",
                    "a judge URL, model or key is set but no provider; give --judge anthropic or --judge openai-compatible (or provider in judge.toml)",
                ));
            }
            return Ok(None);
        }
        Some(p) => p,
    };
    let url = match (&s.url, provider) {
        (Some(u), _) => check_url(u)?,
        (None, JudgeProvider::Anthropic) => ANTHROPIC_URL.to_owned(),
        (None, _) => OPENAI_URL.to_owned(),
    };
    let model = s.model.ok_or_else(|| {
        invalid(
            "model",
            "is required (--judge-model or model in judge.toml)",
        )
    })?;
    if model.is_empty()
        || model.len() > MAX_MODEL
        || model.chars().any(|c| c.is_control() || c.is_whitespace())
    {
        return Err(invalid(
            "model",
            format!("{model:?}: 1 to {MAX_MODEL} characters, no spaces or control characters"),
        ));
    }
    if let Some(k) = &s.key {
        check_name(k).map_err(|e| invalid("key", e.to_string()))?;
    } else if provider == JudgeProvider::Anthropic {
        return Err(invalid(
            "key",
            "the Anthropic API needs a key: store it (`compass secret set NAME`, value on stdin) and name it with --judge-key NAME",
        ));
    }
    let timeout_ms = s.timeout_ms.unwrap_or(DEFAULT_TIMEOUT_MS);
    if !(1..=MAX_TIMEOUT_MS).contains(&timeout_ms) {
        return Err(invalid(
            "timeout",
            format!(
                "{timeout_ms} ms: 1 to {MAX_TIMEOUT_MS} ms (a hook decides within 5 s, judge included)"
            ),
        ));
    }
    let max_tokens = s.max_tokens.unwrap_or(DEFAULT_MAX_TOKENS);
    if !(16..=4096).contains(&max_tokens) {
        return Err(invalid("max_tokens", format!("{max_tokens}: 16 to 4096")));
    }
    Ok(Some(JudgeSpec {
        provider,
        url,
        model,
        key: s.key,
        timeout: Duration::from_millis(timeout_ms),
        max_tokens,
    }))
}

/// An http(s) base URL: no credentials, query or fragment; plain http only
/// to a loopback host (the key would travel in the clear).
fn check_url(raw: &str) -> Result<String, JudgeConfigError> {
    let parsed =
        url::Url::parse(raw).map_err(|e| invalid("url", format!("{raw:?} is not a URL ({e})")))?;
    if parsed.query().is_some() || parsed.fragment().is_some() {
        return Err(invalid("url", format!("{raw:?}: no query or fragment")));
    }
    let origin = format!(
        "{}://{}",
        parsed.scheme(),
        parsed.host_str().unwrap_or_default()
    ) + &parsed.port().map(|p| format!(":{p}")).unwrap_or_default();
    Origin::parse_binding(&origin).map_err(|e| match e {
        SecretError::Invalid { why, .. } => invalid("url", why),
        other => invalid("url", other.to_string()),
    })?;
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(invalid(
            "url",
            "carries credentials; name the key with --judge-key",
        ));
    }
    Ok(raw.trim_end_matches('/').to_owned())
}

/// Flags over the file, checked.
pub fn resolve(dir: &DataDir, flags: JudgeSettings) -> Result<Option<JudgeSpec>, JudgeConfigError> {
    check(flags.over(load_file(dir)?))
}

/// The backend for `spec`, its key read from `dir`'s secret store at each
/// call.
pub fn backend(
    dir: &DataDir,
    spec: &JudgeSpec,
) -> Result<Option<Arc<dyn JudgeBackend>>, JudgeConfigError> {
    let api_key = match &spec.key {
        None => JudgeKey::None,
        Some(name) => {
            let store =
                SecretStore::open(dir.secrets()).map_err(|e| invalid("key", e.to_string()))?;
            let key = name.clone();
            JudgeKey::Lookup {
                name: name.clone(),
                lookup: Arc::new(move || match store.get(&key) {
                    Ok(Some(v)) => String::from_utf8(v.expose().clone())
                        .map(|s| compass_warden::secret::Secret::new(s.trim_end().to_owned()))
                        .map_err(|_| "is not UTF-8 text".to_owned()),
                    Ok(None) => Err(SecretError::NotFound(key.clone()).to_string()),
                    Err(e) => Err(e.to_string()),
                }),
            }
        }
    };
    let http = HttpJudgeConfig {
        base_url: spec.url.clone(),
        model: spec.model.clone(),
        api_key,
        timeout: spec.timeout,
        max_tokens: spec.max_tokens,
    };
    Ok(compass_warden::judge::build(match spec.provider {
        JudgeProvider::None => JudgeConfig::None,
        JudgeProvider::Anthropic => JudgeConfig::Anthropic(http),
        JudgeProvider::OpenaiCompatible => JudgeConfig::OpenAiCompatible(http),
    })?)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn set(provider: JudgeProvider, url: &str, key: Option<&str>) -> JudgeSettings {
        JudgeSettings {
            provider: Some(provider),
            url: Some(url.into()),
            model: Some("m-1".into()),
            key: key.map(Into::into),
            ..JudgeSettings::default()
        }
    }

    #[test]
    fn flags_go_over_the_file_and_bad_values_name_their_field() {
        let file = set(
            JudgeProvider::Anthropic,
            "https://api.anthropic.com",
            Some("JUDGE_KEY"),
        );
        let flags = JudgeSettings {
            model: Some("m-2".into()),
            timeout_ms: Some(500),
            ..JudgeSettings::default()
        };
        let spec = check(flags.over(file)).unwrap().unwrap();
        assert_eq!(spec.model, "m-2");
        assert_eq!(spec.timeout, Duration::from_millis(500));
        assert_eq!(spec.key.as_deref(), Some("JUDGE_KEY"));
        assert_eq!(check(JudgeSettings::default()).unwrap(), None);
        let cases = [
            (
                set(JudgeProvider::Anthropic, "https://a.example", None),
                "judge key",
            ),
            (
                set(
                    JudgeProvider::OpenaiCompatible,
                    "http://192.0.2.1:8080",
                    None,
                ),
                "judge url",
            ),
            (
                set(
                    JudgeProvider::OpenaiCompatible,
                    "https://u:p@a.example",
                    None,
                ),
                "judge url",
            ),
            (
                set(
                    JudgeProvider::OpenaiCompatible,
                    "https://a.example/?k=1",
                    None,
                ),
                "judge url",
            ),
            (
                set(
                    JudgeProvider::OpenaiCompatible,
                    "https://a.example",
                    Some("bad name"),
                ),
                "judge key",
            ),
            (
                JudgeSettings {
                    timeout_ms: Some(60_000),
                    ..set(JudgeProvider::OpenaiCompatible, "http://127.0.0.1:1", None)
                },
                "judge timeout",
            ),
            (
                JudgeSettings {
                    model: Some("a b".into()),
                    ..set(JudgeProvider::OpenaiCompatible, "http://127.0.0.1:1", None)
                },
                "judge model",
            ),
            (
                JudgeSettings {
                    model: Some("m".into()),
                    ..JudgeSettings::default()
                },
                "judge provider",
            ),
        ];
        for (s, field) in cases {
            let e = check(s.clone()).unwrap_err().to_string();
            assert!(e.starts_with(field), "{s:?}: {e}");
        }
        // A local server needs no key; http is fine on loopback.
        assert!(
            check(set(
                JudgeProvider::OpenaiCompatible,
                "http://127.0.0.1:8080/",
                None
            ))
            .unwrap()
            .is_some_and(|s| s.url == "http://127.0.0.1:8080")
        );
    }

    #[test]
    fn the_file_is_read_and_unknown_fields_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(tmp.path());
        assert_eq!(load_file(&dir).unwrap(), JudgeSettings::default());
        fs_err::write(
            dir.judge(),
            "provider = \"openai-compatible\"\nurl = \"http://127.0.0.1:9\"\nmodel = \"local\"\n",
        )
        .unwrap();
        let spec = resolve(&dir, JudgeSettings::default()).unwrap().unwrap();
        assert_eq!(spec.provider, JudgeProvider::OpenaiCompatible);
        fs_err::write(
            dir.judge(),
            "provider = \"anthropic\"\napi_key = \"sk-x\"\n",
        )
        .unwrap();
        let e = load_file(&dir).unwrap_err().to_string();
        assert!(e.contains("api_key"), "{e}");
    }
}
