//! Dice thrown and not yet used this turn, as one `Copy` value: a roll is part of the position
//! (the same board with other dice is another position), and moves carry dice changes as plain
//! actions that undo exactly like piece moves.

/// Up to 15 dice of 1 to 15 pips, in the order the rules will use them, packed four bits each
/// (a zero nibble ends the list).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dice(u64);

impl Dice {
    /// The most dice a turn can hold.
    pub const MAX: usize = 15;
    /// The most pips one die can show.
    pub const MAX_PIPS: u8 = 15;

    /// No dice.
    pub const NONE: Dice = Dice(0);

    /// Dice from values; `None` if there are too many or one is out of range.
    pub fn from_values(values: &[u8]) -> Option<Dice> {
        if values.len() > Self::MAX {
            return None;
        }
        let mut d = Dice(0);
        for (i, &v) in values.iter().enumerate() {
            if v == 0 || v > Self::MAX_PIPS {
                return None;
            }
            d.0 |= u64::from(v) << (4 * i);
        }
        Some(d)
    }

    /// The bits that differ between these dice and `to` (a `SetDice` action's change).
    pub fn flip_to(self, to: Dice) -> u64 {
        self.0 ^ to.0
    }

    /// These dice with the bits of `flip` changed: applying a change made by `flip_to` on
    /// the dice it was made from gives the dice it was made for, and applying it again
    /// gives the first back.
    pub fn flipped(self, flip: u64) -> Dice {
        Dice(self.0 ^ flip)
    }

    /// How many dice are left.
    pub fn len(self) -> usize {
        (0..Self::MAX)
            .take_while(|i| (self.0 >> (4 * i)) & 0xF != 0)
            .count()
    }

    /// True when no die is left.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The die at position `i`.
    pub fn get(self, i: usize) -> Option<u8> {
        if i >= Self::MAX {
            return None;
        }
        let v = ((self.0 >> (4 * i)) & 0xF) as u8;
        (v != 0).then_some(v)
    }

    /// The values, in order.
    pub fn values(self) -> impl Iterator<Item = u8> {
        (0..Self::MAX).map_while(move |i| self.get(i))
    }

    /// Without the die at `i` (unchanged if there is none): the dice above move down.
    pub fn without(self, i: usize) -> Dice {
        if self.get(i).is_none() {
            return self;
        }
        let low = self.0 & ((1u64 << (4 * i)) - 1);
        let high = (self.0 >> (4 * (i + 1))) << (4 * i);
        Dice(low | high)
    }

    /// With `value` put in at position `i`, the dice from `i` on moving up (unchanged if it
    /// would not fit).
    pub fn with(self, i: usize, value: u8) -> Dice {
        if i > self.len() || self.len() >= Self::MAX || value == 0 || value > Self::MAX_PIPS {
            return self;
        }
        let low = self.0 & ((1u64 << (4 * i)) - 1);
        let high = (self.0 >> (4 * i)) << (4 * (i + 1));
        Dice(low | (u64::from(value) << (4 * i)) | high)
    }

    /// The position of the first die showing `value`.
    pub fn find(self, value: u8) -> Option<usize> {
        self.values().position(|v| v == value)
    }
}

impl std::fmt::Display for Dice {
    /// `3,5` (empty for no dice).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut first = true;
        for v in self.values() {
            if !first {
                f.write_str(",")?;
            }
            write!(f, "{v}")?;
            first = false;
        }
        Ok(())
    }
}

/// The most distinct throws one throw of the dice may have (3 dice of 6 sides have 56).
pub const MAX_THROWS: u64 = 20_000;

