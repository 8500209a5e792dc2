//! The TOML model of a game definition, exactly as written by a game author.
//!
//! These types are the single source of truth for the file format: serde reads them (with
//! unknown keys denied) and schemars turns them into `schema/game.schema.json`. Nothing here is
//! validated beyond its shape; `crate::game::build` lowers it into checked engine tables.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A whole game definition: `games/<id>/game.toml`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameDef {
    /// Names and provenance.
    pub game: Meta,
    /// The seats at the table, in turn order.
    pub players: Players,
    /// Cells and how they connect.
    pub board: BoardDef,
    /// Player-relative direction names (`forward`, `left`, ...), mapped per seat to board
    /// directions.
    #[serde(default)]
    pub directions: BTreeMap<String, BTreeMap<String, String>>,
    /// Named cell sets. A region is either one list of cells, or a table of lists per seat.
    /// An item may be a range: `"1..6"`, `"c1..f1"` along a rank, `"a3..a6"` along a file;
    /// or a pattern, which selects the board's cells: `"a1..h3"` (a rectangle, two corners),
    /// with a filter after a blank: `"a1..h3 dark"` (a1's colour), `"light"`, `"a1..q17 step 2"`
    /// (every second file and rank from the first corner), `"a1..h8 ring"` (the rectangle's
    /// edge), `"a1..h8 ring 2"` (the cells just inside it), `"a1..h8 odd files"` (files a,
    /// c, e, g; also `even files`, `odd ranks`, `even ranks`).
    #[serde(default)]
    pub regions: BTreeMap<String, RegionDef>,
    /// Off-board places that hold pieces: reserves, stashes, bars, trays, captured piles.
    #[serde(default)]
    pub zones: BTreeMap<String, ZoneDef>,
    /// Piece kinds, keyed by their symbol: one upper-case letter (`P`), or a name that begins
    /// with one (`Cannon`), written in angle brackets in positions and moves (`b<Cannon>`);
    /// `~` after it names a promoted form (`Q~`).
    pub pieces: BTreeMap<String, PieceDef>,
    /// How the colours that pieces have apart from their owner (`[pieces.X] colours`) are
    /// written and drawn, by colour name: each is written with its first letter unless a
    /// `letter` is given here (`[colours.black] letter = "k"` beside `blue`).
    #[serde(default)]
    pub colours: BTreeMap<String, ColourDef>,
    /// How many pieces of each kind exist (an Icehouse stash). The set-up may not use more.
    #[serde(default)]
    pub stash: Option<StashDef>,
    /// What stands where before the first move.
    #[serde(default)]
    pub setup: SetupDef,
    /// Native move generators, by name: `[rules] generators` puts them in force, the script
    /// asks for them with `s.gen("name")`. (Written `[moves.NAME]` in earlier versions: still read.)
    #[serde(default, alias = "moves")]
    pub generators: BTreeMap<String, GeneratorDef>,
    /// House-rule switches, read by the script with `s.option("name")`.
    #[serde(default)]
    pub options: BTreeMap<String, OptionDef>,
    /// Courses for race games, per seat, in running order: `course = { White = ["24..1"],
    /// Black = ["1..24"] }` (an item is a cell or a range of cells, either way). Generators of
    /// kind `track` run along them.
    #[serde(default)]
    pub tracks: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    /// Closed loops of lines joined end to start by arcs, shared by every seat (Surakarta's
    /// two circuits): generators of kind `circuit` travel along them.
    #[serde(default)]
    pub circuits: BTreeMap<String, CircuitDef>,
    /// Dice, for games of chance: thrown every turn by the engine (`each_turn`), or by the
    /// script with `s.gen_rolls()`.
    #[serde(default)]
    pub dice: Option<DiceDef>,
    /// Games played for points: the doubling cube and matches.
    #[serde(default)]
    pub stakes: Option<StakesDef>,
    /// Games played in rounds: how many, who wins after the last, and a script function for
    /// what a round's end scores. A round ends when the player to move has no move
    /// (`[rules] no_moves = "end-round"`).
    #[serde(default)]
    pub rounds: Option<RoundsDef>,
    /// Ways the game ends that the engine checks itself after every move: a line of N that
    /// wins or loses, a chain joining two regions, a region reached, a full board, nobody
    /// able to move.
    #[serde(default)]
    pub end: EndDef,
    /// Named conditions on a seat, which rules refer to (`[rules.forbid]`, `[rules.release]`):
    /// each key given must hold.
    #[serde(default)]
    pub conditions: BTreeMap<String, ConditionDef>,
    /// The rule script and the state it keeps.
    pub rules: RulesDef,
}

/// A condition on a seat (`[conditions.NAME]`): true when every key given holds for it.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionDef {
    /// Every cell with one of the seat's pieces on top is in one of these per-seat regions
    /// (the seat's part of each): no loose piece of the seat stands anywhere else.
    #[serde(default)]
    pub only_in: Vec<String>,
    /// Some piece of the seat lies under another seat's top piece (`true`: it is frozen, held
    /// down), or none does (`false`).
    #[serde(default)]
    pub held_down: Option<bool>,
    /// The seat has no move, with the generators in force, from outside its part of this
    /// region into it (a piece already inside, moving along it, does not count).
    #[serde(default)]
    pub cannot_enter: Option<String>,
    /// The seat has at most this many pieces on the board, every piece of every stack
    /// counted (Nine Men's Morris: "if a player has only three tokens left").
    #[serde(default)]
    pub pieces_max: Option<u32>,
}

/// Moves made illegal by the situation they lead to (`[rules.forbid.LABEL]`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForbidDef {
    /// Which moves are judged.
    #[serde(default)]
    pub moves: ForbidMoves,
    /// The condition (`[conditions.NAME]`) that may not hold after the move.
    pub after: String,
    /// For whom it may not hold.
    #[serde(default)]
    pub seats: ForbidSeats,
}

/// The moves a `[rules.forbid]` entry judges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ForbidMoves {
    /// Every move.
    #[default]
    Any,
    /// Moves that end on a piece, holding it down (a freeze, in the Icehouse games).
    OntoPiece,
}

/// Whose situation a `[rules.forbid]` entry looks at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ForbidSeats {
    /// Any seat's, the mover's included.
    #[default]
    Any,
    /// The mover's own.
    Mover,
    /// Every other seat's.
    Others,
}

/// The duty to release a held-down piece (`[rules.release]`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseDef {
    /// While a seat is in this condition (`[conditions.NAME]`), the next seat after it in turn
    /// order that holds one of its pieces down must move one of the pieces doing so, if it
    /// can (Moscow Ice's Stalemate Move Rule).
    pub when: String,
}

/// Ends the engine checks after every move (before the script's `outcome` hook).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EndDef {
    /// The seat that moved wins with a line of its pieces through a cell the move put one of
    /// its pieces on (Connect Four, Gomoku).
    #[serde(default)]
    pub line: Option<LineDef>,
    /// The seat that moved loses with a line of its pieces through a cell the move put one
    /// of its pieces on (Yavalath: three in a row loses). `when_both` says which counts when
    /// the same move also wins.
    #[serde(default)]
    pub losing_line: Option<LosingLineDef>,
    /// The seat that moved wins when its pieces join its two regions (Hex).
    #[serde(default)]
    pub connect: Option<ConnectDef>,
    /// The seat that moved wins when its move puts one of its pieces (of `kinds`) on its part
    /// of a region (Breakthrough: a piece reaching the far row).
    #[serde(default)]
    pub reach: Option<ReachDef>,
    /// The seat that moved wins when its score reaches a target (Pikemen: 12 points of
    /// captured pyramids, with `score = "pips"` on the capturing generator).
    #[serde(default)]
    pub score: Option<ScoreDef>,
    /// The seat that moved wins when its zone holds enough sets, a set being one piece of
    /// each of `kinds` (Volcano: "capture 3 monochrome trios, or 5 mixed-color trios").
    #[serde(default)]
    pub sets: Option<SetsDef>,
    /// No empty cell left: the game ends so.
    #[serde(default)]
    pub full: Option<EndBy>,
    /// Nobody can move: the game ends so. With `rules.no_moves = "pass"` a player with no move
    /// then passes only while another player can move (Reversi).
    #[serde(default)]
    pub stuck: Option<EndBy>,
    /// A seat with none of its pieces in its part of a region when a turn ends loses
    /// (Homeworlds: "you lose if at the end of any turn you have zero ships at your
    /// Homeworld"); when every seat has none at once, a draw.
    #[serde(default)]
    pub home_empty: Option<HomeEmptyDef>,
    /// A seat left with fewer pieces than `below`, on the board and in its instances of
    /// `zones`, loses (Nine Men's Morris: "reducing them to only two tokens"), in any
    /// position the game reaches or is given.
    #[serde(default)]
    pub too_few: Option<TooFewDef>,
    /// A seat wins when every one of its pieces stands in its part of a region, stacked as
    /// `stacks` says (Moscow Ice: rebuilt on the Finish line), or is in its instance of a zone
    /// (every runner home); partners (`[players] teams`) win when all of them have.
    #[serde(default)]
    pub home: Option<HomeDef>,
    /// Dead positions, drawn at once: the pieces on the board, whoever owns them, are exactly
    /// the kinds of one of these lists (chess: `[["K", "K"], ["K", "K", "B"], ["K", "K",
    /// "N"]]`, king against king, or against king and one bishop or knight).
    #[serde(default)]
    pub dead: Vec<Vec<String>>,
    /// Dead positions by the colour of squares, drawn at once (FIDE 5.2.2: no sequence of
    /// legal moves can mate): the board holds only pieces of `with` and of `kinds`, at least
    /// one of `kinds`, and every piece of `kinds` stands on squares of one colour (a grid's
    /// squares alternate, a1 dark). Chess: `{ kinds = ["B"], with = ["K"] }`, bishops all on
    /// one colour, whoever owns them, however many. A grid board only.
    #[serde(default)]
    pub dead_one_colour: Option<DeadColourDef>,
}

/// A home left empty loses (`[end.home_empty]`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HomeEmptyDef {
    /// A per-seat region: each seat's home. Without one, the whole board: a seat with no
    /// piece left on it loses (every enemy piece taken: Jungle, draughts).
    #[serde(default)]
    pub region: Option<String>,
    /// Only in this phase (`[rules] phases`): a set-up phase that builds the homes is spared.
    #[serde(default)]
    pub phase: Option<String>,
    /// What the loss is called (default "no piece left at home", or "no piece left on the
    /// board" without a region).
    #[serde(default)]
    pub why: Option<String>,
}

/// Too few pieces left (`[end.too_few]`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TooFewDef {
    /// A seat with fewer pieces than this loses.
    pub below: u32,
    /// Zones whose pieces count too, each the seat's own instance of a per-seat zone (men
    /// still in hand); the board's always count.
    #[serde(default)]
    pub zones: Vec<String>,
    /// What the loss is called, `{seat}` standing for the seat's name (default "{seat} has
    /// fewer than N pieces left").
    #[serde(default)]
    pub why: Option<String>,
}

/// The pieces of a dead position by colour of square (`[end] dead_one_colour`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeadColourDef {
    /// The kinds that must all stand on squares of one colour.
    pub kinds: Vec<String>,
    /// The other kinds the board may hold (chess: the kings).
    #[serde(default)]
    pub with: Vec<String>,
}

