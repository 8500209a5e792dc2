//! The compiled path against Rhai itself: each script function run both ways must give the
//! same value, and run compiled to the end (no hand-over) when it is inside the subset; what
//! the subset leaves to Rhai must hand over rather than guess.

use rhai::{Dynamic, Engine, Scope};

use super::{Natives, Program};

/// Runs `f` of `src` with integer `args` compiled (which must finish) and in Rhai; their
/// values as `type: value`.
fn both(src: &str, f: &str, args: &[Dynamic]) -> (String, String) {
    let engine = Engine::new();
    let ast = engine.compile(src).expect("compiles");
    let natives = Natives::default();
    let p = Program::new(&ast, &natives);
    let e = p
        .entry(f, args.len())
        .unwrap_or_else(|| panic!("`{f}` is not compiled: {:?}", p.report()));
    let mut own: Vec<Dynamic> = args.to_vec();
    let mut refs: Vec<&mut Dynamic> = own.iter_mut().collect();
    let compiled = p.run(e, &mut refs).expect("runs compiled to the end");
    let rhai: Dynamic = engine
        .call_fn(&mut Scope::new(), &ast, f, args.to_vec())
        .expect("runs in Rhai");
    let show = |d: &Dynamic| format!("{}: {d:?}", d.type_name());
    (show(&compiled), show(&rhai))
}

/// Whether `f` of `src` hands its call to Rhai when run compiled (it is compiled).
fn hands_over(src: &str, f: &str, args: &[Dynamic]) -> bool {
    let ast = Engine::new().compile(src).expect("compiles");
    let natives = Natives::default();
    let p = Program::new(&ast, &natives);
    let e = p.entry(f, args.len()).expect("compiled");
    let mut own: Vec<Dynamic> = args.to_vec();
    let mut refs: Vec<&mut Dynamic> = own.iter_mut().collect();
    p.run(e, &mut refs).is_err()
}

fn ints(v: &[i64]) -> Vec<Dynamic> {
    v.iter().map(|&n| Dynamic::from_int(n)).collect()
}

const KITCHEN: &str = r#"
fn tri(n) {
    if n <= 0 { return 0; }
    n + tri(n - 1)
}
fn f(x, y) {
    let n = 0;
    for c in 0..=8 {
        if c > x && c != 4 || c == 8 && !(y < 2) { n += c * 3 - 1; } else { n -= 1; }
    }
    let a = [x, y, x * y, 7, -3];
    n += a[-1] * a.len() + a[1];
    for v in a { if v == 7 { continue; } n = n * 2 % 1000003 + v; }
    let i = 0;
    while true { i += 1; if i > 5 { break; } n ^= i; }
    let j = 0;
    loop { j += 2; if j >= 6 { break; } }
    do { j -= 1; } while j > 3;
    do { j += 1; } until j >= 5;
    n += j;
    let name = `${x} and ${y}: ${"z"}`;
    if name != "x" && name == `${x} and ${y}: z` { n += 5; }
    n += min(abs(-4), max(2, 3)) + tri(y % 5);
    let b = { let t = 3; t * t };
    n += b;
    n += if x == 0 { 11 } else { 13 };
    let x = x + 1;
    n += x;
    n / 3 - (n % 7) + (n & 12 | 1) - (-n)
}
"#;

#[test]
fn the_compiled_path_computes_what_rhai_computes() {
    for (x, y) in [(0, 0), (1, 2), (5, 7), (-3, 4), (9, 1)] {
        let (c, r) = both(KITCHEN, "f", &ints(&[x, y]));
        assert_eq!(c, r, "f({x}, {y})");
    }
    // The value of a function without `return` is its last statement's: an `if` without
    // `else` not taken is `()`, a `let` is `()`.
    for src in [
        "fn f(x) { if x > 5 { 1 } }",
        "fn f(x) { let y = x; }",
        "fn f(x) { x; }",
        "fn f(x) { for i in 0..x { } }",
        "fn f(x) { \"s\" }",
        "fn f(x) { x > 2 && x < 9 }",
        "fn f(x) { [x, [x + 1]][1][0] }",
    ] {
        for x in [0, 3, 7] {
            let (c, r) = both(src, "f", &ints(&[x]));
            assert_eq!(c, r, "{src} at {x}");
        }
    }
}

#[test]
fn a_map_property_reads_the_entry_or_unit() {
    let mut m = rhai::Map::new();
    m.insert("key".into(), Dynamic::from_int(7));
    let args = [Dynamic::from_map(m)];
    let (c, r) = both("fn f(m) { [m.key, m.missing] }", "f", &args);
    assert_eq!(c, r);
}

#[test]
fn what_the_subset_does_not_do_goes_to_rhai() {
    // Arithmetic errors: Rhai raises them, with its message.
    assert!(hands_over(
        "fn f(x) { x + 9223372036854775807 }",
        "f",
        &ints(&[1])
    ));
    assert!(hands_over("fn f(x) { 1 / x }", "f", &ints(&[0])));
    assert!(hands_over("fn f(x) { -x }", "f", &ints(&[i64::MIN])));
    assert!(hands_over("fn f(x) { abs(x) }", "f", &ints(&[i64::MIN])));
    // Types the compiled operators do not take: Rhai joins a string and a number.
    assert!(hands_over("fn f(x) { \"a\" + x }", "f", &ints(&[1])));
    assert!(hands_over("fn f(x) { if x { 1 } }", "f", &ints(&[1])));
    // An index past the end, a `throw`.
    assert!(hands_over("fn f(x) { [1, 2][x] }", "f", &ints(&[2])));
    assert!(hands_over("fn f(x) { [1, 2][x] }", "f", &ints(&[-3])));
    assert!(hands_over("fn f(x) { throw \"no\"; }", "f", &ints(&[1])));
    // An endless loop and deep recursion: Rhai's limits decide.
    assert!(hands_over("fn f(x) { loop { x += 1; } }", "f", &ints(&[1])));
    assert!(hands_over(
        "fn f(x) { if x == 0 { 0 } else { 1 + f(x - 1) } }",
        "f",
        &ints(&[40])
    ));
    assert!(!hands_over(
        "fn f(x) { if x == 0 { 0 } else { 1 + f(x - 1) } }",
        "f",
        &ints(&[20])
    ));
}

#[test]
fn functions_outside_the_subset_are_left_to_rhai_with_the_reason() {
    let src = "fn a(x) { x.filter(|v| v > 1) }\nfn b(x) { a(x) }\nfn c(x) { x + 1 }\nfn d(x) { x[0] = 1; }";
    let ast = Engine::new().compile(src).expect("compiles");
    let p = Program::new(&ast, &Natives::default());
    let report = p.report();
    let why = |f: &str| report.iter().find(|r| r.0 == f).and_then(|r| r.1.clone());
    assert!(
        why("a").is_some_and(|w| w.contains("closure")),
        "{report:?}"
    );
    assert_eq!(why("b").as_deref(), Some("it calls `a`"));
    assert_eq!(why("c"), None);
    assert!(
        why("d").is_some_and(|w| w.contains("assignment to an element")),
        "{report:?}"
    );
}
