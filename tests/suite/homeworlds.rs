//! Homeworlds (games/homeworlds) against a referee written here from the rule text alone,
//! outside the engine and without its move generation (no published move counts exist): perft
//! from the start and from mid-game positions, then seeded random games in which, at every
//! position, both must agree on the board, on the bank, on the turn's bookkeeping, on the
//! legal moves (as sorted move texts) and on the result. Rules from Looney Labs, Homeworlds
//! (https://www.looneylabs.com/node/4), and the Looney Pyramid Games Wiki, Binary Homeworlds
//! (https://looneypyramids.wiki/wiki/Binary_Homeworlds), with the game's rulings
//! (games/homeworlds).
//!
//! The referee: a bank of 36 pyramids (three of each of four colours and three sizes), two
//! homes and a pool of sixteen cells. Unowned pieces on a cell are its stars, owned ones its
//! ships. First each seat builds its homeworld: two bank pieces as stars (a free move), then a
//! large as its ship. Then a turn is one action of a colour whose power the mover has where
//! it acts (a star of the colour there, or a ship of its own): yellow flies a ship to a system
//! whose stars share no size with its own, or discovers the first free cell with a bank star
//! of a size its own stars lack; green builds the smallest bank piece of the colour of a ship
//! it has there; blue trades a ship for a bank piece of the same size and another colour; red
//! takes over an enemy ship there no larger than its largest. Instead, a sacrifice returns a
//! ship to the bank for as many actions of its colour as its size, anywhere and needing no
//! power. A ship inside a stack flies, trades, is taken or is sacrificed as one on top does
//! (of equal pieces in a stack, the highest). Four pieces of a colour on a cell may be returned to the bank at any time of the
//! mover's turn (a catastrophe, no action); a cell a move takes a piece from that is left
//! with stars and no ship, or ships and no star, returns to the bank. A turn ends after its
//! actions (or early by `end`, which may also pass before any action) unless a catastrophe is left to declare; then a seat with no
//! ship at its home loses (both: a draw); a seat with no move loses; the 1,000th ply draws a
//! game that would go on.

use icebox::Game;
use icebox::engine::State;
use icebox::engine::rng::Rng;

use super::helpers::{builtin, engine_perft, seat_names};

mod rules {
    /// The colours' letters: red (attack), yellow (move), green (build), blue (trade).
    pub const COLOURS: [char; 4] = ['r', 'y', 'g', 'b'];
    const RED: u8 = 0;
    const YELLOW: u8 = 1;
    const GREEN: u8 = 2;
    const BLUE: u8 = 3;
    /// The sizes' letters: small 1, medium 2, large 3.
    pub const SIZES: [char; 3] = ['S', 'M', 'L'];
    /// The seats' letters, in turn order (North moves first).
    pub const SEATS: [char; 2] = ['n', 's'];
    /// Cells: North's home, the pool `s1`..`s16`, South's home.
    pub const CELLS: usize = 18;
    /// Each seat's home cell.
    pub const HOMES: [usize; 2] = [0, 17];
    /// Plies after which a game that would go on is drawn (`max_plies`).
    pub const MAX_PLIES: u32 = 1000;

    /// A pyramid's type (`3 * colour + size - 1`), as the bank counts them.
    pub type Kind = u8;

    /// A piece: its type and its owner (`None`: a star or a bank piece).
    #[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
    pub struct Piece {
        pub kind: Kind,
        pub owner: Option<u8>,
    }

    fn colour(k: Kind) -> u8 {
        k / 3
    }

    fn size(k: Kind) -> u8 {
        k % 3 + 1
    }

    fn kind_of(colour: u8, size: u8) -> Kind {
        3 * colour + size - 1
    }

    /// A type's token, with no owner (`yS`).
    fn token(k: Kind) -> String {
        format!(
            "{}{}",
            COLOURS[colour(k) as usize],
            SIZES[(size(k) - 1) as usize]
        )
    }

    /// A piece's token with its owner's letter (`nyS`).
    fn piece_token(p: Piece) -> String {
        match p.owner {
            Some(o) => format!("{}{}", SEATS[o as usize], token(p.kind)),
            None => token(p.kind),
        }
    }

    pub fn cell_name(i: usize) -> String {
        match i {
            0 => "north".into(),
            17 => "south".into(),
            _ => format!("s{i}"),
        }
    }

