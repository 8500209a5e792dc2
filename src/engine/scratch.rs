//! Scratch copies of a position to try moves on, kept per thread between calls.
//!
//! Three parts of move generation judge a move by playing it on a copy and taking it back:
//! the check test (`attack::keep_safe`), a star map's settling (`systems::settle`) and the lift
//! of a piece from inside its stack (`generators::from_inside`). A fresh copy per position
//! allocates every stack again (about 2,800 instructions a copy for Homeworlds, three copies
//! a position); a kept copy refilled with `State::clone_from` reuses its buffers and rewrites
//! only the stacks that differ from the last position it held.

use std::cell::RefCell;

use super::State;

/// How many copies a thread keeps: one per user that may hold one at once (a lift's
/// generation inside a check test's position would be two); more are dropped when returned.
const KEPT: usize = 4;

thread_local! {
    static KEPT_COPIES: RefCell<Vec<State>> = const { RefCell::new(Vec::new()) };
}

/// A copy of the position `of`, made at the first [`Scratch::get`] (many positions need
/// none) from one of the thread's kept copies, and given back to them on drop.
pub(crate) struct Scratch<'a> {
    of: &'a State,
    copy: Option<State>,
}

impl<'a> Scratch<'a> {
    /// A scratch copy of `of`, not made yet.
    pub(crate) fn new(of: &'a State) -> Scratch<'a> {
        Scratch { of, copy: None }
    }

    /// The copy, equal to `of` when first asked for; each move played on it must be taken
    /// back before the next, so that it stays equal.
    #[inline]
    pub(crate) fn get(&mut self) -> &mut State {
        let of = self.of;
        self.copy.get_or_insert_with(|| {
            match KEPT_COPIES.with(|k| k.try_borrow_mut().ok().and_then(|mut k| k.pop())) {
                Some(mut kept) => {
                    kept.clone_from(of);
                    kept
                }
                None => of.clone(),
            }
        })
    }
}

impl Drop for Scratch<'_> {
    fn drop(&mut self) {
        if let Some(copy) = self.copy.take() {
            // A thread being torn down has no kept copies to return to: the copy is dropped.
            let _ = KEPT_COPIES.try_with(|k| {
                if let Ok(mut k) = k.try_borrow_mut()
                    && k.len() < KEPT
                {
                    k.push(copy);
                }
            });
        }
    }
}
