//! Text forms of moves and positions (pest grammar in `notation.pest`).
//!
//! Moves are written from what they do: `pass`, `S@c3` (placement), `a1-a2` (step), `a1:c3:e5`
//! (a capturing chain), `bar/20` (zones by name), `e7-e8=Q` (a choice), `roll 3 5 6` (a throw
//! of the dice, made by chance), `use 3 5` (dice picked from a throw), or a word the game
//! declares (`double`, `take`). Reading a move is two
//! steps, as in shakmaty: parse the syntax, then resolve it against the legal moves, so an
//! illegal move and an ambiguous one get distinct errors.
//!
//! A position is the board row by row (top row first, `/` between rows, digits for runs of
//! empty cells, a lone piece as `aS`, a stack bottom-first in brackets `(aSaMaL)`) followed by
//! `key=value` fields: `turn=B phase=jump round=2 ply=17 dice=3,5 score=3,5 passes=1 stash=5S,5M,4L
//! var.first=1 result=1,0` (`result` gives each seat's rank once the game is over, 0 = first). Omitted fields take their starting values.

mod short;

use pest::Parser;
use pest::iterators::Pair;

use crate::engine::{Action, Loc, Move, Piece, PlayerId, Shape, Stack, State, Tables};
pub use short::{forms, moving_kind, shorthand, shorthands};

#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "notation/notation.pest"]
    pub(super) struct Grammar;
}
use grammar::{Grammar, Rule};

/// A syntax error in move or position text, with the 1-based column it was found at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// 1-based column (in characters) in the text.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

fn pest_error(e: pest::error::Error<Rule>, what: &str) -> TextError {
    let column = match e.line_col {
        pest::error::LineColLocation::Pos((_, c))
        | pest::error::LineColLocation::Span((_, c), _) => c,
    };
    let expected = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<&str> = positives
                .iter()
                .map(rule_name)
                .filter(|n| !n.is_empty())
                .collect();
            names.dedup();
            if names.is_empty() {
                String::new()
            } else {
                format!(": expected {}", names.join(" or "))
            }
        }
        pest::error::ErrorVariant::CustomError { message } => format!(": {message}"),
    };
    TextError {
        column,
        message: format!(
            "this is not {what}{expected}{}",
            unbracketed_name(e.line(), column)
        ),
    }
}

/// A hint when the text breaks inside a word that begins with a capital (`bHorse`): a kind
/// named by more than one letter is written in angle brackets (`b<Horse>`).
fn unbracketed_name(line: &str, column: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    let Some(at) = column.checked_sub(1).filter(|&i| i < chars.len()) else {
        return String::new();
    };
    let start = (0..=at)
        .rev()
        .take_while(|&i| chars[i].is_ascii_alphanumeric() || chars[i] == '_')
        .last()
        .unwrap_or(at);
    let Some(first) = (start..=at).find(|&i| chars[i].is_ascii_uppercase()) else {
        return String::new();
    };
    // The capital and the small letters after it: where a name ends and the next piece's
    // owner letter begins, only the game's kinds could tell.
    let end = (first + 1..chars.len())
        .find(|&i| !chars[i].is_ascii_lowercase())
        .unwrap_or(chars.len());
    if first >= at || end - first < 2 || first > 0 && chars[first - 1] == '<' {
        return String::new();
    }
    let name: String = chars[first..end].iter().collect();
    format!(" (a kind named by more than one letter is written in angle brackets, like `<{name}>`)")
}

fn rule_name(r: &Rule) -> &'static str {
    match r {
        Rule::piece => "a piece (like `S`, `aS` or `a<Cannon>`)",
        Rule::kind_name => "a kind's name in angle brackets (`<Cannon>`)",
        Rule::loc => "a cell or zone name",
        Rule::sep => "`-`, `:` or `/`",
        Rule::pass => "`pass`",
        Rule::die | Rule::dice_list => "a die's pips",
        Rule::suffix => "`=` and a piece",
        Rule::on_top => "`^`",
        Rule::die_used => "`(` and a die",
        Rule::EOI => "the end of the text",
        Rule::field => "a `key=value` field",
        Rule::count => "a count",
        Rule::row | Rule::board | Rule::empties | Rule::stack => "a row of cells",
        _ => "",
    }
}

/// A move as written, before it is matched against the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveText {
    /// `pass`.
    Pass,
    /// `S@c3`: the piece text and the cell.
    Place {
        /// Piece as written (`S` or `aS`).
        piece: String,
        /// Target cell name.
        to: String,
        /// `=X` choice.
        suffix: Option<String>,
        /// `+gM`: a second piece placed with it.
        brought: Vec<String>,
    },
    /// `roll 3 5 6`: the dice thrown.
    Roll(Vec<u8>),
    /// `use 3 5`: the dice picked.
    Choose(Vec<u8>),
    /// A word of the game (`double`).
    Word(String),
    /// `xd7`: the cell a piece is taken from; `xd7=rS`: the piece, from inside its stack.
    Remove {
        /// The cell.
        at: String,
        /// `=X`: the piece named.
        piece: Option<String>,
    },
    /// `xs1=r`: a cell and the colour whose every piece is taken off it.
    Purge {
        /// The cell.
        at: String,
        /// The colour's letter.
        colour: char,
    },
    /// `s1=sbL`, `s1=gL+bL`: a piece changed where it stands, and a piece brought for it.
    Change {
        /// The cell.
        at: String,
        /// The piece changed.
        piece: Option<String>,
        /// `+bL`: the piece brought for it.
        brought: Vec<String>,
    },
    /// `c3[ne]`: the cell of a piece turned in place.
    Turn(String),
    /// `a1-b2:c3`: the location names.
    Path {
        /// Location names, first to last.
        locs: Vec<String>,
        /// `=X` choice.
        suffix: Option<String>,
        /// `^`: landing on top (pinning).
        on_top: bool,
        /// `(6)`: the die used.
        die: Option<u8>,
        /// `+yS`: pieces the move brings onto the board from a zone.
        brought: Vec<String>,
    },
}

