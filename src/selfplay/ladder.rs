//! A ladder: every pair of agents plays the same number of games, each seat order as often as
//! the other, and the results (ordinary self-play results, one file per pairing and seat
//! order) rate the agents on the Elo scale with 95% intervals.
//!
//! Ratings are the Bradley-Terry maximum-likelihood fit of every pairwise result: in a game of
//! more seats, each two seats played by different agents count as one game between them, won
//! by the better rank (a draw when the ranks are equal). The first agent listed is the anchor
//! at 0, so `random` listed first reads as "Elo above random". Every pair is given one drawn
//! game more than it played, so an agent that won every game has a large but finite rating;
//! the intervals come from the fit's curvature (the observed information).

use super::GameResult;

/// One seat order of one pair: the agent (by index in the ladder's list) in each seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The agent of each seat, by index in the ladder's list of agents.
    pub seats: Vec<usize>,
}

impl Pairing {
    /// The results file's name: the agents in seat order, `random_vs_mcts-1000ms.jsonl`.
    pub fn file_name(&self, labels: &[String]) -> String {
        let names: Vec<String> = self
            .seats
            .iter()
            .take(2)
            .map(|&a| labels[a].replace([':', '/', '\\'], "-"))
            .collect();
        format!("{}.jsonl", names.join("_vs_"))
    }
}

/// Every pair of the `agents` agents, each in both seat orders: seats alternate between the
/// two (first, second, first, ...), then the other way round.
pub fn pairings(agents: usize, seats: usize) -> Vec<Pairing> {
    let mut out = Vec::new();
    for a in 0..agents {
        for b in a + 1..agents {
            for (x, y) in [(a, b), (b, a)] {
                out.push(Pairing {
                    seats: (0..seats).map(|s| if s % 2 == 0 { x } else { y }).collect(),
                });
            }
        }
    }
    out
}

/// One agent's place on the ladder.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The agent, as results write it.
    pub agent: String,
    /// Elo rating, the first agent at 0.
    pub elo: f64,
    /// The 95% interval's low end.
    pub low: f64,
    /// The 95% interval's high end (infinite for an agent the games do not rate).
    pub high: f64,
    /// Pairwise games played (a game of four seats between two agents counts four).
    pub games: u32,
    /// Points won in them (a win 1, a draw 1/2).
    pub points: f64,
}

/// Wins (a draw a half) and games between each two agents.
struct Tally {
    won: Vec<Vec<f64>>,
    played: Vec<Vec<f64>>,
}

fn tally(labels: &[String], results: &[GameResult]) -> Tally {
    let k = labels.len();
    let mut t = Tally {
        won: vec![vec![0.0; k]; k],
        played: vec![vec![0.0; k]; k],
    };
    for r in results {
        // "A=mcts:1000ms" -> the agent's index in the ladder.
        let agents: Vec<Option<usize>> = r
            .seats
            .iter()
            .map(|s| {
                let label = s.split_once('=').map_or(s.as_str(), |(_, a)| a);
                labels.iter().position(|l| l == label)
            })
            .collect();
        for s in 0..agents.len() {
            for u in s + 1..agents.len() {
                let (Some(a), Some(b)) = (agents[s], agents[u]) else {
                    continue;
                };
                let (Some(&ra), Some(&rb)) = (r.ranks.get(s), r.ranks.get(u)) else {
                    continue;
                };
                if a == b {
                    continue;
                }
                let (pa, pb) = match ra.cmp(&rb) {
                    std::cmp::Ordering::Less => (1.0, 0.0),
                    std::cmp::Ordering::Greater => (0.0, 1.0),
                    std::cmp::Ordering::Equal => (0.5, 0.5),
                };
                t.won[a][b] += pa;
                t.won[b][a] += pb;
                t.played[a][b] += 1.0;
                t.played[b][a] += 1.0;
            }
        }
    }
    t
}

