//! A playable game: a definition lowered into engine tables, its compiled rules, and the one
//! `play` that owns the bookkeeping (ply count, passes, turn order, hooks, game end) so no
//! script can forget it.
//!
//! Key types: [`Game`] (immutable once loaded; `!Send` because the Rhai engine is
//! single-threaded: build one per thread). [`Game::load`] is the one fallible constructor
//! ("parse, don't validate"): it reports every problem in the definition it can find.

use std::collections::BTreeMap;
use std::rc::Rc;

use rhai::Dynamic;

use crate::board::Board;
use crate::def::{self, GameDef, GameFiles, Loaded, MoveKind, OptionValue, ZonePer};
use crate::diag::{Diagnostic, Diagnostics, Problem};
use crate::engine::movegen::{self, Amount, Conds, Headings, kind_mask};
use crate::engine::{
    Change, KindId, KindInfo, Move, NoMoves, Outcome, Pattern, PieceInfo, PlayerId, Seat, Shape,
    State, Tables, Tx, Undo, ZoneInfo,
};
use crate::notation::{self, MoveError};
use crate::rules::{RuleError, Rules};

/// A loaded, checked game.
pub struct Game {
    /// Engine tables.
    pub tables: Rc<Tables>,
    /// The definition as merged (variant applied).
    pub def: GameDef,
    /// Options in force.
    pub options: BTreeMap<String, OptionValue>,
    /// The variant applied, if any.
    pub variant: Option<String>,
    /// The game's files (tests, variants, script).
    pub files: GameFiles,
    /// The script text in force (for error excerpts).
    pub script: String,
    /// The script's file path, for messages.
    pub script_path: String,
    setup: Rc<State>,
    rules: Rules,
}

impl Game {
    /// Loads a game from its files with a variant and `--set` options.
    pub fn load(
        files: &GameFiles,
        variant: Option<&str>,
        sets: &[(String, String)],
    ) -> Result<Game, Diagnostics> {
        let loaded = def::load(files, variant, sets)?;
        Game::build(files, loaded)
    }

    fn build(files: &GameFiles, loaded: Loaded) -> Result<Game, Diagnostics> {
        let main = files.path_of("game.toml");
        let main_text = files.get("game.toml").unwrap_or_default();
        let located = |p: Problem| -> Diagnostic {
            let path: Vec<&str> = p.path.iter().map(String::as_str).collect();
            let mut d = def::at_path(&main, main_text, &path, p.message);
            if let Some(h) = p.help {
                d = d.with_help(h);
            }
            if loaded.variant.is_some() && d.line_col.is_none() {
                d.message.push_str(" (after the variant's overlay)");
            }
            d
        };
        let def = &loaded.def;
        let mut problems: Vec<Problem> = Vec::new();
        let board = match Board::build(def) {
            Ok(b) => Some(b),
            Err(ps) => {
                problems.extend(ps);
                None
            }
        };
        let tables = lower(def, board, &mut problems);
        let Some(tables) = tables else {
            return Err(Diagnostics(problems.into_iter().map(located).collect()));
        };
        // The set-up is checked even when earlier parts failed, so one run reports it all.
        let mut setup = State::empty(&tables);
        setup_state(def, &tables, &mut setup, &mut problems);
        if !problems.is_empty() {
            return Err(Diagnostics(problems.into_iter().map(located).collect()));
        }
        let tables = Rc::new(tables);
        let setup = Rc::new(setup);
        let options: BTreeMap<String, Dynamic> = loaded
            .options
            .iter()
            .map(|(k, v)| {
                let d = match v {
                    OptionValue::Bool(b) => Dynamic::from(*b),
                    OptionValue::Int(i) => Dynamic::from(*i),
                    OptionValue::Str(s) => Dynamic::from(s.clone()),
                };
                (k.clone(), d)
            })
            .collect();
        let script_path = files.path_of(&loaded.script_file);
        let rules = Rules::new(
            tables.clone(),
            setup.clone(),
            options,
            &loaded.script,
            &script_path,
        )
        .map_err(Diagnostics)?;
        if !loaded.def.rules.agreements.is_empty() && !rules.hooks.agreed {
            return Err(Diagnostic::error(
                script_path,
                "[rules] agreements needs a hook `fn agreed(s, what)` that ends the game",
            )
            .into());
        }
        Ok(Game {
            tables,
            def: loaded.def,
            options: loaded.options,
            variant: loaded.variant,
            files: files.clone(),
            script: loaded.script,
            script_path,
            setup,
            rules,
        })
    }

    /// The game id.
    pub fn id(&self) -> &str {
        &self.tables.id
    }

    /// Whether the game keeps a score worth showing: a generator scores captures, or the
    /// script adds to scores or ends the game on them. Chess boards need no `score: 0, 0`.
    pub fn keeps_score(&self) -> bool {
        self.tables
            .patterns
            .iter()
            .any(|p| p.score != def::ScoreMode::None)
            || ["add_score", "end_by_score"]
                .iter()
                .any(|f| self.script.contains(f))
    }

