//! What the suite's definition tests share: a game loaded from text, its legal moves as
//! sorted text, and "each of these definitions is refused with this message".

use icebox::Game;
use icebox::def::GameFiles;

/// A fresh folder under the system's temporary directory, emptied if a killed run left it,
/// and removed when the test is done with it (pass or fail): a test that writes a game
/// folder leaves nothing behind in `/tmp`.
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    /// `icebox-<name>-<pid>`, created empty.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("icebox-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A game from the text of its `game.toml`, with a script (`r.rhai`) and `--set` options.
pub fn load_with(toml: &str, script: Option<&str>, sets: &[(&str, &str)]) -> Result<Game, String> {
    let mut files = GameFiles {
        label: "mem".into(),
        ..GameFiles::default()
    };
    files.files.insert("game.toml".into(), toml.into());
    if let Some(s) = script {
        files.files.insert("r.rhai".into(), s.into());
    }
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Game::load(&files, None, &sets).map_err(|d| d.to_string())
}

/// A game from the text of its `game.toml` alone.
pub fn load(toml: &str) -> Result<Game, String> {
    load_with(toml, None, &[])
}

/// The legal moves of a state, as the game writes them, sorted.
pub fn moves_at(g: &Game, s: &icebox::engine::State) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves(s)
        .expect("moves")
        .iter()
        .map(|m| g.move_text(s, m))
        .collect();
    v.sort();
    v
}

/// Each definition is refused, with a message that says this.
pub fn refused<S: AsRef<str>>(cases: &[(S, &str)]) {
    for (toml, want) in cases {
        let Err(e) = load(toml.as_ref()) else {
            panic!("loads, but should say `{want}`");
        };
        assert!(e.contains(want), "want `{want}` in:\n{e}");
    }
}

/// A board row as position text from each cell's text (empty for an empty cell): runs of
/// empty cells as counts, FEN-like (`wM2/3`). For the referees written outside the engine.
pub fn row_text(cells: impl Iterator<Item = String>) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for c in cells {
        if c.is_empty() {
            empty += 1;
        } else {
            if empty > 0 {
                out += &empty.to_string();
                empty = 0;
            }
            out += &c;
        }
    }
    if empty > 0 {
        out += &empty.to_string();
    }
    out
}

/// A brute force's board (one character a cell, `.` empty, the top row first, `width` a
/// row) as the rows of position text, each other character `c` a piece of the seat whose
/// letter it is and of kind `kind` (`w` with `M`: `wM`).
pub fn brute_rows(cells: &str, width: usize, kind: &str) -> String {
    let rows: Vec<String> = cells
        .as_bytes()
        .chunks(width)
        .map(|row| {
            row_text(row.iter().map(|&c| match c {
                b'.' => String::new(),
                c => format!("{}{kind}", c as char),
            }))
        })
        .collect();
    rows.join("/")
}

/// A built-in game by id, with a variant and `--set` options (the referees' games).
pub fn builtin(id: &str, variant: Option<&str>, sets: &[(&str, &str)]) -> Game {
    let files = icebox::catalog::find(id, &[]).unwrap_or_else(|d| panic!("{id}: {d}"));
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Game::load(&files, variant, &sets).unwrap_or_else(|d| panic!("{id} loads:\n{d}"))
}

/// The engine's perft from a state.
pub fn engine_perft(g: &Game, s: &icebox::engine::State, depth: u32) -> u64 {
    let mut s = s.clone();
    icebox::testing::perft(g, &mut s, depth).expect("perft")
}

/// The seat names of a loaded game, in turn order.
pub fn seat_names(g: &Game) -> Vec<String> {
    g.tables().seats.iter().map(|s| s.name.clone()).collect()
}

/// A referee's perft: the leaves of its move tree `depth` plies deep, from `moves` (each
/// position's legal moves) and `play` (one applied to a copy).
pub fn referee_perft<S: Clone, M: Copy>(
    s: &S,
    depth: u32,
    moves: &dyn Fn(&S) -> Vec<M>,
    play: &dyn Fn(&mut S, M),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = moves(s);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|m| {
            let mut next = s.clone();
            play(&mut next, *m);
            referee_perft(&next, depth - 1, moves, play)
        })
        .sum()
}

/// A row of the engine's position text read as one stack per cell, bottom first: digits
/// are runs of empty cells, `(` tokens `)` a stack, a lone token a stack of one. `read`
/// reads one token and returns the rest. For the referees written outside the engine.
pub fn row_stacks<T>(row: &str, read: &dyn Fn(&str) -> (T, &str)) -> Vec<Vec<T>> {
    let mut cells: Vec<Vec<T>> = Vec::new();
    let mut rest = row;
    while let Some(c) = rest.chars().next() {
        if let Some(d) = c.to_digit(10) {
            cells.extend((0..d).map(|_| Vec::new()));
            rest = &rest[1..];
            continue;
        }
        let mut stack = Vec::new();
        if let Some(inner) = rest.strip_prefix('(') {
            rest = inner;
            while !rest.starts_with(')') {
                let (p, r) = read(rest);
                stack.push(p);
                rest = r;
            }
            rest = &rest[1..];
            assert!(stack.len() >= 2, "a stack of one in {row}");
        } else {
            let (p, r) = read(rest);
            stack.push(p);
            rest = r;
        }
        cells.push(stack);
    }
    cells
}

/// A zone's text in a position (`3rL,rM,2yS`) as (count, token) pairs. For the referees.
pub fn zone_items(list: &str) -> Vec<(u8, &str)> {
    list.split(',')
        .filter(|x| !x.is_empty())
        .map(|item| {
            let digits = item.chars().take_while(char::is_ascii_digit).count();
            let n = if digits == 0 {
                1
            } else {
                item[..digits].parse().expect("a count")
            };
            (n, &item[digits..])
        })
        .collect()
}

/// Runs the built `icebox` binary with these arguments, in a clean environment: no user
/// games folder (`ICEBOX_GAMES`), no Slurm task index, no colours.
pub fn icebox(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_icebox"))
        .args(args)
        .env_remove("ICEBOX_GAMES")
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env("NO_COLOR", "1")
        .output()
        .expect("icebox runs")
}

/// Plays `moves` (texts) from the start, each while the game is on; the state and the
/// outcome's text once the game is over.
pub fn play_from_start(g: &Game, moves: &[&str]) -> (icebox::engine::State, Option<String>) {
    let mut s = g.start().expect("start");
    for m in moves {
        assert!(s.outcome().is_none(), "over before {m}");
        g.play_text(&mut s, m)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let text = s.outcome().map(|o| g.outcome_text(o, s.scores()));
    (s, text)
}
