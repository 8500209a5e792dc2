//! The generic game state machine: who owns what, where every piece is, whose turn it is, and
//! how a move (a list of atomic actions) changes that and is undone.
//!
//! Key types: [`Tables`] (the immutable facts of one loaded game), [`State`] (cheap to clone,
//! compared and hashed whole), [`Move`] and [`Action`], [`Outcome`]. The engine knows nothing
//! about TOML, Rhai or terminals: `crate::game` builds the tables and runs the script hooks.

pub mod attack;
pub mod castle;
pub mod conditions;
pub mod dice;
pub mod goals;
pub mod groups;
pub mod legal;
pub mod movegen;
pub mod moves;
pub mod rng;
pub mod sow;
pub mod track;
pub mod turn;

use smallvec::SmallVec;

use crate::board::{Board, CellId};
pub use dice::Dice;
pub use movegen::Pattern;
pub use moves::{Action, Change, Move, Shape, Tx, Undo};
pub(crate) use moves::{apply_action, apply_actions, unapply_actions};

/// The most pieces a cell may hold in a game with layers (one layer bit per stack index).
pub const MAX_LAYERED_STACK: usize = 31;

/// The most pieces a game may have in all (so any stack's height fits a `u16`).
pub const MAX_PIECES: usize = 60_000;

/// The most cells a board may have (cells and zones share 16-bit locations): the board's own
/// bound, which the engine's location numbers rely on.
pub use crate::board::MAX_CELLS;

/// The longest `max_plies` a definition may ask for.
pub const MAX_PLIES: u32 = 1_000_000;

/// The most vars, words or phases a definition may declare (each is stored in 8 bits).
pub const MAX_NAMES: usize = 256;

/// Whether the piece at stack index `k` lies beside the one below it, by a cell's layer bits.
#[inline]
pub fn beside(bits: u32, k: usize) -> bool {
    k > 0 && k <= MAX_LAYERED_STACK && bits & (1 << k) != 0
}

/// The hasher for position keys: a multiply-rotate hash in the style of rustc's FxHasher.
/// Keys never leave the process and nothing adversarial feeds them, so SipHash's protection
/// is wasted here, and it cost a tenth of a draughts playout (now 4%) (ARCHITECTURE.md, "Performance").
#[derive(Default)]
struct KeyHasher(u64);