    /// How a game ended, in words, the same everywhere (play, replay, selfplay, stats):
    /// "White wins: checkmate", "Draw: stalemate", "A and C win: ...", with every seat's
    /// place when more than two places differ, and the final score for games that keep one.
    pub fn outcome_text(&self, o: &Outcome, scores: &[i64]) -> String {
        let t = &*self.tables;
        let names = |ps: &[PlayerId]| -> String {
            let n: Vec<&str> = ps
                .iter()
                .map(|p| t.seats[p.index()].name.as_str())
                .collect();
            match n.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                Some((last, _)) => last.to_string(),
                None => String::new(),
            }
        };
        let mut text = if o.ranks.len() == 1 {
            let solved = o.ranks[0] == 0;
            format!(
                "{}: {}",
                if solved { "Solved" } else { "Not solved" },
                o.reason
            )
        } else if o.is_draw() {
            format!("Draw: {}", o.reason)
        } else {
            let w = o.winners();
            let verb = if w.len() == 1 { "wins" } else { "win" };
            format!("{} {verb}: {}", names(&w), o.reason)
        };
        let mut places: Vec<u8> = o.ranks.to_vec();
        places.sort_unstable();
        places.dedup();
        if places.len() > 2 {
            let list: Vec<String> = places
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let at: Vec<PlayerId> = (0..o.ranks.len())
                        .filter(|&p| o.ranks[p] == *r)
                        .map(|p| PlayerId(p as u8))
                        .collect();
                    format!("{} {}", i + 1, names(&at))
                })
                .collect();
            text.push_str(&format!("; places: {}", list.join(", ")));
        }
        if self.keeps_score() && scores.len() == t.player_count() {
            let list: Vec<String> = t
                .seats
                .iter()
                .zip(scores)
                .map(|(seat, v)| format!("{} {v}", seat.name))
                .collect();
            text.push_str(&format!("; final score {}", list.join(", ")));
        }
        text
    }

    /// Whether the script defines `evaluate(s, p)`.
    pub fn has_evaluate(&self) -> bool {
        self.rules.hooks.evaluate
    }

    /// The starting position, settled (the first player's moves known to exist, or the game
    /// already decided).
    pub fn start(&self) -> Result<State, RuleError> {
        let mut s = (*self.setup).clone();
        let first = self
            .def
            .setup
            .first
            .as_deref()
            .and_then(|f| self.tables.seat(f))
            .unwrap_or(PlayerId(0));
        s.turn = first;
        self.remember(&mut s);
        let mut log = Vec::new();
        self.settle(&mut s, &mut log)?;
        Ok(s)
    }

    /// Reads a position text and settles it.
    pub fn position(&self, text: &str) -> Result<State, Diagnostic> {
        let mut s = notation::parse_position(&self.tables, text).map_err(|e| {
            Diagnostic::error("<position>", e.message.clone()).at_line_col(text, 1, e.column)
        })?;
        self.remember(&mut s);
        let mut log = Vec::new();
        self.settle(&mut s, &mut log)
            .map_err(|e| e.to_diagnostic(Some(&self.script)))?;
        Ok(s)
    }

    /// A position a game starts from is its first occurrence, for repetition.
    fn remember(&self, s: &mut State) {
        if self.tables.repetition.is_some() {
            let key = s.position_key(&self.tables);
            s.history.push(key);
        }
    }

    /// Writes a position.
    pub fn position_text(&self, s: &State) -> String {
        notation::format_position(&self.tables, s)
    }

    /// The legal moves of the player to move (none once the game is over).
    pub fn legal_moves(&self, s: &State) -> Result<Vec<Move>, RuleError> {
        let mut out = Vec::new();
        self.moves_into(s, &mut out)?;
        Ok(out)
    }

    fn moves_into(&self, s: &State, out: &mut Vec<Move>) -> Result<(), RuleError> {
        out.clear();
        if s.is_over() {
            return Ok(());
        }
        self.rules.moves(s, out)?;
        if out.is_empty() && self.tables.no_moves == NoMoves::Pass {
            out.push(Move::pass());
        }
        Ok(())
    }

    /// Plays a move (assumed legal: use [`Game::play_text`] or pick from [`Game::legal_moves`])
    /// and returns what undoes it.
    pub fn play(&self, s: &mut State, m: &Move) -> Result<Undo, RuleError> {
        let mut log = Vec::new();
        let mut next = Vec::new();
        match self.advance(s, m, &mut log, &mut next) {
            Ok(()) => Ok(Undo(log)),
            Err(e) => {
                Undo(log).undo(&self.tables, s);
                Err(e)
            }
        }
    }

    /// Plays a move and fills `next` with the legal moves that follow, without keeping an
    /// undo record: the fast path for playouts.
    pub fn play_fast(
        &self,
        s: &mut State,
        m: &Move,
        next: &mut Vec<Move>,
    ) -> Result<(), RuleError> {
        let mut log = Vec::new();
        self.advance(s, m, &mut log, next)
    }

    /// Takes back a move.
    pub fn undo(&self, s: &mut State, u: Undo) {
        u.undo(&self.tables, s);
    }

    /// Reads a move text and plays it if it is legal.
    pub fn play_text(&self, s: &mut State, text: &str) -> Result<(Move, Undo), PlayError> {
        let legal = self.legal_moves(s).map_err(PlayError::Rules)?;
        let m = notation::resolve(&self.tables, &legal, s.turn(), text).map_err(PlayError::Move)?;
        let u = self.play(s, &m).map_err(PlayError::Rules)?;
        Ok((m, u))
    }

    /// The text of a move, as the player to move in `s` writes it.
    pub fn move_text(&self, s: &State, m: &Move) -> String {
        notation::format_move(&self.tables, m, s.turn())
    }

    /// The agreements players may propose (`[rules] agreements`).
    pub fn agreements(&self) -> &[String] {
        &self.def.rules.agreements
    }

    /// Every player has accepted `what`: runs the `agreed` hook, which must end the game.
    pub fn agree(&self, s: &mut State, what: &str) -> Result<Undo, RuleError> {
        let t = &*self.tables;
        if !self.agreements().iter().any(|a| a == what) {
            let known = self.agreements().join(", ");
            return Err(RuleError::engine(
                &t.id,
                if known.is_empty() {
                    format!("`{what}`: this game has no agreements")
                } else {
                    format!("`{what}` is not an agreement of this game (agreements: {known})")
                },
            ));
        }
        if s.is_over() {
            return Err(RuleError::engine(&t.id, "the game is over"));
        }
        let mut log = Vec::new();
        if let Err(e) = self.rules.agreed(s, what, &mut log) {
            Undo(log).undo(t, s);
            return Err(e);
        }
        if !s.is_over() {
            Undo(log).undo(t, s);
            return Err(RuleError::engine(
                &t.id,
                format!(
                    "the `agreed` hook must end the game for `{what}` (s.win, s.draw, s.end_by_score)"
                ),
            ));
        }
        Ok(Undo(log))
    }

    /// Seat `who` resigns: the game ends at once, lost for them (and their team).
    pub fn resign(&self, s: &mut State, who: PlayerId) -> Result<Undo, RuleError> {
        let t = &*self.tables;
        if s.is_over() {
            return Err(RuleError::engine(&t.id, "the game is over"));
        }
        let name = &t.seats[who.index()].name;
        let mut log = Vec::new();
        Tx { s, log: &mut log }.set_outcome(Some(Outcome::lose(
            t,
            who,
            format!("{name} resigned"),
        )));
        Ok(Undo(log))
    }

    /// The script's evaluation of `s` for seat `p`, if it defines `evaluate`.
    pub fn evaluate(&self, s: &State, p: PlayerId) -> Result<Option<i64>, RuleError> {
        if self.rules.hooks.evaluate {
            self.rules.evaluate(s, p).map(Some)
        } else {
            Ok(None)
        }
    }

    fn advance(
        &self,
        s: &mut State,
        m: &Move,
        log: &mut Vec<Change>,
        next: &mut Vec<Move>,
    ) -> Result<(), RuleError> {
        let t = &*self.tables;
        if s.is_over() {
            return Err(RuleError::engine(&t.id, "the game is over: no more moves"));
        }
        let moved_kind = match m.shape {
            Shape::Place(p) => Some(t.info(p).kind),
            Shape::Path => m.from().and_then(|l| s.top(l)).map(|p| t.info(p).kind),
            Shape::Pass | Shape::Roll(_) | Shape::Choose(_) | Shape::Word(_) => None,
        };
        {
            let mut tx = Tx { s, log };
            for a in &m.actions {
                if !tx.act(t, a) {
                    let text = notation::format_move(t, m, tx.s.turn());
                    return Err(RuleError::engine(
                        &t.id,
                        match a {
                            crate::engine::Action::Score { .. } => format!(
                                "the move `{text}` would take a score past the largest number ({})",
                                i64::MAX
                            ),
                            _ => format!("the move `{text}` does not fit the position"),
                        },
                    ));
                }
            }
            let ply = tx.s.ply() + 1;
            tx.set_ply(ply);
            let passes = if m.shape == Shape::Pass {
                tx.s.passes().saturating_add(1)
            } else {
                0
            };
            if passes != tx.s.passes() {
                tx.set_passes(passes);
            }
            if let Some(c) = &t.clock {
                let reset = (c.reset_on_capture && m.is_capture())
                    || moved_kind.is_some_and(|k| c.reset_kinds & (1 << k.index()) != 0);
                // The count may come from a position text: it stops at the largest number.
                let v = if reset {
                    0
                } else {
                    tx.s.var(c.var).saturating_add(1)
                };
                tx.set_var(c.var, v);
            }
        }
        let turn_set = if self.rules.hooks.after_move {
            self.rules.after_move(s, m, log)?
        } else {
            false
        };
        if !turn_set && !s.is_over() {
            let n = t.next_seat(s.turn());
            Tx { s, log }.set_turn(n);
        }
        if let Some(limit) = t.repetition
            && !s.is_over()
        {
            let key = s.position_key(t);
            // Nothing before the last irreversible move can come round again.
            let window = t
                .clock
                .as_ref()
                .map_or(usize::MAX, |c| s.var(c.var).max(0) as usize + 1);
            let mut tx = Tx { s, log };
            tx.see(key);
            let seen =
                tx.s.history
                    .iter()
                    .rev()
                    .take(window)
                    .filter(|k| **k == key);
            if seen.count() >= limit as usize {
                tx.set_outcome(Some(Outcome::draw(
                    t,
                    format!("the same position occurred {limit} times"),
                )));
            }
        }
        self.settle_into(s, log, next)
    }

    fn settle(&self, s: &mut State, log: &mut Vec<Change>) -> Result<(), RuleError> {
        let mut next = Vec::new();
        self.settle_into(s, log, &mut next)
    }

    /// Brings a state to where the player to move has a legal move or the game is over:
    /// checks the outcome hook and the ply limit, and applies the no-move policy.
    fn settle_into(
        &self,
        s: &mut State,
        log: &mut Vec<Change>,
        next: &mut Vec<Move>,
    ) -> Result<(), RuleError> {
        let t = &*self.tables;
        next.clear();
        for _ in 0..16 {
            if s.is_over() {
                return Ok(());
            }
            if self.rules.hooks.outcome {
                self.rules.outcome(s, log)?;
                if s.is_over() {
                    return Ok(());
                }
            }
            self.rules.moves(s, next)?;
            if !next.is_empty() {
                // The limit cuts only a game that would go on: one the rules end on this
                // very ply (no move left, a round or match decided) ends by the rules.
                if s.ply() >= t.max_plies {
                    next.clear();
                    Tx { s, log }.set_outcome(Some(ply_limit(t)));
                } else if let Some(c) = t.clock.as_ref().filter(|c| c.plies > 0)
                    && s.var(c.var) >= i64::from(c.plies)
                {
                    next.clear();
                    Tx { s, log }.set_outcome(Some(Outcome::draw(
                        t,
                        format!(
                            "{} plies without a capture or a move that cannot be undone",
                            c.plies
                        ),
                    )));
                }
                return Ok(());
            }
            let who = s.turn();
            match t.no_moves {
                NoMoves::Lose => {
                    let o = Outcome::lose(
                        t,
                        who,
                        format!("{} has no legal move", t.seats[who.index()].name),
                    );
                    Tx { s, log }.set_outcome(Some(o));
                }
                NoMoves::Draw => Tx { s, log }.set_outcome(Some(Outcome::draw(t, "no legal move"))),
                NoMoves::Pass => {
                    if s.passes() as usize >= t.player_count() {
                        Tx { s, log }.set_outcome(Some(Outcome::draw(t, "no player can move")));
                    } else if s.ply() >= t.max_plies {
                        // A pass is a ply like any other: the limit cuts it too.
                        Tx { s, log }.set_outcome(Some(ply_limit(t)));
                    } else {
                        next.push(Move::pass());
                        return Ok(());
                    }
                }
                NoMoves::Script => {
                    if !self.rules.hooks.no_moves {
                        return Err(RuleError::engine(
                            &t.id,
                            "rules.no_moves = \"script\" but the script has no no_moves(s) hook",
                        ));
                    }
                    let before = log.len();
                    self.rules.no_moves(s, log)?;
                    if log.len() == before {
                        return Err(RuleError::engine(
                            &t.id,
                            "no_moves(s) changed nothing, so the player still has no move",
                        ));
                    }
                }
            }
        }
        Err(RuleError::engine(
            &t.id,
            "the rules found no legal move 16 times in a row (does no_moves(s) make progress?)",
        ))
    }
}

