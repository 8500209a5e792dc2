//! Lowering of move generators: the keys every kind shares, then each kind's own. A key that
//! belongs to another kind is refused, naming the kinds it belongs to ("types that say what is
//! legal": the engine's `Kind` has no field for it).

use crate::def::{self, GeneratorKind};
use crate::diag::Problem;
use crate::engine::Tables;
use crate::engine::generators::{
    self, Amount, Capture, Change, Conds, Convert, Flight, Generator, Headings, Kind, Leap, Limit,
    Movement, Near, Place, Ray, kind_mask,
};

use super::kind_list;

pub(super) fn amount(
    v: &Option<def::Amount>,
    default: Amount,
    path: &[&str],
    problems: &mut Vec<Problem>,
) -> Amount {
    match v {
        None => default,
        Some(def::Amount::Fixed(n)) => Amount::Fixed(*n),
        Some(def::Amount::Expr(s)) => Amount::parse(s).unwrap_or_else(|| {
            problems.push(Problem::at(
                path,
                format!(
                    "`{s}` is not a distance: use a number, size, stack, size-1, stack+1 or any"
                ),
            ));
            default
        }),
    }
}

/// The keys of a board of dots and lines (`draws`, `completes`, `again`), checked and
/// set on the generator: they need the board's lines, and one another as the rules read.
fn lines_keys(t: &Tables, m: &def::GeneratorDef, l: &mut Lowering<'_>, g: &mut Generator) {
    let lattice = t.board.lattice.as_ref();
    let lines = |l: &mut Lowering<'_>, key: &str| {
        if lattice.is_none() {
            l.problem(
                &[key],
                format!("`{key}` is for a board of dots and lines: give the grid `lines = \"orthogonal\"` or `\"all\"`"),
            );
        }
    };
    if let Some(name) = &m.draws {
        lines(l, "draws");
        if let [k] = l.kinds(std::slice::from_ref(name), &["draws"])[..] {
            g.draws = Some(t.piece(k, None));
        }
        let over = |a: &Option<def::Amount>| matches!(a, None | Some(def::Amount::Fixed(0)));
        if m.kind == GeneratorKind::Ray && (!over(&m.over_max) || m.chain != def::Chain::None) {
            l.problem(
                &["draws"],
                "`draws` on a ray is for a step from point to point (`over_max = 0`, no `chain`): the move draws the one line it travels",
            );
        }
    } else if m.kind == GeneratorKind::Draw {
        l.problem(
            &["kind"],
            "a `draw` generator needs `draws`, the kind of piece drawn on a line",
        );
    }
    if let Some(name) = &m.completes {
        lines(l, "completes");
        if lattice.is_some_and(|x| x.sides.is_empty()) {
            l.problem(
                &["completes"],
                "`completes` draws in the boxes a line closes: give the grid `boxes = true`",
            );
        }
        if let [k] = l.kinds(std::slice::from_ref(name), &["completes"])[..] {
            g.completes = Some(k);
        }
    }
    if m.again.is_some() && (m.ends_turn || m.free) {
        l.problem(
            &["again"],
            "`again` gives the mover the next ply; `ends_turn` and `free` place a move in a turn of several actions: not both",
        );
    }
    match m.again {
        Some(def::Again::Touched) if m.draws.is_none() => l.problem(
            &["again"],
            "`again = \"touched\"` asks whether the point a move ends on had a line drawn: the move must draw its line (`draws`)",
        ),
        Some(def::Again::Completes) if m.completes.is_none() => l.problem(
            &["again"],
            "`again = \"completes\"` gives another move for a completed box: say what the box gets with `completes`",
        ),
        _ => {}
    }
}

/// Keys every generator kind may write. (The lists are checked against `GeneratorDef`'s
/// fields by a test: a field on no list fails it.)
const COMMON: [&str; 26] = [
    "then",
    "when",
    "again",
    "near_last",
    "in_region",
    "in_block",
    "mover_var",
    "ends_turn",
    "once_a_turn",
    "power",
    "free",
    "kind",
    "like",
    "pieces",
    "kinds",
    "region",
    "land",
    "land_rules",
    "capture",
    "takes",
    "capture_if",
    "capture_to",
    "capture_zone_of",
    "capture_owner",
    "convert",
    "score",
];

/// Keys of the generators that move a piece (ray, leap and fly).
const MOVING: [&str; 10] = [
    "base_kinds",
    "from_inside",
    "carry",
    "promote",
    "toward",
    "away_from",
    "legs",
    "unless_net",
    "when_facing",
    "turn_to",
];

