//! The Rhai side: compiling a game's script once, calling its hooks under limits, and the API
//! (`s.gen(...)`, `s.set_phase(...)`, ...) scripts use to read and change the state.
//!
//! Hooks: `moves(s)` (required) fills the move list, mostly by naming native generators;
//! `after_move(s, m)`, `outcome(s)` and `no_moves(s)` change the state through logged
//! transactions; `evaluate(s, p)` scores a position for AI seats. Every hook gets the state
//! handle `s`; it is valid only during the call.
//!
//! Key types: [`Rules`] (engine + AST + hook table), [`RuleError`]. The state handle given to
//! scripts is a `Ctx` that points at the caller's `State` for the duration of one call; every
//! change it makes goes through [`Tx`], so it is undoable.

pub(crate) mod api;
mod compiled;
pub mod memory;
mod runtime;
pub mod trace;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ptr::NonNull;
use std::rc::Rc;

use rhai::{AST, Dynamic, Engine, EvalAltResult};

use crate::diag::Diagnostic;
use crate::engine::{Change, Move, PlayerId, State, Tables};

/// An error raised while running a rule script: which game, which hook, where in the script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// What kind of failure, for a program to act on (the message is for people).
    pub kind: RuleErrorKind,
    /// The game id.
    pub game: String,
    /// The hook running when it happened (`moves`, `after_move`...), or `engine`.
    pub hook: String,
    /// What went wrong.
    pub message: String,
    /// Script line and column, when the error has one.
    pub position: Option<(usize, usize)>,
    /// Script file name.
    pub file: String,
}

/// The kinds of [`RuleError`].
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleErrorKind {
    /// A hook failed: a runtime error or a `throw` in the script, or a script call used wrongly.
    Script,
    /// A hook went over a limit (operations, memory, copying): an endless loop, most likely.
    Limit,
    /// The game is already over: no move, agreement or resignation applies.
    GameOver,
    /// The agreement proposed is not one of the game's (`[rules] agreements`).
    NotAnAgreement,
    /// The rules broke a promise of the engine: a hook that must end the game did not, a
    /// `no_moves` hook that changes nothing, a hook called from inside a hook.
    Rules,
}

impl RuleError {
    /// An error of `kind` raised by the engine itself (no script position).
    pub fn of(kind: RuleErrorKind, game: &str, message: impl Into<String>) -> RuleError {
        RuleError {
            kind,
            ..RuleError::engine(game, message)
        }
    }

    /// An error raised by the engine itself while running hooks: the rules broke a promise.
    pub fn engine(game: &str, message: impl Into<String>) -> RuleError {
        RuleError {
            kind: RuleErrorKind::Rules,
            game: game.into(),
            hook: "engine".into(),
            message: message.into(),
            position: None,
            file: String::new(),
        }
    }

    /// As a located diagnostic, with the script line shown when `script` is given.
    pub fn to_diagnostic(&self, script: Option<&str>) -> Diagnostic {
        let file = if self.file.is_empty() {
            self.game.clone()
        } else {
            self.file.clone()
        };
        let d = Diagnostic::error(
            file,
            format!(
                "{} (game `{}`, hook `{}`)",
                self.message, self.game, self.hook
            ),
        );
        match (self.position, script) {
            (Some((l, c)), Some(src)) => d.at_line_col(src, l, c),
            (Some((l, c)), None) => {
                let mut d = d;
                d.line_col = Some((l, c));
                d
            }
            _ => d,
        }
    }
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.position {
            Some((l, c)) => write!(
                f,
                "{}:{l}:{c}: {} (game `{}`, hook `{}`)",
                self.file, self.message, self.game, self.hook
            ),
            None => write!(
                f,
                "{} (game `{}`, hook `{}`)",
                self.message, self.game, self.hook
            ),
        }
    }
}

impl std::error::Error for RuleError {}

/// The caller's state, lent to the script for one hook call.
///
/// Rhai values must be `'static`, so the handle cannot hold a borrow; it holds a pointer made
/// from one, under three rules that keep it sound. (1) `Rules::call` sets it from a reference
/// the caller holds for the whole call and a guard sets it back to `Closed` when the call
/// ends, panics included: no pointer outlives its borrow. (2) A `Read` pointer comes from a
/// shared `&State` and is only ever turned back into `&State`; only `Write`, made from
/// `&mut State`, is turned into `&mut State`: the kinds cannot be mixed up. (3) Every use
/// goes through the handle's `RefCell` (exclusive borrows for writes, and for the move list),
/// so no two references made from these pointers are alive at once.
#[derive(Clone, Copy)]
pub(crate) enum Access {
    /// Between calls: nothing.
    Closed,
    /// A hook that reads (`moves`, `evaluate`), with the move list being built (`moves`).
    Read(NonNull<State>, Option<NonNull<Vec<Move>>>),
    /// A hook that changes the state (`after_move`, `outcome`, ...), logging into `Undo`.
    Write(NonNull<State>, NonNull<Vec<Change>>),
}