/// The draw at the ply limit (`[game] max_plies`).
fn ply_limit(t: &Tables) -> Outcome {
    Outcome::draw(t, format!("move limit ({} plies) reached", t.max_plies))
}

/// Why a typed move was not played.
#[derive(Debug)]
pub enum PlayError {
    /// The text was not a legal move.
    Move(MoveError),
    /// The rules failed.
    Rules(RuleError),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Move(e) => e.fmt(f),
            PlayError::Rules(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

fn lower(def: &GameDef, board: Option<Board>, problems: &mut Vec<Problem>) -> Option<Tables> {
    let id_ok = !def.game.id.is_empty()
        && def
            .game
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        problems.push(Problem::at(
            &["game", "id"],
            "a game id is lower-case letters, digits and `-`",
        ));
    }
    // Seats and teams.
    let mut seats: Vec<Seat> = Vec::new();
    if def.players.seats.is_empty() || def.players.seats.len() > 8 {
        problems.push(Problem::at(
            &["players", "seats"],
            "a game has 1 to 8 seats",
        ));
    }
    for (i, sd) in def.players.seats.iter().enumerate() {
        let letter = match &sd.letter {
            Some(l) if l.chars().count() == 1 && l.chars().all(|c| c.is_ascii_lowercase()) => {
                l.chars().next()
            }
            Some(_) => {
                problems.push(Problem::at(
                    &["players", "seats", &i.to_string(), "letter"],
                    "a seat letter is one lower-case letter",
                ));
                None
            }
            None => sd
                .name
                .chars()
                .next()
                .map(|c| c.to_ascii_lowercase())
                .filter(|c| c.is_ascii_lowercase()),
        };
        let Some(letter) = letter else {
            problems.push(Problem::at(
                &["players", "seats", &i.to_string()],
                format!("seat `{}` needs a `letter` (a-z)", sd.name),
            ));
            continue;
        };
        if seats.iter().any(|s| s.letter == letter) {
            problems.push(Problem::at(
                &["players", "seats", &i.to_string()],
                format!("seat letter `{letter}` is used twice: give `letter`"),
            ));
        }
        if seats.iter().any(|s| s.name == sd.name) {
            problems.push(Problem::at(
                &["players", "seats", &i.to_string(), "name"],
                format!("seat `{}` is listed twice", sd.name),
            ));
        }
        seats.push(Seat {
            name: sd.name.clone(),
            letter,
            colours: sd.colours.clone(),
            team: i as u8,
        });
    }
    for (ti, team) in def.players.teams.iter().enumerate() {
        let first = team
            .first()
            .and_then(|n| seats.iter().position(|s| &s.name == n));
        for (j, name) in team.iter().enumerate() {
            match seats.iter().position(|s| &s.name == name) {
                Some(k) => seats[k].team = first.unwrap_or(k) as u8,
                None => problems.push(
                    Problem::at(
                        &["players", "teams", &ti.to_string(), &j.to_string()],
                        format!("`{name}` is not a seat"),
                    )
                    .suggesting(name, def.players.seats.iter().map(|s| s.name.as_str())),
                ),
            }
        }
    }
    // Kinds and pieces.
    let mut kinds = Vec::new();
    if def.pieces.len() > 26 {
        problems.push(Problem::at(&["pieces"], "at most 26 piece kinds"));
    }
    for (sym, p) in &def.pieces {
        let mut chars = sym.chars();
        let symbol = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => c,
            _ => {
                problems.push(Problem::at(
                    &["pieces", sym],
                    format!("piece kind `{sym}` must be one upper-case letter"),
                ));
                continue;
            }
        };
        if !(0..=99).contains(&p.size) {
            problems.push(Problem::at(&["pieces", sym, "size"], "size must be 0..=99"));
        }
        kinds.push(KindInfo {
            symbol,
            name: p.name.clone(),
            size: p.size,
            role: p.role.clone().unwrap_or_else(|| p.name.clone()),
            colour: p.colour,
            neutral_colour: p.neutral_colour.clone(),
        });
    }
    let np = seats.len();
    let mut pieces = Vec::new();
    for (k, info) in kinds.iter().enumerate() {
        for slot in 0..=np {
            pieces.push(PieceInfo {
                kind: KindId(k as u8),
                owner: if slot == 0 {
                    None
                } else {
                    Some(PlayerId((slot - 1) as u8))
                },
                size: info.size,
            });
        }
    }
    if pieces.len() > 255 {
        problems.push(Problem::at(
            &["pieces"],
            "too many piece kinds for this many seats (kinds x (seats+1) must be < 256)",
        ));
    }
    // Zones.
    let mut zones = Vec::new();
    for (name, z) in &def.zones {
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || name.is_empty() {
            problems.push(Problem::at(
                &["zones", name],
                "a zone name is letters, digits and `_`",
            ));
        }
        match z.per {
            ZonePer::Shared => zones.push(ZoneInfo {
                name: name.clone(),
                seat: None,
                description: z.description.clone(),
            }),
            ZonePer::Seat => {
                for p in 0..np {
                    zones.push(ZoneInfo {
                        name: name.clone(),
                        seat: Some(PlayerId(p as u8)),
                        description: z.description.clone(),
                    })
                }
            }
        }
    }
    let board = board?;
    for z in &def.zones {
        if board.cell(z.0).is_some() {
            problems.push(Problem::at(
                &["zones", z.0],
                format!("`{}` is both a zone and a cell", z.0),
            ));
        }
    }
    use crate::engine::{MAX_NAMES, MAX_PLIES};
    if def.game.max_plies > MAX_PLIES {
        problems.push(Problem::at(
            &["game", "max_plies"],
            format!(
                "max_plies = {}: at most {MAX_PLIES} (a game that long would take days to play out)",
                def.game.max_plies
            ),
        ));
    }
    for (key, n) in [
        ("vars", def.rules.vars.len()),
        ("words", def.rules.words.len()),
        ("phases", def.rules.phases.len()),
    ] {
        if n > MAX_NAMES {
            problems.push(Problem::at(
                &["rules", key],
                format!("{n} {key}: at most {MAX_NAMES}"),
            ));
        }
    }
    let phases = if def.rules.phases.is_empty() {
        vec!["play".to_string()]
    } else {
        def.rules.phases.clone()
    };
    let separator = match def.rules.separator.as_deref() {
        None | Some("-") => '-',
        Some("/") => '/',
        Some(other) => {
            problems.push(Problem::at(
                &["rules", "separator"],
                format!("separator must be `-` or `/`, not `{other}`"),
            ));
            '-'
        }
    };
    let mut t = Tables {
        id: def.game.id.clone(),
        board,
        seats,
        kinds,
        pieces,
        zones,
        phases,
        vars: def.rules.vars.keys().cloned().collect(),
        var_defaults: def.rules.vars.values().copied().collect(),
        max_plies: def.game.max_plies,
        no_moves: def.rules.no_moves,
        separator,
        patterns: Vec::new(),
        dice: def.dice.as_ref().and_then(|d| {
            match crate::engine::dice::check(d.count as usize, d.sides) {
                Ok(()) => Some(crate::engine::DiceSpec {
                    count: d.count,
                    sides: d.sides,
                }),
                Err(m) => {
                    problems.push(Problem::at(&["dice"], m));
                    None
                }
            }
        }),
        words: def.rules.words.clone(),
        tracks: Vec::new(),
        layered: def.moves.values().any(|m| m.layers),
        repetition: def.rules.repetition.filter(|n| *n >= 2),
        clock: None,
        repetition_vars: def
            .rules
            .vars
            .keys()
            .map(|k| !def.rules.repetition_ignores.contains(k))
            .collect(),
    };
    for (i, v) in def.rules.repetition_ignores.iter().enumerate() {
        if !def.rules.vars.contains_key(v) {
            problems.push(Problem::at(
                &["rules", "repetition_ignores", &i.to_string()],
                format!("`{v}` is not one of the rules' vars"),
            ));
        }
    }
    if let Some(c) = &def.rules.clock {
        match t.vars.iter().position(|v| v == &c.var) {
            Some(var) => {
                let kinds = kind_list(
                    &t,
                    &c.reset_kinds,
                    &["rules", "clock", "reset_kinds"],
                    problems,
                );
                t.clock = Some(crate::engine::Clock {
                    var,
                    plies: c.plies,
                    reset_kinds: if kinds.is_empty() {
                        0
                    } else {
                        kind_mask(&kinds)
                    },
                    reset_on_capture: c.reset_on_capture,
                });
            }
            None => problems.push(Problem::at(
                &["rules", "clock", "var"],
                format!(
                    "`{}` is not one of the rules' vars: declare it in [rules] vars",
                    c.var
                ),
            )),
        }
    }
    for (name, per_seat) in &def.tracks {
        if let Some(tr) = lower_track(&t, name, per_seat, problems) {
            t.tracks.push(tr);
        }
    }
    for (name, m) in &def.moves {
        if let Some(p) = lower_pattern(&t, name, m, problems) {
            t.patterns.push(p);
        }
    }
    Some(t)
}

