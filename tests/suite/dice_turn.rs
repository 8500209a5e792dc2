//! The dice turn the engine runs (`[dice] each_turn` with `doubles`, `must_use`, `choose`,
//! `unusable`, `opening`), what games are worth (`[stakes]`: the cube, matches), the race
//! evaluation, numbered boards, ranges in cell lists and options that set a key. Each pinned
//! on a small race game by the moves, positions and outcomes it produces, and each bad
//! setting by its message.

use icebox::Game;

use super::helpers::{load_with, moves_at, refused};

/// A race on a numbered track of 12 cells in one row (positions read `1` to `12`): A runs
/// 1 -> 12, B 12 -> 1, two checkers each, hit checkers wait on the bar; `dice` and `extra`
/// are added to the definition.
fn race(dice: &str, extra: &str) -> String {
    format!(
        r#"[game]
id = "race"
name = "race"
[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]
[board.numbered]
count = 12
rows = 1
start = "bottom-left"
[tracks.course]
A = ["1..12"]
B = ["12..1"]
[regions]
home = {{ A = ["10..12"], B = ["3..1"] }}
[zones.bar]
per = "seat"
[zones.off]
per = "seat"
[pieces.C]
name = "checker"
[setup.cells]
"1" = "aC aC"
"12" = "bC bC"
[dice]
count = 2
sides = 6
{dice}
[moves.run]
kind = "track"
track = "course"
enter_from = ["bar"]
enter_first = ["bar"]
bear_off = {{ zone = "off" }}
land = ["empty", "own", "lone-enemy"]
capture = "land"
capture_to = "bar"
capture_zone_of = "owner"
[rules]
generators = ["run"]
separator = "/"
{extra}"#
    )
}

fn load(toml: &str) -> Game {
    load_with(toml, None, &[]).expect("loads")
}

fn moves(g: &Game, position: &str) -> Vec<String> {
    moves_at(g, &g.position(position).expect("position"))
}

/// Plays the moves from the start (or a position) and returns the position's text.
fn play(g: &Game, position: Option<&str>, line: &[&str]) -> icebox::engine::State {
    let mut s = match position {
        Some(p) => g.position(p).expect("position"),
        None => g.start().expect("start"),
    };
    for m in line {
        g.play_text(&mut s, m)
            .unwrap_or_else(|e| panic!("`{m}`: {e}"));
    }
    s
}

const TURN: &str = "each_turn = true";

#[test]
fn each_turn_starts_with_a_throw_and_plays_one_die_a_ply() {
    let g = load(&race(TURN, ""));
    let s = g.start().expect("start");
    let throws = g.legal_moves(&s).expect("moves");
    // Two dice: 21 distinct throws, 36 ordered.
    assert_eq!(throws.len(), 21);
    assert_eq!(throws.iter().map(|m| m.chance).sum::<u32>(), 36);
    let s = play(&g, None, &["roll 2 5"]);
    assert!(
        g.position_text(&s).contains("dice=2,5"),
        "{}",
        g.position_text(&s)
    );
    assert_eq!(moves_at(&g, &s), ["1/3", "1/6"]);
    // The first die played, the same seat plays the other; then B throws.
    let s = play(&g, None, &["roll 2 5", "1/3"]);
    assert_eq!(moves_at(&g, &s), ["1/6", "3/8"]);
    let s = play(&g, None, &["roll 2 5", "1/3", "3/8"]);
    assert!(g.position_text(&s).contains("turn=B"));
    assert_eq!(g.legal_moves(&s).expect("moves").len(), 21);
}

#[test]
fn doubles_are_played_the_given_number_of_times_over() {
    let once = load(&race(TURN, ""));
    let twice = load(&race(&format!("{TURN}\ndoubles = 2"), ""));
    let text = |g: &Game| g.position_text(&play(g, None, &["roll 3 3"]));
    let (once, twice) = (text(&once), text(&twice));
    assert!(
        once.contains("dice=3,3") && !once.contains("dice=3,3,3"),
        "{once}"
    );
    assert!(
        twice.contains("dice=3,3,3,3") && !twice.contains("dice=3,3,3,3,"),
        "{twice}"
    );
}

#[test]
fn a_player_who_can_use_no_die_passes_and_gives_up_the_dice() {
    let g = load(&race(TURN, ""));
    // A's checkers on 11 cannot bear off with a 6 exactly, nor move on: only a pass.
    let p = "10(aCaC)(bCbC) turn=A dice=6,6";
    assert_eq!(moves(&g, p), ["pass"]);
    let s = play(&g, Some(p), &["pass"]);
    let text = g.position_text(&s);
    assert!(text.contains("turn=B") && !text.contains("dice="), "{text}");
}

