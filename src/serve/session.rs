//! One open game of `icebox serve`: a thread that owns the loaded [`Game`] and its state.
//!
//! A `Game` holds a Rhai engine, which is not `Send`, so each open game lives on its own
//! thread, loaded there from its files. Requests reach it over a channel and get a reply;
//! after every change the thread publishes a [`View`] (JSON text) that page polls read
//! without waiting for the thread. An AI seat thinks on this thread between requests, so a
//! poll is never blocked by a search, and the page shows who is thinking.
//!
//! Plies are kept with who made them, as at the terminal (`cli::play`): `undo` takes back to
//! the last person's decision and `redo` replays exactly what was undone; `back`/`forward`
//! step one ply at a time through a game or a loaded record, and pause the AI seats so the
//! position stays where the user put it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::ai::Agent;
use crate::def::GameFiles;
use crate::engine::rng::Rng;
use crate::engine::{Action, Loc, Move, Shape, State, Tables, Undo};
use crate::game::Game;
use crate::record::{Entry, Record};

/// Draws a position (the command line's SVG renderer, handed down by `cli`).
pub type Draw = fn(&Game, &State) -> String;

/// The most plies one open game keeps (with their undo logs): a bound on its memory. A game
/// that long is refused further moves with a message.
pub const MAX_PLIES: usize = 5_000;

/// The time between plies of a game with no person seated (two AIs, or a record played on):
/// slow enough to follow on the page.
const WATCH_PACE: Duration = Duration::from_millis(400);

/// How long a request waits for a busy game (an AI seat searching) before it is told so.
const REPLY_WAIT: Duration = Duration::from_secs(20);

/// What a game was opened with.
pub struct Setup {
    /// The game's files (read when the server started; never a path from a request).
    pub files: GameFiles,
    /// The variant.
    pub variant: Option<String>,
    /// Options, `key=value`.
    pub sets: Vec<(String, String)>,
    /// Seats, `A=human`, `all=random`.
    pub seats: Vec<String>,
    /// Seed of the AI seats and the dice.
    pub seed: u64,
    /// A position to start from.
    pub position: Option<String>,
    /// A record to replay (its moves are checked again).
    pub record: Option<Record>,
}

/// What a request asks of an open game.
#[derive(Debug)]
pub enum Cmd {
    /// Play a move typed or clicked, in the game's notation (or `resign`, `agree draw`).
    Play(String),
    /// Take back to the last person's decision.
    Undo,
    /// Replay what the last undo took back.
    Redo,
    /// One ply back (pauses the AI seats).
    Back,
    /// One ply forward again.
    Forward,
    /// Back to the start.
    First,
    /// Forward to the last ply taken back.
    Last,
    /// Let the AI seats play again after stepping.
    Resume,
    /// New seats: `B=mcts:200`, `all=human`.
    Seats(Vec<String>),
    /// The game record as text.
    Record,
}

/// A request with the way back to its sender: the new view (or the record), or a message.
/// A request still queued at its deadline is dropped unread, so a sender told "busy" knows
/// its command was not carried out later behind its back.
struct Request {
    cmd: Cmd,
    reply: mpsc::Sender<Result<String, String>>,
    deadline: Instant,
}

/// A handle on an open game, kept by the server.
pub struct Handle {
    tx: mpsc::Sender<Request>,
    view: Arc<Mutex<Arc<String>>>,
    /// An AI seat is searching: requests are refused at once rather than queued.
    busy: Arc<AtomicBool>,
}

impl Handle {
    /// The game's latest view, as JSON text.
    pub fn view(&self) -> Arc<String> {
        match self.view.lock() {
            Ok(v) => v.clone(),
            Err(p) => p.into_inner().clone(),
        }
    }

    /// Sends a command and waits for its reply. While an AI seat thinks the answer is "busy"
    /// at once: a search cannot be interrupted, and a command queued behind it would surprise.
    pub fn ask(&self, cmd: Cmd) -> Result<String, String> {
        let busy = || "an AI seat is thinking: wait for its move, then try again".to_string();
        if self.busy.load(Ordering::Relaxed) {
            return Err(busy());
        }
        let (reply, rx) = mpsc::channel();
        self.tx
            .send(Request {
                cmd,
                reply,
                deadline: Instant::now() + REPLY_WAIT,
            })
            .map_err(|_| "this game has closed".to_string())?;
        // A little longer than the deadline: a request taken up just before it is answered.
        rx.recv_timeout(REPLY_WAIT + Duration::from_secs(5))
            .map_err(|_| busy())?
    }
}