/// Bringing every piece home (`[end.home]`): into a region, or into a zone.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HomeDef {
    /// The per-seat region (each seat's part) the pieces must reach.
    #[serde(default)]
    pub region: Option<String>,
    /// Or the zone (each seat's instance of a per-seat one) they must all be in: borne off,
    /// home.
    #[serde(default)]
    pub zone: Option<String>,
    /// Each cell there holding the seat's pieces holds exactly these kinds, the seat's,
    /// bottom first (`["S", "M", "L"]`); empty (default): any stacks.
    #[serde(default)]
    pub stacks: Vec<String>,
    /// What the win is called in the result ("rebuilt every stack on the Finish line").
    #[serde(default)]
    pub why: Option<String>,
}

/// A winning line.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LineDef {
    /// Pieces in a row needed.
    pub length: u32,
    /// `true`: exactly `length` (an overline does not count, as in Gomoku's free-style rule
    /// variants); `false` (default): at least.
    #[serde(default)]
    pub exact: bool,
    /// The lines' directions; each line runs both ways (`["e", "n", "ne", "se"]`). Empty =
    /// every direction of the board.
    #[serde(default)]
    pub directions: Vec<String>,
    /// Only pieces of these kinds count (empty = any).
    #[serde(default)]
    pub kinds: Vec<String>,
    /// Every seat's lines through the cells the move changed count, not only the mover's:
    /// a move that gives another seat a line (a twist turning its pieces into one) wins
    /// for that seat, and one that gives several seats lines at once is a draw (Pentago).
    #[serde(default)]
    pub every_seat: bool,
}

/// A losing line (`[end.losing_line]`): the seat that makes it loses.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LosingLineDef {
    /// Pieces in a row that lose.
    pub length: u32,
    /// `true`: exactly `length` (a longer line does not lose); `false` (default): at least.
    #[serde(default)]
    pub exact: bool,
    /// The lines' directions; each line runs both ways. Empty = every direction of the
    /// board.
    #[serde(default)]
    pub directions: Vec<String>,
    /// Only pieces of these kinds count (empty = any).
    #[serde(default)]
    pub kinds: Vec<String>,
    /// Which counts when one move both makes this line and wins by another end (`[end]
    /// line`, `connect` or `reach`). The rule text has to say: Yavalath's four in a row wins
    /// even when the same stone makes three.
    #[serde(default)]
    pub when_both: WhenBoth,
}

/// Which counts when one move both wins and makes a losing line (`[end.losing_line]
/// when_both`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum WhenBoth {
    /// The win counts (Yavalath).
    #[default]
    Win,
    /// The losing line counts.
    Lose,
}

/// Reaching a region wins (`[end.reach]`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReachDef {
    /// The region (each seat's own part of a per-seat one) a piece must be moved or placed
    /// onto. A piece already standing there (set up there) has not reached it.
    pub region: String,
    /// Only pieces of these kinds count (empty = any).
    #[serde(default)]
    pub kinds: Vec<String>,
    /// What the win is called in the result (default: "reached REGION").
    #[serde(default)]
    pub why: Option<String>,
    /// Whose pieces count: `own` (default: the mover's, on the mover's part), or `neutral`
    /// (nobody's: a ball on a seat's part of the region wins for that seat, whoever moved
    /// it, as an own goal wins for the opponent).
    #[serde(default)]
    pub pieces: Mover,
}

/// A score that wins (`[end.score]`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreDef {
    /// The score at or past which the seat that moved wins.
    pub target: i64,
    /// What the win is called in the result (default: "reached N points").
    #[serde(default)]
    pub why: Option<String>,
}

/// Collecting sets (`[end.sets]`): the seat that moved wins when its instance of `zone` holds
/// `same_colour` sets each of one colour, or `any` sets of whatever colours. Pieces count
/// whoever owns them; a piece counts in one set only.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetsDef {
    /// The per-seat zone whose pieces count (`captured`).
    pub zone: String,
    /// A set: one piece of each of these kinds (`["S", "M", "L"]`, a trio).
    pub kinds: Vec<String>,
    /// This many sets, each all of one colour (`[pieces.X] colours`), win: monochrome trios.
    #[serde(default)]
    pub same_colour: Option<u32>,
    /// This many sets, of any colours, win.
    #[serde(default)]
    pub any: Option<u32>,
    /// What the win is called in the result (default: "collected N sets").
    #[serde(default)]
    pub why: Option<String>,
}

/// A winning connection.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConnectDef {
    /// Two per-seat regions (each seat's own sides) that a chain of the seat's pieces must
    /// join, neighbour to neighbour over the board's links.
    pub between: [String; 2],
}

/// How a game that ends so is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum EndBy {
    /// Nobody wins.
    Draw,
    /// The seat (team) with the most pieces on the board wins.
    MostPieces,
    /// The seat (team) with the fewest pieces on the board wins.
    FewestPieces,
    /// The highest score wins.
    HighestScore,
    /// The lowest score wins.
    LowestScore,
}

/// The dice of a game of chance.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiceDef {
    /// Dice per throw (1 to 15).
    pub count: u8,
    /// Sides of each die (2 to 15; default 6).
    #[serde(default = "six")]
    pub sides: u8,
    /// The engine runs the turn: the player to move throws the dice at the start of each turn
    /// (a move made by chance), then plays them one die per ply with the generators in force
    /// (`[rules] generators`) until they are used up or none can be used, and the next seat
    /// throws. Without it the script throws (`s.gen_rolls()`) and runs the turn itself.
    #[serde(default)]
    pub each_turn: bool,
    /// How many times over a throw of equal dice is played (backgammon: 2, "he plays the
    /// numbers shown on the dice twice", so four moves). Default 1. With `each_turn`.
    #[serde(default = "once")]
    pub doubles: u8,
    /// Which dice a player must use, with `each_turn`.
    #[serde(default)]
    pub must_use: MustUse,
    /// After the throw the player keeps this many of the dice and plays those (IceGammon:
    /// 2 of 3), a move written `use 3 5`. With `each_turn`.
    #[serde(default)]
    pub choose: Option<u8>,
    /// What happens when the dice left cannot be used, with `each_turn`.
    #[serde(default)]
    pub unusable: Unusable,
    /// How the first turn of a game is decided, with `each_turn`.
    #[serde(default)]
    pub opening: Opening,
}

fn six() -> u8 {
    6
}

fn once() -> u8 {
    1
}

/// Which dice of a throw must be used (`[dice] must_use`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum MustUse {
    /// Any die that can be used may be; the player may be left with dice they could have
    /// used in another order.
    #[default]
    Any,
    /// Only moves after which the most dice can be used in all.
    Most,
    /// As `most`, and when only one die can be used it must be the larger if that one can
    /// (backgammon: "if either number can be played but not both, the player must play the
    /// larger one").
    MostThenLarger,
}

/// What happens when none of the dice left can be used (`[dice] unusable`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Unusable {
    /// The player loses the rest of the turn: a `pass` that gives up the dice.
    #[default]
    Pass,
    /// The player loses the game (IceGammon), worth one point times the cube (`[stakes]`).
    Lose,
}

/// How the first turn of a game is decided (`[dice] opening`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Opening {
    /// The first seat (`[setup] first`) throws and moves.
    #[default]
    None,
    /// Each player throws one die, the first seat first; the higher throw moves first,
    /// playing the two dice as thrown; equal throws are thrown again (backgammon). Needs two
    /// seats and two dice. The vars `opening` (0, 1 while the second die waits, 2 after)
    /// and `first_die` keep it.
    OneEach,
}

/// What a game is worth, in games played for points (`[stakes]`): the doubling cube and
/// matches to a number of points.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StakesDef {
    /// The doubling cube: at the start of their turn, before throwing (`[dice] each_turn`),
    /// a player who holds the cube, or anybody while nobody does, may say `double`; the
    /// opponent says `take` (the game goes on at twice the stakes and the cube is theirs) or
    /// `drop` (and loses the game at the stakes before the double). Not doubling is `roll`.
    /// Two seats. The vars `cube` (the stakes, from 1), `owner` (who may double next, -1:
    /// either), `offered` and `rolling` (the throw comes next) keep it.
    #[serde(default)]
    pub cube: bool,
    /// The cube's highest value (default 64).
    #[serde(default = "cube_limit")]
    pub cube_limit: i64,
    /// A match to this many points (default 1: a single game). A game won
    /// (`s.game_won(p, points, why)`) is worth its points times the cube to the winner's
    /// score; the next game starts from the set-up until a score reaches the target.
    #[serde(default = "one_point", rename = "match")]
    pub match_to: i64,
    /// The Crawford rule: no doubling in the game right after a player first comes within
    /// one point of the match. The var `crawford` (1 during that game, 2 after it) keeps it.
    #[serde(default)]
    pub crawford: bool,
}

fn cube_limit() -> i64 {
    64
}

fn one_point() -> i64 {
    1
}

/// A game of several rounds (`[rounds]`). A round ends when the player to move has no move
/// (`[rules] no_moves = "end-round"`): `at_end` runs, then the next round starts from the
/// set-up (pieces, first phase, every var at its starting value; the scores stay) with the
/// next seat first (round 1 the first seat, round 2 the second...), or after the last round
/// the game ends by score.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundsDef {
    /// Rounds in the game (default 1, at most 1000). An option may set it:
    /// `[options.rounds] key = "rounds.count"`.
    #[serde(default = "one_round")]
    pub count: i64,
    /// Who wins after the last round: `"high"`, the higher total (default), or `"low"`, the
    /// lower; equal totals share a place.
    #[serde(default)]
    pub winner: Winner,
    /// A script function `fn NAME(s)` run as each round ends, before the next starts: to
    /// score what the round's end scores, or to end the game itself (`s.win`, ...). An
    /// option can name it only when on: `when_on = { rounds = { at_end = "NAME" } }`.
    #[serde(default)]
    pub at_end: Option<String>,
}

fn one_round() -> i64 {
    1
}

/// Who wins a game decided by score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Winner {
    /// The higher total.
    #[default]
    High,
    /// The lower total.
    Low,
}

/// Names and provenance of a game.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// Short id used on the command line (`icebox play <id>`): lower case, digits and `-`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Who designed the game.
    #[serde(default)]
    pub authors: Vec<String>,
    /// Year first published.
    #[serde(default)]
    pub year: Option<i64>,
    /// Where the rules come from (a title, a URL, a book).
    #[serde(default)]
    pub source: Option<String>,
    /// One paragraph on what the game is about.
    #[serde(default)]
    pub summary: Option<String>,
    /// The longest a game may run, in plies (moves, passes included). Reaching it ends the game
    /// in a draw; the conformance test checks every game stays within it.
    #[serde(default = "default_max_plies")]
    pub max_plies: u32,
}

fn default_max_plies() -> u32 {
    1000
}

/// The seats at the table.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// The seats in turn order. The player count of a definition is the number of seats; other
    /// counts are variants (see `variants/`).
    pub seats: Vec<SeatDef>,
    /// Teams of seats that share a result (partners). Seats not listed play alone.
    #[serde(default)]
    pub teams: Vec<Vec<String>>,
}

/// One seat.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatDef {
    /// Seat name, e.g. `A` or `White`. Its first letter, lower-cased, marks the seat's pieces in
    /// positions (`aS` = a small of seat A) unless `letter` says otherwise.
    pub name: String,
    /// The letter that marks this seat's pieces in position text (a lower-case letter).
    #[serde(default)]
    pub letter: Option<String>,
    /// Colours of this seat's pieces, by colour slot (most games use one).
    #[serde(default)]
    pub colours: Vec<String>,
    /// The compass direction this seat plays towards (`n` for chess's White). It names the
    /// seat's relative directions `forward`, `backward`, `left`, `right`, `forward_left`,
    /// `forward_right`, `backward_left` and `backward_right` (left and right as the player
    /// sees them, facing the opponent) and, on a grid facing along a file or rank, the regions
    /// `far_row` and `home_row`. Given for one seat, it is needed for all; a
    /// `[directions.X]` or `[regions.X]` of the same name takes precedence.
    #[serde(default)]
    pub forward: Option<String>,
}