fn amount(
    v: &Option<def::Amount>,
    default: Amount,
    path: &[&str],
    problems: &mut Vec<Problem>,
) -> Amount {
    match v {
        None => default,
        Some(def::Amount::Fixed(n)) => Amount::Fixed(*n),
        Some(def::Amount::Expr(s)) => Amount::parse(s).unwrap_or_else(|| {
            problems.push(Problem::at(
                path,
                format!(
                    "`{s}` is not a distance: use a number, size, stack, size-1, stack+1 or any"
                ),
            ));
            default
        }),
    }
}

/// A `[tracks.NAME]` table: one course per seat, each cell at most once.
fn lower_track(
    t: &Tables,
    name: &str,
    per_seat: &std::collections::BTreeMap<String, Vec<String>>,
    problems: &mut Vec<Problem>,
) -> Option<crate::engine::track::Track> {
    let mut course = vec![Vec::new(); t.player_count()];
    for (seat, cells) in per_seat {
        let Some(p) = t.seat(seat) else {
            problems.push(
                Problem::at(&["tracks", name, seat], format!("`{seat}` is not a seat"))
                    .suggesting(seat, t.seats.iter().map(|s| s.name.as_str())),
            );
            continue;
        };
        for (i, c) in cells.iter().enumerate() {
            let idx = i.to_string();
            match t.board.cell(c) {
                Some(id) if !course[p.index()].contains(&id) => course[p.index()].push(id),
                Some(_) => problems.push(Problem::at(
                    &["tracks", name, seat, &idx],
                    format!("`{c}` is on this course twice"),
                )),
                None => problems.push(Problem::at(
                    &["tracks", name, seat, &idx],
                    format!("`{c}` is not a cell"),
                )),
            }
        }
    }
    for (p, seat) in t.seats.iter().enumerate() {
        if course[p].is_empty() {
            problems.push(Problem::at(
                &["tracks", name],
                format!("the track has no course for seat `{}`", seat.name),
            ));
        }
    }
    Some(crate::engine::track::Track {
        name: name.to_string(),
        course,
    })
}

