//! `icebox play`: a game at the terminal, between people at one screen, AI seats and chance.
//!
//! The session is a small state machine: each turn it asks whoever acts (chance, an AI seat,
//! or a person at this terminal, who may also type commands) for a [`Step`], and carries it
//! out. Every ply is kept with who made it ([`Actor`]), so `undo` goes back to the person's
//! previous decision (taking back the computer's replies and the throws after it too) and
//! `redo` replays exactly what was undone. A `--save` record is appended and synced at every
//! ply and rewritten only when moves are taken back, so it always replays.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::{
    Failure, GameArgs, Res, input, load, read_record, render, replay_read, rule_failure, start,
};
use crate::ai::Agent;
use crate::board::CellId;
use crate::engine::rng::Rng;
use crate::engine::{Move, PlayerId, Shape, State, Undo};
use crate::game::Game;
use crate::record::{Entry, Record, Writer};

/// The flags of `icebox play`, as clap read them.
pub(super) struct Flags {
    pub game: Option<String>,
    pub variant: Option<String>,
    pub sets: Vec<String>,
    pub seats: Vec<String>,
    pub seed: Option<u64>,
    pub position: Option<String>,
    pub quiet: bool,
    pub load: Option<PathBuf>,
    pub save: Option<PathBuf>,
    pub overwrite: bool,
    pub color: Colour,
    pub dice: Option<DiceFlag>,
}

/// Who made a ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Actor {
    /// A person at this terminal.
    Person,
    /// An AI seat.
    Computer,
    /// The dice.
    Chance,
}

/// A ply played, with what takes it back.
struct Ply {
    entry: Entry,
    undo: Undo,
    actor: Actor,
}

/// What happens next.
enum Step {
    /// Play this move, made by this actor.
    Play(Move, Actor),
    /// A resignation or an agreement: the record text and who made it.
    End(String),
    /// Nothing was played (a command, a bad move): ask again.
    Again,
    /// Leave the session.
    Quit,
}

/// The commands a person may type instead of a move.
const COMMANDS: [&str; 10] = [
    "moves", "hint", "undo", "redo", "board", "position", "save ", "resign", "help", "quit",
];

/// A game in progress at the terminal.
struct Session<'g> {
    g: &'g Game,
    agents: Vec<Agent>,
    /// The automatic seats' players, one per seat (what `mcts+reuse` keeps lives there).
    players: Vec<crate::ai::Player>,
    s: State,
    plies: Vec<Ply>,
    /// Groups of plies taken back by `undo`, latest last, each in playing order.
    redo: Vec<Vec<(Entry, Actor)>>,
    rng: Rng,
    seed: u64,
    style: render::Style,
    /// The headers of the record (game, variant, seats, seed...).
    headers: Record,
    writer: Option<Writer>,
    /// Plies played since the game was last saved (with no record kept).
    dirty: bool,
    input: input::Input,
    /// Draw the board after each ply.
    boards: bool,
    manual_dice: bool,
}

/// `--color`: when the board is drawn in colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum Colour {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// `--dice`: who throws the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum DiceFlag {
    /// The seeded generator.
    Auto,
    /// You type each throw (a game with real dice on the table).
    Manual,
}

