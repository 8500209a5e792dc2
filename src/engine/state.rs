//! A game in progress ([`State`]): every stack, the seat to move, phase, scores, vars, dice,
//! and what is derived from the pieces (board key, tops, owned cells), kept by actions.

use smallvec::SmallVec;

use super::{
    Dice, KeyHasher, KindId, Loc, Outcome, Piece, PlayerId, Tables, cell_key, layer_size, marks,
};
use crate::board::CellId;

/// A pile of pieces: bottom first on cells; sorted (a multiset) in zones.
pub type Stack = SmallVec<[Piece; 4]>;

/// Every field of a [`State`] that makes it the position it is.
type Identity<'a> = (
    &'a [Stack],
    PlayerId,
    u8,
    u16,
    u32,
    u8,
    &'a [i64],
    &'a [i64],
    Dice,
    &'a [u32],
    &'a Option<Outcome>,
    (&'a [u64], Option<Passed>),
);

/// A cell passed over by the last move (a pawn's double step), where an `en_passant`
/// generator may land to capture the piece that passed, now on `piece_at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Passed {
    /// The cell passed over.
    pub over: CellId,
    /// The cell of the piece that passed.
    pub piece_at: CellId,
}

/// The state of a game in progress. Cheap to clone; equal states compare and hash equal. The
/// repetition history is bookkeeping, not position: it takes no part in equality.
#[derive(Debug)]
pub struct State {
    pub(crate) stacks: Vec<Stack>,
    pub(crate) turn: PlayerId,
    pub(crate) phase: u8,
    pub(crate) round: u16,
    pub(crate) ply: u32,
    pub(crate) passes: u8,
    pub(crate) scores: SmallVec<[i64; 6]>,
    pub(crate) vars: SmallVec<[i64; 4]>,
    /// Dice thrown this turn and not yet used.
    pub(crate) dice: Dice,
    /// For games whose cells hold layers (`Tables::layered`), per location: bit i set means
    /// the piece at stack index i lies beside the one below it, in the same layer, rather than
    /// on top of it. Empty for every other game.
    pub(crate) layers: Vec<u32>,
    pub(crate) outcome: Option<Outcome>,
    /// The positions so far, the start's first, each with the ply that led to it (only for
    /// games that keep a history: repetition rules, or scripts that read it).
    pub(crate) history: Vec<Seen>,
    /// The script's flag for the ply being played (`s.set_flag`), moved into the history when
    /// the ply ends: always 0 between plies.
    pub(crate) flag: i64,
    /// The board key ([`cell_key`] of every cell, XORed), kept up to date by every action:
    /// derived from `stacks`, so it takes no part in equality.
    pub(crate) board: u64,
    /// For games that track unmoved pieces (castling, `Tables::unmoved`), one bit per cell:
    /// the piece there has not moved since the set-up. Empty for every other game.
    pub(crate) unmoved: SmallVec<[u64; 2]>,
    /// The cell the last move passed over, while an en passant capture of it is legal.
    pub(crate) passed: Option<Passed>,
    /// The top piece of every cell, kept beside `stacks` by every action: generators read a
    /// cell's top with one load from a small array instead of through the cell's stack.
    /// Derived from `stacks` (like `board`), so it takes no part in equality.
    pub(crate) tops: Vec<Option<Piece>>,
    /// Per owner (each seat, then the neutral pieces), a bitset over the cells of those
    /// whose top piece it owns, then per kind one of those whose top is of that kind, kept
    /// with `tops`: generators visit the mover's cells of their kinds only, and conditions
    /// count a seat's pieces outside a region by word, without scanning the board and
    /// branching on every cell. Derived like `tops`.
    pub(crate) owned: Vec<u64>,
    /// Each seat's groups, for a connection goal (`[end] connect`): kept with `tops` by
    /// `set_top`, built again by `refresh_joins` when a change left them stale. Derived like
    /// `tops`; empty for every other game.
    /// Boxed: a game without such a goal pays one word of the state for it.
    pub(crate) joins: Option<Box<super::joins::Joins>>,
}

