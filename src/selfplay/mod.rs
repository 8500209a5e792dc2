//! Self-play at scale: many games of one rule set between automatic agents, in parallel, one
//! JSON line per game. Each game is a pure function of (definition, options, agents, seed),
//! so results are identical whatever the number of threads, and a run can be split by seed
//! range or into shards, resumed, and merged. Every result carries the run's configuration
//! ([`Config`]), so results of different rule sets or engine versions are never mixed.
//!
//! Key types: [`Plan`], [`GameResult`], [`Config`]; `results` writes and reads results files.

pub mod ladder;
pub mod results;

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ai::{Agent, Player};
use crate::def::GameFiles;
use crate::engine::rng::Rng;
use crate::game::Game;

/// What to play.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The game's files.
    pub files: GameFiles,
    /// A variant.
    pub variant: Option<String>,
    /// `--set` values.
    pub sets: Vec<(String, String)>,
    /// The agent of each seat (by seat name; missing seats play random).
    pub seats: BTreeMap<String, Agent>,
    /// Seeds to play, one game each.
    pub seeds: Vec<u64>,
    /// Worker threads (0 = all cores).
    pub jobs: usize,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The seed (of the agents' random choices).
    pub seed: u64,
    /// Game id.
    pub game: String,
    /// Variant, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Options set (`key=value`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<String>,
    /// Agent per seat, in seat order: `A=random`.
    pub seats: Vec<String>,
    /// Seat names of the winners (empty for a draw).
    pub winners: Vec<String>,
    /// Rank of each seat, in seat order (0 = first).
    pub ranks: Vec<u8>,
    /// Final score of each seat.
    pub scores: Vec<i64>,
    /// Plies played.
    pub plies: u32,
    /// Why the game ended, as the rules say it.
    pub reason: String,
    /// `win`, `draw` or `limit` (cut by the ply limit).
    pub end: String,
    /// How the game ended, in words ("White wins: checkmate"), as `play` says it.
    #[serde(default)]
    pub result: String,
    /// The icebox version that played it.
    #[serde(default)]
    pub engine: String,
    /// A digest of the game's files (definition, script, variants, boards): another
    /// definition is another experiment.
    #[serde(default)]
    pub rules: String,
}

/// What makes results comparable: the same game files, variant, options, agents and engine.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Config {
    /// Game id.
    pub game: String,
    /// Variant.
    pub variant: Option<String>,
    /// Options set, `key=value`, sorted.
    pub sets: Vec<String>,
    /// Agents by seat, `A=random`.
    pub seats: Vec<String>,
    /// icebox version.
    pub engine: String,
    /// Digest of the game's files.
    pub rules: String,
}

impl std::fmt::Display for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.game)?;
        if let Some(v) = &self.variant {
            write!(f, " --variant {v}")?;
        }
        for s in &self.sets {
            write!(f, " --set {s}")?;
        }
        write!(
            f,
            ", seats {}, icebox {}, rules {}",
            self.seats.join(" "),
            if self.engine.is_empty() {
                "?"
            } else {
                &self.engine
            },
            if self.rules.is_empty() {
                "?"
            } else {
                &self.rules
            }
        )
    }
}

impl GameResult {
    /// The configuration this game was played under.
    pub fn config(&self) -> Config {
        let mut sets = self.sets.clone();
        sets.sort();
        Config {
            game: self.game.clone(),
            variant: self.variant.clone(),
            sets,
            seats: self.seats.clone(),
            engine: self.engine.clone(),
            rules: self.rules.clone(),
        }
    }
}

/// The version of icebox, stamped on every result.
pub const ENGINE: &str = env!("CARGO_PKG_VERSION");

impl Plan {
    /// The configuration the plan's games are played under.
    pub fn config(&self, g: &Game) -> Config {
        let mut sets: Vec<String> = self.sets.iter().map(|(k, v)| format!("{k}={v}")).collect();
        sets.sort();
        Config {
            game: g.id().to_string(),
            variant: self.variant.clone(),
            sets,
            seats: self.seat_labels(g),
            engine: ENGINE.to_string(),
            rules: self.files.digest(),
        }
    }

    fn agents(&self, g: &Game) -> Vec<Agent> {
        g.tables()
            .seats
            .iter()
            .map(|s| match self.seats.get(&s.name).copied() {
                Some(Agent::Human) | None => Agent::Random,
                Some(a) => a,
            })
            .collect()
    }

    fn seat_labels(&self, g: &Game) -> Vec<String> {
        g.tables()
            .seats
            .iter()
            .zip(self.agents(g))
            .map(|(seat, a)| format!("{}={}", seat.name, agent_label(a)))
            .collect()
    }
}

