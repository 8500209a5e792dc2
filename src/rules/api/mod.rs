//! The functions a rule script calls on its state handle `s` and on a move `m`, registered in
//! themed parts (one file each): `reading` (the state, in every hook), `queries` (what the
//! generators could do, in every hook), `generators` and `editing` (the move list, in
//! `moves`), `changes` and `outcomes` (through the logged transaction, so undo sees them, in
//! `after_move`, `outcome`, `no_moves` and `agreed`), `moveref` (the `m` of `after_move`).
//!
//! Every function is registered with `def!`, which records its signature, its one-line
//! documentation and an example beside the registration itself: `icebox api` prints the
//! reference from that record, Rhai's metadata writes the `.d.rhai` definitions editors use,
//! and a test fails if a registered function has no documentation. The docs cannot drift.

mod changes;
mod docs;
mod editing;
mod generators;
mod moveref;
mod outcomes;
mod queries;
mod reading;

pub use docs::{FnDoc, Theme, definitions, markdown};

use std::rc::Rc;

use rhai::{Array, Dynamic, Engine, EvalAltResult, Position};

use super::{Access, Ctx, Work};
use crate::board::CellId;
use crate::engine::{
    Action, Dice, Loc, Move, Outcome, Piece, PlayerId, Shape, State, Tables, Tx, attack,
};

type R<T> = Result<T, Box<EvalAltResult>>;

/// A played move as the script sees it in `after_move(s, m)`.
#[derive(Clone)]
pub(crate) struct MoveRef(
    pub(crate) Rc<Move>,
    pub(crate) PlayerId,
    /// The word, for a word move (`double`); empty otherwise.
    pub(crate) rhai::ImmutableString,
);

fn rt(msg: impl Into<String>) -> Box<EvalAltResult> {
    EvalAltResult::ErrorRuntime(Dynamic::from(msg.into()), Position::NONE).into()
}

/// Reads the state: a look-ahead value's, or the caller's (or its last `try_move`).
fn read<T>(c: &Ctx, f: impl FnOnce(&Work, &Tables, &State) -> R<T>) -> R<T> {
    let w = c.0.borrow();
    let t = w.tables.clone();
    if let Some(a) = &c.1 {
        let s = a.borrow().current().clone();
        return f(&w, &t, &s);
    }
    if let Some(s) = w.lookahead.last() {
        return f(&w, &t, s);
    }
    let p = match w.access {
        Access::Closed => return Err(rt("the state handle is only valid during a hook call")),
        Access::Read(p, _) | Access::Write(p, _) => p,
    };
    // SAFETY: `Access` (rules/mod.rs): the pointer is live for this call and only read here.
    let s = unsafe { p.as_ref() };
    f(&w, &t, s)
}

/// Changes the state through a logged transaction: only in hooks that may change it, and
/// never on a look-ahead (a value of the script's, not the game's position).
fn change<T>(c: &Ctx, what: &str, f: impl FnOnce(&Work, &Tables, &mut Tx) -> R<T>) -> R<T> {
    if c.1.is_some() {
        return Err(rt(format!(
            "`s.{what}` changes the state, and a look-ahead (s.after, s.lookahead) cannot be changed: call it on the hook's own `s`"
        )));
    }
    let w = c.0.borrow_mut();
    let Access::Write(mut sp, mut lp) = w.access else {
        return Err(rt(match w.access {
            Access::Closed => "the state handle is only valid during a hook call".to_string(),
            _ => format!(
                "`s.{what}` changes the state: call it from after_move, outcome, no_moves or agreed, not here"
            ),
        }));
    };
    // SAFETY: `Access`: made from the caller's `&mut` borrows for this call; the exclusive
    // `RefCell` borrow held here keeps any other reference made from them from existing.
    let (s, log) = unsafe { (sp.as_mut(), lp.as_mut()) };
    let t = w.tables.clone();
    let mut tx = Tx { s, log };
    f(&w, &t, &mut tx)
}