/// One position of the history: its key, and who made the ply that led to it with the
/// script's flag for that ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// The position's repetition key.
    pub key: u64,
    /// The key of the pieces alone (`State::board_key`), for bans on repeating a board (ko).
    pub board: u64,
    /// The seat that moved into it (the seat to move, for the start).
    pub mover: PlayerId,
    /// The flag the script set on that ply (0 if none).
    pub flag: i64,
}

impl State {
    fn identity(&self) -> Identity<'_> {
        (
            &self.stacks,
            self.turn,
            self.phase,
            self.round,
            self.ply,
            self.passes,
            &self.scores,
            &self.vars,
            self.dice,
            &self.layers,
            &self.outcome,
            (&self.unmoved, self.passed),
        )
    }
}

impl Clone for State {
    fn clone(&self) -> Self {
        let mut copy = State {
            stacks: Vec::new(),
            turn: self.turn,
            phase: 0,
            round: 0,
            ply: 0,
            passes: 0,
            scores: SmallVec::new(),
            vars: SmallVec::new(),
            dice: self.dice,
            layers: Vec::new(),
            outcome: None,
            history: Vec::new(),
            flag: 0,
            board: 0,
            unmoved: SmallVec::new(),
            passed: None,
            tops: Vec::new(),
            owned: Vec::new(),
            joins: None,
        };
        copy.clone_from(self);
        copy
    }

    /// Field by field, so that a copy made again and again (the check test's scratch
    /// position) reuses its buffers instead of allocating them anew. The source is taken
    /// apart whole: a field added to [`State`] must be added here too.
    fn clone_from(&mut self, source: &Self) {
        let State {
            stacks,
            turn,
            phase,
            round,
            ply,
            passes,
            scores,
            vars,
            dice,
            layers,
            outcome,
            history,
            flag,
            board,
            unmoved,
            passed,
            tops,
            owned,
            joins,
        } = source;
        // A stack is a few pieces: copied only where it differs (a scratch copy made again
        // differs from the last position copied in a few cells).
        if self.stacks.len() == stacks.len() {
            for (mine, theirs) in self.stacks.iter_mut().zip(stacks) {
                if mine[..] != theirs[..] {
                    mine.clear();
                    mine.extend_from_slice(theirs);
                }
            }
        } else {
            self.stacks.clone_from(stacks);
        }
        self.turn = *turn;
        self.phase = *phase;
        self.round = *round;
        self.ply = *ply;
        self.passes = *passes;
        self.scores.clone_from(scores);
        self.vars.clone_from(vars);
        self.dice = *dice;
        self.layers.clone_from(layers);
        self.outcome.clone_from(outcome);
        self.history.clone_from(history);
        self.flag = *flag;
        self.board = *board;
        self.unmoved.clone_from(unmoved);
        self.passed = *passed;
        self.tops.clone_from(tops);
        self.owned.clone_from(owned);
        self.joins.clone_from(joins);
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.identity() == other.identity()
    }
}

impl Eq for State {}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.identity().hash(h);
    }
}

impl State {
    /// An empty state for the tables: no pieces, first seat, first phase, round 1.
    pub fn empty(t: &Tables) -> State {
        State {
            stacks: vec![Stack::new(); t.loc_count()],
            turn: PlayerId(0),
            phase: 0,
            round: 1,
            ply: 0,
            passes: 0,
            scores: SmallVec::from_elem(0, t.player_count()),
            vars: t.var_defaults.iter().copied().collect(),
            dice: Dice::NONE,
            layers: if t.layered {
                vec![0; t.loc_count()]
            } else {
                Vec::new()
            },
            outcome: None,
            history: Vec::new(),
            flag: 0,
            board: 0,
            unmoved: match &t.unmoved {
                Some(_) => SmallVec::from_elem(0, t.board.len().div_ceil(64)),
                None => SmallVec::new(),
            },
            passed: None,
            tops: vec![None; t.board.len()],
            owned: vec![0; t.top_sets() * t.cell_words()],
            joins: super::joins::Joins::new(t.end.joins.as_ref()),
        }
    }

