//! `[board.systems]` into the engine's star map: the bank zone and each seat's home. The
//! cells themselves were made with the board (`board::systems`); the bound on how many systems
//! the pieces can make is checked with the set-up (`setup::check_star_map`).

use crate::def::GameDef;
use crate::diag::Problem;
use crate::engine::{Tables, systems::Systems};

/// Lowers the star map, if the board is one.
pub(super) fn lower(def: &GameDef, t: &mut Tables, problems: &mut Vec<Problem>) {
    let Some(sys) = &def.board.systems else {
        return;
    };
    let bank = t
        .zone_loc(&sys.bank, None)
        .filter(|l| t.loc_zone(*l).is_some_and(|z| z.seat.is_none()));
    let Some(bank) = bank else {
        problems.push(Problem::at(
            &["board", "systems", "bank"],
            format!(
                "`{}` is not a shared zone: the bank is one zone for the table (`[zones.{}]`)",
                sys.bank, sys.bank
            ),
        ));
        return;
    };
    let homes = sys.homes.iter().filter_map(|h| t.board.cell(h)).collect();
    t.systems = Some(Systems {
        bank,
        link: sys.link,
        homes,
    });
}