impl KeyHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl std::hash::Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The key of piece `p` at height `i` of location `l`: a fixed random-looking number
/// (Zobrist hashing, with SplitMix64's finaliser instead of a table, so stacks of any height
/// need no storage). The board key is the XOR of these over every piece on a cell, so a move
/// changes it by the pieces it moves: [`State::board_key`] is kept up to date by every
/// action instead of being computed from the whole board each ply.
#[inline]
pub fn piece_key(l: Loc, i: usize, p: Piece) -> u64 {
    let mut x = (u64::from(l.0) << 40) ^ ((i as u64 & 0xFFFF_FFFF) << 8) ^ u64::from(p.0);
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The key of one cell holding `stack` (0 when empty): the board key is their XOR.
pub fn cell_key(c: CellId, stack: &[Piece]) -> u64 {
    let l = Loc(c.0);
    stack
        .iter()
        .enumerate()
        .fold(0, |k, (i, p)| k ^ piece_key(l, i, *p))
}

/// How many pieces form the top layer of a stack of `n` with these layer bits.
#[inline]
pub fn layer_size(bits: u32, n: usize) -> usize {
    let mut k = n.min(1);
    while k < n && beside(bits, n - k) {
        k += 1;
    }
    k
}

/// A seat at the table, 0-based in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub(crate) u8);

impl PlayerId {
    /// The seat index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece kind (small, pawn, king...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub(crate) u8);

impl KindId {
    /// The kind index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece: a kind with an owner (or none). Pieces of the same kind and owner are
/// interchangeable, so a piece is a small value, not an identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(pub(crate) u8);

impl Piece {
    /// The piece's index in [`Tables::pieces`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A place that holds pieces: a board cell or an off-board zone instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc(pub(crate) u16);

impl Loc {
    /// The location index (cells first, then zones).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<CellId> for Loc {
    fn from(c: CellId) -> Loc {
        Loc(c.0)
    }
}

/// Facts about a piece kind.
#[derive(Clone, Debug)]
pub struct KindInfo {
    /// The upper-case letter used in notation.
    pub symbol: char,
    /// A promoted form, written with `~` after its letter (`Q~`): its own kind, which may
    /// share its letter with the unpromoted one.
    pub promoted: bool,
    /// The kind it becomes when a capture hands it to the captor (`captured_as`).
    pub captured_as: Option<KindId>,
    /// Display name.
    pub name: String,
    /// Size in pips.
    pub size: i64,
    /// Role for scripts.
    pub role: String,
    /// Colour slot of the owner's colours.
    pub colour: usize,
    /// Colour when unowned.
    pub neutral_colour: Option<String>,
}

/// Facts about one piece value (kind + owner), precomputed for the hot path.
#[derive(Clone, Copy, Debug)]
pub struct PieceInfo {
    /// Its kind.
    pub kind: KindId,
    /// Its owner, if any.
    pub owner: Option<PlayerId>,
    /// Size in pips.
    pub size: i64,
}

/// One seat.
#[derive(Clone, Debug)]
pub struct Seat {
    /// Seat name.
    pub name: String,
    /// The letter marking its pieces in text.
    pub letter: char,
    /// Colours by slot.
    pub colours: Vec<String>,
    /// Team number (seats on the same team share results).
    pub team: u8,
}

/// A royal piece kind and the generators that attack it (check).
#[derive(Clone, Debug)]
pub struct Royal {
    /// The royal kind.
    pub kind: KindId,
    /// Indices of the generators whose landing admits an enemy piece.
    pub attacks: Vec<usize>,
}

/// A zone instance (one per seat for per-seat zones).
#[derive(Clone, Debug)]
pub struct ZoneInfo {
    /// The zone's name (`stash`, `reserve`).
    pub name: String,
    /// The owning seat of a per-seat instance.
    pub seat: Option<PlayerId>,
    /// Description for display.
    pub description: Option<String>,
}

/// What happens when the player to move has no legal move.
pub use crate::def::NoMoves;

/// A compiled `[rules.clock]`.
#[derive(Clone, Debug)]
pub struct Clock {
    /// Var index of the count.
    pub var: usize,
    /// Plies that draw (0 = never).
    pub plies: u32,
    /// Kinds whose moves reset it (mask).
    pub reset_kinds: u64,
    /// Captures reset it.
    pub reset_on_capture: bool,
}

/// The immutable facts of a loaded game that the engine needs.
#[derive(Clone, Debug)]
pub struct Tables {
    /// Game id.
    pub id: String,
    /// The board.
    pub board: Board,
    /// Every cell of the board as a bitset (cell `c` is bit `c % 64` of word `c / 64`).
    pub all_cells: Vec<u64>,
    /// Seats in turn order.
    pub seats: Vec<Seat>,
    /// Piece kinds.
    pub kinds: Vec<KindInfo>,
    /// Every piece value (kind x owner), indexed by [`Piece`].
    pub pieces: Vec<PieceInfo>,
    /// Zone instances, in location order after the cells.
    pub zones: Vec<ZoneInfo>,
    /// Phase names.
    pub phases: Vec<String>,
    /// Script variable names.
    pub vars: Vec<String>,
    /// Starting values of the variables.
    pub var_defaults: Vec<i64>,
    /// Ply limit; reaching it draws.
    pub max_plies: u32,
    /// Positions are kept in `State::history` (a repetition rule, or a script reads them).
    pub keep_history: bool,
    /// Policy when the player to move has no move.
    pub no_moves: NoMoves,
    /// The royal piece (`[rules] royal`): moves may not leave it attacked.
    pub royal: Option<Royal>,
    /// `[rules] generators` as pattern indices, tier by tier: the first tier that gives a move
    /// decides. Empty: the script's `moves` hook lists every move.
    pub generator_tiers: Vec<Vec<usize>>,
    /// `[rules] generators` keyed by phase: each phase's tiers (by phase index). Empty when the
    /// generators are the same in every phase.
    pub phase_tiers: Vec<Vec<Vec<usize>>>,
    /// Phases that end when a zone empties.
    pub phase_ends: Vec<PhaseEnd>,
    /// `[rules] may_pass`: a pass is always among the moves.
    pub may_pass: bool,
    /// Draw when a position occurs this many times.
    pub repetition: Option<u32>,
    /// Which vars count for repetition, by var index.
    pub repetition_vars: Vec<bool>,
    /// The native move clock.
    pub clock: Option<Clock>,
    /// Path separator for move text.
    pub separator: char,
    /// Move generators.
    pub patterns: Vec<Pattern>,
    /// The dice a throw uses (`[dice]`), for games with chance.
    pub dice: Option<DiceSpec>,
    /// Cells hold layers: pieces side by side, pinned by the layer above (IceGammon).
    pub layered: bool,
    /// Race courses (`[tracks]`).
    pub tracks: Vec<track::Track>,
    /// Words that are moves in this game (`[rules] words`: `double`, `take`...).
    pub words: Vec<String>,
    /// Ends the engine checks itself (`[end]`).
    pub end: End,
    /// The dice turn the engine runs (`[dice] each_turn`).
    pub turn: Option<turn::DiceTurn>,
    /// What games are worth: the cube, matches (`[stakes]`).
    pub stakes: Option<turn::Stakes>,
    /// Games played in rounds (`[rounds]`, `no_moves = "end-round"`).
    pub rounds: turn::Rounds,
    /// The race evaluation's table (`[rules] evaluate = "race"`).
    pub race: Option<turn::Race>,
    /// Unmoved pieces are tracked (a `castle` generator): which kinds, and where they stand
    /// at the set-up.
    pub unmoved: Option<Unmoved>,
    /// Some generator captures en passant: the cell a `passable` move passed over is kept
    /// while such a capture is legal.
    pub en_passant: bool,
    /// Named conditions on a seat (`[conditions]`).
    pub conditions: Vec<conditions::Condition>,
    /// Moves illegal by what they lead to (`[rules.forbid]`).
    pub forbid: Vec<conditions::Forbid>,
    /// The duty to release (`[rules.release]`): its condition's index.
    pub release: Option<usize>,
}

/// A compiled `[rules.phase_ends.NAME]`.
#[derive(Clone, Debug)]
pub struct PhaseEnd {
    /// The phase that ends.
    pub phase: u8,
    /// Every instance of the zone whose emptying ends it.
    pub zones: Vec<Loc>,
    /// The phase that follows.
    pub next: u8,
    /// Who moves first then.
    pub first: crate::def::PhaseFirst,
}

/// Where `[end.home]` wants the pieces.
#[derive(Clone, Debug)]
pub enum HomePlace {
    /// A per-seat region's index.
    Region(usize),
    /// Each seat's location of a zone (by seat).
    Zone(Vec<Loc>),
}

/// Which pieces are tracked as unmoved, and their set-up cells.
#[derive(Clone, Debug, Default)]
pub struct Unmoved {
    /// The kinds tracked (mask): the castling pieces and their partners.
    pub kinds: u64,
    /// The cells holding a tracked piece at the set-up, with that piece: the unmoved pieces a
    /// position text has unless its `moved` field says otherwise.
    pub home: Vec<(CellId, Piece)>,
}

/// A compiled `[end]` table.
#[derive(Clone, Debug, Default)]
pub struct End {
    /// A winning line.
    pub line: Option<Line>,
    /// A losing line.
    pub losing_line: Option<Line>,
    /// The losing line counts before the move's wins (`when_both = "lose"`).
    pub lose_first: bool,
    /// A winning connection: two region indices.
    pub connect: Option<(usize, usize)>,
    /// Reaching a region wins.
    pub reach: Option<Reach>,
    /// A full board.
    pub full: Option<crate::def::EndBy>,
    /// Nobody can move.
    pub stuck: Option<crate::def::EndBy>,
    /// Dead positions: the kinds on the board (sorted masks of counts) that draw at once.
    pub dead: Vec<Vec<KindId>>,
    /// Dead positions by colour of square: (kinds on one colour, kinds allowed beside them),
    /// as masks.
    pub dead_one_colour: Option<(u64, u64)>,
    /// Every piece home wins.
    pub home: Option<Home>,
}

impl End {
    /// Whether any end is checked after each move (`goals::after_move`): decided at load, so
    /// a game without such ends pays one test per move.
    pub fn checks_after_move(&self) -> bool {
        self.line.is_some()
            || self.losing_line.is_some()
            || self.connect.is_some()
            || self.reach.is_some()
            || self.full.is_some()
    }
}

/// A compiled `[end.reach]`.
#[derive(Clone, Debug)]
pub struct Reach {
    /// The region's index (each seat's part when per seat).
    pub region: usize,
    /// Kinds that count (mask).
    pub kinds: u64,
    /// What the win is called.
    pub why: String,
}

/// A compiled `[end.home]`.
#[derive(Clone, Debug)]
pub struct Home {
    /// Where home is.
    pub place: HomePlace,
    /// The kinds of each stack there, bottom first (empty: any).
    pub stacks: Vec<KindId>,
    /// What the win is called.
    pub why: String,
}

/// A compiled winning line.
#[derive(Clone, Debug)]
pub struct Line {
    /// Pieces in a row.
    pub length: u32,
    /// Exactly that many.
    pub exact: bool,
    /// Each line's direction and its opposite (the line runs both ways).
    pub axes: Vec<(crate::board::DirId, Option<crate::board::DirId>)>,
    /// Kinds that count (mask).
    pub kinds: u64,
}

/// How many dice a throw uses and how many sides each has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceSpec {
    /// Dice per throw.
    pub count: u8,
    /// Sides of each die.
    pub sides: u8,
}

impl Tables {
    /// The generators in force in a phase, tier by tier.
    #[inline]
    pub fn tiers(&self, phase: usize) -> &[Vec<usize>] {
        if self.phase_tiers.is_empty() {
            &self.generator_tiers
        } else {
            self.phase_tiers.get(phase).map_or(&[][..], Vec::as_slice)
        }
    }

    /// Whether any generator is in force in some phase.
    pub fn has_generators(&self) -> bool {
        !self.generator_tiers.is_empty() || self.phase_tiers.iter().any(|p| !p.is_empty())
    }

    /// Number of seats.
    pub fn player_count(&self) -> usize {
        self.seats.len()
    }

    /// The piece of `kind` owned by `owner` (or neutral).
    pub fn piece(&self, kind: KindId, owner: Option<PlayerId>) -> Piece {
        let slot = owner.map_or(0, |p| p.index() + 1);
        Piece((kind.index() * (self.seats.len() + 1) + slot) as u8)
    }

    /// Facts about a piece.
    #[inline]
    pub fn info(&self, p: Piece) -> PieceInfo {
        self.pieces[p.index()]
    }

    /// Words in a bitset over the board's cells.
    #[inline]
    pub fn cell_words(&self) -> usize {
        self.all_cells.len()
    }

    /// Which of the owners' bitsets ([`State::owned_cells`]) a piece counts in: its seat's,
    /// or after every seat's the neutral pieces'.
    #[inline]
    pub fn owner_slot(&self, p: Piece) -> usize {
        self.pieces[p.index()]
            .owner
            .map_or(self.player_count(), PlayerId::index)
    }

    /// The location of a cell.
    pub fn cell_loc(&self, c: CellId) -> Loc {
        Loc(c.0)
    }

    /// The cell at a location, if it is one.
    #[inline]
    pub fn loc_cell(&self, l: Loc) -> Option<CellId> {
        (l.index() < self.board.len()).then_some(CellId(l.0))
    }

    /// The zone instance at a location, if it is one.
    pub fn loc_zone(&self, l: Loc) -> Option<&ZoneInfo> {
        l.index()
            .checked_sub(self.board.len())
            .and_then(|i| self.zones.get(i))
    }

    /// The location of a zone for a seat (the shared instance ignores the seat).
    pub fn zone_loc(&self, name: &str, seat: Option<PlayerId>) -> Option<Loc> {
        let mut first = None;
        for (i, z) in self.zones.iter().enumerate() {
            if z.name == name {
                let loc = Loc((self.board.len() + i) as u16);
                if z.seat.is_none() || z.seat == seat {
                    return Some(loc);
                }
                first.get_or_insert(loc);
            }
        }
        if seat.is_none() { first } else { None }
    }

    /// True if two seats are on the same team.
    #[inline]
    pub fn same_team(&self, a: PlayerId, b: PlayerId) -> bool {
        self.seats[a.index()].team == self.seats[b.index()].team
    }

    /// Seat after `p` in turn order.
    pub fn next_seat(&self, p: PlayerId) -> PlayerId {
        PlayerId(((p.index() + 1) % self.seats.len()) as u8)
    }

    /// Name of a location: cell name, `zone`, or `zone.Seat` for per-seat zones.
    pub fn loc_name(&self, l: Loc) -> String {
        match self.loc_cell(l) {
            Some(c) => self.board.name(c).to_string(),
            None => match self.loc_zone(l) {
                Some(ZoneInfo {
                    name,
                    seat: Some(p),
                    ..
                }) => format!("{name}.{}", self.seats[p.index()].name),
                Some(z) => z.name.clone(),
                None => format!("?{}", l.index()),
            },
        }
    }

    /// Total number of locations.
    pub fn loc_count(&self) -> usize {
        self.board.len() + self.zones.len()
    }

    /// A seat by name.
    pub fn seat(&self, name: &str) -> Option<PlayerId> {
        self.seats
            .iter()
            .position(|s| s.name == name)
            .map(|i| PlayerId(i as u8))
    }

    /// A kind by its letter (the unpromoted one, when a promoted form shares it).
    pub fn kind(&self, symbol: char) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.symbol == symbol && !k.promoted)
            .or_else(|| self.kinds.iter().position(|k| k.symbol == symbol))
            .map(|i| KindId(i as u8))
    }

    /// A kind by its text: a letter, with `~` for a promoted form (`Q~`).
    pub fn kind_text(&self, text: &str) -> Option<KindId> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        let promoted = match chars.as_str() {
            "" => false,
            "~" => true,
            _ => return None,
        };
        self.kinds
            .iter()
            .position(|k| k.symbol == letter && k.promoted == promoted)
            .map(|i| KindId(i as u8))
    }

    /// How a kind is written: its letter, and `~` for a promoted form.
    pub fn kind_name(&self, k: KindId) -> String {
        let info = &self.kinds[k.index()];
        if info.promoted {
            format!("{}~", info.symbol)
        } else {
            info.symbol.to_string()
        }
    }

    /// The text of a piece: owner letter (if owned) then kind symbol, e.g. `aS` or `L`.
    pub fn piece_text(&self, p: Piece) -> String {
        let i = self.info(p);
        let mut s = String::with_capacity(3);
        if let Some(o) = i.owner {
            s.push(self.seats[o.index()].letter);
        }
        s.push_str(&self.kind_name(i.kind));
        s
    }

    /// A pattern by name.
    pub fn pattern(&self, name: &str) -> Option<usize> {
        self.patterns.iter().position(|p| p.name == name)
    }
}

