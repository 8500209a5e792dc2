//! `icebox serve`: play in the browser. A small HTTP server (tiny_http: blocking, a few
//! threads, no async runtime) serves one page, built into the binary, and a JSON API over
//! the [`Game`](crate::Game) API.
//!
//! - `GET /` the page (`page.html`: plain HTML and JavaScript, no build step, no CDN).
//! - `GET /api/games` every game with its seats, variants and options, and the defaults
//!   the command line gave.
//! - `POST /api/games` `{"game", "variant", "sets": {"k": "v"}, "seats": ["B=mcts"], "seed",
//!   "position"}` opens a game: `{"id"}`. `POST /api/records` with a record's text opens
//!   the game it records, every move checked again.
//! - `GET /api/games/ID` the view: the SVG picture, the legal moves with the places to click
//!   for each, the move list, whose turn, the result in words.
//! - `POST /api/games/ID/move` `{"move": "e2-e4"}`; `.../undo`, `redo`, `back`, `forward`,
//!   `first`, `last`, `resume`; `.../seats` `{"seats": [...]}`; `GET .../record`;
//!   `DELETE /api/games/ID`.
//!
//! Bounds: a request body of at most [`MAX_BODY`] bytes, at most `max_games` open games
//! (games idle for [`IDLE_GAME`] are closed to make room), [`session::MAX_PLIES`] plies per
//! game. Games come from the catalog read when the server starts (built-in games and the
//! `--games-dir` folders): a request names a game by id, never by path, so nothing else is
//! ever read. Every bad request gets a 4xx status and `{"error": "..."}`.

pub mod session;

use std::collections::HashMap;
use std::io::Read;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::def::GameFiles;
pub use session::Draw;
use session::{Cmd, Handle, Setup};

/// The page, HTML and JavaScript in one file, built into the binary.
const PAGE: &str = include_str!("page.html");

/// The largest request body read (a game record is the largest thing a page sends).
pub const MAX_BODY: usize = 1 << 20;

/// A game not asked about for this long is closed when another needs its place.
pub const IDLE_GAME: Duration = Duration::from_secs(30 * 60);

/// Threads answering requests: polls are cheap, and a request to a busy game waits for it.
const WORKERS: usize = 4;

/// How the server was asked to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (127.0.0.1 unless asked otherwise).
    pub host: String,
    /// Port (0: any free one).
    pub port: u16,
    /// Most games open at once.
    pub max_games: usize,
    /// Stop after this long without a request (tests; `None`: run until killed).
    pub idle_exit: Option<Duration>,
    /// The game the page opens first, by id.
    pub first: Option<String>,
    /// Seats the page proposes (`B=mcts`).
    pub seats: Vec<String>,
    /// The first game's variant.
    pub variant: Option<String>,
    /// The first game's options, `key=value`.
    pub sets: Vec<String>,
}

/// What every request thread shares.
struct Shared {
    games: Vec<(String, GameFiles)>,
    catalog: String,
    open: Mutex<HashMap<u64, Open>>,
    next_id: AtomicU64,
    max_games: usize,
    draw: Draw,
    last_request: Mutex<Instant>,
    /// Host names a request may be addressed to; `None` when listening on every address.
    hosts: Option<Vec<String>>,
}

struct Open {
    handle: Arc<Handle>,
    used: Instant,
}

/// A bound server, ready to run.
pub struct Server {
    http: Arc<tiny_http::Server>,
    shared: Arc<Shared>,
    idle_exit: Option<Duration>,
    url: String,
}

