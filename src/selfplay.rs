//! Self-play at scale: many games of one rule set between automatic agents, in parallel, one
//! JSON line per game. Each game is a pure function of (definition, options, agents, seed),
//! so results are identical whatever the number of threads, and a run can be split by seed
//! range, resumed, and merged.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ai::{Agent, choose};
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
}

/// Plays one game of the plan.
pub fn play_one(g: &Game, plan: &Plan, seed: u64) -> Result<GameResult, String> {
    let t = &g.tables;
    let agents: Vec<Agent> = t
        .seats
        .iter()
        .map(|s| plan.seats.get(&s.name).copied().unwrap_or(Agent::Random))
        .collect();
    let mut rng = Rng::new(seed);
    let mut s = g.start().map_err(|e| e.to_string())?;
    let mut moves = g.legal_moves(&s).map_err(|e| e.to_string())?;
    let mut next = Vec::new();
    while !s.is_over() {
        let agent = match agents[s.turn().index()] {
            Agent::Human => Agent::Random,
            a => a,
        };
        let m = choose(g, &s, &moves, agent, &mut rng)
            .map_err(|e| e.to_string())?
            .ok_or("a live game without a move")?;
        // play_fast hands back the next position's moves, which settling computed anyway.
        g.play_fast(&mut s, &m, &mut next)
            .map_err(|e| e.to_string())?;
        std::mem::swap(&mut moves, &mut next);
    }
    let o = s.outcome().ok_or("the game did not end")?;
    let limit = o.reason.starts_with("move limit");
    Ok(GameResult {
        seed,
        game: t.id.clone(),
        variant: plan.variant.clone(),
        sets: plan.sets.iter().map(|(k, v)| format!("{k}={v}")).collect(),
        seats: t
            .seats
            .iter()
            .zip(&agents)
            .map(|(seat, a)| format!("{}={}", seat.name, agent_label(*a)))
            .collect(),
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
    }
}

/// Plays every seed of the plan in parallel; `done` is called after each game (for a progress
/// bar). Results come back in seed order, whatever the number of threads.
pub fn run(plan: &Plan, done: &(dyn Fn() + Sync)) -> Result<Vec<GameResult>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.jobs)
        .build()
        .map_err(|e| e.to_string())?;
    pool.install(|| {
        plan.seeds
            .par_iter()
            .map_init(
                // A Game is single-threaded (its script engine): one per worker.
                || Game::load(&plan.files, plan.variant.as_deref(), &plan.sets),
                |g, &seed| {
                    let g = g.as_ref().map_err(|d| d.to_string())?;
                    let r = play_one(g, plan, seed);
                    done();
                    r
                },
            )
            .collect()
    })
}
