//! Trackers that page by an opaque token (Linear's `endCursor`, Jira's
//! `nextPageToken`): one page, and what the sync loop needs to know of
//! their order.

use crate::error::DispatchError;
use compass_core::source::ExternalIssue;
use std::time::Duration;

/// One page of a tracker's issues.
#[derive(Debug)]
pub(crate) struct Page {
    pub(crate) issues: Vec<ExternalIssue>,
    /// The token of the next page, when there is one.
    pub(crate) next: Option<String>,
    pub(crate) waited: Duration,
}

/// A tracker whose issues are paged by token from a sync cursor.
pub(crate) trait TokenPaged {
    /// Pages come oldest change first, so the cursor may move with each;
    /// otherwise it moves only with the last.
    const OLDEST_FIRST: bool;
    /// The request, for errors.
    const WHAT: &'static str;

    /// The page after `after` of a sync from `cursor`.
    async fn page(&self, cursor: Option<&str>, after: Option<&str>) -> Result<Page, DispatchError>;
}
