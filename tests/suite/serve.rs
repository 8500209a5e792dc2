//! `icebox serve` (issue 30, "Play in the browser"): the JSON API and its bad requests over
//! plain HTTP, then the page itself in headless Chromium, which plays whole games by clicks.
//!
//! Every server here is the real binary on 127.0.0.1 with a free port, started with
//! `--idle-exit` so it stops by itself, and killed when its test ends anyway. The browser
//! test SKIPS (with a printed line) when Chromium is not installed, unless
//! ICEBOX_REQUIRE_CHROMIUM=1 (set by .ci/run once it installed Chromium) makes that a failure.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A server for one test; killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(args: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_icebox"))
        .args(["serve", "--port", "0", "--idle-exit", "60"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start icebox serve");
    let out = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(out)
        .read_line(&mut line)
        .expect("the address line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in `{line}`"));
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "listens on {addr}");
    Server { child, addr }
}

/// One request, `Connection: close`: the status and the body.
fn http(s: &Server, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        s.addr,
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("send");
    // A server may answer (and close) before a huge body is all sent.
    let _ = stream.write_all(body);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let status: u16 = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in `{text}`"));
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn json_of(s: &Server, method: &str, path: &str, body: &Value) -> (u16, Value) {
    let (status, text) = http(s, method, path, body.to_string().as_bytes());
    let v = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    (status, v)
}

fn get(s: &Server, path: &str) -> Value {
    let (status, text) = http(s, "GET", path, b"");
    assert_eq!(status, 200, "{path}: {text}");
    serde_json::from_str(&text).expect("JSON")
}

/// Opens a game; its number.
fn open(s: &Server, body: Value) -> u64 {
    let (status, v) = json_of(s, "POST", "/api/games", &body);
    assert_eq!(status, 201, "{v}");
    v["id"].as_u64().expect("an id")
}

fn play(s: &Server, id: u64, m: &str) -> (u16, Value) {
    json_of(
        s,
        "POST",
        &format!("/api/games/{id}/move"),
        &json!({"move": m}),
    )
}

fn texts(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .expect("a list")
        .iter()
        .map(|m| m["text"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn the_api_plays_a_game_and_refuses_bad_requests_with_4xx() {
    let s = serve(&["--max-games", "3"]);
    let (status, page) = http(&s, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<title>icebox</title>") && page.contains("data-loc"));

    // Every built-in game is listed, with its seats, variants and options.
    let list = get(&s, "/api/games");
    let games = list["games"].as_array().expect("games");
    for id in [
        "icesickle",
        "chess",
        "moscow-ice",
        "hex",
        "backgammon",
        "go",
    ] {
        assert!(games.iter().any(|g| g["id"] == id), "{id} listed");
    }
    let moscow = games
        .iter()
        .find(|g| g["id"] == "moscow-ice")
        .expect("moscow");
    assert!(
        moscow["variants"]
            .as_array()
            .is_some_and(|v| v.iter().any(|x| x["name"] == "four-player"))
    );

    // Chess: 20 moves, each clicked from its cell to its cell.
    let id = open(&s, json!({"game": "chess"}));
    let v = get(&s, &format!("/api/games/{id}"));
    assert_eq!(v["turn"], "White");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(20));
    let e4 = v["moves"]
        .as_array()
        .and_then(|m| m.iter().find(|m| m["text"] == "e2-e4"))
        .expect("e2-e4");
    // Cells are numbered a1=0 .. h8=63 along the ranks.
    assert_eq!(e4["clicks"], json!(["12", "28"]));
    assert!(
        v["svg"]
            .as_str()
            .is_some_and(|svg| svg.contains(r#"data-loc="12""#))
    );

    // An illegal move, a garbled one, an empty one: 400 with the engine's words.
    let (status, err) = play(&s, id, "e2-e5");
    assert_eq!(status, 409, "{err}");
    assert!(
        err["error"].as_str().is_some_and(|e| e.contains("e2-e5")),
        "{err}"
    );
    let (status, err) = play(&s, id, "zz");
    assert_eq!(status, 409);
    assert!(
        err["error"]
            .as_str()
            .is_some_and(|e| e.contains("`zz` is not a legal move; closest legal moves: a2-a3")),
        "{err}"
    );
    // A shorthand as at the terminal; the record keeps the full move.
    let (status, v) = play(&s, id, "e4");
    assert_eq!(status, 200, "{v}");
    assert_eq!(texts(&v, "history"), ["e2-e4"]);
    assert_eq!(v["turn"], "Black");

    // Undo takes the person's move back; redo plays it again.
    let (_, v) = json_of(&s, "POST", &format!("/api/games/{id}/undo"), &json!({}));
    assert_eq!(v["ply"], 0);
    assert_eq!(v["can_redo"], true);
    let (_, v) = json_of(&s, "POST", &format!("/api/games/{id}/redo"), &json!({}));
    assert_eq!(texts(&v, "history"), ["e2-e4"]);

    // Black becomes the computer and answers by itself.
    let (status, _) = json_of(
        &s,
        "POST",
        &format!("/api/games/{id}/seats"),
        &json!({"seats": ["Black=random"]}),
    );
    assert_eq!(status, 200);
    let deadline = Instant::now() + Duration::from_secs(20);
    let v = loop {
        let v = get(&s, &format!("/api/games/{id}"));
        if v["ply"] == 2 || Instant::now() > deadline {
            break v;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(v["ply"], 2, "the random seat replied");
    assert_eq!(v["history"][1]["by"], "computer");
    // It is not the person's move while the computer's seat is to move.
    // An unknown seat is refused (asked before White turns greedy: while an AI seat thinks,
    // a request is told "busy" instead).
    let (status, err) = json_of(
        &s,
        "POST",
        &format!("/api/games/{id}/seats"),
        &json!({"seats": ["Purple=random"]}),
    );
    assert_eq!(status, 409);
    assert!(
        err["error"]
            .as_str()
            .is_some_and(|e| e.contains("`Purple` is not a seat"))
    );
    let (status, v2) = json_of(
        &s,
        "POST",
        &format!("/api/games/{id}/seats"),
        &json!({"seats": ["White=greedy", "Black=human"]}),
    );
    assert_eq!(status, 200, "{v2}");
    // Back to people: asked again while greedy White thinks ("busy"), until it takes.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (status, v) = json_of(
            &s,
            "POST",
            &format!("/api/games/{id}/seats"),
            &json!({"seats": ["all=human"]}),
        );
        if status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "seats never taken: {v}");
        std::thread::sleep(Duration::from_millis(50));
    }

    // The record, and a game opened from it: the same moves, paused for reading.
    let (status, rec) = http(&s, "GET", &format!("/api/games/{id}/record"), b"");
    assert_eq!(status, 200);
    assert!(
        rec.contains("[Game \"chess\"]") && rec.contains("1. White: e2-e4"),
        "{rec}"
    );
    let (status, v) = http(&s, "POST", "/api/records", rec.as_bytes());
    assert_eq!(status, 201, "{v}");
    let copy: Value = serde_json::from_str(&v).expect("json");
    let copy = copy["id"].as_u64().expect("id");
    let w = get(&s, &format!("/api/games/{copy}"));
    let original = get(&s, &format!("/api/games/{id}"));
    assert_eq!(w["position"], original["position"]);
    assert_eq!(w["paused"], true);
    // Step back to the start and forward again.
    let (_, w) = json_of(&s, "POST", &format!("/api/games/{copy}/first"), &json!({}));
    assert_eq!(w["ply"], 0);
    let (_, w) = json_of(
        &s,
        "POST",
        &format!("/api/games/{copy}/forward"),
        &json!({}),
    );
    assert_eq!(texts(&w, "history"), ["e2-e4"]);
    let (_, w) = json_of(&s, "POST", &format!("/api/games/{copy}/last"), &json!({}));
    assert_eq!(w["position"], original["position"]);

    // Bad requests: each a 4xx with a message, and the server still answers afterwards.
    let cases: Vec<(&str, &str, Vec<u8>, u16, &str)> = vec![
        (
            "POST",
            "/api/games",
            br#"{"game": "nope"}"#.to_vec(),
            404,
            "no such game `nope`",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game": "../../../etc/passwd"}"#.to_vec(),
            404,
            "no such game",
        ),
        ("POST", "/api/games", b"{not json".to_vec(), 400, "not JSON"),
        (
            "POST",
            "/api/games",
            br#"["chess"]"#.to_vec(),
            400,
            "JSON object",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game": "chess", "seed": -4}"#.to_vec(),
            400,
            "`seed`",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game": "chess", "variant": "nope"}"#.to_vec(),
            400,
            "nope",
        ),
        (
            "POST",
            "/api/games",
            br#"{"game": "chess", "seats": ["Black=wizard"]}"#.to_vec(),
            400,
            "not a seat kind",
        ),
        (
            "POST",
            "/api/records",
            b"[Game \"nope\"]\n".to_vec(),
            404,
            "not one of this server's games",
        ),
        (
            "POST",
            "/api/records",
            b"1. this is not a record".to_vec(),
            400,
            "record",
        ),
        (
            "POST",
            "/api/games/1/move",
            br#"{"mvoe": "e4"}"#.to_vec(),
            400,
            "no `move`",
        ),
        (
            "POST",
            "/api/games/1/move",
            br#"{"move": 4}"#.to_vec(),
            400,
            "must be a text",
        ),
        (
            "POST",
            "/api/games/1/fly",
            b"{}".to_vec(),
            404,
            "no such action",
        ),
        ("GET", "/api/games/999", Vec::new(), 404, "no open game 999"),
        ("GET", "/api/games/x", Vec::new(), 404, "not a game number"),
        ("GET", "/api/nothing", Vec::new(), 404, "no such API call"),
        ("GET", "/etc/passwd", Vec::new(), 404, "nothing at"),
        ("POST", "/api/games", vec![0xff, 0xfe], 400, "not UTF-8"),
    ];
    for (method, path, body, want, says) in cases {
        let (status, text) = http(&s, method, path, &body);
        assert_eq!(status, want, "{method} {path}: {text}");
        assert!(
            text.contains(says),
            "{method} {path}: want `{says}` in {text}"
        );
    }

    // A huge body is refused from its length, before a byte of it is read.
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: 50000000\r\n\r\n",
        s.addr
    );
    stream.write_all(head.as_bytes()).expect("send");
    let mut reply = String::new();
    let _ = stream.read_to_string(&mut reply);
    assert!(reply.starts_with("HTTP/1.1 413"), "{reply}");
    assert!(reply.contains("larger than 1048576 bytes"), "{reply}");

    // At most three games open (two are): the fourth is refused until one closes.
    open(&s, json!({"game": "icesickle"}));
    let (status, err) = json_of(&s, "POST", "/api/games", &json!({"game": "hex"}));
    assert_eq!(status, 429, "{err}");
    assert!(
        err["error"]
            .as_str()
            .is_some_and(|e| e.contains("close one first"))
    );
    let (status, _) = http(&s, "DELETE", &format!("/api/games/{copy}"), b"");
    assert_eq!(status, 200);
    assert_eq!(http(&s, "GET", &format!("/api/games/{copy}"), b"").0, 404);
    open(&s, json!({"game": "hex"}));

    // A game that is over takes no move.
    let id = open_chess_mate(&s);
    let v = get(&s, &format!("/api/games/{id}"));
    assert_eq!(v["result"], "White wins: checkmate");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(0));
    let (status, err) = play(&s, id, "a7-a6");
    assert_eq!(status, 409);
    assert!(
        err["error"]
            .as_str()
            .is_some_and(|e| e.contains("the game is over"))
    );

    // Off the board: a resignation, taken back; a draw agreed by the people at the screen,
    // but never on behalf of a computer's seat.
    let (_, v) = json_of(&s, "POST", &format!("/api/games/{id}/first"), &json!({}));
    assert_eq!(v["ply"], 0);
    let (status, v) = play(&s, id, "resign");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"], "Black wins: White resigned");
    let (_, v) = json_of(&s, "POST", &format!("/api/games/{id}/undo"), &json!({}));
    assert_eq!(v["over"], false);
    json_of(
        &s,
        "POST",
        &format!("/api/games/{id}/seats"),
        &json!({"seats": ["Black=mcts:50"]}),
    );
    let (status, err) = play(&s, id, "agree draw");
    assert_eq!(status, 409, "{err}");
    assert!(
        err["error"]
            .as_str()
            .is_some_and(|e| e.contains("computer's seats cannot"))
    );
}

/// A request written by hand (headers a browser would send), the whole reply.
fn raw(s: &Server, request: &str) -> String {
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    stream.write_all(request.as_bytes()).expect("send");
    let mut reply = String::new();
    let _ = stream.read_to_string(&mut reply);
    reply
}

#[test]
fn requests_from_other_sites_and_during_a_search_are_refused() {
    let s = serve(&[]);
    // A page elsewhere that rebinds its name to 127.0.0.1, or posts from its own origin.
    let reply = raw(
        &s,
        "GET /api/games HTTP/1.1\r\nHost: evil.example:8080\r\nConnection: close\r\n\r\n",
    );
    assert!(reply.starts_with("HTTP/1.1 403"), "{reply}");
    assert!(
        reply.contains("does not answer to the host `evil.example:8080`"),
        "{reply}"
    );
    let body = r#"{"game": "chess"}"#;
    let reply = raw(
        &s,
        &format!(
            "POST /api/games HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n{body}",
            s.addr,
            body.len()
        ),
    );
    assert!(reply.starts_with("HTTP/1.1 403"), "{reply}");
    assert!(reply.contains("requests from `http://evil.example` are not accepted"));
    // The page's own origin is welcome.
    let reply = raw(
        &s,
        &format!(
            "POST /api/games HTTP/1.1\r\nHost: {0}\r\nOrigin: http://{0}\r\nConnection: close\r\nContent-Length: {1}\r\n\r\n{body}",
            s.addr,
            body.len()
        ),
    );
    assert!(reply.starts_with("HTTP/1.1 201"), "{reply}");

    // While an AI seat searches, a request is answered "busy" at once, and not carried out
    // later: the position after the search is the search's.
    let id = open(&s, json!({"game": "chess", "seats": ["Black=mcts:2s"]}));
    let (status, _) = play(&s, id, "e2-e4");
    assert_eq!(status, 200);
    let deadline = Instant::now() + Duration::from_secs(10);
    while get(&s, &format!("/api/games/{id}"))["thinking"].is_null() {
        assert!(Instant::now() < deadline, "Black never started thinking");
        std::thread::sleep(Duration::from_millis(20));
    }
    let (status, err) = json_of(&s, "POST", &format!("/api/games/{id}/undo"), &json!({}));
    assert_eq!(status, 409, "{err}");
    assert!(
        err["error"]
            .as_str()
            .is_some_and(|e| e.contains("an AI seat is thinking"))
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    let v = loop {
        let v = get(&s, &format!("/api/games/{id}"));
        if v["ply"] == 2 || Instant::now() > deadline {
            break v;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(v["ply"], 2, "Black replied: {}", v["history"]);
    assert_eq!(v["history"][0]["text"], "e2-e4");

    // Two AIs with nobody seated play at a pace a person can follow (a ply per 0.4 s at
    // most), and a step back pauses them where the user put the game.
    let started = Instant::now();
    let id = open(&s, json!({"game": "chess", "seats": ["all=random"]}));
    std::thread::sleep(Duration::from_millis(1000));
    let v = get(&s, &format!("/api/games/{id}"));
    let most = started.elapsed().as_millis() / 400 + 1;
    let ply = v["ply"].as_u64().expect("ply");
    assert!(
        u128::from(ply) <= most,
        "{ply} plies in {:?}",
        started.elapsed()
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    while get(&s, &format!("/api/games/{id}"))["ply"].as_u64() < Some(2) {
        assert!(Instant::now() < deadline, "the AIs never moved");
        std::thread::sleep(Duration::from_millis(50));
    }
    let (_, v) = json_of(&s, "POST", &format!("/api/games/{id}/back"), &json!({}));
    assert_eq!(v["paused"], true);
    let at = v["ply"].clone();
    std::thread::sleep(Duration::from_millis(900));
    assert_eq!(get(&s, &format!("/api/games/{id}"))["ply"], at, "paused");
}

/// The scripted chess game the browser plays too: an en passant capture, a promotion with a
/// capture, and mate; opened in place of the icesickle game.
const MATE: &str = "e2-e4 f7-f5 e4:f5 g7-g5 f5:g6 g8-f6 g6:h7 h8-g8 h7:g8=Q f6:g8 d1-h5";

fn open_chess_mate(s: &Server) -> u64 {
    // Make room: close every game this test opened but the hex one.
    for n in 1..10 {
        let v = http(s, "GET", &format!("/api/games/{n}"), b"");
        if v.0 == 200 && !v.1.contains(r#""game":"hex""#) {
            http(s, "DELETE", &format!("/api/games/{n}"), b"");
        }
    }
    let id = open(s, json!({"game": "chess"}));
    for m in MATE.split_whitespace() {
        let (status, v) = play(s, id, m);
        assert_eq!(status, 200, "{m}: {v}");
    }
    id
}

#[test]
fn every_shipped_game_and_a_users_own_opens_and_names_its_moves_places() {
    // The user's games: the examples (a numbered race track among them) and one just made
    // by `icebox new`, which the page has never heard of.
    let dir = std::env::temp_dir().join(format!("icebox-serve-games-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    for ex in ["hexapawn", "race"] {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(ex);
        copy_dir(&from, &dir.join(ex));
    }
    let made = Command::new(env!("CARGO_BIN_EXE_icebox"))
        .arg("new")
        .arg(dir.join("my-game"))
        .output()
        .expect("icebox new");
    assert!(made.status.success(), "{made:?}");
    let games = dir.display().to_string();
    let s = serve(&["--max-games", "40", "--games-dir", &games]);
    let list = get(&s, "/api/games");
    for id in ["hexapawn", "race", "my-game"] {
        assert!(
            list["games"]
                .as_array()
                .is_some_and(|g| g.iter().any(|g| g["id"] == id)),
            "{id} listed"
        );
    }
    for g in list["games"].as_array().expect("games") {
        let game = g["id"].as_str().expect("id");
        let id = open(&s, json!({"game": game}));
        let v = get(&s, &format!("/api/games/{id}"));
        let svg = v["svg"].as_str().expect("svg");
        // Every place a move starts from is drawn (the page can click it), or it is a zone
        // the page names on a button.
        for m in v["moves"].as_array().expect("moves") {
            if let Some(first) = m["clicks"][0].as_str() {
                let zone = first.split(':').next().unwrap_or("");
                assert!(
                    svg.contains(&format!("data-loc=\"{first}\"")) || v["names"][zone].is_string(),
                    "{game}: {} starts at {first}, not in the picture",
                    m["text"]
                );
            }
        }
        if game == "hexapawn" || game == "my-game" {
            let moves = v["moves"].as_array().expect("moves");
            assert!(!moves.is_empty(), "{game}: moves at the start");
            assert!(
                moves
                    .iter()
                    .all(|m| !m["clicks"].as_array().is_some_and(Vec::is_empty)),
                "{game}: every move has places to click: {moves:?}"
            );
        }
        assert_eq!(http(&s, "DELETE", &format!("/api/games/{id}"), b"").0, 200);
    }
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("dir");
    for e in std::fs::read_dir(from).expect("read").flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).expect("copy");
        }
    }
}

// ---------------------------------------------------------------------------------------
// The page in a real browser
// ---------------------------------------------------------------------------------------

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .flat_map(|d| ["chromium", "chromium-browser", "google-chrome"].map(|n| d.join(n)))
        .find(|p| p.is_file())
}

/// Says why the browser test does not run, or fails when ICEBOX_REQUIRE_CHROMIUM=1.
fn skip(why: &str) {
    let msg = format!("browser test SKIPPED: {why}");
    assert!(
        std::env::var("ICEBOX_REQUIRE_CHROMIUM").as_deref() != Ok("1"),
        "{msg} (and ICEBOX_REQUIRE_CHROMIUM=1)"
    );
    let _ = writeln!(std::io::stderr(), "{msg}");
}

/// Opens the page in headless Chromium with a plan for its own click driver (`#drive=`),
/// and returns what the driver wrote; with `shot`, also a screenshot there.
fn drive(browser: &Path, s: &Server, plan: &Value, shot: Option<&Path>) -> String {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let profile =
        std::env::temp_dir().join(format!("icebox-chromium-{}-{run}", std::process::id()));
    let url = format!("http://{}/#drive={}", s.addr, percent(&plan.to_string()));
    let mut c = Command::new(browser);
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--hide-scrollbars",
        "--window-size=1280,900",
        "--virtual-time-budget=120000",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    match shot {
        Some(p) => c.arg(format!("--screenshot={}", p.display())),
        None => c.arg("--dump-dom"),
    };
    let out = c
        .arg(&url)
        .stderr(Stdio::null())
        .output()
        .expect("run chromium");
    let _ = std::fs::remove_dir_all(&profile);
    let dom = String::from_utf8_lossy(&out.stdout).to_string();
    dom.split(r#"<pre id="drive">"#)
        .nth(1)
        .and_then(|r| r.split("</pre>").next())
        .unwrap_or("")
        .replace("&gt;", ">")
        .replace("&lt;", "<")
        .replace("&amp;", "&")
}

fn percent(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[test]
fn the_page_plays_chess_and_icesickle_by_clicks_in_chromium() {
    let Some(browser) = chromium() else {
        return skip("no chromium on PATH (apt-get install chromium)");
    };
    let s = serve(&[]);

    // Chess by clicks: en passant, a promotion chosen from four, mate; undo and redo.
    let plan = json!({"game": "chess", "moves": MATE.split_whitespace().collect::<Vec<_>>(), "undo": true});
    let log = drive(&browser, &s, &plan, None);
    assert!(log.contains("DRIVE DONE"), "{log}");
    for m in MATE.split_whitespace() {
        assert!(log.contains(&format!("played {m} by clicks")), "{m}: {log}");
    }
    assert!(
        log.contains("choice h7:g8=Q among h7:g8=Q h7:g8=R h7:g8=B h7:g8=N"),
        "{log}"
    );
    assert!(log.contains("undo 11 -> 10, to move: White"), "{log}");
    assert!(log.contains("redo -> 11"), "{log}");
    assert!(log.contains("result: White wins: checkmate"), "{log}");

    // A whole game of IceSickle by clicks, to its end.
    let plan = json!({"game": "icesickle", "auto": 400, "undo": true, "seed": 3});
    let log = drive(&browser, &s, &plan, None);
    assert!(log.contains("DRIVE DONE"), "{log}");
    assert!(!log.contains("result: none"), "the game ended: {log}");
    assert!(log.contains("played") && log.contains("undo "), "{log}");
}

#[test]
fn the_page_plays_chains_dice_drops_hexagons_and_stacks_by_clicks_in_chromium() {
    let Some(browser) = chromium() else {
        return skip("no chromium on PATH (apt-get install chromium)");
    };
    let s = serve(&[]);

    // Moves typed as at the terminal: a shorthand, a full move, and a wrong one explained.
    let plan = json!({"game": "chess", "typed": ["e4", "e7-e5", "Nf3", "e5-e4"]});
    let log = drive(&browser, &s, &plan, None);
    assert!(log.contains("typed e4 -> e2-e4"), "{log}");
    assert!(log.contains("typed e7-e5 -> e7-e5"), "{log}");
    assert!(log.contains("typed Nf3 -> g1-f3"), "{log}");
    assert!(
        log.contains("typed e5-e4 -> `e5-e4` is not a legal move"),
        "{log}"
    );

    // A whole game of English draughts: jump chains clicked leg by leg.
    let plan = json!({"game": "english-draughts", "auto": 300, "seed": 9});
    let log = drive(&browser, &s, &plan, None);
    assert!(log.contains("DRIVE DONE"), "{log}");
    assert!(
        log.contains("played g5:e3:c1=K by clicks"),
        "a two-leg chain: {log}"
    );
    assert!(log.contains("result: Black wins"), "{log}");

    // Dice and a numbered board, hands and drops (a click on the cell alone puts a piece
    // from the hand, asking which when several could go), hexagons, stacks: some plies
    // each, against AI seats, by the same clicks and buttons.
    for (game, seats, extra) in [
        (
            "backgammon",
            json!(["Black=random"]),
            json!({"clicks_only": true}),
        ),
        ("crazyhouse", json!([]), json!({"direct": true})),
        ("go", json!(["White=random"]), json!({"direct": true})),
        ("hex", json!(["Blue=greedy"]), json!({})),
        ("moscow-ice", json!([]), json!({})),
    ] {
        let mut plan = json!({"game": game, "auto": 40, "seats": seats, "seed": 3});
        if let (Some(p), Some(e)) = (plan.as_object_mut(), extra.as_object()) {
            p.extend(e.clone());
        }
        let log = drive(&browser, &s, &plan, None);
        assert!(log.contains("DRIVE DONE"), "{game}: {log}");
        assert!(log.contains("by clicks"), "{game}: {log}");
        if game == "crazyhouse" {
            assert!(log.contains("@"), "a drop: {log}");
        }
    }

    // A screenshot of the page mid-game.
    let shot = std::env::temp_dir().join(format!("icebox-serve-{}.png", std::process::id()));
    let _ = std::fs::remove_file(&shot);
    let plan = json!({"game": "moscow-ice", "auto": 16, "seed": 2});
    drive(&browser, &s, &plan, Some(&shot));
    let png = std::fs::read(&shot).expect("a screenshot");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 20_000,
        "{} bytes",
        png.len()
    );
    let _ = std::fs::remove_file(&shot);
}
