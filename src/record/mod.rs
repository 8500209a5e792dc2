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
        Record::parse_with_ends(file, text).map(|(r, _)| r)
    }

    /// Reads a record and where its moves are in `text`, so a writer can take moves back
    /// without losing the comments written before them. A last line cut short (a write
    /// interrupted by a crash, the file not ending in a newline) is left out and named in
    /// [`Layout::cut`]; any other syntax error is an error.
    pub fn parse_with_ends(file: &str, text: &str) -> Result<(Record, Layout), Diagnostic> {
        let error = |e: pest::error::Error<Rule>, at: usize| {
            let local = match e.location {
                pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
            };
            let what = match &e.variant {
                pest::error::ErrorVariant::ParsingError { positives, .. }
                    if positives.contains(&Rule::entry) || positives.contains(&Rule::number) =>
                {
                    "expected a numbered move like `1. A: c1-c2`, a header like `[Game \"x\"]`, or a comment"
                }
                _ => "this is not record syntax",
            };
            (Diagnostic::error(file, what), at + local)
        };
        let mut rec = Record::default();
        let mut layout = Layout {
            head: text.len(),
            ends: Vec::new(),
            cut: None,
            unfinished: None,
        };
        let located = |(d, at): (Diagnostic, usize)| d.at_offset(text, at);
        let head = Grammar::parse(Rule::head, text)
            .map_err(|e| located(error(e, 0)))?
            .next();
        let mut pos = 0;
        if let Some(head) = head {
            pos = head.as_span().end();
            for p in head.into_inner() {
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
                    _ => {}
                }
            }
        }
        while !only_blanks(&text[pos..]) {
            let mut found = Grammar::parse(Rule::next_entry, &text[pos..]);
            let Some(p) = found
                .as_mut()
                .ok()
                .and_then(|p| p.next())
                .and_then(|p| p.into_inner().next())
            else {
                let e = found.err().map(|e| error(e, pos));
                // Only the file's last line, unfinished, may be cut short.
                let last_line = text.rfind('\n').map_or(0, |i| i + 1);
                match e {
                    Some((_, at)) if at >= last_line && !text.ends_with('\n') => {
                        layout.cut = Some(last_line.max(pos));
                        break;
                    }
                    Some(e) => return Err(located(e)),
                    None => break,
                }
            };
            let (start, end) = (pos + p.as_span().start(), pos + p.as_span().end());
            if layout.ends.is_empty() {
                layout.head = start;
            }
            layout.ends.push(end);
            let mut it = p.into_inner();
            let number = it.next().map(|x| x.as_str()).unwrap_or_default();
            let number = number.parse().map_err(|_| {
                Diagnostic::error(file, format!("move number `{number}` is too large"))
                    .at_offset(text, start)
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
            pos = end;
        }
        if !text.ends_with('\n') {
            let last_line = text.rfind('\n').map_or(0, |i| i + 1);
            if layout.cut.is_none() && layout.ends.last().is_some_and(|e| *e > last_line) {
                layout.unfinished = Some(last_line);
            }
        }
        Ok((rec, layout))
    }

    /// The line of one move, as written in a record.
    pub fn entry_line(e: &Entry) -> String {
        let mut out = format!("{}. {}: {}", e.number, e.seat, e.text);
        if let Some(c) = &e.comment {
            out.push_str(&format!(" {{ {} }}", c.replace('}', ")")));
        }
        out.push('\n');
        out
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
            out.push_str(&Record::entry_line(e));
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

/// Where the moves of a record's text are: the text before the first move (headers and the
/// comments before it) ends at `head`; move `i`'s text ends at `ends[i]` (byte offsets).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// End of the text before the first move.
    pub head: usize,
    /// End of each move's text.
    pub ends: Vec<usize>,
    /// Where a last line cut short begins (left out of the record), if there is one.
    pub cut: Option<usize>,
    /// Where the last line begins when the file does not end with a newline and that line
    /// holds the last move: a write may have been cut there (see [`replay_repairing`]).
    pub unfinished: Option<usize>,
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
        if let Some(o) = s.outcome() {
            // Said in full: a record written before a rule of the game was corrected (a draw
            // that version did not see) goes on past the end today's rules find.
            return Err(fail(
                e,
                format!(
                    "the game was already over after move {}: {}; a record written by a version that did not end the game there goes on past this end",
                    i,
                    g.outcome_text(o, s.scores())
                ),
            ));
        }
        let to_move = &g.tables().seats[s.turn().index()].name;
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

/// Whether `text` holds nothing but white space and `;` line comments (what the grammar
/// skips): the end of a record. Checked by hand, as a failing parse at every move would
/// build an error each time.
fn only_blanks(text: &str) -> bool {
    let mut lines = text.split('\n');
    lines.all(|l| {
        let l = l.trim_start_matches([' ', '\t', '\r']);
        l.is_empty() || l.starts_with(';')
    })
}

/// [`replay`], except that a last move on a last line the file did not finish (no newline
/// after it), which does not replay, is taken for a write cut short by a crash: it is left
/// out of `rec` and `layout` (whose `cut` then says where it began) and the rest is replayed.
pub fn replay_repairing(
    g: &Game,
    rec: &mut Record,
    layout: &mut Layout,
) -> Result<(State, Vec<Undo>), ReplayError> {
    match replay(g, rec) {
        Err(e)
            if layout.unfinished.is_some()
                && rec.moves.last().is_some_and(|last| last.number == e.number) =>
        {
            rec.moves.pop();
            layout.ends.pop();
            layout.cut = layout.unfinished.take();
            replay(g, rec)
        }
        done => done,
    }
}

/// A record kept on disk while a game is played: each move is appended (constant work per
/// move); taking moves back or changing a header rewrites the file atomically. Whatever the
/// file held before the new moves (comments included) is kept as written.
///
/// A person's move is synced to disk at once. The computer's moves are synced at least every
/// [`SYNC_EVERY`] and whenever [`Writer::sync`] is called (before a person is asked, at the
/// end, when the writer is dropped): a sync costs milliseconds, which would make a game of
/// computer seats a hundred times slower if every ply paid it, and a crash then loses at most
/// the last fraction of a second of computer moves, which replaying the seed plays again.
#[derive(Debug)]
pub struct Writer {
    path: std::path::PathBuf,
    /// The file's text as it is on disk.
    text: String,
    /// Where the text of each move ends, in order; the headers end at `head`.
    ends: Vec<usize>,
    head: usize,
    /// The file opened for appending, until a rewrite replaces it.
    file: Option<std::fs::File>,
    /// When the appended text was last synced, and whether some is not yet.
    synced: std::time::Instant,
    pending: bool,
}

/// The longest a computer's move waits to be synced to disk.
pub const SYNC_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

impl Drop for Writer {
    fn drop(&mut self) {
        let _ = self.sync();
    }
}

impl Writer {
    /// Starts a new file with the record's headers and moves. An existing file is refused
    /// (`overwrite = false`): it may be a record of another game.
    pub fn create(path: &Path, rec: &Record, overwrite: bool) -> std::io::Result<Writer> {
        if !overwrite && std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::AlreadyExists,
                "the file exists (it may be another game's record): choose another name, or say it may be overwritten",
            ));
        }
        let moves = rec.moves.clone();
        let mut head_only = rec.clone();
        head_only.moves.clear();
        let mut text = head_only.to_text();
        if !text.ends_with("\n\n") {
            text.push('\n');
        }
        let mut w = Writer {
            path: path.to_path_buf(),
            head: text.len(),
            text,
            ends: Vec::new(),
            file: None,
            synced: std::time::Instant::now(),
            pending: false,
        };
        for e in &moves {
            w.text.push_str(&Record::entry_line(e));
            w.ends.push(w.text.len());
        }
        crate::fsio::write_atomic(path, w.text.as_bytes())?;
        Ok(w)
    }

    /// Goes on with a record read from `text` (with `ends` from
    /// [`Record::parse_with_ends`]), written to `path`: the same file, appended to, or a new
    /// one that starts as a copy of it.
    pub fn resume(
        path: &Path,
        text: &str,
        layout: Layout,
        same_file: bool,
    ) -> std::io::Result<Writer> {
        let layout_cut = layout.cut.is_some();
        let mut w = Writer {
            path: path.to_path_buf(),
            text: text.to_string(),
            ends: layout.ends,
            head: layout.head,
            file: None,
            synced: std::time::Instant::now(),
            pending: false,
        };
        let cut = layout_cut;
        if !w.text.is_empty() && !w.text.ends_with('\n') {
            w.text.push('\n');
            if same_file && !cut {
                crate::fsio::append_synced(path, b"\n")?;
            }
        }
        // A last line cut short is gone from the text: the file is rewritten without it.
        if !same_file || cut {
            crate::fsio::write_atomic(path, w.text.as_bytes())?;
        }
        Ok(w)
    }

    /// The file written to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Moves written so far.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether no move is written yet.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Appends one move; `durable` (a person's move) syncs it to disk at once, otherwise it
    /// is synced within [`SYNC_EVERY`].
    pub fn append(&mut self, e: &Entry, durable: bool) -> std::io::Result<()> {
        use std::io::Write;
        let line = Record::entry_line(e);
        if self.file.is_none() {
            self.file = Some(
                std::fs::OpenOptions::new()
                    .append(true)
                    .create(true)
                    .open(&self.path)?,
            );
        }
        if let Some(f) = &mut self.file {
            f.write_all(line.as_bytes())?;
        }
        self.pending = true;
        self.text.push_str(&line);
        self.ends.push(self.text.len());
        if durable || self.synced.elapsed() >= SYNC_EVERY {
            self.sync()?;
        }
        Ok(())
    }

    /// Syncs what was appended and not yet synced.
    pub fn sync(&mut self) -> std::io::Result<()> {
        if self.pending
            && let Some(f) = &self.file
        {
            f.sync_data()?;
        }
        self.pending = false;
        self.synced = std::time::Instant::now();
        Ok(())
    }

    /// Keeps only the first `n` moves (the rest were taken back).
    pub fn truncate(&mut self, n: usize) -> std::io::Result<()> {
        if n >= self.ends.len() {
            return Ok(());
        }
        let cut = if n == 0 { self.head } else { self.ends[n - 1] };
        let mut text = self.text[..cut].to_string();
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        crate::fsio::write_atomic(&self.path, text.as_bytes())?;
        self.file = None;
        self.pending = false;
        self.text = text;
        self.ends.truncate(n);
        Ok(())
    }

    /// Sets a header (`Result` at the end of a game), rewriting the file.
    pub fn set_header(&mut self, key: &str, value: &str) -> std::io::Result<()> {
        let line = format!("[{key} \"{}\"]\n", escape(value));
        let prefix = format!("[{key} \"");
        let head = &self.text[..self.head];
        let (start, end) = match head.find(&prefix) {
            Some(i) => {
                let end = head[i..].find('\n').map_or(head.len(), |j| i + j + 1);
                (i, end)
            }
            None => {
                // After the last header line.
                let at = head.rfind("\"]\n").map_or(0, |i| i + 3);
                (at, at)
            }
        };
        let mut text = String::with_capacity(self.text.len() + line.len());
        text.push_str(&self.text[..start]);
        text.push_str(&line);
        text.push_str(&self.text[end..]);
        let shift = line.len() as isize - (end - start) as isize;
        crate::fsio::write_atomic(&self.path, text.as_bytes())?;
        self.file = None;
        self.pending = false;
        self.text = text;
        self.head = (self.head as isize + shift) as usize;
        for e in &mut self.ends {
            *e = (*e as isize + shift) as usize;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(n: u32, seat: &str, text: &str) -> Entry {
        Entry {
            number: n,
            seat: seat.into(),
            text: text.into(),
            comment: None,
        }
    }

    /// Found by the `record` fuzzer: a comment whose text, trimmed, starts with `;` was written
    /// as `{ ; }`, which read back as a line comment that swallowed the `}`.
    #[test]
    fn a_comment_starting_with_a_semicolon_reads_back() {
        for text in [
            "{\u{b}\n;}",
            "{ ; not a line comment }",
            "[Game \"chess\"]\n1. White: e2-e4 {;x}\n",
        ] {
            let (rec, _) = Record::parse_with_ends("f.rec", text).expect("parses");
            let again = Record::parse("again.rec", &rec.to_text()).expect("reads back");
            assert_eq!(again, rec, "{text:?}");
        }
        let (rec, _) = Record::parse_with_ends("f.rec", "{ ; x }").expect("parses");
        assert_eq!(rec.preface.as_deref(), Some("; x"));
    }

    #[test]
    fn a_writer_appends_takes_back_and_keeps_comments() {
        let dir = std::env::temp_dir().join(format!("icebox-writer-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let p = dir.join("g.rec");
        let _ = std::fs::remove_file(&p);
        let original = "[Game \"icesickle\"]\n[Result \"*\"]\n\n; a note\n1. A: M@a1 { first }\n; between\n2. B: M@b1\n";
        std::fs::write(&p, original).expect("write");
        let (rec, layout) = Record::parse_with_ends("g.rec", original).expect("reads");
        assert_eq!(rec.moves.len(), 2);
        let mut w = Writer::resume(&p, original, layout, true).expect("resume");
        w.append(&entry(3, "A", "M@c1"), true).expect("append");
        let now = std::fs::read_to_string(&p).expect("read");
        assert!(
            now.starts_with(original) && now.ends_with("3. A: M@c1\n"),
            "{now}"
        );
        w.truncate(1).expect("take back");
        let now = std::fs::read_to_string(&p).expect("read");
        assert!(
            now.contains("; a note") && now.contains("{ first }") && !now.contains("2. B"),
            "{now}"
        );
        w.set_header("Result", "A").expect("header");
        w.append(&entry(2, "B", "L@e5"), false).expect("append");
        let now = std::fs::read_to_string(&p).expect("read");
        let back = Record::parse("g.rec", &now).expect("reads");
        assert_eq!(back.header("Result"), Some("A"));
        assert_eq!(back.moves.len(), 2);
        assert_eq!(back.moves[1].text, "L@e5");
        assert!(
            Writer::create(&p, &back, false).is_err(),
            "an existing record is not overwritten"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
