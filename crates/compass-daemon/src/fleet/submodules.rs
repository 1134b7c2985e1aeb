//! The submodule checkouts inside an agent's clones, for Warden, which
//! ranks what the agent reads there as dependency code
//! (`compass_warden::sources`). The runtime lists them in each host-owned
//! staging clone before it becomes the agent's and keeps the lists in the
//! state dir (`compass_runtime::gitlinks`); every start, a restart or an
//! adopted workload's included, reads them back from there, so they name
//! the commit the clone was made from, never the source repo or remote now.
//!
//! Fail closed: a submodule left out would be read as the user's own code,
//! so a repo of the project with no recorded list fails the start.

use super::FleetError;
use super::spec::repo_sources;
use compass_core::project::Project;
use compass_warden::sources::Submodules;
use std::path::Path;

/// The submodules of every repo of `project`, under each repo's directory
/// name in `/work`, as recorded in the agent's state dir.
pub(super) fn learn(project: &Project, state_dir: &Path) -> Result<Submodules, FleetError> {
    let recorded = compass_runtime::gitlinks::recorded(state_dir)?;
    let mut submodules = Submodules::default();
    for (repo, named) in project.repos.iter().zip(repo_sources(&project.repos)?) {
        let name = named.name.as_str();
        let fail = |e: String| {
            FleetError::Invalid(format!(
                "repo {}: its submodules cannot be known: {e}",
                repo.location()
            ))
        };
        let list = recorded.get(name).ok_or_else(|| {
            fail("none were recorded when it was cloned (remove the agent's workload so it is cloned again)".to_owned())
        })?;
        submodules
            .add(name, list.paths.iter().map(String::as_str))
            .map_err(|e| fail(e.to_string()))?;
    }
    Ok(submodules)
}