/// The board: a generated grid, a generated numbered track, or an explicit list of cells and
/// links.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardDef {
    /// A rectangular grid, files `a..`, ranks `1..`, with the eight compass directions.
    #[serde(default)]
    pub grid: Option<GridDef>,
    /// A track of numbered cells `1` to `count` (a backgammon board, a race track), linked
    /// in order.
    #[serde(default)]
    pub numbered: Option<NumberedDef>,
    /// A star map (Homeworlds): each seat's home system and a pool of systems that appear
    /// when a piece discovers them and vanish when they empty. Links follow a rule over the
    /// pieces standing in each system, not the board.
    #[serde(default)]
    pub systems: Option<SystemsDef>,
    /// Explicit cells (for hexagonal, track or any other boards).
    #[serde(default)]
    pub cells: Vec<CellDef>,
    /// Explicit links between cells, each labelled by a direction. The board may be in
    /// separate parts that no link joins (islands, several small boards): nothing moves
    /// between them.
    #[serde(default)]
    pub links: Vec<LinkDef>,
    /// Row order for position text and drawing: lists of cell names, top row first. Grids make
    /// their own rows; explicit boards default to one row in listing order.
    #[serde(default)]
    pub rows: Vec<Vec<String>>,
    /// A file under the game's `boards/` folder holding `cells`, `links` and `rows` (a large
    /// board kept apart, shared by several variants). Keys written here as well win.
    #[serde(default)]
    pub file: Option<String>,
}

/// A star map (`[board.systems]`): cells made of the pieces on them. A system's stars are
/// its unowned pieces and its ships the owned ones; a cell holding no star is no system. A
/// system a move takes a piece from, left with stars and no ship or ships and no star,
/// returns every piece on it to the bank, unowned ("when the last ship leaves the system, the star piece is
/// immediately returned to the Bank"): part of the move, so undo and perft need nothing new.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SystemsDef {
    /// Each seat's home system, in seat order: cells of these names, which are also the
    /// per-seat region `home`. A discovery never makes a home.
    pub homes: Vec<String>,
    /// How many other systems may be on the map at once: cells `s1` to `sN`. Each system
    /// needs a star and a ship, so the pieces can make at most half their number of systems;
    /// a smaller pool is refused with the number to write.
    pub count: u32,
    /// When two systems are linked (a `fly` with `linked = true` goes only between linked
    /// systems).
    #[serde(default)]
    pub link: SystemLink,
    /// The zone (shared) that discoveries take their star from and a vanishing system's
    /// pieces return to.
    pub bank: String,
}

/// When two systems of a star map are linked (`[board.systems] link`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum SystemLink {
    /// Their stars have no size in common (Homeworlds' wormholes: "systems are not connected
    /// if both contain a star of the same size").
    #[default]
    SizesDiffer,
}

/// A generated rectangular grid.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridDef {
    /// Number of files (columns), named `a`, `b`, ...
    pub files: u32,
    /// Number of ranks (rows), named `1`, `2`, ... from the bottom.
    pub ranks: u32,
    /// Cells cut out of the grid; an item may be a range (`"a1..a3"`) or a pattern, as in
    /// `[regions]`: a rectangle (`"a1..b2"`), `"a1..q17 step 2"` (a dots-and-boxes board's dots).
    #[serde(default)]
    pub removed: Vec<String>,
    /// Only the squares of one colour: `dark` (a1's colour, as on a chess or draughts
    /// board: files and ranks adding up to an even number, a1 = 0 + 0) or `light`. The
    /// diagonal directions then join the squares that are left.
    #[serde(default)]
    pub only: Option<SquareColour>,
    /// The compass directions the grid links (default: all eight). Four give orthogonal
    /// links only (`["n", "e", "s", "w"]`, a Go board); six make a rhombus of hexagons, each
    /// cell with six neighbours (`["n", "ne", "e", "s", "sw", "w"]`, a Hex board, drawn with
    /// each row shifted half a cell).
    #[serde(default)]
    pub directions: Vec<String>,
    /// The points the diagonal links run through, on a board of points joined by lines
    /// (alquerque, the fox-and-geese cross): `dark` (a1's colour: files and ranks adding up
    /// to an even number, counted from a1 = 0 + 0), `light`, or a list of cells (ranges and
    /// patterns allowed: `"a1..e1"`, `"b2..d4 dark"`). A diagonal link joins two such points; the orthogonal links
    /// join every neighbour. The board is drawn as points and lines. Default: every point.
    #[serde(default)]
    pub diagonals: Option<DiagonalsDef>,
    /// A grid of grids: the grid cut into blocks of `files` x `ranks` cells, side by side
    /// (nine-board tic-tac-toe: a 9x9 grid of 3x3 blocks). No link crosses a block's edge,
    /// so lines, rays and connections stay inside one block; each block is a region named
    /// `block_` and its place among the blocks as a cell of the grid they make
    /// (`block_a1` bottom left, `block_c3` top right), and a generator may be kept to the
    /// block the last move chose (`in_block`).
    #[serde(default)]
    pub blocks: Option<BlocksDef>,
    /// The lines between the grid's points as cells of their own (a board of dots and lines:
    /// dots and boxes, paper soccer): `orthogonal` (a line between each two points side by
    /// side) or `all` (the diagonals too, two crossing in each box). Each line is a cell
    /// named by its two points, lower first (`a1.b1`, `e7.f8`, `f7.e8`), in the region
    /// `lines`; the points are the region `dots`. No link leads onto a line: pieces stand on
    /// the points, and a move may draw the line it travels along (`draws`).
    #[serde(default)]
    pub lines: Option<GridLines>,
    /// The boxes between four points as cells of their own (dots and boxes), each named
    /// after its bottom left point (`box_a1`), in the region `boxes`. Needs `lines`. A line
    /// borders one or two boxes; a move that draws a box's last line completes it
    /// (`again = "completes"`, `completes`).
    #[serde(default)]
    pub boxes: bool,
}

/// Which lines of a grid are cells (`[board] grid.lines`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum GridLines {
    /// The lines between points side by side (dots and boxes).
    Orthogonal,
    /// Those and the diagonals of each box (paper soccer).
    All,
}

/// The size of a grid's blocks (`[board] grid.blocks`).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BlocksDef {
    /// Files in a block; the grid's files must be a multiple.
    pub files: u32,
    /// Ranks in a block; the grid's ranks must be a multiple.
    pub ranks: u32,
}

/// Where the last move landed keeps the next moves near it (`near_last`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NearLastDef {
    /// On the last landing's `file`, its `rank`, or either (`file-or-rank`).
    #[serde(default)]
    pub line: Option<NearLine>,
    /// At most this many steps from the last landing (the larger of the files and the ranks
    /// apart; 1: a neighbouring cell).
    #[serde(default)]
    pub within: Option<u32>,
}

/// The line through the last landing that keeps the next moves (`near_last.line`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum NearLine {
    /// The same file.
    File,
    /// The same rank.
    Rank,
    /// The same file or the same rank.
    FileOrRank,
}

/// A region chosen by a var (`in_region`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InRegionDef {
    /// The var (`[rules] vars`) that names the region: `k` for `regions[k - 1]`.
    pub var: String,
    /// The regions it names, in order (a per-seat region: the mover's part).
    pub regions: Vec<String>,
}

/// When a move gives its mover the next ply too (`again`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Again {
    /// The move's end point already had a drawn line (paper soccer's bounce).
    Touched,
    /// The move completed a box (dots and boxes).
    Completes,
}

/// Which block of a grid of grids a generator is kept to (`in_block`), chosen by the last
/// move's landing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum InBlock {
    /// The block whose place among the blocks is the place the last move's cell has within
    /// its own block (nine-board tic-tac-toe: a mark in the top right corner of a small
    /// board sends the opponent to the top right board).
    Sent,
    /// The block of the last move's cell.
    Same,
}

/// Where a grid's diagonal links run (`[board] grid.diagonals`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum DiagonalsDef {
    /// Through the points of one colour (every other point).
    Colour(SquareColour),
    /// Through the listed points.
    Cells(Vec<String>),
}

/// Read by hand rather than derived: an untagged enum's error ("data did not match any
/// variant") would not say what to write.
impl<'de> Deserialize<'de> for DiagonalsDef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = DiagonalsDef;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("`dark`, `light` or a list of cells")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<DiagonalsDef, E> {
                match v {
                    "dark" => Ok(DiagonalsDef::Colour(SquareColour::Dark)),
                    "light" => Ok(DiagonalsDef::Colour(SquareColour::Light)),
                    _ => Err(E::custom(format!(
                        "`{v}` is not where diagonals run: write `dark` (through a1 and every other point), `light`, or a list of cells"
                    ))),
                }
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<DiagonalsDef, A::Error> {
                let mut cells = Vec::new();
                while let Some(c) = seq.next_element::<String>()? {
                    cells.push(c);
                }
                Ok(DiagonalsDef::Cells(cells))
            }
        }
        d.deserialize_any(Visit)
    }
}

/// A generated track of numbered cells: `1` to `count`, each linked to the next by `next`
/// and back by `previous`, drawn in rows that the numbering snakes through (boustrophedon).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NumberedDef {
    /// How many cells, named `1` to `count` (at most 20000).
    pub count: u32,
    /// Rows the cells are drawn in, an equal number each (default 1). Cell 1 is in the
    /// `start` corner; each row runs back the other way from where the last one ended, so
    /// with two rows the cells go round like a backgammon board's points. Rows are drawn
    /// three cells apart, leaving room for the stacks.
    #[serde(default = "one_row")]
    pub rows: u32,
    /// The corner of the drawing that cell 1 is in.
    #[serde(default)]
    pub start: Corner,
    /// A gap in the drawing after every this many cells of a row (backgammon's bar: 6);
    /// 0 (default) for none.
    #[serde(default)]
    pub gap_every: u32,
}

fn one_row() -> u32 {
    1
}

/// A corner of a board's drawing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Corner {
    /// Bottom right (a backgammon board's point 1, seen by White).
    #[default]
    BottomRight,
    /// Bottom left (snakes and ladders' square 1).
    BottomLeft,
    /// Top left (a senet board's first square).
    TopLeft,
    /// Top right.
    TopRight,
}

/// The squares of one colour of a chequered grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum SquareColour {
    /// a1's colour: the squares whose file and rank numbers (from 0) add up to an even number.
    Dark,
    /// The others.
    Light,
}

/// One explicitly listed cell.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CellDef {
    /// Cell name as used in moves and positions (letters, digits, `_`).
    pub name: String,
    /// Drawing position, left to right.
    #[serde(default)]
    pub x: i64,
    /// Drawing position, bottom to top.
    #[serde(default)]
    pub y: i64,
}

/// A directed link `from -> to` labelled `dir`; `back` names the reverse link if there is one.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkDef {
    /// Start cell.
    pub from: String,
    /// End cell.
    pub to: String,
    /// Direction label of the link.
    pub dir: String,
    /// Direction label of the reverse link `to -> from`, if it exists.
    #[serde(default)]
    pub back: Option<String>,
}

