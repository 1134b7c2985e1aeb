//! Linear over GraphQL (`POST {api}/graphql`): a team's issues page by page
//! (`pageInfo.endCursor`), and a workstream's state written back (its
//! `compass:<state>` label, the issue moved to the team's first completed
//! workflow state, a comment). Linear answers a failed operation with an
//! `errors` array, often under HTTP 200 or 400: every answer is checked for
//! it, and `AUTHENTICATION_ERROR` names the secret like a GitHub `401`.
//!
//! Linear lists issues newest change first, so a sync's cursor may move
//! only once its last page is in (`sync.rs`).

use crate::error::DispatchError;
use crate::http::{Api, Http};
use crate::paging::{Page, TokenPaged};
use crate::times::normalise_time;
use crate::token::Token;
use crate::tracker_errors::graphql_error;
use compass_core::source::{ExternalIssue, LinearConfig, StateFilter};
use serde::Deserialize;
use serde_json::{Value, json};
use std::time::Duration;

/// Workflow state types that close an issue.
const CLOSED_TYPES: [&str; 2] = ["completed", "canceled"];

/// 100 issues a page (Linear allows up to 250).
const ISSUES_QUERY: &str = "query CompassIssues($filter: IssueFilter, $after: String) { \
    issues(filter: $filter, first: 100, after: $after, orderBy: updatedAt) { \
    nodes { id identifier number title description url updatedAt state { type } \
    labels { nodes { name } } } pageInfo { hasNextPage endCursor } } }";

const TEAM_QUERY: &str = "query CompassTeam($key: String!) { \
    teams(filter: { key: { eq: $key } }) { nodes { id \
    labels(first: 250) { nodes { id name } } \
    states { nodes { id type position } } } } }";

const ISSUE_LABELS_QUERY: &str = "query CompassIssueLabels($id: String!) { \
    issue(id: $id) { labels { nodes { id name } } } }";

const LABEL_CREATE: &str = "mutation CompassLabelCreate($input: IssueLabelCreateInput!) { \
    issueLabelCreate(input: $input) { success issueLabel { id name } } }";

const ISSUE_UPDATE: &str = "mutation CompassIssueUpdate($id: String!, $input: IssueUpdateInput!) { \
    issueUpdate(id: $id, input: $input) { success } }";

const COMMENT_CREATE: &str = "mutation CompassCommentCreate($input: CommentCreateInput!) { \
    commentCreate(input: $input) { success } }";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LnIssue {
    id: String,
    identifier: String,
    number: f64,
    title: String,
    description: Option<String>,
    #[serde(default)]
    url: String,
    updated_at: String,
    state: Option<LnState>,
    labels: Option<Nodes<LnLabel>>,
}

#[derive(Deserialize)]
struct LnState {
    #[serde(rename = "type")]
    kind: String,
}

#[derive(Deserialize)]
struct LnLabel {
    #[serde(default)]
    id: String,
    name: String,
}

#[derive(Deserialize)]
struct Nodes<T> {
    nodes: Vec<T>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PageInfo {
    has_next_page: bool,
    end_cursor: Option<String>,
}

#[derive(Deserialize)]
struct LnTeam {
    id: String,
    labels: Nodes<LnLabel>,
    states: Nodes<LnWorkflowState>,
}

#[derive(Deserialize)]
struct LnWorkflowState {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    position: f64,
}

/// A Linear team's issues, as one source sees them.
#[derive(Debug)]
pub(crate) struct Linear<'a> {
    pub(crate) http: &'a Http,
    pub(crate) config: &'a LinearConfig,
    pub(crate) token: &'a Token,
}

