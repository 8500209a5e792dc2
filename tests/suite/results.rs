//! Results files and the bounds of experiment commands (issue 15): each game's line is on
//! disk as soon as it ends, a killed run resumes where it stopped, a cut-off last line is
//! repaired, another experiment's file is refused, two runs never write one file, and
//! extreme numbers get a clear error. Shards (issue 19) merge into exactly one run's results.

use super::helpers::icebox;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn err_of(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("icebox-results-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

fn seeds(path: &std::path::Path) -> Vec<u64> {
    let mut s: Vec<u64> = lines(path)
        .iter()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a result line");
            v["seed"].as_u64().expect("seed")
        })
        .collect();
    s.sort_unstable();
    s
}

#[test]
fn a_killed_run_keeps_every_finished_game_and_resumes() {
    let d = dir("killed");
    let out = d.join("runs.jsonl");
    let o = out.to_string_lossy().to_string();
    let args = [
        "selfplay",
        "moscow-ice",
        "--games",
        "400",
        "--jobs",
        "1",
        "--out",
        &o,
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_icebox"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    while lines(&out).len() < 3 {
        assert!(
            Instant::now() < deadline,
            "no result written within a minute"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().expect("killed");
    let _ = child.wait();
    let kept = seeds(&out);
    assert!(
        kept.len() >= 3 && kept.len() < 400,
        "{} results kept",
        kept.len()
    );
    let r = icebox(&args);
    assert!(r.status.success(), "{}", err_of(&r));
    assert!(
        err_of(&r).contains(&format!("{} games already there", kept.len())),
        "{}",
        err_of(&r)
    );
    assert_eq!(seeds(&out), (1..401).collect::<Vec<u64>>());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_cut_off_last_line_is_repaired_and_another_experiment_refused() {
    let d = dir("repair");
    let out = d.join("r.jsonl");
    let o = out.to_string_lossy().to_string();
    let r = icebox(&["selfplay", "icesickle", "--games", "3", "--out", &o]);
    assert!(r.status.success(), "{}", err_of(&r));
    let mut text = std::fs::read_to_string(&out).expect("results");
    text.push_str("{\"seed\": 4, \"game\": \"ices");
    std::fs::write(&out, text).expect("cut");
    let r = icebox(&["selfplay", "icesickle", "--games", "5", "--out", &o]);
    assert!(r.status.success(), "{}", err_of(&r));
    assert!(err_of(&r).contains("cut short"), "{}", err_of(&r));
    assert_eq!(seeds(&out), [1, 2, 3, 4, 5]);
    // Other options are another experiment: refused, the file untouched.
    let before = std::fs::read_to_string(&out).expect("results");
    let r = icebox(&[
        "selfplay",
        "icesickle",
        "--set",
        "low_score=true",
        "--games",
        "6",
        "--out",
        &o,
    ]);
    assert!(!r.status.success());
    assert!(err_of(&r).contains("another experiment"), "{}", err_of(&r));
    assert_eq!(std::fs::read_to_string(&out).expect("results"), before);
    // So are other agents.
    let r = icebox(&[
        "selfplay",
        "icesickle",
        "--seat",
        "A=greedy",
        "--games",
        "6",
        "--out",
        &o,
    ]);
    assert!(err_of(&r).contains("another experiment"), "{}", err_of(&r));
    // So are another game and another variant of the same game.
    for other in [
        &["selfplay", "zugzwang", "--games", "6", "--out", &o][..],
        &[
            "selfplay",
            "icesickle",
            "--variant",
            "low-score",
            "--games",
            "6",
            "--out",
            &o,
        ][..],
    ] {
        let r = icebox(other);
        assert!(!r.status.success(), "{other:?}");
        assert!(err_of(&r).contains("another experiment"), "{}", err_of(&r));
    }
    assert_eq!(std::fs::read_to_string(&out).expect("results"), before);
    // A file given twice (or the same seeds in two files) counts each seed once, and says so.
    let r = icebox(&["stats", &o, &o]);
    assert!(r.status.success(), "{}", err_of(&r));
    let said = String::from_utf8_lossy(&r.stdout).to_string();
    assert!(
        said.contains("seed 1 is in the results 2 times (counted once)"),
        "{said}"
    );
    assert!(said.contains("games: 5"), "{said}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn two_runs_never_write_one_file() {
    let d = dir("lock");
    let out = d.join("r.jsonl");
    let o = out.to_string_lossy().to_string();
    let mut first = Command::new(env!("CARGO_BIN_EXE_icebox"))
        .args([
            "selfplay",
            "moscow-ice",
            "--games",
            "100000",
            "--jobs",
            "1",
            "--out",
            &o,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    while lines(&out).is_empty() {
        assert!(Instant::now() < deadline, "the first run wrote nothing");
        std::thread::sleep(Duration::from_millis(5));
    }
    let r = icebox(&["selfplay", "moscow-ice", "--games", "100000", "--out", &o]);
    let _ = first.kill();
    let _ = first.wait();
    assert!(!r.status.success());
    assert!(
        err_of(&r).contains("another icebox run is writing"),
        "{}",
        err_of(&r)
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn extreme_numbers_and_odd_files_get_clear_errors() {
    for (args, says) in [
        (
            vec![
                "selfplay",
                "icesickle",
                "--seed-range",
                "0..18446744073709551615",
            ],
            "split it",
        ),
        (
            vec!["selfplay", "icesickle", "--seed-range", "0..1000000000"],
            "split it",
        ),
        (
            vec!["selfplay", "icesickle", "--games", "18446744073709551615"],
            "would pass",
        ),
        (
            vec![
                "selfplay",
                "icesickle",
                "--seed",
                "18446744073709551615",
                "--games",
                "3",
            ],
            "would pass",
        ),
        (
            vec!["selfplay", "icesickle", "--jobs", "100000"],
            "at most 1024",
        ),
        (
            vec![
                "selfplay",
                "icesickle",
                "--games",
                "2",
                "--out",
                "/dev/full",
            ],
            "not a regular file",
        ),
        (vec!["perft", "icesickle", "--depth", "100"], "at most 32"),
        (vec!["replay", "/dev/zero"], "not a regular file"),
        (
            vec!["selfplay", "icesickle", "--shard", "4/4"],
            "does not exist",
        ),
        (
            vec!["selfplay", "icesickle", "--shard"],
            "no scheduler here",
        ),
    ] {
        let r = icebox(&args);
        assert!(!r.status.success(), "{args:?} should fail");
        assert!(err_of(&r).contains(says), "{args:?}: {}", err_of(&r));
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_as_a_game_definition_is_refused_not_waited_on() {
    let d = dir("fifo");
    let fifo = d.join("game.toml");
    let path = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).expect("path");
    // SAFETY: mkfifo with a NUL-terminated path this test owns.
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
    let r = icebox(&["validate", &d.to_string_lossy()]);
    assert!(!r.status.success());
    assert!(err_of(&r).contains("not a regular file"), "{}", err_of(&r));
    // The same for a script, a variant and a record.
    std::fs::remove_file(&fifo).expect("rm");
    for f in ["game.toml", "rules.rhai"] {
        std::fs::copy(format!("examples/hexapawn/{f}"), d.join(f)).expect("copy");
    }
    std::fs::create_dir_all(d.join("variants")).expect("dir");
    for (name, args) in [
        ("rules.rhai", vec!["validate"]),
        ("variants/v.toml", vec!["validate"]),
        ("r.rec", vec!["replay"]),
    ] {
        let f = d.join(name);
        let _ = std::fs::remove_file(&f);
        let path = std::ffi::CString::new(f.to_string_lossy().as_bytes()).expect("path");
        // SAFETY: as above.
        assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
        let target = if name == "r.rec" {
            f.clone()
        } else {
            d.clone()
        };
        let mut all = args.clone();
        let t = target.to_string_lossy().to_string();
        all.push(&t);
        let r = icebox(&all);
        assert!(!r.status.success(), "{name}");
        assert!(
            err_of(&r).contains("not a regular file"),
            "{name}: {}",
            err_of(&r)
        );
        std::fs::remove_file(&f).expect("rm");
        if name == "rules.rhai" {
            std::fs::copy("examples/hexapawn/rules.rhai", &f).expect("copy");
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn shards_merge_into_exactly_one_runs_results() {
    let d = dir("shards");
    let single = d.join("single.jsonl");
    let r = icebox(&[
        "selfplay",
        "icesickle",
        "--seed-range",
        "0..40",
        "--out",
        &single.to_string_lossy(),
    ]);
    assert!(r.status.success(), "{}", err_of(&r));
    let shards = d.join("runs.jsonl");
    for k in 0..4 {
        let r = icebox(&[
            "selfplay",
            "icesickle",
            "--seed-range",
            "0..40",
            "--shard",
            &format!("{k}/4"),
            "--out",
            &shards.to_string_lossy(),
        ]);
        assert!(r.status.success(), "{}", err_of(&r));
    }
    let merged = d.join("merged.jsonl");
    let pattern = d.join("runs.shard-*-of-4.jsonl");
    let r = icebox(&[
        "stats",
        &pattern.to_string_lossy(),
        "--merged",
        &merged.to_string_lossy(),
    ]);
    assert!(r.status.success(), "{}", err_of(&r));
    assert!(!err_of(&r).contains("missing"), "{}", err_of(&r));
    let sorted = |p: &std::path::Path| {
        let mut l = lines(p);
        l.sort_by_key(|x| {
            serde_json::from_str::<serde_json::Value>(x).expect("json")["seed"]
                .as_u64()
                .expect("seed")
        });
        l
    };
    assert_eq!(sorted(&merged), sorted(&single));
    // The same statistics as the single run.
    let s1 = icebox(&["stats", &single.to_string_lossy()]);
    let s2 = icebox(&["stats", &merged.to_string_lossy()]);
    let tail = |o: &Output| {
        let t = String::from_utf8_lossy(&o.stdout).to_string();
        t[t.find("games:").expect("summary")..].to_string()
    };
    assert_eq!(tail(&s1), tail(&s2));
    // A missing shard is named.
    std::fs::remove_file(d.join("runs.shard-2-of-4.jsonl")).expect("remove");
    let r = icebox(&["stats", &pattern.to_string_lossy()]);
    assert!(
        err_of(&r).contains("missing seeds: 20..30"),
        "{}",
        err_of(&r)
    );
    let _ = std::fs::remove_dir_all(&d);
}
