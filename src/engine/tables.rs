//! The immutable facts of one loaded game ([`Tables`]): seats, kinds, zones, generators,
//! ends and the derived tables the generators read, built once by `crate::lower`.

use super::{
    ColourId, Generator, KindId, Loc, Piece, PlayerId, conditions, dice_turn as turn,
    generators::track,
};
use crate::board::{Board, CellId};

/// Facts about a piece kind.
#[derive(Clone, Debug)]
pub struct KindInfo {
    /// Its key in `[pieces]` without the `~` of a promoted form: one upper-case letter
    /// (`Q`), or a name (`Cannon`) that text writes in angle brackets (`b<Cannon>`).
    pub symbol: String,
    /// A promoted form, written with `~` after its symbol (`Q~`): its own kind, which may
    /// share its symbol with the unpromoted one.
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
    /// The directions a piece of this kind may lie pointing along (`facings`); empty for a
    /// kind that only stands.
    pub facings: Vec<crate::board::DirId>,
    /// Whether it may stand upright on the board (`"up"` among its `facings`, or none).
    pub upright: bool,
    /// The colours its pieces come in apart from their owner (`colours`); empty for a kind
    /// without colours.
    pub colours: Vec<ColourId>,
    /// Whether a piece may be put on top of it (`stackable`).
    pub stackable: bool,
}

/// A colour pieces have apart from their owner.
#[derive(Clone, Debug)]
pub struct ColourInfo {
    /// Its name (`red`).
    pub name: String,
    /// The lower-case letter that writes it.
    pub letter: char,
    /// How pictures fill it (a CSS colour).
    pub fill: String,
}

/// Facts about one piece value (kind + owner + colour + facing), precomputed for the hot path.
#[derive(Clone, Copy, Debug)]
pub struct PieceInfo {
    /// Its kind.
    pub kind: KindId,
    /// Its owner, if any.
    pub owner: Option<PlayerId>,
    /// Size in pips.
    pub size: i64,
    /// The direction it lies pointing along; `None` when it stands upright (or its kind has
    /// no facings).
    pub facing: Option<crate::board::DirId>,
    /// The index of its kind's first facing's piece value for this owner and colour (the
    /// piece lying along `facings[i]` is this plus `i`); 0 for a kind with no facings.
    pub faced: u8,
    /// Its colour apart from its owner, for a kind with `colours`.
    pub colour: Option<ColourId>,
    /// The same piece standing upright (itself, when it stands).
    pub standing: u8,
    /// On the value of a kind and owner in its first colour: the value in its second colour
    /// (the piece in `colours[i]` is this plus `i - 1`); 0 for a kind of fewer than two colours.
    pub tinted: u8,
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
    /// Per attacking seat, the plain rays among `attacks` grouped by direction, when every
    /// attack generator is plain (`None` otherwise): see `attack::RayLines`.
    pub lines: Option<Vec<super::attack::RayLines>>,
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

/// A compiled `[rules.actions]`: a turn of several actions.
#[derive(Clone, Debug)]
pub struct Actions {
    /// The var counting the actions made this turn.
    pub var: usize,
    /// The most actions in a turn (`u32::MAX`: no limit).
    pub most: u32,
    /// Actions before the end word may end the turn, for each phase in order.
    pub least: Vec<u32>,
    /// The word that ends the turn early (index into the words).
    pub end: Option<u8>,
    /// A capturing move ends the turn.
    pub ends_on_capture: bool,
    /// The var holding a bit for each `once_a_turn` generator used this turn (declared
    /// only when a generator is).
    pub used: Option<usize>,
    /// The vars of a grant (`grants`): the turn's actions with it (the grant itself and
    /// those it gave), and its colour plus one (declared only when a generator grants).
    pub grant: Option<(usize, usize)>,
    /// The `free` generators (indices), whose moves may follow the turn's last action.
    pub free: Vec<usize>,
}

impl Actions {
    /// Actions before the end word may end a turn in `phase`.
    pub fn least_in(&self, phase: usize) -> u32 {
        self.least.get(phase).copied().unwrap_or(1)
    }