/// The track settings of a `kind = "track"` generator.
fn lower_track_moves(
    t: &Tables,
    name: &str,
    m: &def::MoveDef,
    problems: &mut Vec<Problem>,
) -> Option<crate::engine::track::TrackMoves> {
    use crate::engine::track::{Overshoot, TrackMoves};
    let at = |key: &'static str| -> Vec<&str> { vec!["moves", name, key] };
    if m.kind != MoveKind::Track {
        for (set, key) in [
            (m.track.is_some(), "track"),
            (!m.enter_from.is_empty(), "enter_from"),
            (!m.enter_first.is_empty(), "enter_first"),
            (m.bear_off.is_some(), "bear_off"),
            (m.wrap, "wrap"),
            (m.layers, "layers"),
        ] {
            if set {
                problems.push(Problem::at(
                    &at(key),
                    format!("`{key}` needs kind = \"track\""),
                ));
            }
        }
        let lone = m
            .land
            .as_ref()
            .is_some_and(|c| c.as_slice().contains(&def::CellCond::LoneEnemy));
        if lone {
            problems.push(Problem::at(
                &at("land"),
                "`lone-enemy` is only judged by track generators (kind = \"track\")",
            ));
        }
        return None;
    }
    let Some(tname) = m.track.as_deref() else {
        problems.push(Problem::at(
            &["moves", name],
            "a `track` generator needs `track`, the name of a [tracks] course",
        ));
        return None;
    };
    let Some(track) = t.tracks.iter().position(|x| x.name == tname) else {
        problems.push(
            Problem::at(&at("track"), format!("`{tname}` is not a track"))
                .suggesting(tname, t.tracks.iter().map(|x| x.name.as_str())),
        );
        return None;
    };
    let zone_known = |z: &str, path: Vec<&str>, problems: &mut Vec<Problem>| {
        if !t.zones.iter().any(|x| x.name == z) {
            problems.push(
                Problem::at(&path, format!("`{z}` is not a zone"))
                    .suggesting(z, t.zones.iter().map(|x| x.name.as_str())),
            );
        }
    };
    for (i, z) in m.enter_from.iter().enumerate() {
        let idx = i.to_string();
        zone_known(z, vec!["moves", name, "enter_from", &idx], problems);
    }
    for (i, z) in m.enter_first.iter().enumerate() {
        let idx = i.to_string();
        if !m.enter_from.contains(z) {
            problems.push(Problem::at(
                &["moves", name, "enter_first", &idx],
                format!("`{z}` must also be in enter_from"),
            ));
        }
    }
    let smallest_first = m.bear_off.as_ref().is_some_and(|b| b.smallest_first);
    let (off, home, overshoot) = match &m.bear_off {
        Some(b) => {
            zone_known(&b.zone, vec!["moves", name, "bear_off", "zone"], problems);
            let home = b.home.as_ref().and_then(|r| {
                let i = t.board.region_index(r);
                if i.is_none() {
                    problems.push(Problem::at(
                        &["moves", name, "bear_off", "home"],
                        format!("`{r}` is not a region"),
                    ));
                }
                i
            });
            let o = match b.overshoot {
                def::OvershootDef::Exact => Overshoot::Exact,
                def::OvershootDef::Furthest => Overshoot::Furthest,
                def::OvershootDef::Any => Overshoot::Any,
            };
            (Some(b.zone.clone()), home, o)
        }
        None => (None, None, Overshoot::Exact),
    };
    Some(TrackMoves {
        track,
        enter_from: m.enter_from.clone(),
        enter_first: m.enter_first.clone(),
        off,
        home,
        overshoot,
        wrap: m.wrap,
        layers: m.layers,
        smallest_first,
    })
}