/// Elo points per natural-log unit of strength.
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// The ladder's standings from its results (any results whose seats name other agents are
/// left out), best first.
pub fn standings(labels: &[String], results: &[GameResult]) -> Vec<Standing> {
    let k = labels.len();
    let t = tally(labels, results);
    // One drawn game more for every pair that met: finite ratings for clean sweeps.
    let mut won = t.won.clone();
    let mut n = t.played.clone();
    for a in 0..k {
        for b in 0..k {
            if a != b && t.played[a][b] > 0.0 {
                won[a][b] += 0.5;
                n[a][b] += 1.0;
            }
        }
    }
    // Minorisation-maximisation (Hunter 2004): strengths r, r_a <- W_a / sum_b n_ab/(r_a+r_b).
    let mut r = vec![1.0f64; k];
    for _ in 0..10_000 {
        let mut next = r.clone();
        let mut change = 0.0f64;
        for a in 0..k {
            let w: f64 = won[a].iter().sum();
            let d: f64 = (0..k)
                .filter(|&b| b != a && n[a][b] > 0.0)
                .map(|b| n[a][b] / (r[a] + r[b]))
                .sum();
            if d > 0.0 && w > 0.0 {
                next[a] = w / d;
            }
        }
        let anchor = next[0];
        for x in &mut next {
            *x /= anchor;
        }
        for a in 0..k {
            change = change.max((next[a].ln() - r[a].ln()).abs());
        }
        r = next;
        if change < 1e-10 {
            break;
        }
    }
    let theta: Vec<f64> = r.iter().map(|x| x.ln()).collect();
    let se = standard_errors(&theta, &n);
    let mut out: Vec<Standing> = (0..k)
        .map(|a| {
            let elo = ELO * theta[a];
            let half = 1.96 * ELO * se[a];
            Standing {
                agent: labels[a].clone(),
                elo,
                low: elo - half,
                high: elo + half,
                games: t.played[a].iter().sum::<f64>() as u32,
                points: t.won[a].iter().sum(),
            }
        })
        .collect();
    out.sort_by(|x, y| y.elo.total_cmp(&x.elo));
    out
}

/// Each strength's standard error (log scale) from the inverse of the observed information,
/// the first agent held fixed (its error is 0); an agent that met nobody, or whose games do
/// not link it to the first agent, gets infinity.
fn standard_errors(theta: &[f64], n: &[Vec<f64>]) -> Vec<f64> {
    let k = theta.len();
    let mut se = vec![f64::INFINITY; k];
    se[0] = 0.0;
    // The information matrix over the other agents that played.
    let active: Vec<usize> = (1..k).filter(|&a| n[a].iter().sum::<f64>() > 0.0).collect();
    let slot = |a: usize| active.iter().position(|&x| x == a);
    let m = active.len();
    let mut h = vec![vec![0.0f64; m]; m];
    for (i, &a) in active.iter().enumerate() {
        for b in 0..k {
            if a == b || n[a][b] == 0.0 {
                continue;
            }
            let p = 1.0 / (1.0 + (theta[b] - theta[a]).exp());
            let info = n[a][b] * p * (1.0 - p);
            h[i][i] += info;
            if let Some(j) = slot(b) {
                h[i][j] -= info;
            }
        }
    }
    if let Some(inv) = invert(h) {
        for (i, &a) in active.iter().enumerate() {
            se[a] = inv[i][i].max(0.0).sqrt();
        }
    }
    se
}