/// Each kind's own keys.
const OWN: [(GeneratorKind, &str, &[&str]); 14] = [
    (GeneratorKind::Circuit, "circuit", &["circuits", "arcs"]),
    (GeneratorKind::Draw, "draw", &["draws", "completes"]),
    (
        GeneratorKind::Transform,
        "transform",
        &["blocks", "transforms"],
    ),
    (GeneratorKind::Turn, "turn", &["when_facing", "turn_to"]),
    (
        GeneratorKind::Ray,
        "ray",
        &[
            "directions",
            "over_min",
            "over_max",
            "over",
            "over_occupied_min",
            "over_occupied_max",
            "over_region",
            "chain",
            "chain_stop",
            "revisit",
            "drops",
            "passable",
            "en_passant",
            "flow",
            "draws",
        ],
    ),
    (
        GeneratorKind::Castle,
        "castle",
        &["directions", "partner", "steps", "safe"],
    ),
    (GeneratorKind::Leap, "leap", &["leaps", "over"]),
    (
        GeneratorKind::Remove,
        "remove",
        &["spare_lines", "grants", "from_inside", "whole_colour"],
    ),
    (GeneratorKind::Seize, "seize", &["beside"]),
    (GeneratorKind::Exchange, "exchange", &["zone"]),
    (GeneratorKind::Fly, "fly", &["linked", "discover"]),
    (
        GeneratorKind::Sow,
        "sow",
        &[
            "track",
            "store",
            "skip_start",
            "sow_capture",
            "sow_capture_empty",
            "feed",
            "feed_or_no_move",
            "grand_slam_keeps",
        ],
    ),
    (
        GeneratorKind::Place,
        "place",
        &[
            "zone",
            "near",
            "gravity",
            "limit",
            "must_move_with",
            "surround",
            "turn_to",
            "as_mover",
            "smallest",
            "beside",
            "count",
        ],
    ),
    (
        GeneratorKind::Track,
        "track",
        &[
            "track",
            "enter_from",
            "enter_first",
            "bear_off",
            "wrap",
            "layers",
        ],
    ),
];

/// Whether `kind` accepts `key`.
fn accepts(kind: GeneratorKind, key: &str) -> bool {
    COMMON.contains(&key)
        || (matches!(
            kind,
            GeneratorKind::Ray | GeneratorKind::Leap | GeneratorKind::Fly | GeneratorKind::Circuit
        ) && MOVING.contains(&key))
        || OWN
            .iter()
            .any(|(k, _, keys)| *k == kind && keys.contains(&key))
}

/// Refuses the keys a generator writes that its kind does not have, naming the kinds that do.
fn check_keys(name: &str, kind: GeneratorKind, written: &[String], problems: &mut Vec<Problem>) {
    let kind_name = OWN
        .iter()
        .find(|(k, _, _)| *k == kind)
        .map_or("ray", |(_, n, _)| *n);
    for key in written {
        if accepts(kind, key) {
            continue;
        }
        let owners: Vec<String> = OWN
            .iter()
            .filter(|(k, _, _)| accepts(*k, key))
            .map(|(_, n, _)| format!("`{n}`"))
            .collect();
        if owners.is_empty() {
            continue; // not a generator key at all: serde has said so already
        }
        problems.push(Problem::at(
            &["generators", name, key],
            format!(
                "`{key}` is a key of {} generators; this one is kind = \"{kind_name}\"",
                owners.join(" and ")
            ),
        ));
    }
}

/// Direction names (absolute or player-relative) resolved per seat; none = every direction
/// of the board.
fn directions(
    t: &Tables,
    list: &[String],
    path: &[&str],
    problems: &mut Vec<Problem>,
) -> Vec<Vec<crate::board::DirId>> {
    let mut dirs = vec![Vec::new(); t.player_count()];
    if list.is_empty() {
        for d in &mut dirs {
            *d = t.board.dirs().collect();
        }
    }
    for (i, dname) in list.iter().enumerate() {
        if !t.board.is_dir(dname) {
            let names: Vec<&str> = t
                .board
                .dirs()
                .map(|d| t.board.dir_name(d))
                .chain(t.board.relative_names())
                .collect();
            let idx = i.to_string();
            let mut at = path.to_vec();
            at.push(&idx);
            problems.push(
                Problem::at(&at, format!("`{dname}` is not a direction"))
                    .suggesting(dname, names.iter().copied()),
            );
            continue;
        }
        for (p, list) in dirs.iter_mut().enumerate() {
            if let Some(d) = t.board.dir(dname, p) {
                list.push(d);
            }
        }
    }
    dirs
}

/// The `convert` table of a generator.
fn convert(t: &Tables, name: &str, c: &def::ConvertDef, problems: &mut Vec<Problem>) -> Convert {
    let base = ["generators", name, "convert"];
    let kinds = kind_list(t, &c.kinds, &[&base[..], &["kinds"]].concat(), problems);
    Convert {
        by: c.by,
        dirs: directions(
            t,
            &c.directions,
            &[&base[..], &["directions"]].concat(),
            problems,
        ),
        pieces: c
            .pieces
            .as_ref()
            .map_or(Conds::of(&[def::CellCond::Enemy]), Conds::from_def),
        kinds: kind_mask(&kinds),
        required: c.required,
    }
}