/// Opens a game on its own thread; returns when it has loaded (or failed to).
pub fn open(id: u64, setup: Setup, draw: Draw) -> Result<Handle, String> {
    let (tx, rx) = mpsc::channel::<Request>();
    let (ready_tx, ready_rx) = mpsc::channel::<Result<(), String>>();
    let view = Arc::new(Mutex::new(Arc::new(String::new())));
    let shared = view.clone();
    let busy = Arc::new(AtomicBool::new(false));
    let thinking = busy.clone();
    std::thread::Builder::new()
        .name(format!("game-{id}"))
        // As much stack as the main thread that `icebox play` runs scripts on.
        .stack_size(8 << 20)
        .spawn(move || match Live::new(id, setup, draw, shared, thinking) {
            Ok(mut live) => {
                live.publish();
                let _ = ready_tx.send(Ok(()));
                live.run(&rx);
            }
            Err(e) => {
                let _ = ready_tx.send(Err(e));
            }
        })
        .map_err(|e| format!("cannot start a game thread: {e}"))?;
    ready_rx
        .recv()
        .map_err(|_| "the game failed while loading".to_string())??;
    Ok(Handle { tx, view, busy })
}

/// Who made a ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Actor {
    Person,
    Computer,
    Chance,
}

impl Actor {
    fn word(self) -> &'static str {
        match self {
            Actor::Person => "person",
            Actor::Computer => "computer",
            Actor::Chance => "chance",
        }
    }
}

struct Ply {
    entry: Entry,
    undo: Undo,
    actor: Actor,
}

/// An open game on its thread.
struct Live {
    id: u64,
    g: Game,
    s: State,
    agents: Vec<Agent>,
    /// The AI seats' players, one per seat (what `mcts+reuse` keeps lives there).
    players: Vec<crate::ai::Player>,
    plies: Vec<Ply>,
    /// Groups of plies taken back, latest last, each in playing order.
    redo: Vec<Vec<(Entry, Actor)>>,
    rng: Rng,
    headers: Record,
    /// AI seats wait (the user is stepping through the game).
    paused: bool,
    /// The seat whose AI is searching now.
    thinking: Option<String>,
    /// Why the AI seats stopped, if something went wrong.
    error: Option<String>,
    version: u64,
    draw: Draw,
    view: Arc<Mutex<Arc<String>>>,
    /// Set while an AI seat searches (read by [`Handle::ask`]).
    busy: Arc<AtomicBool>,
}

impl Live {
    fn new(
        id: u64,
        setup: Setup,
        draw: Draw,
        view: Arc<Mutex<Arc<String>>>,
        busy: Arc<AtomicBool>,
    ) -> Result<Live, String> {
        let g = Game::load(&setup.files, setup.variant.as_deref(), &setup.sets)
            .map_err(|d| d.to_string())?;
        let position = setup.position.clone().or_else(|| {
            setup
                .record
                .as_ref()
                .and_then(|r| r.header("Position").map(str::to_string))
        });
        let s = match &position {
            Some(p) => g.position(p).map_err(|d| d.to_string())?,
            None => g.start().map_err(|e| e.to_string())?,
        };
        let agents = crate::ai::seat_agents(g.tables(), &setup.seats)?;
        let mut headers = Record::default();
        headers.set_header("Game", g.id());
        if let Some(v) = &setup.variant {
            headers.set_header("Variant", v.clone());
        }
        if !setup.sets.is_empty() {
            let sets: Vec<String> = setup.sets.iter().map(|(k, v)| format!("{k}={v}")).collect();
            headers.set_header("Set", sets.join(" "));
        }
        headers.set_header("Seed", setup.seed.to_string());
        headers.set_header("Dice", "seeded");
        if let Some(p) = &position {
            headers.set_header("Position", p.clone());
        }
        headers.set_header("Result", "*");
        let mut live = Live {
            id,
            g,
            s,
            players: agents.iter().map(|a| crate::ai::Player::new(*a)).collect(),
            agents,
            plies: Vec::new(),
            redo: Vec::new(),
            rng: Rng::new(setup.seed),
            headers,
            paused: false,
            thinking: None,
            error: None,
            version: 0,
            draw,
            view,
            busy,
        };
        live.set_seats_header();
        if let Some(rec) = &setup.record {
            if rec.moves.len() > MAX_PLIES {
                return Err(format!(
                    "the record has {} moves; this server keeps at most {MAX_PLIES}",
                    rec.moves.len()
                ));
            }
            for (i, e) in rec.moves.iter().enumerate() {
                if e.number as usize != i + 1 {
                    return Err(format!(
                        "the record does not replay: move {} `{}`: expected move number {}",
                        e.number,
                        e.text,
                        i + 1
                    ));
                }
                let actor = live.actor_of(e);
                live.replay(e, actor).map_err(|why| {
                    format!(
                        "the record does not replay: move {} `{}`: {why}",
                        e.number, e.text
                    )
                })?;
                // The random stream goes on as if these plies had been drawn here.
                live.rng.next_u64();
            }
            // A record opens for reading: the AI seats wait until asked to go on.
            live.paused = true;
        }
        Ok(live)
    }