#[test]
fn must_use_keeps_the_moves_that_use_the_most_dice_then_the_larger() {
    let any = load(&race(TURN, ""));
    let most = load(&race(&format!("{TURN}\nmust_use = \"most\""), ""));
    let larger = load(&race(
        &format!("{TURN}\nmust_use = \"most-then-larger\""),
        "",
    ));
    // A on 6 and 10 with 1 and 6, B holding 12: 6/7 then 7/off uses both dice; 10/11
    // leaves the 6 unusable (11 would need a 2 to bear off, 6/12 is blocked).
    let p = "5aC3aC1(bCbC) turn=A dice=1,6";
    assert_eq!(moves(&any, p), ["10/11", "6/7"]);
    assert_eq!(moves(&most, p), ["6/7"]);
    // A on 9 with 2 and 3 (the other checker off): 9/11 and 9/12 each leave the other die
    // unusable, so only one die can be played: any of the two, or the larger.
    let q = "(bCbC)7aC3 turn=A dice=2,3 off.A=aC";
    assert_eq!(moves(&any, q), ["9/11", "9/12"]);
    assert_eq!(moves(&most, q), ["9/11", "9/12"]);
    assert_eq!(moves(&larger, q), ["9/12"]);
}

#[test]
fn choose_keeps_some_of_the_dice_thrown() {
    let g = load(&race("count = 3\neach_turn = true\nchoose = 2", "").replace("count = 2\n", ""));
    let s = play(&g, None, &["roll 1 3 5"]);
    assert!(
        g.position_text(&s).contains("var.choosing=1"),
        "{}",
        g.position_text(&s)
    );
    assert_eq!(moves_at(&g, &s), ["use 1 3", "use 1 5", "use 3 5"]);
    let s = play(&g, None, &["roll 1 3 5", "use 3 5"]);
    assert_eq!(moves_at(&g, &s), ["1/4", "1/6"]);
    // A throw of equal dice offers each distinct pair once.
    let s = play(&g, None, &["roll 2 2 6"]);
    assert_eq!(moves_at(&g, &s), ["use 2 2", "use 2 6"]);
}

#[test]
fn unusable_lose_ends_the_game_for_the_player_who_cannot_use_a_die() {
    let g = load(&race(&format!("{TURN}\nunusable = \"lose\""), ""));
    let s = g
        .position("10(aCaC)(bCbC) turn=A dice=6,6")
        .expect("position");
    let o = s.outcome().expect("over at once");
    assert_eq!(
        g.outcome_text(o, s.scores()),
        "B wins: A cannot use a die (1 point)"
    );
}

#[test]
fn the_opening_throw_is_one_die_each_and_the_higher_plays_both() {
    let g = load(&race(&format!("{TURN}\nopening = \"one-each\""), ""));
    let start = g.start().expect("start");
    assert_eq!(
        moves_at(&g, &start),
        ["roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll 6"]
    );
    // A tie: A throws again first.
    let s = play(&g, None, &["roll 4", "roll 4"]);
    assert!(g.position_text(&s).contains("turn=A"));
    assert_eq!(g.legal_moves(&s).expect("moves").len(), 6);
    // B's 5 beats A's 2: B plays 2 and 5.
    let s = play(&g, None, &["roll 2", "roll 5"]);
    let text = g.position_text(&s);
    assert!(
        text.contains("turn=B") && text.contains("dice=2,5"),
        "{text}"
    );
    assert_eq!(moves_at(&g, &s), ["12/10", "12/7"]);
}

const CUBE: &str = "[stakes]\ncube = true\nmatch = 1\n[options.cube]\ndefault = true\ndescription = \"the cube\"\nkey = \"stakes.cube\"";

#[test]
fn the_cube_is_offered_before_the_throw_and_taken_or_dropped() {
    let g = load(&race(TURN, CUBE));
    assert_eq!(moves_at(&g, &g.start().expect("start")), ["double", "roll"]);
    let s = play(&g, None, &["double"]);
    assert_eq!(moves_at(&g, &s), ["drop", "take"]);
    let s = play(&g, None, &["double", "drop"]);
    let o = s.outcome().expect("dropped");
    assert_eq!(
        g.outcome_text(o, s.scores()),
        "A wins: B dropped the double (1 point); final score A 1, B 0"
    );
    // Taken: the stakes double, the cube is B's, and A throws at once.
    let s = play(&g, None, &["double", "take"]);
    let text = g.position_text(&s);
    assert!(
        text.contains("var.cube=2") && text.contains("var.owner=1"),
        "{text}"
    );
    assert_eq!(g.legal_moves(&s).expect("moves").len(), 21);
    // Next turn B may redouble; A, who does not own the cube, may not.
    let s = play(&g, None, &["double", "take", "roll 1 2", "1/2", "1/3"]);
    assert_eq!(moves_at(&g, &s), ["double", "roll"]);
    let s = play(
        &g,
        Some(&g.position_text(&s)),
        &["roll", "roll 1 2", "12/11", "12/10"],
    );
    assert_eq!(g.legal_moves(&s).expect("moves").len(), 21);
    // The option turns it off.
    let off = load_with(&race(TURN, CUBE), None, &[("cube", "false")]).expect("loads");
    assert_eq!(
        off.legal_moves(&off.start().expect("start"))
            .expect("moves")
            .len(),
        21
    );
}