    /// A piece's token at the start of `s` (`nyS`, `bL`), and the rest of `s`.
    fn read_piece(s: &str) -> (Piece, &str) {
        let mut chars = s.chars();
        let mut c = chars.next().expect("a token");
        let owner = SEATS.iter().position(|x| *x == c).map(|o| o as u8);
        let mut used = 1;
        if owner.is_some() {
            c = chars.next().expect("a colour");
            used += 1;
        }
        let k = chars.next().expect("a size");
        let colour = COLOURS
            .iter()
            .position(|x| *x == c)
            .expect("a colour letter");
        let size = SIZES.iter().position(|x| *x == k).expect("a size letter");
        let piece = Piece {
            kind: kind_of(colour as u8, size as u8 + 1),
            owner,
        };
        (piece, &s[used + 1..])
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Phase {
        Home,
        Play,
    }

    /// A move. `at` is a piece's index in its cell's stack (bottom 0).
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Mv {
        /// Two bank pieces as the mover's home stars.
        Homeworld(Kind, Kind),
        /// A large of this colour as the mover's first ship.
        FirstShip(u8),
        /// Yellow: a ship flown to a system, or to a new one with a bank star (`star`).
        Fly {
            from: usize,
            at: usize,
            to: usize,
            star: Option<Kind>,
        },
        /// Green: the smallest bank piece of a colour as a new ship.
        Build {
            cell: usize,
            colour: u8,
        },
        /// Blue: a ship exchanged for a bank piece of this type.
        Trade {
            cell: usize,
            at: usize,
            to: Kind,
        },
        /// Red: an enemy ship taken over.
        Attack {
            cell: usize,
            at: usize,
        },
        /// A ship returned to the bank for actions of its colour.
        Sacrifice {
            cell: usize,
            at: usize,
        },
        /// Every piece of a colour on a cell holding four of it returned to the bank.
        Catastrophe {
            cell: usize,
            colour: u8,
        },
        End,
    }

    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Homeworlds {
        /// Each cell's stack, bottom first.
        pub cells: Vec<Vec<Piece>>,
        /// The bank's count of each type.
        pub bank: [u8; 12],
        pub to_move: usize,
        pub ply: u32,
        pub phase: Phase,
        /// Actions made this turn.
        pub done: u32,
        /// A sacrifice this turn: the colour it grants and the turn's actions with it.
        pub grant: Option<(u8, u32)>,
        /// `None` while the game goes on; each seat's rank when it is over (0 first).
        pub result: Option<Vec<u8>>,
        /// Why the game ended, as the referee saw it (not in the position text).
        pub why: Option<End>,
    }

    /// How a game ends.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum End {
        /// A seat with no ship at its home when a turn ended (both: a draw).
        Home,
        /// The seat to act had no move.
        Stuck,
        /// The 1,000th ply.
        Limit,
    }

    /// A bank's text (`3rL,rM,2yS`) as counts.
    fn bank_counts(list: &str) -> [u8; 12] {
        let mut bank = [0u8; 12];
        for (n, item) in super::super::helpers::zone_items(list) {
            let (p, rest) = read_piece(item);
            assert!(
                rest.is_empty() && p.owner.is_none(),
                "a bank item, not {item}"
            );
            bank[p.kind as usize] += n;
        }
        bank
    }

    impl Homeworlds {
        /// Reads the engine's position text: rows (`north`, `s1`..`s4`, .., `s13`..`s16`,
        /// `south`), digits for runs of empty cells, a stack as `(` its tokens bottom first
        /// `)`; then `turn=`, `phase=`, `ply=`, `bank=`, `var.actions=`, the grant's
        /// `var.granted_actions=` and `var.granted_colour=` (its colour plus one), `result=`.
        /// `seats` are the seat names in turn order.
        pub fn from_text(text: &str, seats: &[&str]) -> Homeworlds {
            let mut fields = text.split(' ');
            let rows: Vec<&str> = fields.next().expect("rows").split('/').collect();
            assert_eq!(rows.len(), 6, "{text}");
            let mut cells = vec![Vec::new(); CELLS];
            let mut at = 0;
            for (r, row) in rows.iter().enumerate() {
                let width = if r == 0 || r == 5 { 1 } else { 4 };
                let read = super::super::helpers::row_stacks(row, &read_piece);
                assert_eq!(read.len(), width, "row {row} of {text}");
                for stack in read {
                    cells[at] = stack;
                    at += 1;
                }
            }
            let mut v = Homeworlds {
                cells,
                bank: [0; 12],
                to_move: 0,
                ply: 0,
                phase: Phase::Home,
                done: 0,
                grant: None,
                result: None,
                why: None,
            };
            let (mut granted, mut colour) = (0, 0);
            for f in fields {
                let (key, value) = f.split_once('=').expect("key=value");
                match key {
                    "turn" => v.to_move = seats.iter().position(|s| *s == value).expect("a seat"),
                    "ply" => v.ply = value.parse().expect("a ply count"),
                    "phase" => {
                        v.phase = match value {
                            "home" => Phase::Home,
                            "play" => Phase::Play,
                            _ => panic!("a phase {value} in {text}"),
                        }
                    }
                    "bank" => v.bank = bank_counts(value),
                    "var.actions" => v.done = value.parse().expect("a count"),
                    "var.granted_actions" => granted = value.parse().expect("a count"),
                    "var.granted_colour" => colour = value.parse::<u8>().expect("a colour"),
                    "result" => {
                        v.result = Some(
                            value
                                .split(',')
                                .map(|x| x.parse().expect("a rank"))
                                .collect(),
                        )
                    }
                    _ => panic!("an unknown field {f} in {text}"),
                }
            }
            if granted > 0 {
                assert!((1..=4).contains(&colour), "a granted colour in {text}");
                v.grant = Some((colour - 1, granted));
            }
            v
        }