/// How many plies a chain of look-aheads (`s.after(i)`, `s.lookahead()`) may go past the
/// position the hook was called on: each holds a copy of the state, and a script that looks
/// ahead from every look-ahead would otherwise grow without end.
pub(crate) const MAX_LOOKAHEAD: u8 = 8;

/// A look-ahead position, owned by the script as a value (`let p = s.after(i);`): a copy of a
/// state with a move list of its own. Every read and generator of the API works on it as on
/// `s`; nothing on it can change the game (the state is shared, never written, so a
/// look-ahead cannot alias or leak into the caller's position).
pub(crate) struct Ahead {
    /// The position, as made when the look-ahead was taken.
    pub(crate) state: Rc<State>,
    /// Its own move list, filled by its generators (`p.gen(..)`, `p.legal_moves()`).
    pub(crate) moves: Vec<Move>,
    /// `try_move` look-aheads taken on it, innermost last: reads see the last one.
    pub(crate) tries: Vec<Rc<State>>,
    /// Plies from the hook's own position (1 for `s.after(i)`).
    pub(crate) depth: u8,
}

impl Ahead {
    /// The position reads see: the last `try_move` on it, or its own.
    pub(crate) fn current(&self) -> &Rc<State> {
        self.tries.last().unwrap_or(&self.state)
    }
}

/// What one hook call may touch.
pub(crate) struct Work {
    pub(crate) tables: Rc<Tables>,
    pub(crate) setup: Rc<State>,
    pub(crate) options: BTreeMap<String, Dynamic>,
    pub(crate) phase_names: Vec<rhai::ImmutableString>,
    pub(crate) access: Access,
    pub(crate) turn_set: bool,
    /// The script has a `moves` hook (look-aheads run it for their legal moves).
    pub(crate) moves_hook: bool,
    /// States made by `try_move` on the hook's own handle, owned here: while one is there,
    /// reads see the last one (and generators build on it, as they always have).
    pub(crate) lookahead: Vec<State>,
    /// A generator or list change ran on the hook's own list during a `try_move`: the list
    /// is checked against the real position when `moves` returns.
    pub(crate) built_ahead: bool,
    /// During `after_move`, the position before the move (`s.before()`), kept only for a
    /// script that calls it.
    pub(crate) before: Option<Rc<State>>,
}

/// Closes the handle when a hook call ends, however it ends.
struct Close<'a>(&'a RefCell<Work>);

impl Drop for Close<'_> {
    fn drop(&mut self) {
        memory::call_starts(false);
        if let Ok(mut w) = self.0.try_borrow_mut() {
            w.access = Access::Closed;
            w.lookahead.clear();
            w.before = None;
        }
    }
}

/// The state handle scripts see as `s`: the hook's own position (no `Ahead`), or a
/// look-ahead the script holds as a value.
#[derive(Clone)]
pub(crate) struct Ctx(
    pub(crate) Rc<RefCell<Work>>,
    pub(crate) Option<Rc<RefCell<Ahead>>>,
);

/// Which optional hooks a script defines.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hooks {
    /// `moves(s)` (optional when `[rules] generators` lists the moves).
    pub moves: bool,
    /// `after_move(s, m)`.
    pub after_move: bool,
    /// `outcome(s)`.
    pub outcome: bool,
    /// `no_moves(s)`.
    pub no_moves: bool,
    /// `evaluate(s, p)`.
    pub evaluate: bool,
    /// `agreed(s, what)`.
    pub agreed: bool,
}

/// Each hook's compiled function, looked up once.
struct HookEntries {
    moves: Option<usize>,
    after_move: Option<usize>,
    outcome: Option<usize>,
    no_moves: Option<usize>,
    evaluate: Option<usize>,
    agreed: Option<usize>,
}

