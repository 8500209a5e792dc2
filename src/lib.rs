//! icebox: board games as data. See ARCHITECTURE.md for the map.
#![warn(missing_docs)]

pub mod board;
pub mod ai;
pub mod catalog;
pub mod cli;
pub mod def;
pub mod diag;
pub mod engine;
pub mod game;
pub mod notation;
pub mod rules;
pub mod testing;

pub use game::Game;