/// A reply: status, content type, body.
struct Reply(u16, &'static str, String);

fn error(status: u16, message: impl Into<String>) -> Reply {
    Reply(
        status,
        "application/json",
        json!({"error": message.into()}).to_string(),
    )
}

fn json_reply(status: u16, v: &Value) -> Reply {
    Reply(status, "application/json", v.to_string())
}

impl Server {
    /// Binds the address and reads the catalog (`games`: id and files of every game).
    pub fn bind(
        cfg: &Config,
        games: Vec<(String, GameFiles)>,
        draw: Draw,
    ) -> Result<Server, String> {
        if let Some(first) = &cfg.first
            && !games.iter().any(|(id, _)| id == first)
        {
            return Err(format!("no such game `{first}`"));
        }
        let http = tiny_http::Server::http((cfg.host.as_str(), cfg.port))
            .map_err(|e| format!("cannot listen on {}:{}: {e}", cfg.host, cfg.port))?;
        let addr = match http.server_addr() {
            tiny_http::ListenAddr::IP(a) => a.to_string(),
            #[allow(unreachable_patterns)]
            _ => format!("{}:{}", cfg.host, cfg.port),
        };
        let catalog = catalog_json(&games, cfg);
        let shared = Arc::new(Shared {
            games,
            catalog,
            open: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            max_games: cfg.max_games.max(1),
            draw,
            last_request: Mutex::new(Instant::now()),
            hosts: (!["0.0.0.0", "::", "[::]"].contains(&cfg.host.as_str())).then(|| {
                let mut h = vec!["127.0.0.1", "localhost", "[::1]"]
                    .into_iter()
                    .map(String::from)
                    .collect::<Vec<_>>();
                h.push(cfg.host.clone());
                h
            }),
        });
        Ok(Server {
            http: Arc::new(http),
            shared,
            idle_exit: cfg.idle_exit,
            url: format!("http://{addr}/"),
        })
    }

    /// The page's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Answers requests until the process ends (or `idle_exit` passes with no request).
    pub fn run(self) {
        let stop = Arc::new(AtomicBool::new(false));
        let workers: Vec<_> = (0..WORKERS)
            .map(|_| {
                let http = self.http.clone();
                let shared = self.shared.clone();
                let stop = stop.clone();
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        match http.recv_timeout(Duration::from_millis(250)) {
                            Ok(Some(req)) => answer(&shared, req),
                            Ok(None) => {}
                            Err(_) => break,
                        }
                    }
                })
            })
            .collect();
        loop {
            std::thread::sleep(Duration::from_millis(100));
            if let Some(limit) = self.idle_exit {
                let last = *lock(&self.shared.last_request);
                if last.elapsed() > limit {
                    break;
                }
            }
        }
        stop.store(true, Ordering::Relaxed);
        self.http.unblock();
        for w in workers {
            let _ = w.join();
        }
    }
}

/// Locks a mutex whose holder may have panicked (the data is still whole: every writer
/// replaces values in one step).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn answer(shared: &Shared, mut req: tiny_http::Request) {
    *lock(&shared.last_request) = Instant::now();
    let reply = match same_origin(shared, &req).and_then(|()| read_body(&mut req)) {
        Ok(body) => route(shared, req.method(), req.url(), &body),
        Err(r) => r,
    };
    let Reply(status, kind, body) = reply;
    let mut response = tiny_http::Response::from_string(body).with_status_code(status);
    for (k, v) in [
        ("Content-Type", kind),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
    ] {
        if let Ok(h) = tiny_http::Header::from_bytes(k.as_bytes(), v.as_bytes()) {
            response.add_header(h);
        }
    }
    let _ = req.respond(response);
}

/// Refuses a request addressed to another host name (a web page that rebinds its own name
/// to 127.0.0.1) or sent by a page from another origin (a form on some site posting moves
/// into a game here): the server has no login, so the browser's origin is the only guard.
fn same_origin(shared: &Shared, req: &tiny_http::Request) -> Result<(), Reply> {
    let header = |name: &'static str| {
        req.headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_string())
    };
    let host = header("Host").unwrap_or_default();
    if let Some(allowed) = &shared.hosts {
        let name = match host.rsplit_once(':') {
            Some((n, port)) if port.bytes().all(|b| b.is_ascii_digit()) => n,
            _ => host.as_str(),
        };
        if !allowed.iter().any(|a| a.eq_ignore_ascii_case(name)) {
            return Err(error(
                403,
                format!("this server does not answer to the host `{host}`"),
            ));
        }
    }
    if let Some(origin) = header("Origin")
        && origin != format!("http://{host}")
    {
        return Err(error(
            403,
            format!("requests from `{origin}` are not accepted"),
        ));
    }
    Ok(())
}

/// The body, at most [`MAX_BODY`] bytes of UTF-8.
fn read_body(req: &mut tiny_http::Request) -> Result<String, Reply> {
    let too_big = || {
        error(
            413,
            format!("the request body is larger than {MAX_BODY} bytes"),
        )
    };
    if req.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    req.as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| error(400, format!("cannot read the request body: {e}")))?;
    if bytes.len() > MAX_BODY {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|_| error(400, "the request body is not UTF-8 text"))
}