    /// How many actions this turn has: `most`, or what a grant gave.
    pub fn limit(&self, s: &super::State) -> i64 {
        match self.grant {
            Some((budget, _)) if s.var(budget) > 0 => s.var(budget),
            _ => i64::from(self.most),
        }
    }

    /// The colour a grant gives this turn, if one does.
    pub fn granted(&self, s: &super::State) -> Option<super::ColourId> {
        let (_, colour) = self.grant?;
        let c = s.var(colour);
        (c > 0).then(|| super::ColourId((c - 1).clamp(0, 255) as u8))
    }

    /// Whether move `m` ends the turn by what it is, whatever the count: its generator's
    /// `ends_turn`, a pass, the end word, a capture with `ends_on_capture`.
    pub fn ends(&self, m: &super::Move) -> bool {
        m.part == super::TurnPart::Ends
            || matches!(m.shape, super::Shape::Pass)
            || matches!(m.shape, super::Shape::Word(w) if Some(w) == self.end)
            || (self.ends_on_capture && m.is_capture())
    }
}

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
    pub all_cells: crate::board::CellSet,
    /// The state keeps a bitset of the cells each kind tops (`State::kind_cells`): only
    /// when a generator looks for its kinds among the mover's pieces
    /// ([`Generator::by_kind`](crate::engine::generators::Generator::by_kind)), so other
    /// games (a sowing game sets many tops a move) pay nothing for them.
    pub kind_sets: bool,
    /// Seats in turn order.
    pub seats: Vec<Seat>,
    /// Piece kinds.
    pub kinds: Vec<KindInfo>,
    /// The colours pieces have apart from their owners (`[pieces.X] colours`).
    pub colours: Vec<ColourInfo>,
    /// The swap rule.
    pub swap: Option<Swap>,
    /// A star map (`[board.systems]`): systems linked by a rule, vanishing when they empty.
    pub systems: Option<super::systems::Systems>,
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
    pub generators: Vec<Generator>,
    /// A turn of several actions (`[rules.actions]`).
    pub actions: Option<Actions>,
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
    pub conditions: Vec<super::situation::Condition>,
    /// Moves illegal by what they lead to (`[rules.forbid]`).
    pub forbid: Vec<conditions::Forbid>,
    /// The duty to release (`[rules.release]`): its condition's index.
    pub release: Option<usize>,
    /// The block transforms the `transform` generators make ([`super::Action::Transform`]
    /// indexes here).
    pub transforms: Vec<Transform>,
    /// Moves that leave the same position are one move (`[rules] one_move_per_effect`).
    pub one_move_per_effect: bool,
    /// Only the moves that capture the most pieces are legal (`[rules] most_captures`).
    pub most_captures: bool,
    /// The var holding the cell the last move landed on, plus one (0: none yet), kept for
    /// the generators with `in_block`; written as the cell's name in positions
    /// (`var.last=e5`).
    pub last_var: Option<usize>,
    /// The circuits (`[circuits]`), in name order.
    pub circuits: Vec<Circuit>,
}

/// A circuit: a closed loop of cells, with an arc after some of them.
#[derive(Clone, Debug)]
pub struct Circuit {
    /// Its name.
    pub name: String,
    /// The cells in travelling order; the last is followed by the first. A crossing is in
    /// it twice.
    pub points: Vec<CellId>,
    /// Whether an arc leads from `points[i]` to the next point.
    pub arc_after: Vec<bool>,
}

/// A block of cells turned or reflected (`kind = "transform"`): where each cell's stack
/// goes, and where each direction a lying piece points goes.
#[derive(Clone, Debug)]
pub struct Transform {
    /// How it is written: the block's region and the transform, `ne[cw]`.
    pub text: String,
    /// The block's region.
    pub region: usize,
    /// The transform.
    pub word: crate::def::TransformWord,
    /// The block's cells, and (at the same index) the cell each one's stack goes to.
    pub cells: Vec<(CellId, CellId)>,
    /// The same as cycles: each cell's stack goes to the next cell of its cycle, the last's
    /// to the first (a cell that stays put is a cycle of one).
    pub cycles: Vec<Vec<CellId>>,
    /// Each direction's image (by direction index): a lying piece turned with the block.
    pub dirs: Vec<Option<crate::board::DirId>>,
    /// Each direction's preimage: the inverse transform's turn.
    pub back: Vec<Option<crate::board::DirId>>,
    /// Some kind of the game points (`facings`): pieces turn with the block.
    pub turns_pieces: bool,
}

