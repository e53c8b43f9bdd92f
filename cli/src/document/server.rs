//! The API server's own documents: an error, and its health.

use schemars::JsonSchema;
use serde::Serialize;

/// An API error: `{"error": "<the CLI's error line>"}`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct ErrorDocument {
    /// The error line, as the CLI prints it on stderr.
    error: String,
}

impl ErrorDocument {
    /// The error `line`.
    #[must_use]
    pub fn new(line: &str) -> ErrorDocument {
        ErrorDocument { error: line.to_owned() }
    }
}

/// `GET /api/health`: what the server is doing.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct HealthDocument {
    /// Searches running now (analysis streams and `analyze` / `annotate` calls).
    searches: usize,
    /// Analysis streams open.
    streams: usize,
    /// `POST` commands running.
    jobs: usize,
    /// The server's version.
    version: &'static str,
}

impl HealthDocument {
    /// The counts of running `searches`, open `streams` and running `jobs`.
    #[must_use]
    pub fn new(searches: usize, streams: usize, jobs: usize) -> HealthDocument {
        HealthDocument { searches, streams, jobs, version: env!("CARGO_PKG_VERSION") }
    }
}