    /// Serves requests; between them, lets chance and the AI seats move. With no person
    /// seated the plies come at a watchable pace ([`WATCH_PACE`]), still answering requests.
    fn run(&mut self, rx: &mpsc::Receiver<Request>) {
        loop {
            let request = if self.machine_to_move() {
                let watched = self.agents.iter().all(|a| *a != Agent::Human);
                let wait = if watched { WATCH_PACE } else { Duration::ZERO };
                match rx.recv_timeout(wait) {
                    Ok(r) => Some(r),
                    Err(mpsc::RecvTimeoutError::Timeout) => None,
                    Err(mpsc::RecvTimeoutError::Disconnected) => return,
                }
            } else {
                match rx.recv() {
                    Ok(r) => Some(r),
                    Err(_) => return,
                }
            };
            match request {
                // Its sender has given up waiting: not carried out.
                Some(r) if Instant::now() >= r.deadline => {}
                Some(r) => {
                    let answer = self.handle(r.cmd);
                    self.publish();
                    let answer = answer.map(|text| text.unwrap_or_else(|| self.view_text()));
                    let _ = r.reply.send(answer);
                }
                None => {
                    self.machine_move();
                    self.publish();
                }
            }
        }
    }

    /// Whether chance or an AI seat moves next, unpaused.
    fn machine_to_move(&self) -> bool {
        if self.paused || self.s.is_over() || self.error.is_some() {
            return false;
        }
        self.agents[self.s.turn().index()] != Agent::Human || self.chance_next()
    }

    fn chance_next(&self) -> bool {
        self.g
            .legal_moves(&self.s)
            .is_ok_and(|m| crate::ai::is_chance(&m))
    }

    /// One move by chance or an AI seat; a failure stops the machine seats with a message.
    fn machine_move(&mut self) {
        if self.plies.len() >= MAX_PLIES {
            self.error = Some(format!(
                "the game reached {MAX_PLIES} plies, the most this server keeps"
            ));
            return;
        }
        let moves = match self.g.legal_moves(&self.s) {
            Ok(m) => m,
            Err(e) => {
                self.error = Some(e.to_string());
                return;
            }
        };
        let (m, actor) = if crate::ai::is_chance(&moves) {
            (
                crate::ai::chance_move(&moves, &mut self.rng).cloned(),
                Actor::Chance,
            )
        } else {
            let agent = self.agents[self.s.turn().index()];
            self.thinking = Some(format!(
                "{} ({})",
                self.seat_name(),
                crate::selfplay::agent_label(agent)
            ));
            self.busy.store(true, Ordering::Relaxed);
            self.publish();
            let player = &mut self.players[self.s.turn().index()];
            let chosen = player.choose(&self.g, &self.s, &moves, &mut self.rng);
            self.busy.store(false, Ordering::Relaxed);
            self.thinking = None;
            match chosen {
                Ok(m) => (m, Actor::Computer),
                Err(e) => {
                    self.error = Some(e.to_string());
                    return;
                }
            }
        };
        let Some(m) = m else {
            self.error = Some("no legal move in a live game".into());
            return;
        };
        if let Err(e) = self.play_move(&m, actor) {
            self.error = Some(e);
        }
    }