/// A compiled rule script with its engine.
pub struct Rules {
    engine: Engine,
    ast: AST,
    /// Rhai's run-time state, kept from one hook call to the next.
    runtime: RefCell<runtime::Runtime>,
    /// The script's functions compiled past Rhai's interpreter, where they can be.
    compiled: compiled::Program,
    /// The state handle `s` as a script value, kept between calls that give it back (the
    /// compiled path does; Rhai consumes it): making one is an allocation.
    handle: std::cell::Cell<Option<Dynamic>>,
    /// The compiled functions of the hooks, where they are compiled.
    entries: HookEntries,
    ctx: Ctx,
    /// The optional hooks present.
    pub hooks: Hooks,
    game: String,
    /// `m.word` values: "" then the game's words (`[rules] words`) in order.
    words: Vec<rhai::ImmutableString>,
    file: String,
    /// The game's script with the variant's after it: positions of errors count in it.
    script: String,
    /// Where the variant's script stands, when there is one.
    overlay: Option<Overlay>,
    /// The last move `after_move` was given, kept to be written over by the next one
    /// rather than allocated anew (unless the script kept it).
    last_move: RefCell<Option<Rc<Move>>>,
    /// The last `m` given to `after_move` as a script value, when the call gave it back.
    move_arg: RefCell<Dynamic>,
}

/// Limits every hook call runs under, so a bad script errors instead of hanging.
pub const MAX_OPERATIONS: u64 = 2_000_000;

/// What the progress callback stops a script with when it holds too much memory.
const MEMORY_TOKEN: &str = "icebox: memory limit";
/// What the progress callback stops a script with when it has copied too much.
const TRAFFIC_TOKEN: &str = "icebox: copy limit";

/// The engine with the API registered; with the API's functions for the compiled path when
/// `natives` (a game with no script has nothing to compile, and its load need not pay).
fn new_engine(natives: bool) -> (Engine, Option<compiled::Natives>) {
    let mut e = Engine::new();
    e.set_max_operations(MAX_OPERATIONS)
        .set_max_call_levels(48 + runtime::EXTRA_LEVELS)
        .set_max_expr_depths(64, 48)
        .set_max_string_size(16 * 1024)
        .set_max_array_size(100_000)
        .set_max_map_size(10_000)
        .set_max_variables(1_000)
        .set_max_functions(1_000);
    // Script output goes to the program's sink or a scenario's capture (`trace`), if any.
    e.on_print(|text| {
        if trace::wanted() {
            trace::emit(text);
        }
    });
    e.on_debug(|text, _, pos| {
        if trace::wanted() {
            match pos.line() {
                Some(l) => trace::emit(&format!("debug (line {l}): {text}")),
                None => trace::emit(&format!("debug: {text}")),
            }
        }
    });
    // Stops a script that holds too much memory in one call (see `memory`).
    e.on_progress(|_| {
        memory::over_limit().map(|o| {
            Dynamic::from(match o {
                memory::Over::Held => MEMORY_TOKEN,
                memory::Over::Traffic => TRAFFIC_TOKEN,
            })
        })
    });
    // The documentation is kept by `api_reference`; here only the functions matter.
    let (_, natives) = api::register(&mut e, natives);
    (e, natives)
}

/// The script API as registered: its documentation and what the engine holds.
pub struct ApiReference {
    /// One entry per function, in registration order.
    pub docs: Vec<api::FnDoc>,
    /// The Markdown reference (`icebox api`, docs/script-api.md).
    pub markdown: String,
    /// The `.d.rhai` definitions (`icebox api --rhai`, schema/icebox.d.rhai).
    pub definitions: String,
    /// The names of every function the engine has registered besides Rhai's own (`get$x`
    /// for a property), for the check that each one is documented.
    pub registered: Vec<String>,
}

/// Builds the script API reference from the registration itself.
pub fn api_reference() -> ApiReference {
    let mut e = Engine::new();
    let (docs, _) = api::register(&mut e, false);
    let registered = e
        .gen_fn_signatures(false)
        .iter()
        .map(|sig| sig.split('(').next().unwrap_or(sig).trim().to_string())
        .collect();
    ApiReference {
        markdown: api::markdown(&docs),
        definitions: api::definitions(&e),
        registered,
        docs,
    }
}

/// A decimal number (`1.5`) on a script line near 1-based column `col`: its text and column.
fn decimal_near(line: &str, col: usize) -> Option<(String, usize)> {
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_digit()
            && (i == 0
                || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'.'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j + 1 < b.len() && b[j] == b'.' && b[j + 1].is_ascii_digit() {
            let mut k = j + 1;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            if col + 2 > i && col <= k + 2 {
                return Some((line[i..k].to_string(), i + 1));
            }
            i = k;
        } else {
            i = j;
        }
    }
    None
}

/// Where a variant's script stands: it is compiled after `lines` lines of padding, so its
/// positions count on from the game's script, and a line past them is the variant file's
/// `first_line + (line - lines) - 1`.
struct Overlay {
    lines: usize,
    file: String,
    first_line: usize,
}

