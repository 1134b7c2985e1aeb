//! The store's error type. Variants say which kind of failure it is so the
//! daemon can map them to gRPC status codes in one place.

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The caller's input is invalid; `field` names which part.
    #[error("{field}: {message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    /// A referenced thing does not exist.
    #[error("no {what} {key:?}")]
    NotFound { what: &'static str, key: String },
    /// A thing with that identity already exists.
    #[error("{what} {key:?} already exists")]
    AlreadyExists { what: &'static str, key: String },
    /// The request is valid but the current state refuses it.
    #[error("{0}")]
    Conflict(String),
    #[error("database error while {context}: {source}")]
    Sqlite {
        context: &'static str,
        #[source]
        source: rusqlite::Error,
    },
    #[error("stored data is corrupt ({context}): {message}")]
    Corrupt {
        context: &'static str,
        message: String,
    },
    #[error("could not apply database migrations: {0}")]
    Migration(String),
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    /// The writer thread is gone (the store is shutting down).
    #[error("the store is closed")]
    Closed,
    /// The batch this write was part of failed to commit; nothing was written.
    #[error("commit failed, nothing was written: {0}")]
    CommitFailed(String),
}

impl StoreError {
    pub(crate) fn sql(context: &'static str) -> impl FnOnce(rusqlite::Error) -> Self {
        move |source| Self::Sqlite { context, source }
    }

    pub(crate) fn invalid(field: &'static str, message: impl ToString) -> Self {
        Self::Invalid {
            field,
            message: message.to_string(),
        }
    }

    pub(crate) fn corrupt(context: &'static str, message: impl ToString) -> Self {
        Self::Corrupt {
            context,
            message: message.to_string(),
        }
    }
}

pub(crate) type Result<T, E = StoreError> = std::result::Result<T, E>;
