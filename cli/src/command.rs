//! The commands, one module each, written once for every variant: each
//! resolves its variant through [`crate::variant`], builds its game through
//! [`crate::game`] (a [`motley_core::session::Session`]) and prints text or
//! a [`crate::document`]. The crate root's `run_io` is the one `match` over
//! commands; the HTTP API calls the same functions.

pub mod analyze;
pub mod annotate;
pub mod league;
pub mod matches;
pub mod moves;
pub mod odds;
pub mod perft;
pub mod play;
pub mod ratings;
pub mod record;
pub mod render;
pub mod replay;
pub mod serve;
pub mod show;
pub mod uci;
