//! The one place where errors become gRPC status codes. Messages name the bad
//! field and say what to do, because the CLI prints them as they are.

use compass_store::StoreError;
use tonic::{Code, Status};

/// An invalid request field.
pub(crate) fn invalid(field: impl std::fmt::Display, message: impl std::fmt::Display) -> Status {
    Status::invalid_argument(format!("{field}: {message}"))
}

/// The HTTP status of a refusal on the board port outside gRPC (the
/// shell's WebSocket), from the gRPC code the same error has everywhere.
pub(crate) fn http_status(code: Code) -> axum::http::StatusCode {
    use axum::http::StatusCode;
    match code {
        Code::InvalidArgument => StatusCode::BAD_REQUEST,
        Code::NotFound => StatusCode::NOT_FOUND,
        Code::FailedPrecondition | Code::AlreadyExists => StatusCode::CONFLICT,
        Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

pub(crate) fn from_store(error: StoreError) -> Status {
    let code = match &error {
        StoreError::Invalid { .. } => Code::InvalidArgument,
        StoreError::NotFound { .. } => Code::NotFound,
        StoreError::AlreadyExists { .. } => Code::AlreadyExists,
        StoreError::Conflict(_) => Code::FailedPrecondition,
        StoreError::Closed => Code::Unavailable,
        StoreError::Sqlite { .. }
        | StoreError::Corrupt { .. }
        | StoreError::Migration(_)
        | StoreError::Io { .. }
        | StoreError::CommitFailed(_) => {
            tracing::error!(%error, "store failure");
            Code::Internal
        }
    };
    Status::new(code, error.to_string())
}

pub(crate) fn from_secret(error: crate::secrets::SecretError) -> Status {
    use crate::secrets::SecretError;
    match error {
        e @ SecretError::Invalid { .. } => Status::invalid_argument(e.to_string()),
        e @ SecretError::NotFound(_) => Status::not_found(e.to_string()),
        e @ SecretError::Io { .. } => {
            // Paths and the OS error only: values are never in an error.
            tracing::error!(error = %e, "secret store failure");
            Status::internal(e.to_string())
        }
    }
}

pub(crate) fn from_fleet(error: crate::fleet::FleetError) -> Status {
    use crate::fleet::FleetError;
    match error {
        FleetError::Store(e) => from_store(e),
        FleetError::Secret(e) => from_secret(e),
        FleetError::Invalid(m) => Status::invalid_argument(m),
        FleetError::State(m) => Status::failed_precondition(m),
        FleetError::Runtime(e) => {
            let code = match &e {
                compass_runtime::RuntimeError::UnknownBackend(_)
                | compass_runtime::RuntimeError::BadName { .. }
                | compass_runtime::RuntimeError::Invalid { .. } => Code::InvalidArgument,
                compass_runtime::RuntimeError::Paused(_)
                | compass_runtime::RuntimeError::Refused { .. }
                | compass_runtime::RuntimeError::Unpinned { .. } => Code::FailedPrecondition,
                compass_runtime::RuntimeError::MissingTool { .. }
                | compass_runtime::RuntimeError::Unsupported { .. } => Code::FailedPrecondition,
                compass_runtime::RuntimeError::Engine { .. } => Code::Unavailable,
                _ => Code::Internal,
            };
            Status::new(code, format!("workload: {e}"))
        }
        e @ FleetError::Unfrozen { .. } => Status::unavailable(e.to_string()),
        FleetError::Acp(e) => Status::unavailable(format!("agent session: {e}")),
        FleetError::Relay(e) => {
            tracing::error!(error = %e, "push relay failure");
            Status::internal(FleetError::Relay(e).to_string())
        }
        e @ FleetError::Io { .. } => Status::internal(e.to_string()),
    }
}

pub(crate) fn from_change(error: crate::warden_state::ChangeError) -> Status {
    use crate::warden_state::ChangeError;
    match error {
        e @ (ChangeError::Pattern(_) | ChangeError::Hash(_)) => {
            Status::invalid_argument(e.to_string())
        }
        ChangeError::Store(e) => from_store(e),
    }
}