fn route(shared: &Shared, method: &tiny_http::Method, url: &str, body: &str) -> Reply {
    use tiny_http::Method::{Delete, Get, Post};
    let path = url.split(['?', '#']).next().unwrap_or("");
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        (Get, [""]) => Reply(200, "text/html; charset=utf-8", PAGE.to_string()),
        (Get, ["api", "games"]) => Reply(200, "application/json", shared.catalog.clone()),
        (Post, ["api", "games"]) => new_game(shared, body),
        (Post, ["api", "records"]) => load_record(shared, body),
        (Get, ["api", "games", id]) => match find(shared, id) {
            Ok(h) => Reply(200, "application/json", h.view().to_string()),
            Err(r) => r,
        },
        (Get, ["api", "games", id, "record"]) => match find(shared, id) {
            Ok(h) => match h.ask(Cmd::Record) {
                Ok(text) => Reply(200, "text/plain; charset=utf-8", text),
                Err(e) => error(409, e),
            },
            Err(r) => r,
        },
        (Delete, ["api", "games", id]) => {
            let n = id.parse::<u64>().ok();
            match n.and_then(|n| lock(&shared.open).remove(&n)) {
                Some(_) => json_reply(200, &json!({"closed": n})),
                None => error(404, format!("no open game `{id}`")),
            }
        }
        (Post, ["api", "games", id, action]) => match find(shared, id) {
            Ok(h) => act(&h, action, body),
            Err(r) => r,
        },
        (_, ["api", ..]) => error(404, format!("no such API call: {method} {path}")),
        _ => error(404, format!("nothing at {path}")),
    }
}

/// An open game by its id (a poll keeps it from being closed as idle).
fn find(shared: &Shared, id: &str) -> Result<Arc<Handle>, Reply> {
    let n: u64 = id
        .parse()
        .map_err(|_| error(404, format!("`{id}` is not a game number")))?;
    let mut open = lock(&shared.open);
    match open.get_mut(&n) {
        Some(o) => {
            o.used = Instant::now();
            Ok(o.handle.clone())
        }
        None => Err(error(
            404,
            format!("no open game {n} (closed, or the server restarted)"),
        )),
    }
}

fn act(h: &Handle, action: &str, body: &str) -> Reply {
    let cmd = match action {
        "move" => match field(body, "move") {
            Ok(Value::String(m)) => Cmd::Play(m),
            Ok(_) => return error(400, "`move` must be a text, like {\"move\": \"e2-e4\"}"),
            Err(r) => return r,
        },
        "undo" => Cmd::Undo,
        "redo" => Cmd::Redo,
        "back" => Cmd::Back,
        "forward" => Cmd::Forward,
        "first" => Cmd::First,
        "last" => Cmd::Last,
        "resume" => Cmd::Resume,
        "seats" => match field(body, "seats").map(|v| strings(&v)) {
            Ok(Some(list)) => Cmd::Seats(list),
            Ok(None) => return error(400, "`seats` must be a list of texts like \"B=mcts\""),
            Err(r) => return r,
        },
        other => return error(404, format!("no such action `{other}`")),
    };
    match h.ask(cmd) {
        Ok(view) => Reply(200, "application/json", view),
        Err(e) => error(409, e),
    }
}

/// A field of a JSON object body.
fn field(body: &str, key: &str) -> Result<Value, Reply> {
    let v: Value =
        serde_json::from_str(body).map_err(|e| error(400, format!("the body is not JSON: {e}")))?;
    match v {
        Value::Object(mut o) => o
            .remove(key)
            .ok_or_else(|| error(400, format!("the body has no `{key}`"))),
        _ => Err(error(400, "the body must be a JSON object")),
    }
}

fn strings(v: &Value) -> Option<Vec<String>> {
    v.as_array()?
        .iter()
        .map(|x| x.as_str().map(str::to_string))
        .collect()
}

