//! Look-ahead as a value (issue 29): `s.after(i)` and `s.lookahead()` are positions the script
//! holds, with the read and generator API, looked ahead from again to a bounded depth; and the
//! earlier pattern (generate inside `try_move`, remove again) keeps working. Each rule written
//! with them is checked against the same rule computed in Rust through the `Game` API.

use icebox::Game;
use icebox::engine::State;

use crate::helpers::load_with;

/// Chess with a script added: the shipped definition, `[rules] script` pointing at `r.rhai`.
fn chess_with(script: &str) -> Game {
    let toml = std::fs::read_to_string("games/chess/game.toml").expect("chess");
    let toml = toml.replacen("[rules]\n", "[rules]\nscript = \"r.rhai\"\n", 1);
    load_with(&toml, Some(script), &[]).expect("chess with a script loads")
}

fn plain_chess() -> Game {
    chess_with("")
}

/// Positions of a seeded random chess game, one per ply, from the start.
fn positions(g: &Game, plies: usize, seed: u64) -> Vec<String> {
    let mut s = g.start().expect("start");
    let mut x = seed;
    let mut out = Vec::new();
    for _ in 0..plies {
        let moves = g.legal_moves(&s).expect("moves");
        if moves.is_empty() {
            break;
        }
        out.push(g.position_text(&s));
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let m = &moves[(x >> 33) as usize % moves.len()];
        g.play(&mut s, m).expect("play");
    }
    out
}

fn texts(g: &Game, s: &State, moves: &[icebox::engine::Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| g.move_text(s, m)).collect();
    v.sort();
    v
}

/// Two plies ahead: a move is refused when the opponent has a reply after which the mover
/// has fewer than `least` moves. The script asks it of `s.after(i)` and of `p.after(j)`.
const TWO_PLIES: &str = r#"
fn moves(s) {
    if s.depth > 0 { return; }
    let i = s.move_count() - 1;
    while i >= 0 {
        let p = s.after(i);
        let n = p.legal_moves();
        let worst = 1000;
        for j in 0..n {
            let q = p.after(j);
            if q.depth != 2 { throw "depth"; }
            let m = q.legal_moves();
            if m < worst { worst = m; }
        }
        if n > 0 && worst < LEAST { s.remove_move(i); }
        i -= 1;
    }
}
"#;

#[test]
fn a_rule_two_plies_ahead_matches_the_same_rule_played_out() {
    let base = plain_chess();
    let least = 27;
    let g = chess_with(&TWO_PLIES.replace("LEAST", &least.to_string()));
    let (mut kept, mut refused) = (0, 0);
    for text in positions(&base, 14, 11) {
        let mut s = base.position(&text).expect("position");
        let all = base.legal_moves(&s).expect("moves");
        let mut want = Vec::new();
        for m in &all {
            let u = base.play(&mut s, m).expect("play");
            let replies = base.legal_moves(&s).expect("replies");
            let mut worst = 1000;
            for r in &replies {
                let v = base.play(&mut s, r).expect("reply");
                worst = worst.min(base.legal_moves(&s).expect("moves").len());
                base.undo(&mut s, v);
            }
            base.undo(&mut s, u);
            if replies.is_empty() || worst >= least {
                want.push(m.clone());
            }
        }
        kept += want.len();
        refused += all.len() - want.len();
        let t = g.position(&text).expect("position");
        let got = g.legal_moves(&t).expect("scripted moves");
        assert_eq!(texts(&g, &t, &got), texts(&base, &s, &want), "at {text}");
    }
    // The rule decided something both ways, so the comparison means something.
    assert!(kept > 20 && refused > 20, "kept {kept}, refused {refused}");
}

/// The pattern scripts were written in before look-aheads were values (a Shogi's "a pawn
/// drop may not mate"): play a move with `try_move`, build the opponent's king steps with
/// `add_move` in the look-ahead, try each of them in turn, and take them out again.
const ESCAPES_THE_OLD_WAY: &str = r#"
fn king_of(s, p) {
    for c in 0..64 {
        let t = s.top(c);
        if t >= 0 && s.owner(t) == p && s.kind(t) == "K" { return c; }
    }
    -1
}
fn escapes(s, i) {
    s.try_move(i);
    let them = s.next(s.turn);
    let k = king_of(s, them);
    let n0 = s.move_count();
    for d in ["n", "ne", "e", "se", "s", "sw", "w", "nw"] {
        let c = s.step(k, d);
        if c >= 0 && (s.top(c) < 0 || s.owner(s.top(c)) != them) { s.add_move(k, c); }
    }
    let free = 0;
    for j in n0..s.move_count() {
        s.try_move(j);
        if !s.attacked(s.move_to(j), s.turn) { free += 1; }
        s.undo_try();
    }
    while s.move_count() > n0 { s.remove_move(s.move_count() - 1); }
    s.undo_try();
    free
}
fn moves(s) {
    let i = s.move_count() - 1;
    while i >= 0 {
        if escapes(s, i) == 0 { s.remove_move(i); }
        i -= 1;
    }
}
"#;

