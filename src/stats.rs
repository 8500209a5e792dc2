//! Statistics over self-play results: win rates with 95% Wilson intervals, draw rates, game
//! lengths, end reasons, the comparison of two rule sets with intervals on the differences,
//! and SVG charts. Pure functions of the results.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::selfplay::GameResult;

/// z for a two-sided 95% interval.
const Z: f64 = 1.959_964;

/// A proportion with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Successes.
    pub k: usize,
    /// Trials.
    pub n: usize,
    /// k / n.
    pub p: f64,
    /// Lower bound.
    pub lo: f64,
    /// Upper bound.
    pub hi: f64,
}

impl Rate {
    /// The Wilson interval for k of n.
    pub fn of(k: usize, n: usize) -> Rate {
        if n == 0 {
            return Rate {
                k,
                n,
                p: 0.0,
                lo: 0.0,
                hi: 1.0,
            };
        }
        let nf = n as f64;
        let p = k as f64 / nf;
        let z2 = Z * Z;
        let centre = (p + z2 / (2.0 * nf)) / (1.0 + z2 / nf);
        let half = Z * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt() / (1.0 + z2 / nf);
        Rate {
            k,
            n,
            p,
            lo: (centre - half).max(0.0),
            hi: (centre + half).min(1.0),
        }
    }
}

impl std::fmt::Display for Rate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:5.1}%  [{:5.1}, {:5.1}]  ({}/{})",
            100.0 * self.p,
            100.0 * self.lo,
            100.0 * self.hi,
            self.k,
            self.n
        )
    }
}

/// Mean, standard deviation, median, min and max of game lengths.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lengths {
    /// Mean plies.
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    /// Median.
    pub median: f64,
    /// Shortest.
    pub min: u32,
    /// Longest.
    pub max: u32,
}