/// A compiled `[rules.phase_ends.NAME]`.
#[derive(Clone, Debug)]
pub struct PhaseEnd {
    /// The phase that ends.
    pub phase: u8,
    /// Every instance of the zone whose emptying ends it.
    pub zones: Vec<Loc>,
    /// It ends when the turn comes back to the game's first seat instead.
    pub round: bool,
    /// It ends when a move in it makes this line through the cell it lands on (`line`).
    pub line: Option<Line>,
    /// It ends after any move made in it (`one_move`).
    pub one_move: bool,
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
    /// The board facts each seat's groups need for the connection (with `connect`).
    pub joins: Option<super::joins::JoinTable>,
    /// Reaching a region wins.
    pub reach: Option<Reach>,
    /// A score that wins the seat that moved, and what the win is called.
    pub score: Option<(i64, String)>,
    /// Sets collected in a zone that win the seat that moved.
    pub sets: Option<Sets>,
    /// A full board.
    pub full: Option<crate::def::EndBy>,
    /// Nobody can move.
    pub stuck: Option<crate::def::EndBy>,
    /// Dead positions: the kinds on the board (sorted masks of counts) that draw at once.
    pub dead: Vec<Vec<KindId>>,
    /// Dead positions by colour of square: (kinds on one colour, kinds allowed beside them),
    /// as masks.
    pub dead_one_colour: Option<(u64, u64)>,
    /// Every seat's lines count, not only the mover's (`[end.line] every_seat`).
    pub line_every_seat: bool,
    /// Every piece home wins.
    pub home: Option<Home>,
    /// A seat with no piece in its part of this region (none: on the board) when a turn
    /// ends loses: the region, the only phase it is checked in, and what the loss is called.
    pub home_empty: Option<(Option<usize>, Option<u8>, String)>,
    /// A seat with fewer pieces than this, on the board and in these zones (by location,
    /// every seat's instances), loses; and what the loss is called (`[end.too_few]`).
    /// Checked in every position the game reaches or is given, like `home`.
    pub too_few: Option<TooFew>,
}

/// A compiled `[end.too_few]`.
#[derive(Clone, Debug)]
pub struct TooFew {
    /// Fewer pieces than this lose.
    pub below: u32,
    /// Each seat's instances of the zones that count, by seat.
    pub zones: Vec<Vec<Loc>>,
    /// What the loss is called.
    pub why: String,
}

impl End {
    /// Whether any end is checked after each move (`goals::after_move`): decided at load, so
    /// a game without such ends pays one test per move.
    pub fn checks_after_move(&self) -> bool {
        self.line.is_some()
            || self.losing_line.is_some()
            || self.connect.is_some()
            || self.reach.is_some()
            || self.score.is_some()
            || self.sets.is_some()
            || self.full.is_some()
    }
}

/// A compiled `[rules.swap]`.
#[derive(Clone, Debug)]
pub struct Swap {
    /// The word that swaps.
    pub word: u8,
    /// Each cell's mirror cell (itself without a mirror).
    pub mirror: Vec<CellId>,
}

/// A compiled `[end.sets]`.
#[derive(Clone, Debug)]
pub struct Sets {
    /// The zone's name (each seat's instance counts for it).
    pub zone: String,
    /// The kinds of a set, one piece of each.
    pub kinds: Vec<KindId>,
    /// Sets each of one colour that win.
    pub same_colour: Option<u32>,
    /// Sets of any colours that win.
    pub any: Option<u32>,
    /// What the win is called.
    pub why: String,
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
    /// Whose pieces count: the mover's (`own`), or nobody's (`neutral`: the seat whose
    /// part the piece reached wins), or anybody's (`any`: likewise).
    pub pieces: crate::def::Mover,
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