/// A region: one set of cells, or one per seat.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum RegionDef {
    /// The same cells for everybody.
    Shared(Vec<String>),
    /// A cell list per seat name.
    PerSeat(BTreeMap<String, Vec<String>>),
}

/// An off-board zone.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZoneDef {
    /// `shared`: one zone for the table; `seat`: one per seat (written `name.Seat`).
    #[serde(default)]
    pub per: ZonePer,
    /// What the zone is for, shown in `icebox show`.
    #[serde(default)]
    pub description: Option<String>,
}

/// Whether a zone exists once or once per seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum ZonePer {
    /// One zone for everybody.
    #[default]
    Shared,
    /// One zone per seat.
    Seat,
}

/// A piece kind.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    /// Display name (`small`, `pawn`).
    pub name: String,
    /// Size in pips (Icehouse: 1, 2, 3). Used for stacking and range rules and scores.
    #[serde(default = "one")]
    pub size: i64,
    /// A role the script can test (`king`, `pawn`...). Defaults to the name.
    #[serde(default)]
    pub role: Option<String>,
    /// Which of the owner's colours this kind uses (0 = first).
    #[serde(default)]
    pub colour: usize,
    /// Colour for pieces with no owner.
    #[serde(default)]
    pub neutral_colour: Option<String>,
    /// The kind this piece becomes when a capture hands it to the captor
    /// (`capture_owner = "mover"`): a promoted piece reverts to a pawn (`"P"`).
    #[serde(default)]
    pub captured_as: Option<String>,
    /// How a piece of this kind may stand on the board: `up` (upright), board directions it
    /// may lie pointing along (`n`, `ne`...), or `all` for every direction of the board
    /// (Pikemen: `["up", "all"]`). Empty (default): it only stands. A lying piece is written
    /// with its direction in brackets (`aL[ne]`); off the board every piece stands.
    #[serde(default)]
    pub facings: Vec<String>,
    /// The colours a piece of this kind comes in, apart from who owns it (Looney Pyramids:
    /// `["red", "yellow", "green", "blue"]`): every piece of the kind has one of them, written
    /// as a lower-case letter before the kind (`rS` a red small, `arS` seat `a`'s red small).
    /// Empty (default): the kind has no colour of its own.
    #[serde(default)]
    pub colours: Vec<String>,
    /// Whether pieces may be put on top of a piece of this kind (default `true`). `false`:
    /// no move, placement or flow stacks anything on it (Volcano's caps: "nothing can ever
    /// be placed on top of a cap"); capturing it is still possible.
    #[serde(default = "yes")]
    pub stackable: bool,
}

/// How a piece colour is written and drawn (`[colours.NAME]`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ColourDef {
    /// The lower-case letter that writes it (default: the name's first letter).
    #[serde(default)]
    pub letter: Option<String>,
    /// How pictures fill it: a CSS colour (default: the name itself, which suits `red`,
    /// `yellow`, `green`, `blue`, `black`...).
    #[serde(default)]
    pub fill: Option<String>,
}

fn one() -> i64 {
    1
}

/// The pieces that exist, by kind symbol.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StashDef {
    /// Pieces each seat owns, by kind: `{ S = 5, M = 5, L = 5 }`; for a kind with colours,
    /// by kind (every colour together) or by colour and kind (`{ rS = 3, bS = 3 }`).
    #[serde(default)]
    pub seat: BTreeMap<String, u32>,
    /// Pieces nobody owns, by kind (or colour and kind).
    #[serde(default)]
    pub neutral: BTreeMap<String, u32>,
}

/// The starting position.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupDef {
    /// The board row by row, top row first, each written like a rank of FEN in position
    /// notation: `"bRbNbBbQbKbBbNbR"`, `"8"` for eight empty cells, `"(aSaMaL)"` for a stack.
    /// A row lists the cells the board has (a grid's removed cells are left out).
    #[serde(default)]
    pub rows: Vec<String>,
    /// Stacks by cell name, bottom piece first, in position notation: `"aS aM aL"`. Written
    /// with `rows`, these are put on top of them.
    #[serde(default)]
    pub cells: BTreeMap<String, String>,
    /// Zone contents by zone name (`stash`, or `reserve.A` for a per-seat zone), in position
    /// notation with counts: `"5S 5M 5L"`.
    #[serde(default)]
    pub zones: BTreeMap<String, String>,
    /// On a board of dots and lines (`[board] grid.lines`): lines drawn at the start, by the
    /// kind of piece drawn on them, each item a straight run of points (`"a2..a12"`, along a
    /// file, a rank or a diagonal) whose every line from point to point is drawn (paper
    /// soccer's field border: `L = ["a2..a12", "i2..i12", "a2..d2", ...]`).
    #[serde(default)]
    pub lines: BTreeMap<String, Vec<String>>,
    /// The seat that moves first (default: the first seat).
    #[serde(default)]
    pub first: Option<String>,
}

/// Which top pieces a move generator may move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Mover {
    /// The mover's own pieces (and partners' pieces are not included).
    #[default]
    Own,
    /// Pieces with no owner.
    Neutral,
    /// Any piece at all.
    Any,
}

/// A condition on a cell, judged from the mover's side against the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum CellCond {
    /// No piece.
    Empty,
    /// At least one piece.
    Occupied,
    /// Anything.
    Any,
    /// Top piece belongs to the mover.
    Own,
    /// Top piece belongs to the mover or a partner.
    Friend,
    /// Top piece belongs to an opponent.
    Enemy,
    /// Top piece has no owner.
    Neutral,
    /// Top piece is smaller than the moving piece.
    Smaller,
    /// Top piece is not larger than the moving piece.
    NotLarger,
    /// Top piece is larger than the moving piece.
    Larger,
    /// A single opponent's piece, alone on the cell (a backgammon blot). Track generators only.
    LoneEnemy,
    /// Top piece stands upright (or is of a kind with no `facings`).
    Upright,
    /// Top piece lies pointing along a direction (`facings`).
    Lying,
    /// Top piece is the same size as the moving piece (Volcano's capture).
    SameSize,
    /// Top piece has the moving piece's colour (`[pieces.X] colours`).
    SameColour,
    /// Top piece has a colour, and not the moving piece's.
    OtherColour,
}

impl CellCond {
    /// Every condition, in declaration order (a condition's bit is its position here).
    pub const ALL: [CellCond; 16] = [
        CellCond::Empty,
        CellCond::Occupied,
        CellCond::Any,
        CellCond::Own,
        CellCond::Friend,
        CellCond::Enemy,
        CellCond::Neutral,
        CellCond::Smaller,
        CellCond::NotLarger,
        CellCond::Larger,
        CellCond::LoneEnemy,
        CellCond::Upright,
        CellCond::Lying,
        CellCond::SameSize,
        CellCond::SameColour,
        CellCond::OtherColour,
    ];
}

/// The most entries of one condition list that join several conditions (the engine keeps
/// them in a small fixed array, judged after the conditions written alone).
pub const MAX_CONJUNCTIONS: usize = 4;

/// One entry of a condition list: a condition, or several written with spaces that must all
/// hold (`"enemy lying"`: an enemy piece lying down; `"enemy smaller"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CondTerm(pub Vec<CellCond>);

impl Serialize for CondTerm {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let words: Vec<String> = self
            .0
            .iter()
            .filter_map(|c| serde_json::to_value(c).ok())
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        s.serialize_str(&words.join(" "))
    }
}

impl JsonSchema for CondTerm {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "CondTerm".into()
    }

    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let one = g.subschema_for::<CellCond>();
        schemars::json_schema!({
            "description": "A cell condition, or several separated by spaces that must all hold (`enemy lying`).",
            "anyOf": [one, { "type": "string" }]
        })
    }
}

/// One condition, or a list meaning "any of these"; an entry may join several conditions
/// that must all hold (`["empty", "enemy lying", "enemy smaller"]`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Conds {
    /// A single condition.
    One(CondTerm),
    /// Any of several conditions.
    AnyOf(Vec<CondTerm>),
}

impl Conds {
    /// The entries.
    pub fn terms(&self) -> &[CondTerm] {
        match self {
            Conds::One(c) => std::slice::from_ref(c),
            Conds::AnyOf(v) => v,
        }
    }

    /// The conditions written alone (an entry of one condition).
    pub fn alone(&self) -> Vec<CellCond> {
        self.terms()
            .iter()
            .filter(|t| t.0.len() == 1)
            .map(|t| t.0[0])
            .collect()
    }

    /// The entries that join several conditions.
    pub fn conjunctions(&self) -> impl Iterator<Item = &[CellCond]> {
        self.terms()
            .iter()
            .filter(|t| t.0.len() > 1)
            .map(|t| t.0.as_slice())
    }

    /// Whether condition `c` appears anywhere.
    pub fn mentions(&self, c: CellCond) -> bool {
        self.terms().iter().any(|t| t.0.contains(&c))
    }
}

/// A distance: a number, `"size"` (pips of the moving piece), `"stack"` (pips of its whole
/// stack), either with an offset (`"size-1"`), or `"any"` (no limit).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Amount {
    /// A fixed count.
    Fixed(u32),
    /// `size`, `stack`, `size-1`, `stack+1`, `any`.
    Expr(String),
}

/// What a move generator captures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum CaptureMode {
    /// Nothing is captured.
    #[default]
    None,
    /// The pieces on the cells passed over.
    Over,
    /// The piece(s) on the landing cell.
    Land,
}

/// What a capture takes from a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum CaptureTakes {
    /// The whole stack.
    #[default]
    Stack,
    /// Only the top piece.
    Top,
}

/// Whose zone captured pieces go to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ZoneOf {
    /// The player who moved (a captured pile in front of the capturer).
    #[default]
    Mover,
    /// The owner of the captured piece (a bar).
    Owner,
}

/// What a capture adds to the mover's score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ScoreMode {
    /// Nothing.
    #[default]
    None,
    /// The pips of every captured piece.
    Pips,
    /// One point per captured piece.
    Count,
}

/// Whether a capturing leg may be followed by another from the landing cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Chain {
    /// One leg per move.
    #[default]
    None,
    /// Further legs may follow; the mover may stop after any leg.
    Optional,
    /// Further legs must follow while one is possible (draughts).
    Required,
}