    fn seat_name(&self) -> String {
        self.g.tables().seats[self.s.turn().index()].name.clone()
    }

    fn play_move(&mut self, m: &Move, actor: Actor) -> Result<(), String> {
        let entry = Entry {
            number: self.plies.len() as u32 + 1,
            seat: self.seat_name(),
            text: self.g.move_text(&self.s, m),
            comment: None,
        };
        let undo = self.g.play(&mut self.s, m).map_err(|e| e.to_string())?;
        self.plies.push(Ply { entry, undo, actor });
        self.note_result();
        Ok(())
    }

    /// Plays a recorded ply again (redo, a loaded record): its seat must be the one to move.
    fn replay(&mut self, e: &Entry, actor: Actor) -> Result<(), String> {
        if self.s.is_over() {
            return Err("the game was already over".into());
        }
        let to_move = self.seat_name();
        if e.seat != to_move {
            return Err(format!("it is {to_move}'s turn, not {}'s", e.seat));
        }
        let undo = self.off_board(&e.text).unwrap_or_else(|| {
            self.g
                .play_text(&mut self.s, &e.text)
                .map(|(_, u)| u)
                .map_err(|err| err.to_string())
        })?;
        self.plies.push(Ply {
            entry: Entry {
                number: self.plies.len() as u32 + 1,
                seat: to_move,
                text: e.text.clone(),
                comment: e.comment.clone(),
            },
            undo,
            actor,
        });
        self.note_result();
        Ok(())
    }

    /// `resign` and `agree X`: the two ways a game ends off the board; `None` for a move.
    fn off_board(&mut self, text: &str) -> Option<Result<Undo, String>> {
        let who = self.s.turn();
        if text == "resign" {
            Some(self.g.resign(&mut self.s, who).map_err(|e| e.to_string()))
        } else {
            text.strip_prefix("agree ").map(|what| {
                self.g
                    .agree(&mut self.s, what.trim())
                    .map_err(|e| e.to_string())
            })
        }
    }

    fn note_result(&mut self) {
        let result = match self.s.outcome() {
            Some(o) if o.is_draw() => "draw".to_string(),
            Some(o) => {
                let names: Vec<String> = o
                    .winners()
                    .iter()
                    .map(|p| self.g.tables().seats[p.index()].name.clone())
                    .collect();
                names.join("+")
            }
            None => "*".to_string(),
        };
        self.headers.set_header("Result", result);
    }

    fn actor_of(&self, e: &Entry) -> Actor {
        if e.text.starts_with("roll") {
            return Actor::Chance;
        }
        match self
            .g
            .tables()
            .seat(&e.seat)
            .map(|p| self.agents[p.index()])
        {
            Some(Agent::Human) | None => Actor::Person,
            Some(_) => Actor::Computer,
        }
    }

    fn set_seats_header(&mut self) {
        let seats: Vec<String> = self
            .g
            .tables()
            .seats
            .iter()
            .zip(&self.agents)
            .map(|(seat, a)| format!("{}={}", seat.name, crate::selfplay::agent_label(*a)))
            .collect();
        self.headers.set_header("Seats", seats.join(" "));
    }

    /// Carries out a request: `Ok(None)` answers with the new view, `Ok(Some(text))` with
    /// that text.
    fn handle(&mut self, cmd: Cmd) -> Result<Option<String>, String> {
        self.error = None;
        match cmd {
            Cmd::Play(text) => self.person_move(text.trim())?,
            Cmd::Undo => self.undo()?,
            Cmd::Redo => self.redo_group()?,
            Cmd::Back => {
                self.back()?;
                self.paused = true;
            }
            Cmd::Forward => self.forward()?,
            Cmd::First => {
                while !self.plies.is_empty() {
                    self.back()?;
                }
                self.paused = true;
            }
            Cmd::Last => {
                while !self.redo.is_empty() {
                    self.forward()?;
                }
            }
            Cmd::Resume => self.paused = false,
            Cmd::Seats(list) => {
                self.agents = crate::ai::seat_agents(self.g.tables(), &list)?;
                self.players = self
                    .agents
                    .iter()
                    .map(|a| crate::ai::Player::new(*a))
                    .collect();
                self.set_seats_header();
                self.paused = false;
            }
            Cmd::Record => {
                let mut rec = self.headers.clone();
                rec.moves = self.plies.iter().map(|p| p.entry.clone()).collect();
                return Ok(Some(rec.to_text()));
            }
        }
        Ok(None)
    }

