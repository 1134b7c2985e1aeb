//! What CI configuration is: the one definition the push relay's
//! `ci_change` finding, the write gate's CI caution and the per-step
//! reading of written CI code share. A leaf module (it imports nothing of
//! the crate), so every user can depend on it without a module circle.

/// Directories (from a repository's root) whose files a forge or CI
/// service runs: GitHub Actions workflows and local actions, GitLab's CI
/// includes, CircleCI, Buildkite, Woodpecker, Azure Pipelines templates.
const CI_DIRS: [&str; 7] = [
    ".github/workflows/",
    ".github/actions/",
    ".gitlab/",
    ".circleci/",
    ".buildkite/",
    ".woodpecker/",
    ".azure-pipelines/",
];

/// Files (at a repository's root) a CI service runs: GitLab, Travis,
/// Azure Pipelines, Bitbucket Pipelines, Jenkins, Drone, Woodpecker.
const CI_FILES: [&str; 9] = [
    ".gitlab-ci.yml",
    ".gitlab-ci.yaml",
    ".travis.yml",
    "azure-pipelines.yml",
    "azure-pipelines.yaml",
    "bitbucket-pipelines.yml",
    "jenkinsfile",
    ".drone.yml",
    ".woodpecker.yml",
];

/// File-name endings of CI configuration wherever it sits: GitLab's
/// `include:` templates are named `*.gitlab-ci.yml` by convention.
const CI_SUFFIXES: [&str; 2] = [".gitlab-ci.yml", ".gitlab-ci.yaml"];

/// Whether `path` (relative to a repository's root, `/`-separated) is CI
/// configuration a forge or CI service runs on a push. Case-insensitive:
/// forges on case-insensitive file systems read `JenkinsFile` too.
pub fn is_ci_config(path: &str) -> bool {
    let p = path.trim_start_matches("./").to_ascii_lowercase();
    CI_DIRS.iter().any(|dir| p.starts_with(dir))
        || CI_FILES.contains(&p.as_str())
        || CI_SUFFIXES.iter().any(|s| p.ends_with(s))
}

/// Whether an absolute path written in a checkout is CI configuration.
/// Where the repository's root is, a write does not say: every directory
/// on the path is tried as the root, so a nested repository's CI file
/// counts too (a file that only looks like one in a subdirectory is
/// cautioned rather than missed).
pub fn is_ci_config_at(abs: &str) -> bool {
    abs.char_indices()
        .filter(|&(_, c)| c == '/')
        .any(|(i, _)| is_ci_config(&abs[i + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_ci_system_is_ci_configuration() {
        for p in [
            ".github/workflows/ci.yml",
            ".github/actions/setup/action.yml",
            ".gitlab-ci.yml",
            ".gitlab/ci/test.yml",
            "ci/templates/test.gitlab-ci.yml",
            ".circleci/config.yml",
            ".travis.yml",
            "azure-pipelines.yml",
            "bitbucket-pipelines.yml",
            "Jenkinsfile",
            ".buildkite/pipeline.yml",
            ".drone.yml",
            ".woodpecker.yml",
            ".woodpecker/test.yml",
        ] {
            assert!(is_ci_config(p), "{p}");
            assert!(is_ci_config_at(&format!("/work/app/{p}")), "{p}");
        }
    }

    #[test]
    fn files_beside_ci_configuration_are_not() {
        for p in [
            ".github/README.md",
            ".github/ISSUE_TEMPLATE/bug_report.md",
            ".github/pull_request_template.md",
            ".github/dependabot.yml",
            "docs/ci.md",
            "src/travis.yml",
            "jenkinsfile.md",
            "workflows/ci.yml",
        ] {
            assert!(!is_ci_config(p), "{p}");
            assert!(!is_ci_config_at(&format!("/work/app/{p}")), "{p}");
        }
    }
}
