//! Results files: one JSON line per finished game. A writer holds an exclusive lock on its
//! file (two runs never interleave into one), writes each line as soon as its game ends and
//! syncs it (a killed run loses at most the games still being played), and on opening
//! repairs a last line cut short by a crash. Readers check that every result belongs to one
//! configuration and report seeds that are missing or played twice.

use std::collections::BTreeMap;
use std::io::{Seek, Write};
use std::path::Path;

use super::{Config, GameResult};
use crate::diag::Failure;

/// Why a results file could not be read, written or merged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResultsErrorKind {
    /// Another run holds the file's lock.
    Locked,
    /// Reading, writing or syncing failed, or the path is not a regular file.
    Io,
    /// A line other than a cut-off last one is not a result, or the file is over the limit.
    Damaged,
    /// Results of different experiments (configurations) were mixed.
    Mismatch,
}

/// A results file's failure.
pub type ResultsError = Failure<ResultsErrorKind>;

fn io(message: String) -> ResultsError {
    Failure::new(ResultsErrorKind::Io, message)
}

/// A results file open for appending, locked against other writers.
#[derive(Debug)]
pub struct ResultsFile {
    file: std::fs::File,
}

/// What opening a results file found in it.
#[derive(Debug, Default)]
pub struct Opened {
    /// The results already there.
    pub results: Vec<GameResult>,
    /// A note when a cut-off last line was removed (the crash of an earlier run).
    pub repaired: Option<String>,
}

impl ResultsFile {
    /// Opens (or creates) `path` for appending and locks it. Fails if another run holds it,
    /// if it is not a regular file, or if a line other than the last is not a result.
    pub fn open(path: &Path) -> Result<(ResultsFile, Opened), ResultsError> {
        let name = path.display();
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            return Err(io(format!(
                "{name}: not a regular file (a folder, a device or a pipe)"
            )));
        }
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| io(format!("cannot open {name}: {e}")))?;
        lock(&file).map_err(|e| Failure::new(ResultsErrorKind::Locked, format!("{name}: {e}")))?;
        let len = file
            .metadata()
            .map_err(|e| io(format!("{name}: {e}")))?
            .len();
        if len > crate::fsio::MAX_DATA_BYTES {
            return Err(Failure::new(
                ResultsErrorKind::Damaged,
                format!(
                    "{name}: {len} bytes is more than the limit of {} bytes: split the results",
                    crate::fsio::MAX_DATA_BYTES
                ),
            ));
        }
        let text = crate::fsio::read_text(path, crate::fsio::MAX_DATA_BYTES)
            .map_err(|d| io(format!("{}: {}", d.file, d.message)))?;
        let (results, cut) = parse(&name.to_string(), &text, true)?;
        let mut opened = Opened {
            results,
            repaired: None,
        };
        if let Some(at) = cut {
            file.set_len(at as u64)
                .and_then(|()| file.sync_data())
                .map_err(|e| io(format!("cannot repair {name}: {e}")))?;
            opened.repaired = Some(format!(
                "{name}: its last line was cut short (an interrupted run) and is removed; that game is played again"
            ));
        }
        file.seek(std::io::SeekFrom::End(0))
            .map_err(|e| io(format!("{name}: {e}")))?;
        Ok((ResultsFile { file }, opened))
    }

    /// Appends one result and syncs it to disk.
    pub fn append(&mut self, r: &GameResult) -> Result<(), ResultsError> {
        let mut line = serde_json::to_string(r).map_err(|e| io(e.to_string()))?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|e| io(format!("cannot write the result of seed {}: {e}", r.seed)))
    }
}

#[cfg(unix)]
fn lock(f: &std::fs::File) -> Result<(), String> {
    use std::os::fd::AsRawFd;
    // SAFETY: flock on a file descriptor this process owns and keeps open; no memory involved.
    let rc = unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if rc == 0 {
        Ok(())
    } else {
        Err("another icebox run is writing this file (it is locked); wait for it, or use another --out".into())
    }
}

#[cfg(not(unix))]
fn lock(_: &std::fs::File) -> Result<(), String> {
    Ok(())
}

