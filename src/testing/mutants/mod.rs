//! Mutation testing of a game's scenarios: `icebox test GAME --mutants`.
//!
//! A scenario suite is only as good as the rules it pins. Each mutant is the game with one
//! rule broken (a land rule dropped, a direction removed, a comparison flipped, a script
//! statement deleted...); the suite runs against every mutant, and a mutant that passes every
//! scenario has *survived*: some rule of the definition no scenario checks, or the change is
//! equivalent (it changes nothing a game could show). Authors mark equivalent mutants in any
//! scenario file, with the reason:
//!
//! ```toml
//! [[equivalent]]
//! mutant = "game.toml: moves.step.land_rules.finish.leave: false -> true"
//! why = "C(3) already forbids every move out of the Finish line"
//! ```
//!
//! Key types: [`Mutant`], [`MutantReport`], [`FailingScenarios`]; [`run_mutants`] does it all.

mod script;
mod table;

use rayon::prelude::*;

pub use super::scenario::Equivalent;
use crate::def::GameFiles;

/// One mutant: a file of the game with one edit.
#[derive(Clone, Debug)]
pub struct Mutant {
    /// The file changed, relative to the game folder.
    pub file: String,
    /// The line of the original file where the change is.
    pub line: usize,
    /// A name that says what changed and where, stable while that line is not edited.
    pub id: String,
    /// The comment above the changed code: the rule it implements, in the author's words.
    pub rule: String,
    /// The whole file, changed.
    pub text: String,
}

/// What a mutation run found.
#[derive(Debug, Default)]
pub struct MutantReport {
    /// Mutants made (no-op edits left out).
    pub generated: usize,
    /// Mutants some scenario failed on.
    pub killed: usize,
    /// Mutants whose definition no longer loads (validation would catch them).
    pub invalid: usize,
    /// Surviving mutants marked equivalent, with the reason.
    pub equivalent: Vec<(Mutant, String)>,
    /// Surviving mutants not marked: rules no scenario pins.
    pub survived: Vec<Mutant>,
    /// Equivalence marks that name no mutant (the code changed since): to review.
    pub stale: Vec<String>,
}

/// The game fails its own scenarios, so mutation testing cannot judge them: every mutant would
/// count as killed (the failure is there before any rule is broken) and every equivalence
/// mark as stale.
#[derive(Debug)]
#[non_exhaustive]
pub struct FailingScenarios {
    /// Scenarios that passed.
    pub passed: usize,
    /// The failures: (file, scenario name, what went wrong).
    pub failed: Vec<(String, String, String)>,
}

impl std::fmt::Display for FailingScenarios {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.failed.len();
        write!(
            f,
            "the game fails {n} of its own scenario{} ({} passed), so no mutant can be judged: \
             make `icebox test` pass first",
            if n == 1 { "" } else { "s" },
            self.passed
        )?;
        for (file, name, msg) in &self.failed {
            let first = msg.lines().next().unwrap_or_default();
            write!(f, "\n  FAIL {file}: {name}\n    {first}")?;
        }
        Ok(())
    }
}

impl std::error::Error for FailingScenarios {}

/// Every mutant of a game's definition (game.toml, its variants) and its script.
pub fn mutants(files: &GameFiles) -> Vec<Mutant> {
    let mut out = Vec::new();
    let mut script_file = None;
    if let Some(text) = files.get("game.toml") {
        out.extend(table::mutants("game.toml", text));
        script_file = text
            .parse::<toml::Table>()
            .ok()
            .and_then(|t| t.get("rules")?.get("script")?.as_str().map(str::to_string));
    }
    for v in files.variant_names() {
        let rel = format!("variants/{v}.toml");
        if let Some(text) = files.get(&rel) {
            out.extend(table::mutants(&rel, text));
        }
    }
    if let Some(rel) = script_file
        && let Some(text) = files.get(&rel)
    {
        out.extend(script::mutants(&rel, text));
    }
    out
}