/// Parses the syntax of a move.
pub fn parse_move(text: &str) -> Result<MoveText, TextError> {
    let mut pairs = Grammar::parse(Rule::move_text, text).map_err(|e| pest_error(e, "a move"))?;
    let top = pairs.next().map(|p| p.into_inner());
    let mut shape = None;
    let mut suffix = None;
    let mut on_top = false;
    let mut die = None;
    let mut brought = Vec::new();
    for p in top.into_iter().flatten() {
        match p.as_rule() {
            Rule::pass => shape = Some(MoveText::Pass),
            Rule::place => {
                let mut it = p.into_inner();
                let piece = it
                    .next()
                    .map(|x| x.as_str().to_string())
                    .unwrap_or_default();
                let to = it
                    .next()
                    .map(|x| x.as_str().to_string())
                    .unwrap_or_default();
                shape = Some(MoveText::Place {
                    piece,
                    to,
                    suffix: None,
                    brought: Vec::new(),
                });
            }
            Rule::path => {
                let locs = p
                    .into_inner()
                    .filter(|x| x.as_rule() == Rule::loc)
                    .map(|x| x.as_str().to_string())
                    .collect();
                shape = Some(MoveText::Path {
                    locs,
                    suffix: None,
                    on_top: false,
                    die: None,
                    brought: Vec::new(),
                });
            }
            Rule::roll | Rule::choose => {
                let is_roll = p.as_rule() == Rule::roll;
                let mut values = Vec::new();
                for d in p
                    .into_inner()
                    .flatten()
                    .filter(|x| x.as_rule() == Rule::die)
                {
                    let v = d
                        .as_str()
                        .parse::<u8>()
                        .ok()
                        .filter(|v| (1..=crate::engine::Dice::MAX_PIPS).contains(v))
                        .ok_or_else(|| TextError {
                            column: d.as_span().start() + 1,
                            message: format!(
                                "`{}` is not a die (1 to {})",
                                d.as_str(),
                                crate::engine::Dice::MAX_PIPS
                            ),
                        })?;
                    values.push(v);
                }
                shape = Some(if is_roll {
                    MoveText::Roll(values)
                } else {
                    MoveText::Choose(values)
                });
            }
            Rule::word => shape = Some(MoveText::Word(p.as_str().to_string())),
            Rule::remove => {
                let at = p.into_inner().next().map(|x| x.as_str().to_string());
                shape = Some(MoveText::Remove {
                    at: at.unwrap_or_default(),
                    piece: None,
                });
            }
            Rule::purge => {
                let mut it = p.into_inner();
                let at = it
                    .next()
                    .map(|x| x.as_str().to_string())
                    .unwrap_or_default();
                let colour = it
                    .next()
                    .and_then(|x| x.as_str().chars().next())
                    .unwrap_or('?');
                shape = Some(MoveText::Purge { at, colour });
            }
            Rule::change => {
                let at = p.into_inner().next().map(|x| x.as_str().to_string());
                shape = Some(MoveText::Change {
                    at: at.unwrap_or_default(),
                    piece: None,
                    brought: Vec::new(),
                });
            }
            Rule::turn => {
                let at = p.into_inner().next().map(|x| x.as_str().to_string());
                shape = Some(MoveText::Turn(at.unwrap_or_default()));
            }
            Rule::suffix => suffix = p.into_inner().next().map(|x| x.as_str().to_string()),
            Rule::brought => brought.extend(p.into_inner().next().map(|x| x.as_str().to_string())),
            Rule::on_top => on_top = true,
            Rule::die_used => die = p.into_inner().next().and_then(|d| d.as_str().parse().ok()),
            _ => {}
        }
    }
    match shape {
        Some(MoveText::Place { piece, to, .. }) => Ok(MoveText::Place {
            piece,
            to,
            suffix,
            brought,
        }),
        Some(MoveText::Remove { at, .. }) if brought.is_empty() => {
            Ok(MoveText::Remove { at, piece: suffix })
        }
        Some(MoveText::Change { at, .. }) => Ok(MoveText::Change {
            at,
            piece: suffix,
            brought,
        }),
        Some(MoveText::Path { locs, .. }) => Ok(MoveText::Path {
            locs,
            suffix,
            on_top,
            die,
            brought,
        }),
        Some(_) if !brought.is_empty() => Err(TextError {
            column: text.find('+').map_or(1, |i| i + 1),
            message: "`+` (a piece brought onto the board) goes after a placement or a move along a path, like `rS@north+gM` or `north-s1+yS`".into(),
        }),
        Some(_) if on_top => Err(TextError {
            column: text.find('^').map_or(1, |i| i + 1),
            message: "`^` (landing on top) goes after a move along a path, like `13/10^`".into(),
        }),
        Some(other) => Ok(other),
        None => Err(TextError {
            column: 1,
            message: "empty move".into(),
        }),
    }
}

/// Name of a location as the mover writes it: own and shared zones by their bare name.
fn loc_text(t: &Tables, l: Loc, mover: PlayerId) -> String {
    match t.loc_zone(l) {
        Some(z) if z.seat.is_none() || z.seat == Some(mover) => z.name.clone(),
        _ => t.loc_name(l),
    }
}

/// How var `i`'s value is written: a number, or the last move's cell by its name (`e5`:
/// the var `last` that `in_block` reads, the cell's index plus one).
pub fn var_text(t: &Tables, s: &State, i: usize) -> String {
    let v = s.var(i);
    (t.last_var == Some(i))
        .then(|| usize::try_from(v - 1).ok())
        .flatten()
        .filter(|c| *c < t.board.len())
        .map_or_else(
            || v.to_string(),
            |c| t.board.name(crate::board::CellId(c as u16)).to_string(),
        )
}