/// Adds to or edits a move list: a look-ahead value's own (in any hook), or the list of
/// `moves(s)`. During a `try_move` on `s` the moves are built on the look-ahead position and
/// go into the hook's list, as they always did (scripts build the replies there and remove
/// them again); `Rules::moves` checks that what is left fits the real position.
fn generate<T>(c: &Ctx, f: impl FnOnce(&Tables, &State, &mut Vec<Move>) -> R<T>) -> R<T> {
    if let Some(a) = &c.1 {
        let t = c.0.borrow().tables.clone();
        let mut a = a.borrow_mut();
        let s = a.current().clone();
        return f(&t, &s, &mut a.moves);
    }
    let mut w = c.0.borrow_mut();
    let Access::Read(sp, Some(mut op)) = w.access else {
        return Err(rt(
            "move generators and move-list changes can only be called from moves(s), or on a look-ahead (s.lookahead(), s.after(i))",
        ));
    };
    w.built_ahead |= !w.lookahead.is_empty();
    let t = w.tables.clone();
    // SAFETY: `Access`: the state is only read; the list comes from the caller's `&mut`, and
    // the exclusive `RefCell` borrow held here keeps it the only reference.
    let out = unsafe { op.as_mut() };
    match w.lookahead.last() {
        Some(s) => f(&t, s, out),
        // SAFETY: as above.
        None => f(&t, unsafe { sp.as_ref() }, out),
    }
}

/// Reads a move list: a look-ahead value's, or the one `moves(s)` is building.
fn with_list<T>(c: &Ctx, what: &str, f: impl FnOnce(&[Move]) -> R<T>) -> R<T> {
    if let Some(a) = &c.1 {
        return f(&a.borrow().moves);
    }
    let w = c.0.borrow();
    let Access::Read(_, Some(op)) = w.access else {
        return Err(rt(format!(
            "{what} can only be called from moves(s), or on a look-ahead (s.lookahead(), s.after(i))"
        )));
    };
    // SAFETY: `Access`: shared read while the `RefCell` borrow shuts out every writer.
    f(unsafe { op.as_ref() })
}

fn player(t: &Tables, p: i64) -> R<PlayerId> {
    if p >= 0 && (p as usize) < t.player_count() {
        Ok(PlayerId(p as u8))
    } else {
        Err(rt(format!(
            "{p} is not a seat (seats are 0..{})",
            t.player_count() - 1
        )))
    }
}

fn cell(t: &Tables, c: i64) -> R<CellId> {
    if c >= 0 && (c as usize) < t.board.len() {
        Ok(CellId(c as u16))
    } else {
        Err(rt(format!(
            "{c} is not a cell: cells are 0 to {} (s.cell_count() of them; use s.cell(\"name\") to get one)",
            t.board.len().saturating_sub(1)
        )))
    }
}

fn piece(t: &Tables, p: i64) -> R<Piece> {
    if p >= 0 && (p as usize) < t.pieces.len() {
        Ok(Piece(p as u8))
    } else {
        Err(rt(format!("{p} is not a piece")))
    }
}

fn zone(t: &Tables, name: &str, p: PlayerId) -> R<Loc> {
    t.zone_loc(name, Some(p)).ok_or_else(|| {
        let mut names: Vec<&str> = t.zones.iter().map(|z| z.name.as_str()).collect();
        names.dedup();
        rt(format!(
            "`{name}` is not a zone (zones: {})",
            names.join(", ")
        ))
    })
}

fn region<'t>(t: &'t Tables, name: &str, p: PlayerId) -> R<&'t crate::board::CellSet> {
    t.board
        .region(name)
        .map(|r| r.for_seat(p.index()))
        .ok_or_else(|| {
            let names: Vec<&str> = t.board.regions().iter().map(|r| r.name.as_str()).collect();
            rt(format!(
                "`{name}` is not a region (regions: {})",
                names.join(", ")
            ))
        })
}

