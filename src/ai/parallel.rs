//! Root-parallel MCTS (`mcts+par4`): helper threads search the same position as the seat's
//! own thread, each with its own tree, random numbers and copy of the game, and the root
//! moves' visits are summed. A game's script engine serves one thread, so each helper loads
//! the game once from its [`Recipe`] and keeps it (and, with `reuse`, its tree) for the whole
//! game; positions and moves cross threads, games do not.
//!
//! The helpers' random numbers are drawn from the seat's, so a search with a playout budget
//! is the same whatever the machine's load.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use super::Budget;
use super::mcts::{Enhance, Mcts, RootMove, Tree};
use crate::engine::rng::Rng;
use crate::engine::{Move, State};
use crate::game::Recipe;
use crate::rules::{RuleError, RuleErrorKind};

/// One search asked of a helper.
struct Job {
    s: State,
    moves: Vec<Move>,
    budget: Budget,
    enhance: Enhance,
    seed: u64,
}

type Reply = Result<Vec<RootMove>, RuleError>;

struct Helper {
    jobs: Option<Sender<Job>>,
    replies: Receiver<Reply>,
    thread: Option<JoinHandle<()>>,
}

/// The helper threads of one seat.
pub(super) struct Pool {
    helpers: Vec<Helper>,
    game: String,
}

impl Pool {
    /// Starts `n` helpers for the game of `recipe` (whose id is `game`, for messages).
    pub(super) fn new(recipe: &Recipe, game: &str, n: usize) -> Result<Pool, RuleError> {
        let mut helpers = Vec::with_capacity(n);
        for i in 0..n {
            let (jobs, inbox) = channel::<Job>();
            let (outbox, replies) = channel::<Reply>();
            let recipe = recipe.clone();
            let id = game.to_string();
            let thread = std::thread::Builder::new()
                .name(format!("mcts-helper-{i}"))
                .spawn(move || serve(&recipe, &id, &inbox, &outbox))
                .map_err(|e| {
                    RuleError::of(
                        RuleErrorKind::Rules,
                        game,
                        format!("a search thread did not start: {e}"),
                    )
                })?;
            helpers.push(Helper {
                jobs: Some(jobs),
                replies,
                thread: Some(thread),
            });
        }
        Ok(Pool {
            helpers,
            game: game.to_string(),
        })
    }

    /// Hands every helper the search of `s`, each with a seed drawn from `rng`.
    pub(super) fn start(
        &self,
        s: &State,
        moves: &[Move],
        budget: Budget,
        enhance: Enhance,
        rng: &mut Rng,
    ) -> Result<(), RuleError> {
        for h in &self.helpers {
            let job = Job {
                s: s.clone(),
                moves: moves.to_vec(),
                budget,
                enhance,
                seed: rng.next_u64(),
            };
            let sent = h.jobs.as_ref().is_some_and(|j| j.send(job).is_ok());
            if !sent {
                return Err(self.lost());
            }
        }
        Ok(())
    }

    /// Every helper's root standings for the search last started, merged into `into`. Every
    /// helper's answer is taken, even after one failed, so none is left waiting to be taken
    /// as the answer to the next search; the first failure is returned.
    pub(super) fn finish(&self, into: &mut Vec<RootMove>) -> Result<(), RuleError> {
        let mut failed = None;
        for h in &self.helpers {
            match h.replies.recv().map_err(|_| self.lost()) {
                Ok(Ok(stats)) => super::mcts::merge(into, stats),
                Ok(Err(e)) | Err(e) => {
                    failed.get_or_insert(e);
                }
            }
        }
        failed.map_or(Ok(()), Err)
    }

    fn lost(&self) -> RuleError {
        RuleError::of(
            RuleErrorKind::Rules,
            &self.game,
            "a search thread stopped without an answer",
        )
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Closing each helper's inbox ends its loop; a search under way finishes first.
        for h in &mut self.helpers {
            h.jobs = None;
        }
        for h in &mut self.helpers {
            if let Some(t) = h.thread.take() {
                let _ = t.join();
            }
        }
    }
}

/// A helper's life: load the game, then search each position sent until the inbox closes.
fn serve(recipe: &Recipe, id: &str, inbox: &Receiver<Job>, outbox: &Sender<Reply>) {
    let game = recipe.load().map_err(|d| {
        RuleError::of(
            RuleErrorKind::Rules,
            id,
            format!("the game did not load in a search thread: {d}"),
        )
    });
    let mut kept: Option<Tree> = None;
    while let Ok(job) = inbox.recv() {
        let reply = match &game {
            Err(e) => Err(e.clone()),
            Ok(g) => {
                let tree = match kept.take() {
                    Some(t) if job.enhance.reuse => t.at(g, &job.s, &job.moves),
                    _ => Tree::new(&job.s, &job.moves),
                };
                let mut rng = Rng::new(job.seed);
                Mcts::new(g, tree, &mut rng, job.enhance)
                    .run(job.budget)
                    .map(|(stats, tree)| {
                        if job.enhance.reuse {
                            kept = Some(tree);
                        }
                        stats
                    })
            }
        };
        if outbox.send(reply).is_err() {
            return;
        }
    }
}