/// Kind of native move generator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum GeneratorKind {
    /// Move a top piece along a straight line of a direction.
    #[default]
    Ray,
    /// Put a piece from a zone onto a cell.
    Place,
    /// Jump to the end of a fixed path of directions, ignoring what is in between (a knight).
    Leap,
    /// Run along a `[tracks]` course by one die of the dice left (backgammon): enter from
    /// zones, move on, bear off into a zone.
    Track,
    /// Take a piece off the board into `capture_to` (a mill's removal, written `xd7`): cells
    /// whose top satisfies `land` (default `enemy`).
    Remove,
    /// Move a top piece to any cell satisfying `land` (Nine Men's Morris' flying).
    Fly,
    /// Sow a pit's pieces one by one along a `[tracks]` course (mancala games).
    Sow,
    /// Turn a piece in place: the mover's top piece (of `kinds`, facing one of `when_facing`)
    /// changes how it stands, one move for each facing its kind has other than its own
    /// (`turn_to = "up"`: only standing it up). Written `c3[ne]`, `c3[up]`.
    Turn,
    /// A piece on the board, anywhere in its stack, becomes the mover's where it stands
    /// (Homeworlds' red action): pieces of `pieces` and `kinds` satisfying `land` (judged
    /// against the piece itself: `enemy`), on a cell that also holds a piece satisfying
    /// `beside` (judged with the seized piece as the mover's: `["own larger", "own same-size"]`).
    /// Written `s1=sbL`.
    Seize,
    /// A piece on the board, anywhere in its stack, exchanged for a piece of `zone` that
    /// satisfies `land` (judged with the board piece as the mover's: `same-size
    /// other-colour`), which takes its owner (Homeworlds' blue action). Written `s1=gL+bL`.
    Exchange,
    /// Castling: an unmoved piece of `kinds` moves `steps` cells along a direction toward an
    /// unmoved `partner` (the first piece met that way, every cell between empty), and the
    /// partner lands on the cell it crossed last. Pieces are unmoved until they first leave
    /// or are taken from their set-up cell (in positions: `moved=h1` lists set-up pieces that
    /// moved and came back).
    Castle,
    /// Turn or reflect a block of cells as one (Pentago's twist): every piece of the block
    /// moves to its image, pointing pieces turned with it. A move for each of `blocks` and
    /// each of `transforms`, written `ne[cw]` (the block's region, the transform); made
    /// whatever the block holds, an empty block too.
    Transform,
    /// Travel along `[circuits]` (Surakarta's capture): a top piece on a circuit goes either
    /// way along it over empty cells (its own start counting as empty) to the first occupied
    /// cell, which must satisfy `land`, after passing at least `arcs` arcs. Several routes
    /// to one cell are one move, written `b2:e5`.
    Circuit,
    /// Draw a line on a board of dots and lines (dots and boxes): any line not yet drawn (of
    /// `region`, default every line) gets a piece of kind `draws`, nobody's. Written
    /// `L@a1.b1`, or the line alone, `a1.b1`. With `completes`, each box whose last line it
    /// draws gets the mover's piece of that kind and a point of score.
    Draw,
}

/// A circuit (`[circuits.NAME]`): straight lines of cells, each joined to the next, and the
/// last to the first, by an arc round the board's edge.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CircuitDef {
    /// The lines in travelling order, each a range of neighbouring cells (`"b1..b6"`); an
    /// arc leads from each line's last cell to the next line's first (Surakarta's inner
    /// circuit: `["b1..b6", "a5..f5", "e6..e1", "f2..a2"]`). A cell where two lines cross is
    /// on the circuit twice.
    pub lines: Vec<String>,
}

/// How a block of cells is turned or reflected (`transforms` of a `transform` generator),
/// as drawn with the first file on the left and the first rank at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum TransformWord {
    /// A quarter turn clockwise (a square block).
    Cw,
    /// A quarter turn anticlockwise (a square block).
    Ccw,
    /// A half turn.
    Half,
    /// Files reversed: the block mirrored left to right.
    FlipFiles,
    /// Ranks reversed: the block mirrored top to bottom.
    FlipRanks,
    /// Reflected in its diagonal from the bottom left corner to the top right (a square
    /// block).
    FlipDiagonal,
    /// Reflected in its diagonal from the top left corner to the bottom right (a square
    /// block).
    FlipAntidiagonal,
}

impl TransformWord {
    /// How the transform is written in a move, in brackets after the block (`ne[cw]`).
    pub fn name(self) -> &'static str {
        match self {
            TransformWord::Cw => "cw",
            TransformWord::Ccw => "ccw",
            TransformWord::Half => "half",
            TransformWord::FlipFiles => "flip_files",
            TransformWord::FlipRanks => "flip_ranks",
            TransformWord::FlipDiagonal => "flip_diagonal",
            TransformWord::FlipAntidiagonal => "flip_antidiagonal",
        }
    }
}