    fn person_move(&mut self, text: &str) -> Result<(), String> {
        if self.s.is_over() {
            return Err("the game is over (undo or step back to play on)".into());
        }
        if text.is_empty() {
            return Err("no move given".into());
        }
        if self.plies.len() >= MAX_PLIES {
            return Err(format!(
                "the game reached {MAX_PLIES} plies, the most this server keeps"
            ));
        }
        let seat = self.seat_name();
        let agent = self.agents[self.s.turn().index()];
        if agent != Agent::Human && !self.paused {
            return Err(format!(
                "it is {seat}'s turn, played by {}",
                crate::selfplay::agent_label(agent)
            ));
        }
        if self.chance_next() {
            return Err("the dice are thrown next, not a move".into());
        }
        // An agreement needs every player's yes: at one screen the people give it, but an AI
        // seat has no way to, so it is not assumed.
        if text.starts_with("agree ") && self.agents.iter().any(|a| *a != Agent::Human) {
            return Err(format!(
                "`{text}` needs every player's agreement, and the computer's seats cannot give it"
            ));
        }
        // Whatever the person typed (`e4`), the record keeps the move as the game writes it.
        let who = self.s.turn();
        let (undo, written) = match self.off_board(text) {
            Some(r) => (r?, text.to_string()),
            None => {
                let m = self.read_move(text)?;
                let u = self.g.play(&mut self.s, &m).map_err(|e| e.to_string())?;
                (u, crate::notation::format_move(self.g.tables(), &m, who))
            }
        };
        self.plies.push(Ply {
            entry: Entry {
                number: self.plies.len() as u32 + 1,
                seat,
                text: written,
                comment: None,
            },
            undo,
            actor: Actor::Person,
        });
        self.note_result();
        self.redo.clear();
        self.paused = false;
        Ok(())
    }