/// `icebox play`: lowers the flags (and a --load record's headers) and runs the session.
pub(super) fn command(f: Flags, dirs: &[PathBuf]) -> Res {
    let color = match f.color {
        Colour::Always => true,
        Colour::Never => false,
        Colour::Auto => {
            use std::io::IsTerminal;
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    };
    let mut loaded = match &f.load {
        Some(path) => Some(read_record(path)?),
        None => None,
    };
    let header = |k: &str| {
        loaded
            .as_ref()
            .and_then(|(r, _, _)| r.header(k))
            .map(str::to_string)
    };
    let args = GameArgs {
        game: f
            .game
            .clone()
            .or_else(|| header("Game"))
            .ok_or_else(|| "name a game (or --load a record)".to_string())?,
        variant: f.variant.clone().or_else(|| header("Variant")),
        sets: if f.sets.is_empty() {
            loaded
                .as_ref()
                .map(|(r, _, _)| {
                    r.sets()
                        .into_iter()
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect()
                })
                .unwrap_or_default()
        } else {
            f.sets.clone()
        },
    };
    let seed = f
        .seed
        .or_else(|| header("Seed").and_then(|v| v.parse().ok()))
        .unwrap_or(1);
    let g = load(&args, dirs)?;
    let t = &g.tables();
    // Seats: the record's, then each --seat over them.
    let mut seat_flags: Vec<String> = header("Seats")
        .map(|h| h.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    seat_flags.extend(f.seats.iter().cloned());
    let agents = crate::ai::seat_agents(t, &seat_flags)?;
    if seat_flags.is_empty() {
        eprintln!(
            "(no --seat given: every seat is played at this terminal; try --seat all=random)"
        );
    }
    let manual_dice = f.dice == Some(DiceFlag::Manual)
        || (f.dice.is_none() && header("Dice").as_deref() == Some("manual"));
    let mut headers = Record::default();
    headers.set_header("Game", g.id());
    if let Some(v) = &args.variant {
        headers.set_header("Variant", v.clone());
    }
    if !args.sets.is_empty() {
        headers.set_header("Set", args.sets.join(" "));
    }
    let seats: Vec<String> = t
        .seats
        .iter()
        .zip(&agents)
        .map(|(seat, a)| format!("{}={}", seat.name, crate::selfplay::agent_label(*a)))
        .collect();
    headers.set_header("Seats", seats.join(" "));
    headers.set_header("Seed", seed.to_string());
    headers.set_header("Dice", if manual_dice { "manual" } else { "seeded" });
    if let Some(d) = header("Date").or_else(today) {
        headers.set_header("Date", d);
    }
    if let Some(p) = f.position.clone().or_else(|| header("Position")) {
        headers.set_header("Position", p);
    }
    headers.set_header("Result", "*");
    let mut rng = Rng::new(seed);
    let mut plies = Vec::new();
    let s = match &mut loaded {
        Some(read) => {
            let name = f
                .load
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            let (s, undos) = replay_read(&g, &name, read)
                .map_err(|e| format!("the record does not replay: {e}"))?;
            for (e, u) in read.0.moves.iter().zip(undos) {
                // The random stream goes on as if these plies had been drawn here.
                rng.next_u64();
                let actor = actor_of(&g, &agents, e);
                plies.push(Ply {
                    entry: e.clone(),
                    undo: u,
                    actor,
                });
            }
            println!("resumed after {} moves", plies.len());
            s
        }
        None => start(&g, f.position.as_deref())?,
    };
    let writer = match &f.save {
        None => None,
        Some(path) => Some(open_writer(path, &f, loaded.as_ref(), &headers, &plies)?),
    };
    let interactive = agents.contains(&Agent::Human);
    let mut session = Session {
        g: &g,
        players: agents.iter().map(|a| crate::ai::Player::new(*a)).collect(),
        agents,
        s,
        plies,
        redo: Vec::new(),
        rng,
        seed,
        style: render::Style {
            color,
            last: Vec::new(),
        },
        headers,
        writer,
        dirty: false,
        input: input::Input::new(),
        boards: interactive || !f.quiet,
        manual_dice,
    };
    session.run(interactive)
}

/// Today's date for the record, from the system's `date` (no clock crate for one header).
fn today() -> Option<String> {
    let out = std::process::Command::new("date")
        .arg("+%Y-%m-%d")
        .output()
        .ok()?;
    let d = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (!d.is_empty()).then_some(d)
}

/// Who made a recorded ply: a throw is chance; otherwise the seat's agent.
fn actor_of(g: &Game, agents: &[Agent], e: &Entry) -> Actor {
    if e.text.starts_with("roll") {
        return Actor::Chance;
    }
    match g.tables().seat(&e.seat).map(|p| agents[p.index()]) {
        Some(Agent::Human) | None => Actor::Person,
        Some(_) => Actor::Computer,
    }
}

/// The record writer for `--save`: continuing the loaded file itself, a copy of it, or a new
/// file, never silently over another file.
fn open_writer(
    path: &Path,
    f: &Flags,
    loaded: Option<&(Record, String, crate::record::Layout)>,
    headers: &Record,
    plies: &[Ply],
) -> Result<Writer, Failure> {
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    };
    let failed = |e: std::io::Error| Failure::Message(format!("--save {}: {e}", path.display()));
    match (loaded, &f.load) {
        (Some((rec, text, layout)), Some(from)) => {
            let same_file = same(path, from);
            if !same_file && !f.overwrite && std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
                return Err(format!(
                    "--save {}: the file exists (it may be another game's record): choose another name, or add --overwrite",
                    path.display()
                )
                .into());
            }
            let mut w = Writer::resume(path, text, layout.clone(), same_file).map_err(failed)?;
            if rec.header("Seats") != headers.header("Seats")
                && let Some(seats) = headers.header("Seats")
            {
                w.set_header("Seats", seats).map_err(failed)?;
            }
            Ok(w)
        }
        _ => {
            let mut rec = headers.clone();
            rec.moves = plies.iter().map(|p| p.entry.clone()).collect();
            Writer::create(path, &rec, f.overwrite).map_err(|e| {
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    Failure::Message(format!(
                        "--save {}: the file exists (it may be another game's record): choose another name, or add --overwrite",
                        path.display()
                    ))
                } else {
                    failed(e)
                }
            })
        }
    }
}