/// A native move generator: "all moves of this shape", computed in Rust, asked for by name
/// from the script with `s.gen("name")`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GeneratorDef {
    /// Which kind of generator: how its moves are made (see the values of GeneratorKind).
    #[serde(default)]
    pub kind: GeneratorKind,
    /// Whose pieces move (`own`, `neutral`, `any`).
    #[serde(default)]
    pub pieces: Mover,
    /// Only these piece kinds (symbols) move; empty = all.
    #[serde(default)]
    pub kinds: Vec<String>,
    /// Only from (ray) or onto (place) cells of this region.
    #[serde(default)]
    pub region: Option<String>,
    /// Directions, absolute (`n`) or player-relative (`forward`); empty = every direction.
    #[serde(default)]
    pub directions: Vec<String>,
    /// Fewest cells passed over before the landing cell (0 = a step).
    #[serde(default)]
    pub over_min: Option<Amount>,
    /// Most cells passed over before the landing cell.
    #[serde(default)]
    pub over_max: Option<Amount>,
    /// What every cell passed over must satisfy.
    #[serde(default)]
    pub over: Option<Conds>,
    /// Fewest occupied cells among those passed over.
    #[serde(default)]
    pub over_occupied_min: u32,
    /// Most occupied cells among those passed over.
    #[serde(default)]
    pub over_occupied_max: Option<u32>,
    /// A region every cell passed over must lie in (the mover's part, if per seat): Jungle's
    /// lion leaping the river passes over water only, so it lands on the first square past
    /// it.
    #[serde(default)]
    pub over_region: Option<String>,
    /// What the landing cell must satisfy.
    #[serde(default)]
    pub land: Option<Conds>,
    /// For `place`: the zone the piece comes from (a per-seat zone means the mover's).
    #[serde(default)]
    pub zone: Option<String>,
    /// What is captured.
    #[serde(default)]
    pub capture: CaptureMode,
    /// Whole stack or only the top piece.
    #[serde(default)]
    pub takes: CaptureTakes,
    /// Only cells whose top piece satisfies this are captured (default: any piece). Lets a
    /// move land on a friendly stack without taking it, yet take an enemy one.
    #[serde(default)]
    pub capture_if: Option<Conds>,
    /// Zone that receives captured pieces. Default: `captured`, one per seat (the capturer's,
    /// unless `capture_zone_of` says the owner's), made when the game does not declare it.
    #[serde(default)]
    pub capture_to: Option<String>,
    /// For a per-seat `capture_to` zone: the mover's or the owner's.
    #[serde(default)]
    pub capture_zone_of: ZoneOf,
    /// What captures score for the mover.
    #[serde(default)]
    pub score: ScoreMode,
    /// Multi-leg moves.
    #[serde(default)]
    pub chain: Chain,
    /// For `leap`: the paths, each a list of directions (`["n", "n", "e"]` is one knight leap).
    #[serde(default)]
    pub leaps: Vec<Vec<String>>,
    /// A leg landing on a cell that satisfies this ends the move: no further legs (Moscow Ice
    /// variant (ii): landing on an opponent during a jump ends the turn).
    #[serde(default)]
    pub chain_stop: Option<Conds>,
    /// A per-seat region that headings are measured against: a step toward it is `closer`,
    /// along it `level`, away `farther`, by board distance (breadth-first over every link).
    /// Races use it instead of direction names where "forward" bends with the board.
    #[serde(default)]
    pub toward: Option<String>,
    /// A per-seat region headings also measure from: progress is then (distance to `toward`)
    /// minus (distance to `away_from`), which keeps "forward" straight on boards where the
    /// shortest way to the goal bends (Moscow Ice's hexagonal board).
    #[serde(default)]
    pub away_from: Option<String>,
    /// How every leg must head relative to `toward` (empty = any heading).
    #[serde(default)]
    pub legs: Vec<Heading>,
    /// A move with a leg that breaks `legs` is still allowed when the whole move, start to
    /// end, heads one of these ways (Moscow Ice variant (iii): backward jumps that end further
    /// forward). Empty = no exception.
    #[serde(default)]
    pub unless_net: Vec<Heading>,
    /// Extra rules for landings inside regions (finish-line order, no stopping in the
    /// opponent's lines, a row that ends a chain...), by a label of your choice. Every rule
    /// whose region holds the landing cell applies. Labelled rather than listed so a variant
    /// or an option can change one rule by name.
    #[serde(default)]
    pub land_rules: BTreeMap<String, LandRule>,
    /// Start from the settings of another generator: every key not written here is taken
    /// from it (tables such as `land_rules` merge key by key).
    #[serde(default)]
    pub like: Option<String>,
    /// Only stacks whose bottom piece is of these kinds move (a king tree: a king at the
    /// bottom); empty = any.
    #[serde(default)]
    pub base_kinds: Vec<String>,
    /// `top` (default): the top piece moves and leaves the rest; `stack`: the whole stack
    /// moves as one.
    #[serde(default)]
    pub carry: Carry,
    /// Promotion when a move ends in a region.
    #[serde(default)]
    pub promote: Option<PromoteDef>,
    /// A capturing chain may land again on a cell it already visited, its start included
    /// (a draughts king's round trip); captured pieces are still never jumped twice.
    #[serde(default)]
    pub revisit: bool,
    /// For `track`: the course (a `[tracks]` name) pieces run along.
    #[serde(default)]
    pub track: Option<String>,
    /// For `track`: zones (the mover's) whose pieces enter the course, a die of n putting one
    /// on its n-th cell.
    #[serde(default)]
    pub enter_from: Vec<String>,
    /// For `track`: zones whose pieces must all enter before any other piece moves (a bar).
    #[serde(default)]
    pub enter_first: Vec<String>,
    /// For `track`: leaving the course past its end (bearing off).
    #[serde(default)]
    pub bear_off: Option<BearOffDef>,
    /// For `track`: a piece that runs past the end may go on from the start of its course
    /// instead of leaving (IceGammon's re-entering).
    #[serde(default)]
    pub wrap: bool,
    /// For `track`: cells hold layers (IceGammon's pinning). A piece may land where the top
    /// layer is worth no more than it (its pips against the layer's total); on its own layer
    /// it lies beside it (`13/10`) or pins it (`13/10^`), on an opponent's it captures the
    /// layer (`13:10`) or pins it. The top layer's pieces move, each on its own, and so does a
    /// piece whose layer above is worth less than it (a pin needs as much or more). Moves
    /// name their piece after `=` (`13/10=L`), which may be left out when it is clear.
    #[serde(default)]
    pub layers: bool,
    /// `mover`: a captured piece changes hands, becoming the captor's (into the captor's
    /// instance of `capture_to`, a hand): the pieces a game drops back. `keep` (default): it
    /// stays its owner's.
    #[serde(default)]
    pub capture_owner: NewOwner,
    /// Pieces the move turns to the mover's side in place (Reversi's enclosed lines, Ataxx's
    /// neighbours).
    #[serde(default)]
    pub convert: Option<ConvertDef>,
    /// For `place`: only next to a piece satisfying `pieces` (default the mover's own), within
    /// `within` steps along `directions` (a connection game's "touching" rule).
    #[serde(default)]
    pub near: Option<NearDef>,
    /// For `place`: the piece falls in this direction until the next cell is off the board or
    /// occupied (Connect Four: `"s"`): only such cells are landings.
    #[serde(default)]
    pub gravity: Option<String>,
    /// For `place`: at most `max` pieces of `kinds` of the mover's on the line through the
    /// landing cell along `directions` (shogi: one unpromoted pawn per file).
    #[serde(default)]
    pub limit: Option<LimitDef>,
    /// For `place`: the placed piece must then have a move with one of these generators (no
    /// dead drops).
    #[serde(default)]
    pub must_move_with: Vec<String>,
    /// For `place`: the piece placed becomes the mover's (Homeworlds: a ship built from the
    /// bank).
    #[serde(default)]
    pub as_mover: bool,
    /// For `place`: only the smallest pieces of each colour the zone holds (Homeworlds' build:
    /// "the smallest available piece of that colour").
    #[serde(default)]
    pub smallest: bool,
    /// For `place` and `seize`: the cell must already hold a piece satisfying this, judged
    /// with the placed (or seized) piece as the mover's (Homeworlds' build: `own same-colour`, "a ship of a
    /// colour you already have in that system").
    #[serde(default)]
    pub beside: Option<Conds>,
    /// For `place`: how many pieces one move places together, 1 (default) or 2 (a binary
    /// star: Homeworlds' homeworld), one move per pair the zone can give, written with the
    /// second after `+` (`rS@north+gM`).
    #[serde(default)]
    pub count: Option<u32>,
    /// For `place`: groups of pieces left without liberties are captured (Go).
    #[serde(default)]
    pub surround: Option<SurroundDef>,
    /// For `ray`: each landing puts a piece from this zone (the mover's) there instead of
    /// moving the walking piece (Amazons: shooting an arrow from where the queen stands).
    #[serde(default)]
    pub drops: Option<String>,
    /// For `remove`: a piece in a line this long (a mill) is removed only when every piece
    /// that could be is in one.
    #[serde(default)]
    pub spare_lines: Option<SpareLinesDef>,
    /// For `sow`: a lap passes over the pit sown from (Oware, with 12 or more pieces).
    #[serde(default)]
    pub skip_start: bool,
    /// For `sow`: the per-seat region whose cell (the mover's store) receives captures.
    #[serde(default)]
    pub store: Option<String>,
    /// For `sow`: capture by count: the last pit, in `region` (the mover's part), holding one
    /// of `counts` pieces after the sowing, is captured, and with `backwards` the pits before
    /// it along the course while they do too (Oware: 2 or 3 on the opponent's side).
    #[serde(default)]
    pub sow_capture: Option<SowCaptureDef>,
    /// For `sow`: capture on an empty pit: the last piece sown into an empty pit of `region`
    /// (the mover's part) takes itself and the pit `across` (Kalah).
    #[serde(default)]
    pub sow_capture_empty: Option<SowEmptyDef>,
    /// For `sow`: the opponent's pits (a per-seat region, the mover's part naming them): when
    /// they are empty, only sowings that put pieces there are legal; when none does, every
    /// sowing stays legal, unless `feed_or_no_move` says otherwise.
    #[serde(default)]
    pub feed: Option<String>,
    /// For `sow` with `feed`: when no sowing feeds a starving opponent, no sowing is legal and
    /// `no_moves` decides (Oware abapa: the game ends). Default `false`: every sowing stays
    /// legal.
    #[serde(default)]
    pub feed_or_no_move: bool,
    /// For `sow` with `feed`: a sowing whose captures would leave the opponent's pits empty
    /// (a grand slam) is played without capturing.
    #[serde(default)]
    pub grand_slam_keeps: bool,
    /// For `ray`: the cell this move passes over may be taken en passant on the next move (a
    /// pawn's double step): a generator with `en_passant` may land there and capture this
    /// piece. The cell is kept (in positions: `passed=e3,e4`, the cell then the piece's) only
    /// while such a capture is legal.
    #[serde(default)]
    pub passable: bool,
    /// For `ray`: also land on the cell an opponent's `passable` move has just passed over,
    /// as if the piece that passed stood there, capturing it (en passant). Needs `capture =
    /// "land"`.
    #[serde(default)]
    pub en_passant: bool,
    /// After a move of this generator, this var (`[rules] vars`) holds the seat that made it
    /// (0 for the first seat): who jumped last, who captured last.
    #[serde(default)]
    pub mover_var: Option<String>,
    /// For `castle`: the partner's kinds (`["R"]`): the first piece met along a direction
    /// must be one, the mover's and unmoved.
    #[serde(default)]
    pub partner: Vec<String>,
    /// For `castle`: how many cells the piece moves toward its partner (default 2); the
    /// partner lands on the cell next to it, on the side it came from.
    #[serde(default)]
    pub steps: Option<u32>,
    /// For `castle`: the piece may not castle out of, through or into a cell an opponent
    /// could move onto (default true).
    #[serde(default = "yes")]
    pub safe: bool,
    /// For `ray`: after the move, the pieces left on the cell it started from flow out along
    /// its direction one by one, top first, each landing one cell farther than the last,
    /// starting just past the landing (Volcano's eruption).
    #[serde(default)]
    pub flow: Option<FlowDef>,
    /// With `[rules.actions]` (a turn of several actions): a move of this generator ends the
    /// turn (Volcano's eruption), where other moves leave it with the mover.
    #[serde(default)]
    pub ends_turn: bool,
    /// With `[rules.actions]`: at most one move of this generator in a turn (Volcano's power
    /// play: "the option to place one piece from your captured pieces back on the board").
    #[serde(default)]
    pub once_a_turn: bool,
    /// For `ray`, `leap`, `fly` and `remove`: any piece of a stack the generator moves (or
    /// removes) may, not only the top one; the pieces above it close up, and the move names
    /// its piece after `=` (`a1-b2=rS`, `xa1=rS`). Of equal pieces in a stack, the highest
    /// moves.
    #[serde(default)]
    pub from_inside: bool,
    /// For `fly` on a star map (`[board.systems]`): only to a system linked with the one the
    /// piece leaves (Homeworlds' "you can move a ship from one star system to another ONLY if
    /// the stars are of different sizes").
    #[serde(default)]
    pub linked: bool,
    /// For `fly` with `linked`: also to a new system, the first free cell of the map, with a
    /// star from the bank that links it with the one the piece leaves, one move per star
    /// ("when a ship discovers a new star system, it appears on the star map"). Written
    /// with the star after `+`: `north-s1+yS`.
    #[serde(default)]
    pub discover: bool,
    /// A colour whose power the move needs where it acts (the cell a piece leaves, or the
    /// cell placed on, removed from, seized or exchanged in): an unowned piece of that colour
    /// there (a star), or one of the mover's own (Homeworlds: "the power to do these actions
    /// can come from the color of the player's own ships or from the color of the stars").
    /// A `grants` move lifts the need for the rest of the turn.
    #[serde(default)]
    pub power: Option<String>,
    /// With `[rules.actions]`: its moves are not one of the turn's actions, and may still be
    /// made once the turn's actions are spent, until the seat plays the `end` word
    /// (Homeworlds' catastrophe, declared "at any time during your turn").
    #[serde(default)]
    pub free: bool,
    /// For `remove`: a move takes every piece of one colour off a cell that holds at least
    /// this many of it (Homeworlds' catastrophe: "four or more pyramids of the same color"),
    /// written `xs1=r`. `pieces`, `kinds` and `land` are not asked.
    #[serde(default)]
    pub whole_colour: Option<u32>,
    /// For `remove`, with `[rules.actions]`: as the turn's first action, the removed piece
    /// gives the mover as many more actions as its size, each a move of a generator whose
    /// `power` is the piece's colour, needing no power (Homeworlds' sacrifice: "instead of
    /// a basic action").
    #[serde(default)]
    pub grants: bool,
    /// Only pieces facing one of these move: `up` (standing), `lying` (along any
    /// direction), or direction names. Empty (default): any piece.
    #[serde(default)]
    pub when_facing: Vec<String>,
    /// How the piece stands when the move ends: `keep` (default: as it stood), `any` (a move
    /// for each facing of its kind: Pikemen's "orient the pyramid to point in any of the 8
    /// directions or stand it upright"), `up` (standing). For `turn`: `any` (default, every
    /// facing but its own) or `up`. The move's text ends with the facing: `a1-a5[ne]`.
    #[serde(default)]
    pub turn_to: Option<TurnTo>,
    /// For `transform`: the blocks it turns or reflects, by region name (Pentago's four
    /// quadrants). Each block must map onto itself under each of `transforms`.
    #[serde(default)]
    pub blocks: Vec<String>,
    /// For `transform`: how each block may be turned or reflected, a move for each.
    #[serde(default)]
    pub transforms: Vec<TransformWord>,
    /// After each of this generator's moves, every move of the generator named here, made by
    /// the same seat on the position the first leaves: one move of two parts, the second
    /// written after `&` (Pentago: `wM@b2&ne[cw]`, place a marble, then twist a block). A
    /// first part that wins the game by `[end]` (a line, a connection, a region reached) is
    /// a move alone: the game is over before the second part ("five in a row, either before
    /// or after the rotation"). A first part after which the named generator has no move is
    /// a move alone too.
    #[serde(default)]
    pub then: Option<String>,
    /// Only moves landing in one block of a grid of grids (`[board] grid.blocks`), the one
    /// the last move chose: `sent` (the block at the place the last move's cell has in its
    /// own block: nine-board tic-tac-toe) or `same` (the last move's block). Where that
    /// block gives this generator no move (it is full), and before the first move, any
    /// block.
    #[serde(default)]
    pub in_block: Option<InBlock>,
    /// Only moves landing near where the last move landed: on its file, its rank, or either
    /// (`line`), and at most `within` steps from it (counted as a king steps: the larger of
    /// the files and the ranks apart). Where no move of this generator lands so (and before
    /// the first move), its moves stand.
    #[serde(default)]
    pub near_last: Option<NearLastDef>,
    /// Only moves landing in the region a var names: `regions[k - 1]` when the var holds
    /// `k` (the script, or a generator's `mover_var`, sets it); 0 or a number past the list
    /// keeps every move. Where no move lands in it (the region is full), every move stands.
    #[serde(default)]
    pub in_region: Option<InRegionDef>,
    /// For `draw`, the kind of piece drawn on a line. For a `ray` step along the lines of a
    /// board of dots and lines (`[board] grid.lines`): the move draws the line it travels
    /// along, a new piece of this kind (nobody's) on the line's cell, and only an empty line
    /// may be travelled (paper soccer: "a segment from
    /// the original position to the new one is drawn to mark the move", and the ball may not
    /// move along one drawn before).
    #[serde(default)]
    pub draws: Option<String>,
    /// For `draws` (a ray) and `draw`: when the mover moves again, the next ply
    /// being theirs too. `touched`: the move's end point had a line drawn before the move
    /// (paper soccer's bounce); `completes`: the move drew the last line of a box (dots and
    /// boxes).
    #[serde(default)]
    pub again: Option<Again>,
    /// Moves only while this condition (`[conditions.NAME]`) holds for the mover, wherever
    /// the generator runs (`[rules] generators` or the script's `s.gen`): Nine Men's Morris'
    /// flying, for a player with three men left. The condition may not use `cannot_enter`,
    /// which itself asks the generators.
    #[serde(default)]
    pub when: Option<String>,
    /// For `draw` on a board with boxes: each box the line completes (its fourth line
    /// drawn) gets a piece of this kind, the mover's (dots and boxes' initials in the box),
    /// and the mover a point of score.
    #[serde(default)]
    pub completes: Option<String>,
    /// For `circuit`: the circuits it travels along (names in `[circuits]`).
    #[serde(default)]
    pub circuits: Vec<String>,
    /// For `circuit`: the arcs a move must pass before it may stop (default 1: Surakarta's
    /// "a capture must pass at least one loop").
    #[serde(default)]
    pub arcs: Option<u32>,
}

/// How a moved piece stands when its move ends (`turn_to`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum TurnTo {
    /// As it stood before.
    #[default]
    Keep,
    /// Any facing of its kind, upright included if its kind may stand: a move for each.
    Any,
    /// Upright.
    Up,
}