/// Both checkers borne off wins a game worth 1 (2 when the loser has borne off none).
const WIN: &str = r#"
fn after_move(s, m) {
    let me = m.mover;
    if s.zone_count("off", me) == 2 {
        s.game_won(me, if s.zone_count("off", s.next(me)) == 0 { 2 } else { 1 }, "home");
    }
}
"#;

#[test]
fn a_match_adds_each_games_value_and_starts_the_next_game_from_the_set_up() {
    let toml =
        race(TURN, &format!("script = \"r.rhai\"\n{CUBE}")).replace("match = 1", "match = 3");
    let g = load_with(&toml, Some(WIN), &[]).expect("loads");
    // A bears off the last checker, B none off: a gammon, 2 points times the cube (2).
    let p = "10aC(bCbC) turn=A dice=2 off.A=aC var.cube=2 var.owner=0";
    let s = play(&g, Some(p), &["11/off"]);
    assert_eq!(s.scores(), [4, 0]);
    assert_eq!(
        g.outcome_text(s.outcome().expect("4 of 3: the match is over"), s.scores()),
        "A wins: the match 4-0 (home, 4 points); final score A 4, B 0"
    );
    // 2 of 3: the next game, from the set-up, the cube back at 1 and B (the loser) first.
    let p = "10aC(bCbC) turn=A dice=2 off.A=aC";
    let s = play(&g, Some(p), &["11/off"]);
    assert!(s.outcome().is_none());
    let text = g.position_text(&s);
    assert!(text.starts_with("(aCaC)10(bCbC) turn=B round=2"), "{text}");
    assert!(
        text.contains("score=2,0") && !text.contains("var."),
        "{text}"
    );
    assert_eq!(moves_at(&g, &s), ["double", "roll"]);
}

#[test]
fn the_race_evaluation_counts_the_pips_left() {
    let g = load(&race(TURN, "evaluate = \"race\""));
    // A: on 10 (3 left) and on the bar (13); B: on 12 (12 left) and borne off.
    let s = g
        .position("9aC1bC turn=A bar.A=aC off.B=bC")
        .expect("position");
    assert_eq!(g.evaluate(&s, s.turn()).expect("evaluates"), Some(12 - 16));
}

#[test]
fn bad_turn_settings_say_what_to_write() {
    let cases: [(String, &str); 7] = [
        (race("doubles = 2", ""), "add each_turn = true"),
        (
            race(TURN, "").replace("generators = [\"run\"]", ""),
            "list them in [rules] generators",
        ),
        (
            race(&format!("{TURN}\nchoose = 2"), ""),
            "choose = 2: keep 1 to 1 of the 2 dice",
        ),
        (
            race("", "[stakes]\ncube = true"),
            "it needs [dice] each_turn = true",
        ),
        (
            race(TURN, "[stakes]\nmatch = 0"),
            "match = 0: a match is won at 1 point or more",
        ),
        (
            race(TURN, "evaluate = \"race\"").replace("kind = \"track\"", "kind = \"place\""),
            "`race` counts the pips left along a course",
        ),
        (
            race(&format!("{TURN}\nopening = \"one-each\""), "").replace("count = 2", "count = 3"),
            "two seats and count = 2",
        ),
    ];
    refused(&cases);
}

#[test]
fn numbered_boards_ranges_and_option_keys_report_their_mistakes() {
    let cases: [(String, &str); 5] = [
        (
            race(TURN, "").replace("rows = 1", "rows = 5"),
            "rows = 5: the 12 cells must fill the rows equally",
        ),
        (
            race(TURN, "").replace("\"10..12\"", "\"10..c12\""),
            "`10..c12` is not a range",
        ),
        (
            race(TURN, "").replace("\"1..12\"", "\"1..13\""),
            "`13` is not a cell",
        ),
        (
            race(
                TURN,
                "[options.m]\ndefault = 3\ndescription = \"m\"\nkey = \"stakes.match\"",
            ),
            "the definition writes no table `stakes` there",
        ),
        (
            race(
                TURN,
                &format!(
                    "{CUBE}\n[options.m]\ndefault = 3\ndescription = \"m\"\nkey = \"stakes.cube\""
                ),
            ),
            "of another type than the option's",
        ),
    ];
    refused(&cases);
    // A numbered board with a grid is refused too.
    let both = race(TURN, "").replace(
        "[board.numbered]",
        "[board]\ngrid = { files = 2, ranks = 2 }\n[board.numbered]",
    );
    let Err(e) = load_with(&both, None, &[]) else {
        panic!("a grid and a numbered track both load");
    };
    assert!(e.contains("only one of them"), "{e}");
}
