//! Mutants of a definition file (game.toml, or a variant's overlay): one rule taken out or
//! weakened each. The edits work on the parsed table and write it back as TOML (comments do
//! not matter to a mutant); the original text is read only to say where the rule was written
//! and which comment above it names the rule.
//!
//! The edits, inside each move generator (`[generators.X]`, a variant's `overlay.generators.X`; the old spelling `moves` too):
//! drop a land rule; drop one element of a list (a direction, a condition, a kind, a leap)
//! or the whole key when one element is left; flip a true/false key; move a number by one;
//! drop a key that holds one value (`land`, `region`, `promote`, `chain`...). Under `[rules]`:
//! drop `repetition`, the clock's settings, an agreement; change `no_moves`. Under `[end]`:
//! drop each end, weaken its settings, decide it the other way. Under `[dice]` and
//! `[stakes]`: move each number by one, flip each switch, give each word setting
//! (`must_use`, `unusable`, `opening`) its other values. Under `[conditions]`: each key
//! weakened; `[rules.forbid]` entries dropped or judging other moves or seats;
//! `[rules.release]` dropped. The swap rule's `mirror` (there or in an option's overlay) set
//! to `none`. A kind that is not `stackable` made stackable. A grid without one of its
//! `directions`. Under `[options]`: drop an option's `when_on` overlay or `key` (its effect on
//! the definition).

use super::Mutant;

/// Keys of a generator whose removal leaves nothing to play with or breaks the definition
/// for certain: not mutated.
const KEEP: [&str; 6] = ["like", "kind", "zone", "capture_to", "track", "toward"];

/// A mutation of a table, as a path to the value and what to do there.
enum Op {
    /// Remove the key.
    Drop,
    /// Remove element `i` of the list.
    DropElement(usize),
    /// Replace the value.
    Set(toml::Value),
}

