//! Game records: a text file with headers (game, variant, options, seats, seed, dice, date,
//! result) and numbered moves, comments allowed (pest grammar in `record.pest`). Reading checks
//! the syntax; [`replay`] checks every move against the rules and stops at the first illegal
//! one with its number and the reason. [`save`] writes through a temporary file and a rename,
//! so a crash never leaves half a record.

use std::path::Path;

use pest::Parser;

use crate::diag::Diagnostic;
use crate::engine::{State, Undo};
use crate::game::Game;

#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "record/record.pest"]
    pub(super) struct Grammar;
}
use grammar::{Grammar, Rule};

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its number (the ply, from 1).
    pub number: u32,
    /// The seat that played it.
    pub seat: String,
    /// The move text.
    pub text: String,
    /// A comment after it.
    pub comment: Option<String>,
}

/// A parsed record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Headers in file order (`Game`, `Variant`, `Set`, `Seats`, `Seed`, `Dice`, `Date`,
    /// `Result`, `Position`, and any others).
    pub headers: Vec<(String, String)>,
    /// A comment before the first move.
    pub preface: Option<String>,
    /// The moves.
    pub moves: Vec<Entry>,
}

impl Record {
    /// The value of a header.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets (or adds) a header.
    pub fn set_header(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.headers.iter_mut().find(|(k, _)| k == key) {
            Some(h) => h.1 = value,
            None => self.headers.push((key.to_string(), value)),
        }
    }

    /// The `--set` pairs of the `Set` header (`key=value` separated by spaces).
    pub fn sets(&self) -> Vec<(String, String)> {
        self.header("Set")
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// Reads a record; syntax errors point at line and column of `file`.
    pub fn parse(file: &str, text: &str) -> Result<Record, Diagnostic> {
        let mut pairs = Grammar::parse(Rule::record, text).map_err(|e| {
            let (line, col) = match e.line_col {
                pest::error::LineColLocation::Pos(p) | pest::error::LineColLocation::Span(p, _) => p,
            };
            let what = match &e.variant {
                pest::error::ErrorVariant::ParsingError { positives, .. }
                    if positives.contains(&Rule::entry) || positives.contains(&Rule::number) =>
                {
                    "expected a numbered move like `1. A: c1-c2`, a header like `[Game \"x\"]`, or a comment"
                }
                _ => "this is not record syntax",
            };
            Diagnostic::error(file, what).at_line_col(text, line, col)
        })?;
        let mut rec = Record::default();
        let Some(root) = pairs.next() else {
            return Ok(rec);
        };
        for p in root.into_inner() {
            match p.as_rule() {
                Rule::header => {
                    let mut it = p.into_inner();
                    let key = it
                        .next()
                        .map(|x| x.as_str().to_string())
                        .unwrap_or_default();
                    let val = it.next().map(|x| unescape(x.as_str())).unwrap_or_default();
                    rec.headers.push((key, val));
                }
                Rule::comment => {
                    rec.preface = p.into_inner().next().map(|n| n.as_str().trim().to_string());
                }
                Rule::entry => {
                    let (line, col) = p.as_span().start_pos().line_col();
                    let mut it = p.into_inner();
                    let number = it.next().map(|x| x.as_str()).unwrap_or_default();
                    let number = number.parse().map_err(|_| {
                        Diagnostic::error(file, format!("move number `{number}` is too large"))
                            .at_line_col(text, line, col)
                    })?;
                    let seat = it
                        .next()
                        .map(|x| x.as_str().to_string())
                        .unwrap_or_default();
                    let word = it
                        .next()
                        .map(|x| x.as_str().to_string())
                        .unwrap_or_default();
                    let comment = it
                        .next()
                        .and_then(|c| c.into_inner().next())
                        .map(|n| n.as_str().trim().to_string());
                    rec.moves.push(Entry {
                        number,
                        seat,
                        text: word,
                        comment,
                    });
                }
                _ => {}
            }
        }
        Ok(rec)
    }

    /// Writes the record as text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.headers {
            out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
        if let Some(c) = &self.preface {
            out.push_str(&format!("\n{{ {} }}\n", c.replace('}', ")")));
        }
        if !self.moves.is_empty() {
            out.push('\n');
        }
        for e in &self.moves {
            out.push_str(&format!("{}. {}: {}", e.number, e.seat, e.text));
            if let Some(c) = &e.comment {
                out.push_str(&format!(" {{ {} }}", c.replace('}', ")")));
            }
            out.push('\n');
        }
        out
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', " ")
}

fn unescape(s: &str) -> String {
    s.replace("\\\"", "\"").replace("\\\\", "\\")
}

/// A record whose moves do not all follow the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The number of the offending move, as written.
    pub number: u32,
    /// The move text.
    pub text: String,
    /// Why it is wrong.
    pub reason: String,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {} `{}`: {}", self.number, self.text, self.reason)
    }
}

/// Replays a record's moves from its start (the `Position` header, or the game's start),
/// checking each: numbering, the seat to move, and legality. Returns the final state and the
/// undo list, or the first move that fails.
pub fn replay(g: &Game, rec: &Record) -> Result<(State, Vec<Undo>), ReplayError> {
    let fail = |e: &Entry, reason: String| ReplayError {
        number: e.number,
        text: e.text.clone(),
        reason,
    };
    let mut s = match rec.header("Position") {
        Some(p) => g.position(p).map_err(|d| ReplayError {
            number: 0,
            text: p.to_string(),
            reason: format!("the Position header does not read: {}", d.message),
        })?,
        None => g.start().map_err(|e| ReplayError {
            number: 0,
            text: String::new(),
            reason: e.to_string(),
        })?,
    };
    let mut undos = Vec::with_capacity(rec.moves.len());
    for (i, e) in rec.moves.iter().enumerate() {
        let want = i as u32 + 1;
        if e.number != want {
            return Err(fail(e, format!("expected move number {want}")));
        }
        if s.is_over() {
            return Err(fail(e, "the game was already over".into()));
        }
        let to_move = &g.tables.seats[s.turn().index()].name;
        if &e.seat != to_move {
            return Err(fail(e, format!("it is {to_move}'s turn, not {}'s", e.seat)));
        }
        // Besides moves, a record holds the two ways a game ends off the board.
        let done = if e.text == "resign" {
            let who = s.turn();
            g.resign(&mut s, who).map_err(|err| err.to_string())
        } else if let Some(what) = e.text.strip_prefix("agree ") {
            g.agree(&mut s, what.trim()).map_err(|err| err.to_string())
        } else {
            g.play_text(&mut s, &e.text)
                .map(|(_, u)| u)
                .map_err(|err| err.to_string())
        };
        match done {
            Ok(u) => undos.push(u),
            Err(reason) => return Err(fail(e, reason)),
        }
    }
    Ok((s, undos))
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so the
/// file is either the old one or the whole new one.
pub fn save(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "record".into());
    let tmp = match dir {
        Some(d) => d.join(format!(".{name}.tmp")),
        None => Path::new(&format!(".{name}.tmp")).to_path_buf(),
    };
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}
