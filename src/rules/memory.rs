//! How much memory a rule script holds during one hook call.
//!
//! Rhai's own limits bound each array, map and string, but not their total: 900 variables of
//! 99,999-element arrays, or a map filled through indexing, still reach gigabytes. So the
//! binary counts memory itself: [`Counting`] wraps the system allocator and keeps, per
//! thread, the bytes allocated and not yet freed. A hook call notes the count when it starts,
//! and Rhai's progress callback (run at every script operation) stops the script once it holds
//! more than [`MAX_SCRIPT_BYTES`] more than that. An embedder who does not install the
//! allocator keeps Rhai's per-value limits only.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The most memory a script may hold during one hook call, on top of what it started with.
pub const MAX_SCRIPT_BYTES: isize = 128 << 20;

/// The most memory a script may allocate during one hook call, freed or not. Copying a large
/// array costs one operation, so a script far under the operation limit could still spend
/// minutes copying; this bounds the copying, and does so the same way on every machine
/// (unlike a clock).
pub const MAX_SCRIPT_TRAFFIC: usize = 1 << 30;

thread_local! {
    /// Bytes this thread has allocated and not freed (through [`Counting`]).
    static HELD: Cell<isize> = const { Cell::new(0) };
    /// Bytes this thread has ever allocated (through [`Counting`]).
    static TRAFFIC: Cell<usize> = const { Cell::new(0) };
    /// `HELD` and `TRAFFIC` when the running hook call started, or `None` outside hook calls.
    static BASE: Cell<Option<(isize, usize)>> = const { Cell::new(None) };
}

fn add(delta: isize) {
    // `try_with`: a thread's last frees run while its thread-locals are torn down.
    let _ = HELD.try_with(|h| h.set(h.get().wrapping_add(delta)));
    if delta > 0 {
        let _ = TRAFFIC.try_with(|t| t.set(t.get().wrapping_add(delta as usize)));
    }
}

/// Which limit a hook call has passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Over {
    /// It holds more than [`MAX_SCRIPT_BYTES`].
    Held,
    /// It has allocated more than [`MAX_SCRIPT_TRAFFIC`].
    Traffic,
}

/// The system allocator, counting what each thread holds.
pub struct Counting;

// SAFETY: every call is passed straight to `System`, which upholds `GlobalAlloc`'s contract;
// the counting touches only a const-initialised thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout contract, forwarded.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above: `ptr` came from this allocator with this layout.
        unsafe { System.dealloc(ptr, layout) };
        add(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            add(new_size as isize - layout.size() as isize);
        }
        p
    }
}

/// Bytes held by this thread now.
fn held() -> isize {
    HELD.try_with(Cell::get).unwrap_or(0)
}

/// Marks the start (`true`) or the end of a hook call on this thread.
pub(super) fn call_starts(start: bool) {
    let traffic = TRAFFIC.try_with(Cell::get).unwrap_or(0);
    let _ = BASE.try_with(|b| b.set(start.then(|| (held(), traffic))));
}

/// The limit the running hook call has passed, if any (never where the counting allocator is
/// not installed).
pub(super) fn over_limit() -> Option<Over> {
    let (held, traffic) = since_start()?;
    if held > MAX_SCRIPT_BYTES {
        return Some(Over::Held);
    }
    (traffic > MAX_SCRIPT_TRAFFIC).then_some(Over::Traffic)
}

/// What the running hook call holds and has allocated since it started; `None` outside hook
/// calls.
fn since_start() -> Option<(isize, usize)> {
    let (held_base, traffic_base) = BASE.try_with(Cell::get).ok().flatten()?;
    let traffic = TRAFFIC.try_with(Cell::get).unwrap_or(0);
    Some((
        held().wrapping_sub(held_base),
        traffic.wrapping_sub(traffic_base),
    ))
}

/// Whether the running hook call holds or has copied half of what it may: the compiled path
/// (`compiled`) checks less often than Rhai's every operation, so it hands the call to Rhai
/// well before a limit, and Rhai decides.
pub(super) fn past_half() -> bool {
    since_start().is_some_and(|(held, traffic)| {
        held > MAX_SCRIPT_BYTES / 2 || traffic > MAX_SCRIPT_TRAFFIC / 2
    })
}

/// Whether the running hook call has allocated, in all, more than a quarter of what it may
/// hold: a bound on what it can have held at any moment of the call.
pub(super) fn allocated_past_quarter() -> bool {
    since_start().is_some_and(|(_, traffic)| traffic > (MAX_SCRIPT_BYTES / 4) as usize)
}