    /// Whether the piece on cell `c` has not moved since the set-up (games that track it).
    #[inline]
    pub fn is_unmoved(&self, c: CellId) -> bool {
        self.unmoved
            .get(c.index() / 64)
            .is_some_and(|w| w & (1 << (c.index() % 64)) != 0)
    }

    /// Marks the piece on cell `c` unmoved (or moved).
    pub(crate) fn set_unmoved(&mut self, c: CellId, on: bool) {
        if let Some(w) = self.unmoved.get_mut(c.index() / 64) {
            if on {
                *w |= 1 << (c.index() % 64);
            } else {
                *w &= !(1 << (c.index() % 64));
            }
        }
    }

    /// The cell the last move passed over, while it may be taken en passant.
    pub fn passed(&self) -> Option<Passed> {
        self.passed
    }

    /// Computes the board key and the tops again from the pieces, after they were set
    /// wholesale (a position read, a set-up, a new round).
    pub(crate) fn rekey(&mut self, t: &Tables) {
        self.board = self.board_key_full(t);
        self.tops = self.tops_full(t);
        self.owned = self.owned_full(t);
        self.joins = super::joins::Joins::new(t.end.joins.as_ref());
        self.refresh_joins(t);
    }

    /// Builds the seats' groups again if a change left them stale (a piece moved off or
    /// captured): before the engine asks whether the mover joined its sides.
    pub(crate) fn refresh_joins(&mut self, t: &Tables) {
        if let Some(table) = &t.end.joins
            && let Some(joins) = &mut self.joins
            && joins.is_stale()
        {
            let tops = &self.tops;
            joins.rebuild(table, |c| tops[c].and_then(|p| t.info(p).owner));
        }
    }

    /// Whether seat `p` has joined the connection goal's sides, by the kept groups; `None`
    /// while they are stale or the game has no such goal.
    pub(crate) fn joined(&self, p: PlayerId) -> Option<bool> {
        self.joins.as_ref()?.joined(p)
    }

    /// Whether the kept groups agree with groups built afresh (the conformance test asks).
    pub fn joins_agree(&self, t: &Tables) -> bool {
        match (&t.end.joins, &self.joins) {
            (Some(table), Some(joins)) => {
                joins.agrees(table, |c| self.tops[c].and_then(|p| t.info(p).owner))
            }
            (None, None) => true,
            _ => false,
        }
    }

    /// The owners' and kinds' bitsets, read off the tops (what [`State::owned`] must equal).
    fn owned_full(&self, t: &Tables) -> Vec<u64> {
        let words = t.cell_words();
        let mut owned = vec![0; t.top_sets() * words];
        for (c, top) in self.tops.iter().enumerate() {
            if let Some(p) = top {
                owned[t.owner_slot(*p) * words + c / 64] |= 1 << (c % 64);
                if t.kind_sets {
                    owned[t.kind_slot(*p) * words + c / 64] |= 1 << (c % 64);
                }
            }
        }
        owned
    }

    /// Sets the top piece of cell `c` (by index) in the kept tops and owners' bitsets.
    #[inline(always)]
    pub(crate) fn set_top(&mut self, t: &Tables, c: usize, new: Option<Piece>) {
        let old = std::mem::replace(&mut self.tops[c], new);
        if old == new {
            return;
        }
        let words = t.cell_words();
        let (w, bit) = (c / 64, 1u64 << (c % 64));
        if let Some(p) = old
            && let Some(x) = self.owned.get_mut(t.owner_slot(p) * words + w)
        {
            *x &= !bit;
        }
        if let Some(p) = new
            && let Some(x) = self.owned.get_mut(t.owner_slot(p) * words + w)
        {
            *x |= bit;
        }
        if t.kind_sets {
            if let Some(p) = old
                && let Some(x) = self.owned.get_mut(t.kind_slot(p) * words + w)
            {
                *x &= !bit;
            }
            if let Some(p) = new
                && let Some(x) = self.owned.get_mut(t.kind_slot(p) * words + w)
            {
                *x |= bit;
            }
        }
        if self.joins.is_some() {
            self.joins_changed(t, c, old, new);
        }
    }