        /// The board as the engine writes it, but each cell's stars (the unowned pieces at
        /// its bottom, whose order nothing reads) in the referee's order.
        pub fn board_text(&self) -> String {
            let cell = |i: usize| {
                let mut stack = self.cells[i].clone();
                let stars = stack.iter().take_while(|p| p.owner.is_none()).count();
                stack[..stars].sort();
                let tokens: String = stack.iter().map(|p| piece_token(*p)).collect();
                if stack.len() >= 2 {
                    format!("({tokens})")
                } else {
                    tokens
                }
            };
            let rows: [&[usize]; 6] = [
                &[0],
                &[1, 2, 3, 4],
                &[5, 6, 7, 8],
                &[9, 10, 11, 12],
                &[13, 14, 15, 16],
                &[17],
            ];
            rows.iter()
                .map(|r| super::super::helpers::row_text(r.iter().map(|i| cell(*i))))
                .collect::<Vec<_>>()
                .join("/")
        }

        /// The sizes of a cell's stars, a bit each (0: no system).
        fn star_sizes(&self, cell: usize) -> u8 {
            self.cells[cell]
                .iter()
                .filter(|p| p.owner.is_none())
                .fold(0, |m, p| m | 1 << size(p.kind))
        }

        /// Whether the mover has colour `c`'s power on `cell`: a star of it there, or a ship
        /// of its own.
        fn power(&self, cell: usize, c: u8) -> bool {
            self.cells[cell]
                .iter()
                .any(|p| colour(p.kind) == c && p.owner.is_none_or(|o| o as usize == self.to_move))
        }

        /// The pieces of a cell owned by `owner`, each value once: the index of its highest.
        fn distinct(&self, cell: usize, owner: usize) -> Vec<usize> {
            let stack = &self.cells[cell];
            let mut out: Vec<usize> = Vec::new();
            for i in (0..stack.len()).rev() {
                if stack[i].owner == Some(owner as u8) && !out.iter().any(|&j| stack[j] == stack[i])
                {
                    out.push(i);
                }
            }
            out
        }

        /// The smallest bank piece of a colour.
        fn smallest(&self, c: u8) -> Option<Kind> {
            (1..=3)
                .map(|s| kind_of(c, s))
                .find(|k| self.bank[*k as usize] > 0)
        }

        /// The first pool cell with no piece: where a discovery goes.
        fn free_cell(&self) -> Option<usize> {
            (1..=16).find(|c| self.cells[*c].is_empty())
        }

        fn catastrophes(&self, out: &mut Vec<Mv>) {
            for cell in 0..CELLS {
                for c in 0..4 {
                    let n = self.cells[cell]
                        .iter()
                        .filter(|p| colour(p.kind) == c)
                        .count();
                    if n >= 4 {
                        out.push(Mv::Catastrophe { cell, colour: c });
                    }
                }
            }
        }

        /// The moves of one colour's action; `check`: only where the mover has its power.
        fn colour_moves(&self, c: u8, check: bool, out: &mut Vec<Mv>) {
            let me = self.to_move;
            for cell in 0..CELLS {
                if check && !self.power(cell, c) {
                    continue;
                }
                let stack = &self.cells[cell];
                match c {
                    YELLOW => {
                        let sizes = self.star_sizes(cell);
                        for at in self.distinct(cell, me) {
                            for to in 0..CELLS {
                                let other = self.star_sizes(to);
                                if to != cell && sizes != 0 && other != 0 && sizes & other == 0 {
                                    out.push(Mv::Fly {
                                        from: cell,
                                        at,
                                        to,
                                        star: None,
                                    });
                                }
                            }
                            let Some(to) = self.free_cell() else { continue };
                            for k in 0..12u8 {
                                if self.bank[k as usize] > 0 && sizes & 1 << size(k) == 0 {
                                    out.push(Mv::Fly {
                                        from: cell,
                                        at,
                                        to,
                                        star: Some(k),
                                    });
                                }
                            }
                        }
                    }
                    GREEN => {
                        for built in 0..4 {
                            let has = stack
                                .iter()
                                .any(|p| p.owner == Some(me as u8) && colour(p.kind) == built);
                            if has && self.smallest(built).is_some() {
                                out.push(Mv::Build {
                                    cell,
                                    colour: built,
                                });
                            }
                        }
                    }
                    BLUE => {
                        for at in self.distinct(cell, me) {
                            let p = stack[at].kind;
                            for to in 0..12u8 {
                                if self.bank[to as usize] > 0
                                    && size(to) == size(p)
                                    && colour(to) != colour(p)
                                {
                                    out.push(Mv::Trade { cell, at, to });
                                }
                            }
                        }
                    }
                    _ => {
                        debug_assert_eq!(c, RED);
                        let largest = stack
                            .iter()
                            .filter(|p| p.owner == Some(me as u8))
                            .map(|p| size(p.kind))
                            .max()
                            .unwrap_or(0);
                        for at in self.distinct(cell, 1 - me) {
                            if size(stack[at].kind) <= largest {
                                out.push(Mv::Attack { cell, at });
                            }
                        }
                    }
                }
            }
        }