    /// A typed move as at the terminal: the full notation, or a shorthand (`e4`, `Nf3`) that
    /// fits one legal move.
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let t = self.g.tables();
        let moves = self.g.legal_moves(&self.s).map_err(|e| e.to_string())?;
        let err = match self.g.resolve(&self.s, &moves, text) {
            Ok(m) => return Ok(m),
            Err(e) => e,
        };
        match crate::notation::shorthand(t, &self.s, &moves, text)[..] {
            [i] => Ok(moves[i].clone()),
            [] => Err(err.to_string()),
            ref many => {
                let list: Vec<String> = many
                    .iter()
                    .map(|&i| self.g.move_text(&self.s, &moves[i]))
                    .collect();
                Err(format!("`{text}` could be any of: {}", list.join(" ")))
            }
        }
    }

    fn undo(&mut self) -> Result<(), String> {
        let Some(k) = self.plies.iter().rposition(|p| p.actor == Actor::Person) else {
            return Err(
                "no move of a person to take back (step back with ◀ to go through the game)".into(),
            );
        };
        let mut group = Vec::new();
        while self.plies.len() > k {
            if let Some(p) = self.plies.pop() {
                self.g.undo(&mut self.s, p.undo);
                group.push((p.entry, p.actor));
            }
        }
        group.reverse();
        self.redo.push(group);
        self.note_result();
        Ok(())
    }

    fn redo_group(&mut self) -> Result<(), String> {
        let Some(group) = self.redo.pop() else {
            return Err("nothing to redo".into());
        };
        for (e, actor) in group {
            self.replay(&e, actor)
                .map_err(|why| format!("cannot redo {}: {why}", e.text))?;
        }
        Ok(())
    }

    fn back(&mut self) -> Result<(), String> {
        let Some(p) = self.plies.pop() else {
            return Err("already at the start".into());
        };
        self.g.undo(&mut self.s, p.undo);
        self.redo.push(vec![(p.entry, p.actor)]);
        self.note_result();
        Ok(())
    }

    fn forward(&mut self) -> Result<(), String> {
        let Some(mut group) = self.redo.pop() else {
            return Err("nothing ahead to step to".into());
        };
        if group.is_empty() {
            return Ok(());
        }
        let (e, actor) = group.remove(0);
        if !group.is_empty() {
            self.redo.push(group);
        }
        self.replay(&e, actor)
            .map_err(|why| format!("cannot step to {}: {why}", e.text))
    }

    /// Makes the current view the one polls read.
    fn publish(&mut self) {
        self.version += 1;
        let text = Arc::new(self.view_text());
        match self.view.lock() {
            Ok(mut v) => *v = text,
            Err(p) => *p.into_inner() = text,
        }
    }

    fn view_text(&self) -> String {
        self.view_json().to_string()
    }

    /// What the page shows: the picture, the moves to click, the move list, the state.
    fn view_json(&self) -> Value {
        let t = self.g.tables();
        let over = self.s.is_over();
        let chance = !over && self.chance_next();
        let human =
            !over && !chance && (self.agents[self.s.turn().index()] == Agent::Human || self.paused);
        let legal = if human {
            self.g.legal_moves(&self.s).unwrap_or_default()
        } else {
            Vec::new()
        };
        let moves: Vec<Value> = legal
            .iter()
            .map(|m| json!({"text": self.g.move_text(&self.s, m), "clicks": clicks(t, m)}))
            .collect();
        let shorthands: Vec<String> = crate::notation::shorthands(t, &self.s, &legal)
            .into_iter()
            .map(|(text, _)| text)
            .collect();
        let seats: Vec<Value> = t
            .seats
            .iter()
            .zip(&self.agents)
            .map(|(seat, a)| json!({"name": seat.name, "agent": crate::selfplay::agent_label(*a)}))
            .collect();
        let history: Vec<Value> = self
            .plies
            .iter()
            .map(|p| json!({"n": p.entry.number, "seat": p.entry.seat, "text": p.entry.text, "by": p.actor.word()}))
            .collect();
        let dice: Vec<u8> = self.s.dice().values().collect();
        // Zones by location number: a place to click that the picture may not show (an
        // empty tray to bear off into) becomes a button with this name.
        let names: serde_json::Map<String, Value> = (0..t.zones.len())
            .map(|i| {
                let l = Loc((t.board.len() + i) as u16);
                (l.index().to_string(), json!(t.loc_name(l)))
            })
            .collect();
        json!({
            "id": self.id,
            "version": self.version,
            "game": self.g.id(),
            "name": self.g.def().game.name,
            "variant": self.g.variant(),
            "seats": seats,
            "turn": if over { Value::Null } else { json!(self.seat_name()) },
            "over": over,
            "result": self.s.outcome().map(|o| self.g.outcome_text(o, self.s.scores())),
            "thinking": self.thinking,
            "paused": self.paused,
            "error": self.error,
            "svg": (self.draw)(&self.g, &self.s),
            "moves": moves,
            "shorthands": shorthands,
            "history": history,
            "ply": self.plies.len(),
            "can_undo": self.plies.iter().any(|p| p.actor == Actor::Person),
            "can_redo": !self.redo.is_empty(),
            "dice": dice,
            "names": names,
            "position": self.g.position_text(&self.s),
        })
    }
}

/// The places a person clicks to make a move, in order, as the picture names them
/// (`data-loc`): a cell or zone by its location number; a piece in a zone by the zone's
/// number and the piece's text (`12:N`), so a drop starts from the piece in the hand. Moves
/// with no place to click (pass, a word, picking dice) are offered as buttons.
pub fn clicks(t: &Tables, m: &Move) -> Vec<String> {
    let id = |l: Loc| l.index().to_string();
    match m.shape {
        Shape::Path | Shape::Remove | Shape::Turn | Shape::Change | Shape::Purge(_) => {
            m.path.iter().map(|l| id(*l)).collect()
        }
        Shape::Place(piece) => {
            let mut out = Vec::new();
            let from = m.actions.iter().find_map(|a| match a {
                Action::Transfer { from, .. } if t.loc_cell(*from).is_none() => Some(*from),
                _ => None,
            });
            if let Some(zone) = from {
                out.push(format!("{}:{}", zone.index(), t.piece_text(piece)));
            }
            out.extend(m.path.iter().map(|l| id(*l)));
            out
        }
        _ => Vec::new(),
    }
}