/// A pile of pieces: bottom first on cells; sorted (a multiset) in zones.
pub type Stack = SmallVec<[Piece; 4]>;

/// How a game ended: a rank per seat (0 = best; equal ranks share a place) and why.
/// Two outcomes are equal when the ranks are: the reason is commentary, and position text
/// (which carries `result=` ranks only) must read back to an equal state.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Rank of every seat, 0 best.
    pub ranks: SmallVec<[u8; 6]>,
    /// Why the game ended, in a few words.
    pub reason: String,
    /// The cells that decided it (a winning line or chain), for display; commentary like
    /// the reason.
    pub cells: Vec<CellId>,
}

impl PartialEq for Outcome {
    fn eq(&self, other: &Outcome) -> bool {
        self.ranks == other.ranks
    }
}

impl Eq for Outcome {}

impl std::hash::Hash for Outcome {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.ranks.hash(h);
    }
}

impl Outcome {
    /// True when there are several seats and all share one rank. (A one-seat game, a
    /// puzzle, is won at rank 0 and lost at any other.)
    pub fn is_draw(&self) -> bool {
        self.ranks.len() > 1 && self.ranks.iter().all(|r| *r == self.ranks[0])
    }

    /// The seats ranked first (the winners), unless the game is a draw.
    pub fn winners(&self) -> Vec<PlayerId> {
        if self.is_draw() {
            return Vec::new();
        }
        let best = if self.ranks.len() == 1 {
            0
        } else {
            self.ranks.iter().min().copied().unwrap_or(0)
        };
        (0..self.ranks.len())
            .filter(|&i| self.ranks[i] == best)
            .map(|i| PlayerId(i as u8))
            .collect()
    }