fn var_index(t: &Tables, name: &str) -> R<usize> {
    t.vars.iter().position(|v| v == name).ok_or_else(|| {
        rt(format!(
            "`{name}` is not a variable: declare it under [rules] vars (vars: {})",
            t.vars.join(", ")
        ))
    })
}

fn generator(t: &Tables, name: &str) -> R<usize> {
    t.generator(name).ok_or_else(|| {
        let names: Vec<&str> = t.generators.iter().map(|p| p.name.as_str()).collect();
        let hint = crate::diag::suggest(name, names.iter().copied())
            .map(|s| format!("did you mean `{s}`?"))
            .unwrap_or_else(|| format!("generators: {}", names.join(", ")));
        rt(format!(
            "`{name}` is not a move generator of this game ([generators.{name}] is missing); {hint}"
        ))
    })
}

fn loc(t: &Tables, l: i64) -> R<Loc> {
    if l >= 0 && (l as usize) < t.loc_count() {
        Ok(Loc(l as u16))
    } else {
        Err(rt(format!("{l} is not a cell or zone")))
    }
}

fn with_move<T>(c: &Ctx, i: i64, f: impl FnOnce(&Move) -> R<T>) -> R<T> {
    with_list(c, "the move list", |out| {
        match usize::try_from(i).ok().and_then(|i| out.get(i)) {
            Some(m) => f(m),
            None => Err(rt(format!(
                "there is no move {i} (there are {})",
                out.len()
            ))),
        }
    })
}

fn locs(t: &Tables, cells: &Array) -> R<Vec<Loc>> {
    cells
        .iter()
        .map(|d| {
            d.as_int()
                .map_err(|ty| rt(format!("expected cell numbers, found {ty}")))
                .and_then(|x| loc(t, x))
        })
        .collect()
}

fn move_mut(out: &mut [Move], i: i64) -> R<&mut Move> {
    let n = out.len();
    usize::try_from(i)
        .ok()
        .and_then(|i| out.get_mut(i))
        .ok_or_else(|| rt(format!("there is no move {i} (there are {n})")))
}

/// The top piece of `at` once the actions already in `m` have been played.
fn top_after(t: &Tables, s: &State, m: &Move, at: Loc) -> Option<Piece> {
    let mut scratch = s.clone();
    crate::engine::apply_actions(t, &mut scratch, &m.actions);
    scratch.top(at)
}

/// The position after move `i` of the handle's list (its last `try_move` look-ahead if one
/// is open), as a copy: with the turn passed to the next seat when `pass_turn`.
fn played(c: &Ctx, what: &str, i: i64, pass_turn: bool) -> R<State> {
    let t = c.0.borrow().tables.clone();
    let mut next = with_list(c, what, |out| {
        let m = usize::try_from(i)
            .ok()
            .and_then(|i| out.get(i))
            .ok_or_else(|| rt(format!("there is no move {i} (there are {})", out.len())))?;
        let mut next = read(c, |_, _, s| Ok(s.clone()))?;
        crate::engine::apply_actions(&t, &mut next, &m.actions);
        Ok(next)
    })?;
    if pass_turn {
        next.turn = t.next_seat(next.turn);
    }
    Ok(next)
}

/// A look-ahead value of `state`, one deeper than the handle `c`, refused past the bound.
fn ahead(c: &Ctx, state: State) -> R<Ctx> {
    let depth = c.1.as_ref().map_or(0, |a| a.borrow().depth);
    if depth >= super::MAX_LOOKAHEAD {
        return Err(rt(format!(
            "a look-ahead goes at most {} deep (s.depth counts them: check it before looking further)",
            super::MAX_LOOKAHEAD
        )));
    }
    let a = super::Ahead {
        state: Rc::new(state),
        moves: Vec::new(),
        tries: Vec::new(),
        depth: depth + 1,
    };
    Ok(Ctx(c.0.clone(), Some(Rc::new(std::cell::RefCell::new(a)))))
}