        /// The legal moves of the seat to move, the game going on or not.
        pub fn moves_of(&self) -> Vec<Mv> {
            let me = self.to_move;
            let home = HOMES[me];
            let mut out = Vec::new();
            if self.phase == Phase::Home {
                if self.cells[home].is_empty() {
                    for a in 0..12u8 {
                        for b in a..12u8 {
                            let need = 1 + u8::from(a == b);
                            if self.bank[a as usize] > 0 && self.bank[b as usize] >= need {
                                out.push(Mv::Homeworld(a, b));
                            }
                        }
                    }
                } else {
                    for c in 0..4 {
                        if self.bank[kind_of(c, 3) as usize] > 0 {
                            out.push(Mv::FirstShip(c));
                        }
                    }
                }
                return out;
            }
            if self.done < self.limit() {
                match self.grant {
                    Some((c, _)) => self.colour_moves(c, false, &mut out),
                    None => {
                        for c in 0..4 {
                            self.colour_moves(c, true, &mut out);
                        }
                        if self.done == 0 {
                            for cell in 0..CELLS {
                                for at in self.distinct(cell, me) {
                                    out.push(Mv::Sacrifice { cell, at });
                                }
                            }
                        }
                    }
                }
            }
            self.catastrophes(&mut out);
            // `end` after an action, or at once: a pass (the 2020 edition).
            out.push(Mv::End);
            out
        }

        pub fn moves(&self) -> Vec<Mv> {
            if self.result.is_some() {
                return Vec::new();
            }
            self.moves_of()
        }

        /// The turn's actions: one, or after a sacrifice one and its size.
        fn limit(&self) -> u32 {
            self.grant.map_or(1, |g| g.1)
        }

        /// A move as the engine writes it (a homeworld's two stars sorted).
        pub fn text(&self, m: Mv) -> String {
            let inside = |cell: usize, at: usize| {
                let stack = &self.cells[cell];
                if at + 1 == stack.len() {
                    String::new()
                } else {
                    format!("={}", token(stack[at].kind))
                }
            };
            match m {
                Mv::Homeworld(a, b) => {
                    let mut t = [token(a), token(b)];
                    t.sort();
                    format!("{}@{}+{}", t[0], cell_name(HOMES[self.to_move]), t[1])
                }
                Mv::FirstShip(c) => {
                    format!(
                        "{}@{}",
                        token(kind_of(c, 3)),
                        cell_name(HOMES[self.to_move])
                    )
                }
                Mv::Fly { from, at, to, star } => format!(
                    "{}-{}{}{}",
                    cell_name(from),
                    cell_name(to),
                    inside(from, at),
                    star.map(|k| format!("+{}", token(k))).unwrap_or_default()
                ),
                Mv::Build { cell, colour } => format!(
                    "{}@{}",
                    token(self.smallest(colour).expect("a bank piece")),
                    cell_name(cell)
                ),
                Mv::Trade { cell, at, to } => format!(
                    "{}={}+{}",
                    cell_name(cell),
                    token(self.cells[cell][at].kind),
                    token(to)
                ),
                Mv::Attack { cell, at } => {
                    format!("{}={}", cell_name(cell), piece_token(self.cells[cell][at]))
                }
                Mv::Sacrifice { cell, at } => format!("x{}{}", cell_name(cell), inside(cell, at)),
                Mv::Catastrophe { cell, colour } => {
                    format!("x{}={}", cell_name(cell), COLOURS[colour as usize])
                }
                Mv::End => "end".into(),
            }
        }

        /// A piece into the bank, unowned.
        fn bank_in(&mut self, p: Piece) {
            self.bank[p.kind as usize] += 1;
        }

        fn bank_out(&mut self, k: Kind) {
            assert!(self.bank[k as usize] > 0, "{} in the bank", token(k));
            self.bank[k as usize] -= 1;
        }