/// Writes a move as the player to move would type it.
pub fn format_move(t: &Tables, m: &Move, mover: PlayerId) -> String {
    let mut s = String::new();
    match m.shape {
        Shape::Pass => s.push_str("pass"),
        Shape::Place(p) => {
            s.push_str(&unowned_text(t, p, mover));
            s.push('@');
            if let Some(&to) = m.path.last() {
                s.push_str(&loc_text(t, to, mover));
            }
        }
        Shape::Path => {
            for (i, &l) in m.path.iter().enumerate() {
                if i > 0 {
                    s.push(if m.is_capture() { ':' } else { t.separator });
                }
                s.push_str(&loc_text(t, l, mover));
            }
        }
        Shape::Roll(d) | Shape::Choose(d) => {
            s.push_str(if matches!(m.shape, Shape::Roll(_)) {
                "roll"
            } else {
                "use"
            });
            for v in d.values() {
                s.push(' ');
                s.push_str(&v.to_string());
            }
        }
        Shape::Word(w) => s.push_str(t.words.get(w as usize).map_or("?", |w| w.as_str())),
        Shape::Remove => {
            s.push('x');
            if let Some(&at) = m.path.first() {
                s.push_str(&loc_text(t, at, mover));
            }
        }
        Shape::Turn | Shape::Change => {
            if let Some(&at) = m.path.first() {
                s.push_str(&loc_text(t, at, mover));
            }
        }
        Shape::Purge(c) => {
            s.push('x');
            if let Some(&at) = m.path.first() {
                s.push_str(&loc_text(t, at, mover));
            }
            s.push('=');
            s.push(t.colours.get(c.index()).map_or('?', |c| c.letter));
        }
        Shape::Transform(i) => s.push_str(transform_text(t, i)),
    }
    if let Some(k) = m.suffix {
        s.push('=');
        s.push_str(&t.kind_name(k));
    }
    if let Some(p) = m.lifted.get() {
        s.push('=');
        s.push_str(&unowned_text(t, p, mover));
    }
    if let Some(p) = m.brought.get() {
        s.push('+');
        s.push_str(&unowned_text(t, p, mover));
    }
    if m.on_top {
        s.push('^');
    }
    if m.die != 0 {
        s.push_str(&format!("({})", m.die));
    }
    if let Some(f) = m.facing {
        s.push('[');
        s.push_str(t.facing_name(f));
        s.push(']');
    }
    s.push_str(&parts_text(t, m, mover));
    s
}

/// The parts a script added to a move, each after `&`, in the order they are played: the
/// cells it takes pieces off (`&xd5`), then the other pieces it moves (`&h1-f1`) and the
/// pieces it changes where they stand (`&d4=wS`). Empty for a move of one part. A change at
/// the move's own landing into the kind its suffix names is its promotion, said already.
fn parts_text(t: &Tables, m: &Move, mover: PlayerId) -> String {
    let mut out = String::new();
    let (before, after) = m.parts();
    if before + after == 0 {
        return out;
    }
    // The mark is the last action; the parts after the first come before it.
    let last = m.actions.len().saturating_sub(1);
    let start = before.min(last);
    let end = last.saturating_sub(after).max(start);
    let mut taken_from = None;
    for a in &m.actions[..start] {
        if let Action::Transfer { from, .. } = *a
            && taken_from != Some(from)
        {
            taken_from = Some(from);
            out.push_str("&x");
            out.push_str(&loc_text(t, from, mover));
        }
    }
    for a in &m.actions[end..last] {
        match *a {
            Action::Transfer { from, to, .. } | Action::Carry { from, to, .. } => {
                out.push('&');
                out.push_str(&loc_text(t, from, mover));
                out.push(t.separator);
                out.push_str(&loc_text(t, to, mover));
            }
            Action::Transform { i, .. } => {
                out.push('&');
                out.push_str(transform_text(t, i));
            }
            Action::Replace { at, new, .. } => {
                if m.to() == Some(at) && m.suffix == Some(t.info(new).kind) {
                    continue;
                }
                out.push('&');
                out.push_str(&loc_text(t, at, mover));
                out.push('=');
                out.push_str(&t.piece_text(new));
            }
            _ => {}
        }
    }
    out
}

/// How a block transform is written: `ne[cw]`.
fn transform_text(t: &Tables, i: u16) -> &str {
    t.transforms
        .get(usize::from(i))
        .map_or("?", |x| x.text.as_str())
}

/// Whether a text names the piece a move takes from inside its stack (`=rS`, or `=S` when
/// that is clear), or names none for a move of the top piece.
fn lifted_matches(t: &Tables, m: &Move, mover: PlayerId, named: &Option<String>) -> bool {
    match (m.lifted.get(), named) {
        (Some(p), Some(x)) => unowned_text(t, p, mover).ends_with(x.as_str()),
        (None, None) => true,
        _ => false,
    }
}

/// Whether the pieces a text names after `+` are those the move brings (`+S` naming `+yS`);
/// none named matches any.
fn brought_match(t: &Tables, m: &Move, mover: PlayerId, named: &[String]) -> bool {
    if named.is_empty() {
        return true;
    }
    let have: Vec<String> = m
        .brought
        .get()
        .map(|p| unowned_text(t, p, mover))
        .into_iter()
        .collect();
    have.len() == named.len() && have.iter().zip(named).all(|(h, n)| h.ends_with(n.as_str()))
}

