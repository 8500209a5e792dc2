//! Moves as data and the one place state changes: [`Tx`], which applies atomic changes and logs
//! their old values so [`Undo`] can restore the earlier state exactly.

use smallvec::SmallVec;

use super::{Dice, KindId, Loc, Outcome, Piece, PlayerId, Stack, State, Tables};

/// An atomic change a move is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Action {
    /// Move one piece: from the top of a cell or out of a zone, onto the top of a cell or into
    /// a zone.
    Transfer {
        /// The piece moved.
        piece: Piece,
        /// Where it was.
        from: Loc,
        /// Where it goes.
        to: Loc,
    },
    /// Move the top `count` pieces of a cell onto another cell, keeping their order (a whole
    /// stack moving as one).
    Carry {
        /// Where they were.
        from: Loc,
        /// Where they go.
        to: Loc,
        /// How many pieces, counted from the top.
        count: u16,
    },
    /// Replace a piece in place: the top piece of a cell (promotion, conversion), or one
    /// piece of a zone (a captured piece changing hands).
    Replace {
        /// The cell or zone.
        at: Loc,
        /// The piece there now.
        old: Piece,
        /// Its replacement.
        new: Piece,
    },
    /// Replace the dice of the turn (a throw, or the dice a player picks from a throw): the
    /// bits that differ between the dice before and after, so the action is its own inverse
    /// and as small as the others (16 bytes: moves are copied by the thousand).
    SetDice {
        /// The old dice's bits exclusive-or the new dice's.
        flip: u64,
    },
    /// Use up the die at position `at`, showing `value` (or, with `used = false`, put it back:
    /// the inverse).
    Die {
        /// Its position among the dice.
        at: u8,
        /// Its pips.
        value: u8,
        /// Taken away (true) or put back (false).
        used: bool,
    },
    /// Move the piece at stack index `i` of a cell to the top (`up`), keeping the order of
    /// the others, or the top piece down to index `i` (`!up`): how a piece leaves, or joins,
    /// a layer that is not the top of the stack.
    Rotate {
        /// The cell.
        at: Loc,
        /// The stack index.
        i: u8,
        /// To the top, or from the top.
        up: bool,
    },
    /// Set a cell's layer bits (`State::layers`).
    Bits {
        /// The cell.
        at: Loc,
        /// The bits before.
        old: u32,
        /// The bits after.
        new: u32,
    },
    /// Add to a seat's score.
    Score {
        /// Whose score.
        player: PlayerId,
        /// How much (may be negative).
        delta: i64,
    },
    /// The piece on a cell has moved (or, with `moved = false`, is unmoved again: the
    /// inverse): castling rights.
    Moved {
        /// The cell.
        at: crate::board::CellId,
        /// Moved (true) or unmoved again (false).
        moved: bool,
    },
    /// A var of the rules changes (`mover_var`: who moved last), as the bits that differ
    /// between its value before and after (its own inverse, like `SetDice`).
    Var {
        /// Its index.
        i: u8,
        /// The old value exclusive-or the new.
        flip: i64,
    },
    /// The cell the last move passed over (en passant) changes.
    Passed {
        /// Before.
        old: Option<super::Passed>,
        /// After.
        new: Option<super::Passed>,
    },
    /// A new piece drawn onto the top of a cell out of nothing (`on`), or the top piece
    /// rubbed out again (`!on`, the inverse): a line a move draws on a board of dots and
    /// lines, a box it completes.
    Mark {
        /// The cell.
        at: Loc,
        /// The piece drawn.
        piece: Piece,
        /// Drawn (true) or rubbed out (false).
        on: bool,
    },
    /// Turn or reflect a block of cells (`Tables::transforms[i]`): every stack of the block
    /// moves to its image, its lying pieces turned with it; `inverse` puts them back.
    Transform {
        /// Index into the tables' transforms.
        i: u16,
        /// The inverse transform (an undo).
        inverse: bool,
    },
    /// Changes nothing: the last action of a move a script made of several parts, saying
    /// how many of its actions are those parts rather than its first part's (`before` at the
    /// front: `move_take`'s captures; `after` before this mark: another piece moved, a piece
    /// changed where it stands). Its text says them after `&` (`e1-g1&h1-f1`). An action,
    /// not a field of `Move`, so that the generators' moves, which have no parts, are built
    /// and copied as before.
    Parts {
        /// Actions at the front.
        before: u16,
        /// Actions at the end, before this one.
        after: u16,
    },
}

