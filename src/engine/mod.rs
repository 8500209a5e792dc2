//! The generic game state machine: who owns what, where every piece is, whose turn it is, and
//! how a move (a list of atomic actions) changes that and is undone.
//!
//! Key types: [`Tables`] (the immutable facts of one loaded game), [`State`] (cheap to clone,
//! compared and hashed whole), [`Move`] and [`Action`], [`Outcome`]. The engine knows nothing
//! about TOML, Rhai or terminals: `crate::game` builds the tables and runs the script hooks.

pub(crate) mod attack;
pub(crate) mod conditions;
pub mod dice;
pub(crate) mod dice_turn;
pub mod generators;
pub(crate) mod goals;
pub(crate) mod groups;
mod ids;
pub(crate) mod joins;
mod keys;
pub(crate) mod legal;
pub(crate) mod marks;
pub(crate) mod moves;
mod outcome;
pub mod rng;
pub(crate) mod scratch;
pub(crate) mod situation;
mod state;
pub(crate) mod systems;
mod tables;

use crate::board::CellId;
pub use dice::Dice;
pub use generators::Generator;
pub use ids::*;
pub(crate) use keys::KeyHasher;
pub use keys::{cell_key, piece_key};
pub use moves::{Action, ActionList, Change, Move, Shape, TurnPart, Tx, Undo};
pub(crate) use moves::{apply_action, apply_actions, unapply_actions};
pub use outcome::Outcome;
pub use state::*;
pub use tables::*;
