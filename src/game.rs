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

use crate::def::{self, GameDef, GameFiles, Loaded, OptionValue};
use crate::diag::{Diagnostic, Diagnostics, Problem};
use crate::engine::{Change, Move, NoMoves, Outcome, PlayerId, Shape, State, Tables, Tx, Undo};
use crate::notation::{self, MoveError};
use crate::rules::{RuleError, Rules};

/// A loaded, checked game.
///
/// Its parts are read through methods, so an embedder cannot put it out of step with itself
/// (tables lowered from one definition, a script compiled for another).
pub struct Game {
    tables: Rc<Tables>,
    def: GameDef,
    options: BTreeMap<String, OptionValue>,
    variant: Option<String>,
    /// The `--set` values it was loaded with, for [`Game::recipe`].
    sets: Vec<(String, String)>,
    files: GameFiles,
    script: String,
    /// The variant's file and its text, when its script is laid over the game's.
    variant_file: Option<(String, String)>,
    script_path: String,
    setup: Rc<State>,
    rules: Rules,
    /// Every position is remembered (a repetition or ko rule, or a script reading them).
    keep_history: bool,
    /// The script's `after_move` reads the position before the move (`s.before()`).
    keep_before: bool,
}

/// A game's texts, variant and options, which can cross threads ([`Game::recipe`]).
#[derive(Clone, Debug)]
pub struct Recipe {
    files: GameFiles,
    variant: Option<String>,
    sets: Vec<(String, String)>,
}

impl Recipe {
    /// Loads the game.
    pub fn load(&self) -> Result<Game, Diagnostics> {
        Game::load(&self.files, self.variant.as_deref(), &self.sets)
    }
}

impl Game {
    /// The engine tables: board, seats, piece kinds, zones, generators.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The definition as merged (variant, options' `when_on`, `like` applied).
    pub fn def(&self) -> &GameDef {
        &self.def
    }

    /// The options in force, by name.
    pub fn options(&self) -> &BTreeMap<String, OptionValue> {
        &self.options
    }

    /// The variant applied, if any.
    pub fn variant(&self) -> Option<&str> {
        self.variant.as_deref()
    }

    /// The game's files (definition, script, tests, variants).
    pub fn files(&self) -> &GameFiles {
        &self.files
    }

    /// The script text in force (a variant's script after the game's), for error excerpts.
    pub fn script(&self) -> &str {
        &self.script
    }

    /// A script error as a located diagnostic, its line shown from the file it points at.
    pub fn rule_diagnostic(&self, e: &RuleError) -> Diagnostic {
        e.to_diagnostic(Some(self.script_for(&e.file)))
    }

    /// The text a script error at `file` is shown from: the variant's file for an error in
    /// the variant's script, the script in force otherwise.
    pub fn script_for(&self, file: &str) -> &str {
        match &self.variant_file {
            Some((f, text)) if f == file => text,
            _ => &self.script,
        }
    }

    /// The script's file path, for messages.
    pub fn script_path(&self) -> &str {
        &self.script_path
    }

    /// Loads a game from its files with a variant and `--set` options.
    pub fn load(
        files: &GameFiles,
        variant: Option<&str>,
        sets: &[(String, String)],
    ) -> Result<Game, Diagnostics> {
        let loaded = def::load(files, variant, sets)?;
        Game::build(files, sets, loaded)
    }

    /// What loads this game again, from the same texts, variant and options: for another
    /// thread, since a game's script engine serves one thread (the copies' positions and
    /// moves are interchangeable).
    pub fn recipe(&self) -> Recipe {
        Recipe {
            files: self.files.clone(),
            variant: self.variant.clone(),
            sets: self.sets.clone(),
        }
    }

