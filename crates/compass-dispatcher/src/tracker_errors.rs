//! What a tracker's refusal means: its HTTP status, and the error bodies
//! trackers document (GitHub's `{"message": …}`, GraphQL's `errors` array
//! with an `extensions.code`, Jira's `errorMessages`), turned into
//! [`DispatchError`]s that name the secret, never the token.

use crate::error::DispatchError;
use crate::token::Token;
use serde_json::Value;

/// GitHub's error body is `{"message": …}` (a `422` adds the reasons in
/// `errors`: a `message`, or the `field` and `code`), GraphQL's `{"errors":
/// [{"message": …}]}`; anything else is shown cut short.
pub(crate) fn message_of(body: &[u8]) -> String {
    let text = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| {
            if let Some(m) = v["message"].as_str() {
                return Some(with_reasons(m, &v["errors"]));
            }
            v["errors"][0]["message"]
                .as_str()
                .or_else(|| v["errorMessages"][0].as_str())
                .map(str::to_owned)
        })
        .unwrap_or_else(|| String::from_utf8_lossy(body).into_owned());
    let mut short: String = text.chars().filter(|c| !c.is_control()).take(200).collect();
    if short.is_empty() {
        short.push_str("(no message)");
    }
    short
}

/// GitHub's `message` with the reasons its `errors` list gives.
fn with_reasons(message: &str, errors: &Value) -> String {
    let reasons: Vec<String> = errors
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| match e["message"].as_str() {
            Some(m) => Some(m.to_owned()),
            None => Some(format!(
                "{} {}",
                e["field"].as_str()?,
                e["code"].as_str().unwrap_or("invalid")
            )),
        })
        .collect();
    if reasons.is_empty() {
        message.to_owned()
    } else {
        format!("{message}: {}", reasons.join("; "))
    }
}

/// The error of a refused request, by its status.
pub(crate) fn classify(what: &str, token: &Token, status: u16, body: &[u8]) -> DispatchError {
    let what = what.to_owned();
    match status {
        401 => DispatchError::Unauthorized {
            secret: token.secret().to_owned(),
        },
        403 => DispatchError::Forbidden {
            what,
            message: message_of(body),
        },
        404 | 410 => DispatchError::NotFound { what },
        _ => DispatchError::Rejected {
            what,
            status,
            message: message_of(body),
        },
    }
}

/// The error a GraphQL answer carries, if any.
pub(crate) fn graphql_error(
    what: &str,
    token: &Token,
    v: &Value,
    body: &[u8],
) -> Option<DispatchError> {
    let errors = v["errors"].as_array().filter(|e| !e.is_empty())?;
    let code = errors[0]["extensions"]["code"].as_str().unwrap_or_default();
    Some(match code {
        "AUTHENTICATION_ERROR" => DispatchError::Unauthorized {
            secret: token.secret().to_owned(),
        },
        "FORBIDDEN" => DispatchError::Forbidden {
            what: what.to_owned(),
            message: message_of(body),
        },
        _ => DispatchError::Rejected {
            what: what.to_owned(),
            status: 200,
            message: message_of(body),
        },
    })
}

/// Linear's error for a request it refused with an HTTP error status, if
/// the body is a GraphQL error (its `401` and `400` carry one).
pub(crate) fn graphql_classify(what: &str, token: &Token, body: &[u8]) -> Option<DispatchError> {
    let v: Value = serde_json::from_slice(body).ok()?;
    graphql_error(what, token, &v, body)
}