/// A `place` generator's own settings; `names` are every generator's, in index order.
fn place_settings(
    t: &Tables,
    name: &str,
    m: &def::GeneratorDef,
    names: &[&str],
    problems: &mut Vec<Problem>,
) -> Place {
    let at = |key: &'static str| -> Vec<&str> { vec!["generators", name, key] };
    let near = m.near.as_ref().map(|n| Near {
        pieces: n
            .pieces
            .as_ref()
            .map_or(Conds::of(&[def::CellCond::Own]), Conds::from_def),
        dirs: directions(
            t,
            &n.directions,
            &["generators", name, "near", "directions"],
            problems,
        ),
        within: n.within,
    });
    let gravity = m.gravity.as_ref().and_then(|g| {
        let dirs = directions(t, std::slice::from_ref(g), &at("gravity"), problems);
        dirs.iter()
            .map(|d| d.first().copied())
            .collect::<Option<Vec<_>>>()
    });
    let limit = m.limit.as_ref().map(|l| Limit {
        kinds: kind_mask(&kind_list(
            t,
            &l.kinds,
            &["generators", name, "limit", "kinds"],
            problems,
        )),
        dirs: directions(
            t,
            &l.directions,
            &["generators", name, "limit", "directions"],
            problems,
        ),
        max: l.max,
    });
    let mut must_move_with = Vec::new();
    for (i, g) in m.must_move_with.iter().enumerate() {
        match names.iter().position(|n| n == g) {
            Some(k) => must_move_with.push(k),
            None => {
                let idx = i.to_string();
                problems.push(
                    Problem::at(
                        &["generators", name, "must_move_with", &idx],
                        format!("`{g}` is not a move generator"),
                    )
                    .suggesting(g, names.iter().copied()),
                );
            }
        }
    }
    let surround = m.surround.as_ref().map(|sr| {
        if !t.zones.iter().any(|z| z.name == sr.capture_to) {
            problems.push(Problem::at(
                &["generators", name, "surround", "capture_to"],
                format!("`{}` is not a zone", sr.capture_to),
            ));
        }
        let dirs = directions(
            t,
            &sr.directions,
            &["generators", name, "surround", "directions"],
            problems,
        );
        generators::Surround {
            dirs: dirs.into_iter().next().unwrap_or_default(),
            capture_to: sr.capture_to.clone(),
            suicide: sr.suicide,
            ko: sr.ko,
        }
    });
    let count = m.count.unwrap_or(1);
    if !(1..=2).contains(&count) {
        problems.push(Problem::at(
            &at("count"),
            format!("count = {count}: a placement puts 1 or 2 pieces"),
        ));
    }
    // A pair is placed as the zone holds it, on a cell `land` allows: nothing more is asked.
    let with = [
        ("as_mover", m.as_mover),
        ("smallest", m.smallest),
        ("beside", m.beside.is_some()),
        ("convert", m.convert.is_some()),
        ("surround", m.surround.is_some()),
        ("must_move_with", !m.must_move_with.is_empty()),
    ];
    if count == 2
        && let Some((key, _)) = with.iter().find(|(_, on)| *on)
    {
        problems.push(Problem::at(
            &at("count"),
            format!("count = 2 places a pair as the zone holds it, on a cell `land` allows: not with `{key}`"),
        ));
    }
    Place {
        zone: m.zone.clone().unwrap_or_default(),
        near,
        gravity,
        limit,
        must_move_with,
        surround,
        as_mover: m.as_mover,
        smallest: m.smallest,
        beside: m.beside.as_ref().map(Conds::from_def),
        pair: count == 2,
    }
}

/// One generator being lowered: its definition, where it is, and the problems found.
struct Lowering<'a> {
    t: &'a Tables,
    name: &'a str,
    m: &'a def::GeneratorDef,
    problems: &'a mut Vec<Problem>,
}