/// The inverse of a small symmetric matrix by Gauss-Jordan elimination; `None` if singular
/// (some agent met none of the others, directly or through them).
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let m = a.len();
    let mut inv: Vec<Vec<f64>> = (0..m)
        .map(|i| (0..m).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..m {
        let pivot = (col..m).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..m {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..m {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for j in 0..m {
                        a[row][j] -= f * a[col][j];
                        inv[row][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

/// The standings as a table.
pub fn table(standings: &[Standing]) -> String {
    let width = standings
        .iter()
        .map(|s| s.agent.len())
        .max()
        .unwrap_or(5)
        .max(5);
    let mut out = format!(
        "{:<width$}  {:>6}  {:>17}  {:>6}  {:>6}\n",
        "agent", "elo", "95% interval", "games", "score"
    );
    for s in standings {
        let interval = if s.high.is_finite() {
            format!("{:.0} .. {:.0}", s.low, s.high)
        } else {
            "unbounded".to_string()
        };
        let score = if s.games > 0 {
            format!("{:.1}%", 100.0 * s.points / f64::from(s.games))
        } else {
            "-".into()
        };
        out.push_str(&format!(
            "{:<width$}  {:>6.0}  {:>17}  {:>6}  {:>6}\n",
            s.agent, s.elo, interval, s.games, score
        ));
    }
    out
}

/// The standings as an SVG chart: one row per agent, its rating as a dot on the Elo axis with
/// its interval as a bar.
pub fn chart_svg(title: &str, standings: &[Standing]) -> String {
    let finite = |x: f64| if x.is_finite() { Some(x) } else { None };
    let lo = standings
        .iter()
        .filter_map(|s| finite(s.low))
        .fold(0.0f64, f64::min);
    let hi = standings
        .iter()
        .filter_map(|s| finite(s.high))
        .fold(0.0f64, f64::max);
    let span = (hi - lo).max(1.0);
    let (left, plot, row) = (190.0, 460.0, 28.0);
    let x = |e: f64| left + (e.clamp(lo, hi) - lo) / span * plot;
    let height = 60.0 + row * standings.len() as f64;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"680\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"13\">\n<text x=\"10\" y=\"20\" font-weight=\"bold\">{}</text>\n",
        escape(title)
    );
    let zero = x(0.0);
    svg.push_str(&format!(
        "<line x1=\"{zero:.1}\" y1=\"30\" x2=\"{zero:.1}\" y2=\"{:.1}\" stroke=\"#bbb\"/>\n",
        height - 20.0
    ));
    for (i, s) in standings.iter().enumerate() {
        let y = 45.0 + row * i as f64;
        svg.push_str(&format!(
            "<text x=\"10\" y=\"{:.1}\">{}</text>\n<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#4a7ab5\" stroke-width=\"4\"/>\n<circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#1d3d66\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">{:.0}</text>\n",
            y + 4.0,
            escape(&s.agent),
            x(s.low),
            x(s.high),
            x(s.elo),
            x(s.elo) + 8.0,
            y - 6.0,
            s.elo
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{left}\" y=\"{:.1}\" font-size=\"11\">Elo ({lo:.0} .. {hi:.0}; 0 = {}), bars: 95% intervals</text>\n</svg>\n",
        height - 5.0,
        escape(standings.iter().find(|s| s.elo == 0.0).map_or("", |s| s.agent.as_str()))
    ));
    svg
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(seats: &[&str], ranks: &[u8]) -> GameResult {
        GameResult {
            seed: 1,
            game: "g".into(),
            variant: None,
            sets: Vec::new(),
            seats: seats.iter().map(|s| s.to_string()).collect(),
            winners: Vec::new(),
            ranks: ranks.to_vec(),
            scores: Vec::new(),
            plies: 1,
            reason: String::new(),
            end: "win".into(),
            result: String::new(),
            engine: String::new(),
            rules: String::new(),
        }
    }

    #[test]
    fn two_agents_rate_by_the_logistic_of_their_score() {
        // 30 wins of b over a, 10 of a over b: with one virtual draw, b scores 30.5 of 41.
        let labels = vec!["a".to_string(), "b".to_string()];
        let mut rs = Vec::new();
        for _ in 0..30 {
            rs.push(result(&["X=a", "Y=b"], &[1, 0]));
        }
        for _ in 0..10 {
            rs.push(result(&["X=b", "Y=a"], &[1, 0]));
        }
        let st = standings(&labels, &rs);
        assert_eq!(st[0].agent, "b");
        let expected = 400.0 * (30.5f64 / 10.5).log10();
        assert!(
            (st[0].elo - expected).abs() < 1e-6,
            "{} vs {expected}",
            st[0].elo
        );
        // The interval: 1.96 standard errors, the error sqrt(1/(n p (1-p))) on the log scale.
        let p: f64 = 30.5 / 41.0;
        let half = 1.96 * ELO / (41.0 * p * (1.0 - p)).sqrt();
        assert!((st[0].high - st[0].elo - half).abs() < 1e-6);
        assert_eq!((st[0].games, st[0].points), (40, 30.0));
        let a = &st[1];
        assert_eq!((a.elo, a.low, a.high), (0.0, 0.0, 0.0), "the anchor");
    }

    #[test]
    fn seat_orders_alternate_and_swap() {
        let p = pairings(3, 4);
        assert_eq!(p.len(), 6);
        assert_eq!(p[0].seats, vec![0, 1, 0, 1]);
        assert_eq!(p[1].seats, vec![1, 0, 1, 0]);
        assert_eq!(p[5].seats, vec![2, 1, 2, 1]);
        let labels = ["random".to_string(), "mcts:1000ms".to_string()];
        assert_eq!(p[0].file_name(&labels), "random_vs_mcts-1000ms.jsonl");
    }

    #[test]
    fn many_seats_count_each_pair_of_seats_and_draws_halve() {
        let labels = vec!["a".to_string(), "b".to_string(), "c".to_string()];
        // Four seats a b a b: ranks 0 1 2 3. a-b pairs: (0,1) a, (0,3) a, (1,2) b, (2,3) a.
        let rs = vec![
            result(&["P=a", "Q=b", "R=a", "S=b"], &[0, 1, 2, 3]),
            result(&["P=b", "Q=c"], &[0, 0]),
        ];
        let st = standings(&labels, &rs);
        let get = |n: &str| st.iter().find(|s| s.agent == n).cloned().expect("agent");
        assert_eq!((get("a").games, get("a").points), (4, 3.0));
        assert_eq!((get("b").games, get("b").points), (5, 1.5));
        assert_eq!((get("c").games, get("c").points), (1, 0.5));
    }

    #[test]
    fn an_agent_that_met_nobody_has_no_bounded_interval() {
        let labels = vec!["a".to_string(), "b".to_string(), "c".to_string()];
        let rs = vec![result(&["X=a", "Y=b"], &[0, 1])];
        let st = standings(&labels, &rs);
        let c = st.iter().find(|s| s.agent == "c").expect("c");
        assert!(!c.high.is_finite(), "{c:?}");
        assert!(table(&st).contains("unbounded"));
    }
}