/// Why a move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move at all.
    Syntax(TextError),
    /// It reads as a move, but no legal move matches; the closest legal moves are given.
    Illegal {
        /// The text.
        text: String,
        /// Legal moves that look most like it.
        closest: Vec<String>,
    },
    /// More than one legal move matches.
    Ambiguous {
        /// The text.
        text: String,
        /// The legal moves it could mean.
        candidates: Vec<String>,
    },
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Syntax(e) => write!(f, "cannot read the move: {e}"),
            MoveError::Illegal { text, closest } if closest.is_empty() => {
                write!(f, "`{text}` is not a legal move (there are no legal moves)")
            }
            MoveError::Illegal { text, closest } => {
                write!(
                    f,
                    "`{text}` is not a legal move; closest legal moves: {}",
                    closest.join(", ")
                )
            }
            MoveError::Ambiguous { text, candidates } => {
                write!(
                    f,
                    "`{text}` is ambiguous: it could be {}",
                    candidates.join(" or ")
                )
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A piece as a move names it (`rS@c3`, `a1-b2=rS`): standing, the owner's letter only for
/// another seat's piece, a colour's always.
fn unowned_text(t: &Tables, p: Piece, mover: PlayerId) -> String {
    let text = t.piece_text(t.upright(p));
    match t.info(p).owner {
        Some(o) if o == mover => text.get(1..).unwrap_or(&text).to_string(),
        _ => text,
    }
}

/// Finds the legal move a text means.
///
/// A move a script made of several parts is named by its first part and its other parts
/// after `&` (`e1-g1&h1-f1`), or by its first part alone when that names one legal move (as
/// records written before parts were said do).
pub fn resolve(t: &Tables, legal: &[Move], mover: PlayerId, text: &str) -> Result<Move, MoveError> {
    let (first, parts) = match text.split_once('&') {
        Some((first, parts)) => (first, Some(read_parts(first, parts)?)),
        None => (text, None),
    };
    let parsed = parse_move(first).map_err(MoveError::Syntax)?;
    let facing = facing_text(first);
    let named = |loose: bool| -> Vec<&Move> {
        legal
            .iter()
            .filter(|m| {
                matches_text(t, m, mover, &parsed, loose)
                    && facing_matches(t, m, facing)
                    && parts.as_ref().is_none_or(|p| parts_text(t, m, mover) == *p)
            })
            .collect()
    };
    // A path written whole names its move; only when none is, a path with landings left out
    // (`c3:g7` for `c3:e5:g7`, as draughts players write a capture) names the moves it fits.
    let mut matches = named(false);
    if matches.is_empty() && matches!(parsed, MoveText::Path { .. }) {
        matches = named(true);
    }
    // `e7-e8` with an unpromoted `e7-e8` legal means that one, not a promotion; `5/off`
    // with the exact die legal means that one, not `5/off(6)`.
    if matches.len() > 1 && matches.iter().any(|m| m.suffix.is_none()) {
        matches.retain(|m| m.suffix.is_none());
    }
    if matches.len() > 1 && matches.iter().any(|m| m.die == 0) {
        matches.retain(|m| m.die == 0);
    }
    match matches.len() {
        1 => Ok(matches[0].clone()),
        0 => {
            let text = text.trim().to_string();
            let mut scored: Vec<(f64, String)> = legal
                .iter()
                .map(|m| {
                    let f = format_move(t, m, mover);
                    (strsim::normalized_damerau_levenshtein(&text, &f), f)
                })
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
            scored.dedup_by(|a, b| a.1 == b.1);
            Err(MoveError::Illegal {
                text,
                closest: scored.into_iter().take(5).map(|(_, m)| m).collect(),
            })
        }
        _ => Err(MoveError::Ambiguous {
            text: text.trim().to_string(),
            candidates: matches.iter().map(|m| format_move(t, m, mover)).collect(),
        }),
    }
}

/// The parts after a move's first (`h1-f1 & xd5`, the text after the first `&`), checked
/// and written as `parts_text` writes them (`&h1-f1&xd5`); a syntax error's column counts
/// from the start of the whole text.
fn read_parts(first: &str, parts: &str) -> Result<String, MoveError> {
    Grammar::parse(Rule::move_parts, parts).map_err(|e| {
        let mut e = pest_error(e, "a part of a move");
        e.column += first.chars().count() + 1;
        MoveError::Syntax(e)
    })?;
    Ok(parts.split('&').map(|p| format!("&{}", p.trim())).collect())
}

/// The facing a move text ends with, `ne` of `a1-a5[ne]` (the grammar has checked the form).
fn facing_text(text: &str) -> Option<&str> {
    let text = text.trim().strip_suffix(']')?;
    text.rfind('[').map(|i| &text[i + 1..])
}

/// Whether a move leaves its piece facing as the text says (a text without one matches every
/// facing; `resolve` then wants the match unique).
fn facing_matches(t: &Tables, m: &Move, facing: Option<&str>) -> bool {
    // A block's transform is written where a facing would be, and must be.
    if let Shape::Transform(i) = m.shape {
        return facing.is_some_and(|f| {
            t.transforms
                .get(usize::from(i))
                .is_some_and(|x| x.word.name() == f)
        });
    }
    facing.is_none_or(|f| m.facing.is_some_and(|x| t.facing_name(x) == f))
}

fn name_matches(t: &Tables, l: Loc, mover: PlayerId, name: &str) -> bool {
    loc_text(t, l, mover) == name || t.loc_name(l) == name
}

fn suffix_matches(t: &Tables, m: &Move, suffix: &Option<String>) -> bool {
    match (m.suffix, suffix) {
        (None, None) => true,
        // `=Q` also names a promoted `Q~` (`resolve` wants the match unique).
        (Some(k), Some(s)) => {
            let name = t.kind_name(k);
            s.ends_with(&name) || s.ends_with(name.trim_end_matches('~'))
        }
        // A choice left out matches every choice; `resolve` then wants it unique.
        (Some(_), None) => true,
        (None, Some(_)) => false,
    }
}

/// Whether move `m` is what `parsed` names; `loose`: a path text may leave out landings
/// between its first and last cells (those it names must come in the move's order).
fn matches_text(t: &Tables, m: &Move, mover: PlayerId, parsed: &MoveText, loose: bool) -> bool {
    match (parsed, m.shape) {
        (MoveText::Pass, Shape::Pass) => true,
        (
            MoveText::Place {
                piece,
                to,
                suffix,
                brought,
            },
            Shape::Place(p),
        ) => {
            // The owner's and the colour's letters may be left out, from the front: `S`
            // and `rS` name `arS` (`resolve` then wants the match unique).
            let named = |p: Piece, x: &str| t.piece_text(t.upright(p)).ends_with(x);
            // A pair placed together may be named in either order (`yS@south+bL`,
            // `bL@south+yS`).
            let pieces = match (m.brought.get(), brought.as_slice()) {
                (Some(q), [b]) => {
                    (named(p, piece) && named(q, b)) || (named(q, piece) && named(p, b))
                }
                // A pair is named whole.
                (Some(_), []) => false,
                _ => named(p, piece) && brought_match(t, m, mover, brought),
            };
            pieces
                && m.path
                    .last()
                    .is_some_and(|&l| name_matches(t, l, mover, to))
                && suffix_matches(t, m, suffix)
        }
        (MoveText::Roll(v), Shape::Roll(d)) | (MoveText::Choose(v), Shape::Choose(d)) => {
            // Dice are matched as a multiset: `roll 6 3 5` is the throw `roll 3 5 6`.
            let mut a = v.clone();
            a.sort_unstable();
            let mut b: Vec<u8> = d.values().collect();
            b.sort_unstable();
            a == b
        }
        (MoveText::Word(w), Shape::Word(i)) => t.words.get(i as usize).is_some_and(|x| x == w),
        (MoveText::Remove { at, piece }, Shape::Remove) => {
            m.path
                .first()
                .is_some_and(|&l| name_matches(t, l, mover, at))
                && lifted_matches(t, m, mover, piece)
        }
        (MoveText::Change { at, piece, brought }, Shape::Change) => {
            m.path
                .first()
                .is_some_and(|&l| name_matches(t, l, mover, at))
                && lifted_matches(t, m, mover, piece)
                && brought_match(t, m, mover, brought)
        }
        (MoveText::Purge { at, colour }, Shape::Purge(c)) => {
            m.path
                .first()
                .is_some_and(|&l| name_matches(t, l, mover, at))
                && t.colours
                    .get(c.index())
                    .is_some_and(|x| x.letter == *colour)
        }
        // `ne[cw]`: the grammar reads a block and its transform as a cell and a facing.
        (MoveText::Turn(at), Shape::Transform(i)) => {
            t.transforms.get(usize::from(i)).is_some_and(|x| {
                x.text
                    .strip_prefix(at.as_str())
                    .is_some_and(|r| r.starts_with('['))
            })
        }
        (MoveText::Turn(at), Shape::Turn) => m
            .path
            .first()
            .is_some_and(|&l| name_matches(t, l, mover, at)),
        (
            MoveText::Path {
                locs,
                suffix,
                on_top,
                die,
                brought: named,
            },
            Shape::Path,
        ) => {
            // Pieces brought may be left out; named, they must be the move's (`resolve`
            // then wants the match unique).
            brought_match(t, m, mover, named)
                && *on_top == m.on_top
                && die.is_none_or(|d| d == m.die)
                && if loose {
                    path_fits(t, &m.path, mover, locs)
                } else {
                    locs.len() == m.path.len()
                        && m.path
                            .iter()
                            .zip(locs)
                            .all(|(&l, n)| name_matches(t, l, mover, n))
                }
                && match m.lifted.get() {
                    Some(_) => lifted_matches(t, m, mover, suffix),
                    None => suffix_matches(t, m, suffix),
                }
        }
        _ => false,
    }
}

/// Whether the cells `names` are the path's first and last cells with some of its landings
/// between them, in order.
fn path_fits(t: &Tables, path: &[Loc], mover: PlayerId, names: &[String]) -> bool {
    let (Some((first, inner)), Some(last)) = (names.split_first(), names.last()) else {
        return false;
    };
    let (Some(&start), Some(&end)) = (path.first(), path.last()) else {
        return false;
    };
    if names.len() < 2
        || names.len() > path.len()
        || !name_matches(t, start, mover, first)
        || !name_matches(t, end, mover, last)
    {
        return false;
    }
    let between = &path[1..path.len() - 1];
    let mut rest = between.iter();
    inner[..inner.len() - 1]
        .iter()
        .all(|n| rest.any(|&l| name_matches(t, l, mover, n)))
}

/// The text of move `m` among the legal moves `legal` when moves are known by their effect
/// (`[rules] one_move_per_effect`): a path of several landings is written by its first and
/// last cells alone (`c3:g7`) unless another legal move shares them, as draughts players
/// write a capture. Which of the equal routes stands for the move is the generator's order,
/// not the rules; the short text does not pretend to know it.
pub fn format_among(t: &Tables, m: &Move, mover: PlayerId, legal: &[Move]) -> String {
    let ends = |x: &Move| (x.path.first().copied(), x.path.last().copied(), x.suffix);
    if m.shape == Shape::Path
        && m.path.len() > 2
        && !legal
            .iter()
            .any(|o| o.shape == Shape::Path && o != m && ends(o) == ends(m))
    {
        let mut short = m.clone();
        short.path = m
            .path
            .iter()
            .take(1)
            .chain(m.path.last())
            .copied()
            .collect();
        return format_move(t, &short, mover);
    }
    format_move(t, m, mover)
}

/// A piece token's lower-case letters (none, one or two) and kind text: `aS` -> (a, S),
/// `arS` -> (ar, S), `wQ~` -> (w, Q~).
fn split_piece(text: &str) -> (&str, &str) {
    let n = text.bytes().take_while(u8::is_ascii_lowercase).count();
    text.split_at(n)
}

/// Why a piece token does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PieceErrorKind {
    /// Nothing after the owner letter.
    Empty,
    /// Not a kind of this game.
    Kind,
    /// The owner letter is not a seat's.
    Seat,
    /// The colour letter is not a colour of the kind, or a kind with colours has none.
    Colour,
    /// The `[direction]` is not one its kind may lie along.
    Facing,
}