fn new_game(shared: &Shared, body: &str) -> Reply {
    let v: Value = match serde_json::from_str(body) {
        Ok(v @ Value::Object(_)) => v,
        Ok(_) => return error(400, "the body must be a JSON object"),
        Err(e) => return error(400, format!("the body is not JSON: {e}")),
    };
    let Some(id) = v["game"].as_str() else {
        return error(400, "the body has no `game` (a game id)");
    };
    let Some(files) = files_of(shared, id) else {
        return error(404, format!("no such game `{id}`"));
    };
    let text = |k: &str| -> Result<Option<String>, Reply> {
        match &v[k] {
            Value::Null => Ok(None),
            Value::String(s) if s.is_empty() => Ok(None),
            Value::String(s) => Ok(Some(s.clone())),
            _ => Err(error(400, format!("`{k}` must be a text"))),
        }
    };
    let sets = match &v["sets"] {
        Value::Null => Vec::new(),
        Value::Object(o) => o
            .iter()
            .map(|(k, x)| {
                let value = match x {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (k.clone(), value)
            })
            .filter(|(_, x)| !x.is_empty())
            .collect(),
        _ => return error(400, "`sets` must be an object of option values"),
    };
    let seats = match &v["seats"] {
        Value::Null => Vec::new(),
        x => match strings(x) {
            Some(s) => s,
            None => return error(400, "`seats` must be a list of texts like \"B=mcts\""),
        },
    };
    let seed = match &v["seed"] {
        Value::Null => 1,
        x => match x.as_u64() {
            Some(n) => n,
            None => return error(400, "`seed` must be a whole number"),
        },
    };
    let (variant, position) = match (text("variant"), text("position")) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(r), _) | (_, Err(r)) => return r,
    };
    open_game(
        shared,
        Setup {
            files,
            variant,
            sets,
            seats,
            seed,
            position,
            record: None,
        },
    )
}

fn load_record(shared: &Shared, body: &str) -> Reply {
    let rec = match crate::record::Record::parse("record", body) {
        Ok(r) => r,
        Err(d) => return error(400, d.to_string()),
    };
    let Some(id) = rec.header("Game") else {
        return error(400, "the record has no [Game \"...\"] header");
    };
    let Some(files) = files_of(shared, id) else {
        return error(
            404,
            format!("the record's game `{id}` is not one of this server's games"),
        );
    };
    let seats: Vec<String> = rec
        .header("Seats")
        .map(|h| h.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    let seed = rec.header("Seed").and_then(|s| s.parse().ok()).unwrap_or(1);
    open_game(
        shared,
        Setup {
            files,
            variant: rec.header("Variant").map(str::to_string),
            sets: rec.sets(),
            seats,
            seed,
            position: None,
            record: Some(rec),
        },
    )
}

fn files_of(shared: &Shared, id: &str) -> Option<GameFiles> {
    shared
        .games
        .iter()
        .find(|(g, _)| g == id)
        .map(|(_, f)| f.clone())
}

fn open_game(shared: &Shared, setup: Setup) -> Reply {
    {
        let mut open = lock(&shared.open);
        if open.len() >= shared.max_games {
            open.retain(|_, o| o.used.elapsed() < IDLE_GAME);
        }
        if open.len() >= shared.max_games {
            return error(
                429,
                format!(
                    "{} games are open, the most this server allows: close one first",
                    shared.max_games
                ),
            );
        }
    }
    let id = shared.next_id.fetch_add(1, Ordering::Relaxed);
    match session::open(id, setup, shared.draw) {
        Ok(handle) => {
            let mut open = lock(&shared.open);
            // Two requests may have raced for the last place.
            if open.len() >= shared.max_games {
                return error(429, "too many games are open: close one first");
            }
            open.insert(
                id,
                Open {
                    handle: Arc::new(handle),
                    used: Instant::now(),
                },
            );
            json_reply(201, &json!({"id": id}))
        }
        Err(e) => error(400, e),
    }
}

/// Every game with its seats, variants and options, as the page lists them.
fn catalog_json(games: &[(String, GameFiles)], cfg: &Config) -> String {
    let rows: Vec<Value> = games
        .iter()
        .map(|(id, files)| crate::catalog::entry(id, files))
        .collect();
    json!({
        "games": rows,
        "first": cfg.first,
        "seats": cfg.seats,
        "variant": cfg.variant,
        "sets": cfg.sets,
    })
    .to_string()
}