/// Plays move `i` of the list being built on a copy of the state, which every read then sees
/// until `undo_try` (or the end of the hook): "would this move cause ...?" questions.
fn try_move(c: &Ctx, i: i64) -> R<()> {
    let open = match &c.1 {
        Some(a) => a.borrow().tries.len(),
        None => c.0.borrow().lookahead.len(),
    };
    if open >= 8 {
        return Err(rt(
            "try_move nests at most 8 deep; call undo_try after each",
        ));
    }
    let next = played(c, "try_move", i, false)?;
    match &c.1 {
        Some(a) => a.borrow_mut().tries.push(Rc::new(next)),
        None => c.0.borrow_mut().lookahead.push(next),
    }
    Ok(())
}

/// Generator indices for a list of names.
fn generator_indices(t: &Tables, names: &Array) -> R<Vec<usize>> {
    names
        .iter()
        .map(|d| {
            let name = d
                .clone()
                .into_immutable_string()
                .map_err(|ty| rt(format!("expected generator names, found {ty}")))?;
            generator(t, &name)
        })
        .collect()
}

/// Whether any move of the generators for `by` ends on one of `cells` (answered from the
/// cells: `engine::attack`).
fn lands_on(
    t: &Tables,
    s: &State,
    by: PlayerId,
    pats: &[usize],
    cells: &[Loc],
    buf: &mut Vec<Move>,
) -> bool {
    pats.iter().any(|&i| {
        cells.iter().any(|l| {
            t.loc_cell(*l)
                .is_some_and(|c| crate::engine::attack::reaches(t, s, &t.generators[i], by, c, buf))
        })
    })
}

/// Whether an opponent of `p` could move onto a cell where `p`'s piece of kind `royal` is on
/// top, with the given generators (check, in chess).
fn royal_attacked(
    t: &Tables,
    s: &State,
    p: PlayerId,
    royal: crate::engine::KindId,
    pats: &[usize],
    buf: &mut Vec<Move>,
) -> bool {
    let cells = crate::engine::attack::royal_cells(t, s, p, royal);
    !cells.is_empty() && crate::engine::attack::attacked_by_opponents(t, s, p, pats, &cells, buf)
}

/// A mask of kinds from their texts (`"QR"`, `"Q~P"`, `"<Cannon>P"`); `""` is every kind.
fn kind_mask_of(t: &Tables, kinds: &str) -> R<u64> {
    if kinds.trim().is_empty() {
        return Ok(u64::MAX);
    }
    let kinds = t.kinds_of(kinds).map_err(rt)?;
    Ok(kinds.iter().fold(0, |mask, k| mask | 1 << k.index()))
}

/// The locations of a region (seat `p`'s part) or a zone (seat `p`'s instance).
fn places(t: &Tables, name: &str, p: PlayerId) -> R<Vec<Loc>> {
    if let Some(r) = t.board.region(name) {
        return Ok(r.for_seat(p.index()).iter().map(Loc::from).collect());
    }
    if t.zones.iter().any(|z| z.name == name) {
        return Ok(vec![zone(t, name, p)?]);
    }
    let mut names: Vec<&str> = t.board.regions().iter().map(|r| r.name.as_str()).collect();
    names.extend(t.zones.iter().map(|z| z.name.as_str()));
    names.dedup();
    Err(rt(format!(
        "`{name}` is neither a region nor a zone (there are: {})",
        names.join(", ")
    )))
}

fn kind_of(t: &Tables, symbol: &str) -> R<crate::engine::KindId> {
    t.kind_text(symbol)
        .ok_or_else(|| rt(format!("`{symbol}` is not a piece kind")))
}

/// A placement's own transfer: the piece and the zone it comes from (not a piece the move
/// also carries or takes).
fn placed(m: &Move) -> Option<(Piece, Loc)> {
    if !matches!(m.shape, Shape::Place(_)) {
        return None;
    }
    m.actions.iter().find_map(|a| match *a {
        Action::Transfer { piece, from, to } if Some(to) == m.to() && from != to => {
            Some((piece, from))
        }
        _ => None,
    })
}