/// A piece token that does not read.
pub type PieceError = crate::diag::Failure<PieceErrorKind>;

/// Reads a piece token (`S`, `aS`, `wQ~`, `aL[ne]`).
pub fn piece_from_text(t: &Tables, text: &str) -> Result<Piece, PieceError> {
    let (text, facing) = match text.strip_suffix(']').and_then(|x| x.rsplit_once('[')) {
        Some((piece, dir)) => (piece, Some(dir)),
        None => (text, None),
    };
    let piece = piece_standing(t, text)?;
    let Some(dir) = facing else {
        return Ok(piece);
    };
    let kind = t.info(piece).kind;
    let k = &t.kinds[kind.index()];
    t.board
        .absolute_dir(dir)
        .and_then(|d| t.face(piece, Some(d)))
        .ok_or_else(|| {
            let names: Vec<&str> = k.facings.iter().map(|d| t.board.dir_name(*d)).collect();
            PieceError::new(
                PieceErrorKind::Facing,
                if names.is_empty() {
                    format!(
                        "`{text}[{dir}]`: a {} does not lie pointing (it has no `facings`)",
                        k.name
                    )
                } else {
                    format!(
                        "`{text}[{dir}]`: a {} lies along {}, not `{dir}`",
                        k.name,
                        names.join(" ")
                    )
                },
            )
        })
}