        /// A cell a move took a piece from, left with stars and no ship or ships and no star,
        /// returns everything on it to the bank.
        fn collapse(&mut self, cell: usize) {
            let stack = &self.cells[cell];
            let ships = stack.iter().filter(|p| p.owner.is_some()).count();
            if !stack.is_empty() && (ships == 0 || ships == stack.len()) {
                for p in std::mem::take(&mut self.cells[cell]) {
                    self.bank_in(p);
                }
            }
        }

        /// Whether the mover keeps a ship of its own at home after `m` (before the turn ends).
        pub fn keeps_home(&self, m: Mv) -> bool {
            let home = HOMES[self.to_move];
            let touches = match m {
                Mv::Fly { from: c, .. }
                | Mv::Sacrifice { cell: c, .. }
                | Mv::Catastrophe { cell: c, .. } => c == home,
                _ => false,
            };
            if !touches || self.phase == Phase::Home {
                return true;
            }
            let mut next = self.clone();
            next.apply(m);
            next.cells[home]
                .iter()
                .any(|p| p.owner == Some(self.to_move as u8))
        }

        /// Whether the seat to move may go on with its actions spent: a catastrophe left.
        fn free_moves_left(&self) -> bool {
            let mut out = Vec::new();
            self.catastrophes(&mut out);
            !out.is_empty()
        }

        /// A move's pieces moved, and the cell it took one from collapsed if it must.
        fn apply(&mut self, m: Mv) {
            let me = self.to_move;
            let mine = Some(me as u8);
            let home = HOMES[me];
            let mut left = None;
            match m {
                Mv::Homeworld(a, b) => {
                    for k in [a, b] {
                        self.bank_out(k);
                        self.cells[home].push(Piece {
                            kind: k,
                            owner: None,
                        });
                    }
                }
                Mv::FirstShip(c) => {
                    let k = kind_of(c, 3);
                    self.bank_out(k);
                    self.cells[home].push(Piece {
                        kind: k,
                        owner: mine,
                    });
                }
                Mv::Fly { from, at, to, star } => {
                    let ship = self.cells[from].remove(at);
                    if let Some(k) = star {
                        self.bank_out(k);
                        self.cells[to].push(Piece {
                            kind: k,
                            owner: None,
                        });
                    }
                    self.cells[to].push(ship);
                    left = Some(from);
                }
                Mv::Build { cell, colour } => {
                    let k = self.smallest(colour).expect("a bank piece");
                    self.bank_out(k);
                    self.cells[cell].push(Piece {
                        kind: k,
                        owner: mine,
                    });
                }
                Mv::Trade { cell, at, to } => {
                    self.bank_out(to);
                    let old = std::mem::replace(
                        &mut self.cells[cell][at],
                        Piece {
                            kind: to,
                            owner: mine,
                        },
                    );
                    self.bank_in(old);
                    left = Some(cell);
                }
                Mv::Attack { cell, at } => self.cells[cell][at].owner = mine,
                Mv::Sacrifice { cell, at } => {
                    let p = self.cells[cell].remove(at);
                    self.bank_in(p);
                    self.grant = Some((colour(p.kind), 1 + u32::from(size(p.kind))));
                    left = Some(cell);
                }
                Mv::Catastrophe { cell, colour: c } => {
                    let stack = std::mem::take(&mut self.cells[cell]);
                    let (gone, kept): (Vec<Piece>, Vec<Piece>) =
                        stack.into_iter().partition(|p| colour(p.kind) == c);
                    for p in gone {
                        self.bank_in(p);
                    }
                    self.cells[cell] = kept;
                    left = Some(cell);
                }
                Mv::End => {}
            }
            if let Some(cell) = left {
                self.collapse(cell);
            }
        }

        pub fn play(&mut self, m: Mv) {
            let me = self.to_move;
            self.apply(m);
            self.ply += 1;
            let free = matches!(m, Mv::Homeworld(..) | Mv::Catastrophe { .. });
            let done = self.done + u32::from(!free);
            let ends = m == Mv::End || (done >= self.limit() && !self.free_moves_left());
            if ends {
                self.done = 0;
                self.grant = None;
                self.to_move = 1 - me;
                match self.phase {
                    Phase::Play => {
                        let lost: Vec<bool> = (0..2)
                            .map(|s| {
                                !self.cells[HOMES[s]]
                                    .iter()
                                    .any(|p| p.owner == Some(s as u8))
                            })
                            .collect();
                        if lost.iter().any(|l| *l) {
                            self.why = Some(End::Home);
                            self.result = Some(if lost[0] && lost[1] {
                                vec![0, 0]
                            } else {
                                lost.iter().map(|l| u8::from(*l)).collect()
                            });
                            return;
                        }
                    }
                    Phase::Home => {
                        if self.to_move == 0 {
                            self.phase = Phase::Play;
                        }
                    }
                }
            } else {
                self.done = done;
            }
            // No move: the seat to act loses (the default `no_moves`); otherwise the limit
            // draws a game that would go on.
            if self.moves_of().is_empty() {
                self.why = Some(End::Stuck);
                self.result = Some((0..2).map(|s| u8::from(s == self.to_move)).collect());
            } else if self.ply >= MAX_PLIES {
                self.why = Some(End::Limit);
                self.result = Some(vec![0, 0]);
            }
        }

