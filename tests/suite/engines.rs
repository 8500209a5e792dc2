//! Outside game engines as separate programs, shared by the tests that drive them
//! (`differential`, which compares legal moves, and `versus`, which plays matches): a process
//! spoken to line by line, finding it (or skipping the test without it), GTP's answers, and
//! the conversions between icebox's move and position texts and the engines' (UCI moves, GTP
//! points, gnubg's boards).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// How long an engine may take to answer one request before the test gives up.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// An outside program, driven line by line over its standard input and output.
pub struct Engine {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start(path: &Path, args: &[&str]) -> Engine {
        let name = path.display().to_string();
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{name} does not start: {e}"));
        let input = child.stdin.take().expect("piped stdin");
        let output = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            name,
            child,
            input,
            lines,
        }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .unwrap_or_else(|e| panic!("{} stopped reading (`{line}`): {e}", self.name));
    }

    pub fn line(&mut self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .unwrap_or_else(|e| panic!("{} gave no answer within {PATIENCE:?} ({e})", self.name))
    }

    /// The lines up to and including the first that `last` accepts.
    pub fn until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.line();
            let done = last(&l);
            out.push(l);
            if done {
                return out;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An engine's program on the PATH or in /usr/games (where Debian puts them).
pub fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The engine's program, or `None` after saying why `what` does not run (a failure when
/// ICEBOX_REQUIRE_ENGINES=1).
pub fn require(name: &str, what: &str) -> Option<PathBuf> {
    let found = program(name);
    if found.is_none() {
        let msg = format!("{what} SKIPPED: {name} is not installed");
        assert!(
            std::env::var("ICEBOX_REQUIRE_ENGINES").as_deref() != Ok("1"),
            "{msg} (and ICEBOX_REQUIRE_ENGINES=1)"
        );
        eprintln!("{msg}");
    }
    found
}

/// An icebox move (`e2-e4`, `e5:d6`, `e7-e8=Q`, `e7-e8=Q~`, `N@f3`, `b3:b10`) in UCI.
pub fn uci(text: &str) -> String {
    let mut out = String::new();
    let mut promote = false;
    for c in text.chars() {
        match c {
            '-' | ':' | '~' | '+' | '#' => {}
            '=' => promote = true,
            c if promote => out.push(c.to_ascii_lowercase()),
            c => out.push(c),
        }
    }
    out
}

/// GNU Go over GTP.
pub struct Gtp(pub Engine);

impl Gtp {
    /// A command's answer (after `= `); a `?` answer fails with `context`.
    pub fn ask(&mut self, cmd: &str, context: &dyn Fn() -> String) -> String {
        self.0.send(cmd);
        let mut lines = self.0.until(|l| l.is_empty());
        // An answer starts with `=` or `?`; anything before it is not part of it.
        while lines.first().is_some_and(|l| !l.starts_with(['=', '?'])) {
            lines.remove(0);
        }
        let text = lines.join("\n");
        match text.strip_prefix('=') {
            Some(rest) => rest.trim().to_string(),
            None => panic!("GNU Go refuses `{cmd}` ({}): {text}", context()),
        }
    }
}

/// GNU Go's files: A-T without I.
pub const GTP_FILES: &str = "ABCDEFGHJKLMNOPQRST";

/// GNU Go's name of a point.
pub fn gtp_point(f: usize, r: usize) -> String {
    format!("{}{}", GTP_FILES.as_bytes()[f] as char, r + 1)
}

/// icebox's `S@e5` as GNU Go's `E5`.
pub fn gtp_of(text: &str) -> Option<String> {
    let sq = text.strip_prefix("S@")?;
    let f = sq.as_bytes()[0] - b'a';
    let r: usize = sq[1..].parse().ok()?;
    Some(gtp_point(usize::from(f), r - 1))
}

/// GNU Go's `E5` as icebox's `S@e5` (icebox's files run a, b, c... with no gap at I);
/// `None` for anything but a point of the board.
pub fn icebox_point(vertex: &str) -> Option<String> {
    let mut chars = vertex.chars();
    let f = GTP_FILES.find(chars.next()?.to_ascii_uppercase())?;
    let r: usize = chars.as_str().parse().ok()?;
    let file = char::from(b'a' + u8::try_from(f).ok()?);
    Some(format!("S@{file}{r}"))
}

/// A backgammon position as gnubg's boards: the checkers of the player `me` (0 White, 1
/// Black) on its points 1-24 in its own numbering, then its bar; then the opponent's, in the
/// opponent's numbering.
pub fn gnubg_boards(text: &str, me: usize) -> Vec<u8> {
    let mut fields = text.split(' ');
    let rows = fields.next().expect("rows");
    let (top, bottom) = rows.split_once('/').expect("two rows");
    // Each point's (owner, count): top row 13-24, bottom row 12-1.
    let read = |row: &str| -> Vec<(char, u8)> {
        let mut out = Vec::new();
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '0'..='9' => {
                    let mut n = c.to_digit(10).expect("digit");
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n * 10 + d;
                        chars.next();
                    }
                    out.extend(std::iter::repeat_n(('-', 0), n as usize));
                }
                '(' => {
                    let mut stack = String::new();
                    for d in chars.by_ref() {
                        if d == ')' {
                            break;
                        }
                        stack.push(d);
                    }
                    let owner = stack.chars().next().expect("a checker");
                    out.push((owner, (stack.len() / 2) as u8));
                }
                'w' | 'b' => {
                    chars.next(); // the `C`
                    out.push((c, 1));
                }
                _ => panic!("unexpected `{c}` in {row}"),
            }
        }
        assert_eq!(out.len(), 12, "twelve points in {row}");
        out
    };
    let mut points = [('-', 0u8); 25];
    for (i, p) in read(top).into_iter().enumerate() {
        points[13 + i] = p;
    }
    for (i, p) in read(bottom).into_iter().enumerate() {
        points[12 - i] = p;
    }
    let mut bar = [0u8; 2];
    for f in fields {
        for (i, seat) in ["White", "Black"].iter().enumerate() {
            if let Some(v) = f.strip_prefix(&format!("bar.{seat}=")) {
                bar[i] = v
                    .split(',')
                    .map(|c| c[..c.len() - 2].parse::<u8>().unwrap_or(1))
                    .sum();
            }
        }
    }
    let mut out = vec![0u8; 50];
    for (n, &(owner, count)) in points.iter().enumerate().skip(1) {
        // White's point n is its own n; Black's own numbering runs the other way.
        let (seat, own) = match owner {
            'w' => (0, n),
            'b' => (1, 25 - n),
            _ => continue,
        };
        let base = if seat == me { 0 } else { 25 };
        out[base + own - 1] = count;
    }
    out[24] = bar[me];
    out[49] = bar[1 - me];
    out
}

/// The dice of a position text (`dice=3,5`, doubles `dice=4,4,4,4`): the two thrown.
pub fn dice_of(text: &str) -> Option<(u8, u8)> {
    let d = text.split(' ').find_map(|f| f.strip_prefix("dice="))?;
    let v: Vec<u8> = d.split(',').filter_map(|x| x.parse().ok()).collect();
    match v.as_slice() {
        [a, b] => Some((*a, *b)),
        [a, a2, _, _] if a == a2 => Some((*a, *a)),
        _ => None,
    }
}
