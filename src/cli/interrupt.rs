//! Ctrl-C for the long counting commands (`perft`, `bench`): the first press sets a flag the
//! count looks at, so it stops cleanly and prints what it has; a second press ends the
//! process at once (a count that is not looking, say inside one slow script call).
//!
//! No crate for it: `libc` is here already (SIGPIPE, file locks), and the handler does only
//! what a signal handler may: one atomic store, or `_exit`.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the first Ctrl-C after [`watch`].
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The exit status of a command stopped by Ctrl-C: 128 + SIGINT, as shells report it.
pub(super) const EXIT: u8 = 130;

#[cfg(unix)]
extern "C" fn on_sigint(_: libc::c_int) {
    if INTERRUPTED.swap(true, Ordering::Relaxed) {
        // SAFETY: `_exit` is async-signal-safe; the second press means "stop now".
        unsafe { libc::_exit(i32::from(EXIT)) }
    }
}

/// Catches Ctrl-C from now on, and returns the flag it sets. Elsewhere than Unix, Ctrl-C
/// keeps its default (the process ends) and the flag is never set.
pub(super) fn watch() -> &'static AtomicBool {
    #[cfg(unix)]
    // SAFETY: installs a handler that only touches an atomic or calls `_exit`, both
    // async-signal-safe; `signal` has no other precondition.
    unsafe {
        let handler: extern "C" fn(libc::c_int) = on_sigint;
        libc::signal(libc::SIGINT, handler as libc::sighandler_t);
    }
    &INTERRUPTED
}
