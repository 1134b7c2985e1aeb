//! Paths that name a credential or secret file (keys, cloud and registry
//! credentials, env files), by their text. Apart from [`crate::output`]
//! so that interpreter code (`crate::code_strings`) can ask too.

use compass_core::gate::Severity;
use regex::Regex;
use std::sync::LazyLock;

#[allow(clippy::expect_used)] // constant patterns, covered by tests
static SECRET_PATH_HIGH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(^|/|~)\.ssh/(id_[A-Za-z0-9_]+|[^/]*_key|authorized_keys)?$|(^|/|~)\.ssh/?$|\.aws/(credentials|config)|(^|/)\.netrc$|\.git-credentials|\.config/gh/hosts\.yml|\.docker/config\.json|\.kube/config|^/etc/(shadow|gshadow|sudoers)|\.gnupg(/|$)|\.vault-token|\.config/gcloud|\.azure/|(^|/)id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$|/proc/[^/]+/environ|\.password-store|\.cargo/credentials(\.toml)?$|\.terraform\.d/credentials|\.m2/settings(-security)?\.xml$|\.gem/credentials$|\.config/hub$|(^|/)\.pgpass$|(^|/)\.my\.cnf$|rclone\.conf$|\.config/op(/|$)|(^|/)\.s3cfg$|(^|/)\.boto$|\.composer/auth\.json$|\.config/containers/auth\.json$|\.pulumi/credentials|\.local/share/keyrings|^/(var/)?run/secrets/|\.gradle/gradle\.properties$|\.config/(doctl|hcloud|linode-cli|scw|flyctl|heroku|netlify|vercel|helm/repositories\.yaml)(/|$)|\.fly/config\.yml$|(^|/)\.oci/config$|\.ibmcloud/config\.json$|\.wrangler/config|\.databrickscfg$|\.snowsql/config$|^(~|\$HOME|\$\{HOME\}|/home/[^/]+|/root)/\.(npmrc|pypirc|yarnrc\.yml)$|^(~|\$HOME|\$\{HOME\}|/home/[^/]+|/root)/\.[^/]+/([^/]+/)*[^/]*(credential|token|secret|passw|auth)[^/]*$")
        .expect("regex")
});
#[allow(clippy::expect_used)]
static SECRET_PATH_MEDIUM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(^|/)\.env(\.[A-Za-z0-9_-]+)?$|\.(pem|key|p12|pfx|keystore|jks)$|(^|/)\.npmrc$|(^|/)\.pypirc$|credentials\.json$|(^|/)secrets?\.(ya?ml|json|toml)$|service-account.*\.json$")
        .expect("regex")
});

/// Whether a path names a credential or secret file: `Some(High)` for keys
/// and cloud credentials, `Some(Medium)` for env files and key material.
pub fn secret_path_severity(path: &str) -> Option<Severity> {
    let p = path.trim_matches(|c| c == '"' || c == '\'');
    if SECRET_PATH_HIGH.is_match(p) {
        Some(Severity::High)
    } else if SECRET_PATH_MEDIUM.is_match(p)
        && !p.ends_with(".env.example")
        && !p.ends_with(".env.sample")
    {
        Some(Severity::Medium)
    } else {
        None
    }
}
