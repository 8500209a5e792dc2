//! House-rule experiments: `selfplay` (many games between agents, each result written the
//! moment its game ends, resumable, splittable into shards for a cluster), `stats` (merge and
//! summarise results files) and `compare` (two rule sets on the same seeds).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use super::{Failure, GameArgs, Res, RunArgs, parse_sets, write_out};
use crate::ai::Agent;
use crate::catalog;
use crate::game::Game;
use crate::selfplay::results::{self, ResultsFile};
use crate::selfplay::{GameResult, MAX_GAMES, Plan};

/// The most worker threads a run may ask for.
const MAX_JOBS: usize = 1024;

/// Turns a rule-set string like `--variant v --set a=1` into game arguments.
fn rules_args(game: &str, flags: &str) -> Result<GameArgs, Failure> {
    let mut args = GameArgs {
        game: game.to_string(),
        variant: None,
        sets: Vec::new(),
    };
    let mut words = flags.split_whitespace();
    while let Some(w) = words.next() {
        let (flag, inline) = match w.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (w, None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| words.next().map(str::to_string))
                .ok_or_else(|| Failure::Message(format!("`{flag}` needs a value in \"{flags}\"")))
        };
        match flag {
            "--variant" => args.variant = Some(value()?),
            "--set" => args.sets.push(value()?),
            other => {
                return Err(format!(
                    "`{other}` in \"{flags}\": a rule set is made of --variant NAME and --set KEY=VALUE"
                )
                .into());
            }
        }
    }
    Ok(args)
}

/// Shard `index` of `count` (0-based): which part of the seeds this process plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Shard {
    index: u64,
    count: u64,
}

