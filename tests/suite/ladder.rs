//! `icebox ladder`: a round robin between agents, each pair in both seat orders, one results
//! file per seat order (resumed, sharded and merged like selfplay's), rated on the Elo scale.

use super::helpers::icebox;

fn text(o: &std::process::Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn folder(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("icebox-ladder-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The lines of one results file.
fn games_in(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn every_pair_plays_both_seat_orders_and_a_rerun_plays_nothing() {
    let dir = folder("round");
    let d = dir.to_string_lossy().to_string();
    let args = [
        "ladder",
        "connect-four",
        "--agents",
        "random, greedy, mcts:40",
        "--games",
        "7",
        "--out",
        &d,
    ];
    let o = icebox(&args);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("played 21 games"), "{out}");
    // Three pairs, two seat orders each; the first order of a pair plays the odd game.
    for (file, n, seats) in [
        ("random_vs_greedy.jsonl", 4, ["Red=random", "Yellow=greedy"]),
        ("greedy_vs_random.jsonl", 3, ["Red=greedy", "Yellow=random"]),
        (
            "random_vs_mcts-40.jsonl",
            4,
            ["Red=random", "Yellow=mcts:40"],
        ),
        (
            "mcts-40_vs_random.jsonl",
            3,
            ["Red=mcts:40", "Yellow=random"],
        ),
        (
            "greedy_vs_mcts-40.jsonl",
            4,
            ["Red=greedy", "Yellow=mcts:40"],
        ),
        (
            "mcts-40_vs_greedy.jsonl",
            3,
            ["Red=mcts:40", "Yellow=greedy"],
        ),
    ] {
        let games = games_in(&dir.join(file));
        assert_eq!(games.len(), n, "{file}");
        for g in &games {
            assert_eq!(g["seats"], serde_json::json!(seats), "{file}");
        }
    }
    // The table: every agent, 14 games each, random the anchor at 0.
    let rows: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("agent"))
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
    for agent in ["random", "greedy", "mcts:40"] {
        let row = rows
            .iter()
            .find(|r| r.starts_with(agent))
            .unwrap_or_else(|| panic!("{agent} in {out}"));
        assert!(row.split_whitespace().any(|w| w == "14"), "{row}");
    }
    let random = rows
        .iter()
        .find(|r| r.starts_with("random"))
        .expect("random");
    assert!(
        random.contains("  0 ") || random.split_whitespace().nth(1) == Some("0"),
        "{random}"
    );
    // Again: every game is there already.
    let o = icebox(&args);
    let (out2, err2) = text(&o);
    assert!(o.status.success(), "{err2}");
    assert!(out2.contains("played 0 games"), "{out2}");
    assert!(
        err2.contains("7 games already there") || err2.contains("4 games already there"),
        "{err2}"
    );
    assert_eq!(
        out.lines()
            .skip_while(|l| !l.starts_with("agent"))
            .collect::<Vec<_>>(),
        out2.lines()
            .skip_while(|l| !l.starts_with("agent"))
            .collect::<Vec<_>>(),
        "the same results rate the same"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shards_split_every_pairing_and_rate_merges_them() {
    let dir = folder("shards");
    let d = dir.to_string_lossy().to_string();
    let base = [
        "ladder",
        "connect-four",
        "--agents",
        "random,greedy",
        "--games",
        "10",
        "--out",
        &d,
    ];
    for k in ["0/2", "1/2"] {
        let mut args = base.to_vec();
        args.extend(["--shard", k]);
        let o = icebox(&args);
        assert!(o.status.success(), "{}", text(&o).1);
    }
    // Seeds 1..6 for each seat order: shard 0 has 1..3, shard 1 has 3..6.
    // Written as each game ends, so in any order.
    let seeds = |f: &str| -> Vec<u64> {
        let mut s: Vec<u64> = games_in(&dir.join(f))
            .iter()
            .map(|g| g["seed"].as_u64().expect("seed"))
            .collect();
        s.sort();
        s
    };
    assert_eq!(seeds("random_vs_greedy.shard-0-of-2.jsonl"), vec![1, 2]);
    assert_eq!(seeds("random_vs_greedy.shard-1-of-2.jsonl"), vec![3, 4, 5]);
    assert_eq!(seeds("greedy_vs_random.shard-1-of-2.jsonl"), vec![3, 4, 5]);
    let mut args = base.to_vec();
    args.push("--rate");
    let o = icebox(&args);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(!out.contains("played"), "--rate plays nothing: {out}");
    let random = out
        .lines()
        .find(|l| l.starts_with("random"))
        .expect("random row");
    assert!(
        random.split_whitespace().any(|w| w == "10"),
        "all ten games rated: {random}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_ladders_are_refused_with_what_to_write() {
    for (agents, extra, says) in [
        ("random", None, "two agents or more"),
        ("random,random", None, "`random` twice"),
        ("random,mcts:1000ms,mcts:1s", None, "`mcts:1000ms` twice"),
        ("random,human", None, "automatic"),
        ("random,robot", None, "not a seat kind"),
        ("random,greedy", Some("--rate"), "--out DIR"),
        ("random,greedy", Some("--games=1"), "at least 2"),
    ] {
        let mut args = vec!["ladder", "connect-four", "--agents", agents];
        args.extend(extra);
        let o = icebox(&args);
        let (_, err) = text(&o);
        assert!(!o.status.success(), "{agents} {extra:?}");
        assert!(err.contains(says), "{agents} {extra:?}: {err}");
    }
}