/// Why a selfplay game or run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SelfplayErrorKind {
    /// The game did not load, or a rule script failed during play.
    Rules,
    /// The engine broke its own promise (a live game without a move, a game that did not
    /// end): a bug to report.
    Engine,
    /// The caller's `each` refused a result (writing it failed).
    Results,
    /// The worker threads could not be started.
    Threads,
}

/// A selfplay failure.
pub type SelfplayError = crate::diag::Failure<SelfplayErrorKind>;

fn rules_failed(e: impl std::fmt::Display) -> SelfplayError {
    SelfplayError::new(SelfplayErrorKind::Rules, e.to_string())
}

/// Plays one game of the plan.
pub fn play_one(
    g: &Game,
    plan: &Plan,
    config: &Config,
    seed: u64,
) -> Result<GameResult, SelfplayError> {
    let t = &g.tables();
    let mut players: Vec<Player> = plan.agents(g).into_iter().map(Player::new).collect();
    let mut rng = Rng::new(seed);
    let broken = |m: &str| SelfplayError::new(SelfplayErrorKind::Engine, m);
    let mut s = g.start().map_err(rules_failed)?;
    let mut moves = g.legal_moves(&s).map_err(rules_failed)?;
    let mut next = Vec::new();
    while !s.is_over() {
        let m = players
            .get_mut(s.turn().index())
            .ok_or_else(|| broken("the seat to move has no agent"))?
            .choose(g, &s, &moves, &mut rng)
            .map_err(rules_failed)?
            .ok_or_else(|| broken("a live game without a move"))?;
        // play_fast hands back the next position's moves, which settling computed anyway.
        g.play_fast(&mut s, &m, &mut next).map_err(rules_failed)?;
        std::mem::swap(&mut moves, &mut next);
    }
    let o = s.outcome().ok_or_else(|| broken("the game did not end"))?;
    let limit = o.reason.starts_with("move limit");
    Ok(GameResult {
        seed,
        game: t.id.clone(),
        variant: config.variant.clone(),
        sets: config.sets.clone(),
        seats: config.seats.clone(),
        winners: o
            .winners()
            .iter()
            .map(|p| t.seats[p.index()].name.clone())
            .collect(),
        ranks: o.ranks.to_vec(),
        scores: s.scores().to_vec(),
        plies: s.ply(),
        reason: o.reason.clone(),
        end: if limit {
            "limit"
        } else if o.is_draw() {
            "draw"
        } else {
            "win"
        }
        .into(),
        result: g.outcome_text(o, s.scores()),
        engine: config.engine.clone(),
        rules: config.rules.clone(),
    })
}

/// How an agent is written in results.
pub fn agent_label(a: Agent) -> String {
    match a {
        Agent::Human => "human".into(),
        Agent::Random => "random".into(),
        Agent::Greedy => "greedy".into(),
        Agent::Mcts(crate::ai::Budget::Playouts(n)) => format!("mcts:{n}"),
        Agent::Mcts(crate::ai::Budget::Time(t)) => format!("mcts:{}ms", t.as_millis()),
        Agent::MctsPlus(crate::ai::Budget::Playouts(n), e) => format!("mcts{}:{n}", e.label()),
        Agent::MctsPlus(crate::ai::Budget::Time(t), e) => {
            format!("mcts{}:{}ms", e.label(), t.as_millis())
        }
        Agent::AlphaBeta(crate::ai::Horizon::Plies(n)) => format!("ab:{n}"),
        Agent::AlphaBeta(crate::ai::Horizon::Time(t)) => format!("ab:{}ms", t.as_millis()),
    }
}

/// The most games one run may play: a larger experiment is split into shards or seed ranges
/// (every game's seed is listed in memory, and a run this long would take years anyway).
pub const MAX_GAMES: u64 = 10_000_000;

/// Plays every seed of the plan in parallel. `each` sees every result as soon as its game
/// ends (to write it at once); an error from it stops the run. Results come back in seed
/// order, whatever the number of threads.
pub fn run(
    plan: &Plan,
    each: &(dyn Fn(&GameResult) -> Result<(), String> + Sync),
) -> Result<Vec<GameResult>, SelfplayError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.jobs)
        .build()
        .map_err(|e| SelfplayError::new(SelfplayErrorKind::Threads, e.to_string()))?;
    let config = {
        let g =
            Game::load(&plan.files, plan.variant.as_deref(), &plan.sets).map_err(rules_failed)?;
        plan.config(&g)
    };
    pool.install(|| {
        plan.seeds
            .par_iter()
            .map_init(
                // A Game is single-threaded (its script engine): one per worker.
                || Game::load(&plan.files, plan.variant.as_deref(), &plan.sets),
                |g, &seed| {
                    let g = g.as_ref().map_err(rules_failed)?;
                    let r = play_one(g, plan, &config, seed)?;
                    each(&r).map_err(|m| SelfplayError::new(SelfplayErrorKind::Results, m))?;
                    Ok(r)
                },
            )
            .collect()
    })
}