/// Every mutant of a definition file `file` (`game.toml`, `variants/x.toml`) with text `src`.
pub(super) fn mutants(file: &str, src: &str) -> Vec<Mutant> {
    let Ok(table) = src.parse::<toml::Table>() else {
        return Vec::new();
    };
    let mut found: Vec<(Vec<String>, Op, String)> = Vec::new();
    let variant = file.starts_with("variants/");
    let (rules_at, options_at): (&[&str], &[&str]) = if variant {
        (&["overlay", "rules"], &["overlay", "options"])
    } else {
        (&["rules"], &["options"])
    };
    // The generators' table under its name, or under the old spelling `moves`.
    let root = if variant {
        table.get("overlay").and_then(toml::Value::as_table)
    } else {
        Some(&table)
    };
    let key = match root {
        Some(t) if !t.contains_key(crate::def::GENERATORS) && t.contains_key("moves") => "moves",
        _ => crate::def::GENERATORS,
    };
    let moves_at: &[&str] = if variant { &["overlay", key] } else { &[key] };
    if let Some(moves) = get(&table, moves_at).and_then(toml::Value::as_table) {
        for (name, def) in moves {
            let Some(def) = def.as_table() else { continue };
            let mut path: Vec<String> = moves_at.iter().map(|s| s.to_string()).collect();
            path.push(name.clone());
            generator(&path, def, &mut found);
        }
    }
    if let Some(rules) = get(&table, rules_at).and_then(toml::Value::as_table) {
        let path: Vec<String> = rules_at.iter().map(|s| s.to_string()).collect();
        for key in [
            "repetition",
            "repetition_ignores",
            "agreements",
            "royal",
            "actions",
        ] {
            if let Some(v) = rules.get(key) {
                list_or_drop(&path, key, v, &mut found);
            }
        }
        for key in ["one_move_per_effect", "most_captures"] {
            if let Some(v) = rules.get(key) {
                leaf(&path, key, v, &mut found);
            }
        }
        if let Some(clock) = rules.get("clock").and_then(toml::Value::as_table) {
            let mut p = path.clone();
            p.push("clock".into());
            for (k, v) in clock {
                if k != "var" {
                    leaf(&p, k, v, &mut found);
                }
            }
        }
    }
    let variant = file.starts_with("variants/");
    let at = |key: &str| -> Vec<String> {
        let mut p: Vec<String> = if variant {
            vec!["overlay".into()]
        } else {
            Vec::new()
        };
        p.push(key.into());
        p
    };
    // The ends the engine checks: each dropped, and its settings weakened one at a time.
    let end_path = at("end");
    if let Some(end) = get_path(&table, &end_path).and_then(toml::Value::as_table) {
        for (k, v) in end {
            let mut p = end_path.clone();
            p.push(k.clone());
            found.push((p.clone(), Op::Drop, "drop the end condition".into()));
            match v {
                toml::Value::Table(sub) => {
                    for (sk, sv) in sub {
                        match (sk.as_str(), sv.as_str()) {
                            ("between", _) => {}
                            // Which counts first, the win or the losing line: the other way
                            // (dropping a written default would change nothing).
                            ("when_both", Some(w)) => {
                                let other = if w == "lose" { "win" } else { "lose" };
                                let mut q = p.clone();
                                q.push(sk.clone());
                                found.push((
                                    q,
                                    Op::Set(toml::Value::String(other.into())),
                                    format!("\"{w}\" -> \"{other}\""),
                                ));
                            }
                            _ => leaf(&p, sk, sv, &mut found),
                        }
                    }
                }
                toml::Value::String(by) => {
                    if let Some(other) = opposite(by) {
                        found.push((
                            p,
                            Op::Set(toml::Value::String(other.into())),
                            format!("\"{by}\" -> \"{other}\""),
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    // The swap rule's mirror, in `[rules]` or in an option's overlay: the piece swapped
    // where it stands instead.
    let mut swaps = vec![{
        let mut p = at("rules");
        p.push("swap".into());
        p
    }];
    if let Some(options) = table.get("options").and_then(toml::Value::as_table) {
        for name in options.keys() {
            swaps.push(
                ["options", name, "when_on", "rules", "swap"]
                    .iter()
                    .map(|x| x.to_string())
                    .collect(),
            );
        }
    }
    for p in swaps {
        let mirror = get_path(&table, &p)
            .and_then(|v| v.get("mirror"))
            .and_then(toml::Value::as_str);
        if let Some(m) = mirror.filter(|m| *m != "none") {
            let mut q = p.clone();
            q.push("mirror".into());
            found.push((
                q,
                Op::Set(toml::Value::String("none".into())),
                format!("\"{m}\" -> \"none\""),
            ));
        }
    }
    // What a kind allows: `stackable = false` (nothing on a cap) turned back on.
    let pieces_path = at("pieces");
    if let Some(pieces) = get_path(&table, &pieces_path).and_then(toml::Value::as_table) {
        for (k, v) in pieces {
            if v.get("stackable").and_then(toml::Value::as_bool) == Some(false) {
                let mut p = pieces_path.clone();
                p.extend([k.clone(), "stackable".into()]);
                found.push((p, Op::Drop, "pieces may be put on it".into()));
            }
        }
    }
    // The dice turn the engine runs and the stakes: each setting moved by one, flipped, or
    // set to each of its other values.
    for table_name in ["dice", "stakes"] {
        let p = at(table_name);
        let Some(keys) = get_path(&table, &p).and_then(toml::Value::as_table) else {
            continue;
        };
        for (k, v) in keys {
            let words: &[&str] = match k.as_str() {
                "each_turn" => continue,
                "must_use" => &["any", "most", "most-then-larger"],
                "unusable" => &["pass", "lose"],
                "opening" => &["none", "one-each"],
                _ => {
                    leaf(&p, k, v, &mut found);
                    continue;
                }
            };
            let mut at_key = p.clone();
            at_key.push(k.clone());
            for other in words.iter().filter(|w| v.as_str() != Some(**w)) {
                found.push((
                    at_key.clone(),
                    Op::Set(toml::Value::String((*other).into())),
                    format!("{v} -> \"{other}\""),
                ));
            }
        }
    }
    // Conditions: each key dropped or weakened; the rules that use them: each dropped, and
    // a forbid's moves and seats given their other values.
    let cond_path = at("conditions");
    if let Some(conds) = get_path(&table, &cond_path).and_then(toml::Value::as_table) {
        for (name, c) in conds {
            let Some(c) = c.as_table() else { continue };
            let mut p = cond_path.clone();
            p.push(name.clone());
            for (k, v) in c {
                leaf(&p, k, v, &mut found);
            }
        }
    }
    let mut forbid_path = at("rules");
    forbid_path.push("forbid".into());
    if let Some(entries) = get_path(&table, &forbid_path).and_then(toml::Value::as_table) {
        for (label, f) in entries {
            let mut p = forbid_path.clone();
            p.push(label.clone());
            found.push((p.clone(), Op::Drop, "drop the rule".into()));
            let Some(f) = f.as_table() else { continue };
            for (key, words) in [
                ("moves", &["any", "onto-piece"][..]),
                ("seats", &["any", "mover", "others"][..]),
            ] {
                let now = f.get(key).and_then(toml::Value::as_str).unwrap_or("any");
                let mut at_key = p.clone();
                at_key.push(key.into());
                for other in words.iter().filter(|w| **w != now) {
                    found.push((
                        at_key.clone(),
                        Op::Set(toml::Value::String((*other).into())),
                        format!("\"{now}\" -> \"{other}\""),
                    ));
                }
            }
        }
    }
    let mut release_path = at("rules");
    release_path.push("release".into());
    if get_path(&table, &release_path).is_some() {
        found.push((release_path, Op::Drop, "drop the rule".into()));
    }
    // What a player with no legal move does.
    if let Some(toml::Value::String(now)) =
        get_path(&table, &at("rules")).and_then(|r| r.get("no_moves"))
    {
        let mut p = at("rules");
        p.push("no_moves".into());
        for other in ["lose", "pass", "draw"] {
            if other != now && now != "script" {
                found.push((
                    p.clone(),
                    Op::Set(toml::Value::String(other.into())),
                    format!("\"{now}\" -> \"{other}\""),
                ));
            }
        }
    }
    // The generators in force: each left out, and tiers merged into one (priority ignored);
    // for each phase when they are given by phase (a phase's whole list left out too).
    let mut gens = at("rules");
    gens.push("generators".into());
    match get_path(&table, &gens) {
        Some(toml::Value::Array(list)) => generator_list(&gens, list, &mut found),
        Some(toml::Value::Table(by_phase)) => {
            for (phase, list) in by_phase {
                let mut p = gens.clone();
                p.push(phase.clone());
                found.push((p.clone(), Op::Drop, "drop the phase's generators".into()));
                if let toml::Value::Array(list) = list {
                    generator_list(&p, list, &mut found);
                }
            }
        }
        _ => {}
    }
    // Phases that end on their own: each end dropped, its first mover changed.
    let mut ends = at("rules");
    ends.push("phase_ends".into());
    if let Some(by_phase) = get_path(&table, &ends).and_then(toml::Value::as_table) {
        for (phase, end) in by_phase {
            let mut p = ends.clone();
            p.push(phase.clone());
            found.push((p.clone(), Op::Drop, "drop the phase's end".into()));
            let now = end
                .get("first")
                .and_then(toml::Value::as_str)
                .unwrap_or("next");
            let mut first = p.clone();
            first.push("first".into());
            for other in ["next", "second", "mover"]
                .into_iter()
                .filter(|w| *w != now)
            {
                found.push((
                    first.clone(),
                    Op::Set(toml::Value::String(other.into())),
                    format!("\"{now}\" -> \"{other}\""),
                ));
            }
        }
    }
    // The board's links: a grid without the links of one axis (a direction and its
    // opposite: a link one way alone still joins the cells for groups and connections).
    let mut dirs = at("board");
    dirs.extend(["grid".into(), "directions".into()]);
    if let Some(toml::Value::Array(list)) = get_path(&table, &dirs) {
        let names: Vec<&str> = list.iter().filter_map(toml::Value::as_str).collect();
        for (a, b) in [("n", "s"), ("e", "w"), ("ne", "sw"), ("nw", "se")] {
            if names.contains(&a) || names.contains(&b) {
                let kept: Vec<toml::Value> = names
                    .iter()
                    .filter(|d| **d != a && **d != b)
                    .map(|d| toml::Value::String((*d).into()))
                    .collect();
                found.push((
                    dirs.clone(),
                    Op::Set(toml::Value::Array(kept)),
                    format!("drop the {a}/{b} links"),
                ));
            }
        }
    }
    // A board of dots and lines: a line cut out put back, a line drawn at the start left
    // undrawn (each run of `[setup] lines`).
    let mut removed = at("board");
    removed.extend(["grid".into(), "removed".into()]);
    if let Some(toml::Value::Array(list)) = get_path(&table, &removed) {
        for (i, item) in list.iter().enumerate() {
            if item
                .as_str()
                .is_some_and(|x| x.contains('.') && !x.contains(".."))
            {
                found.push((
                    removed.clone(),
                    Op::DropElement(i),
                    format!("put the line {item} back"),
                ));
            }
        }
    }
    let mut drawn = at("setup");
    drawn.push("lines".into());
    if let Some(toml::Value::Table(kinds)) = get_path(&table, &drawn) {
        for (kind, runs) in kinds {
            let mut p = drawn.clone();
            p.push(kind.clone());
            for (i, run) in runs.as_array().into_iter().flatten().enumerate() {
                found.push((
                    p.clone(),
                    Op::DropElement(i),
                    format!("leave {run} undrawn"),
                ));
            }
        }
    }
    // A grid of grids made one grid: lines and rays run from block to block.
    let mut blocks = at("board");
    blocks.extend(["grid".into(), "blocks".into()]);
    if get_path(&table, &blocks).is_some() {
        found.push((blocks, Op::Drop, "one grid: drop the blocks".into()));
    }
    if let Some(options) = get(&table, options_at).and_then(toml::Value::as_table) {
        for (name, o) in options {
            for key in ["when_on", "key"] {
                if o.get(key).is_some() {
                    let mut p: Vec<String> = options_at.iter().map(|s| s.to_string()).collect();
                    p.extend([name.clone(), key.into()]);
                    found.push((
                        p,
                        Op::Drop,
                        format!("drop the option's `{key}` (its effect)"),
                    ));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (path, op, what) in found {
        let mut t = table.clone();
        if !apply(&mut t, &path, &op) {
            continue;
        }
        let Ok(text) = toml::to_string(&t) else {
            continue;
        };
        let keys: Vec<&str> = path.iter().map(String::as_str).collect();
        let line =
            crate::def::span_of(src, &keys).map_or(1, |s| src[..s.start].matches('\n').count() + 1);
        out.push(Mutant {
            file: file.to_string(),
            line,
            id: format!("{file}: {}: {what}", path.join(".")),
            rule: rule_above(src, &keys),
            text,
        });
    }
    super::script::number_duplicates(&mut out);
    out
}

/// The mutants of a list of generators in force (at `path`): each left out, and tiers merged
/// into one (priority ignored).
fn generator_list(
    path: &[String],
    list: &[toml::Value],
    found: &mut Vec<(Vec<String>, Op, String)>,
) {
    let nested = list.iter().all(toml::Value::is_array);
    let tiers: Vec<Vec<toml::Value>> = if nested {
        list.iter().filter_map(|t| t.as_array().cloned()).collect()
    } else {
        vec![list.to_vec()]
    };
    let write = |tiers: Vec<Vec<toml::Value>>| {
        let tiers = tiers.into_iter().filter(|t| !t.is_empty());
        toml::Value::Array(if nested {
            tiers.map(toml::Value::Array).collect()
        } else {
            tiers.flatten().collect()
        })
    };
    for (i, tier) in tiers.iter().enumerate() {
        for (j, name) in tier.iter().enumerate() {
            let mut fewer = tiers.clone();
            fewer[i].remove(j);
            if fewer.iter().any(|t| !t.is_empty()) {
                found.push((path.to_vec(), Op::Set(write(fewer)), format!("drop {name}")));
            }
        }
    }
    if tiers.len() >= 2 {
        found.push((
            path.to_vec(),
            Op::Set(write(vec![tiers.concat()])),
            "one tier: every generator at once".into(),
        ));
    }
}

/// The mutants of one generator table.
fn generator(path: &[String], def: &toml::Table, found: &mut Vec<(Vec<String>, Op, String)>) {
    for (k, v) in def {
        if KEEP.contains(&k.as_str()) {
            continue;
        }
        match (k.as_str(), v) {
            // The block the last move chose: the other one.
            ("in_block", toml::Value::String(now)) => {
                let other = if now == "sent" { "same" } else { "sent" };
                let mut p = path.to_vec();
                p.push(k.clone());
                found.push((
                    p.clone(),
                    Op::Set(toml::Value::String(other.into())),
                    format!("\"{now}\" -> \"{other}\""),
                ));
                found.push((p, Op::Drop, "drop `in_block`".into()));
            }
            ("land_rules", toml::Value::Table(rules)) => {
                for (label, rule) in rules {
                    let mut p = path.to_vec();
                    p.extend(["land_rules".into(), label.clone()]);
                    found.push((p.clone(), Op::Drop, "drop the land rule".into()));
                    if let Some(rule) = rule.as_table() {
                        for (rk, rv) in rule {
                            if rk != "region" {
                                leaf(&p, rk, rv, found);
                            }
                        }
                    }
                }
            }
            ("promote" | "bear_off", toml::Value::Table(sub)) => {
                let mut p = path.to_vec();
                p.push(k.clone());
                found.push((p.clone(), Op::Drop, format!("drop `{k}`")));
                for (sk, sv) in sub {
                    if !matches!(sk.as_str(), "region" | "zone") {
                        leaf(&p, sk, sv, found);
                    }
                }
            }
            ("land" | "over" | "capture_if" | "chain_stop", _) => {
                leaf(path, k, v, found);
                conjunctions(path, k, v, found);
            }
            _ => leaf(path, k, v, found),
        }
    }
}

/// The mutants of one plain key: flip a bool, move a number, drop a list element (or the
/// key, when one element or one value is all it holds).
fn leaf(path: &[String], k: &str, v: &toml::Value, found: &mut Vec<(Vec<String>, Op, String)>) {
    let mut p = path.to_vec();
    p.push(k.to_string());
    match v {
        toml::Value::Boolean(b) => {
            found.push((
                p,
                Op::Set(toml::Value::Boolean(!b)),
                format!("{b} -> {}", !b),
            ));
        }
        toml::Value::Integer(n) => {
            for m in [n.saturating_sub(1), n.saturating_add(1)] {
                if m >= 0 {
                    found.push((
                        p.clone(),
                        Op::Set(toml::Value::Integer(m)),
                        format!("{n} -> {m}"),
                    ));
                }
            }
        }
        _ => list_or_drop(path, k, v, found),
    }
}

/// What the engine reads when a generator key is left out, where that is a value an author
/// may also write: dropping a key written with its default changes nothing.
const DEFAULTS: [(&str, &str); 11] = [
    ("capture_to", "captured"),
    ("land", "empty"),
    ("over", "empty"),
    ("pieces", "own"),
    ("capture", "none"),
    ("takes", "stack"),
    ("chain", "none"),
    ("carry", "top"),
    ("score", "none"),
    ("capture_zone_of", "mover"),
    ("overshoot", "exact"),
];

fn is_default(k: &str, v: &toml::Value) -> bool {
    let one = match v {
        toml::Value::String(s) => Some(s.as_str()),
        toml::Value::Array(a) if a.len() == 1 => a[0].as_str(),
        _ => None,
    };
    one.is_some_and(|s| DEFAULTS.contains(&(k, s)))
}

fn list_or_drop(
    path: &[String],
    k: &str,
    v: &toml::Value,
    found: &mut Vec<(Vec<String>, Op, String)>,
) {
    if is_default(k, v) {
        return;
    }
    let mut p = path.to_vec();
    p.push(k.to_string());
    match v {
        toml::Value::Array(items) if items.len() >= 2 => {
            for (i, item) in items.iter().enumerate() {
                found.push((
                    p.clone(),
                    Op::DropElement(i),
                    format!("drop {item} from the list"),
                ));
            }
        }
        toml::Value::Table(_) => found.push((p, Op::Drop, "drop the table".into())),
        _ => found.push((p, Op::Drop, format!("drop `{k} = {v}`"))),
    }
}

/// A condition list's entries that join several conditions (`"enemy lying"`), each weakened
/// by one of its words (`"enemy"`): a conjunction whose every word matters.
fn conjunctions(
    path: &[String],
    k: &str,
    v: &toml::Value,
    found: &mut Vec<(Vec<String>, Op, String)>,
) {
    let items: Vec<toml::Value> = match v {
        toml::Value::Array(a) => a.clone(),
        one @ toml::Value::String(_) => vec![one.clone()],
        _ => return,
    };
    for (i, item) in items.iter().enumerate() {
        let Some(words) = item
            .as_str()
            .map(|x| x.split_whitespace().collect::<Vec<_>>())
        else {
            continue;
        };
        if words.len() < 2 {
            continue;
        }
        for w in 0..words.len() {
            let rest: Vec<&str> = (0..words.len())
                .filter(|j| *j != w)
                .map(|j| words[j])
                .collect();
            let mut list = items.clone();
            list[i] = toml::Value::String(rest.join(" "));
            let mut p = path.to_vec();
            p.push(k.to_string());
            found.push((
                p,
                Op::Set(toml::Value::Array(list)),
                format!("`{}` without `{}`", words.join(" "), words[w]),
            ));
        }
    }
}

/// The other way an `[end]` decides a game, for the decisions that have one.
fn opposite(by: &str) -> Option<&'static str> {
    match by {
        "most-pieces" => Some("fewest-pieces"),
        "fewest-pieces" => Some("most-pieces"),
        "highest-score" => Some("lowest-score"),
        "lowest-score" => Some("highest-score"),
        "draw" => Some("most-pieces"),
        _ => None,
    }
}

fn get_path<'a>(t: &'a toml::Table, path: &[String]) -> Option<&'a toml::Value> {
    let keys: Vec<&str> = path.iter().map(String::as_str).collect();
    get(t, &keys)
}

fn get<'a>(t: &'a toml::Table, path: &[&str]) -> Option<&'a toml::Value> {
    let (first, rest) = path.split_first()?;
    let mut v = t.get(*first)?;
    for k in rest {
        v = v.get(*k)?;
    }
    Some(v)
}

/// Applies an op at a path; false if the path is not there.
fn apply(t: &mut toml::Table, path: &[String], op: &Op) -> bool {
    let Some((last, parents)) = path.split_last() else {
        return false;
    };
    let mut cur = t;
    for k in parents {
        match cur.get_mut(k) {
            Some(toml::Value::Table(inner)) => cur = inner,
            _ => return false,
        }
    }
    match op {
        Op::Drop => cur.remove(last).is_some(),
        Op::Set(v) => cur.insert(last.clone(), v.clone()).is_some(),
        Op::DropElement(i) => match cur.get_mut(last) {
            Some(toml::Value::Array(a)) if *i < a.len() => {
                a.remove(*i);
                true
            }
            _ => false,
        },
    }
}

/// The comment lines written right above a key, or above the `[table]` header that holds
/// it, nearest first: the rule the definition cites there.
fn rule_above(src: &str, keys: &[&str]) -> String {
    let lines: Vec<&str> = src.lines().collect();
    let comments_above = |mut k: usize| {
        let mut found = Vec::new();
        while k > 0 && lines[k - 1].trim_start().starts_with('#') && !lines[k - 1].starts_with("#:")
        {
            found.push(lines[k - 1].trim().trim_start_matches('#').trim());
            k -= 1;
        }
        found.reverse();
        found.join(" ")
    };
    if let Some(span) = crate::def::span_of(src, keys) {
        let line = src[..span.start].matches('\n').count();
        let own = comments_above(line);
        if !own.is_empty() {
            return own;
        }
    }
    // The nearest comment above the key's table, going up through the tables of the same
    // generator (one comment often covers several land rules), not past another one's.
    let family = format!("[{}", keys[..keys.len().min(2)].join("."));
    for n in (1..=keys.len()).rev() {
        let header = format!("[{}]", keys[..n].join("."));
        let Some(h) = lines.iter().position(|l| l.trim() == header) else {
            continue;
        };
        let mut j = h;
        while j > 0 {
            let found = comments_above(j);
            if !found.is_empty() {
                return found;
            }
            j -= 1;
            let l = lines[j].trim();
            if l.starts_with('[') && !l.starts_with(&family) {
                break;
            }
        }
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_lose_one_rule_at_a_time() {
        let src = "[moves.step]\n# C(3): never backward\ndirections = [\"n\", \"e\"]\nland = \"enemy\"\nrevisit = true\n[moves.step.land_rules.start]\n# C(8): no re-entering\nenter = false\n";
        let ms = mutants("game.toml", src);
        let ids: Vec<&str> = ms.iter().map(|m| m.id.as_str()).collect();
        for want in [
            "game.toml: moves.step.directions: drop \"n\" from the list",
            "game.toml: moves.step.directions: drop \"e\" from the list",
            "game.toml: moves.step.land: drop `land = \"enemy\"`",
            "game.toml: moves.step.revisit: true -> false",
            "game.toml: moves.step.land_rules.start: drop the land rule",
            "game.toml: moves.step.land_rules.start.enter: false -> true",
        ] {
            assert!(ids.contains(&want), "{want} missing from {ids:?}");
        }
        let enter = ms
            .iter()
            .find(|m| m.id.ends_with("enter: false -> true"))
            .expect("enter mutant");
        assert_eq!(enter.rule, "C(8): no re-entering");
        assert_eq!(enter.line, 8);
        assert!(enter.text.contains("enter = true"));
    }

    #[test]
    fn ends_no_move_rules_and_grid_links_are_mutated_too() {
        let src = "[board]\ngrid = { files = 3, ranks = 3, directions = [\"n\", \"ne\", \"e\", \"s\", \"sw\", \"w\"] }\n[end]\nline = { length = 4 }\nlosing_line = { length = 3, when_both = \"win\" }\nstuck = \"most-pieces\"\n[rules]\nno_moves = \"pass\"\n";
        let ids: Vec<String> = mutants("game.toml", src)
            .into_iter()
            .map(|m| m.id)
            .collect();
        for want in [
            "game.toml: end.line: drop the end condition",
            "game.toml: end.line.length: 4 -> 3",
            "game.toml: end.line.length: 4 -> 5",
            "game.toml: end.losing_line: drop the end condition",
            "game.toml: end.losing_line.when_both: \"win\" -> \"lose\"",
            "game.toml: end.stuck: \"most-pieces\" -> \"fewest-pieces\"",
            "game.toml: rules.no_moves: \"pass\" -> \"lose\"",
            "game.toml: rules.no_moves: \"pass\" -> \"draw\"",
            "game.toml: board.grid.directions: drop the n/s links",
            "game.toml: board.grid.directions: drop the ne/sw links",
        ] {
            assert!(ids.iter().any(|i| i == want), "{want} missing from {ids:?}");
        }
        assert!(!ids.iter().any(|i| i.contains("nw/se")), "{ids:?}");
    }
}
