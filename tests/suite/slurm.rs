//! House-rule experiments on a cluster: examples/slurm/icebox-slurm writes a Slurm job array of
//! `selfplay --shard K/N` tasks and merges their results files. Two tests:
//!
//! - the script's tasks run by hand (as Slurm would run them, with `SLURM_ARRAY_TASK_ID`) and
//!   merged give the figures of one `selfplay` and the table of one `compare`; always runs;
//! - a real one-node Slurm cluster on localhost (munged, slurmctld and slurmd from Debian's
//!   packages, all state in a temporary folder, ports of its own) runs a 4-task array through
//!   the script, and the merged results equal one `selfplay` over the same seeds line for line.
//!   It needs root (the daemons run as root) and the packages: .ci/run installs them
//!   (`munge slurmctld slurmd slurm-client`). Without them it says so on stderr and passes,
//!   unless ICEBOX_REQUIRE_SLURM=1 (set by .ci/run once the install worked) makes that a failure.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_icebox");

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/slurm/icebox-slurm")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("icebox-slurm-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// A command with no Slurm variables of the environment it runs in (a `cargo test` inside a
/// Slurm allocation must not hand its job's variables to our cluster's commands).
fn command(program: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut c = Command::new(program);
    for (k, _) in std::env::vars_os() {
        let k = k.to_string_lossy();
        if k.starts_with("SLURM_") || k.starts_with("SBATCH_") || k.starts_with("SQUEUE_") {
            c.env_remove(&*k);
        }
    }
    c
}

fn output(c: &mut Command) -> Output {
    c.stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{c:?}: {e}"))
}