/// The equivalence marks of a game's scenario files.
pub fn equivalents(files: &GameFiles) -> Vec<Equivalent> {
    let mut out = Vec::new();
    for rel in files.test_files() {
        if let Ok(f) =
            toml::from_str::<super::scenario::ScenarioFile>(files.get(&rel).unwrap_or_default())
        {
            out.extend(f.equivalent);
        }
    }
    out
}

/// How one mutant fared.
enum Fate {
    /// The edit changes nothing the engine reads.
    NoOp,
    /// The mutated game does not load.
    Invalid,
    /// A scenario failed.
    Killed,
    /// Every scenario passed.
    Survived,
}

/// Runs the game's scenarios against every mutant (on `jobs` threads; 0 = every core), or
/// only those whose id contains `only`. The unbroken game must pass its scenarios first:
/// otherwise every mutant would be "killed" by the failure already there.
pub fn run_mutants(
    files: &GameFiles,
    jobs: usize,
    only: Option<&str>,
) -> Result<MutantReport, FailingScenarios> {
    let base = super::run_scenarios(files, None);
    if !base.failed.is_empty() {
        return Err(FailingScenarios {
            passed: base.passed,
            failed: base.failed,
        });
    }
    let all: Vec<Mutant> = mutants(files)
        .into_iter()
        .filter(|m| only.is_none_or(|o| m.id.contains(o)))
        .collect();
    let marks = equivalents(files);
    let judge = |m: &Mutant| -> Fate {
        let mut changed = files.clone();
        changed.files.insert(m.file.clone(), m.text.clone());
        if m.file.ends_with(".toml") && no_op(files, &changed, &m.file) {
            return Fate::NoOp;
        }
        let report = super::run_scenarios(&changed, None);
        if report.passed == 0 && !report.failed.is_empty() && loads_not(&changed, &m.file) {
            Fate::Invalid
        } else if report.failed.is_empty() {
            Fate::Survived
        } else {
            Fate::Killed
        }
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build();
    let fates: Vec<Fate> = match &pool {
        Ok(p) => p.install(|| all.par_iter().map(judge).collect()),
        Err(_) => all.iter().map(judge).collect(),
    };
    let mut r = MutantReport::default();
    for (m, fate) in all.into_iter().zip(fates) {
        match fate {
            Fate::NoOp => continue,
            Fate::Invalid => r.invalid += 1,
            Fate::Killed => r.killed += 1,
            Fate::Survived => match marks.iter().find(|e| e.mutant == m.id) {
                Some(e) => r.equivalent.push((m, e.why.clone())),
                None => r.survived.push(m),
            },
        }
        r.generated += 1;
    }
    if only.is_none() {
        let named: Vec<&str> = r.equivalent.iter().map(|(m, _)| m.id.as_str()).collect();
        r.stale = marks
            .iter()
            .filter(|e| !named.contains(&e.mutant.as_str()))
            .map(|e| e.mutant.clone())
            .collect();
    }
    Ok(r)
}

/// Whether a definition edit leaves the definition the engine reads unchanged (a key set to
/// its default, say): compared after loading, defaults filled in.
fn no_op(before: &GameFiles, after: &GameFiles, file: &str) -> bool {
    let variant = file
        .strip_prefix("variants/")
        .and_then(|v| v.strip_suffix(".toml"));
    let read = |f: &GameFiles| {
        crate::def::load(f, variant, &[])
            .ok()
            .and_then(|l| serde_json::to_value(&l.def).ok())
    };
    match (read(before), read(after)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// Whether the changed game fails to load, base game or the changed variant.
fn loads_not(files: &GameFiles, file: &str) -> bool {
    let variant = file
        .strip_prefix("variants/")
        .and_then(|v| v.strip_suffix(".toml"));
    crate::game::Game::load(files, variant, &[]).is_err()
}
