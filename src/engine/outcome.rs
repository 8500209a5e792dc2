//! How a game ended: ranks per seat and why.

use smallvec::SmallVec;

use super::{PlayerId, Tables};
use crate::board::CellId;

/// How a game ended: a rank per seat (0 = best; equal ranks share a place) and why.
/// Two outcomes are equal when the ranks are: the reason is commentary, and position text
/// (which carries `result=` ranks only) must read back to an equal state.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Rank of every seat, 0 best.
    pub ranks: SmallVec<[u8; 6]>,
    /// Why the game ended, in a few words.
    pub reason: String,
    /// The cells that decided it (a winning line or chain), for display; commentary like
    /// the reason.
    pub cells: Vec<CellId>,
}

impl PartialEq for Outcome {
    fn eq(&self, other: &Outcome) -> bool {
        self.ranks == other.ranks
    }
}

impl Eq for Outcome {}

impl std::hash::Hash for Outcome {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.ranks.hash(h);
    }
}

impl Outcome {
    /// True when there are several seats and all share one rank. (A one-seat game, a
    /// puzzle, is won at rank 0 and lost at any other.)
    pub fn is_draw(&self) -> bool {
        self.ranks.len() > 1 && self.ranks.iter().all(|r| *r == self.ranks[0])
    }

    /// The seats ranked first (the winners), unless the game is a draw.
    pub fn winners(&self) -> Vec<PlayerId> {
        if self.is_draw() {
            return Vec::new();
        }
        let best = if self.ranks.len() == 1 {
            0
        } else {
            self.ranks.iter().min().copied().unwrap_or(0)
        };
        (0..self.ranks.len())
            .filter(|&i| self.ranks[i] == best)
            .map(|i| PlayerId(i as u8))
            .collect()
    }

    /// Returns per seat in [-1, 1]: 1 for a sole best rank, -1 for the worst, 0 in a draw.
    pub fn returns(&self) -> Vec<f64> {
        if self.ranks.len() == 1 {
            return vec![if self.ranks[0] == 0 { 1.0 } else { -1.0 }];
        }
        let worst = self.ranks.iter().max().copied().unwrap_or(0) as f64;
        if worst == 0.0 {
            return vec![0.0; self.ranks.len()];
        }
        self.ranks
            .iter()
            .map(|&r| 1.0 - 2.0 * r as f64 / worst)
            .collect()
    }
}

impl Outcome {
    /// Seat `p` (and its team) wins; everybody else shares second place.
    pub fn win(t: &Tables, p: PlayerId, reason: impl Into<String>) -> Outcome {
        Outcome::two_places(t, p, 0, reason)
    }

    /// Seat `p` (and its team) loses; everybody else shares first place.
    pub fn lose(t: &Tables, p: PlayerId, reason: impl Into<String>) -> Outcome {
        Outcome::two_places(t, p, 1, reason)
    }

    /// `p`'s team at rank `team_rank` (0 or 1), everybody else at the other.
    fn two_places(t: &Tables, p: PlayerId, team_rank: u8, reason: impl Into<String>) -> Outcome {
        let ranks = (0..t.player_count())
            .map(|i| {
                if t.same_team(PlayerId(i as u8), p) {
                    team_rank
                } else {
                    1 - team_rank
                }
            })
            .collect();
        Outcome {
            ranks,
            reason: reason.into(),
            cells: Vec::new(),
        }
    }

    /// Nobody wins.
    pub fn draw(t: &Tables, reason: impl Into<String>) -> Outcome {
        Outcome {
            ranks: SmallVec::from_elem(0, t.player_count()),
            reason: reason.into(),
            cells: Vec::new(),
        }
    }

    /// Ranks by team score totals, highest first (or lowest first); equal totals share a rank.
    pub fn by_scores(
        t: &Tables,
        scores: &[i64],
        high_wins: bool,
        reason: impl Into<String>,
    ) -> Outcome {
        let team_total = |p: usize| -> i64 {
            (0..t.player_count())
                .filter(|&q| t.seats[q].team == t.seats[p].team)
                .fold(0i64, |a, q| a.saturating_add(scores[q]))
        };
        let totals: Vec<i64> = (0..t.player_count()).map(team_total).collect();
        let ranks = (0..t.player_count())
            .map(|p| {
                let better = totals
                    .iter()
                    .enumerate()
                    .filter(|&(q, &v)| {
                        t.seats[q].team != t.seats[p].team
                            && if high_wins {
                                v > totals[p]
                            } else {
                                v < totals[p]
                            }
                    })
                    .map(|(q, _)| t.seats[q].team)
                    .collect::<std::collections::BTreeSet<u8>>()
                    .len();
                better as u8
            })
            .collect();
        Outcome {
            ranks,
            reason: reason.into(),
            cells: Vec::new(),
        }
    }
}