/// The same rule with a look-ahead value: the opponent's legal king steps after the move.
const ESCAPES_AS_A_VALUE: &str = r#"
fn moves(s) {
    if s.depth > 0 { return; }
    let i = s.move_count() - 1;
    while i >= 0 {
        let p = s.after(i);
        let n = p.legal_moves();
        let free = 0;
        for j in 0..n {
            let from = p.move_from(j);
            let to = p.move_to(j);
            if from >= 0 && p.kind(p.top(from)) == "K" && to >= 0
                && (from % 8 - to % 8).abs() <= 1 && (from / 8 - to / 8).abs() <= 1 { free += 1; }
        }
        if free == 0 { s.remove_move(i); }
        i -= 1;
    }
}
"#;

/// The king's flight squares after `m`, by the game itself: the opponent's legal king moves
/// to a neighbouring cell (castling goes two cells; cells are numbered rank-major from a1).
fn flights(g: &Game, s: &mut State, m: &icebox::engine::Move) -> usize {
    let u = g.play(s, m).expect("play");
    let t = g.tables();
    let n = g
        .legal_moves(s)
        .expect("replies")
        .iter()
        .filter(|r| {
            let (Some(from), Some(to)) = (r.from(), r.to()) else {
                return false;
            };
            let king = s.top(from).is_some_and(|p| t.piece_text(p).ends_with('K'));
            let (a, b) = (from.index(), to.index());
            king && (a % 8).abs_diff(b % 8) <= 1 && (a / 8).abs_diff(b / 8) <= 1
        })
        .count();
    g.undo(s, u);
    n
}

#[test]
fn generating_inside_try_move_works_as_it_did_and_agrees_with_a_look_ahead_value() {
    let base = plain_chess();
    let old = chess_with(ESCAPES_THE_OLD_WAY);
    let new = chess_with(ESCAPES_AS_A_VALUE);
    let mut refused = 0;
    for seed in [3, 5] {
        for text in positions(&base, 40, seed) {
            let mut s = base.position(&text).expect("position");
            let all = base.legal_moves(&s).expect("moves");
            let want: Vec<_> = all
                .iter()
                .filter(|m| flights(&base, &mut s, m) > 0)
                .cloned()
                .collect();
            refused += all.len() - want.len();
            let want = texts(&base, &s, &want);
            for g in [&old, &new] {
                let t = g.position(&text).expect("position");
                let got = g.legal_moves(&t).expect("scripted moves");
                assert_eq!(texts(g, &t, &got), want, "at {text}");
            }
        }
    }
    assert!(
        refused > 0,
        "the rule never refused a move: the test would pass without it"
    );
}

#[test]
fn a_look_ahead_is_read_only_and_its_own_list_is_its_own() {
    let say = |script: &str| -> String {
        let g = chess_with(script);
        let s = match g.start() {
            Ok(s) => s,
            Err(e) => return e.message,
        };
        match g.legal_moves(&s) {
            Ok(m) => format!("{} moves", m.len()),
            Err(e) => e.message,
        }
    };
    // Nothing on a look-ahead changes the game.
    assert!(
        say("fn moves(s) { s.lookahead().add_score(0, 1); }").contains("cannot be changed"),
        "a look-ahead changed the game"
    );
    // The hook's own position is not a look-ahead: its legal moves are the ones being made.
    assert!(say("fn moves(s) { s.legal_moves(); }").contains("legal_moves is for a look-ahead"));
    // A look-ahead's list is its own: generating there leaves the game's list alone.
    assert_eq!(
        say(
            "fn moves(s) { let p = s.lookahead(); p.gen(\"knight\"); if p.move_count() != 4 { throw \"4 knight moves\"; } }"
        ),
        "20 moves"
    );
    // The same seat moves in `lookahead()`, the next in `after(i)`.
    assert_eq!(
        say(
            "fn moves(s) { if s.lookahead().turn != s.turn || s.after(0).turn == s.turn { throw \"turn\"; } if s.depth != 0 || s.after(0).depth != 1 { throw \"depth\"; } }"
        ),
        "20 moves"
    );
}
