//! Self-play at scale and its statistics: the same seeds give the same results on any number
//! of threads; runs resume and merge; intervals are right.

use std::collections::BTreeMap;
use std::process::Command;

use icebox::ai::Agent;
use icebox::selfplay::{Plan, run};
use icebox::stats::{Rate, compare, summarize};

fn plan(jobs: usize, seeds: std::ops::Range<u64>, sets: &[(&str, &str)]) -> Plan {
    let mut seats = BTreeMap::new();
    seats.insert("A".to_string(), Agent::Greedy);
    Plan {
        files: icebox::catalog::find("icesickle", &[]).expect("built in"),
        variant: None,
        sets: sets
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        seats,
        seeds: seeds.collect(),
        jobs,
    }
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let one = run(&plan(1, 1..41, &[]), &|_| Ok(())).expect("runs");
    let two = run(&plan(2, 1..41, &[]), &|_| Ok(())).expect("runs");
    let three = run(&plan(3, 1..41, &[]), &|_| Ok(())).expect("runs");
    assert_eq!(one, two);
    assert_eq!(one, three);
    assert_eq!(
        one.iter().map(|r| r.seed).collect::<Vec<_>>(),
        (1..41).collect::<Vec<_>>()
    );
    assert!(one.iter().all(|r| r.seats == ["A=greedy", "B=random"]));
    // Split by seed range and merged, the same games.
    let mut parts = run(&plan(2, 1..21, &[]), &|_| Ok(())).expect("runs");
    parts.extend(run(&plan(2, 21..41, &[]), &|_| Ok(())).expect("runs"));
    assert_eq!(parts, one);
}

#[test]
fn wilson_intervals_and_summaries() {
    // Known values: 50/100 -> [40.4%, 59.6%]; 0/10 -> [0, 27.8%].
    let r = Rate::of(50, 100);
    assert!(
        (r.lo - 0.4038).abs() < 1e-3 && (r.hi - 0.5962).abs() < 1e-3,
        "{r:?}"
    );
    let r = Rate::of(0, 10);
    assert!(r.lo == 0.0 && (r.hi - 0.2775).abs() < 1e-3, "{r:?}");
    let results = run(&plan(2, 1..61, &[]), &|_| Ok(())).expect("runs");
    let s = summarize(&results);
    assert_eq!(s.games, 60);
    let wins: usize = s.seats.iter().map(|(_, r)| r.k).sum();
    assert_eq!(
        wins + s.draws.k,
        60,
        "every game is a win for one seat or a draw"
    );
    // Greedy (capture the most pips now) beats random at IceSickle.
    assert!(s.seats[0].1.p > s.seats[1].1.p, "{s:?}");
    // Greedy playing low-score still aims right (its evaluate flips); A's win rate stays.
    let low = run(&plan(2, 1..61, &[("low_score", "true")]), &|_| Ok(())).expect("runs");
    let d = compare(&s, &summarize(&low));
    let a = d.iter().find(|x| x.what == "A wins").expect("A");
    assert!(!a.significant(), "{a:?}");
    // Taking greedy away from A is a significant drop.
    let mut random = plan(2, 1..61, &[]);
    random.seats.clear();
    let d = compare(&s, &summarize(&run(&random, &|_| Ok(())).expect("runs")));
    let a = d.iter().find(|x| x.what == "A wins").expect("A");
    assert!(a.significant() && a.diff < 0.0, "{a:?}");
}

#[test]
fn the_binary_resumes_a_run_and_reads_it_back() {
    let dir = std::env::temp_dir().join(format!("icebox-selfplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("r.jsonl");
    let out_s = out.to_string_lossy().to_string();
    let bin = env!("CARGO_BIN_EXE_icebox");
    let o = Command::new(bin)
        .args([
            "selfplay",
            "icesickle",
            "--games",
            "10",
            "--jobs",
            "2",
            "--out",
            &out_s,
        ])
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = Command::new(bin)
        .args([
            "selfplay",
            "icesickle",
            "--games",
            "15",
            "--jobs",
            "2",
            "--out",
            &out_s,
        ])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&o.stderr).contains("10 games already there, 5 to play"));
    let text = std::fs::read_to_string(&out).expect("results");
    assert_eq!(text.lines().count(), 15);
    let o = Command::new(bin)
        .args(["stats", &out_s])
        .output()
        .expect("runs");
    let s = String::from_utf8_lossy(&o.stdout);
    assert!(
        s.contains("games: 15") && s.contains("win rate by seat"),
        "{s}"
    );
    std::fs::write(&out, "{not json}\n").expect("write");
    let o = Command::new(bin)
        .args(["stats", &out_s])
        .output()
        .expect("runs");
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!("{out_s}:1:2: not a selfplay result")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