/// Runs a command that must succeed; its stdout.
fn ok(c: &mut Command) -> String {
    let out = output(c);
    assert!(
        out.status.success(),
        "{c:?} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn seed_of(line: &str) -> u64 {
    line.strip_prefix("{\"seed\":")
        .and_then(|r| r.split(',').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not a result line: {line}"))
}

/// The lines of results files, sorted by seed.
fn by_seed(files: &[PathBuf]) -> Vec<String> {
    let mut lines: Vec<String> = files
        .iter()
        .flat_map(|f| {
            std::fs::read_to_string(f)
                .unwrap_or_else(|e| panic!("{}: {e}", f.display()))
                .lines()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    lines.sort_by_key(|l| seed_of(l));
    lines
}

/// The figures `stats` prints, from `games:` to the end of the block (without the lines that
/// name the files, which differ between one file and many).
fn figures(text: &str) -> String {
    let from = text
        .find("games: ")
        .unwrap_or_else(|| panic!("no figures in:\n{text}"));
    let rest = &text[from..];
    let end = rest.find("\n== ").map_or(rest.len(), |e| e + 1);
    rest[..end].to_string()
}

fn shard_files(dir: &Path, arm: &str, n: u64) -> Vec<PathBuf> {
    (0..n)
        .map(|k| dir.join(format!("{arm}.shard-{k}-of-{n}.jsonl")))
        .collect()
}

#[test]
fn the_slurm_scripts_tasks_merge_into_one_selfplay_and_one_compare() {
    let dir = temp_dir("script");
    let run = dir.join("run");
    let with = "--set low_score=true";
    let written = ok(command(script())
        .args(["compare", "icesickle", "--with", with, "--games", "40"])
        .args(["--seat", "A=greedy", "--shards", "3", "--icebox", BIN])
        .arg("--out")
        .arg(&run));
    assert!(written.contains("6 tasks"), "{written}");
    let job = run.join("job.sbatch");
    let text = std::fs::read_to_string(&job).expect("job script");
    assert!(text.contains("#SBATCH --array=0-5"), "{text}");

    // Outside an array the job script says so.
    let out = output(command("bash").arg(&job));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a Slurm array task"));

    let task = |t: u64| {
        ok(command("bash")
            .arg(&job)
            .env("SLURM_ARRAY_TASK_ID", t.to_string())
            .env("SLURM_CPUS_PER_TASK", "1"));
    };
    for t in [0, 1, 3, 4, 5] {
        task(t);
    }
    // Shard 2 of the base rules is missing: merge names it and fails, but prints the rest.
    let out = output(command(script()).arg("merge").arg(&run));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("base shard 2: no results file"), "{err}");
    assert!(err.contains("sbatch --array=2 "), "{err}");
    task(2);
    let merged = ok(command(script()).arg("merge").arg(&run));

    // The same seeds in one process: the same results and figures for each rule set, and
    // exactly compare's table.
    for (arm, rules) in [("base", ""), ("with", with)] {
        let single = dir.join(format!("{arm}.jsonl"));
        let one = ok(command(BIN)
            .args([
                "selfplay",
                "icesickle",
                "--games",
                "40",
                "--seat",
                "A=greedy",
            ])
            .args(rules.split_whitespace())
            .arg("--out")
            .arg(&single));
        assert_eq!(
            by_seed(&shard_files(&run, arm, 3)),
            by_seed(std::slice::from_ref(&single)),
            "{arm}"
        );
        let block = &merged[merged.find(&format!("== {arm}: ")).expect(arm)..];
        assert_eq!(figures(block), figures(&one), "{arm}");
    }
    let compare = ok(command(BIN)
        .args(["compare", "icesickle", "--with", with, "--games", "40"])
        .args(["--seat", "A=greedy"]));
    let table = |t: &str| t[t.find("== differences").expect("table")..].to_string();
    assert_eq!(table(&merged), table(&compare));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// A one-node Slurm cluster
// ---------------------------------------------------------------------------------------

/// Says why the cluster test does not run, where `cargo test` shows it (straight to stderr:
/// the harness captures only print!/eprint!), and fails instead when ICEBOX_REQUIRE_SLURM=1.
fn skip(why: &str) {
    let msg = format!("slurm cluster test SKIPPED: {why}");
    assert!(
        std::env::var("ICEBOX_REQUIRE_SLURM").as_deref() != Ok("1"),
        "{msg} (and ICEBOX_REQUIRE_SLURM=1)"
    );
    let _ = writeln!(std::io::stderr(), "{msg}");
}

/// A program on PATH or in the sbin folders (not always on a user's PATH).
fn find(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin", "/usr/local/sbin", "/usr/local/bin"].map(PathBuf::from))
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// munged, slurmctld and slurmd of a one-node cluster; stopped (jobs cancelled first) when
/// dropped, on success and on failure alike.
struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    bin: PathBuf,
    daemons: Vec<(&'static str, Child)>,
}

impl Cluster {
    /// A Slurm command of this cluster (SLURM_CONF set, nothing else of Slurm inherited).
    fn cmd(&self, name: &str) -> Command {
        let mut c = command(self.bin.join(name));
        c.env("SLURM_CONF", &self.conf);
        c
    }

    fn spawn(&mut self, name: &'static str, program: &Path, args: &[&str]) {
        let log = |ext| std::fs::File::create(self.dir.join(format!("{name}.{ext}"))).expect("log");
        let mut c = command(program);
        let child = c
            .args(args)
            .env("SLURM_CONF", &self.conf)
            .stdin(Stdio::null())
            .stdout(log("stdout"))
            .stderr(log("stderr"))
            .spawn()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        self.daemons.push((name, child));
    }

    /// Every log of the cluster, for a failure message.
    fn logs(&self) -> String {
        let mut out = String::new();
        let mut files: Vec<_> = std::fs::read_dir(&self.dir)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        for f in files {
            let name = f
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if name.ends_with(".log") || name.ends_with(".stderr") || name.ends_with(".stdout") {
                let text = std::fs::read_to_string(&f).unwrap_or_default();
                let tail: Vec<&str> = text.lines().rev().take(15).collect();
                out.push_str(&format!("--- {name} (last lines)\n"));
                for l in tail.iter().rev() {
                    out.push_str(l);
                    out.push('\n');
                }
            }
        }
        out
    }

    /// Waits for `done`, or fails with the cluster's logs after `limit`.
    fn wait_for(&mut self, what: &str, limit: Duration, mut done: impl FnMut(&Cluster) -> bool) {
        let t0 = Instant::now();
        while !done(self) {
            let stopped = self
                .daemons
                .iter_mut()
                .find_map(|(name, child)| Some((*name, child.try_wait().ok()??)));
            if let Some((name, status)) = stopped {
                panic!(
                    "{name} stopped ({status}) while waiting for {what}\n{}",
                    self.logs()
                );
            }
            assert!(
                t0.elapsed() < limit,
                "no {what} after {limit:?}\n{}",
                self.logs()
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.cmd("scancel").args(["--user", "root"]).output();
        for (_, child) in self.daemons.iter_mut().rev() {
            // SAFETY: kill(2) on the id of a child this process spawned and has not reaped.
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
            let t0 = Instant::now();
            while matches!(child.try_wait(), Ok(None)) && t0.elapsed() < Duration::from_secs(5) {
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn start_cluster(dir: &Path, slurm_bin: &Path, munged: &Path) -> Cluster {
    std::fs::create_dir_all(dir).expect("cluster dir");
    let mut cluster = Cluster {
        dir: dir.to_path_buf(),
        conf: dir.join("slurm.conf"),
        bin: slurm_bin.to_path_buf(),
        daemons: Vec::new(),
    };
    // munge: a key of our own, a socket of our own.
    let mut key = vec![0u8; 1024];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut key))
        .expect("/dev/urandom");
    let key_file = dir.join("munge.key");
    std::fs::write(&key_file, key).expect("munge key");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&key_file, std::fs::Permissions::from_mode(0o400)).expect("chmod");
    let socket = dir.join("munge.socket");
    let arg = |flag: &str, p: &Path| format!("--{flag}={}", p.display());
    cluster.spawn(
        "munged",
        munged,
        &[
            "--foreground",
            "--force",
            &arg("key-file", &key_file),
            &arg("socket", &socket),
            &arg("pid-file", &dir.join("munged.pid")),
            &arg("log-file", &dir.join("munged.log")),
            &arg("seed-file", &dir.join("munged.seed")),
        ],
    );
    cluster.wait_for("munge socket", Duration::from_secs(15), |_| socket.exists());

    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Half the memory there is (slurmd drains a node that has less than it is said to have).
    let mem_mb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        })
        .map_or(1024, |kb| (kb / 1024 / 2).max(256));
    for sub in ["state", "spool"] {
        std::fs::create_dir_all(dir.join(sub)).expect("state dirs");
    }
    let p = |name: &str| dir.join(name).display().to_string();
    let conf = format!(
        "# A one-node cluster on localhost for icebox's tests.
ClusterName=icebox-test
SlurmctldHost=localhost
SlurmctldPort={ctld_port}
SlurmdPort={slurmd_port}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={socket}
SlurmUser=root
SlurmdUser=root
StateSaveLocation={state}
SlurmdSpoolDir={spool}
SlurmctldPidFile={ctld_pid}
SlurmdPidFile={slurmd_pid}
SlurmctldLogFile={ctld_log}
SlurmdLogFile={slurmd_log}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MinJobAge=300
KillWait=5
NodeName=localhost CPUs={cpus} RealMemory={mem_mb} State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
",
        ctld_port = free_port(),
        slurmd_port = free_port(),
        socket = socket.display(),
        state = p("state"),
        spool = p("spool"),
        ctld_pid = p("slurmctld.pid"),
        slurmd_pid = p("slurmd.pid"),
        ctld_log = p("slurmctld.log"),
        slurmd_log = p("slurmd.log"),
    );
    std::fs::write(&cluster.conf, conf).expect("slurm.conf");
    let conf = cluster.conf.display().to_string();
    let ctld = find("slurmctld").expect("slurmctld");
    let slurmd = find("slurmd").expect("slurmd");
    cluster.spawn("slurmctld", &ctld, &["-D", "-i", "-f", &conf]);
    cluster.spawn("slurmd", &slurmd, &["-D", "-N", "localhost", "-f", &conf]);
    cluster.wait_for("idle node", Duration::from_secs(40), |c| {
        c.cmd("sinfo")
            .args(["-h", "-N", "-o", "%T"])
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle")
    });
    cluster
}

#[test]
fn a_slurm_job_array_of_shards_equals_one_selfplay() {
    let t0 = Instant::now();
    let tools = ["sbatch", "squeue", "sinfo", "scontrol", "scancel"];
    let daemons = ["munged", "slurmctld", "slurmd"];
    let missing: Vec<&str> = tools
        .iter()
        .chain(&daemons)
        .copied()
        .filter(|t| find(t).is_none())
        .collect();
    if !missing.is_empty() {
        return skip(&format!(
            "{} not installed (Debian: apt-get install munge slurmctld slurmd slurm-client; .ci/run does)",
            missing.join(", ")
        ));
    }
    // SAFETY: geteuid has no arguments and cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return skip("the one-node cluster's daemons run as root, and this is not root");
    }
    let dir = temp_dir("cluster");
    let slurm_bin = find("sbatch")
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .expect("sbatch's folder");
    let mut cluster = start_cluster(
        &dir.join("cluster"),
        &slurm_bin,
        &find("munged").expect("munged"),
    );
    let started = t0.elapsed();

    // The run through the script: 4 shards of 40 games, submitted with sbatch.
    let run = dir.join("run");
    let mut path = std::ffi::OsString::from(slurm_bin.as_os_str());
    path.push(":");
    path.push(std::env::var_os("PATH").unwrap_or_default());
    let script_cmd = |c: &Cluster| {
        let mut cmd = command(script());
        cmd.env("SLURM_CONF", &c.conf)
            .env("PATH", &path)
            .current_dir(&dir);
        cmd
    };
    let submitted = ok(script_cmd(&cluster)
        .args([
            "selfplay",
            "icesickle",
            "--games",
            "40",
            "--seat",
            "all=random",
        ])
        .args(["--shards", "4", "--time", "00:05:00", "--mem", "100M"])
        .args(["--icebox", BIN, "--out"])
        .arg(&run)
        .arg("--submit"));
    let job: String = std::fs::read_to_string(run.join("jobid"))
        .unwrap_or_else(|e| panic!("no jobid: {e}\n{submitted}"))
        .trim()
        .to_string();
    let out = output(
        script_cmd(&cluster)
            .args(["merge", "--wait", "--timeout", "90", "--poll", "1"])
            .arg(&run),
    );
    let merged = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "merge failed ({}):\n{merged}\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr),
        cluster.logs()
    );
    // Every task ran under Slurm, as an array task, and finished well.
    cluster.wait_for(
        "the array to leave the queue",
        Duration::from_secs(30),
        |c| {
            c.cmd("squeue")
                .args(["-h", "-j", &job])
                .output()
                .is_ok_and(|o| o.status.success() && o.stdout.is_empty())
        },
    );
    let shown = ok(cluster.cmd("scontrol").args(["-o", "show", "job", &job]));
    let states: Vec<&str> = shown
        .lines()
        .filter_map(|l| l.split_whitespace().find(|w| w.starts_with("JobState=")))
        .collect();
    assert_eq!(states, ["JobState=COMPLETED"; 4], "{shown}");
    for k in 0..4 {
        let log =
            std::fs::read_to_string(run.join(format!("logs/{job}_{k}.out"))).expect("task log");
        assert!(log.contains(&format!("shard {k} of 4")), "{log}");
    }
    let ran = t0.elapsed();

    // One selfplay over the same seeds: the same lines, and the same figures.
    let single = dir.join("single.jsonl");
    let one = ok(command(BIN)
        .args([
            "selfplay",
            "icesickle",
            "--games",
            "40",
            "--seat",
            "all=random",
            "--out",
        ])
        .arg(&single));
    let shards = shard_files(&run, "results", 4);
    let single_lines = by_seed(std::slice::from_ref(&single));
    assert_eq!(single_lines.len(), 40);
    assert_eq!(by_seed(&shards), single_lines, "the shards, sorted by seed");
    assert_eq!(
        by_seed(&[run.join("results.merged.jsonl")]),
        single_lines,
        "merge's merged file"
    );
    let stats_shards = ok(command(BIN)
        .arg("stats")
        .arg(run.join("results.shard-*-of-4.jsonl")));
    let stats_single = ok(command(BIN).arg("stats").arg(&single));
    assert!(
        stats_shards.contains("4 files, seeds 1..41"),
        "{stats_shards}"
    );
    assert!(!stats_shards.contains("missing") && !stats_shards.contains("times"));
    assert_eq!(figures(&stats_shards), figures(&stats_single));
    assert_eq!(figures(&merged), figures(&stats_single));
    assert_eq!(figures(&one), figures(&stats_single));

    drop(cluster);
    let _ = writeln!(
        std::io::stderr(),
        "slurm cluster test: cluster up in {:.1}s, array run and merged at {:.1}s, done in {:.1}s",
        started.as_secs_f64(),
        ran.as_secs_f64(),
        t0.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