/// Reads `--shard`: `K/N`, or `auto` / `auto/N` from the scheduler's environment (a Slurm job
/// array's `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_COUNT`, or `..._MIN`/`..._MAX`; a
/// Kubernetes Indexed Job's `JOB_COMPLETION_INDEX` with N given).
fn shard_of(flag: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<Shard, String> {
    let num = |s: &str, what: &str| -> Result<u64, String> {
        s.trim()
            .parse::<u64>()
            .map_err(|_| format!("--shard {flag}: `{s}` is not a whole number ({what})"))
    };
    let (k, n) = flag.split_once('/').unwrap_or((flag, ""));
    let given_n = if n.is_empty() {
        None
    } else {
        Some(num(n, "the number of shards")?)
    };
    let (index, count) = if k == "auto" {
        if let Some(id) = env("SLURM_ARRAY_TASK_ID") {
            let id = num(&id, "SLURM_ARRAY_TASK_ID")?;
            let min = env("SLURM_ARRAY_TASK_MIN")
                .map(|m| num(&m, "SLURM_ARRAY_TASK_MIN"))
                .transpose()?
                .unwrap_or(0);
            let count = match (
                given_n,
                env("SLURM_ARRAY_TASK_COUNT"),
                env("SLURM_ARRAY_TASK_MAX"),
            ) {
                (Some(n), _, _) => n,
                (None, Some(c), _) => num(&c, "SLURM_ARRAY_TASK_COUNT")?,
                (None, None, Some(max)) => {
                    num(&max, "SLURM_ARRAY_TASK_MAX")?.saturating_sub(min) + 1
                }
                (None, None, None) => {
                    return Err("--shard auto: SLURM_ARRAY_TASK_ID is set but not the array's size (SLURM_ARRAY_TASK_COUNT or MIN/MAX): give --shard auto/N".into());
                }
            };
            (
                id.checked_sub(min)
                    .ok_or("SLURM_ARRAY_TASK_ID is below SLURM_ARRAY_TASK_MIN")?,
                count,
            )
        } else if let Some(i) = env("JOB_COMPLETION_INDEX") {
            let count = given_n.ok_or(
                "--shard auto: JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) gives the index, not the number of shards: use --shard auto/N with N = the Job's completions",
            )?;
            (num(&i, "JOB_COMPLETION_INDEX")?, count)
        } else {
            return Err("--shard auto: no scheduler here (neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set): give --shard K/N".into());
        }
    } else {
        let count = given_n.ok_or_else(|| {
            format!("--shard wants K/N (like 0/8), `auto` or `auto/N`, got `{flag}`")
        })?;
        (num(k, "the shard's index")?, count)
    };
    if count == 0 || index >= count {
        return Err(format!(
            "--shard {flag}: shard {index} of {count} does not exist (shards are 0..{count}, 0-based)"
        ));
    }
    Ok(Shard { index, count })
}

/// The seeds of a run: `--seed-range A..B`, or `--games N` from `--seed S`; then this
/// shard's contiguous part of them (shards are disjoint and together cover every seed).
fn seeds_of(run: &RunArgs, shard: Option<Shard>) -> Result<std::ops::Range<u64>, String> {
    let all = match &run.seed_range {
        Some(r) => r
            .split_once("..")
            .and_then(|(a, b)| Some((a.trim().parse::<u64>().ok()?, b.trim().parse::<u64>().ok()?)))
            .filter(|(a, b)| a < b)
            .map(|(a, b)| a..b)
            .ok_or_else(|| {
                format!("--seed-range wants A..B with whole numbers A < B, got `{r}`")
            })?,
        None => {
            let end = run.seed.checked_add(run.games).ok_or_else(|| {
                format!(
                    "--seed {} with --games {}: the seeds would pass {}",
                    run.seed,
                    run.games,
                    u64::MAX
                )
            })?;
            run.seed..end
        }
    };
    let len = all.end - all.start;
    if len == 0 {
        return Err("no games to play (--games 0)".into());
    }
    let part = match shard {
        None => all,
        Some(Shard { index, count }) => {
            // Integer split of the range: shard k gets [len*k/n, len*(k+1)/n).
            let at =
                |k: u64| all.start + ((u128::from(len) * u128::from(k)) / u128::from(count)) as u64;
            at(index)..at(index + 1)
        }
    };
    if part.end - part.start > MAX_GAMES {
        return Err(format!(
            "{} games in one run is more than {MAX_GAMES}: split it with --shard K/N or --seed-range",
            part.end - part.start
        ));
    }
    Ok(part)
}

/// Lowers the flags of a run into a plan, with the game loaded once to report a bad rule set
/// before any thread starts.
fn plan(
    args: &GameArgs,
    run: &RunArgs,
    shard: Option<Shard>,
    dirs: &[PathBuf],
) -> Result<(Plan, Game), Failure> {
    let files = catalog::find(&args.game, dirs)?;
    let sets = parse_sets(&args.sets)?;
    let g = Game::load(&files, args.variant.as_deref(), &sets)?;
    if run.jobs > MAX_JOBS {
        return Err(format!("--jobs {}: at most {MAX_JOBS} worker threads", run.jobs).into());
    }
    let mut seats = std::collections::BTreeMap::new();
    for f in &run.seats {
        let (seat, kind) = f
            .split_once('=')
            .ok_or_else(|| format!("--seat wants SEAT=AGENT, got `{f}`"))?;
        let agent: Agent = kind.parse()?;
        if agent == Agent::Human {
            return Err("selfplay seats are automatic: random, greedy, mcts or ab"
                .to_string()
                .into());
        }
        if seat == "all" {
            for s in &g.tables().seats {
                seats.insert(s.name.clone(), agent);
            }
        } else if g.tables().seat(seat).is_some() {
            seats.insert(seat.to_string(), agent);
        } else {
            return Err(format!("`{seat}` is not a seat of {}", g.id()).into());
        }
    }
    let seeds = seeds_of(run, shard)?;
    Ok((
        Plan {
            files,
            variant: args.variant.clone(),
            sets,
            seats,
            seeds: seeds.collect(),
            jobs: run.jobs,
        },
        g,
    ))
}

fn progress(n: usize) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(n as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {per_sec}  {elapsed} elapsed, {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

fn write_chart(
    path: &Path,
    sets: &[(&str, &crate::stats::Summary, Vec<u32>)],
) -> Result<(), Failure> {
    write_out(path, &crate::stats::chart_svg(sets))?;
    println!("chart: {}", path.display());
    Ok(())
}

fn rayon_threads(jobs: usize) -> usize {
    if jobs > 0 {
        jobs
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// Where a shard writes: `{shard}` in the name becomes its index; without one, the index is
/// put before the extension (`runs.jsonl` -> `runs.shard-3-of-8.jsonl`), so shards sharing a
/// folder on a cluster never write one file.
fn shard_path(out: &Path, shard: Option<Shard>) -> PathBuf {
    let Some(Shard { index, count }) = shard else {
        return out.to_path_buf();
    };
    let text = out.to_string_lossy();
    if text.contains("{shard}") {
        return PathBuf::from(text.replace("{shard}", &index.to_string()));
    }
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match out.extension() {
        Some(e) => format!("{stem}.shard-{index}-of-{count}.{}", e.to_string_lossy()),
        None => format!("{stem}.shard-{index}-of-{count}"),
    };
    out.with_file_name(name)
}

/// The shard of a run: `--shard`, or none (with a word when a Slurm array task forgot it).
fn shard_flag(flag: Option<&str>) -> Result<Option<Shard>, Failure> {
    match flag {
        Some(flag) => Ok(Some(shard_of(flag, &|k| std::env::var(k).ok())?)),
        None => {
            if std::env::var_os("SLURM_ARRAY_TASK_ID").is_some() {
                eprintln!(
                    "(this is a Slurm array task: add --shard to play only this task's share of the seeds)"
                );
            }
            Ok(None)
        }
    }
}

/// Plays a plan, appending each result to `out` (this shard's file) as its game ends and
/// skipping the seeds already there; every result of the experiment, those from before
/// included, in seed order, and how many games this run played.
fn play_plan(
    mut plan: Plan,
    config: &crate::selfplay::Config,
    out: Option<&Path>,
    shard: Option<Shard>,
) -> Result<(Vec<GameResult>, usize), Failure> {
    let mut previous = Vec::new();
    let mut file = None;
    if let Some(o) = out {
        let path = shard_path(o, shard);
        let (f, opened) = ResultsFile::open(&path)?;
        if let Some(note) = opened.repaired {
            eprintln!("{note}");
        }
        if let Some(other) = opened.results.iter().find(|r| r.config() != *config) {
            return Err(format!(
                "{} holds results of another experiment (seed {}):\n  there: {}\n  now:   {config}\nwrite this run to another --out",
                path.display(),
                other.seed,
                other.config()
            )
            .into());
        }
        let done: std::collections::BTreeSet<u64> = opened.results.iter().map(|r| r.seed).collect();
        plan.seeds.retain(|s| !done.contains(s));
        if !done.is_empty() {
            eprintln!(
                "{}: {} games already there, {} to play",
                path.display(),
                done.len(),
                plan.seeds.len()
            );
        }
        if let Some(sh) = shard {
            eprintln!(
                "shard {} of {}: seeds {}..{} into {}",
                sh.index,
                sh.count,
                plan.seeds.first().copied().unwrap_or(0),
                plan.seeds.last().map_or(0, |s| s + 1),
                path.display()
            );
        }
        previous = opened.results;
        file = Some(Mutex::new(f));
    }
    let bar = progress(plan.seeds.len());
    let write = |r: &GameResult| -> Result<(), String> {
        bar.inc(1);
        match &file {
            Some(f) => f
                .lock()
                .map_err(|_| "a results writer failed".to_string())?
                .append(r)
                .map_err(String::from),
            None => Ok(()),
        }
    };
    let played = crate::selfplay::run(&plan, &write)?;
    bar.finish_and_clear();
    let n = played.len();
    let mut all = previous;
    all.extend(played);
    all.sort_by_key(|r| r.seed);
    Ok((all, n))
}

/// `icebox selfplay`.
pub(super) fn selfplay(
    args: &GameArgs,
    run: &RunArgs,
    out: Option<&Path>,
    chart: Option<&Path>,
    dirs: &[PathBuf],
) -> Res {
    let shard = shard_flag(run.shard.as_deref())?;
    let (plan, g) = plan(args, run, shard, dirs)?;
    let config = plan.config(&g);
    let t0 = Instant::now();
    let (all, played) = play_plan(plan, &config, out, shard)?;
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "played {played} games in {secs:.2}s ({:.1} games/s, {} threads)",
        played as f64 / secs.max(1e-9),
        rayon_threads(run.jobs)
    );
    let summary = crate::stats::summarize(&all);
    print!("{}", crate::stats::summary_text(&summary));
    if let Some(c) = chart {
        let lengths = all.iter().map(|r| r.plies).collect();
        write_chart(c, &[("results", &summary, lengths)])?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The most agents one ladder may hold (every pair plays: 28 pairs at 8).
pub(super) const MAX_LADDER_AGENTS: usize = 16;

/// `icebox ladder`: every pair of agents plays `--games` games, half in each seat order, each
/// seat order an ordinary self-play experiment with its own results file in `--out`; then the
/// agents' Elo ratings from every result there.
#[allow(clippy::too_many_arguments)]
pub(super) fn ladder(
    args: &GameArgs,
    agents: &str,
    games: u64,
    seed: u64,
    jobs: usize,
    shard: Option<&str>,
    (out, rate_only): (Option<&Path>, bool),
    chart: Option<&Path>,
    dirs: &[PathBuf],
) -> Res {
    let list: Vec<&str> = agents
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .collect();
    let mut parsed = Vec::new();
    for a in &list {
        let agent: Agent = a.parse()?;
        if agent == Agent::Human {
            return Err("a ladder's agents are automatic: random, greedy, mcts..."
                .to_string()
                .into());
        }
        parsed.push(agent);
    }
    let labels: Vec<String> = parsed
        .iter()
        .map(|a| crate::selfplay::agent_label(*a))
        .collect();
    if labels.len() < 2 {
        return Err(format!("--agents wants two agents or more, separated by commas (\"random,mcts:1s\"), got `{agents}`").into());
    }
    if labels.len() > MAX_LADDER_AGENTS {
        return Err(format!(
            "--agents: at most {MAX_LADDER_AGENTS} agents in one ladder, got {}",
            labels.len()
        )
        .into());
    }
    for (i, l) in labels.iter().enumerate() {
        if labels[..i].contains(l) {
            return Err(format!("--agents names `{l}` twice: each agent once").into());
        }
    }
    if games < 2 {
        return Err("--games: at least 2 a pair (one in each seat order)"
            .to_string()
            .into());
    }
    let shard = shard_flag(shard)?;
    if let Some(dir) = out {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
    }
    let files = catalog::find(&args.game, dirs)?;
    let sets = parse_sets(&args.sets)?;
    let g = Game::load(&files, args.variant.as_deref(), &sets)?;
    let seat_names: Vec<String> = g.tables().seats.iter().map(|s| s.name.clone()).collect();
    if seat_names.len() < 2 {
        return Err(format!("{} has one seat: a ladder needs two or more", g.id()).into());
    }
    let pairings = crate::selfplay::ladder::pairings(labels.len(), seat_names.len());
    if rate_only {
        let Some(dir) = out else {
            return Err(
                "--rate reads the results in --out DIR: give the ladder's folder"
                    .to_string()
                    .into(),
            );
        };
        let results = ladder_results(dir, &pairings, &labels)?;
        return rate(&g, &labels, &results, games, chart);
    }
    let t0 = Instant::now();
    let (mut results, mut played) = (Vec::new(), 0);
    for (k, pairing) in pairings.iter().enumerate() {
        // The first seat order plays the odd game.
        let count = if k % 2 == 0 {
            games.div_ceil(2)
        } else {
            games / 2
        };
        let run = RunArgs {
            games: count,
            seats: Vec::new(),
            seed,
            seed_range: None,
            jobs,
            shard: None,
        };
        let seeds = seeds_of(&run, shard)?;
        let plan = Plan {
            files: files.clone(),
            variant: args.variant.clone(),
            sets: sets.clone(),
            seats: seat_names
                .iter()
                .zip(&pairing.seats)
                .map(|(name, &a)| (name.clone(), parsed[a]))
                .collect(),
            seeds: seeds.collect(),
            jobs,
        };
        let config = plan.config(&g);
        let file = out.map(|d| d.join(pairing.file_name(&labels)));
        eprintln!("{}: {} games", config.seats.join(" "), plan.seeds.len());
        let (all, n) = play_plan(plan, &config, file.as_deref(), shard)?;
        results.extend(all);
        played += n;
    }
    // A sharded run rates what every shard has written so far.
    if shard.is_some()
        && let Some(dir) = out
    {
        results = ladder_results(dir, &pairings, &labels)?;
    }
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "played {played} games in {secs:.2}s ({} pairings, {} threads)",
        pairings.len(),
        rayon_threads(jobs)
    );
    if shard.is_some() {
        println!(
            "(this shard's games only: once every shard is done, `--rate` with the same flags rates them all)"
        );
    }
    rate(&g, &labels, &results, games, chart)
}

/// Every result of a ladder in `dir`: each pairing's file and its shards' files, merged (a
/// seed in two files counts once; a file of another experiment is refused).
fn ladder_results(
    dir: &Path,
    pairings: &[crate::selfplay::ladder::Pairing],
    labels: &[String],
) -> Result<Vec<GameResult>, Failure> {
    let mut all = Vec::new();
    for pairing in pairings {
        let name = pairing.file_name(labels);
        let main = dir.join(&name);
        let stem = name.trim_end_matches(".jsonl");
        let mut files: Vec<PathBuf> =
            expand(&dir.join(format!("{stem}.shard-*.jsonl"))).unwrap_or_default();
        if main.exists() {
            files.push(main);
        }
        if files.is_empty() {
            eprintln!("{}: no results yet", dir.join(&name).display());
            continue;
        }
        let mut sources = Vec::new();
        for f in files {
            sources.push((f.display().to_string(), results::read(&f)?));
        }
        let merged = results::merge(sources)?;
        for (a, b) in &merged.missing {
            eprintln!("{name}: seeds {a}..{b} missing ({} games)", b - a);
        }
        all.extend(merged.results);
    }
    Ok(all)
}

/// Prints (and draws) a ladder's standings.
fn rate(
    g: &Game,
    labels: &[String],
    results: &[GameResult],
    games: u64,
    chart: Option<&Path>,
) -> Res {
    let standings = crate::selfplay::ladder::standings(labels, results);
    print!("{}", crate::selfplay::ladder::table(&standings));
    if let Some(c) = chart {
        let title = format!("{} ladder: {} games a pair", g.id(), games);
        write_out(c, &crate::selfplay::ladder::chart_svg(&title, &standings))?;
        println!("chart: {}", c.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Expands a file name pattern with `*` and `?` in its last part (quoted so the shell left
/// it alone); a name without them is itself.
fn expand(pattern: &Path) -> Result<Vec<PathBuf>, String> {
    let name = pattern
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !name.contains(['*', '?']) {
        return Ok(vec![pattern.to_path_buf()]);
    }
    let dir = pattern
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .filter(|e| wildcard(&name, &e.file_name().to_string_lossy()))
        .map(|e| e.path())
        .collect();
    found.sort();
    if found.is_empty() {
        return Err(format!("{}: no file matches", pattern.display()));
    }
    Ok(found)
}

/// `*` any run of characters, `?` one character.
fn wildcard(p: &str, s: &str) -> bool {
    let (p, s): (Vec<char>, Vec<char>) = (p.chars().collect(), s.chars().collect());
    let (mut i, mut j, mut star, mut mark) = (0, 0, None, 0);
    while j < s.len() {
        if i < p.len() && (p[i] == '?' || p[i] == s[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if let Some(st) = star {
            i = st + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|c| *c == '*')
}

/// `icebox stats FILES...`: results of one experiment, from any number of files (shards of a
/// cluster run, resumed runs), checked to be one configuration, with gaps and repeats named.
pub(super) fn stats(files: &[PathBuf], chart: Option<&Path>, merged_out: Option<&Path>) -> Res {
    let mut sources = Vec::new();
    for pattern in files {
        for f in expand(pattern)? {
            let r = results::read(&f)?;
            sources.push((f.display().to_string(), r));
        }
    }
    let n_files = sources.len();
    let merged = results::merge(sources)?;
    if let Some(first) = merged.results.first() {
        println!("experiment: {}", first.config());
        println!(
            "{} files, seeds {}..{}",
            n_files,
            first.seed,
            merged.results.last().map_or(0, |r| r.seed + 1)
        );
    }
    for (a, b) in &merged.missing {
        println!("missing seeds: {a}..{b} ({} games)", b - a);
    }
    for (seed, n) in &merged.duplicated {
        println!("seed {seed} is in the results {n} times (counted once)");
    }
    if let Some(out) = merged_out {
        let mut text = String::new();
        for r in &merged.results {
            text.push_str(&serde_json::to_string(r).map_err(|e| e.to_string())?);
            text.push('\n');
        }
        write_out(out, &text)?;
        println!("merged results: {}", out.display());
    }
    let summary = crate::stats::summarize(&merged.results);
    print!("{}", crate::stats::summary_text(&summary));
    if let Some(c) = chart {
        let lengths = merged.results.iter().map(|r| r.plies).collect();
        write_chart(c, &[("results", &summary, lengths)])?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `icebox compare`: the same seeds and agents under two rule sets.
pub(super) fn compare(
    game: &str,
    base: &str,
    with: &str,
    run: &RunArgs,
    chart: Option<&Path>,
    dirs: &[PathBuf],
) -> Res {
    let shard = match &run.shard {
        Some(flag) => Some(shard_of(flag, &|k| std::env::var(k).ok())?),
        None => None,
    };
    let (base_plan, _) = plan(&rules_args(game, base)?, run, shard, dirs)?;
    let (with_plan, _) = plan(&rules_args(game, with)?, run, shard, dirs)?;
    let bar = progress(base_plan.seeds.len() * 2);
    let tick = |_: &GameResult| -> Result<(), String> {
        bar.inc(1);
        Ok(())
    };
    let a = crate::selfplay::run(&base_plan, &tick)?;
    let b = crate::selfplay::run(&with_plan, &tick)?;
    bar.finish_and_clear();
    let (sa, sb) = (crate::stats::summarize(&a), crate::stats::summarize(&b));
    let base_label = if base.trim().is_empty() {
        "base rules"
    } else {
        base
    };
    println!("== base: {base_label}");
    print!("{}", crate::stats::summary_text(&sa));
    println!("== with: {with}");
    print!("{}", crate::stats::summary_text(&sb));
    println!("== differences (with - base), same seeds and agents:");
    print!(
        "{}",
        crate::stats::compare_text(&crate::stats::compare(&sa, &sb))
    );
    if let Some(c) = chart {
        write_chart(
            c,
            &[
                (base_label, &sa, a.iter().map(|r| r.plies).collect()),
                (with, &sb, b.iter().map(|r| r.plies).collect()),
            ],
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| vars.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
    }

    #[test]
    fn shards_come_from_flags_or_the_scheduler() {
        let none = env(&[]);
        assert_eq!(shard_of("2/8", &none), Ok(Shard { index: 2, count: 8 }));
        assert!(shard_of("8/8", &none).is_err());
        assert!(shard_of("auto", &none).is_err());
        let slurm = env(&[
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "8"),
        ]);
        assert_eq!(shard_of("auto", &slurm), Ok(Shard { index: 4, count: 8 }));
        let slurm = env(&[
            ("SLURM_ARRAY_TASK_ID", "0"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        assert_eq!(shard_of("auto", &slurm), Ok(Shard { index: 0, count: 4 }));
        let k8s = env(&[("JOB_COMPLETION_INDEX", "3")]);
        assert_eq!(shard_of("auto/4", &k8s), Ok(Shard { index: 3, count: 4 }));
        assert!(shard_of("auto", &k8s).is_err(), "Kubernetes needs N");
    }

    #[test]
    fn shards_split_the_seeds_exactly() {
        let run = RunArgs {
            games: 10,
            seats: Vec::new(),
            seed: 1,
            seed_range: None,
            jobs: 0,
            shard: None,
        };
        let mut all = Vec::new();
        for k in 0..3 {
            all.extend(seeds_of(&run, Some(Shard { index: k, count: 3 })).expect("seeds"));
        }
        assert_eq!(all, (1..11).collect::<Vec<u64>>());
        let huge = RunArgs {
            games: u64::MAX,
            ..run.clone()
        };
        assert!(
            seeds_of(&huge, None)
                .expect_err("overflows")
                .contains("would pass")
        );
        let big = RunArgs {
            seed_range: Some("0..18446744073709551615".into()),
            ..run
        };
        assert!(
            seeds_of(&big, None)
                .expect_err("too many")
                .contains("split it")
        );
    }

    #[test]
    fn wildcards_match_shard_files() {
        assert!(wildcard("runs.*.jsonl", "runs.shard-0-of-4.jsonl"));
        assert!(!wildcard("runs.*.jsonl", "runs.jsonl.bak"));
        assert!(wildcard("r?.jsonl", "r1.jsonl"));
    }
}