/// Parses results text. With `repair`, a last line that does not end in a newline and does
/// not parse is a crash's leftover: its byte offset comes back so it can be cut off. Any other
/// bad line is an error naming the line.
pub fn parse(
    name: &str,
    text: &str,
    repair: bool,
) -> Result<(Vec<GameResult>, Option<usize>), ResultsError> {
    let mut out = Vec::new();
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += line.len();
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameResult>(line) {
            Ok(r) => out.push(r),
            Err(_) if repair && !line.ends_with('\n') && offset == text.len() => {
                return Ok((out, Some(start)));
            }
            Err(e) => {
                return Err(Failure::new(
                    ResultsErrorKind::Damaged,
                    format!(
                        "{name}:{}:{}: not a selfplay result: {e}",
                        i + 1,
                        e.column().max(1)
                    ),
                ));
            }
        }
    }
    Ok((out, None))
}

/// Reads a results file (no lock: reading only).
pub fn read(path: &Path) -> Result<Vec<GameResult>, ResultsError> {
    let text = crate::fsio::read_text(path, crate::fsio::MAX_DATA_BYTES)
        .map_err(|d| io(format!("{}: {}", d.file, d.message)))?;
    parse(&path.display().to_string(), &text, false).map(|(r, _)| r)
}

/// Results gathered from several files, checked as one experiment.
#[derive(Debug, Default)]
pub struct Merged {
    /// One result per seed, in seed order.
    pub results: Vec<GameResult>,
    /// Seeds found more than once, with how many times (the first copy read is kept).
    pub duplicated: Vec<(u64, usize)>,
    /// Seeds missing between the first and the last seed found.
    pub missing: Vec<(u64, u64)>,
}

/// Merges results: they must share one configuration (else an error naming both); a seed
/// found twice is kept once and reported. Missing seeds are listed as ranges.
pub fn merge(sources: Vec<(String, Vec<GameResult>)>) -> Result<Merged, ResultsError> {
    let mut first: Option<(Config, String)> = None;
    let mut by_seed: BTreeMap<u64, (GameResult, usize)> = BTreeMap::new();
    for (file, results) in sources {
        for r in results {
            let c = r.config();
            match &first {
                None => first = Some((c, file.clone())),
                Some((want, from)) if *want != c => {
                    return Err(Failure::new(
                        ResultsErrorKind::Mismatch,
                        format!(
                            "{file} (seed {}) is another experiment than {from}:\n  {c}\n  {want}",
                            r.seed
                        ),
                    ));
                }
                Some(_) => {}
            }
            match by_seed.get_mut(&r.seed) {
                Some((_, n)) => *n += 1,
                None => {
                    by_seed.insert(r.seed, (r, 1));
                }
            }
        }
    }
    let mut m = Merged::default();
    let mut prev: Option<u64> = None;
    for (seed, (r, n)) in by_seed {
        if n > 1 {
            m.duplicated.push((seed, n));
        }
        if let Some(p) = prev
            && seed > p + 1
        {
            m.missing.push((p + 1, seed));
        }
        prev = Some(seed);
        m.results.push(r);
    }
    Ok(m)
}

#[cfg(test)]
mod kinds {
    use super::*;

    /// A program can tell a held lock and a damaged file from other failures by kind.
    #[test]
    fn failures_say_their_kind() {
        let dir = std::env::temp_dir().join(format!("icebox-kinds-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.jsonl");
        let (_held, _) = ResultsFile::open(&path).unwrap();
        let e = ResultsFile::open(&path).unwrap_err();
        assert_eq!(e.kind, ResultsErrorKind::Locked, "{e}");
        let e = parse("r.jsonl", "not json\n{}\n", true).unwrap_err();
        assert_eq!(e.kind, ResultsErrorKind::Damaged, "{e}");
        assert!(e.message.starts_with("r.jsonl:1:"), "{e}");
        let e = ResultsFile::open(&dir).unwrap_err();
        assert_eq!(e.kind, ResultsErrorKind::Io, "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