/// Lines whose pieces a removal spares.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpareLinesDef {
    /// Pieces in a row (3 for a mill).
    pub length: u32,
    /// The lines' directions, each running both ways (empty = every direction).
    #[serde(default)]
    pub directions: Vec<String>,
}

/// Capture by count after sowing.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SowCaptureDef {
    /// The counts that capture.
    pub counts: Vec<u32>,
    /// Where the last pit must be (a per-seat region: the mover's part).
    pub region: String,
    /// The pits before it along the course are captured too while they qualify.
    #[serde(default)]
    pub backwards: bool,
}

/// A flow out of the cell a move left (`flow`): an eruption.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlowDef {
    /// Where a flowing piece may land (default: anywhere on the board); the flow stops at
    /// the first cell that does not satisfy it, or at the board's edge. When the first piece
    /// cannot land, nothing flows.
    #[serde(default)]
    pub land: Option<Conds>,
    /// A flowing piece that lands on a top satisfying this (judged with the flowing piece
    /// as the mover: `same-size`) is captured, into the generator's capture zone, scored as
    /// its captures are.
    #[serde(default)]
    pub capture_if: Option<Conds>,
    /// A move that made something flow ends a turn of several actions (`[rules.actions]`).
    #[serde(default)]
    pub ends_turn: bool,
}

/// Capture on an empty pit after sowing.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SowEmptyDef {
    /// Where the empty pit must be (a per-seat region: the mover's part).
    pub region: String,
    /// The direction of the pit across (player-relative names allowed).
    pub across: String,
    /// Only when the pit across holds pieces.
    #[serde(default)]
    pub needs_across: bool,
}

/// Capture by surrounding: connected groups of like pieces and their liberties.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SurroundDef {
    /// The directions that connect pieces and liberties (`["n", "e", "s", "w"]` on a grid;
    /// empty = every direction of the board).
    #[serde(default)]
    pub directions: Vec<String>,
    /// The zone captured pieces go to (the mover's, for a per-seat zone).
    pub capture_to: String,
    /// `false` (default): a placement that leaves its own group without a liberty, capturing
    /// nothing, is illegal; `true`: it is played and that group is captured.
    #[serde(default)]
    pub suicide: bool,
    /// Bans on boards coming back: `none` (default), `simple` (not the board as it was before
    /// the opponent's last move), `positional` (no board seen before: positional superko).
    #[serde(default)]
    pub ko: Ko,
}

/// A ban on repeating a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Ko {
    /// No ban.
    #[default]
    None,
    /// Not the board before the opponent's last move.
    Simple,
    /// Not any board seen before in the game.
    Positional,
}

/// Who owns a piece that changes (captured into a hand, or promoted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum NewOwner {
    /// Its owner still.
    #[default]
    Keep,
    /// The player who moved (for a capture, with `captured_as`, as another kind).
    Mover,
    /// Nobody: a captured piece returns unowned to a shared bank (`capture_to` a shared
    /// zone, Homeworlds' bank). Captures only.
    None,
}

/// Pieces a move converts in place.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConvertDef {
    /// `enclose`: every unbroken line of such pieces between the landing cell and a piece of
    /// the mover's, along `directions`; `adjacent`: the landing cell's neighbours.
    pub by: ConvertBy,
    /// Directions looked along (empty = every direction of the board).
    #[serde(default)]
    pub directions: Vec<String>,
    /// What is converted (default: `enemy`).
    #[serde(default)]
    pub pieces: Option<Conds>,
    /// Only pieces of these kinds (empty = any).
    #[serde(default)]
    pub kinds: Vec<String>,
    /// Only moves that convert at least one piece are legal (Reversi).
    #[serde(default)]
    pub required: bool,
}

/// How converted pieces are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ConvertBy {
    /// Lines closed by one of the mover's pieces.
    Enclose,
    /// The landing cell's neighbours.
    Adjacent,
}

/// The "next to a piece" condition of a placement.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NearDef {
    /// Which pieces count (default: `own`).
    #[serde(default)]
    pub pieces: Option<Conds>,
    /// Directions (empty = every direction of the board).
    #[serde(default)]
    pub directions: Vec<String>,
    /// Steps away at most (default 1).
    #[serde(default = "one_u32")]
    pub within: u32,
}

fn one_u32() -> u32 {
    1
}

/// At most so many pieces of some kinds on one line through the landing cell.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LimitDef {
    /// The kinds counted (and placed: the limit binds only placements of these kinds).
    pub kinds: Vec<String>,
    /// The line: these directions from the landing cell, to the edge.
    pub directions: Vec<String>,
    /// The most of the mover's pieces of those kinds the line may hold after the placement.
    pub max: u32,
}

/// Leaving a track past its end.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BearOffDef {
    /// The zone (the mover's) that takes the pieces.
    pub zone: String,
    /// Only once every own piece is in this region or off (backgammon's home board).
    #[serde(default)]
    pub home: Option<String>,
    /// A die larger than needed: `exact` (never), `furthest` (only for the piece furthest
    /// back, backgammon), `any`.
    #[serde(default)]
    pub overshoot: OvershootDef,
    /// Pieces leave smallest first: none may leave while a smaller own piece is still to go
    /// (IceGammon rule 15).
    #[serde(default)]
    pub smallest_first: bool,
}

/// See [`BearOffDef::overshoot`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum OvershootDef {
    /// Only the exact number.
    #[default]
    Exact,
    /// A larger number for the piece furthest back.
    Furthest,
    /// Any larger number.
    Any,
}

/// What moves off a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Carry {
    /// The top piece alone.
    #[default]
    Top,
    /// The whole stack.
    Stack,
}

/// Promotion: a piece whose move ends in `region` becomes one of `to` (one move per choice,
/// written `e7-e8=Q`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PromoteDef {
    /// The region (the mover's, if per seat).
    pub region: String,
    /// Kinds the piece may become.
    pub to: Vec<String>,
    /// `true`: the move without promotion stays legal too.
    #[serde(default)]
    pub optional: bool,
    /// `true`: a move that starts in `region` may promote too, wherever it ends (shogi: a
    /// piece promotes moving into, within or out of the promotion zone).
    #[serde(default)]
    pub leaving: bool,
    /// A region (the mover's, if per seat) where an `optional` promotion is forced: a move
    /// ending there must promote (shogi: a pawn or lance on the last rank, a knight on the
    /// last two, where it could never move again).
    #[serde(default)]
    pub forced: Option<String>,
    /// The new piece comes out of this zone (the mover's, if per seat) and the old one goes
    /// into it; with none there, no promotion.
    #[serde(default)]
    pub zone: Option<String>,
    /// `keep` (default): the new piece has the old one's owner (a neutral piece stays
    /// neutral); `mover`: it is the mover's.
    #[serde(default)]
    pub owner: NewOwner,
}

/// Which way a step heads relative to a `toward` region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Heading {
    /// Strictly nearer the region.
    Closer,
    /// As near as before.
    Level,
    /// Further away.
    Farther,
}

/// Rules for landing in one region, for one move generator.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LandRule {
    /// The region (default: the rule's label); a per-seat region means the mover's own cells.
    #[serde(default)]
    pub region: Option<String>,
    /// Only pieces of these kinds are bound by the rule; empty = every kind.
    #[serde(default)]
    pub kinds: Vec<String>,
    /// What a landing cell inside the region must also satisfy (besides the generator's
    /// `land`): any of these conditions.
    #[serde(default)]
    pub land: Option<Conds>,
    /// The top piece of the landing cell must be of one of these kinds (empty = no demand).
    #[serde(default)]
    pub on_kinds: Vec<String>,
    /// The bottom piece of the landing cell must be of one of these kinds (empty = no
    /// demand): stack only onto a tree whose base is a king, say.
    #[serde(default)]
    pub on_base_kinds: Vec<String>,
    /// `true`: the rule binds landings everywhere *outside* the region instead.
    #[serde(default)]
    pub outside: bool,
    /// `false`: the move may not end in the region (it may still land there mid-chain).
    #[serde(default = "yes")]
    pub stop: bool,
    /// The move may end in the region only on a cell satisfying this (a landing that
    /// freezes a piece counts only where the move stops; mid-chain it may pass).
    #[serde(default)]
    pub end_on: Option<Conds>,
    /// `false`: a piece that has been outside the region during the move (at its start or
    /// any landing) may not land in it.
    #[serde(default = "yes")]
    pub enter: bool,
    /// `false`: a piece that has been inside the region during the move (at its start or any
    /// landing) may only land inside it.
    #[serde(default = "yes")]
    pub leave: bool,
    /// `true`: a leg landing in the region ends the move (draughts: crowning ends the turn).
    #[serde(default)]
    pub ends_chain: bool,
}

fn yes() -> bool {
    true
}

/// A house-rule option.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    /// The value when nobody sets it: a boolean, an integer or a string.
    pub default: OptionValue,
    /// What the option does, for `icebox show` and `icebox list`.
    pub description: String,
    /// For string options: the allowed values.
    #[serde(default)]
    pub choices: Vec<String>,
    /// For integer options: the smallest allowed value.
    #[serde(default)]
    pub min: Option<i64>,
    /// For integer options: the largest allowed value.
    #[serde(default)]
    pub max: Option<i64>,
    /// For boolean options: tables merged over the definition when the option is on, exactly
    /// like a variant's overlay (a house rule that changes a move generator, say).
    #[serde(default)]
    #[schemars(with = "Option<BTreeMap<String, serde_json::Value>>")]
    pub when_on: Option<toml::Table>,
    /// A key of the definition that takes the option's value, as a dotted path
    /// (`"stakes.match"`): `--set match=7` then plays a match to 7. The definition writes the
    /// key too (its meaning without the option), with a value of the option's type.
    #[serde(default)]
    pub key: Option<String>,
}

/// The value of an option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum OptionValue {
    /// `true` / `false`.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A word.
    Str(String),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Str(s) => write!(f, "{s}"),
        }
    }
}

/// What happens when the player to move has no legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum NoMoves {
    /// The player loses.
    #[default]
    Lose,
    /// The player passes; when every player passes in a row the game is drawn.
    Pass,
    /// The game is drawn.
    Draw,
    /// The script's `no_moves(s)` hook decides (end a round, score, declare a result...).
    Script,
    /// The round ends (`[rounds]`): the next starts, or after the last the game ends by
    /// score. Without `[rounds]`, one round: the game ends by score, the higher total winning.
    EndRound,
}