/// Reads a piece token without a facing (`S`, `aS`, `wQ~`, `rS`, `arS`): before the kind, a
/// kind with colours takes its colour's letter, after the owner's.
fn piece_standing(t: &Tables, text: &str) -> Result<Piece, PieceError> {
    let (letters, kind) = split_piece(text);
    if kind.is_empty() {
        return Err(PieceError::new(PieceErrorKind::Empty, "empty piece"));
    }
    let kind_id = t.kind_text(kind).ok_or_else(|| {
        let all: Vec<String> = (0..t.kinds.len())
            .map(|k| t.kind_name(crate::engine::KindId(k as u8)))
            .collect();
        PieceError::new(
            PieceErrorKind::Kind,
            format!(
                "`{kind}` is not a piece kind of this game (kinds: {})",
                all.join(" ")
            ),
        )
    })?;
    let k = &t.kinds[kind_id.index()];
    let mut letters = letters.chars();
    let colour = if k.colours.is_empty() {
        None
    } else {
        Some(letters.next_back().ok_or_else(|| {
            PieceError::new(
                PieceErrorKind::Colour,
                format!(
                    "`{text}`: a {} has a colour: write its letter before the kind ({})",
                    k.name,
                    colour_letters(t, kind_id, kind)
                ),
            )
        })?)
    };
    let owner = letters.next_back();
    if letters.next().is_some() {
        return Err(PieceError::new(
            PieceErrorKind::Seat,
            format!("`{text}`: one owner letter at most before the kind"),
        ));
    }
    let owner_id = match owner {
        None => None,
        Some(o) => Some(
            t.seats
                .iter()
                .position(|s| s.letter == o)
                .map(|i| PlayerId(i as u8))
                .ok_or_else(|| {
                    PieceError::new(
                        PieceErrorKind::Seat,
                        format!("`{o}` is not a seat letter of this game"),
                    )
                })?,
        ),
    };
    let colour_id = colour
        .map(|c| {
            t.colour_letter(c)
                .filter(|id| k.colours.contains(id))
                .ok_or_else(|| {
                    PieceError::new(
                        PieceErrorKind::Colour,
                        format!(
                            "`{text}`: `{c}` is not a colour a {} comes in ({})",
                            k.name,
                            colour_letters(t, kind_id, kind)
                        ),
                    )
                })
        })
        .transpose()?;
    t.tinted(kind_id, owner_id, colour_id)
        .ok_or_else(|| PieceError::new(PieceErrorKind::Colour, format!("`{text}`: no such piece")))
}