        pub fn perft(&self, depth: u32) -> u64 {
            super::super::helpers::referee_perft(self, depth, &|s: &Self| s.moves(), &|s, m| {
                s.play(m)
            })
        }
    }
}

use rules::Homeworlds;

/// A position text read as the referee's state.
fn read(g: &Game, text: &str) -> Homeworlds {
    let names = seat_names(g);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    Homeworlds::from_text(text, &names)
}

fn referee(g: &Game, s: &State) -> Homeworlds {
    read(g, &g.position_text(s))
}

/// A move text with a homeworld's two stars sorted (the engine writes them in its own order).
fn canonical(text: &str) -> String {
    match text.split_once('@') {
        Some((a, rest)) if rest.contains('+') => {
            let (home, b) = rest.split_once('+').expect("a second star");
            let (x, y) = if a <= b { (a, b) } else { (b, a) };
            format!("{x}@{home}+{y}")
        }
        _ => text.to_string(),
    }
}

fn engine_moves(g: &Game, s: &State) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves(s)
        .expect("moves")
        .iter()
        .map(|m| canonical(&g.move_text(s, m)))
        .collect();
    v.sort();
    v
}

fn referee_moves(r: &Homeworlds) -> Vec<String> {
    let mut v: Vec<String> = r.moves().iter().map(|m| r.text(*m)).collect();
    v.sort();
    v
}

/// Picks a move of the engine's list: a seat mostly keeps a ship at home, so a move that
/// leaves it none is chosen only when it is all there is, or at random one time in `risk`.
/// Returns the move's index and the referee's move.
fn choose(
    g: &Game,
    s: &State,
    r: &Homeworlds,
    moves: &[icebox::engine::Move],
    rng: &mut Rng,
    risk: u64,
) -> (usize, rules::Mv) {
    let theirs = r.moves();
    let of = |i: usize| {
        let mt = canonical(&g.move_text(s, &moves[i]));
        *theirs
            .iter()
            .find(|x| r.text(**x) == mt)
            .unwrap_or_else(|| panic!("the referee has {mt}"))
    };
    let safe: Vec<usize> = (0..moves.len()).filter(|&i| r.keeps_home(of(i))).collect();
    let i = if safe.is_empty() || rng.below(risk) == 0 {
        rng.below(moves.len() as u64) as usize
    } else {
        safe[rng.below(safe.len() as u64) as usize]
    };
    (i, of(i))
}

/// Mid-game positions written here (piece counts as in play: three of each type in all).
const MIDGAME: [&str; 7] = [
    // North after sacrificing a yellow large: three yellow moves left, needing no power, to
    // any linked system or the first free cell (s3); a green catastrophe at its home (two
    // equal green smalls, one on top, and an enemy small among its ships).
    "(gSbMnrLngSsySngMngS)/(yLngMsrSnbL)(rSsbMsbMnrM)1(gMsgL)/4/4/4/(rLySsgLsrSnbS) turn=North phase=play ply=120 bank=rL,2rM,2yL,3yM,yS,gL,2bL,2bS var.actions=1 var.granted_actions=4 var.granted_colour=2",
    // The same board, South to start its turn: every colour somewhere, attacks at s2 (two
    // equal mediums against one) and at its home, ships inside stacks, the catastrophe.
    "(gSbMnrLngSsySngMngS)/(yLngMsrSnbL)(rSsbMsbMnrM)1(gMsgL)/4/4/4/(rLySsgLsrSnbS) turn=South phase=play ply=121 bank=rL,2rM,2yL,3yM,yS,gL,2bL,2bS",
    // Every pyramid in play, a star and a ship on each cell and the bank empty: no build,
    // no trade, no discovery until a ship leaves a cell (which then returns to the bank).
    "(rSngS)/(rMngM)(rLsgL)(ySnbS)(yMsbM)/(yLnbL)(gSsrS)(gMnrM)(gLsrL)/(bSnyS)(bMsyM)(bLnyL)(rSsgS)/(rMngM)(rLsgL)(ySnbS)(yMsbM)/(yLsbL) turn=North phase=play ply=77",
    // North's only ships at its home, four greens there: after its own catastrophe it has
    // no move at all (no ship, no action made), and loses.
    "(gSgMngLngM)/4/4/4/4/(rLbSsyLsbM) turn=North phase=play ply=40 bank=2rL,3rM,3rS,2yL,3yM,3yS,2gL,gM,2gS,3bL,2bM,2bS",
    // The first position two plies before the limit: every game still going two plies on
    // is drawn, so depth 3 counts nothing.
    "(gSbMnrLngSsySngMngS)/(yLngMsrSnbL)(rSsbMsbMnrM)1(gMsgL)/4/4/4/(rLySsgLsrSnbS) turn=North phase=play ply=998 bank=rL,2rM,2yL,3yM,yS,gL,2bL,2bS var.actions=1 var.granted_actions=4 var.granted_colour=2",
    // Early, from a seeded game: a blue home with its ship on top, a large away at s1.
    "(yMgSnbS)/(gLnbL)3/4/4/4/(rLbSsyLsgS) turn=North phase=play ply=8 bank=2rL,3rM,3rS,2yL,2gL,2bL,2yM,3gM,3bM,3yS,gS,bS",
    // North has flown its ship out of its home (a South ship keeps it a system); the turn
    // goes on for the red catastrophe at South's home, all South has there: after it both
    // homes are without their seat's ship, a draw; `end` instead loses.
    "(yLbSsyM)/(gMnyL)3/4/4/4/(rMrSsrLsrS) turn=North phase=play ply=31 bank=2rL,2rM,rS,yL,2yM,3yS,3gL,2gM,3gS,3bL,3bM,2bS var.actions=1",
];