fn lower_pattern(
    t: &Tables,
    name: &str,
    m: &def::MoveDef,
    problems: &mut Vec<Problem>,
) -> Option<Pattern> {
    let at = |key: &'static str| -> Vec<&str> { vec!["moves", name, key] };
    let kinds = kind_list(t, &m.kinds, &["moves", name, "kinds"], problems);
    let region_named = |r: &str, path: &[&str], problems: &mut Vec<Problem>| {
        let i = t.board.region_index(r);
        if i.is_none() {
            problems.push(
                Problem::at(path, format!("`{r}` is not a region"))
                    .suggesting(r, t.board.regions().iter().map(|x| x.name.as_str())),
            );
        }
        i
    };
    let away = m
        .away_from
        .as_ref()
        .and_then(|r| region_named(r, &at("away_from"), problems));
    let toward = m.toward.as_ref().and_then(|r| {
        let i = region_named(r, &at("toward"), problems)?;
        let far = |d: u16| {
            if d == u16::MAX {
                i32::from(u16::MAX)
            } else {
                i32::from(d)
            }
        };
        Some(
            (0..t.player_count())
                .map(|p| {
                    let to = t.board.distances_to(t.board.region_at(i).for_seat(p));
                    let from = away.map(|a| t.board.distances_to(t.board.region_at(a).for_seat(p)));
                    to.iter()
                        .enumerate()
                        .map(|(c, d)| far(*d) - from.as_ref().map_or(0, |f| far(f[c])))
                        .collect()
                })
                .collect(),
        )
    });
    if m.away_from.is_some() && m.toward.is_none() {
        problems.push(Problem::at(&at("away_from"), "`away_from` needs `toward`"));
    }
    if toward.is_none() && (!m.legs.is_empty() || !m.unless_net.is_empty()) {
        problems.push(Problem::at(
            &at("legs"),
            "`legs` and `unless_net` need `toward`, the region headings are measured against",
        ));
    }
    let promote = m.promote.as_ref().and_then(|pr| {
        let base = ["moves", name, "promote"];
        let path = |key: &'static str| -> Vec<&str> {
            let mut v = base.to_vec();
            v.push(key);
            v
        };
        let region = region_named(&pr.region, &path("region"), problems)?;
        let to = kind_list(t, &pr.to, &path("to"), problems);
        if to.is_empty() {
            problems.push(Problem::at(&path("to"), "`to` needs at least one kind"));
        }
        if let Some(z) = &pr.zone
            && !t.zones.iter().any(|x| &x.name == z)
        {
            problems.push(Problem::at(&path("zone"), format!("`{z}` is not a zone")));
        }
        Some(movegen::Promote {
            region,
            to,
            optional: pr.optional,
            zone: pr.zone.clone(),
        })
    });
    let mut region_rules = Vec::new();
    for (label, r) in &m.land_rules {
        let base = ["moves", name, "land_rules", label.as_str()];
        let path = |key: &'static str| -> Vec<&str> {
            let mut v = base.to_vec();
            v.push(key);
            v
        };
        let rname = r.region.as_deref().unwrap_or(label);
        let Some(region) = region_named(rname, &path("region"), problems) else {
            continue;
        };
        let on = kind_list(t, &r.on_kinds, &path("on_kinds"), problems);
        region_rules.push(movegen::RegionRule {
            region,
            kinds: kind_mask(&kind_list(t, &r.kinds, &path("kinds"), problems)),
            land: r.land.as_ref().map(|c| Conds::of(c.as_slice())),
            on_kinds: if on.is_empty() { 0 } else { kind_mask(&on) },
            on_base_kinds: {
                let b = kind_list(t, &r.on_base_kinds, &path("on_base_kinds"), problems);
                if b.is_empty() { 0 } else { kind_mask(&b) }
            },
            outside: r.outside,
            end_on: r.end_on.as_ref().map(|c| Conds::of(c.as_slice())),
            stop: r.stop,
            enter: r.enter,
            leave: r.leave,
            ends_chain: r.ends_chain,
        });
    }
    let region = m
        .region
        .as_ref()
        .and_then(|r| region_named(r, &at("region"), problems));
    let mut dirs = vec![Vec::new(); t.player_count()];
    if m.directions.is_empty() {
        for d in &mut dirs {
            *d = t.board.dirs().collect();
        }
    }
    for (i, dname) in m.directions.iter().enumerate() {
        if !t.board.is_dir(dname) {
            let names: Vec<&str> = t
                .board
                .dirs()
                .map(|d| t.board.dir_name(d))
                .chain(t.board.relative_names())
                .collect();
            problems.push(
                Problem::at(
                    &["moves", name, "directions", &i.to_string()],
                    format!("`{dname}` is not a direction"),
                )
                .suggesting(dname, names.iter().copied()),
            );
            continue;
        }
        for (p, list) in dirs.iter_mut().enumerate() {
            if let Some(d) = t.board.dir(dname, p) {
                list.push(d);
            }
        }
    }
    let over_min = amount(&m.over_min, Amount::Fixed(0), &at("over_min"), problems);
    let over_max = amount(&m.over_max, over_min, &at("over_max"), problems);
    let zone_ok = |z: &Option<String>, key: &'static str, problems: &mut Vec<Problem>| {
        if let Some(z) = z {
            if !t.zones.iter().any(|x| &x.name == z) {
                let mut names: Vec<&str> = t.zones.iter().map(|x| x.name.as_str()).collect();
                names.dedup();
                problems.push(
                    Problem::at(&at(key), format!("`{z}` is not a zone"))
                        .suggesting(z, names.iter().copied()),
                );
            }
        }
    };
    zone_ok(&m.zone, "zone", problems);
    zone_ok(&m.capture_to, "capture_to", problems);
    let place = m.kind == MoveKind::Place;
    let mut leaps: Vec<Vec<Vec<crate::board::DirId>>> = vec![Vec::new(); t.player_count()];
    if m.kind == MoveKind::Leap && m.leaps.is_empty() {
        problems.push(Problem::at(
            &["moves", name],
            "a `leap` generator needs `leaps`, lists of directions",
        ));
    }
    for (i, path) in m.leaps.iter().enumerate() {
        for (j, dname) in path.iter().enumerate() {
            if !t.board.is_dir(dname) {
                problems.push(Problem::at(
                    &["moves", name, "leaps", &i.to_string(), &j.to_string()],
                    format!("`{dname}` is not a direction"),
                ));
            }
        }
        if m.kind != MoveKind::Leap {
            problems.push(Problem::at(
                &["moves", name, "leaps"],
                "`leaps` needs kind = \"leap\"",
            ));
            break;
        }
        for (p, list) in leaps.iter_mut().enumerate() {
            let dirs: Option<Vec<_>> = path.iter().map(|d| t.board.dir(d, p)).collect();
            if let Some(dirs) = dirs {
                list.push(dirs);
            }
        }
    }
    if place && m.zone.is_none() {
        problems.push(Problem::at(
            &["moves", name],
            "a `place` generator needs `zone`, the zone pieces come from",
        ));
    }
    if m.revisit && (m.capture == def::CaptureMode::None || m.chain == def::Chain::None) {
        problems.push(Problem::at(
            &at("revisit"),
            "`revisit` needs a capturing chain (`capture` and `chain`): only captures keep a series finite",
        ));
    }
    if m.capture != def::CaptureMode::None && m.capture_to.is_none() {
        problems.push(Problem::at(
            &at("capture"),
            "a capturing generator needs `capture_to`, the zone captured pieces go to",
        ));
    }
    Some(Pattern {
        name: name.to_string(),
        place,
        mover: m.pieces,
        kinds: kind_mask(&kinds),
        region,
        dirs,
        over_min,
        over_max,
        over: Conds::of(
            m.over
                .as_ref()
                .map_or(&[def::CellCond::Empty][..], |c| c.as_slice()),
        ),
        over_occupied_min: m.over_occupied_min,
        over_occupied_max: m.over_occupied_max.unwrap_or(u32::MAX),
        land: Conds::of(
            m.land
                .as_ref()
                .map_or(&[def::CellCond::Empty][..], |c| c.as_slice()),
        ),
        zone: m.zone.clone(),
        capture: m.capture,
        takes: m.takes,
        capture_if: m.capture_if.as_ref().map(|c| Conds::of(c.as_slice())),
        capture_to: m.capture_to.clone(),
        capture_zone_of: m.capture_zone_of,
        score: m.score,
        chain: m.chain,
        leaps,
        chain_stop: m
            .chain_stop
            .as_ref()
            .map_or(Conds::default(), |c| Conds::of(c.as_slice())),
        toward,
        legs: Headings::of(&m.legs),
        unless_net: Headings::of(&m.unless_net),
        region_rules,
        base_kinds: kind_mask(&kind_list(t, &m.base_kinds, &at("base_kinds"), problems)),
        carry_stack: m.carry == def::Carry::Stack,
        promote,
        revisit: m.revisit,
        track: lower_track_moves(t, name, m, problems),
    })
}

