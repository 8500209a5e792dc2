//! icebox: board games as data. See ARCHITECTURE.md for the map.
#![warn(missing_docs)]
// Diagnostics are large (file, excerpt, help) but only travel on the cold error path; boxing
// them everywhere would cost clarity for no measurable gain.
#![allow(clippy::result_large_err)]

pub mod ai;
pub mod board;
pub mod catalog;
#[cfg(feature = "cli")]
pub mod cli;
pub mod def;
pub mod diag;
pub mod engine;
pub mod fsio;
pub mod game;
mod lower;
pub mod notation;
pub mod record;
pub mod rules;
pub mod scaffold;
pub mod selfplay;
#[cfg(feature = "cli")]
pub mod serve;
pub mod stats;
pub mod testing;

pub use game::Game;