/// Each move from `s` played in the engine and the referee: the same result after it, and
/// the same moves.
fn compare_children(g: &Game, s: &State) {
    let r = referee(g, s);
    let theirs = r.moves();
    for m in g.legal_moves(s).expect("moves") {
        let mt = canonical(&g.move_text(s, &m));
        let rm = *theirs
            .iter()
            .find(|x| r.text(**x) == mt)
            .unwrap_or_else(|| panic!("the referee has {mt}"));
        let (mut s, mut r) = (s.clone(), r.clone());
        g.play(&mut s, &m).expect("play");
        r.play(rm);
        let ctx = || format!("{mt} to {}", g.position_text(&s));
        assert_eq!(s.outcome().map(|o| o.ranks.to_vec()), r.result, "{}", ctx());
        assert_eq!(engine_moves(g, &s), referee_moves(&r), "{}", ctx());
    }
}

/// The engine's and the referee's perft from `s`, each depth up to `depth`, compared.
fn compare_perft(g: &Game, s: &State, depth: u32, name: &str) -> Vec<u64> {
    let r = referee(g, s);
    (1..=depth)
        .map(|d| {
            let (engine, referee) = (engine_perft(g, s, d), r.perft(d));
            eprintln!("homeworlds {name}, depth {d}: engine {engine}, referee {referee}");
            assert_eq!(engine, referee, "{name} depth {d}: {}", g.position_text(s));
            engine
        })
        .collect()
}

/// The position of seeded play (as in [`choose`]) at ply `plies`, if the game lasts a few
/// plies more (so that a perft from it counts more than its last moves).
fn seeded(g: &Game, seed: u64, plies: u32) -> Option<State> {
    let mut rng = Rng::new(seed);
    let mut s = g.start().expect("start");
    let mut r = referee(g, &s);
    let mut at = None;
    while r.ply < plies + 4 {
        if r.ply == plies {
            at = Some(s.clone());
        }
        let moves = g.legal_moves(&s).expect("moves");
        if moves.is_empty() {
            return None;
        }
        let (i, m) = choose(g, &s, &r, &moves, &mut rng, 1000);
        g.play(&mut s, &moves[i]).expect("play");
        r.play(m);
    }
    at
}

#[test]
fn homeworlds_perft_matches_the_referee() {
    let g = builtin("homeworlds", None, &[]);
    let start = g.start().expect("start");
    // Plies 1 to 4 build the homeworlds (78 star pairs, then a large of four colours for
    // North, the same for South but for the types North took); ply 5 is North's first action.
    assert_eq!(
        compare_perft(&g, &start, 6, "start"),
        [78, 312, 24200, 95524, 717315, 2424026]
    );
    for (i, text) in MIDGAME.iter().enumerate() {
        let s = g.position(text).expect("position");
        assert_eq!(referee(&g, &s), read(&g, text), "reads back {text}");
        compare_children(&g, &s);
        compare_perft(&g, &s, 3, &format!("mid-game {i}"));
    }
    // Positions seeded play reaches, a few turns in and further on: the first seeded game
    // (from the seed given) still going a few plies after.
    for (first, plies) in [(1, 12), (10, 40), (20, 90), (30, 150), (40, 300)] {
        let s = (first..first + 100)
            .find_map(|seed| seeded(&g, seed, plies))
            .expect("a game that long");
        let name = format!("ply {plies}: {}", g.position_text(&s));
        compare_perft(&g, &s, 3, &name);
    }
}