impl Lengths {
    /// From a list of lengths.
    pub fn of(v: &[u32]) -> Lengths {
        if v.is_empty() {
            return Lengths {
                mean: 0.0,
                sd: 0.0,
                median: 0.0,
                min: 0,
                max: 0,
            };
        }
        let n = v.len() as f64;
        let mean = v.iter().map(|x| *x as f64).sum::<f64>() / n;
        let var = if v.len() > 1 {
            v.iter().map(|x| (*x as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let mut s = v.to_vec();
        s.sort_unstable();
        let median = if s.len() % 2 == 1 {
            s[s.len() / 2] as f64
        } else {
            (s[s.len() / 2 - 1] + s[s.len() / 2]) as f64 / 2.0
        };
        Lengths {
            mean,
            sd: var.sqrt(),
            median,
            min: s[0],
            max: s[s.len() - 1],
        }
    }
}

/// Everything `icebox stats` prints about one set of results.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games.
    pub games: usize,
    /// Win rate of each seat (a shared win counts for every winner).
    pub seats: Vec<(String, Rate)>,
    /// Win rate of each team of partners (when some seats share wins).
    pub teams: Vec<(String, Rate)>,
    /// Draws (including games cut by the ply limit).
    pub draws: Rate,
    /// Game lengths in plies.
    pub lengths: Lengths,
    /// How games ended, in words ("A wins: ...", "Draw: ..."): count.
    pub reasons: BTreeMap<String, usize>,
}

/// Seat names in seat order, from the results' `seats` field (`A=random`).
fn seat_names(results: &[GameResult]) -> Vec<String> {
    results
        .first()
        .map(|r| {
            r.seats
                .iter()
                .map(|s| s.split('=').next().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// Summarises results.
pub fn summarize(results: &[GameResult]) -> Summary {
    let n = results.len();
    let names = seat_names(results);
    let seats = names
        .iter()
        .map(|s| {
            let k = results.iter().filter(|r| r.winners.contains(s)).count();
            (s.clone(), Rate::of(k, n))
        })
        .collect();
    // Teams: winner sets of more than one seat that recur.
    let mut team_sets: BTreeMap<String, usize> = BTreeMap::new();
    for r in results {
        if r.winners.len() > 1 && r.winners.len() < names.len() {
            *team_sets.entry(r.winners.join("+")).or_default() += 1;
        }
    }
    let teams = team_sets
        .into_iter()
        .map(|(t, k)| (t, Rate::of(k, n)))
        .collect();
    let draws = Rate::of(results.iter().filter(|r| r.winners.is_empty()).count(), n);
    let lengths = Lengths::of(&results.iter().map(|r| r.plies).collect::<Vec<_>>());
    let mut reasons = BTreeMap::new();
    for r in results {
        // The result in words, as `play` says it, without the places and final scores that
        // differ from game to game.
        let words = if r.result.is_empty() {
            &r.reason
        } else {
            &r.result
        };
        let key = words.split("; ").next().unwrap_or(words);
        *reasons.entry(key.to_string()).or_default() += 1;
    }
    Summary {
        games: n,
        seats,
        teams,
        draws,
        lengths,
        reasons,
    }
}

/// The summary as text.
pub fn summary_text(s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "games: {}", s.games);
    let _ = writeln!(out, "win rate by seat (95% interval):");
    for (seat, r) in &s.seats {
        let _ = writeln!(out, "  {seat:<6} {r}");
    }
    for (team, r) in &s.teams {
        let _ = writeln!(out, "  team {team:<6} {r}");
    }
    let _ = writeln!(out, "draws:   {}", s.draws);
    let l = &s.lengths;
    let _ = writeln!(
        out,
        "length:  mean {:.1} plies, sd {:.1}, median {:.1}, range {}..{}",
        l.mean, l.sd, l.median, l.min, l.max
    );
    let _ = writeln!(out, "how the games ended:");
    for (why, k) in &s.reasons {
        let _ = writeln!(out, "  {k:>6}  {why}");
    }
    out
}

/// A difference between two rule sets, with its 95% interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    /// What is compared.
    pub what: String,
    /// Base value.
    pub base: f64,
    /// Value with the change.
    pub with: f64,
    /// with - base, and its interval.
    pub diff: f64,
    /// Lower bound.
    pub lo: f64,
    /// Upper bound.
    pub hi: f64,
}

impl Difference {
    /// The interval excludes zero.
    pub fn significant(&self) -> bool {
        self.lo > 0.0 || self.hi < 0.0
    }
}

fn proportion_diff(what: String, a: Rate, b: Rate) -> Difference {
    let se = (a.p * (1.0 - a.p) / a.n.max(1) as f64 + b.p * (1.0 - b.p) / b.n.max(1) as f64).sqrt();
    let d = b.p - a.p;
    Difference {
        what,
        base: a.p,
        with: b.p,
        diff: d,
        lo: d - Z * se,
        hi: d + Z * se,
    }
}

/// Compares two summaries: each seat's win rate, the draw rate and the mean length.
pub fn compare(base: &Summary, with: &Summary) -> Vec<Difference> {
    let mut out = Vec::new();
    for ((seat, a), (_, b)) in base.seats.iter().zip(&with.seats) {
        out.push(proportion_diff(format!("{seat} wins"), *a, *b));
    }
    out.push(proportion_diff("draws".into(), base.draws, with.draws));
    let (a, b) = (&base.lengths, &with.lengths);
    let se =
        (a.sd.powi(2) / base.games.max(1) as f64 + b.sd.powi(2) / with.games.max(1) as f64).sqrt();
    let d = b.mean - a.mean;
    out.push(Difference {
        what: "mean length (plies)".into(),
        base: a.mean,
        with: b.mean,
        diff: d,
        lo: d - Z * se,
        hi: d + Z * se,
    });
    out
}

/// The comparison as text, saying plainly which differences are significant.
pub fn compare_text(diffs: &[Difference]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<22} {:>9} {:>9} {:>10}  {:<22} verdict",
        "", "base", "with", "change", "95% interval"
    );
    for d in diffs {
        let pct = !d.what.contains("length");
        let f = |x: f64| {
            if pct {
                format!("{:.1}%", 100.0 * x)
            } else {
                format!("{x:.1}")
            }
        };
        let verdict = if d.significant() {
            if d.diff > 0.0 {
                "significantly higher"
            } else {
                "significantly lower"
            }
        } else {
            "no significant difference"
        };
        let _ = writeln!(
            out,
            "{:<22} {:>9} {:>9} {:>10}  [{}, {}]{} {verdict}",
            d.what,
            f(d.base),
            f(d.with),
            if pct {
                format!("{:+.1}", 100.0 * d.diff)
            } else {
                format!("{:+.1}", d.diff)
            },
            f(d.lo),
            f(d.hi),
            " ".repeat(22usize.saturating_sub(f(d.lo).len() + f(d.hi).len() + 4)),
        );
    }
    out
}

/// An SVG chart: win rate by seat with 95% intervals (one bar per result set), and the
/// game-length histogram of each set.
pub fn chart_svg(sets: &[(&str, &Summary, Vec<u32>)]) -> String {
    const W: f64 = 640.0;
    const H: f64 = 520.0;
    let colours = ["#4477aa", "#ee6677", "#228833", "#ccbb44"];
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif">"#
    );
    out.push_str(r#"<rect width="100%" height="100%" fill="white"/>"#);
    out.push('\n');
    // Win rates.
    let seats: Vec<String> = sets
        .first()
        .map(|s| s.1.seats.iter().map(|x| x.0.clone()).collect())
        .unwrap_or_default();
    let (x0, y0, ph) = (60.0, 40.0, 180.0);
    let _ = writeln!(
        out,
        r#"<text x="{x0}" y="24" font-size="14">Win rate by seat (95% interval)</text>"#
    );
    for i in 0..=4 {
        let y = y0 + ph - ph * i as f64 / 4.0;
        let _ = writeln!(
            out,
            r##"<line x1="{x0}" x2="{}" y1="{y}" y2="{y}" stroke="#ddd"/><text x="{}" y="{}" font-size="10" text-anchor="end">{}%</text>"##,
            W - 20.0,
            x0 - 4.0,
            y + 3.0,
            25 * i
        );
    }
    let group = (W - 20.0 - x0) / seats.len().max(1) as f64;
    let bar = group * 0.7 / sets.len().max(1) as f64;
    for (si, seat) in seats.iter().enumerate() {
        let gx = x0 + si as f64 * group + group * 0.15;
        for (k, (_, summary, _)) in sets.iter().enumerate() {
            let Some((_, r)) = summary.seats.iter().find(|(n, _)| n == seat) else {
                continue;
            };
            let x = gx + k as f64 * bar;
            let top = y0 + ph - ph * r.p;
            let _ = writeln!(
                out,
                r#"<rect x="{x:.1}" y="{top:.1}" width="{:.1}" height="{:.1}" fill="{}"/>"#,
                bar * 0.9,
                ph * r.p,
                colours[k % colours.len()]
            );
            let cx = x + bar * 0.45;
            let _ = writeln!(
                out,
                r#"<line x1="{cx:.1}" x2="{cx:.1}" y1="{:.1}" y2="{:.1}" stroke="black"/>"#,
                y0 + ph - ph * r.lo,
                y0 + ph - ph * r.hi
            );
        }
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-size="12" text-anchor="middle">{}</text>"#,
            gx + group * 0.35,
            y0 + ph + 16.0,
            seat.replace('<', "&lt;")
        );
    }
    for (k, (label, _, _)) in sets.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="10" height="10" fill="{}"/><text x="{}" y="{}" font-size="11">{}</text>"#,
            x0 + 160.0 * k as f64,
            y0 + ph + 26.0,
            colours[k % colours.len()],
            x0 + 14.0 + 160.0 * k as f64,
            y0 + ph + 35.0,
            label.replace('<', "&lt;").replace('&', "&amp;")
        );
    }
    // Length histograms.
    let (hx, hy, hh) = (60.0, 300.0, 170.0);
    let _ = writeln!(
        out,
        r#"<text x="{hx}" y="{}" font-size="14">Game length (plies)</text>"#,
        hy - 12.0
    );
    let max_len = sets
        .iter()
        .flat_map(|s| s.2.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let bins = 30usize;
    let width = (max_len as f64 / bins as f64).ceil().max(1.0);
    let mut counts = vec![vec![0usize; bins]; sets.len()];
    for (k, s) in sets.iter().enumerate() {
        for &l in &s.2 {
            let b = ((l as f64 / width) as usize).min(bins - 1);
            counts[k][b] += 1;
        }
    }
    let peak = counts.iter().flatten().copied().max().unwrap_or(1).max(1) as f64;
    let bw = (W - 20.0 - hx) / bins as f64;
    for (k, c) in counts.iter().enumerate() {
        for (b, &n) in c.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let h = hh * n as f64 / peak;
            let _ = writeln!(
                out,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="{}" fill-opacity="0.55"/>"#,
                hx + b as f64 * bw,
                hy + hh - h,
                bw * 0.95,
                colours[k % colours.len()]
            );
        }
    }
    for i in 0..=3 {
        let x = hx + (W - 20.0 - hx) * i as f64 / 3.0;
        let _ = writeln!(
            out,
            r#"<text x="{x:.1}" y="{}" font-size="10" text-anchor="middle">{:.0}</text>"#,
            hy + hh + 14.0,
            width * bins as f64 * i as f64 / 3.0
        );
    }
    out.push_str("</svg>\n");
    out
}