impl<'a> Lowering<'a> {
    /// The key path of one of the generator's keys.
    fn at<'k>(&self, keys: &[&'k str]) -> Vec<&'k str>
    where
        'a: 'k,
    {
        let mut v = vec!["generators", self.name];
        v.extend_from_slice(keys);
        v
    }

    fn problem(&mut self, keys: &[&str], message: impl Into<String>) {
        let p = Problem::at(&self.at(keys), message);
        self.problems.push(p);
    }

    /// A region by name, or a problem at `keys`.
    fn region(&mut self, r: &str, keys: &[&str]) -> Option<usize> {
        let i = self.t.board.region_index(r);
        if i.is_none() {
            let p = Problem::at(&self.at(keys), format!("`{r}` is not a region"))
                .suggesting(r, self.t.board.regions().iter().map(|x| x.name.as_str()));
            self.problems.push(p);
        }
        i
    }

    /// Kinds by symbol, problems at `keys`.
    fn kinds(&mut self, list: &[String], keys: &[&str]) -> Vec<crate::engine::KindId> {
        let path = self.at(keys);
        kind_list(self.t, list, &path, self.problems)
    }

    /// A zone that must exist, or a problem at `key`.
    fn zone(&mut self, z: &Option<String>, key: &str) {
        if let Some(z) = z
            && !self.t.zones.iter().any(|x| &x.name == z)
        {
            let mut names: Vec<&str> = self.t.zones.iter().map(|x| x.name.as_str()).collect();
            names.dedup();
            let p = Problem::at(&self.at(&[key]), format!("`{z}` is not a zone"))
                .suggesting(z, names.iter().copied());
            self.problems.push(p);
        }
    }

    /// How far each cell is from the `toward` region per seat (less the distance from
    /// `away_from`), for heading rules.
    fn toward(&mut self) -> Option<Vec<Vec<i32>>> {
        let (t, m) = (self.t, self.m);
        let away = m
            .away_from
            .as_ref()
            .and_then(|r| self.region(r, &["away_from"]));
        if m.away_from.is_some() && m.toward.is_none() {
            self.problem(&["away_from"], "`away_from` needs `toward`");
        }
        if m.toward.is_none() && (!m.legs.is_empty() || !m.unless_net.is_empty()) {
            self.problem(
                &["legs"],
                "`legs` and `unless_net` need `toward`, the region headings are measured against",
            );
        }
        let i = self.region(m.toward.as_ref()?, &["toward"])?;
        let far = |d: u16| {
            if d == u16::MAX {
                i32::from(u16::MAX)
            } else {
                i32::from(d)
            }
        };
        Some(
            (0..t.player_count())
                .map(|p| {
                    let to = t.board.distances_to(t.board.region_at(i).for_seat(p));
                    let from = away.map(|a| t.board.distances_to(t.board.region_at(a).for_seat(p)));
                    to.iter()
                        .enumerate()
                        .map(|(c, d)| far(*d) - from.as_ref().map_or(0, |f| far(f[c])))
                        .collect()
                })
                .collect(),
        )
    }

    /// The `promote` table.
    fn promote(&mut self) -> Option<generators::Promote> {
        let pr = self.m.promote.as_ref()?;
        let region = self.region(&pr.region, &["promote", "region"])?;
        let to = self.kinds(&pr.to, &["promote", "to"]);
        if to.is_empty() {
            self.problem(&["promote", "to"], "`to` needs at least one kind");
        }
        if let Some(z) = &pr.zone
            && !self.t.zones.iter().any(|x| &x.name == z)
        {
            self.problem(&["promote", "zone"], format!("`{z}` is not a zone"));
        }
        let forced = pr
            .forced
            .as_ref()
            .and_then(|f| self.region(f, &["promote", "forced"]));
        if forced.is_some() && !pr.optional {
            self.problem(
                &["promote", "forced"],
                "`forced` is for an `optional` promotion (without `optional` every promotion is forced)",
            );
        }
        if pr.owner == def::NewOwner::None {
            self.problem(
                &["promote", "owner"],
                "a promoted piece is its owner's (`keep`) or the mover's (`mover`), not nobody's",
            );
        }
        Some(generators::Promote {
            region,
            to,
            optional: pr.optional,
            leaving: pr.leaving,
            forced,
            zone: pr.zone.clone(),
            to_mover: pr.owner == def::NewOwner::Mover,
        })
    }

    /// The land rules, by label (at most 32: each is a bit of a mask).
    fn land_rules(&mut self) -> Vec<generators::RegionRule> {
        let mut rules = Vec::new();
        for (label, r) in &self.m.land_rules {
            let key = |k: &'static str| ["land_rules", label.as_str(), k];
            let rname = r.region.as_deref().unwrap_or(label);
            let Some(region) = self.region(rname, &key("region")) else {
                continue;
            };
            let on = self.kinds(&r.on_kinds, &key("on_kinds"));
            let kinds = self.kinds(&r.kinds, &key("kinds"));
            let base = self.kinds(&r.on_base_kinds, &key("on_base_kinds"));
            let mask_or_none =
                |k: &[crate::engine::KindId]| if k.is_empty() { 0 } else { kind_mask(k) };
            rules.push(generators::RegionRule {
                region,
                kinds: kind_mask(&kinds),
                land: r.land.as_ref().map(Conds::from_def),
                on_kinds: mask_or_none(&on),
                on_base_kinds: mask_or_none(&base),
                outside: r.outside,
                end_on: r.end_on.as_ref().map(Conds::from_def),
                stop: r.stop,
                enter: r.enter,
                leave: r.leave,
                ends_chain: r.ends_chain,
            });
        }
        if rules.len() > 32 {
            self.problem(
                &["land_rules"],
                format!("{} land rules: at most 32", rules.len()),
            );
            rules.truncate(32);
        }
        rules
    }

    /// A leap generator's paths, per seat (relative directions resolved for each).
    fn leaps(&mut self) -> Vec<Vec<Vec<crate::board::DirId>>> {
        let (t, m) = (self.t, self.m);
        let mut leaps = vec![Vec::new(); t.player_count()];
        if m.kind == GeneratorKind::Leap && m.leaps.is_empty() {
            self.problem(&[], "a `leap` generator needs `leaps`, lists of directions");
        }
        for (i, path) in m.leaps.iter().enumerate() {
            for (j, dname) in path.iter().enumerate() {
                if !t.board.is_dir(dname) {
                    let (i, j) = (i.to_string(), j.to_string());
                    self.problem(&["leaps", &i, &j], format!("`{dname}` is not a direction"));
                }
            }
            for (p, list) in leaps.iter_mut().enumerate() {
                let dirs: Option<Vec<_>> = path.iter().map(|d| t.board.dir(d, p)).collect();
                if let Some(dirs) = dirs {
                    list.push(dirs);
                }
            }
        }
        leaps
    }

    /// Keys that need others: checked apart from any one kind's settings.
    fn needs(&mut self) {
        let m = self.m;
        let lone = m
            .land
            .as_ref()
            .is_some_and(|c| c.mentions(def::CellCond::LoneEnemy));
        if lone && m.kind != GeneratorKind::Track {
            self.problem(
                &["land"],
                "`lone-enemy` is only judged by track generators (kind = \"track\")",
            );
        }
        if m.kind == GeneratorKind::Place && m.zone.is_none() {
            self.problem(
                &[],
                "a `place` generator needs `zone`, the zone pieces come from",
            );
        }
        if m.en_passant && m.capture != def::CaptureMode::Land {
            self.problem(
                &["en_passant"],
                "`en_passant` takes the piece that passed as a capture on landing: it needs capture = \"land\"",
            );
        }
        if m.kind == GeneratorKind::Castle && m.kinds.is_empty() {
            self.problem(
                &[],
                "a `castle` generator needs `kinds`, the pieces that castle (`[\"K\"]`)",
            );
        }
        if m.from_inside && (m.carry == def::Carry::Stack || m.flow.is_some()) {
            self.problem(
                &["from_inside"],
                "a piece moved from inside a stack moves alone: not with carry = \"stack\" or a flow",
            );
        }
        if m.from_inside && m.promote.is_some() {
            self.problem(
                &["from_inside"],
                "a move from inside a stack names its piece after `=`, where a promotion names the new kind: not both",
            );
        }
        if m.flow.is_some() && m.carry == def::Carry::Stack {
            self.problem(
                &["flow"],
                "a flow moves what the move leaves on its cell; carry = \"stack\" leaves nothing",
            );
        }
        if m.in_block.is_some() && self.t.board.blocks.is_none() {
            self.problem(
                &["in_block"],
                "`in_block` keeps a generator to one block of a grid of grids: cut the grid into blocks with `[board] grid.blocks`",
            );
        }
        if m.revisit && (m.capture == def::CaptureMode::None || m.chain == def::Chain::None) {
            self.problem(
                &["revisit"],
                "`revisit` needs a capturing chain (`capture` and `chain`): only captures keep a series finite",
            );
        }
    }

    /// `when_facing` as [`crate::engine::Facing::bit`]s (all bits: any), and a problem when a
    /// generator turns pieces none of whose kinds point.
    fn facings(&mut self, kinds: &[crate::engine::KindId]) -> u64 {
        let (t, m) = (self.t, self.m);
        let turns = m.kind == GeneratorKind::Turn
            || m.turn_to.is_some_and(|x| x != def::TurnTo::Keep)
            || !m.when_facing.is_empty()
            || m.directions.iter().any(|d| d == "facing");
        let pointing = |k: usize| !t.kinds[k].facings.is_empty();
        let any_points = if kinds.is_empty() {
            (0..t.kinds.len()).any(pointing)
        } else {
            kinds.iter().any(|k| pointing(k.index()))
        };
        if turns && !any_points {
            self.problem(
                &[],
                "this generator turns or points pieces, but none of its kinds has `facings` (say how they may stand: `[pieces.X] facings = [\"up\", \"all\"]`)",
            );
        }
        if m.when_facing.is_empty() {
            return u64::MAX;
        }
        let mut bits = 0u64;
        for (i, f) in m.when_facing.iter().enumerate() {
            match f.as_str() {
                "up" => bits |= crate::engine::Facing::Up.bit(),
                "lying" => {
                    for d in t.board.dirs() {
                        bits |= crate::engine::Facing::Along(d).bit();
                    }
                }
                name => match t.board.absolute_dir(name) {
                    // A facing's bit is 1 + its direction: 62 directions fit in the word.
                    Some(d) if d.index() >= 62 => {
                        let idx = i.to_string();
                        let p = Problem::at(
                            &self.at(&["when_facing", &idx]),
                            format!(
                                "`{name}`: `when_facing` names at most the board's first 62 directions"
                            ),
                        );
                        self.problems.push(p);
                    }
                    Some(d) => bits |= crate::engine::Facing::Along(d).bit(),
                    None => {
                        let idx = i.to_string();
                        let names: Vec<&str> = t
                            .board
                            .dirs()
                            .map(|d| t.board.dir_name(d))
                            .chain(["up", "lying"])
                            .collect();
                        let p = Problem::at(
                            &self.at(&["when_facing", &idx]),
                            format!("`{name}` is not a facing: write `up`, `lying` or a direction of the board"),
                        )
                        .suggesting(name, names.iter().copied());
                        self.problems.push(p);
                    }
                },
            }
        }
        bits
    }

    /// What captures take and where they go: without `capture_to`, the capturer's `captured`
    /// zone (made when not declared).
    fn capture(&self) -> Capture {
        let (t, m) = (self.t, self.m);
        let capture_to = m
            .capture_to
            .clone()
            .or_else(|| super::shape::captures_anything(m).then(|| super::CAPTURED.to_string()));
        let locs = std::iter::once(None)
            .chain((0..t.player_count()).map(|p| Some(crate::engine::PlayerId(p as u8))))
            .map(|seat| capture_to.as_deref().and_then(|z| t.zone_loc(z, seat)))
            .collect();
        Capture {
            mode: m.capture,
            takes: m.takes,
            only: m.capture_if.as_ref().map(Conds::from_def),
            to: capture_to,
            zone_of: m.capture_zone_of,
            score: m.score,
            owner: m.capture_owner,
            locs,
            // Filled by `prepare`.
            fates: Vec::new(),
            fate_row: 0,
        }
    }

    /// What the moving kinds (ray, leap, fly) share.
    fn moving(&mut self) -> Movement {
        let base = self.kinds(&self.m.base_kinds, &["base_kinds"]);
        Movement {
            base_kinds: kind_mask(&base),
            carry_stack: self.m.carry == def::Carry::Stack,
            promote: self.promote(),
            toward: self.toward(),
            legs: Headings::of(&self.m.legs),
            unless_net: Headings::of(&self.m.unless_net),
            flow: self.m.flow.as_ref().map(|f| generators::Flow {
                land: f
                    .land
                    .as_ref()
                    .map_or(Conds::of(&[def::CellCond::Any]), Conds::from_def),
                capture_if: f.capture_if.as_ref().map(Conds::from_def),
                ends_turn: f.ends_turn,
            }),
        }
    }

    /// A circuit generator's circuits and arcs.
    fn circuits(&mut self) -> generators::CircuitMoves {
        let (t, m) = (self.t, self.m);
        if m.circuits.is_empty() {
            self.problem(
                &[],
                "a `circuit` generator needs `circuits`, the `[circuits]` it travels along",
            );
        }
        let mut circuits = Vec::new();
        for (i, name) in m.circuits.iter().enumerate() {
            match t.circuits.iter().position(|c| c.name == *name) {
                Some(c) => circuits.push(c),
                None => {
                    let at = ["generators", self.name, "circuits", &i.to_string()];
                    self.problems.push(
                        Problem::at(&at, format!("`{name}` is not a circuit ([circuits])"))
                            .suggesting(name, t.circuits.iter().map(|c| c.name.as_str())),
                    );
                }
            }
        }
        generators::CircuitMoves {
            circuits,
            arcs: m.arcs.unwrap_or(1),
        }
    }

    /// A ray's walk.
    fn ray(&mut self, moving: Movement) -> Ray {
        let m = self.m;
        let (min_at, max_at) = (self.at(&["over_min"]), self.at(&["over_max"]));
        let over_min = amount(&m.over_min, Amount::Fixed(0), &min_at, self.problems);
        let over_max = amount(&m.over_max, over_min, &max_at, self.problems);
        let conds = |c: &Option<def::Conds>, default: &[def::CellCond]| {
            c.as_ref().map_or(Conds::of(default), Conds::from_def)
        };
        // "Charge in the direction it is pointing": the piece's own facing, alone.
        let along_facing = m.directions.iter().any(|d| d == "facing");
        if along_facing && m.directions.len() > 1 {
            self.problem(
                &["directions"],
                "`facing` (where the piece points) stands alone: write `directions = [\"facing\"]`",
            );
        }
        Ray {
            moving,
            along_facing,
            dirs: if along_facing {
                vec![Vec::new(); self.t.player_count()]
            } else {
                self.directions(&m.directions, &["directions"])
            },
            over_min,
            over_max,
            over: conds(&m.over, &[def::CellCond::Empty]),
            over_occupied_min: m.over_occupied_min,
            over_occupied_max: m.over_occupied_max.unwrap_or(u32::MAX),
            over_region: m
                .over_region
                .as_ref()
                .and_then(|r| self.region(r, &["over_region"])),
            chain: m.chain,
            chain_stop: conds(&m.chain_stop, &[]),
            revisit: m.revisit,
            drops: m.drops.clone(),
            passable: m.passable,
            en_passant: m.en_passant,
            open: Vec::new(),
            walk: generators::Walk::Full,
        }
    }

    /// Castling's partner and steps.
    fn castle(&mut self) -> generators::Castle {
        let m = self.m;
        let partner = self.kinds(&m.partner, &["partner"]);
        if partner.is_empty() {
            self.problem(
                &[],
                "a `castle` generator needs `partner`, the kinds it castles with",
            );
        }
        let steps = match m.steps {
            Some(0) => {
                self.problem(&["steps"], "steps = 0: castling moves the piece");
                0
            }
            Some(n) => n,
            None => 2,
        };
        generators::Castle {
            dirs: self.directions(&m.directions, &["directions"]),
            partner: kind_mask(&partner),
            steps,
            safe: m.safe,
        }
    }

    /// A removal's spared lines.
    fn remove(&mut self) -> generators::Remove {
        let spare = self.m.spare_lines.as_ref().map(|l| {
            let dirs = self.directions(&l.directions, &["spare_lines", "directions"]);
            crate::engine::Line {
                length: l.length,
                exact: false,
                axes: super::axes(self.t, dirs.first().map_or(&[][..], Vec::as_slice)),
                kinds: u64::MAX,
            }
        });
        let whole_colour = self.m.whole_colour;
        if whole_colour == Some(0) {
            self.problem(
                &["whole_colour"],
                "whole_colour = 0: a cell needs at least one piece of the colour",
            );
        }
        if whole_colour.is_some() && self.t.colours.is_empty() {
            self.problem(
                &["whole_colour"],
                "no kind has colours (`[pieces.X] colours`): there is no colour to take off",
            );
        }
        generators::Remove {
            spare,
            whole_colour,
        }
    }

    /// Direction names resolved per seat, problems at `keys`.
    fn directions(&mut self, names: &[String], keys: &[&str]) -> Vec<Vec<crate::board::DirId>> {
        let path = self.at(keys);
        directions(self.t, names, &path, self.problems)
    }

    /// The colour whose power the moves need (`power`).
    fn power(&mut self) -> Option<crate::engine::ColourId> {
        let name = self.m.power.as_ref()?;
        let c = self.t.colour_named(name);
        if c.is_none() {
            let names: Vec<&str> = self.t.colours.iter().map(|c| c.name.as_str()).collect();
            let p = Problem::at(
                &self.at(&["power"]),
                format!("`{name}` is not a colour of the game's pieces"),
            )
            .suggesting(name, names);
            self.problems.push(p);
        }
        c
    }

    /// A flight's star-map settings (`linked`, `discover`), which need a star map.
    fn flight(&mut self) -> Flight {
        let m = self.m;
        if self.t.systems.is_none() {
            for (key, on) in [("linked", m.linked), ("discover", m.discover)] {
                if on {
                    self.problem(
                        &[key],
                        format!("`{key}` is about a star map: the board has no [board.systems]"),
                    );
                }
            }
        }
        if m.discover && !m.linked {
            self.problem(
                &["discover"],
                "a discovery is a flight to a new system linked with the old one: write `linked = true` too",
            );
        }
        Flight {
            linked: m.linked,
            discover: m.discover,
        }
    }

    /// The var each move sets to the mover's seat (`mover_var`).
    /// `in_region`: the var's index and the regions', each checked.
    fn in_region(&mut self, r: &def::InRegionDef) -> Option<(usize, Vec<usize>)> {
        let t = self.t;
        let var = t.vars.iter().position(|x| *x == r.var);
        if var.is_none() {
            let p = Problem::at(
                &self.at(&["in_region", "var"]),
                format!(
                    "`{}` is not one of the rules' vars: declare it in [rules] vars",
                    r.var
                ),
            )
            .suggesting(&r.var, t.vars.iter().map(String::as_str));
            self.problems.push(p);
        }
        if r.regions.is_empty() {
            self.problem(
                &["in_region", "regions"],
                "`in_region` needs the regions its var names, in order",
            );
        }
        let mut regions = Vec::new();
        for (i, name) in r.regions.iter().enumerate() {
            let idx = i.to_string();
            regions.extend(self.region(name, &["in_region", "regions", &idx]));
        }
        Some((var?, regions))
    }

    fn mover_var(&mut self) -> Option<u8> {
        let (t, m) = (self.t, self.m);
        let v = m.mover_var.as_ref()?;
        let i = t.vars.iter().position(|x| x == v);
        if i.is_none() {
            let p = Problem::at(
                &self.at(&["mover_var"]),
                format!("`{v}` is not one of the rules' vars: declare it in [rules] vars"),
            )
            .suggesting(v, t.vars.iter().map(String::as_str));
            self.problems.push(p);
        }
        if !matches!(
            m.kind,
            GeneratorKind::Ray | GeneratorKind::Leap | GeneratorKind::Fly
        ) {
            self.problem(
                &["mover_var"],
                "`mover_var` is set by the moves of ray, leap and fly generators",
            );
        }
        i.and_then(|i| u8::try_from(i).ok())
    }
}