/// What random games met: positions, moves of each kind played, the longest game, results
/// (North won, South won, drawn) and how games ended (a home left empty, no move, the ply
/// limit).
#[derive(Debug, Default)]
struct Tally {
    positions: usize,
    flights: usize,
    discoveries: usize,
    builds: usize,
    trades: usize,
    attacks: usize,
    sacrifices: usize,
    catastrophes: usize,
    ends: usize,
    /// Positions in a turn a sacrifice granted actions to.
    grants: usize,
    longest: u32,
    results: [usize; 3],
    ends_by: [usize; 3],
}

/// Seeded random games in the engine and the referee, compared at every position; `risk`
/// as in [`choose`].
fn random_games(games: u64, risk: u64) -> Tally {
    let g = builtin("homeworlds", None, &[]);
    let start = g.start().expect("start");
    let mut t = Tally::default();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut s = start.clone();
        let mut r = referee(&g, &s);
        let mut line: Vec<String> = Vec::new();
        loop {
            let text = g.position_text(&s);
            let ctx = || format!("seed {seed} after {line:?}: {text}");
            // The engine's whole position, read by the referee: the board (each cell's stars
            // in one order), the bank as counts, the ply, and while the game goes on the seat
            // to act, the phase and the turn's actions and grant.
            let e = read(&g, &text);
            assert_eq!(e.board_text(), r.board_text(), "{}", ctx());
            assert_eq!(e.bank, r.bank, "{}", ctx());
            assert_eq!(e.ply, r.ply, "{}", ctx());
            if r.result.is_none() {
                assert_eq!(
                    (e.to_move, e.phase, e.done, e.grant),
                    (r.to_move, r.phase, r.done, r.grant),
                    "{}",
                    ctx()
                );
            }
            assert_eq!(engine_moves(&g, &s), referee_moves(&r), "{}", ctx());
            let engine_result = s.outcome().map(|o| o.ranks.to_vec());
            assert_eq!(engine_result, r.result, "{}", ctx());
            assert_eq!(e.result, r.result, "{}", ctx());
            t.positions += 1;
            let moves = g.legal_moves(&s).expect("moves");
            if moves.is_empty() {
                break;
            }
            let (i, rm) = choose(&g, &s, &r, &moves, &mut rng, risk);
            match rm {
                rules::Mv::Fly { star: None, .. } => t.flights += 1,
                rules::Mv::Fly { .. } => t.discoveries += 1,
                rules::Mv::Build { .. } => t.builds += 1,
                rules::Mv::Trade { .. } => t.trades += 1,
                rules::Mv::Attack { .. } => t.attacks += 1,
                rules::Mv::Sacrifice { .. } => t.sacrifices += 1,
                rules::Mv::Catastrophe { .. } => t.catastrophes += 1,
                rules::Mv::End => t.ends += 1,
                rules::Mv::Homeworld(..) | rules::Mv::FirstShip(_) => {}
            }
            t.grants += usize::from(r.grant.is_some());
            line.push(canonical(&g.move_text(&s, &moves[i])));
            g.play(&mut s, &moves[i]).expect("play");
            r.play(rm);
        }
        t.longest = t.longest.max(r.ply);
        match r.result.as_deref() {
            Some([0, 1]) => t.results[0] += 1,
            Some([1, 0]) => t.results[1] += 1,
            Some([0, 0]) => t.results[2] += 1,
            other => panic!("seed {seed}: a result {other:?}"),
        }
        match r.why {
            Some(rules::End::Home) => t.ends_by[0] += 1,
            Some(rules::End::Stuck) => t.ends_by[1] += 1,
            Some(rules::End::Limit) => t.ends_by[2] += 1,
            None => panic!("seed {seed}: over with no reason"),
        }
    }
    t
}

#[test]
fn homeworlds_random_games_agree_with_the_referee() {
    let t = random_games(300, 200);
    eprintln!(
        "homeworlds: {t:?} (results: North won, South won, drawn; ends by: a home left \
         empty, no move, the ply limit)"
    );
    assert!(
        t.positions > 20_000 && t.grants > 1000 && t.ends > 1000,
        "{t:?}"
    );
    assert!(
        t.flights > 500 && t.discoveries > 1000 && t.builds > 1000,
        "{t:?}"
    );
    assert!(
        t.trades > 1000 && t.attacks > 50 && t.catastrophes > 100,
        "{t:?}"
    );
    assert!(
        t.sacrifices > 1000 && t.longest > 300 && t.ends_by[0] > 250,
        "{t:?}"
    );
    assert!(t.results[0] > 100 && t.results[1] > 100, "{t:?}");
}