impl Linear<'_> {
    /// One GraphQL operation; `data` comes back, or the error Linear named.
    async fn call(
        &self,
        op: &str,
        query: &str,
        variables: Value,
    ) -> Result<(Value, Duration), DispatchError> {
        let what = format!("POST /graphql {op}");
        let url = format!("{}/graphql", self.config.api_url);
        let body = json!({"query": query, "variables": variables});
        let (answer, waited) = self
            .http
            .send(Api::Linear, &what, self.token, |c| c.post(&url).json(&body))
            .await?;
        let v: Value =
            serde_json::from_slice(&answer.body).map_err(|e| DispatchError::Malformed {
                what: what.clone(),
                message: e.to_string(),
            })?;
        if let Some(e) = graphql_error(&what, self.token, &v, &answer.body) {
            return Err(e);
        }
        Ok((v["data"].clone(), waited))
    }

    /// The filter of a sync from `cursor`: without a cursor the state
    /// filter applies; with one every state is asked for, so a completed or
    /// reopened issue that was imported updates in place.
    fn filter(&self, cursor: Option<&str>) -> Value {
        let mut and = vec![json!({"team": {"key": {"eq": self.config.team}}})];
        match cursor {
            Some(c) => and.push(json!({"updatedAt": {"gt": c}})),
            None => match self.config.state {
                StateFilter::Open => and.push(json!({"state": {"type": {"nin": CLOSED_TYPES}}})),
                StateFilter::Closed => and.push(json!({"state": {"type": {"in": CLOSED_TYPES}}})),
                StateFilter::All => {}
            },
        }
        for label in &self.config.labels {
            and.push(json!({"labels": {"some": {"name": {"eq": label}}}}));
        }
        if let Some(email) = &self.config.assignee {
            and.push(json!({"assignee": {"email": {"eq": email}}}));
        }
        json!({"and": and})
    }

    /// Fetch the page after `after` of a sync from `cursor`.
    async fn issues_page(
        &self,
        cursor: Option<&str>,
        after: Option<&str>,
    ) -> Result<Page, DispatchError> {
        let what = "POST /graphql CompassIssues";
        let vars = json!({"filter": self.filter(cursor), "after": after});
        let (data, waited) = self.call("CompassIssues", ISSUES_QUERY, vars).await?;
        let malformed = |message: String| DispatchError::Malformed {
            what: what.to_owned(),
            message,
        };
        let nodes: Vec<LnIssue> = serde_json::from_value(data["issues"]["nodes"].clone())
            .map_err(|e| malformed(format!("issues.nodes: {e}")))?;
        let info: PageInfo = serde_json::from_value(data["issues"]["pageInfo"].clone())
            .map_err(|e| malformed(format!("issues.pageInfo: {e}")))?;
        let mut issues = Vec::with_capacity(nodes.len());
        for i in nodes {
            let updated_at = normalise_time(&i.updated_at).ok_or_else(|| {
                malformed(format!("{} has updatedAt {:?}", i.identifier, i.updated_at))
            })?;
            if i.number < 0.0 || i.number.fract() != 0.0 || i.number > u32::MAX.into() {
                return Err(malformed(format!(
                    "{} has number {}",
                    i.identifier, i.number
                )));
            }
            let open = i
                .state
                .as_ref()
                .is_none_or(|s| !CLOSED_TYPES.contains(&s.kind.as_str()));
            issues.push(ExternalIssue {
                external_id: i.id,
                key: i.identifier,
                number: i.number as u64,
                title: i.title,
                body: i.description.unwrap_or_default(),
                labels: i
                    .labels
                    .map(|l| l.nodes.into_iter().map(|n| n.name).collect())
                    .unwrap_or_default(),
                open,
                updated_at,
                url: i.url,
            });
        }
        let next = match (info.has_next_page, info.end_cursor) {
            (true, Some(c)) => Some(c),
            (true, None) => return Err(malformed("hasNextPage without an endCursor".into())),
            (false, _) => None,
        };
        Ok(Page {
            issues,
            next,
            waited,
        })
    }

    async fn team(&self) -> Result<LnTeam, DispatchError> {
        let (data, _) = self
            .call("CompassTeam", TEAM_QUERY, json!({"key": self.config.team}))
            .await?;
        let mut teams: Vec<LnTeam> = serde_json::from_value(data["teams"]["nodes"].clone())
            .map_err(|e| DispatchError::Malformed {
                what: "POST /graphql CompassTeam".into(),
                message: e.to_string(),
            })?;
        if teams.is_empty() {
            return Err(DispatchError::NotFound {
                what: format!("Linear team {}", self.config.team),
            });
        }
        Ok(teams.swap_remove(0))
    }

    /// Fail unless a mutation's payload says `success: true`.
    async fn mutate(
        &self,
        op: &str,
        query: &str,
        field: &str,
        variables: Value,
    ) -> Result<Value, DispatchError> {
        let (data, _) = self.call(op, query, variables).await?;
        let payload = data[field].clone();
        if payload["success"] != true {
            return Err(DispatchError::Rejected {
                what: format!("POST /graphql {op}"),
                status: 200,
                message: format!("{field} answered success: {}", payload["success"]),
            });
        }
        Ok(payload)
    }

    /// Swap the issue's `remove` label for `add` (created in the team when
    /// it has none of that name).
    pub(crate) async fn relabel(
        &self,
        issue_id: &str,
        remove: &str,
        add: &str,
    ) -> Result<(), DispatchError> {
        let team = self.team().await?;
        let add_id = match team.labels.nodes.iter().find(|l| l.name == add) {
            Some(l) => l.id.clone(),
            None => {
                let created = self
                    .mutate(
                        "CompassLabelCreate",
                        LABEL_CREATE,
                        "issueLabelCreate",
                        json!({"input": {"name": add, "teamId": team.id}}),
                    )
                    .await?;
                created["issueLabel"]["id"]
                    .as_str()
                    .ok_or_else(|| DispatchError::Malformed {
                        what: "POST /graphql CompassLabelCreate".into(),
                        message: "no issueLabel.id".into(),
                    })?
                    .to_owned()
            }
        };
        let (data, _) = self
            .call(
                "CompassIssueLabels",
                ISSUE_LABELS_QUERY,
                json!({"id": issue_id}),
            )
            .await?;
        let current: Nodes<LnLabel> = serde_json::from_value(data["issue"]["labels"].clone())
            .map_err(|e| DispatchError::Malformed {
                what: "POST /graphql CompassIssueLabels".into(),
                message: e.to_string(),
            })?;
        let mut ids: Vec<String> = current
            .nodes
            .into_iter()
            .filter(|l| l.name != remove && l.id != add_id)
            .map(|l| l.id)
            .collect();
        ids.push(add_id);
        self.mutate(
            "CompassIssueUpdate",
            ISSUE_UPDATE,
            "issueUpdate",
            json!({"id": issue_id, "input": {"labelIds": ids}}),
        )
        .await
        .map(drop)
    }

    /// Move the issue to the team's first completed workflow state.
    pub(crate) async fn complete(&self, issue_id: &str) -> Result<(), DispatchError> {
        let team = self.team().await?;
        let done = team
            .states
            .nodes
            .iter()
            .filter(|s| s.kind == "completed")
            .min_by(|a, b| a.position.total_cmp(&b.position))
            .ok_or_else(|| DispatchError::NotFound {
                what: format!(
                    "a completed workflow state in Linear team {}",
                    self.config.team
                ),
            })?;
        self.mutate(
            "CompassIssueUpdate",
            ISSUE_UPDATE,
            "issueUpdate",
            json!({"id": issue_id, "input": {"stateId": done.id}}),
        )
        .await
        .map(drop)
    }

    pub(crate) async fn comment(&self, issue_id: &str, text: &str) -> Result<(), DispatchError> {
        self.mutate(
            "CompassCommentCreate",
            COMMENT_CREATE,
            "commentCreate",
            json!({"input": {"issueId": issue_id, "body": text}}),
        )
        .await
        .map(drop)
    }
}

impl TokenPaged for Linear<'_> {
    const OLDEST_FIRST: bool = false;
    const WHAT: &'static str = "POST /graphql CompassIssues";

    async fn page(&self, cursor: Option<&str>, after: Option<&str>) -> Result<Page, DispatchError> {
        self.issues_page(cursor, after).await
    }
}
