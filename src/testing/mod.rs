//! Checking games: scenario tests written as data (`games/<id>/tests/*.toml`) and the one
//! conformance test every game must pass. Both are library code so that `icebox test` and
//! `cargo test` run exactly the same checks, on built-in and user games alike.

pub mod conformance;
pub mod mutants;
mod perft;
pub mod scenario;
mod validate;

pub use conformance::{ConformanceReport, conformance, conformance_until, smoke, smoke_until};
pub use mutants::{FailingScenarios, MutantReport, run_mutants};
pub use perft::{Count as PerftCount, Progress as PerftProgress, perft, perft_watched};
pub use scenario::{ScenarioReport, run_scenarios};
pub use validate::{Validation, validate};