    /// The seats' groups told of a top change (out of line and cold: only connection games
    /// pay, and every other game's hot path keeps its layout).
    #[cold]
    #[inline(never)]
    fn joins_changed(&mut self, t: &Tables, c: usize, old: Option<Piece>, new: Option<Piece>) {
        if let Some(table) = &t.end.joins
            && let Some(joins) = &mut self.joins
        {
            let owner = |p: Option<Piece>| p.and_then(|p| t.info(p).owner);
            let tops = &self.tops;
            joins.changed(table, c, owner(old), owner(new), |n| owner(tops[n]));
        }
    }

    /// The cells whose top piece is of kind `k`, whoever owns it, as a bitset of words over
    /// the cells (kept only with [`Tables::kind_sets`]).
    #[inline]
    pub(crate) fn kind_cells(&self, t: &Tables, k: KindId) -> &[u64] {
        let words = t.cell_words();
        let slot = t.kind_set(k);
        self.owned
            .get(slot * words..(slot + 1) * words)
            .unwrap_or(&[])
    }

    /// The cells whose top piece `owner` owns (`None`: the neutral pieces), as a bitset of
    /// words over the cells.
    #[inline]
    pub(crate) fn owned_cells(&self, t: &Tables, owner: Option<PlayerId>) -> &[u64] {
        let words = t.cell_words();
        let slot = owner.map_or(t.player_count(), PlayerId::index);
        self.owned
            .get(slot * words..(slot + 1) * words)
            .unwrap_or(&[])
    }

    /// Word `w` of the bitset of occupied cells: every owner's cells (the seats' and the
    /// neutral pieces'), whose union is every cell with a top.
    #[inline]
    pub(crate) fn occupied_word(&self, t: &Tables, w: usize) -> u64 {
        let words = t.cell_words();
        (0..=t.player_count())
            .filter_map(|slot| self.owned.get(slot * words + w))
            .fold(0, |all, &x| all | x)
    }

