//! The one place where errors become gRPC status codes. Messages name the bad
//! field and say what to do, because the CLI prints them as they are.

use compass_store::StoreError;
use tonic::{Code, Status};

/// An invalid request field.
pub(crate) fn invalid(field: impl std::fmt::Display, message: impl std::fmt::Display) -> Status {
    Status::invalid_argument(format!("{field}: {message}"))
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