/// Which rules' regions each cell is in, per seat: landings are judged by bit tests.
fn rule_cells(t: &Tables, rules: &[generators::RegionRule]) -> Vec<Vec<u32>> {
    (0..t.player_count())
        .map(|p| {
            let mut cells = vec![0u32; t.board.len()];
            for (i, r) in rules.iter().enumerate() {
                for c in t.board.region_at(r.region).for_seat(p).iter() {
                    cells[c.index()] |= 1 << i;
                }
            }
            cells
        })
        .collect()
}

/// Lowers one `[generators.NAME]` table; `written` are the keys it writes itself, `names` every
/// generator's name in index order.
pub(super) fn lower_pattern(
    t: &Tables,
    name: &str,
    m: &def::GeneratorDef,
    written: &[String],
    names: &[&str],
    problems: &mut Vec<Problem>,
) -> Option<Generator> {
    check_keys(name, m.kind, written, problems);
    let mut l = Lowering {
        t,
        name,
        m,
        problems,
    };
    l.needs();
    let kinds = l.kinds(&m.kinds, &["kinds"]);
    let region_rules = l.land_rules();
    let region = m.region.as_ref().and_then(|r| l.region(r, &["region"]));
    l.zone(&m.zone, "zone");
    l.zone(&m.capture_to, "capture_to");
    let kind = match m.kind {
        GeneratorKind::Ray => {
            let moving = l.moving();
            Kind::Ray(l.ray(moving))
        }
        GeneratorKind::Leap => Kind::Leap(Leap {
            moving: l.moving(),
            leaps: l.leaps(),
            over: m.over.as_ref().map(Conds::from_def),
            ends: Vec::new(),
        }),
        GeneratorKind::Fly => Kind::Fly(l.moving(), l.flight()),
        GeneratorKind::Castle => Kind::Castle(l.castle()),
        GeneratorKind::Remove => Kind::Remove(l.remove()),
        GeneratorKind::Place => Kind::Place(place_settings(t, name, m, names, l.problems)),
        GeneratorKind::Track => {
            Kind::Track(super::tracks::lower_track_moves(t, name, m, l.problems)?)
        }
        GeneratorKind::Sow => Kind::Sow(super::tracks::lower_sow(t, name, m, l.problems)?),
        GeneratorKind::Turn => Kind::Turn,
        // Its transforms go into the tables' list: `lower::generator_tables` fills them in.
        GeneratorKind::Transform => Kind::Transform(Vec::new()),
        GeneratorKind::Circuit => Kind::Circuit(l.moving(), l.circuits()),
        GeneratorKind::Draw => Kind::Draw,
        GeneratorKind::Seize => Kind::Change(Change {
            beside: m.beside.as_ref().map(Conds::from_def),
            zone: None,
        }),
        GeneratorKind::Exchange => {
            if m.zone.is_none() {
                l.problem(
                    &["kind"],
                    "an exchange trades a piece for one from a zone: name it with `zone`",
                );
            }
            Kind::Change(Change {
                beside: None,
                zone: m.zone.clone(),
            })
        }
    };
    let when_facing = l.facings(&kinds);
    let turn_to = match (m.kind, m.turn_to) {
        (GeneratorKind::Turn, None) => def::TurnTo::Any,
        (GeneratorKind::Turn, Some(def::TurnTo::Keep)) => {
            l.problem(
                &["turn_to"],
                "a turn changes how the piece stands: `turn_to` is `any` (default) or `up`",
            );
            def::TurnTo::Any
        }
        (_, x) => x.unwrap_or_default(),
    };
    let mut g = Generator {
        name: name.to_string(),
        mover_var: l.mover_var(),
        plain: false,
        rule_cells: rule_cells(t, &region_rules),
        rule_kinds: Vec::new(),
        outside_rules: 0,
        masks: Vec::new(),
        mover: m.pieces,
        kinds: kind_mask(&kinds),
        region,
        land: m.land.as_ref().map_or(
            // A change acts on a piece that is there: by default any.
            Conds::of(&[match m.kind {
                GeneratorKind::Seize | GeneratorKind::Exchange => def::CellCond::Any,
                _ => def::CellCond::Empty,
            }]),
            Conds::from_def,
        ),
        region_rules,
        capture: l.capture(),
        convert: m.convert.as_ref().map(|c| convert(t, name, c, l.problems)),
        kind,
        when_facing,
        turn_to,
        ends_turn: m.ends_turn,
        once: None,
        from_inside: m.from_inside,
        power: l.power(),
        free: m.free,
        grants: m.grants,
        gated: m.power.is_some(),
        when: None,
        then: None,
        in_block: m.in_block,
        draws: None,
        again: m.again,
        starts_by_kind: false,
        completes: None,
        near_last: m.near_last.as_ref().map(|n| generators::NearLast {
            line: n.line,
            within: n.within,
        }),
        in_region: m.in_region.as_ref().and_then(|r| l.in_region(r)),
        kept: m.in_block.is_some() || m.near_last.is_some() || m.in_region.is_some(),
    };
    lines_keys(t, m, &mut l, &mut g);
    super::prepare::prepare(&mut g, t);
    Some(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds' key lists are checked against the type: every field of `GeneratorDef` is a
    /// key of some kind (a new field on no list would be accepted by every kind, silently),
    /// and every listed key is a field (a list cannot name a key that does not exist).
    #[test]
    fn every_generator_key_belongs_to_a_kind() {
        let schema = schemars::schema_for!(def::GeneratorDef);
        let fields: Vec<String> = schema
            .get("properties")
            .and_then(|p| p.as_object())
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default();
        assert!(fields.len() > 40, "the schema lists the fields: {fields:?}");
        let unlisted: Vec<&String> = fields
            .iter()
            .filter(|f| !OWN.iter().any(|(k, _, _)| accepts(*k, f)))
            .collect();
        assert!(unlisted.is_empty(), "keys of no kind: {unlisted:?}");
        let listed = COMMON
            .iter()
            .chain(MOVING.iter())
            .chain(OWN.iter().flat_map(|(_, _, keys)| keys.iter()));
        for key in listed {
            assert!(
                fields.iter().any(|f| f == key),
                "`{key}` is listed but no field"
            );
        }
    }
}
