//! The real binary in a pseudo-terminal, typed at as a person would: line editing is on
//! (rustyline), moves and commands go in with Enter, Tab completes a move, a wrong move is
//! explained, undo takes a move back, and a saved game loads again where it stopped.

#![cfg(unix)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A child process on the slave side of a new pseudo-terminal.
struct Session {
    child: Child,
    master: File,
    output: Arc<Mutex<String>>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize {
            ws_row: 50,
            ws_col: 120,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty writes two new descriptors into the two ints; no name buffer or
        // terminal settings are passed.
        let rc = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            )
        };
        assert_eq!(rc, 0, "openpty");
        // SAFETY: both descriptors were just opened and are owned here alone; each `dup` gives
        // the child its own copy of the slave.
        let (master, slave) = unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let dup = |fd: &OwnedFd| fd.try_clone().expect("dup");
        let child = Command::new(env!("CARGO_BIN_EXE_icebox"))
            .args(args)
            .env("NO_COLOR", "1")
            .env("TERM", "xterm")
            .stdin(Stdio::from(dup(&slave)))
            .stdout(Stdio::from(dup(&slave)))
            .stderr(Stdio::from(slave))
            .spawn()
            .expect("starts");
        let output = Arc::new(Mutex::new(String::new()));
        let mut reader = master.try_clone().expect("clone");
        let sink = output.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let text = String::from_utf8_lossy(&buf[..n]).to_string();
                if let Ok(mut o) = sink.lock() {
                    o.push_str(&text);
                }
            }
        });
        Session {
            child,
            master,
            output,
        }
    }

    /// Waits until the output (since the start) contains `text` `times` times.
    fn wait_for(&self, text: &str, times: usize) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let seen = self
                .output
                .lock()
                .map(|o| o.matches(text).count())
                .unwrap_or(0);
            if seen >= times {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "waited for {text:?} x{times}; the terminal shows:\n{}",
                self.output.lock().map(|o| o.clone()).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types a line and Enter, a key at a time as a person would.
    fn type_line(&mut self, line: &str) {
        std::thread::sleep(Duration::from_millis(200));
        for b in line.bytes().chain(std::iter::once(b'\r')) {
            self.master.write_all(&[b]).expect("types");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn text(&self) -> String {
        self.output.lock().map(|o| o.clone()).unwrap_or_default()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_person_plays_undoes_saves_and_loads_at_a_terminal() {
    let dir = std::env::temp_dir().join(format!("icebox-pty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let rec = dir.join("game.rec");
    let rec_s = rec.to_string_lossy().to_string();

    let mut s = Session::start(&["play", "english-draughts", "--color", "never"]);
    s.wait_for("Black to move> ", 1);
    s.type_line("c3-d4");
    s.wait_for("`c3-d4` is not a legal move", 1);
    s.wait_for("the piece on c3 is not Black's", 1);
    s.type_line("b6-a5");
    s.wait_for("1. Black: b6-a5", 1);
    s.wait_for("White to move> ", 1);
    s.type_line("undo");
    s.wait_for("Black to move> ", 2);
    s.type_line("b6-c5");
    s.wait_for("1. Black: b6-c5", 1);
    s.type_line("a3-b4");
    s.wait_for("2. White: a3-b4", 1);
    s.type_line(&format!("save {rec_s}"));
    s.wait_for("saved to", 1);
    s.type_line("quit");
    let status = s.child.wait().expect("ends");
    assert!(status.success(), "{}", s.text());

    let text = std::fs::read_to_string(&rec).expect("the record was saved");
    assert!(text.contains("1. Black: b6-c5"), "{text}");
    assert!(text.contains("2. White: a3-b4"), "{text}");
    assert!(
        !text.contains("b6-a5"),
        "the undone move is not in the record:\n{text}"
    );

    let mut s = Session::start(&["play", "--load", &rec_s, "--color", "never"]);
    s.wait_for("resumed after 2 moves", 1);
    s.wait_for("Black to move> ", 1);
    // c5 can take b4 (a capture is compulsory): the only legal move.
    s.type_line("moves");
    s.wait_for("c5:a3", 1);
    // Tab completes the only move that begins `c5`.
    s.type_line("c5\t");
    s.wait_for("3. Black: c5:a3", 1);
    s.type_line("quit");
    s.wait_for("quit anyway?", 1);
    s.type_line("yes");
    assert!(s.child.wait().expect("ends").success());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 17: against the computer, `undo` goes back to the person's previous decision
/// (taking back the computer's moves and the throws of the dice after it), `redo` replays
/// exactly what was undone, and the record on disk replays and loads after each.
#[test]
fn undo_and_redo_against_the_computer_with_dice() {
    let dir = std::env::temp_dir().join(format!("icebox-pty-dice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let rec = dir.join("bg.rec");
    let rec_s = rec.to_string_lossy().to_string();
    let _ = std::fs::remove_file(&rec);
    let replays = |moves: usize| {
        let o = Command::new(env!("CARGO_BIN_EXE_icebox"))
            .args(["replay", &rec_s])
            .output()
            .expect("replay runs");
        let out = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(o.status.success(), "{out}");
        assert!(out.contains(&format!("ok: {moves} moves")), "{out}");
    };

    let mut s = Session::start(&[
        "play",
        "backgammon",
        "--set",
        "cube=false",
        "--seat",
        "Black=random",
        "--seed",
        "3",
        "--save",
        &rec_s,
        "--quiet",
        "--color",
        "never",
    ]);
    // The opening throws (one die each, by chance), then White plays 2 and 1.
    s.wait_for("White to move> ", 1);
    s.type_line("24/22");
    s.wait_for("3. White: 24/22", 1);
    s.wait_for("White to move> ", 2);
    s.type_line("24/23");
    // Black throws and plays four moves by itself; then White's throw.
    s.wait_for("10. White: roll 1 1", 1);
    s.wait_for("White to move> ", 3);
    replays(10);
    s.type_line("undo");
    s.wait_for(
        "took back: 24/23, roll 2 2, 12/14, 17/19, 1/3, 14/16, roll 1 1",
        1,
    );
    s.wait_for("White to move> ", 4);
    replays(3);
    s.type_line("undo");
    s.wait_for("took back: 24/22", 1);
    s.wait_for("White to move> ", 5);
    replays(2);
    s.type_line("redo");
    s.wait_for("3. White: 24/22", 2);
    replays(3);
    s.type_line("redo");
    s.wait_for("10. White: roll 1 1", 2);
    s.wait_for("White to move> ", 7);
    replays(10);
    s.type_line("quit");
    assert!(s.child.wait().expect("ends").success(), "{}", s.text());

    // Loaded again: the seats are the record's (Black plays by itself), and undo still goes
    // back to White's last decision.
    let mut s = Session::start(&[
        "play", "--load", &rec_s, "--save", &rec_s, "--color", "never", "--quiet",
    ]);
    s.wait_for("resumed after 10 moves", 1);
    s.wait_for("White to move> ", 1);
    s.type_line("undo");
    s.wait_for("took back: 24/23, roll 2 2", 1);
    s.wait_for("White to move> ", 2);
    replays(3);
    s.type_line("24/23");
    s.wait_for("4. White: 24/23", 1);
    s.wait_for("White to move> ", 3);
    s.type_line("quit");
    assert!(s.child.wait().expect("ends").success(), "{}", s.text());
    let text = std::fs::read_to_string(&rec).expect("record");
    assert!(
        text.contains("[Seats \"White=human Black=random\"]"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_long_perft_shows_its_progress_at_a_terminal_and_stops_on_ctrl_c() {
    let s = Session::start(&["perft", "chess", "--depth", "5", "--divide"]);
    // The bar shows the running total and says how to stop; --divide prints each root move
    // as its count is done (a2-a3 first, in move order).
    s.wait_for("Ctrl-C stops and prints the count so far", 1);
    s.wait_for("nodes so far", 1);
    s.wait_for("a2-a3: 181046", 1);
    let pid = libc::pid_t::try_from(s.child.id()).expect("pid");
    // SAFETY: sends a signal to the child this session started and still owns.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    s.wait_for("perft chess depth 5: interrupted after ", 1);
    assert!(!s.text().contains("panicked"), "{}", s.text());
}