    /// The same piece standing upright (the value every piece has off the board).
    #[inline]
    pub fn upright(&self, p: Piece) -> Piece {
        Piece(self.info(p).standing)
    }

    /// The piece of `kind` owned by `owner` in `colour` (standing); `None` when the kind
    /// does not come in that colour. `None` as the colour: the kind's first (or none).
    pub fn tinted(
        &self,
        kind: KindId,
        owner: Option<PlayerId>,
        colour: Option<ColourId>,
    ) -> Option<Piece> {
        let base = self.piece(kind, owner);
        let Some(c) = colour else {
            return Some(base);
        };
        match self.kinds[kind.index()]
            .colours
            .iter()
            .position(|x| *x == c)?
        {
            0 => Some(base),
            at => u8::try_from(self.info(base).tinted as usize + at - 1)
                .ok()
                .map(Piece),
        }
    }

    /// A colour by its letter.
    pub fn colour_letter(&self, letter: char) -> Option<ColourId> {
        self.colours
            .iter()
            .position(|c| c.letter == letter)
            .map(|i| ColourId(i as u8))
    }

    /// A colour by its name.
    pub fn colour_named(&self, name: &str) -> Option<ColourId> {
        self.colours
            .iter()
            .position(|c| c.name == name)
            .map(|i| ColourId(i as u8))
    }

    /// The same piece lying along `facing` (upright for `None`); `None` when its kind may not
    /// point that way.
    pub fn face(&self, p: Piece, facing: Option<crate::board::DirId>) -> Option<Piece> {
        let i = self.info(p);
        let Some(d) = facing else {
            return Some(self.upright(p));
        };
        let k = &self.kinds[i.kind.index()];
        let at = k.facings.iter().position(|f| *f == d)?;
        let base = self.info(self.upright(p)).faced as usize;
        u8::try_from(base + at).ok().map(Piece)
    }

    /// The same piece with another kind and owner, keeping its colour when the new kind
    /// comes in it (its first colour otherwise) and its facing when the new kind may point
    /// that way (upright otherwise): promotions and conversions.
    pub fn recast(&self, p: Piece, kind: KindId, owner: Option<PlayerId>) -> Piece {
        let i = self.info(p);
        let new = self
            .tinted(kind, owner, i.colour)
            .unwrap_or_else(|| self.piece(kind, owner));
        match i.facing {
            None => new,
            facing => self.face(new, facing).unwrap_or(new),
        }
    }

    /// Facts about a piece.
    #[inline]
    pub fn info(&self, p: Piece) -> PieceInfo {
        self.pieces[p.index()]
    }

    /// Words in a bitset over the board's cells.
    #[inline]
    pub fn cell_words(&self) -> usize {
        self.all_cells.words().len()
    }

    /// Which of the owners' bitsets ([`State::owned_cells`]) a piece counts in: its seat's,
    /// or after every seat's the neutral pieces'.
    #[inline]
    pub fn owner_slot(&self, p: Piece) -> usize {
        self.pieces[p.index()]
            .owner
            .map_or(self.player_count(), PlayerId::index)
    }

    /// Which of the kinds' bitsets ([`State::kind_cells`]) a piece counts in: after the
    /// owners' ([`Tables::owner_slot`]), one per kind.
    /// (Kept only with [`Tables::kind_sets`].)
    #[inline]
    pub fn kind_slot(&self, p: Piece) -> usize {
        self.kind_set(self.pieces[p.index()].kind)
    }

    /// Which bitset ([`State::kind_cells`]) holds the cells topped by kind `k`.
    #[inline]
    pub fn kind_set(&self, k: KindId) -> usize {
        self.player_count() + 1 + k.index()
    }