/// What a move is in a turn of several actions (`[rules.actions]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TurnPart {
    /// One of the turn's actions.
    #[default]
    Action,
    /// An action that ends the turn (`ends_turn`, a flow with `ends_turn`).
    Ends,
    /// Not one of the turn's actions (`free`): it may follow the last.
    Free,
    /// The mover plays the next ply too (`again`: paper soccer's bounce, a completed box).
    Again,
}

/// How a move reads in notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Shape {
    /// No move: `pass`.
    Pass,
    /// A piece put from a zone onto a cell: `S@c3`.
    Place(Piece),
    /// A piece moved along a path: `a1-a2`, `a1:c3:e5`, `bar/20`.
    Path,
    /// A throw of the dice, chosen by chance: `roll 3 5 6`.
    Roll(Dice),
    /// Dice picked from a throw: `use 3 5`.
    Choose(Dice),
    /// A word the rules declare (`double`, `take`, `drop`): index into the tables' words.
    Word(u8),
    /// A piece taken off the board (a mill's removal): `xd7`.
    Remove,
    /// A piece turned in place to stand or point another way: `c3[ne]`, `c3[up]`.
    Turn,
    /// A piece changed where it stands, named after `=` (taken over: `s1=sbL`; exchanged for
    /// a piece brought from a zone: `s1=gL+bL`).
    Change,
    /// Every piece of a colour taken off a cell (Homeworlds' catastrophe): `xs1=r`.
    Purge(super::ColourId),
    /// A block of cells turned or reflected (`Tables::transforms[i]`): `ne[cw]`.
    Transform(u16),
}

/// A move's actions, kept inline up to six: an IceSickle jump is a transfer, one per piece
/// jumped, a score and a var (4 to 6); at four inline, one jump move in eight went to the
/// heap.
pub type ActionList = SmallVec<[Action; 6]>;

/// A move: what it looks like and what it does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// How it reads.
    pub shape: Shape,
    /// From, then every landing cell (for `Path`); the target cell (for `Place`).
    pub path: SmallVec<[Loc; 4]>,
    /// How many pieces it captures (a capture is written with `:` instead of the separator).
    pub taken: u16,
    /// A choice written after `=`, such as a promotion piece.
    pub suffix: Option<KindId>,
    /// How the move leaves its piece standing, when it chooses (`turn_to`, a turn): written
    /// in brackets at the end, `a1-a5[ne]`.
    pub facing: Option<super::Facing>,
    /// What it is in a turn of several actions: one of them, the one that ends the turn
    /// (`ends_turn` on its generator), or none of them (`free`, `grants`).
    pub part: TurnPart,
    /// Made by a `once_a_turn` generator: its bit plus one (0: none), set in the var of
    /// the generators used this turn.
    pub once: u8,
    /// The piece it moves from inside its stack (`from_inside`), written after `=`.
    pub lifted: super::PieceSlot,
    /// A piece it brings onto the board from a zone beside its own (a discovered system's
    /// star), written after `+`.
    pub brought: super::PieceSlot,
    /// The piece lands on top of the layer there (pinning it), written `^` after the suffix,
    /// rather than beside it.
    pub on_top: bool,
    /// The die used, when the path does not say it (bearing off with a larger number than
    /// needed): written `5/off(6)`. 0 when not shown.
    pub die: u8,
    /// What it does, in order.
    pub actions: ActionList,
    /// 0 for a move a player chooses; for a throw of the dice, how many of the equally likely
    /// ordered throws give it (its weight against the other throws).
    pub chance: u32,
}

/// Appends the move `build` makes, written straight into the list's memory, and returns it
/// for the caller to finish in place (its actions pushed there too). `out.push(m)` builds a
/// move on the stack with narrow stores and copies it in with wide loads right after, and a
/// load that spans several pending stores waits for them (store-to-load forwarding fails):
/// that copy was a third of IceSickle's move generation.
#[inline(always)]
pub(crate) fn push_with(out: &mut Vec<Move>, build: impl FnOnce() -> Move) -> &mut Move {
    out.reserve(1);
    let len = out.len();
    // After `reserve(1)` the spare capacity has room for one move at least.
    out.spare_capacity_mut()[0].write(build());
    // SAFETY: the element at `len` was just written, and `len < capacity`.
    unsafe { out.set_len(len + 1) };
    &mut out[len]
}