impl Overlay {
    /// The file and line a position of the combined script stands at.
    fn place(&self, line: usize) -> Option<(String, usize)> {
        (line > self.lines).then(|| (self.file.clone(), self.first_line + line - self.lines - 1))
    }
}

/// Compiles `text`; an error becomes a diagnostic at `file`, its line mapped by `place`
/// and shown from `excerpt`.
fn compile(
    engine: &Engine,
    text: &str,
    file: &str,
    place: impl Fn(usize) -> usize,
    excerpt: &str,
) -> Result<AST, Vec<Diagnostic>> {
    engine.compile(text).map_err(|e| {
        let p = e.1;
        let (line, col) = (p.line(), p.position().unwrap_or(1));
        // Rhai without floats reads `1.5` as a property `5` of `1`: say what is wrong.
        let decimal = line.and_then(|l| decimal_near(text.lines().nth(l - 1)?, col));
        let d = match &decimal {
            Some((number, _)) => Diagnostic::error(
                file,
                format!("`{number}` is a decimal number: scripts have whole numbers only"),
            )
            .with_help("count in smaller units (half points as 1, a point as 2) or keep the fraction as two integers"),
            None => Diagnostic::error(file, format!("the script does not compile: {}", e.0)),
        };
        let col = decimal.as_ref().map_or(col, |(_, at)| *at);
        vec![match line {
            Some(l) => d.at_line_col(excerpt, place(l), col),
            None => d,
        }]
    })
}