impl Session<'_> {
    fn seat(&self, p: PlayerId) -> &str {
        &self.g.tables().seats[p.index()].name
    }

    fn show_board(&self) {
        print!(
            "{}",
            render::board_text_styled(self.g, &self.s, &self.style)
        );
    }

    fn run(&mut self, interactive: bool) -> Res {
        if self.boards {
            self.show_board();
        }
        loop {
            while !self.s.is_over() {
                let moves = self
                    .g
                    .legal_moves(&self.s)
                    .map_err(|e| rule_failure(self.g, e))?;
                let step = if crate::ai::is_chance(&moves) {
                    if self.manual_dice {
                        self.ask_throw(&moves)?
                    } else {
                        let m = crate::ai::chance_move(&moves, &mut self.rng)
                            .cloned()
                            .ok_or("no throw of the dice")?;
                        Step::Play(m, Actor::Chance)
                    }
                } else {
                    let turn = self.s.turn().index();
                    match self.agents[turn] {
                        Agent::Human => self.ask_person(&moves)?,
                        _ => {
                            let m = self.players[turn]
                                .choose(self.g, &self.s, &moves, &mut self.rng)
                                .map_err(|e| rule_failure(self.g, e))?
                                .ok_or("no legal move in a live game")?;
                            Step::Play(m, Actor::Computer)
                        }
                    }
                };
                match step {
                    Step::Play(m, actor) => self.play(&m, actor)?,
                    Step::End(text) => self.end_off_board(&text)?,
                    Step::Again => {}
                    Step::Quit => return Ok(ExitCode::SUCCESS),
                }
            }
            self.announce()?;
            // At a person's seat the game may still be taken back.
            if !interactive || !self.after_the_end()? {
                break;
            }
        }
        if !self.boards {
            self.show_board();
        }
        Ok(ExitCode::SUCCESS)
    }

    /// Plays a move and keeps it: printed, recorded, and undoable.
    fn play(&mut self, m: &Move, actor: Actor) -> Result<(), Failure> {
        let who = self.s.turn();
        let text = self.g.move_text(&self.s, m);
        let entry = Entry {
            number: self.plies.len() as u32 + 1,
            seat: self.seat(who).to_string(),
            text,
            comment: None,
        };
        let u = self
            .g
            .play(&mut self.s, m)
            .map_err(|e| rule_failure(self.g, e))?;
        self.style.last = marks(self.g, m);
        self.keep(entry, u, actor)?;
        if self.boards {
            self.show_board();
        }
        Ok(())
    }

    /// Records a ply just played: the printed line, the record file, the undo list.
    fn keep(&mut self, entry: Entry, undo: Undo, actor: Actor) -> Result<(), Failure> {
        println!("{}. {}: {}", entry.number, entry.seat, entry.text);
        if let Some(w) = &mut self.writer {
            w.append(&entry, actor == Actor::Person)
                .map_err(|e| format!("cannot write the record {}: {e}", w.path().display()))?;
        } else {
            self.dirty = true;
        }
        self.plies.push(Ply { entry, undo, actor });
        Ok(())
    }

    /// A resignation (`resign`) or an agreement (`agree draw`) by the seat to move.
    fn end_off_board(&mut self, text: &str) -> Result<(), Failure> {
        let who = self.s.turn();
        let u = if text == "resign" {
            self.g.resign(&mut self.s, who)
        } else {
            let what = text.trim_start_matches("agree ").trim();
            self.g.agree(&mut self.s, what)
        }
        .map_err(|e| rule_failure(self.g, e))?;
        let entry = Entry {
            number: self.plies.len() as u32 + 1,
            seat: self.seat(who).to_string(),
            text: text.to_string(),
            comment: None,
        };
        self.keep(entry, u, Actor::Person)
    }

    /// Says how the game ended, and puts it in the record.
    fn announce(&mut self) -> Result<(), Failure> {
        let Some(o) = self.s.outcome() else {
            return Ok(());
        };
        println!("game over: {}", self.g.outcome_text(o, self.s.scores()));
        let result = super::records::result_header(self.g, o);
        self.headers.set_header("Result", result.clone());
        if let Some(w) = &mut self.writer {
            w.set_header("Result", &result)
                .map_err(|e| format!("cannot write the record {}: {e}", w.path().display()))?;
        }
        Ok(())
    }

    /// After the end, a person may take the last moves back, look, save, or leave. Returns
    /// whether play goes on.
    fn after_the_end(&mut self) -> Result<bool, Failure> {
        if !self.plies.iter().any(|p| p.actor == Actor::Person) {
            return Ok(false);
        }
        loop {
            self.input.complete_with(
                ["undo", "board", "position", "save ", "quit"]
                    .map(String::from)
                    .to_vec(),
            );
            let Some(line) = self
                .input
                .ask("game over (undo, board, position, save FILE, quit)> ")
            else {
                return Ok(false);
            };
            match line.trim() {
                "undo" => {
                    self.undo()?;
                    self.headers.set_header("Result", "*");
                    if let Some(w) = &mut self.writer {
                        w.set_header("Result", "*").map_err(|e| {
                            format!("cannot write the record {}: {e}", w.path().display())
                        })?;
                    }
                    return Ok(true);
                }
                "board" => self.show_board(),
                "position" => println!("{}", self.g.position_text(&self.s)),
                cmd if cmd == "save" || cmd.starts_with("save ") => self.save(cmd)?,
                "" | "quit" | "exit" => return Ok(false),
                other => {
                    println!("`{other}`: the game is over (undo, board, position, save FILE, quit)")
                }
            }
        }
    }

    /// Asks a person for a move or a command.
    fn ask_person(&mut self, moves: &[Move]) -> Result<Step, Failure> {
        let t = &self.g.tables();
        let who = self.s.turn();
        let mut words: Vec<String> = moves.iter().map(|m| self.g.move_text(&self.s, m)).collect();
        words.extend(
            crate::notation::shorthands(t, &self.s, moves)
                .into_iter()
                .map(|(x, _)| x),
        );
        words.extend(COMMANDS.map(String::from));
        words.extend(self.g.agreements().iter().map(|a| format!("propose {a}")));
        self.input.complete_with(words);
        // What the computer played before this question is on disk before anyone answers.
        if let Some(w) = &mut self.writer {
            w.sync()
                .map_err(|e| format!("cannot write the record {}: {e}", w.path().display()))?;
        }
        let Some(line) = self.input.ask(&format!("{} to move> ", self.seat(who))) else {
            println!("\n(end of input: game abandoned)");
            return Ok(Step::Quit);
        };
        let line = line.trim();
        Ok(match line {
            "" => Step::Again,
            "quit" | "exit" => self.quit(),
            "help" => {
                let offers: String = self
                    .g
                    .agreements()
                    .iter()
                    .map(|a| format!(", propose {a}"))
                    .collect();
                println!(
                    "type a move ({}), or: moves, hint, undo, redo, board, position, save FILE, resign{offers}, quit",
                    crate::notation::forms(t, &self.s, moves, who)
                );
                Step::Again
            }
            "moves" => {
                let texts: Vec<String> =
                    moves.iter().map(|m| self.g.move_text(&self.s, m)).collect();
                println!("{}", texts.join(" "));
                Step::Again
            }
            "board" => {
                self.show_board();
                Step::Again
            }
            "position" => {
                println!("{}", self.g.position_text(&self.s));
                Step::Again
            }
            "undo" => {
                self.undo()?;
                Step::Again
            }
            "redo" => {
                self.redo_once()?;
                Step::Again
            }
            "hint" => {
                let mut rng = Rng::new(self.seed ^ ((self.plies.len() as u64) << 20));
                let agent = Agent::Mcts(crate::ai::Budget::Time(std::time::Duration::from_millis(
                    1000,
                )));
                match crate::ai::choose(self.g, &self.s, moves, agent, &mut rng) {
                    Ok(Some(m)) => println!("hint: {}", self.g.move_text(&self.s, &m)),
                    Ok(None) => println!("no hint: there is no move"),
                    Err(e) => println!("no hint: {e}"),
                }
                Step::Again
            }
            "resign" => {
                self.redo.clear();
                Step::End("resign".into())
            }
            cmd if cmd == "save" || cmd.starts_with("save ") => {
                self.save(cmd)?;
                Step::Again
            }
            text if self
                .g
                .agreements()
                .iter()
                .any(|a| text == a || text.strip_prefix("propose ").map(str::trim) == Some(a)) =>
            {
                let what = text.trim_start_matches("propose ").trim().to_string();
                if self.propose(who, &what)? {
                    println!("{what}: agreed by every player");
                    self.redo.clear();
                    Step::End(format!("agree {what}"))
                } else {
                    Step::Again
                }
            }
            text => match self.read_move(moves, text) {
                Some(m) => {
                    self.redo.clear();
                    Step::Play(m, Actor::Person)
                }
                None => Step::Again,
            },
        })
    }

    /// A typed move: the full notation, or a shorthand that fits one legal move (echoed in
    /// full); otherwise says what is wrong and what would do.
    fn read_move(&self, moves: &[Move], text: &str) -> Option<Move> {
        let t = &self.g.tables();
        let who = self.s.turn();
        let err = match self.g.resolve(&self.s, moves, text) {
            Ok(m) => return Some(m),
            Err(e) => e,
        };
        let short = crate::notation::shorthand(t, &self.s, moves, text);
        if let [i] = short[..] {
            let m = moves[i].clone();
            println!("{text} = {}", self.g.move_text(&self.s, &m));
            return Some(m);
        }
        if short.len() > 1 {
            let list: Vec<String> = short
                .iter()
                .map(|&i| self.g.move_text(&self.s, &moves[i]))
                .collect();
            println!("`{text}` could be any of: {}", list.join(" "));
            return None;
        }
        // A move begun: its completions say it all.
        let begun: Vec<String> = moves
            .iter()
            .map(|m| self.g.move_text(&self.s, m))
            .filter(|m| m.starts_with(text))
            .collect();
        if !begun.is_empty() && matches!(err, crate::notation::MoveError::Syntax(_)) {
            let shown: Vec<&str> = begun.iter().take(12).map(String::as_str).collect();
            let more = if begun.len() > 12 { " ..." } else { "" };
            println!("completions: {}{more}", shown.join(" "));
            return None;
        }
        match &err {
            crate::notation::MoveError::Syntax(_) => {
                println!(
                    "cannot read `{text}`: {}",
                    crate::notation::forms(t, &self.s, moves, who)
                );
            }
            other => println!("{other}"),
        }
        if let Some(why) = why_illegal(self.g, &self.s, moves, text) {
            println!("{why}");
        }
        None
    }

    /// Asks for a throw of real dice, saying how many dice it has.
    fn ask_throw(&mut self, moves: &[Move]) -> Result<Step, Failure> {
        let t = &self.g.tables();
        let who = self.s.turn();
        let n = moves
            .iter()
            .find_map(|m| match m.shape {
                Shape::Roll(d) => Some(d.len()),
                _ => None,
            })
            .unwrap_or(1);
        let like: Vec<String> = (0..n).map(|i| ((i * 2 + 3) % 6 + 1).to_string()).collect();
        let dice = if n == 1 {
            "1 die".to_string()
        } else {
            format!("{n} dice")
        };
        self.input
            .complete_with(["help", "undo", "board", "quit"].map(String::from).to_vec());
        let prompt = format!(
            "{}'s throw: {dice}, like {}> ",
            self.seat(who),
            like.join(" ")
        );
        let Some(line) = self.input.ask(&prompt) else {
            println!("\n(end of input: game abandoned)");
            return Ok(Step::Quit);
        };
        let line = line.trim();
        Ok(match line {
            "" => Step::Again,
            "quit" | "exit" => self.quit(),
            "help" => {
                println!(
                    "throw {dice} on the table and type the pips of each, like {}; or: undo, board, quit",
                    like.join(" ")
                );
                Step::Again
            }
            "board" => {
                self.show_board();
                Step::Again
            }
            "undo" => {
                self.undo()?;
                Step::Again
            }
            _ => {
                let text = if line.starts_with("roll") {
                    line.to_string()
                } else {
                    format!("roll {line}")
                };
                match crate::notation::resolve(t, moves, who, &text) {
                    Ok(m) => {
                        self.redo.clear();
                        Step::Play(m, Actor::Chance)
                    }
                    Err(_) => {
                        println!(
                            "not a throw of {dice} of this game: type the pips of each, like {}",
                            like.join(" ")
                        );
                        Step::Again
                    }
                }
            }
        })
    }

    /// Leaves the session, asking first when the game is not kept anywhere.
    fn quit(&mut self) -> Step {
        if self.dirty && self.writer.is_none() {
            let sure = self
                .input
                .yes("the game is not saved (save FILE keeps it); quit anyway? (yes/no) ");
            if !sure {
                return Step::Again;
            }
        }
        Step::Quit
    }

    /// Takes back to this terminal's previous decision: the plies since then (the
    /// computer's replies, throws) and the person's own move.
    fn undo(&mut self) -> Result<(), Failure> {
        if !self.plies.iter().any(|p| p.actor == Actor::Person) {
            println!("nothing of yours to undo");
            return Ok(());
        }
        let mut group = Vec::new();
        while let Some(p) = self.plies.pop() {
            self.g.undo(&mut self.s, p.undo);
            let person = p.actor == Actor::Person;
            group.push((p.entry, p.actor));
            if person {
                break;
            }
        }
        group.reverse();
        let taken: Vec<&str> = group.iter().map(|(e, _)| e.text.as_str()).collect();
        println!("took back: {}", taken.join(", "));
        self.redo.push(group);
        self.rewrite_record()?;
        self.style.last.clear();
        self.show_board();
        Ok(())
    }

    /// Replays exactly what the last `undo` took back.
    fn redo_once(&mut self) -> Result<(), Failure> {
        let Some(group) = self.redo.pop() else {
            println!("nothing to redo");
            return Ok(());
        };
        for (e, actor) in group {
            let u = if e.text == "resign" || e.text.starts_with("agree ") {
                self.end_off_board(&e.text)?;
                continue;
            } else {
                match self.g.play_text(&mut self.s, &e.text) {
                    Ok((m, u)) => {
                        self.style.last = marks(self.g, &m);
                        u
                    }
                    Err(err) => {
                        println!("cannot redo {}: {err}", e.text);
                        return Ok(());
                    }
                }
            };
            let entry = Entry {
                number: self.plies.len() as u32 + 1,
                ..e
            };
            self.keep(entry, u, actor)?;
        }
        self.show_board();
        Ok(())
    }

    /// Takes the record file back to the plies kept.
    fn rewrite_record(&mut self) -> Result<(), Failure> {
        match &mut self.writer {
            Some(w) => w.truncate(self.plies.len()).map_err(|e| {
                Failure::Message(format!(
                    "cannot write the record {}: {e}",
                    w.path().display()
                ))
            }),
            None => {
                self.dirty = true;
                Ok(())
            }
        }
    }

    /// `save [FILE]`: writes the whole record there (asking before replacing a file), and
    /// keeps it there from then on.
    fn save(&mut self, cmd: &str) -> Result<(), Failure> {
        let arg = cmd.strip_prefix("save").map(str::trim).unwrap_or_default();
        let path = if arg.is_empty() {
            match &self.writer {
                Some(w) => {
                    println!("{} is kept up to date after every move", w.path().display());
                    return Ok(());
                }
                None => {
                    println!("save where? type: save FILE");
                    return Ok(());
                }
            }
        } else {
            PathBuf::from(arg)
        };
        if self.writer.as_ref().is_some_and(|w| w.path() == path) {
            println!("{} is kept up to date after every move", path.display());
            return Ok(());
        }
        let exists = std::fs::metadata(&path).is_ok_and(|m| m.len() > 0);
        if exists
            && !self
                .input
                .yes(&format!("{} exists; replace it? (yes/no) ", path.display()))
        {
            return Ok(());
        }
        let mut rec = self.headers.clone();
        rec.moves = self.plies.iter().map(|p| p.entry.clone()).collect();
        match Writer::create(&path, &rec, true) {
            Ok(w) => {
                println!(
                    "saved to {} (and kept up to date from now on)",
                    path.display()
                );
                self.writer = Some(w);
                self.dirty = false;
            }
            Err(e) => println!("cannot save {}: {e}", path.display()),
        }
        Ok(())
    }

    /// Asks every other seat whether it accepts `what`. A person answers at the terminal; an
    /// AI seat accepts when the agreed ending would not rank it below anyone.
    fn propose(&mut self, who: PlayerId, what: &str) -> Result<bool, Failure> {
        let t = &self.g.tables();
        let mut trial = self.s.clone();
        self.g
            .agree(&mut trial, what)
            .map_err(|e| rule_failure(self.g, e))?;
        let outcome = trial.outcome().cloned();
        for p in (0..t.player_count()).map(|i| PlayerId(i as u8)) {
            if p == who {
                continue;
            }
            let name = t.seats[p.index()].name.clone();
            let yes = match self.agents[p.index()] {
                Agent::Human => self.input.yes(&format!(
                    "{name}: {} proposes {what}; accept? (yes/no) ",
                    self.seat(who)
                )),
                _ => outcome.as_ref().is_some_and(|o| o.ranks[p.index()] == 0),
            };
            if !yes {
                println!("{name} declines {what}");
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// The cells a move touched, to mark on the board.
fn marks(g: &Game, m: &Move) -> Vec<CellId> {
    m.path
        .iter()
        .filter_map(|l| g.tables().loc_cell(*l))
        .collect()
}

/// What the rules can tell about a move text that is not legal: the moves it begins (a
/// partial move), or what the named piece may do.
fn why_illegal(g: &Game, s: &State, moves: &[Move], text: &str) -> Option<String> {
    let t = &g.tables();
    let texts: Vec<String> = moves.iter().map(|m| g.move_text(s, m)).collect();
    let started: Vec<&String> = texts.iter().filter(|m| m.starts_with(text)).collect();
    if !started.is_empty() {
        let list: Vec<&str> = started.iter().take(12).map(|m| m.as_str()).collect();
        return Some(format!(
            "completions: {}{}",
            list.join(" "),
            if started.len() > 12 { " ..." } else { "" }
        ));
    }
    // `from-to`: judge the piece on `from`.
    let from = text
        .split(['-', ':', '/'])
        .next()
        .filter(|f| !f.is_empty() && f.len() < text.len())?;
    let cell = t.board.cell(from)?;
    let here: Vec<&String> = moves
        .iter()
        .zip(&texts)
        .filter(|(m, _)| m.from().and_then(|l| t.loc_cell(l)) == Some(cell))
        .map(|(_, x)| x)
        .collect();
    let who = s.turn();
    if !here.is_empty() {
        let list: Vec<&str> = here.iter().take(12).map(|m| m.as_str()).collect();
        return Some(format!(
            "from {from} the legal moves are: {}",
            list.join(" ")
        ));
    }
    Some(match s.top(cell.into()) {
        None => format!("{from} is empty"),
        Some(p) if t.info(p).owner.is_some_and(|o| o != who) => {
            format!("the piece on {from} is not {}'s", t.seats[who.index()].name)
        }
        Some(_) if moves.iter().all(|m| m.is_capture()) && !moves.is_empty() => {
            format!("the piece on {from} cannot move: a capture is compulsory elsewhere")
        }
        Some(_) => format!("the piece on {from} has no legal move now"),
    })
}