/// The piece the move moved: a placement's piece, or the one carried from where the move
/// starts, not a piece the move also carries (castling's rook, `s.move_also`) or takes; the
/// last piece carried when no transfer matches.
fn moving_piece(m: &Move) -> Option<Piece> {
    let transfers = || {
        m.actions.iter().filter_map(|a| match *a {
            Action::Transfer { piece, from, .. } => Some((piece, from)),
            _ => None,
        })
    };
    placed(m)
        .map(|(p, _)| p)
        .or_else(|| {
            transfers()
                .find(|&(_, from)| Some(from) == m.from())
                .map(|(p, _)| p)
        })
        .or_else(|| transfers().next_back().map(|(p, _)| p))
}

fn dice_array(d: Dice) -> Array {
    d.values().map(|v| Dynamic::from(i64::from(v))).collect()
}

fn dice_of(arr: &Array) -> R<Dice> {
    let values: Option<Vec<u8>> = arr
        .iter()
        .map(|v| v.as_int().ok().and_then(|n| u8::try_from(n).ok()))
        .collect();
    values.and_then(|v| Dice::from_values(&v)).ok_or_else(|| {
        rt(format!(
            "dice are up to {} whole numbers from 1 to {}",
            Dice::MAX,
            Dice::MAX_PIPS
        ))
    })
}

fn end(c: &Ctx, o: Outcome) -> R<()> {
    change(c, "end", |_, _, tx| {
        tx.set_outcome(Some(o));
        Ok(())
    })
}

/// Registers a documented script function on `api`: its signature as a script writes it
/// (`s.cell(name: string) -> int`, or `s.turn -> int` for a property), a one-line description,
/// an example, and the Rust closure. The signature names the Rhai function (a property `p`
/// becomes the getter `get$p`) and its parameters for the editor definitions.
macro_rules! def {
    ($api:expr, $sig:literal, $doc:literal, $example:literal, $f:expr $(,)?) => {{
        let d = $crate::rules::api::FnDoc::new($sig, $doc, $example, $api.theme);
        let f = $f;
        // The same closure for the compiled path (`rules::compiled`), called without
        // Rhai's dispatch.
        let editing = $api.theme == $crate::rules::api::Theme::Editing;
        if let Some(n) = $api.natives.as_mut() {
            n.add(
                d.name(),
                d.is_property(),
                $crate::rules::compiled::Native::of(f.clone(), editing),
            );
        }
        rhai::FuncRegistration::new(d.rhai_name())
            .with_params_info(d.params_info())
            .with_comments([d.comment()])
            .register_into_engine($api.e, f);
        $api.docs.push(d);
    }};
}
use def;

/// Registration in progress: the engine, the theme being registered, and the docs so far.
pub(crate) struct Api<'a> {
    pub(crate) e: &'a mut Engine,
    pub(crate) theme: Theme,
    pub(crate) docs: Vec<FnDoc>,
    /// The functions for the compiled path, when wanted.
    pub(crate) natives: Option<super::compiled::Natives>,
}

/// Registers the whole script API on `e`; returns its documentation, one entry per function,
/// and, when `natives`, the functions themselves for the compiled path.
pub(super) fn register(
    e: &mut Engine,
    natives: bool,
) -> (Vec<FnDoc>, Option<super::compiled::Natives>) {
    e.register_type_with_name::<Ctx>("State");
    e.register_type_with_name::<MoveRef>("Move");
    let mut api = Api {
        e,
        theme: Theme::Reading,
        docs: Vec::new(),
        natives: natives.then(Default::default),
    };
    for (theme, part) in [
        (Theme::Reading, reading::register as fn(&mut Api)),
        (Theme::Queries, queries::register),
        (Theme::Generators, generators::register),
        (Theme::Editing, editing::register),
        (Theme::Changes, changes::register),
        (Theme::Outcomes, outcomes::register),
        (Theme::Move, moveref::register),
    ] {
        api.theme = theme;
        part(&mut api);
    }
    (api.docs, api.natives)
}