/// The rule script and the state it keeps between moves.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesDef {
    /// Path of the Rhai script, relative to the game file. A game whose moves are all
    /// `generators` and whose rules are all keys needs no script.
    #[serde(default)]
    pub script: Option<String>,
    /// The generators in force every turn, run natively before the script's `moves` hook (if
    /// any), which may add to them. A list of names: all of them. A list of lists: priority,
    /// the first list that gives any move decides; `[["jump"], ["step"]]` makes captures
    /// compulsory. A table: each phase's own, `{ place = ["place"], jump = ["jump"] }`.
    #[serde(default)]
    pub generators: Option<GeneratorList>,
    /// The player to move may always pass, besides their other moves (Go). Passing only when
    /// nothing else is legal is `no_moves = "pass"`.
    #[serde(default)]
    pub may_pass: bool,
    /// Phase names in order; the game starts in the first (e.g. `["place", "jump"]`).
    #[serde(default)]
    pub phases: Vec<String>,
    /// Phases that end on their own, by the phase's name: when `zone_empty` (every instance
    /// of a zone) is empty after a move, the game goes on in phase `next`.
    #[serde(default)]
    pub phase_ends: BTreeMap<String, PhaseEndDef>,
    /// Integer variables the script keeps in the state, with their starting values.
    #[serde(default)]
    pub vars: BTreeMap<String, i64>,
    /// What happens when the player to move has no legal move.
    #[serde(default)]
    pub no_moves: NoMoves,
    /// Words that are whole moves, generated by the script with `s.add_word("double")` and
    /// typed as they are (a doubling cube's `double`, `take`, `drop`; a `roll` before the dice).
    #[serde(default)]
    pub words: Vec<String>,
    /// How move text separates the cells of a path: `-` (default) or `/` (backgammon style).
    #[serde(default)]
    pub separator: Option<String>,
    /// Draw when the same position (pieces, player to move, phase, variables) occurs this many
    /// times (3 = threefold repetition).
    #[serde(default)]
    pub repetition: Option<u32>,
    /// Variables that do not make positions differ for `repetition` (a move counter).
    #[serde(default)]
    pub repetition_ignores: Vec<String>,
    /// A move clock kept natively (chess's fifty-move rule, draughts' forty-move rule).
    #[serde(default)]
    pub clock: Option<ClockDef>,
    /// Agreements the players may make at the table (`"stalemate"`, `"draw"`): one player
    /// proposes, every other accepts, and the script's `agreed(s, what)` hook ends the game.
    /// Without the hook, an agreed `draw` is a draw ("draw agreed"); any other agreement needs
    /// the hook.
    #[serde(default)]
    pub agreements: Vec<String>,
    /// The royal piece kind (`"K"`): check, natively. No move may leave the mover's royal
    /// piece where an opponent's generator could land on it (each generator whose `land`
    /// admits an enemy piece counts, played or not); a player with no legal move whose royal
    /// piece is attacked is checkmated and loses; otherwise `no_moves` says what a stalemate
    /// is (`draw` in chess, `lose` in xiangqi). Scripts ask `s.in_check(p)`.
    #[serde(default)]
    pub royal: Option<String>,
    /// How computer seats score a position when the script has no `evaluate(s, p)` hook:
    /// `material`, the sizes of the seat's pieces on the board less those of every other
    /// seat's (the sizes as values: chess's pawn 1, queen 9).
    #[serde(default)]
    pub evaluate: Option<Evaluation>,
    /// Moves that are illegal because of what they lead to, by a label of your choice: each
    /// judges some moves (`moves`) and refuses those after which a condition (`after`, a
    /// `[conditions]` name) holds for a seat (`seats`).
    #[serde(default)]
    pub forbid: BTreeMap<String, ForbidDef>,
    /// A seat must release a piece it holds down while the piece's owner is in a condition.
    #[serde(default)]
    pub release: Option<ReleaseDef>,
    /// A turn of several actions: the seat to move plays again after each move until the
    /// turn ends: a move of a generator with `ends_turn`, the budget spent (`most`), the
    /// `end` word, or a pass. Each action is a ply (perft counts actions); the engine keeps
    /// the count in the var `actions` (`var.actions=2` in positions).
    #[serde(default)]
    pub actions: Option<ActionsDef>,
    /// The swap (pie) rule: the second seat may answer the first seat's first stone with
    /// this word instead of a move, the stone becoming its own (Hex).
    #[serde(default)]
    pub swap: Option<SwapDef>,
    /// Moves that leave the same position are one move: of several moves with the same
    /// effect only the first generated is legal (Pentago: placing a marble and twisting an
    /// empty block one way or the other, or another empty block, is the same move;
    /// international draughts: two capture sequences over the same pieces from the same
    /// square to the same square). Moves then count as positions reached (perft), and an
    /// agent does not weigh one choice twice. Costs a play on a scratch state of each move
    /// that could share its effect with another (where every move is a path, only those
    /// ending on the same cell). Such a game writes a path of several landings by its two
    /// ends (`a1:h4`) unless another legal move shares them.
    #[serde(default)]
    pub one_move_per_effect: bool,
    /// The majority capture rule: of the legal moves, only those that capture the most
    /// pieces stand, whatever the capturing pieces and whatever they take (international
    /// and Brazilian draughts: "It is compulsory to jump over as many pieces as possible";
    /// a king and a man count as one piece each). A move that captures
    /// nothing counts none, so where any move captures, captures are compulsory too.
    #[serde(default)]
    pub most_captures: bool,
}

/// The swap rule (`[rules.swap]`): on the game's second ply, while the board holds exactly
/// the one piece the first move put there, the seat to move may play `word`: that piece
/// becomes its own, on its mirror cell (`mirror`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SwapDef {
    /// The word that swaps (default `swap`).
    #[serde(default)]
    pub word: Option<String>,
    /// Where the piece goes.
    #[serde(default)]
    pub mirror: SwapMirror,
}

/// Where a swapped piece goes (`[rules.swap] mirror`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum SwapMirror {
    /// It stays on its cell.
    #[default]
    None,
    /// To its mirror image in a square grid's long diagonal, the one from the top-left
    /// corner to the bottom-right (Hex's rhombus: file and rank change places, each counted
    /// from the other end, so c11 becomes a9 on 11x11).
    LongDiagonal,
}

/// A turn of several actions (`[rules.actions]`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionsDef {
    /// The most actions in a turn (Arimaa: 4); none: no limit (Volcano's cap moves go on
    /// until one erupts).
    #[serde(default)]
    pub most: Option<u32>,
    /// A word (`"end"`) the seat may play to end its turn early, once it has made `least`
    /// actions; none: the turn ends only by rule.
    #[serde(default)]
    pub end: Option<String>,
    /// Actions a turn needs before `end` may end it (default 1): a number, or a number per
    /// phase (`{ home = 1, play = 0 }`: a pass in the phase of play, none in the set-up;
    /// phases not named take 1).
    #[serde(default)]
    pub least: Least,
    /// A capturing move ends the turn.
    #[serde(default)]
    pub ends_on_capture: bool,
}

/// Actions a turn needs before its `end` word (`[rules.actions] least`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Least {
    /// The same in every phase.
    Always(u32),
    /// By phase name; a phase not named takes 1.
    ByPhase(BTreeMap<String, u32>),
}

impl Default for Least {
    fn default() -> Least {
        Least::Always(1)
    }
}

/// How a phase ends (`[rules.phase_ends.NAME]`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhaseEndDef {
    /// The phase ends once this zone (every seat's instance of a per-seat zone) is empty: a
    /// placing phase ends with the last piece placed.
    #[serde(default)]
    pub zone_empty: Option<String>,
    /// The phase ends when every seat has had a turn in it: when the turn comes back to the
    /// seat that moved first in the game (Homeworlds' set-up: "the winner builds a binary star
    /// system ... her opponent now does the same").
    #[serde(default)]
    pub round: bool,
    /// The phase ends when a move in it puts a piece where it makes a line of the mover's
    /// pieces (Nine Men's Morris' mill: "three in a row"), usually with `first = "mover"`.
    #[serde(default)]
    pub line: Option<LineMadeDef>,
    /// The phase lasts one move: it ends after any move made in it (Nine Men's Morris'
    /// removal of a man).
    #[serde(default)]
    pub one_move: bool,
    /// The phase that follows.
    pub next: String,
    /// Who moves first in it.
    #[serde(default)]
    pub first: PhaseFirst,
}

/// Who moves first in the phase that follows (`[rules.phase_ends.NAME] first`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum PhaseFirst {
    /// The seat after the one that ended the phase, as after any move.
    #[default]
    Next,
    /// The second seat of the round: rounds rotate their first seat (round 1 starts with the
    /// first seat, round 2 with the second...), and this is the seat after the round's first
    /// (IceSickle: "the second player will go first in the Jumping phase").
    Second,
    /// The seat that ended the phase: it plays the next ply too (Nine Men's Morris: the
    /// player who closed a mill removes a man).
    Mover,
}

/// A line a move makes (`[rules.phase_ends.NAME] line`).
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LineMadeDef {
    /// Pieces in a row, at least.
    pub length: u32,
    /// The lines' directions; each line runs both ways. Empty = every direction of the
    /// board.
    #[serde(default)]
    pub directions: Vec<String>,
    /// Only pieces of these kinds count (empty = any).
    #[serde(default)]
    pub kinds: Vec<String>,
}

/// A native evaluation (`[rules] evaluate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Evaluation {
    /// The seat's material (piece sizes on the board) less everybody else's.
    Material,
    /// The race: the pips everybody else still has to run less the seat's own. A piece's
    /// pips are the cells left on its course (the track of the generators in force), a piece
    /// waiting to enter has the whole course and one more, a piece borne off none.
    Race,
}

/// `[rules] generators`: every generator named, tiers tried in order, or either for each
/// phase.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum GeneratorList {
    /// All of these, every turn.
    All(Vec<String>),
    /// The first tier that gives any move (compulsory captures: jumps, then steps).
    Tiers(Vec<Vec<String>>),
    /// Each phase's own (`{ place = ["place"], jump = ["jump"] }`), a list or tiers; a phase
    /// left out has none (the script's `moves` hook gives its moves).
    Phases(BTreeMap<String, PhaseGenerators>),
}

/// One phase's generators in `[rules] generators`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum PhaseGenerators {
    /// All of these.
    All(Vec<String>),
    /// The first tier that gives any move.
    Tiers(Vec<Vec<String>>),
}

impl PhaseGenerators {
    /// The tiers, a plain list as one tier.
    pub fn tiers(&self) -> Vec<&[String]> {
        match self {
            PhaseGenerators::All(v) => vec![v.as_slice()],
            PhaseGenerators::Tiers(v) => v.iter().map(Vec::as_slice).collect(),
        }
    }
}

/// A count of plies since the last irreversible move, kept in a var by the engine. Reaching
/// `plies` draws the game, unless the player to move has no move at all (then the no-move
/// policy decides). Repetition only looks back as far as the clock.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockDef {
    /// The var holding the count; it appears in positions. Left out of `vars`, it is made
    /// (starting at 0) and does not count for repetition.
    pub var: String,
    /// Plies that draw (100 = fifty moves each); 0 = count only.
    #[serde(default)]
    pub plies: u32,
    /// Moving a piece of one of these kinds resets the clock (pawns, men).
    #[serde(default)]
    pub reset_kinds: Vec<String>,
    /// A capture resets the clock.
    #[serde(default = "yes")]
    pub reset_on_capture: bool,
}

/// A variant file (`games/<id>/variants/<name>.toml`): an overlay on the definition.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariantDef {
    /// What the variant changes, in a sentence.
    pub description: String,
    /// Option values this variant sets.
    #[serde(default)]
    pub options: BTreeMap<String, OptionValue>,
    /// Tables merged over the definition, key by key (for example a different `players`,
    /// `board` or `setup`). Tables merge recursively; any other value replaces.
    #[serde(default)]
    #[schemars(with = "Option<BTreeMap<String, serde_json::Value>>")]
    pub overlay: Option<toml::Table>,
    /// Top-level tables (or dotted paths such as `setup.cells`) of the definition that the
    /// overlay replaces whole instead of merging into: a different board, set-up or regions.
    #[serde(default)]
    pub replace: Vec<String>,
    /// A script laid over the game's: its functions replace the game's functions of the same
    /// name and number of parameters (hooks included), and add the others. Its errors point
    /// at this file and line. Script text, not a file name (`[rules] script` names a file).
    #[serde(default)]
    pub script: Option<String>,
}