impl Move {
    /// How many of its actions are parts a script added, at the front and at the end
    /// ([`Action::Parts`]); `(0, 0)` for a move of one part.
    pub fn parts(&self) -> (usize, usize) {
        match self.actions.last() {
            Some(&Action::Parts { before, after }) => (usize::from(before), usize::from(after)),
            _ => (0, 0),
        }
    }

    /// Adds a part's actions to the move: `front` ones before the first part's (captures,
    /// played first), the others at the end; keeps the [`Action::Parts`] mark last.
    pub fn add_part(&mut self, front: bool, actions: &[Action]) {
        if actions.is_empty() {
            return;
        }
        let (mut before, mut after) = self.parts();
        if matches!(self.actions.last(), Some(Action::Parts { .. })) {
            self.actions.pop();
        }
        let n = actions.len();
        if front {
            self.actions.insert_many(0, actions.iter().copied());
            before += n;
        } else {
            self.actions.extend_from_slice(actions);
            after += n;
        }
        self.actions.push(Action::Parts {
            before: u16::try_from(before).unwrap_or(u16::MAX),
            after: u16::try_from(after).unwrap_or(u16::MAX),
        });
    }

    /// A move of this shape along `path` whose changes are `actions` (nothing captured, no
    /// suffix, no die, no chance): what the generators build, mostly inside
    /// [`push_with`].
    #[inline(always)]
    pub fn of(shape: Shape, path: SmallVec<[Loc; 4]>, actions: ActionList) -> Move {
        Move {
            shape,
            path,
            taken: 0,
            suffix: None,
            facing: None,
            part: TurnPart::Action,
            once: 0,
            lifted: super::PieceSlot::NONE,
            brought: super::PieceSlot::NONE,
            on_top: false,
            die: 0,
            actions,
            chance: 0,
        }
    }

    /// The same with the one action `a` (a placement, a plain step).
    #[inline(always)]
    pub fn one(shape: Shape, path: SmallVec<[Loc; 4]>, a: Action) -> Move {
        // Pushed onto an empty list rather than built from `[a; 4]`, which writes the
        // action four times (a tenth of IceSickle's placement).
        let mut actions = SmallVec::new();
        actions.push(a);
        Move::of(shape, path, actions)
    }

    /// The pass move.
    pub fn pass() -> Move {
        Move::of(Shape::Pass, SmallVec::new(), SmallVec::new())
    }

    /// True for a throw of the dice: the move chance makes, not a player.
    pub fn is_chance(&self) -> bool {
        self.chance > 0
    }

    /// Where the move starts (`None` for a pass).
    pub fn from(&self) -> Option<Loc> {
        self.path.first().copied()
    }

    /// Where the move ends.
    pub fn to(&self) -> Option<Loc> {
        self.path.last().copied()
    }

    /// Number of pieces the move captures.
    pub fn captured(&self) -> usize {
        self.taken as usize
    }

    /// Whether the move captures anything.
    pub fn is_capture(&self) -> bool {
        self.taken > 0
    }
}

/// The locations one action changes the stack of, besides a transform's block (its cells
/// are the transform's: see [`touched_cells`]).
pub(crate) fn action_locs(a: &Action) -> [Option<Loc>; 2] {
    match *a {
        Action::Transfer { from, to, .. } | Action::Carry { from, to, .. } => {
            [Some(from), Some(to)]
        }
        Action::Replace { at, .. } | Action::Rotate { at, .. } | Action::Mark { at, .. } => {
            [Some(at), None]
        }
        _ => [None, None],
    }
}