    /// The cells whose top piece seat `p` owns outside `set`, a word at a time: what
    /// conditions and goals ask ("a piece of the seat outside the region") without a branch
    /// per cell.
    #[inline]
    pub(crate) fn owned_outside<'a>(
        &'a self,
        t: &Tables,
        p: PlayerId,
        set: &'a crate::board::CellSet,
    ) -> impl Iterator<Item = u64> + 'a {
        self.owned_cells(t, Some(p))
            .iter()
            .zip(set.words())
            .map(|(own, inside)| own & !inside)
    }

    /// Every cell's top piece, read off the stacks (what [`State::tops`] must equal).
    fn tops_full(&self, t: &Tables) -> Vec<Option<Piece>> {
        self.stacks[..t.board.len()]
            .iter()
            .map(|st| st.last().copied())
            .collect()
    }

    /// The top piece of cell `c` (from [`State::tops`]).
    #[inline]
    pub fn top_cell(&self, c: CellId) -> Option<Piece> {
        self.tops[c.index()]
    }

    /// Whether [`State::tops`] agrees with the stacks (the conformance test asks).
    pub fn tops_agree(&self, t: &Tables) -> bool {
        self.tops == self.tops_full(t) && self.owned == self.owned_full(t)
    }

    /// A hash of what makes two positions the same for repetition: pieces, player to move,
    /// phase, round and the counted variables (not the ply or the scores). The board's part
    /// is the incremental board key; zones are few and hashed here.
    pub fn position_key(&self, t: &Tables) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = KeyHasher::default();
        h.add(self.board);
        self.stacks[t.board.len()..].hash(&mut h);
        self.turn.hash(&mut h);
        self.phase.hash(&mut h);
        self.round.hash(&mut h);
        self.dice.hash(&mut h);
        if !self.layers.is_empty() {
            self.layers.hash(&mut h);
        }
        if !self.unmoved.is_empty() {
            // Only the marks a castling could still use: a rook's mark after its king has
            // moved changes no legal move, so it must not keep a repetition from counting.
            marks::live_marks(t, self).hash(&mut h);
        }
        self.passed.hash(&mut h);
        for (i, v) in self.vars.iter().enumerate() {
            if t.repetition_vars.get(i).copied().unwrap_or(true) {
                v.hash(&mut h);
            }
        }
        h.finish()
    }

    /// What a move changed, as a key (`[rules] one_move_per_effect`): the board's key (given:
    /// the caller may reckon a last change rather than make it), the
    /// zones' contents as `zones` (a sum of the moved pieces' keys the caller reads off the
    /// move's actions: zones are sorted lists, cheaper so than hashed whole), and every
    /// other field an action changes (scores, vars, marks, dice, layers), vars that
    /// repetition ignores included.
    pub(crate) fn effect_key_on(&self, board: u64, zones: u64) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = KeyHasher::default();
        h.add(board);
        h.add(zones);
        for v in self.vars.iter().chain(self.scores.iter()) {
            h.add(*v as u64);
        }
        self.dice.hash(&mut h);
        self.passed.hash(&mut h);
        if !self.layers.is_empty() {
            self.layers.hash(&mut h);
        }
        if !self.unmoved.is_empty() {
            self.unmoved.hash(&mut h);
        }
        h.finish()
    }

    /// A key of the pieces on the board alone (not whose turn it is): the XOR of every
    /// occupied cell's [`cell_key`], so a move changes it by the cells it changes. Kept up to
    /// date by every action, so reading it costs nothing.
    pub fn board_key(&self, _t: &Tables) -> u64 {
        self.board
    }

    /// The board key computed from the pieces, for checking the incremental one.
    pub fn board_key_full(&self, t: &Tables) -> u64 {
        t.board
            .cells()
            .fold(0, |k, c| k ^ cell_key(c, &self.stacks[c.index()]))
    }

    /// The dice thrown this turn and not yet used.
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// The player to move.
    pub fn turn(&self) -> PlayerId {
        self.turn
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Moves played so far (passes included).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Current round (1-based).
    pub fn round(&self) -> u16 {
        self.round
    }

    /// Index of the current phase.
    pub fn phase(&self) -> usize {
        self.phase as usize
    }

    /// A seat's score.
    pub fn score(&self, p: PlayerId) -> i64 {
        self.scores[p.index()]
    }

    /// All scores, by seat.
    pub fn scores(&self) -> &[i64] {
        &self.scores
    }

    /// A script variable by index.
    pub fn var(&self, i: usize) -> i64 {
        self.vars[i]
    }

    /// The pieces at a location, bottom first.
    #[inline]
    pub fn stack(&self, l: Loc) -> &[Piece] {
        &self.stacks[l.index()]
    }

    /// The top piece at a location.
    #[inline]
    pub fn top(&self, l: Loc) -> Option<Piece> {
        self.stacks[l.index()].last().copied()
    }

    /// The layer bits of a location (see `layers`): 0 in games without layers.
    #[inline]
    pub fn layer_bits(&self, l: Loc) -> u32 {
        self.layers.get(l.index()).copied().unwrap_or(0)
    }

    /// How many pieces form the top layer of a location: 1 (or 0 when empty) unless pieces
    /// lie side by side there.
    pub fn top_layer(&self, l: Loc) -> usize {
        layer_size(self.layer_bits(l), self.stacks[l.index()].len())
    }

    /// Consecutive passes so far.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The positions so far with the plies that led to them (games that keep a history).
    pub fn history(&self) -> &[Seen] {
        &self.history
    }
}