/// A kind's colours as a reader writes them: `r (red), y (yellow)`, each before the kind.
fn colour_letters(t: &Tables, kind: crate::engine::KindId, sym: &str) -> String {
    t.kinds[kind.index()]
        .colours
        .iter()
        .map(|c| {
            let c = &t.colours[c.index()];
            format!("`{}{sym}` {}", c.letter, c.name)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads a list of pieces with optional counts (`5S 5M 5L`, `aS aM aL`, `-`).
pub fn parse_pieces(t: &Tables, text: &str) -> Result<Vec<Piece>, TextError> {
    let pairs =
        Grammar::parse(Rule::piece_list, text).map_err(|e| pest_error(e, "a list of pieces"))?;
    let mut out = Vec::new();
    for item in pairs.flatten().filter(|p| p.as_rule() == Rule::item) {
        let col = item.as_span().start() + 1;
        let mut n = 1usize;
        let mut piece = None;
        for part in item.into_inner() {
            match part.as_rule() {
                Rule::count => {
                    n = part.as_str().parse().map_err(|_| TextError {
                        column: col,
                        message: "count too large".into(),
                    })?
                }
                Rule::piece => {
                    piece = Some(piece_from_text(t, part.as_str()).map_err(|m| TextError {
                        column: col,
                        message: m.message,
                    })?)
                }
                _ => {}
            }
        }
        if n > 1000 {
            return Err(TextError {
                column: col,
                message: format!("{n} pieces is more than any game needs"),
            });
        }
        if let Some(p) = piece {
            out.extend(std::iter::repeat_n(p, n));
        }
    }
    Ok(out)
}

fn pieces_text(t: &Tables, stack: &[Piece], sep: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < stack.len() {
        let mut j = i;
        while j < stack.len() && stack[j] == stack[i] {
            j += 1;
        }
        let n = j - i;
        let p = t.piece_text(stack[i]);
        parts.push(if n > 1 { format!("{n}{p}") } else { p });
        i = j;
    }
    parts.join(sep)
}

/// Writes a zone's or stack's pieces with counts, e.g. `5S,5M,4L`.
pub fn format_pieces(t: &Tables, stack: &[Piece]) -> String {
    pieces_text(t, stack, ",")
}

/// Writes a position.
pub fn format_position(t: &Tables, s: &State) -> String {
    let mut out = String::new();
    for (r, row) in t.board.rows().iter().enumerate() {
        if r > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for &c in row {
            let stack = s.stack(c.into());
            if stack.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            if stack.len() == 1 {
                out.push_str(&t.piece_text(stack[0]));
            } else {
                let bits = s.layer_bits(c.into());
                out.push('(');
                for (k, &p) in stack.iter().enumerate() {
                    if crate::engine::beside(bits, k) {
                        out.push('+');
                    }
                    out.push_str(&t.piece_text(p));
                }
                out.push(')');
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out.push_str(" turn=");
    out.push_str(&t.seats[s.turn.index()].name);
    if t.phases.len() > 1 {
        out.push_str(" phase=");
        out.push_str(&t.phases[s.phase as usize]);
    }
    if s.round != 1 {
        out.push_str(&format!(" round={}", s.round));
    }
    if s.ply != 0 {
        out.push_str(&format!(" ply={}", s.ply));
    }
    if s.passes != 0 {
        out.push_str(&format!(" passes={}", s.passes));
    }
    if !s.dice.is_empty() {
        out.push_str(&format!(" dice={}", s.dice));
    }
    if s.scores.iter().any(|&x| x != 0) {
        let sc: Vec<String> = s.scores.iter().map(|x| x.to_string()).collect();
        out.push_str(&format!(" score={}", sc.join(",")));
    }
    for (i, z) in t.zones.iter().enumerate() {
        let stack = &s.stacks[t.board.len() + i];
        if !stack.is_empty() {
            let name = match z.seat {
                Some(p) => format!("{}.{}", z.name, t.seats[p.index()].name),
                None => z.name.clone(),
            };
            out.push_str(&format!(" {name}={}", format_pieces(t, stack)));
        }
    }
    if let Some(u) = &t.unmoved {
        let moved: Vec<&str> = u
            .home
            .iter()
            .filter(|(c, piece)| s.top((*c).into()) == Some(*piece) && !s.is_unmoved(*c))
            .map(|(c, _)| t.board.name(*c))
            .collect();
        if !moved.is_empty() {
            out.push_str(&format!(" moved={}", moved.join(",")));
        }
    }
    if let Some(p) = s.passed {
        out.push_str(&format!(
            " passed={},{}",
            t.board.name(p.over),
            t.board.name(p.piece_at)
        ));
    }
    for (i, name) in t.vars.iter().enumerate() {
        if s.vars[i] != t.var_defaults[i] {
            out.push_str(&format!(" var.{name}={}", var_text(t, s, i)));
        }
    }
    if let Some(o) = &s.outcome {
        let ranks: Vec<String> = o.ranks.iter().map(|r| r.to_string()).collect();
        out.push_str(&format!(" result={}", ranks.join(",")));
    }
    out
}

/// Reads a position. Fields left out take their starting values: no pieces in zones, scores
/// 0, round 1, first phase, and the first seat to move.
pub fn parse_position(t: &Tables, text: &str) -> Result<State, TextError> {
    let pairs = Grammar::parse(Rule::position, text).map_err(|e| pest_error(e, "a position"))?;
    let mut s = State::empty(t);
    let mut moved: Option<(&str, usize)> = None;
    // `pos` is a byte offset; stepping back to a character boundary keeps a column computed
    // from a nested parse from ever slicing inside a character.
    let err = |pos: usize, message: String| {
        let mut end = pos.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        TextError {
            column: text[..end].chars().count() + 1,
            message,
        }
    };
    for p in pairs.flatten() {
        match p.as_rule() {
            Rule::board => read_board(t, &mut s, p, text)?,
            Rule::field => {
                let start = p.as_span().start();
                let mut it = p.into_inner();
                let (Some(k), Some(v)) = (it.next(), it.next()) else {
                    continue;
                };
                let (key, val, vpos) = (k.as_str(), v.as_str(), v.as_span().start());
                let int = |what: &str| -> Result<i64, TextError> {
                    val.parse::<i64>().map_err(|_| {
                        let digits = val.strip_prefix('-').unwrap_or(val);
                        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                            err(
                                vpos,
                                format!("{what} = {val} is too large: at most {}", i64::MAX),
                            )
                        } else {
                            err(vpos, format!("{what} must be a whole number, not `{val}`"))
                        }
                    })
                };
                match key {
                    "turn" => {
                        s.turn = t.seat(val).ok_or_else(|| {
                            let names: Vec<&str> =
                                t.seats.iter().map(|x| x.name.as_str()).collect();
                            err(
                                vpos,
                                format!("`{val}` is not a seat (seats: {})", names.join(", ")),
                            )
                        })?
                    }
                    "phase" => {
                        s.phase = t.phases.iter().position(|x| x == val).ok_or_else(|| {
                            err(
                                vpos,
                                format!("`{val}` is not a phase (phases: {})", t.phases.join(", ")),
                            )
                        })? as u8
                    }
                    "round" => s.round = int("round")?.clamp(1, u16::MAX as i64) as u16,
                    "ply" => s.ply = int("ply")?.clamp(0, u32::MAX as i64) as u32,
                    "passes" => s.passes = int("passes")?.clamp(0, 255) as u8,
                    "result" => {
                        let ranks: Result<smallvec::SmallVec<[u8; 6]>, _> =
                            val.split(',').map(|x| x.parse::<u8>()).collect();
                        match ranks {
                            Ok(r) if r.len() == t.player_count() => {
                                s.outcome = Some(crate::engine::Outcome {
                                    ranks: r,
                                    reason: "as given by the position".into(),
                                    cells: Vec::new(),
                                })
                            }
                            _ => {
                                return Err(err(
                                    vpos,
                                    format!(
                                        "result needs {} ranks (0 = first), one per seat",
                                        t.player_count()
                                    ),
                                ));
                            }
                        }
                    }
                    "dice" => {
                        let values: Option<Vec<u8>> =
                            val.split(',').map(|x| x.trim().parse().ok()).collect();
                        s.dice = values
                            .and_then(|v| crate::engine::Dice::from_values(&v))
                            .ok_or_else(|| {
                                err(
                                    vpos,
                                    format!(
                                        "dice are up to {} numbers from 1 to {}, like `dice=3,5`",
                                        crate::engine::Dice::MAX,
                                        crate::engine::Dice::MAX_PIPS
                                    ),
                                )
                            })?;
                    }
                    "score" => {
                        let parts: Vec<&str> = val.split(',').collect();
                        if parts.len() != t.player_count() {
                            return Err(err(
                                vpos,
                                format!("score needs {} numbers, one per seat", t.player_count()),
                            ));
                        }
                        for (i, x) in parts.iter().enumerate() {
                            s.scores[i] = x
                                .parse()
                                .map_err(|_| err(vpos, format!("`{x}` is not a score")))?;
                        }
                    }
                    "moved" if t.unmoved.is_some() => moved = Some((val, vpos)),
                    "passed" if t.en_passant => {
                        let cells: Option<Vec<crate::board::CellId>> =
                            val.split(',').map(|x| t.board.cell(x.trim())).collect();
                        match cells.as_deref() {
                            Some(&[over, piece_at]) => {
                                s.passed = Some(crate::engine::Passed { over, piece_at })
                            }
                            _ => {
                                return Err(err(
                                    vpos,
                                    format!(
                                        "passed is the cell passed over, then the cell of the piece that passed (`passed=e3,e4`), not `{val}`"
                                    ),
                                ));
                            }
                        }
                    }
                    _ if key.starts_with("var.") => {
                        let name = &key[4..];
                        let i = t.vars.iter().position(|v| v == name).ok_or_else(|| {
                            // Castling rights and en passant were script variables once.
                            let instead = if t.unmoved.is_some() || t.en_passant {
                                "; castling rights are written `moved=h1,e8` (kings and rooks on their squares that have moved) and an en passant square `passed=d6,d5`"
                            } else {
                                ""
                            };
                            err(
                                start,
                                format!(
                                    "`{name}` is not a variable of this game (vars: {}){instead}",
                                    t.vars.join(", ")
                                ),
                            )
                        })?;
                        s.vars[i] = match t.board.cell(val).filter(|_| t.last_var == Some(i)) {
                            Some(c) => c.index() as i64 + 1,
                            None => int("a variable")?,
                        };
                    }
                    _ => {
                        let (zname, seat) = match key.split_once('.') {
                            Some((z, seat)) => (z, Some(seat)),
                            None => (key, None),
                        };
                        let seat_id = match seat {
                            Some(n) => Some(
                                t.seat(n)
                                    .ok_or_else(|| err(start, format!("`{n}` is not a seat")))?,
                            ),
                            None => None,
                        };
                        let loc = t.zone_loc(zname, seat_id).filter(|l| {
                            t.loc_zone(*l)
                                .is_some_and(|z| z.seat.is_none() || seat_id.is_some())
                        });
                        let Some(loc) = loc else {
                            return Err(err(
                                start,
                                format!(
                                    "`{key}` is not a field: use turn, phase, round, ply, passes, dice, score, moved (castling), passed (en passant), var.NAME or a zone ({})",
                                    zone_keys(t).join(", ")
                                ),
                            ));
                        };
                        let mut pieces = parse_pieces(t, val)
                            .map_err(|e| err(vpos + e.column.saturating_sub(1), e.message))?;
                        pieces.sort();
                        s.stacks[loc.index()] = pieces.into_iter().collect();
                    }
                }
            }
            _ => {}
        }
    }
    // Castling: the tracked set-up pieces still on their cells are unmoved, unless `moved`
    // lists them.
    if let Some(u) = &t.unmoved {
        for &(c, piece) in &u.home {
            if s.top(c.into()) == Some(piece) {
                s.set_unmoved(c, true);
            }
        }
        if let Some((val, vpos)) = moved {
            for name in val.split(',').map(str::trim) {
                match t.board.cell(name) {
                    Some(c) if s.is_unmoved(c) => s.set_unmoved(c, false),
                    _ => {
                        return Err(err(
                            vpos,
                            format!(
                                "moved lists set-up cells still holding their set-up piece (castling rights lost), and `{name}` is not one"
                            ),
                        ));
                    }
                }
            }
        }
    }
    s.rekey(t);
    Ok(s)
}

fn zone_keys(t: &Tables) -> Vec<String> {
    t.zones
        .iter()
        .map(|z| match z.seat {
            Some(p) => format!("{}.{}", z.name, t.seats[p.index()].name),
            None => z.name.clone(),
        })
        .collect()
}

fn read_board(t: &Tables, s: &mut State, board: Pair<Rule>, text: &str) -> Result<(), TextError> {
    let rows: Vec<Pair<Rule>> = board.into_inner().collect();
    let col = |pos: usize| text[..pos].chars().count() + 1;
    if rows.len() != t.board.rows().len() {
        return Err(TextError {
            column: 1,
            message: format!(
                "the board has {} rows, the text gives {}",
                t.board.rows().len(),
                rows.len()
            ),
        });
    }
    for (r, row) in rows.into_iter().enumerate() {
        let cells = &t.board.rows()[r];
        let row_start = row.as_span().start();
        let mut i = 0usize;
        for item in row.into_inner() {
            let pos = item.as_span().start();
            match item.as_rule() {
                Rule::empties => {
                    let n: usize = item.as_str().parse().unwrap_or(usize::MAX);
                    i = i.saturating_add(n);
                }
                Rule::piece | Rule::stack => {
                    let mut stack = Stack::new();
                    let mut bits = 0u32;
                    let pieces: Vec<Pair<Rule>> = if item.as_rule() == Rule::piece {
                        vec![item]
                    } else {
                        item.into_inner().collect()
                    };
                    for p in pieces {
                        let at = p.as_span().start();
                        if p.as_rule() == Rule::beside {
                            if !t.layered {
                                return Err(TextError {
                                    column: col(at),
                                    message: "`+` (pieces side by side) is only for games whose cells hold layers".into(),
                                });
                            }
                            if stack.len() > crate::engine::MAX_LAYERED_STACK {
                                return Err(TextError {
                                    column: col(at),
                                    message: format!(
                                        "a cell holds at most {} pieces in a game with layers",
                                        crate::engine::MAX_LAYERED_STACK
                                    ),
                                });
                            }
                            bits |= 1 << stack.len();
                            continue;
                        }
                        stack.push(piece_from_text(t, p.as_str()).map_err(|m| TextError {
                            column: col(at),
                            message: m.message,
                        })?);
                    }
                    if let Some(&c) = cells.get(i) {
                        s.stacks[c.index()] = stack;
                        if let Some(b) = s.layers.get_mut(c.index()) {
                            *b = bits;
                        }
                    }
                    i += 1;
                }
                _ => {}
            }
            if i > cells.len() {
                return Err(TextError {
                    column: col(pos),
                    message: format!("row {} has only {} cells", r + 1, cells.len()),
                });
            }
        }
        if i != cells.len() {
            return Err(TextError {
                column: col(row_start),
                message: format!(
                    "row {} has {} cells, the text gives {i}",
                    r + 1,
                    cells.len()
                ),
            });
        }
    }
    Ok(())
}