impl Rules {
    /// Compiles the script and checks its hooks. Errors point at the script.
    pub fn new(
        tables: Rc<Tables>,
        setup: Rc<State>,
        options: BTreeMap<String, Dynamic>,
        script: &str,
        file: &str,
        variant: Option<&crate::def::VariantScript>,
    ) -> Result<Rules, Vec<Diagnostic>> {
        let scripted = !script.trim().is_empty() || variant.is_some();
        let (engine, natives) = new_engine(scripted);
        let mut ast = compile(&engine, script, file, |l| l, script)?;
        // A variant's script is laid over the game's: compiled apart (its errors at its own
        // file and line) and merged, its functions replacing those of the same name and arity.
        let mut combined = script.to_string();
        let overlay = match variant {
            None => None,
            Some(v) => {
                let lines = script.matches('\n').count() + 1;
                let over = Overlay {
                    lines,
                    file: v.file.clone(),
                    first_line: v.first_line,
                };
                let padded = "\n".repeat(lines) + v.text.as_str();
                let place = |l: usize| over.place(l).map_or(l, |(_, at)| at);
                ast = ast.merge(&compile(&engine, &padded, &v.file, place, &v.file_text)?);
                combined.push('\n');
                combined.push_str(&v.text);
                Some(over)
            }
        };
        let mut hooks = Hooks::default();
        let mut has_moves = false;
        let mut problems = Vec::new();
        for f in ast.iter_functions() {
            let want = match f.name {
                "moves" => {
                    has_moves = true;
                    1
                }
                "after_move" => {
                    hooks.after_move = true;
                    2
                }
                "outcome" => {
                    hooks.outcome = true;
                    1
                }
                "no_moves" => {
                    hooks.no_moves = true;
                    1
                }
                "evaluate" => {
                    hooks.evaluate = true;
                    2
                }
                "agreed" => {
                    hooks.agreed = true;
                    2
                }
                _ => continue,
            };
            if f.params.len() != want {
                problems.push(Diagnostic::error(
                    file,
                    format!(
                        "hook `{}` must take {want} parameter(s), it takes {}",
                        f.name,
                        f.params.len()
                    ),
                ));
            }
        }
        hooks.moves = has_moves;
        if !has_moves && !tables.has_generators() {
            problems.push(
                Diagnostic::error(file, "the script has no `moves(s)` hook")
                    .with_help("add `fn moves(s) { s.gen(\"...\"); }`, or list the generators in force in game.toml: [rules] generators = [\"...\"]"),
            );
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let phase_names = tables.phases.iter().map(|p| p.as_str().into()).collect();
        let game = tables.id.clone();
        // Built once: `after_move` hands the script a word per call, and a fresh string each
        // time would allocate on every move of every game.
        let words = std::iter::once("")
            .chain(tables.words.iter().map(String::as_str))
            .map(rhai::ImmutableString::from)
            .collect();
        let work = Work {
            tables,
            setup,
            options,
            phase_names,
            access: Access::Closed,
            turn_set: false,
            moves_hook: hooks.moves,
            lookahead: Vec::new(),
            built_ahead: false,
            before: None,
        };
        let runtime = RefCell::new(runtime::Runtime::new(&engine, &ast));
        // `ICEBOX_INTERPRET=1` runs every function in Rhai's interpreter: to compare the two
        // (they must agree) or to rule the compiled path out.
        let compiled = match (std::env::var_os("ICEBOX_INTERPRET"), &natives) {
            (Some(v), _) if !v.is_empty() && v != "0" => compiled::Program::none(&ast),
            (_, Some(natives)) => compiled::Program::new(&ast, natives),
            (_, None) => compiled::Program::none(&ast),
        };
        let ctx = Ctx(Rc::new(RefCell::new(work)), None);
        Ok(Rules {
            handle: std::cell::Cell::new(Some(Dynamic::from(ctx.clone()))),
            entries: HookEntries {
                moves: compiled.entry("moves", 1),
                after_move: compiled.entry("after_move", 2),
                outcome: compiled.entry("outcome", 1),
                no_moves: compiled.entry("no_moves", 1),
                evaluate: compiled.entry("evaluate", 2),
                agreed: compiled.entry("agreed", 2),
            },
            engine,
            ast,
            runtime,
            compiled,
            ctx,
            hooks,
            game,
            words,
            file: file.to_string(),
            script: combined,
            overlay,
            last_move: RefCell::new(None),
            move_arg: RefCell::new(Dynamic::UNIT),
        })
    }

    fn error(&self, hook: &str, e: Box<EvalAltResult>) -> RuleError {
        // Errors inside nested function calls carry the innermost position.
        let mut err: &EvalAltResult = &e;
        let mut pos = err.position();
        while let EvalAltResult::ErrorInFunctionCall(_, _, inner, p) = err {
            if !p.is_none() {
                pos = *p;
            }
            err = inner;
            if !err.position().is_none() {
                pos = err.position();
            }
        }
        let kind = match err {
            EvalAltResult::ErrorTooManyOperations(_)
            | EvalAltResult::ErrorTerminated(..)
            | EvalAltResult::ErrorStackOverflow(_)
            | EvalAltResult::ErrorDataTooLarge(..) => RuleErrorKind::Limit,
            _ => RuleErrorKind::Script,
        };
        let message = match err {
            EvalAltResult::ErrorTooManyOperations(_) => format!(
                "the script ran more than {MAX_OPERATIONS} operations in one call (an endless loop?)"
            ),
            EvalAltResult::ErrorTerminated(token, _)
                if token.clone().into_immutable_string().ok().as_deref() == Some(MEMORY_TOKEN) =>
            {
                format!(
                    "the script held more than {} MiB in one call (values kept growing?)",
                    memory::MAX_SCRIPT_BYTES >> 20
                )
            }
            EvalAltResult::ErrorTerminated(token, _)
                if token.clone().into_immutable_string().ok().as_deref() == Some(TRAFFIC_TOKEN) =>
            {
                format!(
                    "the script copied more than {} MiB in one call (large arrays copied in a loop?)",
                    memory::MAX_SCRIPT_TRAFFIC >> 20
                )
            }
            EvalAltResult::ErrorRuntime(v, _) => v.to_string(),
            other => other
                .to_string()
                .split(" (line")
                .next()
                .unwrap_or_default()
                .to_string(),
        };
        // Rhai leaves some errors (an operation limit hit inside a loop's block) without a
        // place; then point at the hook's definition, so the user still knows where to look.
        let position = pos
            .line()
            .map(|l| (l, pos.position().unwrap_or(1)))
            .or_else(|| self.hook_position(hook));
        let (file, position) = self.place(position);
        RuleError {
            kind,
            game: self.game.clone(),
            hook: hook.to_string(),
            message,
            position,
            file,
        }
    }

    /// The file and position a position of the combined script stands at: the variant's
    /// file for its script's lines, the game's script otherwise.
    fn place(&self, position: Option<(usize, usize)>) -> (String, Option<(usize, usize)>) {
        match (position, &self.overlay) {
            (Some((l, c)), Some(o)) => match o.place(l) {
                Some((file, line)) => (file, Some((line, c))),
                None => (self.file.clone(), position),
            },
            _ => (self.file.clone(), position),
        }
    }

    /// Whether the script (with a variant's, merged) calls any of `names` (a function, a
    /// method or a property), read from its syntax tree.
    pub(crate) fn calls_any(&self, names: &[&str]) -> bool {
        ast_calls(&self.ast, names)
    }

    /// Line and column of `fn <hook>(` in the script: the last one, which is in force (a
    /// variant's replaces the game's).
    fn hook_position(&self, hook: &str) -> Option<(usize, usize)> {
        let lines: Vec<&str> = self.script.lines().collect();
        lines.iter().enumerate().rev().find_map(|(i, line)| {
            let col = line.find("fn ")?;
            let rest = line[col + 3..].trim_start();
            let name_end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            (&rest[..name_end] == hook).then_some((i + 1, col + 1))
        })
    }

    /// Calls `hook` (with `entry`, its compiled function if it has one) with the handle open
    /// as `access`; returns its value and whether it chose who moves next.
    fn call(
        &self,
        hook: &str,
        entry: Option<usize>,
        access: Access,
        arg: Option<&mut Dynamic>,
    ) -> Result<(Dynamic, bool), RuleError> {
        {
            let mut w = self.ctx.0.try_borrow_mut().map_err(|_| self.inside())?;
            if !matches!(w.access, Access::Closed) {
                return Err(self.inside());
            }
            w.access = access;
            w.turn_set = false;
            w.built_ahead = false;
        }
        let close = Close(&self.ctx.0);
        memory::call_starts(true);
        let mut s_handle = self
            .handle
            .take()
            .unwrap_or_else(|| Dynamic::from(self.ctx.clone()));
        let mut args: smallvec::SmallVec<[&mut Dynamic; 2]> = smallvec::SmallVec::new();
        args.push(&mut s_handle);
        args.extend(arg);
        let fast = entry
            .filter(|&e| self.compiled.usable(e))
            .and_then(|e| self.run_compiled(e, access, &mut args));
        let r = match fast {
            Some(v) => Ok(v),
            None => match self.runtime.try_borrow_mut() {
                Ok(mut rt) => rt.call(&self.engine, &self.ast, hook, &mut args),
                Err(_) => {
                    drop(args);
                    drop(close);
                    return Err(self.inside());
                }
            },
        };
        drop(args);
        // Given back by a compiled run; consumed by Rhai.
        if s_handle.is::<Ctx>() {
            self.handle.set(Some(s_handle));
        }
        drop(close);
        let turn_set = self.ctx.0.borrow().turn_set;
        r.map(|v| (v, turn_set)).map_err(|e| self.error(hook, e))
    }

    /// Whether a hook whose value is not used can be skipped: its compiled function does
    /// nothing. A call from inside a hook is still refused, as the call would be.
    fn skip(&self, entry: Option<usize>) -> Result<bool, RuleError> {
        if !self.compiled.is_noop(entry) {
            return Ok(false);
        }
        let w = self.ctx.0.try_borrow().map_err(|_| self.inside())?;
        if !matches!(w.access, Access::Closed) {
            return Err(self.inside());
        }
        Ok(true)
    }

    /// The error for a hook called while another runs.
    fn inside(&self) -> RuleError {
        RuleError::engine(&self.game, "a hook was called from inside a hook")
    }

    /// Runs compiled function `e` for a hook call whose handle is open with `access`; `None`
    /// when the run handed the call to Rhai, with everything it changed undone (the state's
    /// logged changes, the move list, the handle's flags) so that Rhai starts from where it
    /// did.
    fn run_compiled(&self, e: usize, access: Access, args: &mut [&mut Dynamic]) -> Option<Dynamic> {
        enum Mark {
            Nothing,
            List(usize, Option<Vec<Move>>),
            Log(usize),
        }
        // SAFETY: `Access`: the pointers are live for this call, and no reference made from
        // them is alive outside the hook's own calls, which have all returned here.
        let mark = match access {
            Access::Read(_, Some(l)) => {
                let l = unsafe { l.as_ref() };
                let keep = (self.compiled.edits() && !l.is_empty()).then(|| l.clone());
                Mark::List(l.len(), keep)
            }
            Access::Write(_, log) => Mark::Log(unsafe { log.as_ref() }.len()),
            _ => Mark::Nothing,
        };
        let out = self.compiled.run(e, args);
        if out.is_ok() {
            return out.ok();
        }
        match (mark, access) {
            (Mark::List(len, keep), Access::Read(_, Some(mut l))) => {
                // SAFETY: as above.
                let l = unsafe { l.as_mut() };
                match keep {
                    Some(old) => *l = old,
                    None => l.truncate(len),
                }
            }
            (Mark::Log(len), Access::Write(mut s, mut log)) => {
                // SAFETY: as above.
                let (s, log) = unsafe { (s.as_mut(), log.as_mut()) };
                let t = self.ctx.0.borrow().tables.clone();
                crate::engine::Undo(log.split_off(len)).undo(&t, s);
            }
            _ => {}
        }
        let mut w = self.ctx.0.borrow_mut();
        w.turn_set = false;
        w.built_ahead = false;
        w.lookahead.clear();
        drop(w);
        memory::call_starts(true);
        None
    }

    /// Runs `moves(s)`, appending the legal moves of the player to move to `out`.
    pub fn moves(&self, s: &State, out: &mut Vec<Move>) -> Result<(), RuleError> {
        if self.skip(self.entries.moves)? {
            return Ok(());
        }
        let access = Access::Read(NonNull::from(s), Some(NonNull::from(&mut *out)));
        self.call("moves", self.entries.moves, access, None)
            .map(drop)?;
        if self.ctx.0.borrow().built_ahead {
            self.fits(s, out)?;
        }
        Ok(())
    }

    /// Moves built on the hook's own list during a `try_move` are built on the look-ahead
    /// position (as they always were, so scripts that build the replies there keep working);
    /// one left in the list that does not fit the real position is refused here, at the hook,
    /// rather than when it is played.
    fn fits(&self, s: &State, moves: &[Move]) -> Result<(), RuleError> {
        let t = self.ctx.0.borrow().tables.clone();
        let mut scratch = s.clone();
        for m in moves {
            let done = crate::engine::apply_actions(&t, &mut scratch, &m.actions);
            crate::engine::unapply_actions(&t, &mut scratch, &m.actions, done);
            if done < m.actions.len() {
                let place = |l: Option<crate::engine::Loc>| l.map_or("-".into(), |l| t.loc_name(l));
                let (file, position) = self.place(self.hook_position("moves"));
                return Err(RuleError {
                    kind: RuleErrorKind::Script,
                    game: self.game.clone(),
                    hook: "moves".into(),
                    message: format!(
                        "the move {} -> {} was built during a try_move look-ahead and does not fit the position: remove the moves built inside a look-ahead before moves(s) returns, or build them on a look-ahead value (`let p = s.after(i); p.gen(..)`)",
                        place(m.from()),
                        place(m.to())
                    ),
                    position,
                    file,
                });
            }
        }
        Ok(())
    }

    /// Runs `after_move(s, m)`, with the position before the move for `s.before()` when the
    /// caller kept it; returns whether the script chose who moves next.
    pub fn after_move(
        &self,
        s: &mut State,
        m: &Move,
        log: &mut Vec<Change>,
        before: Option<State>,
    ) -> Result<bool, RuleError> {
        if self.skip(self.entries.after_move)? {
            return Ok(false);
        }
        if let Some(b) = before
            && let Ok(mut w) = self.ctx.0.try_borrow_mut()
        {
            w.before = Some(Rc::new(b));
        }
        let word = match m.shape {
            crate::engine::Shape::Word(i) => self.words.get(i as usize + 1),
            _ => None,
        }
        .unwrap_or(&self.words[0])
        .clone();
        // The move given last time, as a script value, is written over when nothing else
        // holds it (a compiled hook gives it back; Rhai consumes it): neither the value nor
        // the move is allocated anew.
        let mut given = std::mem::take(&mut *self.move_arg.borrow_mut());
        let reused = match given.write_lock::<api::MoveRef>() {
            Some(mut mv) => {
                match Rc::get_mut(&mut mv.0) {
                    Some(old) => old.clone_from(m),
                    None => mv.0 = Rc::new(m.clone()),
                }
                mv.1 = s.turn();
                mv.2 = word.clone();
                true
            }
            None => false,
        };
        let mut kept_rc = None;
        if !reused {
            let kept = self.last_move.borrow_mut().take();
            let rc = match kept {
                Some(mut rc) => match Rc::get_mut(&mut rc) {
                    Some(old) => {
                        old.clone_from(m);
                        rc
                    }
                    None => Rc::new(m.clone()),
                },
                None => Rc::new(m.clone()),
            };
            given = Dynamic::from(api::MoveRef(Rc::clone(&rc), s.turn(), word));
            kept_rc = Some(rc);
        }
        let access = Access::Write(NonNull::from(s), NonNull::from(log));
        let r = self.call(
            "after_move",
            self.entries.after_move,
            access,
            Some(&mut given),
        );
        if given.is::<api::MoveRef>() {
            *self.move_arg.borrow_mut() = given;
        } else if kept_rc.is_some() {
            *self.last_move.borrow_mut() = kept_rc;
        }
        r.map(|r| r.1)
    }

    /// Runs `outcome(s)` (which may end the game).
    pub fn outcome(&self, s: &mut State, log: &mut Vec<Change>) -> Result<(), RuleError> {
        if self.skip(self.entries.outcome)? {
            return Ok(());
        }
        let access = Access::Write(NonNull::from(s), NonNull::from(log));
        self.call("outcome", self.entries.outcome, access, None)
            .map(|_| ())
    }

    /// Runs `no_moves(s)`; returns whether the script chose who moves next.
    pub fn no_moves(&self, s: &mut State, log: &mut Vec<Change>) -> Result<bool, RuleError> {
        let access = Access::Write(NonNull::from(s), NonNull::from(log));
        self.call("no_moves", self.entries.no_moves, access, None)
            .map(|r| r.1)
    }

    /// Runs the script function `name(s)` that `[rounds] at_end` names, as a round ends.
    pub fn round_end(
        &self,
        name: &str,
        s: &mut State,
        log: &mut Vec<Change>,
    ) -> Result<(), RuleError> {
        let entry = self.compiled.entry(name, 1);
        if self.skip(entry)? {
            return Ok(());
        }
        let access = Access::Write(NonNull::from(s), NonNull::from(log));
        self.call(name, entry, access, None).map(drop)
    }

    /// The script's functions by name, each with why it runs in Rhai's interpreter, or `None`
    /// when it runs compiled (`rules::compiled`): the same results either way, compiled
    /// faster.
    pub fn compiled_report(&self) -> Vec<(String, Option<String>)> {
        self.compiled.report()
    }

    /// The script in force: the game's, then the variant's (error positions count in it).
    pub fn script(&self) -> &str {
        &self.script
    }

    /// How many parameters the script's function `name` takes; `None` when it has none of
    /// that name (a name the definition gives, such as `[rounds] at_end`, must be there).
    pub fn params_of(&self, name: &str) -> Option<usize> {
        self.ast
            .iter_functions()
            .find(|f| f.name == name)
            .map(|f| f.params.len())
    }

    /// Runs `agreed(s, what)`: every player accepted the agreement `what`.
    pub fn agreed(
        &self,
        s: &mut State,
        what: &str,
        log: &mut Vec<Change>,
    ) -> Result<(), RuleError> {
        let access = Access::Write(NonNull::from(s), NonNull::from(log));
        let mut what = Dynamic::from(what.to_string());
        self.call("agreed", self.entries.agreed, access, Some(&mut what))
            .map(|_| ())
    }

    /// Runs `evaluate(s, p)`: the script's estimate of the position for seat `p`.
    pub fn evaluate(&self, s: &State, p: PlayerId) -> Result<i64, RuleError> {
        let access = Access::Read(NonNull::from(s), None);
        let (v, _) = self.call(
            "evaluate",
            self.entries.evaluate,
            access,
            Some(&mut Dynamic::from(p.index() as i64)),
        )?;
        v.as_int().map_err(|t| RuleError {
            kind: RuleErrorKind::Script,
            game: self.game.clone(),
            hook: "evaluate".into(),
            message: format!("evaluate must return an integer, it returned {t}"),
            position: None,
            file: self.file.clone(),
        })
    }
}

/// Whether a script calls any of `names`, as a function, a method or a property, read from its
/// syntax tree: a name in a comment or a string does not count, a call written `s.history (2)`
/// does.
fn ast_calls(ast: &AST, names: &[&str]) -> bool {
    let mut found = false;
    ast.walk(&mut |path: &[rhai::ASTNode]| {
        let name = match path.last() {
            Some(rhai::ASTNode::Expr(rhai::Expr::FnCall(f, _) | rhai::Expr::MethodCall(f, _))) => {
                f.name.as_str()
            }
            // A getter read as a property: `s.repetitions`.
            Some(rhai::ASTNode::Expr(rhai::Expr::Property(p, _))) => p.2.as_str(),
            _ => return true,
        };
        found = names.contains(&name);
        !found
    });
    found
}

#[cfg(test)]
mod calls {
    /// History is kept for the scripts that read it, found by their syntax, not their text.
    fn script_calls(text: &str, names: &[&str]) -> bool {
        rhai::Engine::new_raw()
            .compile(text)
            .is_ok_and(|ast| super::ast_calls(&ast, names))
    }

    #[test]
    fn script_calls_reads_the_syntax_tree() {
        let names = ["repetitions", "history", "set_flag"];
        assert!(script_calls("fn outcome(s) { s.repetitions >= 3 }", &names));
        assert!(script_calls(
            "fn moves(s) { let h = s.history (2); }",
            &names
        ));
        assert!(script_calls(
            "fn after_move(s, m) { s.set_flag(1); }",
            &names
        ));
        assert!(!script_calls(
            "// history( is not read\nfn moves(s) { }",
            &names
        ));
        assert!(!script_calls(
            "fn moves(s) { print(\"history(\"); }",
            &names
        ));
        assert!(!script_calls("fn moves(s) { s.gen(\"step\") }", &names));
    }
}