/// The board cells a move's actions touch, each once, in the order met: the only cells whose
/// stacks the move changes (castling rights and the conditions of `[rules.forbid]` both ask).
pub(crate) fn touched_cells(t: &Tables, actions: &[Action]) -> SmallVec<[crate::board::CellId; 4]> {
    let mut out: SmallVec<[crate::board::CellId; 4]> = SmallVec::new();
    for a in actions {
        if let Action::Transform { i, .. } = *a {
            for &(c, _) in t
                .transforms
                .get(usize::from(i))
                .map_or(&[][..], |x| &x.cells)
            {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        for c in action_locs(a)
            .into_iter()
            .flatten()
            .filter_map(|l| t.loc_cell(l))
        {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// An old value, logged before a change so the change can be undone.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Change {
    /// An action was applied.
    Act(Action),
    /// The turn was this.
    Turn(PlayerId),
    /// The phase was this.
    Phase(u8),
    /// The round was this.
    Round(u16),
    /// The ply count was this.
    Ply(u32),
    /// The pass count was this.
    Passes(u8),
    /// Variable `i` was this.
    Var(u8, i64),
    /// The outcome was this (boxed: a logged change is then 24 bytes, not 72, and the
    /// outcome is logged once a game at most).
    Outcome(Option<Box<Outcome>>),
    /// The dice were these.
    Dice(Dice),
    /// Every location's layer bits were these.
    Layers(Box<Vec<u32>>),
    /// Every location held this (a new round reset them).
    Stacks(Box<Vec<Stack>>),
    /// A position was added to the history (and the ply's flag was this).
    Seen(i64),
    /// The ply's flag was this.
    Flag(i64),
    /// The cell passed over was this.
    Passed(Option<super::Passed>),
}

/// Everything needed to take back one played move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Undo(pub(crate) Vec<Change>);

/// A logged transaction on a state: every change goes through here, so nothing can change a
/// state without also making it undoable.
pub struct Tx<'a> {
    /// The state changed.
    pub s: &'a mut State,
    /// Old values, oldest first.
    pub log: &'a mut Vec<Change>,
}

fn zone_insert(stack: &mut Stack, p: Piece) {
    let at = stack.partition_point(|q| *q <= p);
    stack.insert(at, p);
}

fn zone_remove(stack: &mut Stack, p: Piece) -> bool {
    match stack.iter().rposition(|q| *q == p) {
        Some(i) => {
            stack.remove(i);
            true
        }
        None => false,
    }
}

/// Applies an action without logging. Returns false (changing nothing) if the action does not
/// fit the state, such as moving a piece that is not on top.
pub(crate) fn apply_action(t: &Tables, s: &mut State, a: &Action) -> bool {
    use super::piece_key;
    match *a {
        Action::Transfer { piece, from, to } => {
            let ok = if let Some(c) = t.loc_cell(from) {
                let st = &mut s.stacks[from.index()];
                if st.last() == Some(&piece) {
                    st.pop();
                    s.board ^= piece_key(from, st.len(), piece);
                    let top = st.last().copied();
                    s.set_top(t, c.index(), top);
                    true
                } else {
                    false
                }
            } else {
                zone_remove(&mut s.stacks[from.index()], piece)
            };
            if !ok {
                return false;
            }
            if let Some(c) = t.loc_cell(to) {
                let st = &mut s.stacks[to.index()];
                s.board ^= piece_key(to, st.len(), piece);
                st.push(piece);
                s.set_top(t, c.index(), Some(piece));
            } else {
                zone_insert(&mut s.stacks[to.index()], piece);
            }
            true
        }
        Action::Carry { from, to, count } => {
            let n = count as usize;
            let len = s.stacks[from.index()].len();
            if n > len || t.loc_cell(from).is_none() || t.loc_cell(to).is_none() || from == to {
                return false;
            }
            let moving: Stack = s.stacks[from.index()].drain(len - n..).collect();
            let base = s.stacks[to.index()].len();
            for (k, &p) in moving.iter().enumerate() {
                s.board ^= piece_key(from, len - n + k, p) ^ piece_key(to, base + k, p);
            }
            s.stacks[to.index()].extend(moving);
            s.set_top(t, from.index(), s.stacks[from.index()].last().copied());
            s.set_top(t, to.index(), s.stacks[to.index()].last().copied());
            true
        }
        Action::Replace { at, old, new } => {
            if t.loc_cell(at).is_some() {
                let st = &mut s.stacks[at.index()];
                let i = st.len().wrapping_sub(1);
                match st.last_mut() {
                    Some(top) if *top == old => {
                        *top = new;
                        s.board ^= piece_key(at, i, old) ^ piece_key(at, i, new);
                        s.set_top(t, at.index(), Some(new));
                        true
                    }
                    _ => false,
                }
            } else if zone_remove(&mut s.stacks[at.index()], old) {
                zone_insert(&mut s.stacks[at.index()], new);
                true
            } else {
                false
            }
        }
        Action::Rotate { at, i, up } => {
            let st = &mut s.stacks[at.index()];
            let i = i as usize;
            if i >= st.len() {
                return false;
            }
            // Every piece from `i` up changes height: the cell's key is made again.
            let cell = crate::board::CellId(at.0);
            let before = super::cell_key(cell, st);
            if up {
                let p = st.remove(i);
                st.push(p);
            } else if let Some(p) = st.pop() {
                st.insert(i, p);
            }
            if t.loc_cell(at).is_some() {
                s.board ^= before ^ super::cell_key(cell, &s.stacks[at.index()]);
                s.set_top(t, at.index(), s.stacks[at.index()].last().copied());
            }
            true
        }
        Action::Bits { at, old, new } => match s.layers.get_mut(at.index()) {
            Some(b) if *b == old => {
                *b = new;
                true
            }
            _ => false,
        },
        Action::SetDice { flip } => {
            s.dice = s.dice.flipped(flip);
            true
        }
        Action::Die { at, value, used } => {
            let i = at as usize;
            if used {
                if s.dice.get(i) != Some(value) {
                    return false;
                }
                s.dice = s.dice.without(i);
            } else {
                if i > s.dice.len() || s.dice.len() >= Dice::MAX {
                    return false;
                }
                s.dice = s.dice.with(i, value);
            }
            true
        }
        Action::Score { player, delta } => match s.scores[player.index()].checked_add(delta) {
            Some(v) => {
                s.scores[player.index()] = v;
                true
            }
            // A score past i64 does not fit, like a piece that is not there.
            None => false,
        },
        Action::Moved { at, moved } => {
            if s.is_unmoved(at) != moved {
                return false;
            }
            s.set_unmoved(at, !moved);
            true
        }
        Action::Passed { old, new } => {
            if s.passed != old {
                return false;
            }
            s.passed = new;
            true
        }
        Action::Var { i, flip } => match s.vars.get_mut(i as usize) {
            Some(v) => {
                *v ^= flip;
                true
            }
            None => false,
        },
        Action::Transform { i, inverse } => transform(t, s, usize::from(i), inverse),
        Action::Mark { at, piece, on } => {
            let Some(c) = t.loc_cell(at) else {
                return false;
            };
            let st = &mut s.stacks[at.index()];
            if on {
                s.board ^= piece_key(at, st.len(), piece);
                st.push(piece);
                s.set_top(t, c.index(), Some(piece));
            } else {
                if st.last() != Some(&piece) {
                    return false;
                }
                st.pop();
                s.board ^= piece_key(at, st.len(), piece);
                let top = st.last().copied();
                s.set_top(t, c.index(), top);
            }
            true
        }
        Action::Parts { .. } => true,
    }
}

/// How transform `i` would change the board's key of `s`, without making it: each stack's
/// key where it stands and where it would go, the empty cells skipped (what comparing moves
/// by their effect asks of a twist, many times a position).
pub(crate) fn transform_key_change(t: &Tables, s: &State, i: usize) -> u64 {
    use super::cell_key;
    let Some(tr) = t.transforms.get(i) else {
        return 0;
    };
    let mut change = 0;
    for &(a, b) in &tr.cells {
        let stack = &s.stacks[a.index()];
        if stack.is_empty() {
            continue;
        }
        change ^= cell_key(a, stack);
        if tr.turns_pieces {
            let turned: Stack = stack
                .iter()
                .map(|p| {
                    t.info(*p)
                        .facing
                        .and_then(|d| tr.dirs.get(d.index()).copied().flatten())
                        .and_then(|d| t.face(*p, Some(d)))
                        .unwrap_or(*p)
                })
                .collect();
            change ^= cell_key(b, &turned);
        } else {
            change ^= cell_key(b, stack);
        }
    }
    change
}

/// Moves every stack of transform `i`'s block to its image (from its image back, with
/// `inverse`), turning the lying pieces with the block; false for an unknown transform. The
/// stacks move by swaps along the transform's cycles: no copy of a stack, no allocation.
fn transform(t: &Tables, s: &mut State, i: usize, inverse: bool) -> bool {
    use super::cell_key;
    let Some(tr) = t.transforms.get(i) else {
        return false;
    };
    // An empty block turns into itself (Pentago's early twists, each move's many times over
    // when moves are compared by their effect).
    if tr.cells.iter().all(|(c, _)| s.stacks[c.index()].is_empty()) {
        return true;
    }
    for &(c, _) in &tr.cells {
        s.board ^= cell_key(c, &s.stacks[c.index()]);
    }
    let layered = !s.layers.is_empty();
    for cycle in &tr.cycles {
        let Some((&head, rest)) = cycle.split_first() else {
            continue;
        };
        // Forward, the stack on each cell of the cycle goes to the next: swapping the head
        // with each of the others in turn does that; backward, with each in reverse order.
        let mut swap = |c: crate::board::CellId| {
            s.stacks.swap(head.index(), c.index());
            if layered {
                s.layers.swap(head.index(), c.index());
            }
        };
        if inverse {
            rest.iter().rev().for_each(|&c| swap(c));
        } else {
            rest.iter().for_each(|&c| swap(c));
        }
    }
    for &(c, _) in &tr.cells {
        if tr.turns_pieces {
            let dirs = if inverse { &tr.back } else { &tr.dirs };
            for p in &mut s.stacks[c.index()] {
                if let Some(d) = t.info(*p).facing
                    && let Some(q) = dirs
                        .get(d.index())
                        .copied()
                        .flatten()
                        .and_then(|d| t.face(*p, Some(d)))
                {
                    *p = q;
                }
            }
        }
        s.board ^= cell_key(c, &s.stacks[c.index()]);
        let top = s.stacks[c.index()].last().copied();
        s.set_top(t, c.index(), top);
    }
    true
}

/// Applies a move's actions to a scratch state without logging; returns how many applied (all
/// of them for a move generated on this state), for [`unapply_actions`].
pub(crate) fn apply_actions(t: &Tables, s: &mut State, actions: &[Action]) -> usize {
    actions.iter().take_while(|a| apply_action(t, s, a)).count()
}

/// Takes back the first `n` of `actions`, latest first.
pub(crate) fn unapply_actions(t: &Tables, s: &mut State, actions: &[Action], n: usize) {
    for a in actions[..n].iter().rev() {
        apply_action(t, s, &invert(a));
    }
}

fn invert(a: &Action) -> Action {
    match *a {
        Action::Transfer { piece, from, to } => Action::Transfer {
            piece,
            from: to,
            to: from,
        },
        Action::Carry { from, to, count } => Action::Carry {
            from: to,
            to: from,
            count,
        },
        Action::Replace { at, old, new } => Action::Replace {
            at,
            old: new,
            new: old,
        },
        Action::SetDice { flip } => Action::SetDice { flip },
        Action::Rotate { at, i, up } => Action::Rotate { at, i, up: !up },
        Action::Bits { at, old, new } => Action::Bits {
            at,
            old: new,
            new: old,
        },
        Action::Die { at, value, used } => Action::Die {
            at,
            value,
            used: !used,
        },
        Action::Score { player, delta } => Action::Score {
            player,
            delta: -delta,
        },
        Action::Moved { at, moved } => Action::Moved { at, moved: !moved },
        Action::Passed { old, new } => Action::Passed { old: new, new: old },
        Action::Var { i, flip } => Action::Var { i, flip },
        Action::Transform { i, inverse } => Action::Transform {
            i,
            inverse: !inverse,
        },
        Action::Parts { before, after } => Action::Parts { before, after },
        Action::Mark { at, piece, on } => Action::Mark { at, piece, on: !on },
    }
}

impl Tx<'_> {
    /// Records the position reached in the history, with the ply's mover and flag (the flag
    /// is cleared for the next ply).
    pub fn see(&mut self, key: u64, board: u64, mover: PlayerId) {
        let flag = self.s.flag;
        self.s.history.push(super::Seen {
            key,
            board,
            mover,
            flag,
        });
        self.s.flag = 0;
        self.log.push(Change::Seen(flag));
    }

    /// Sets the script's flag for the ply being played.
    pub fn set_flag(&mut self, v: i64) {
        self.log.push(Change::Flag(self.s.flag));
        self.s.flag = v;
    }

    /// Applies and logs an action; false if it does not fit the state.
    pub fn act(&mut self, t: &Tables, a: &Action) -> bool {
        let ok = apply_action(t, self.s, a);
        if ok {
            self.log.push(Change::Act(*a));
        }
        ok
    }

    /// Sets the player to move.
    pub fn set_turn(&mut self, p: PlayerId) {
        self.log.push(Change::Turn(self.s.turn));
        self.s.turn = p;
    }

    /// Sets the phase.
    pub fn set_phase(&mut self, phase: u8) {
        self.log.push(Change::Phase(self.s.phase));
        self.s.phase = phase;
    }

    /// Sets the round.
    pub fn set_round(&mut self, round: u16) {
        self.log.push(Change::Round(self.s.round));
        self.s.round = round;
    }

    /// Sets the ply count.
    pub fn set_ply(&mut self, ply: u32) {
        self.log.push(Change::Ply(self.s.ply));
        self.s.ply = ply;
    }

    /// Sets the consecutive-pass count.
    pub fn set_passes(&mut self, passes: u8) {
        self.log.push(Change::Passes(self.s.passes));
        self.s.passes = passes;
    }

    /// Sets a script variable.
    pub fn set_var(&mut self, i: usize, v: i64) {
        self.log.push(Change::Var(i as u8, self.s.vars[i]));
        self.s.vars[i] = v;
    }

    /// Ends (or, with `None`, un-ends) the game.
    pub fn set_outcome(&mut self, o: Option<Outcome>) {
        self.log
            .push(Change::Outcome(self.s.outcome.take().map(Box::new)));
        self.s.outcome = o;
    }

    /// Sets (or clears) the cell the last move passed over.
    pub fn set_passed(&mut self, p: Option<super::Passed>) {
        self.log.push(Change::Passed(self.s.passed));
        self.s.passed = p;
    }

    /// Sets the dice of the turn.
    pub fn set_dice(&mut self, d: Dice) {
        self.log.push(Change::Dice(self.s.dice));
        self.s.dice = d;
    }

    /// Replaces every location's pieces (a new round's set-up); layers start flat.
    pub fn set_stacks(&mut self, t: &Tables, stacks: Vec<Stack>) {
        let old = std::mem::replace(&mut self.s.stacks, stacks);
        self.s.rekey(t);
        self.log.push(Change::Stacks(Box::new(old)));
        if self.s.layers.iter().any(|b| *b != 0) {
            let flat = vec![0; self.s.layers.len()];
            let old = std::mem::replace(&mut self.s.layers, flat);
            self.log.push(Change::Layers(Box::new(old)));
        }
    }
}

impl Undo {
    /// Restores the state as it was before the logged changes.
    pub fn undo(self, t: &Tables, s: &mut State) {
        for c in self.0.into_iter().rev() {
            match c {
                Change::Act(a) => {
                    let ok = apply_action(t, s, &invert(&a));
                    debug_assert!(ok, "an undo must always fit");
                }
                Change::Turn(v) => s.turn = v,
                Change::Phase(v) => s.phase = v,
                Change::Round(v) => s.round = v,
                Change::Ply(v) => s.ply = v,
                Change::Passes(v) => s.passes = v,
                Change::Var(i, v) => s.vars[i as usize] = v,
                Change::Outcome(v) => s.outcome = v.map(|o| *o),
                Change::Dice(v) => s.dice = v,
                Change::Layers(v) => s.layers = *v,
                Change::Stacks(v) => {
                    s.stacks = *v;
                    s.rekey(t);
                }
                Change::Seen(flag) => {
                    s.history.pop();
                    s.flag = flag;
                }
                Change::Flag(v) => s.flag = v,
                Change::Passed(v) => s.passed = v,
            }
        }
    }
}

#[cfg(test)]
mod size_tests {
    /// Playouts copy moves by the thousand: a move stays 160 bytes (six actions inline, an
    /// IceSickle jump's four to six: at four, one jump in eight went to the heap), an action
    /// 16.
    #[test]
    fn moves_stay_small() {
        assert_eq!(std::mem::size_of::<super::Action>(), 16);
        assert_eq!(std::mem::size_of::<super::Move>(), 160);
    }
}