/// Kind ids for a list of kind symbols, reporting the ones that are not kinds.
fn kind_list(
    t: &Tables,
    list: &[String],
    path: &[&str],
    problems: &mut Vec<Problem>,
) -> Vec<crate::engine::KindId> {
    let mut kinds = Vec::new();
    for (i, k) in list.iter().enumerate() {
        match k
            .chars()
            .next()
            .and_then(|c| t.kind(c))
            .filter(|_| k.chars().count() == 1)
        {
            Some(id) => kinds.push(id),
            None => {
                let idx = i.to_string();
                let mut at = path.to_vec();
                at.push(&idx);
                problems.push(
                    Problem::at(&at, format!("`{k}` is not a piece kind"))
                        .suggesting(k, t.kinds.iter().map(|k| k.name.as_str())),
                );
            }
        }
    }
    kinds
}

fn setup_state(def: &GameDef, t: &Tables, s: &mut State, problems: &mut Vec<Problem>) {
    for (cell, text) in &def.setup.cells {
        let Some(c) = t.board.cell(cell) else {
            problems.push(
                Problem::at(&["setup", "cells", cell], format!("unknown cell `{cell}`"))
                    .suggesting(cell, t.board.names().iter().map(String::as_str)),
            );
            continue;
        };
        match notation::parse_pieces(t, text) {
            Ok(ps) => s.stacks[c.index()] = ps.into_iter().collect(),
            Err(e) => problems.push(Problem::at(&["setup", "cells", cell], e.message)),
        }
    }
    for (zone, text) in &def.setup.zones {
        let (zname, seat) = match zone.split_once('.') {
            Some((z, seat)) => (z, Some(seat)),
            None => (zone.as_str(), None),
        };
        let seat_id = match seat {
            Some(n) => match t.seat(n) {
                Some(p) => Some(p),
                None => {
                    problems.push(Problem::at(
                        &["setup", "zones", zone],
                        format!("`{n}` is not a seat"),
                    ));
                    continue;
                }
            },
            None => None,
        };
        let loc = t.zone_loc(zname, seat_id).filter(|l| {
            t.loc_zone(*l)
                .is_some_and(|z| z.seat.is_none() || seat_id.is_some())
        });
        let Some(loc) = loc else {
            problems.push(Problem::at(
                &["setup", "zones", zone],
                format!("`{zone}` is not a zone (a per-seat zone is written `name.Seat`)"),
            ));
            continue;
        };
        match notation::parse_pieces(t, text) {
            Ok(mut ps) => {
                ps.sort();
                s.stacks[loc.index()] = ps.into_iter().collect();
            }
            Err(e) => problems.push(Problem::at(&["setup", "zones", zone], e.message)),
        }
    }
    if let Some(f) = &def.setup.first {
        if t.seat(f).is_none() {
            problems.push(Problem::at(
                &["setup", "first"],
                format!("`{f}` is not a seat"),
            ));
        }
    }
    check_piece_total(t, s, problems);
    if let Some(stash) = &def.stash {
        check_stash(stash, t, s, problems);
    }
}