/// Checks that `count` dice of `sides` sides can be thrown: the distinct throws are few enough
/// to list (at most [`MAX_THROWS`]) and the ordered throws, the weights, fit 32 bits.
pub(crate) fn check(count: usize, sides: u8) -> Result<(), String> {
    if count == 0 || count > Dice::MAX || !(2..=Dice::MAX_PIPS).contains(&sides) {
        return Err(format!(
            "dice: 1 to {} dice of 2 to {} sides, not {count} of {sides}",
            Dice::MAX,
            Dice::MAX_PIPS
        ));
    }
    // Distinct throws: multisets of `count` values out of `sides`, C(count + sides - 1, count).
    let mut distinct: u64 = 1;
    for i in 0..count as u64 {
        distinct = distinct * (u64::from(sides) + i) / (i + 1);
    }
    let ordered = u64::from(sides).checked_pow(count as u32);
    match ordered {
        Some(o) if o <= u64::from(u32::MAX) && distinct <= MAX_THROWS => Ok(()),
        _ => Err(format!(
            "{count} dice of {sides} sides make {distinct} different throws{}: at most {MAX_THROWS} different throws, and at most {} ordered ones, can be listed",
            ordered.map_or(String::new(), |o| format!(" ({o} in order)")),
            u32::MAX
        )),
    }
}

/// Every distinct outcome of throwing `count` dice of `sides` sides, as sorted values with the
/// number of ordered throws that give it (its weight: 3 for {1,1,2} of 3d6, 1 for {1,1,1}).
pub fn outcomes(count: usize, sides: u8) -> Vec<(Dice, u32)> {
    let mut out = Vec::new();
    let mut cur = Vec::with_capacity(count);
    fn rec(count: usize, sides: u8, lo: u8, cur: &mut Vec<u8>, out: &mut Vec<(Dice, u32)>) {
        if cur.len() == count {
            if let Some(d) = Dice::from_values(cur) {
                out.push((d, permutations(cur)));
            }
            return;
        }
        for v in lo..=sides {
            cur.push(v);
            rec(count, sides, v, cur, out);
            cur.pop();
        }
    }
    if count > 0 && count <= Dice::MAX && (1..=Dice::MAX_PIPS).contains(&sides) {
        rec(count, sides, 1, &mut cur, &mut out);
    }
    out
}

/// Orderings of a sorted multiset: n! / (k1! k2! ...).
fn permutations(sorted: &[u8]) -> u32 {
    let fact = |n: usize| (1..=n as u64).product::<u64>();
    let mut denom = 1u64;
    let mut i = 0;
    while i < sorted.len() {
        let j = sorted[i..].iter().take_while(|v| **v == sorted[i]).count();
        denom *= fact(j);
        i += j;
    }
    (fact(sorted.len()) / denom) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_keeps_order_and_values() {
        let d = Dice::from_values(&[6, 1, 6, 15]).expect("fits");
        assert_eq!(d.values().collect::<Vec<_>>(), [6, 1, 6, 15]);
        assert_eq!(d.len(), 4);
        assert_eq!(d.without(1).values().collect::<Vec<_>>(), [6, 6, 15]);
        assert_eq!(d.without(1).with(1, 1), d);
        assert_eq!(d.find(6), Some(0));
        assert_eq!(d.to_string(), "6,1,6,15");
        assert!(Dice::from_values(&[0]).is_none());
        assert!(Dice::from_values(&[16]).is_none());
        assert!(Dice::from_values(&[1; 16]).is_none());
    }

    #[test]
    fn a_change_of_dice_is_its_own_inverse() {
        let a = Dice::from_values(&[6, 1]).expect("fits");
        let b = Dice::from_values(&[3, 3, 3, 3]).expect("fits");
        let flip = a.flip_to(b);
        assert_eq!(a.flipped(flip), b);
        assert_eq!(a.flipped(flip).flipped(flip), a);
        assert_eq!(Dice::NONE.flipped(Dice::NONE.flip_to(a)), a);
    }

    #[test]
    fn outcomes_cover_every_throw_once() {
        // Two dice: 21 distinct throws, 36 ordered; three dice: 56 and 216.
        let two = outcomes(2, 6);
        assert_eq!(two.len(), 21);
        assert_eq!(two.iter().map(|o| o.1).sum::<u32>(), 36);
        let three = outcomes(3, 6);
        assert_eq!(three.len(), 56);
        assert_eq!(three.iter().map(|o| o.1).sum::<u32>(), 216);
        let w = |v: &[u8]| {
            let d = Dice::from_values(v).expect("fits");
            three.iter().find(|o| o.0 == d).map(|o| o.1)
        };
        assert_eq!(w(&[1, 1, 2]), Some(3));
        assert_eq!(w(&[1, 2, 3]), Some(6));
        assert_eq!(w(&[4, 4, 4]), Some(1));
    }
}