    /// Returns per seat in [-1, 1]: 1 for a sole best rank, -1 for the worst, 0 in a draw.
    pub fn returns(&self) -> Vec<f64> {
        if self.ranks.len() == 1 {
            return vec![if self.ranks[0] == 0 { 1.0 } else { -1.0 }];
        }
        let worst = self.ranks.iter().max().copied().unwrap_or(0) as f64;
        if worst == 0.0 {
            return vec![0.0; self.ranks.len()];
        }
        self.ranks
            .iter()
            .map(|&r| 1.0 - 2.0 * r as f64 / worst)
            .collect()
    }
}

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
#[derive(Clone, Debug)]
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
    /// whose top piece it owns, kept with `tops`: generators visit the mover's cells only, and
    /// conditions count a seat's pieces outside a region by word, without scanning the board
    /// and branching on every cell. Derived like `tops`.
    pub(crate) owned: Vec<u64>,
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
            owned: vec![0; (t.player_count() + 1) * t.cell_words()],
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
    }

    /// The owners' bitsets, read off the tops (what [`State::owned`] must equal).
    fn owned_full(&self, t: &Tables) -> Vec<u64> {
        let words = t.cell_words();
        let mut owned = vec![0; (t.player_count() + 1) * words];
        for (c, top) in self.tops.iter().enumerate() {
            if let Some(p) = top {
                owned[t.owner_slot(*p) * words + c / 64] |= 1 << (c % 64);
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
            castle::live_marks(t, self).hash(&mut h);
        }
        self.passed.hash(&mut h);
        for (i, v) in self.vars.iter().enumerate() {
            if t.repetition_vars.get(i).copied().unwrap_or(true) {
                v.hash(&mut h);
            }
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

impl Outcome {
    /// Seat `p` (and its team) wins; everybody else shares second place.
    pub fn win(t: &Tables, p: PlayerId, reason: impl Into<String>) -> Outcome {
        let ranks = (0..t.player_count())
            .map(|i| {
                if t.same_team(PlayerId(i as u8), p) {
                    0
                } else {
                    1
                }
            })
            .collect();
        Outcome {
            ranks,
            reason: reason.into(),
            cells: Vec::new(),
        }
    }

    /// Seat `p` (and its team) loses; everybody else shares first place.
    pub fn lose(t: &Tables, p: PlayerId, reason: impl Into<String>) -> Outcome {
        let ranks = (0..t.player_count())
            .map(|i| {
                if t.same_team(PlayerId(i as u8), p) {
                    1
                } else {
                    0
                }
            })
            .collect();
        Outcome {
            ranks,
            reason: reason.into(),
            cells: Vec::new(),
        }
    }

    /// Nobody wins.
    pub fn draw(t: &Tables, reason: impl Into<String>) -> Outcome {
        Outcome {
            ranks: SmallVec::from_elem(0, t.player_count()),
            reason: reason.into(),
            cells: Vec::new(),
        }
    }

    /// Ranks by team score totals, highest first (or lowest first); equal totals share a rank.
    pub fn by_scores(
        t: &Tables,
        scores: &[i64],
        high_wins: bool,
        reason: impl Into<String>,
    ) -> Outcome {
        let team_total = |p: usize| -> i64 {
            (0..t.player_count())
                .filter(|&q| t.seats[q].team == t.seats[p].team)
                .fold(0i64, |a, q| a.saturating_add(scores[q]))
        };
        let totals: Vec<i64> = (0..t.player_count()).map(team_total).collect();
        let ranks = (0..t.player_count())
            .map(|p| {
                let better = totals
                    .iter()
                    .enumerate()
                    .filter(|&(q, &v)| {
                        t.seats[q].team != t.seats[p].team
                            && if high_wins {
                                v > totals[p]
                            } else {
                                v < totals[p]
                            }
                    })
                    .map(|(q, _)| t.seats[q].team)
                    .collect::<std::collections::BTreeSet<u8>>()
                    .len();
                better as u8
            })
            .collect();
        Outcome {
            ranks,
            reason: reason.into(),
            cells: Vec::new(),
        }
    }
}
