//! Position keys: the Zobrist keys of pieces and cells that the board key is made of, and
//! the hasher that folds the rest of a position into a repetition key.

use super::{Loc, Piece};
use crate::board::CellId;

/// The hasher for position keys: a multiply-rotate hash in the style of rustc's FxHasher.
/// Keys never leave the process and nothing adversarial feeds them, so SipHash's protection
/// is wasted here, and it cost a tenth of a draughts playout (now 4%) (ARCHITECTURE.md, "Performance").
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl KeyHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    #[inline]
    pub(crate) fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl std::hash::Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The key of piece `p` at height `i` of location `l`: a fixed random-looking number
/// (Zobrist hashing, with SplitMix64's finaliser instead of a table, so stacks of any height
/// need no storage). The board key is the XOR of these over every piece on a cell, so a move
/// changes it by the pieces it moves: [`State::board_key`] is kept up to date by every
/// action instead of being computed from the whole board each ply.
#[inline]
pub fn piece_key(l: Loc, i: usize, p: Piece) -> u64 {
    let mut x = (u64::from(l.0) << 40) ^ ((i as u64 & 0xFFFF_FFFF) << 8) ^ u64::from(p.0);
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The key of one cell holding `stack` (0 when empty): the board key is their XOR.
pub fn cell_key(c: CellId, stack: &[Piece]) -> u64 {
    let l = Loc(c.0);
    stack
        .iter()
        .enumerate()
        .fold(0, |k, (i, p)| k ^ piece_key(l, i, *p))
}