/// All the pieces of a game fit the engine's counts (a stack carried whole, say).
fn check_piece_total(t: &Tables, s: &State, problems: &mut Vec<Problem>) {
    let total: usize = (0..t.loc_count())
        .map(|l| s.stack(crate::engine::Loc(l as u16)).len())
        .sum();
    if total > crate::engine::MAX_PIECES {
        problems.push(Problem::at(
            &["setup"],
            format!(
                "the set-up has {total} pieces: at most {}",
                crate::engine::MAX_PIECES
            ),
        ));
    }
}

/// The set-up may not use more pieces of a kind than the stash holds.
fn check_stash(stash: &def::StashDef, t: &Tables, s: &State, problems: &mut Vec<Problem>) {
    let mut used = vec![0u32; t.pieces.len()];
    for l in 0..t.loc_count() {
        for p in s.stack(crate::engine::Loc(l as u16)) {
            used[p.index()] += 1;
        }
    }
    for (table, map) in [("seat", &stash.seat), ("neutral", &stash.neutral)] {
        for sym in map.keys() {
            if sym.chars().count() != 1 || sym.chars().next().and_then(|c| t.kind(c)).is_none() {
                problems.push(Problem::at(
                    &["stash", table, sym],
                    format!("`{sym}` is not a piece kind"),
                ));
            }
        }
    }
    for (k, kind) in t.kinds.iter().enumerate() {
        let sym = kind.symbol.to_string();
        let owners =
            std::iter::once(None).chain((0..t.player_count()).map(|p| Some(PlayerId(p as u8))));
        for owner in owners {
            let have = match owner {
                None => stash.neutral.get(&sym).copied().unwrap_or(0),
                Some(_) => stash.seat.get(&sym).copied().unwrap_or(0),
            };
            let n = used[t.piece(KindId(k as u8), owner).index()];
            if n > have {
                let whose = match owner {
                    None => "neutral".to_string(),
                    Some(p) => format!("of seat {}", t.seats[p.index()].name),
                };
                problems.push(Problem::at(
                    &["setup"],
                    format!(
                        "the set-up places {n} {} ({whose}) but the stash holds {have}",
                        kind.name
                    ),
                ));
            }
        }
    }
}