    fn build(
        files: &GameFiles,
        sets: &[(String, String)],
        loaded: Loaded,
    ) -> Result<Game, Diagnostics> {
        let located = |p: Problem| -> Diagnostic {
            let path: Vec<&str> = p.path.iter().map(String::as_str).collect();
            let d = loaded.origins.locate(&path, p.message);
            match p.help {
                Some(h) => d.with_help(h),
                None => d,
            }
        };
        let def = &loaded.def;
        let mut problems: Vec<Problem> = Vec::new();
        let board = match crate::lower::board(def) {
            Ok(b) => Some(b),
            Err(ps) => {
                problems.extend(ps);
                None
            }
        };
        let tables = crate::lower::lower(def, board, &loaded.written, &mut problems);
        let Some(mut tables) = tables else {
            return Err(Diagnostics(problems.into_iter().map(located).collect()));
        };
        // The set-up is checked even when earlier parts failed, so one run reports it all.
        let mut setup = State::empty(&tables);
        crate::lower::setup_state(def, &tables, &mut setup, &mut problems);
        if let Some(first) = def.setup.first.as_deref().and_then(|f| tables.seat(f)) {
            setup.turn = first;
        }
        setup.rekey(&tables);
        // Castling: the tracked pieces of the set-up start unmoved.
        if let Some(u) = tables.unmoved.as_mut() {
            for c in tables.board.cells() {
                if let Some(top) = setup.top(c.into())
                    && u.kinds & (1 << tables.pieces[top.index()].kind.index()) != 0
                {
                    u.home.push((c, top));
                    setup.set_unmoved(c, true);
                }
            }
        }
        if !problems.is_empty() {
            return Err(Diagnostics(problems.into_iter().map(located).collect()));
        }
        let ko = tables.generators.iter().any(|p| {
            matches!(&p.kind, crate::engine::generators::Kind::Place(pl)
                if pl.surround.as_ref().is_some_and(|sr| sr.ko != def::Ko::None))
        });
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
            loaded.variant_script.as_ref(),
        )
        .map_err(Diagnostics)?;
        // Positions are kept for a repetition rule, a ko rule, or a script that reads them
        // (read from its syntax tree: a name in a comment does not count).
        let keep_before = rules.calls_any(&["before"]);
        let keep_history = tables.repetition.is_some()
            || ko
            || rules.calls_any(&["repetitions", "history", "set_flag"]);
        if let Some(f) = &tables.rounds.at_end
            && let params = rules.params_of(f)
            && params != Some(1)
        {
            let d = loaded.origins.locate(
                &["rounds", "at_end"],
                match params {
                    None => format!("at_end = \"{f}\": the script has no function `{f}`"),
                    Some(n) => format!(
                        "at_end = \"{f}\": `{f}` must take 1 parameter (the state), it takes {n}"
                    ),
                },
            );
            return Err(d
                .with_help(format!("define `fn {f}(s) {{ ... }}` in {script_path}"))
                .into());
        }
        let needs_hook = loaded.def.rules.agreements.iter().find(|a| *a != "draw");
        if let (Some(a), false) = (needs_hook, rules.hooks.agreed) {
            return Err(Diagnostic::error(
                script_path,
                format!("[rules] agreements: `{a}` needs a hook `fn agreed(s, what)` that ends the game (only `draw` has a default: a draw)"),
            )
            .into());
        }
        Ok(Game {
            tables,
            def: loaded.def,
            options: loaded.options,
            variant: loaded.variant,
            sets: sets.to_vec(),
            files: files.clone(),
            script: rules.script().to_string(),
            variant_file: loaded.variant_script.map(|v| (v.file, v.file_text)),
            script_path,
            setup,
            rules,
            keep_history,
            keep_before,
        })
    }

    /// The game id.
    pub fn id(&self) -> &str {
        &self.tables.id
    }

    /// Whether the game keeps a score worth showing: a generator scores captures, or the
    /// script adds to scores or ends the game on them. Chess boards need no `score: 0, 0`.
    pub fn keeps_score(&self) -> bool {
        self.tables.stakes.is_some()
            || self
                .tables
                .generators
                .iter()
                .any(|p| p.capture.score != def::ScoreMode::None)
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

    /// The scores in words (`score: White 3, Black 1`), for games that keep score (a chess
    /// board has no `score: 0, 0`): what the terminal board and the picture both show.
    pub fn score_line(&self, s: &State) -> Option<String> {
        if !self.keeps_score() {
            return None;
        }
        let scores: Vec<String> = self
            .tables
            .seats
            .iter()
            .zip(s.scores())
            .map(|(seat, v)| format!("{} {v}", seat.name))
            .collect();
        Some(format!("score: {}", scores.join(", ")))
    }

    /// Whether positions can be scored: the script's `evaluate(s, p)`, or `[rules] evaluate`.
    pub fn has_evaluate(&self) -> bool {
        self.rules.hooks.evaluate || self.def.rules.evaluate.is_some()
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
        if s.passed().is_some() && !crate::engine::attack::en_passant_possible(&self.tables, &s) {
            s.passed = None;
        }
        self.remember(&mut s);
        let mut log = Vec::new();
        self.settle(&mut s, &mut log)
            .map_err(|e| self.rule_diagnostic(&e))?;
        Ok(s)
    }

    /// A position a game starts from is its first occurrence, for repetition.
    fn remember(&self, s: &mut State) {
        if self.keep_history {
            let key = s.position_key(&self.tables);
            let board = s.board_key(&self.tables);
            let mover = s.turn();
            s.history.push(crate::engine::Seen {
                key,
                board,
                mover,
                flag: 0,
            });
        }
    }

    /// The script's functions, each with why it runs in Rhai's interpreter (`None`: compiled).
    pub fn script_report(&self) -> Vec<(String, Option<String>)> {
        self.rules.compiled_report()
    }

    /// Writes a position.
    pub fn position_text(&self, s: &State) -> String {
        notation::format_position(&self.tables, s)
    }

    /// The legal moves of the player to move (none once the game is over).
    pub fn legal_moves(&self, s: &State) -> Result<Vec<Move>, RuleError> {
        let mut out = Vec::new();
        self.legal_moves_into(s, &mut out)?;
        Ok(out)
    }

    /// [`Game::legal_moves`] into `out`, replacing what it held: a caller that asks again and
    /// again (a playout loop) keeps one list's memory instead of growing a new one each time.
    pub fn legal_moves_into(&self, s: &State, out: &mut Vec<Move>) -> Result<(), RuleError> {
        crate::engine::legal::legal(&self.tables, s, out, self.script_moves())
    }

    /// The moves the script lists, less those that leave the mover's royal piece attacked
    /// (`[rules] royal`).
    fn generate(&self, s: &State, out: &mut Vec<Move>) -> Result<(), RuleError> {
        crate::engine::legal::generate(&self.tables, s, out, self.script_moves())
    }

    /// The script's `moves` hook, when it has one, for `engine::legal`.
    fn script_moves(
        &self,
    ) -> Option<impl FnOnce(&State, &mut Vec<Move>) -> Result<(), RuleError> + '_> {
        self.rules
            .hooks
            .moves
            .then_some(|s: &State, out: &mut Vec<Move>| self.rules.moves(s, out))
    }

    /// Plays a move from a source the caller does not control (a network peer, a file of
    /// moves): checked against the position's legal moves first. [`Game::play`] skips the
    /// check for moves taken from [`Game::legal_moves`].
    pub fn play_checked(&self, s: &mut State, m: &Move) -> Result<Undo, PlayError> {
        let legal = self.legal_moves(s).map_err(PlayError::Rules)?;
        if !legal.contains(m) {
            return Err(PlayError::Illegal(self.move_text(s, m)));
        }
        self.play(s, m).map_err(PlayError::Rules)
    }

    /// Plays a move, unchecked: it must be one of [`Game::legal_moves`] (or come from
    /// [`Game::play_text`], which reads and checks it); [`Game::play_checked`] checks first.
    /// Returns what undoes it.
    pub fn play(&self, s: &mut State, m: &Move) -> Result<Undo, RuleError> {
        self.play_next(s, m, &mut Vec::new())
    }

    /// Plays a move, fills `next` with the legal moves that follow (computed anyway to
    /// settle the position) and returns what undoes it: for searches that go on from the new
    /// position, so each position's moves are generated once.
    pub fn play_next(
        &self,
        s: &mut State,
        m: &Move,
        next: &mut Vec<Move>,
    ) -> Result<Undo, RuleError> {
        // A ply logs a handful of changes: room for them at once, not a realloc each.
        let mut log = Vec::with_capacity(12);
        match self.advance(s, m, &mut log, next) {
            Ok(()) => Ok(Undo(log)),
            Err(e) => {
                Undo(log).undo(&self.tables, s);
                Err(e)
            }
        }
    }

    /// Plays a move and fills `next` with the legal moves that follow, for playouts that
    /// never take a move back ([`Game::play_next`] without the undo record).
    pub fn play_fast(
        &self,
        s: &mut State,
        m: &Move,
        next: &mut Vec<Move>,
    ) -> Result<(), RuleError> {
        // The log is needed only to take back a move that failed half way: one buffer per
        // thread serves every ply instead of an allocation each (taken out while in use, so
        // a play inside a hook gets a fresh one).
        thread_local! {
            static LOG: std::cell::Cell<Vec<Change>> = const { std::cell::Cell::new(Vec::new()) };
        }
        let mut log = LOG.take();
        log.clear();
        let r = self.advance(s, m, &mut log, next);
        if r.is_err() {
            Undo(std::mem::take(&mut log)).undo(&self.tables, s);
        }
        log.clear();
        LOG.set(log);
        r
    }

    /// Takes back a move.
    pub fn undo(&self, s: &mut State, u: Undo) {
        u.undo(&self.tables, s);
    }

    /// Reads a move text and plays it if it is legal.
    pub fn play_text(&self, s: &mut State, text: &str) -> Result<(Move, Undo), PlayError> {
        let legal = self.legal_moves(s).map_err(PlayError::Rules)?;
        let m = self.resolve(s, &legal, text).map_err(PlayError::Move)?;
        let u = self.play(s, &m).map_err(PlayError::Rules)?;
        Ok((m, u))
    }

    /// Reads a move text against `legal`, the legal moves of `s`. Where moves of the same
    /// effect are one move (`[rules] one_move_per_effect`), a text naming one the list left
    /// out means the legal move that stands for it (`wM@a3&nw[cw]` for `wM@a1&sw[cw]`: the
    /// same marble on the same cell).
    pub fn resolve(
        &self,
        s: &State,
        legal: &[Move],
        text: &str,
    ) -> Result<Move, notation::MoveError> {
        let t = &*self.tables;
        let first = notation::resolve(t, legal, s.turn(), text);
        if !t.one_move_per_effect || !matches!(first, Err(notation::MoveError::Illegal { .. })) {
            return first;
        }
        let mut every = Vec::new();
        if crate::engine::legal::every_move(t, s, &mut every, self.script_moves()).is_err() {
            return first;
        }
        let Ok(named) = notation::resolve(t, &every, s.turn(), text) else {
            return first;
        };
        let want = crate::engine::legal::effect_of(t, s, &named);
        legal
            .iter()
            .find(|m| crate::engine::legal::effect_of(t, s, m) == want)
            .cloned()
            .map_or(first, Ok)
    }

    /// For the conformance test, where moves are known by their effect: the legal moves
    /// when every move generated is played to learn its effect, which the quick way (playing
    /// only moves that could share one) must equal.
    pub(crate) fn legal_by_every_effect(&self, s: &State) -> Result<Vec<Move>, RuleError> {
        let t = &*self.tables;
        let mut every = Vec::new();
        if s.is_over() {
            return Ok(every);
        }
        crate::engine::legal::every_move(t, s, &mut every, self.script_moves())?;
        crate::engine::legal::one_per_effect_every(t, s, &mut every);
        if every.is_empty() && t.no_moves == crate::engine::NoMoves::Pass {
            return self.legal_moves(s);
        }
        Ok(every)
    }

    /// The text of a move, as the player to move in `s` writes it. Where moves are known by
    /// their effect (`[rules] one_move_per_effect`), a path of several landings shows its
    /// landings only when another legal move starts and ends where it does
    /// ([`notation::format_among`]).
    pub fn move_text(&self, s: &State, m: &Move) -> String {
        let t = &*self.tables;
        if t.one_move_per_effect
            && m.shape == crate::engine::Shape::Path
            && m.path.len() > 2
            && let Ok(legal) = self.legal_moves(s)
        {
            return notation::format_among(t, m, s.turn(), &legal);
        }
        notation::format_move(t, m, s.turn())
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
            return Err(RuleError::of(
                crate::rules::RuleErrorKind::NotAnAgreement,
                &t.id,
                if known.is_empty() {
                    format!("`{what}`: this game has no agreements")
                } else {
                    format!("`{what}` is not an agreement of this game (agreements: {known})")
                },
            ));
        }
        if s.is_over() {
            return Err(RuleError::of(
                crate::rules::RuleErrorKind::GameOver,
                &t.id,
                "the game is over",
            ));
        }
        let mut log = Vec::new();
        if !self.rules.hooks.agreed {
            // Only `draw` gets here without a hook (checked when the game loads).
            Tx { s, log: &mut log }.set_outcome(Some(Outcome::draw(t, "draw agreed")));
            return Ok(Undo(log));
        }
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
            return Err(RuleError::of(
                crate::rules::RuleErrorKind::GameOver,
                &t.id,
                "the game is over",
            ));
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
        } else if self.def.rules.evaluate == Some(crate::def::Evaluation::Material) {
            Ok(Some(self.material(s, p)))
        } else if self.def.rules.evaluate == Some(crate::def::Evaluation::Race) {
            Ok(Some(crate::engine::dice_turn::race(&self.tables, s, p)))
        } else {
            Ok(None)
        }
    }

    /// `[rules] evaluate = "material"`: seat `p`'s piece sizes on the board less the others'.
    fn material(&self, s: &State, p: PlayerId) -> i64 {
        let t = &*self.tables;
        t.board
            .cells()
            .flat_map(|x| s.stack(x.into()).iter())
            .filter_map(|q| {
                let info = t.info(*q);
                let owner = info.owner?;
                Some(if owner == p { info.size } else { -info.size })
            })
            .sum()
    }

    /// A move played: its actions and the ply's bookkeeping, the engine's and the script's
    /// part of the turn, the ends the engine checks, the next seat, the repetition history;
    /// then the new position settled (its moves into `next`).
    fn advance(
        &self,
        s: &mut State,
        m: &Move,
        log: &mut Vec<Change>,
        next: &mut Vec<Move>,
    ) -> Result<(), RuleError> {
        let t = &*self.tables;
        if s.is_over() {
            return Err(RuleError::of(
                crate::rules::RuleErrorKind::GameOver,
                &t.id,
                "the game is over: no more moves",
            ));
        }
        // The position before the move, for an `after_move` that asks (`s.before()`).
        let before = (self.keep_before && self.rules.hooks.after_move).then(|| s.clone());
        self.apply(&mut Tx { s, log }, m)?;
        let mover = s.turn();
        let mut turn_set = false;
        if let Some(dt) = &t.turn {
            let mut tx = Tx { s, log };
            turn_set = crate::engine::dice_turn::after(t, dt, &mut tx, &self.setup, m)
                .map_err(|e| RuleError::engine(&t.id, e))?;
        }
        if self.rules.hooks.after_move && !s.is_over() {
            turn_set |= self.rules.after_move(s, m, log, before)?;
        }
        turn_set |= phase_ends(t, &mut Tx { s, log }, m, mover);
        // A move that gives its mover the next ply (`again`: a bounce, a completed box).
        turn_set |= m.part == crate::engine::TurnPart::Again;
        ends_after(t, &mut Tx { s, log }, m, mover);
        if let Some(a) = &t.actions
            && !turn_set
            && !s.is_over()
        {
            // A turn of several actions: the mover goes on unless this move ends it, or its
            // actions are spent and no free move is left.
            let done = match m.part {
                crate::engine::TurnPart::Free => s.var(a.var),
                _ => s.var(a.var).saturating_add(1),
            };
            let ends = a.ends(m)
                || (done >= a.limit(s)
                    && (a.free.is_empty() || !crate::engine::legal::free_moves_left(t, s)));
            Tx { s, log }.set_var(a.var, if ends { 0 } else { done });
            if let (true, Some((budget, colour))) = (ends, a.grant) {
                for v in [budget, colour] {
                    if s.var(v) != 0 {
                        Tx { s, log }.set_var(v, 0);
                    }
                }
            }
            if let Some(used) = a.used {
                let was = s.var(used);
                let now = match (ends, m.once) {
                    (true, _) => 0,
                    (false, 0) => was,
                    (false, bit) => was | 1 << (bit - 1),
                };
                if now != was {
                    Tx { s, log }.set_var(used, now);
                }
            }
            turn_set = !ends;
        }
        if !turn_set && !s.is_over() {
            let n = t.next_seat(s.turn());
            Tx { s, log }.set_turn(n);
            turn_ended(t, &mut Tx { s, log }, self.setup.turn());
        }
        // The cell a move passed over counts only while it can be taken en passant.
        if t.en_passant && s.passed().is_some() && !crate::engine::attack::en_passant_possible(t, s)
        {
            Tx { s, log }.set_passed(None);
        }
        dead_after(t, &mut Tx { s, log }, m);
        if self.keep_history && !s.is_over() {
            remember_ply(t, &mut Tx { s, log }, mover);
        }
        self.settle_into(s, log, next)
    }

    /// The move's actions, then the ply count, the passes in a row and the move clock.
    fn apply(&self, tx: &mut Tx<'_>, m: &Move) -> Result<(), RuleError> {
        let t = &*self.tables;
        let moved_kind = match m.shape {
            Shape::Place(p) => Some(t.info(p).kind),
            Shape::Path | Shape::Turn => m.from().and_then(|l| tx.s.top(l)).map(|p| t.info(p).kind),
            Shape::Pass
            | Shape::Roll(_)
            | Shape::Choose(_)
            | Shape::Word(_)
            | Shape::Remove
            | Shape::Change
            | Shape::Purge(_)
            | Shape::Transform(_) => None,
        };
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
        // The cell the move landed on, for a generator kept to the block it chooses
        // (`in_block`); a move that lands on no cell (a pass, a throw) leaves it.
        if let Some(v) = t.last_var
            && let Some(c) = m.to().and_then(|l| t.loc_cell(l))
        {
            tx.set_var(v, c.index() as i64 + 1);
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
        Ok(())
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
        // A no-move policy that changes nothing would loop: 16 tries, and one more for each
        // round that may end without a move (each round end is progress, at most `count`).
        for _ in 0..16 + usize::from(t.rounds.count) {
            if s.is_over() {
                return Ok(());
            }
            // Every piece home ([end.home]), in any position the game reaches or is given.
            if t.end.home.is_some()
                && let Some(o) = crate::engine::goals::home(t, s)
            {
                Tx { s, log }.set_outcome(Some(o));
                return Ok(());
            }
            // Too few pieces left ([end.too_few]), likewise.
            if let Some(f) = &t.end.too_few
                && let Some(o) = crate::engine::goals::too_few(t, s, f)
            {
                Tx { s, log }.set_outcome(Some(o));
                return Ok(());
            }
            if self.rules.hooks.outcome {
                self.rules.outcome(s, log)?;
                if s.is_over() {
                    return Ok(());
                }
            }
            self.generate(s, next)?;
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
            if let Some(dt) = &t.turn
                && dt.unusable == crate::def::Unusable::Lose
                && crate::engine::dice_turn::stage(t, dt, s)
                    == crate::engine::dice_turn::Stage::Play
            {
                crate::engine::dice_turn::unusable_loss(t, &mut Tx { s, log }, &self.setup)
                    .map_err(|e| RuleError::engine(&t.id, e))?;
                continue;
            }
            // With a royal piece: no move while attacked is checkmate, whatever the policy
            // for a stalemate says (a script deciding itself asks `s.in_check`).
            if t.royal.is_some()
                && t.no_moves != NoMoves::Script
                && crate::engine::attack::in_check(t, s, who)
            {
                Tx { s, log }.set_outcome(Some(Outcome::lose(t, who, "checkmate")));
                continue;
            }
            let stalemate = t.royal.is_some();
            match t.no_moves {
                NoMoves::Lose => {
                    let o = Outcome::lose(
                        t,
                        who,
                        if stalemate {
                            "stalemate".to_string()
                        } else {
                            format!("{} has no legal move", t.seats[who.index()].name)
                        },
                    );
                    Tx { s, log }.set_outcome(Some(o));
                }
                NoMoves::Draw => Tx { s, log }.set_outcome(Some(Outcome::draw(
                    t,
                    if stalemate {
                        "stalemate"
                    } else {
                        "no legal move"
                    },
                ))),
                NoMoves::Pass => {
                    if let Some(by) = t.end.stuck
                        && !self.another_can_move(s)?
                    {
                        let o = crate::engine::goals::decide(t, s, by, "no player can move");
                        Tx { s, log }.set_outcome(Some(o));
                    } else if s.passes() as usize >= t.player_count() {
                        Tx { s, log }.set_outcome(Some(Outcome::draw(t, "no player can move")));
                    } else if s.ply() >= t.max_plies {
                        // A pass is a ply like any other: the limit cuts it too.
                        Tx { s, log }.set_outcome(Some(ply_limit(t)));
                    } else {
                        next.push(Move::pass());
                        crate::engine::marks::decorate(t, s, next);
                        return Ok(());
                    }
                }
                NoMoves::EndRound => {
                    if let Some(f) = &t.rounds.at_end {
                        self.rules.round_end(f, s, log)?;
                    }
                    if !s.is_over() {
                        crate::engine::dice_turn::end_round(t, &mut Tx { s, log }, &self.setup);
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

impl Game {
    /// Whether a seat other than the one to move has a legal move here (`[end] stuck`: a
    /// player passes only while another can move).
    fn another_can_move(&self, s: &State) -> Result<bool, RuleError> {
        let mut other = s.clone();
        let mut buf = Vec::new();
        let mut p = self.tables.next_seat(s.turn());
        while p != s.turn() {
            other.turn = p;
            buf.clear();
            self.generate(&other, &mut buf)?;
            if !buf.is_empty() {
                return Ok(true);
            }
            p = self.tables.next_seat(p);
        }
        Ok(false)
    }
}

/// Phases that end on their own (`[rules.phase_ends]`) after move `m` by `mover`: the zone
/// is empty, the move made a line, or the phase lasts one move. Returns whether it chose the
/// next seat.
fn phase_ends(t: &Tables, tx: &mut Tx<'_>, m: &Move, mover: PlayerId) -> bool {
    if t.phase_ends.is_empty() {
        return false;
    }
    let ended = |end: &&crate::engine::PhaseEnd| {
        if tx.s.phase() != usize::from(end.phase) || end.round {
            return false;
        }
        if end.one_move {
            return true;
        }
        if let Some(line) = &end.line {
            return crate::engine::goals::placed_cells(t, m)
                .iter()
                .any(|&c| crate::engine::goals::line_through(t, tx.s, line, mover, c).is_some());
        }
        end.zones.iter().all(|z| tx.s.stack(*z).is_empty())
    };
    let Some(end) = t.phase_ends.iter().find(ended) else {
        return false;
    };
    tx.set_phase(end.next);
    if end.first == def::PhaseFirst::Mover {
        // The seat that ended it plays on (the turn has not passed yet).
        return true;
    }
    if end.first != def::PhaseFirst::Second {
        return false;
    }
    // Round r starts with seat r - 1 (rotating); its second seat is next.
    let n = t.player_count();
    let first = usize::from(tx.s.round()).saturating_sub(1) % n;
    tx.set_turn(crate::engine::PlayerId(((first + 1) % n) as u8));
    true
}

/// What happens when a turn has passed to the next seat: a home left empty loses
/// (`[end.home_empty]`), and a phase that lasts a round ends when the turn is back with the
/// game's first seat (`first`).
fn turn_ended(t: &Tables, tx: &mut Tx<'_>, first: crate::engine::PlayerId) {
    if let Some((region, phase, why)) = &t.end.home_empty
        && phase.is_none_or(|p| usize::from(p) == tx.s.phase())
        && let Some(o) = crate::engine::goals::homes_left(t, tx.s, *region, why)
    {
        tx.set_outcome(Some(o));
        return;
    }
    let round = t
        .phase_ends
        .iter()
        .find(|e| e.round && usize::from(e.phase) == tx.s.phase());
    if let Some(end) = round
        && tx.s.turn() == first
    {
        tx.set_phase(end.next);
    }
}

/// The ends the engine checks after a move, before the turn passes (`[end]`): lines, a
/// chain, a region reached, a full board.
fn ends_after(t: &Tables, tx: &mut Tx<'_>, m: &Move, mover: PlayerId) {
    if tx.s.is_over() || !t.end.checks_after_move() {
        return;
    }
    let placed = crate::engine::goals::placed_cells(t, m);
    tx.s.refresh_joins(t);
    if let Some(o) = crate::engine::goals::after_move(t, tx.s, &t.end, mover, &placed) {
        tx.set_outcome(Some(o));
    }
}

/// A dead position (`[end] dead`), which only a move that takes or changes a piece can make.
fn dead_after(t: &Tables, tx: &mut Tx<'_>, m: &Move) {
    use crate::engine::Action;
    let changed = m.is_capture()
        || m.actions
            .iter()
            .any(|a| matches!(a, Action::Replace { .. }));
    let dead =
        || crate::engine::goals::dead(t, tx.s) || crate::engine::goals::dead_one_colour(t, tx.s);
    if (!t.end.dead.is_empty() || t.end.dead_one_colour.is_some())
        && !tx.s.is_over()
        && changed
        && dead()
    {
        tx.set_outcome(Some(Outcome::draw(
            t,
            "dead position: no move can change the result",
        )));
    }
}

/// The position reached goes into the history, and a repetition rule is checked.
fn remember_ply(t: &Tables, tx: &mut Tx<'_>, mover: PlayerId) {
    let key = tx.s.position_key(t);
    let board = tx.s.board_key(t);
    tx.see(key, board, mover);
    let Some(limit) = t.repetition else { return };
    // Nothing before the last irreversible move can come round again.
    let window = t
        .clock
        .as_ref()
        .map_or(usize::MAX, |c| tx.s.var(c.var).max(0) as usize + 1);
    let seen =
        tx.s.history
            .iter()
            .rev()
            .take(window)
            .filter(|h| h.key == key)
            .count();
    if seen >= limit as usize {
        tx.set_outcome(Some(Outcome::draw(
            t,
            format!("the same position occurred {limit} times"),
        )));
    }
}

/// The draw at the ply limit (`[game] max_plies`).
fn ply_limit(t: &Tables) -> Outcome {
    Outcome::draw(t, format!("move limit ({} plies) reached", t.max_plies))
}

/// Why a typed move was not played.
#[derive(Debug)]
#[non_exhaustive]
pub enum PlayError {
    /// The text was not a legal move.
    Move(MoveError),
    /// The move (given as a value, written here in the game's notation) is not among the
    /// legal moves of the position (`Game::play_checked`).
    Illegal(String),
    /// The rules failed.
    Rules(RuleError),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Move(e) => e.fmt(f),
            PlayError::Illegal(m) => write!(f, "`{m}` is not a legal move here"),
            PlayError::Rules(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}