    /// How many bitsets over the cells a state keeps of its tops: one per owner (the
    /// seats', then the neutral pieces'), then one per kind.
    pub fn top_sets(&self) -> usize {
        self.player_count() + 1 + self.kinds.len()
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

    /// A kind by its key or its text: a letter or a name, with `~` for a promoted form
    /// (`Q`, `Q~`, `Cannon`), a name also in the angle brackets text writes it in (`<Cannon>`).
    pub fn kind_text(&self, text: &str) -> Option<KindId> {
        let (sym, promoted) = match text.strip_suffix('~') {
            Some(sym) => (sym, true),
            None => (text, false),
        };
        let sym = sym
            .strip_prefix('<')
            .and_then(|x| x.strip_suffix('>'))
            .unwrap_or(sym);
        self.kinds
            .iter()
            .position(|k| k.symbol == sym && k.promoted == promoted)
            .map(|i| KindId(i as u8))
    }

    /// How text writes a kind: its letter (`Q`), or its name in angle brackets (`<Cannon>`),
    /// then `~` for a promoted form. One letter alone keeps positions short; the brackets
    /// keep a name apart from the owner letter of the next piece in a row (`b<Cannon>rP`).
    pub fn kind_name(&self, k: KindId) -> String {
        let info = &self.kinds[k.index()];
        let mut s = if info.symbol.len() == 1 {
            info.symbol.clone()
        } else {
            format!("<{}>", info.symbol)
        };
        if info.promoted {
            s.push('~');
        }
        s
    }

    /// The kinds a script's string names, in order: letters run together (`"SML"`,
    /// `"Q~P"`), names in angle brackets (`"<Cannon>P"`), or words apart (`"Cannon Horse"`).
    /// Errs with the first text that is not a kind.
    pub fn kinds_of(&self, text: &str) -> Result<Vec<KindId>, String> {
        let mut out = Vec::new();
        for word in text.split_whitespace() {
            if let Some(k) = self.kind_text(word) {
                out.push(k);
                continue;
            }
            let mut rest = word;
            while !rest.is_empty() {
                let (one, more) = kind_token(rest);
                out.push(
                    self.kind_text(one)
                        .ok_or_else(|| format!("`{one}` is not a piece kind"))?,
                );
                rest = more;
            }
        }
        Ok(out)
    }

    /// A kind's key in `[pieces]`, as scripts name it (`s.kind(p) == "Cannon"`): its
    /// symbol, and `~` for a promoted form.
    pub fn kind_key(&self, k: KindId) -> String {
        let info = &self.kinds[k.index()];
        if info.promoted {
            format!("{}~", info.symbol)
        } else {
            info.symbol.clone()
        }
    }

    /// The text of a piece: owner letter (if owned), colour letter (if its kind has
    /// colours), then kind symbol, e.g. `aS`, `L`, `rS`, `arS`, then the direction a lying
    /// piece points along in brackets (`aL[ne]`).
    pub fn piece_text(&self, p: Piece) -> String {
        let i = self.info(p);
        let mut s = String::with_capacity(3);
        if let Some(o) = i.owner {
            s.push(self.seats[o.index()].letter);
        }
        if let Some(c) = i.colour {
            s.push(self.colours[c.index()].letter);
        }
        s.push_str(&self.kind_name(i.kind));
        if let Some(d) = i.facing {
            s.push('[');
            s.push_str(self.board.dir_name(d));
            s.push(']');
        }
        s
    }

    /// How a facing is written: `up`, or the direction's name (`ne`).
    pub fn facing_name(&self, f: super::Facing) -> &str {
        match f {
            super::Facing::Up => "up",
            super::Facing::Along(d) => self.board.dir_name(d),
        }
    }

    /// A pattern by name.
    pub fn generator(&self, name: &str) -> Option<usize> {
        self.generators.iter().position(|p| p.name == name)
    }
}

/// The first kind's text at the start of `text` and what follows it: a letter, or a name in
/// angle brackets, then `~` for a promoted form (`Q~e5` -> (`Q~`, `e5`), `<Cannon>c3` ->
/// (`<Cannon>`, `c3`)). Whether it is a kind of the game is `Tables::kind_text`'s to say.
pub fn kind_token(text: &str) -> (&str, &str) {
    let len = if text.starts_with('<') {
        text.find('>').map_or(text.len(), |i| i + 1)
    } else {
        text.chars().next().map_or(0, char::len_utf8)
    };
    let len = len + usize::from(text[len..].starts_with('~'));
    text.split_at(len)
}
