//! The `icebox` binary: all of it is in `icebox::cli`; this only sets the exit status, and
//! installs the allocator that counts what rule scripts hold (`icebox::rules::memory`).

#[global_allocator]
static ALLOC: icebox::rules::memory::Counting = icebox::rules::memory::Counting;

fn main() -> std::process::ExitCode {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`icebox play ... | head`) would
    // panic; with the default action the process ends quietly, as Unix tools do.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    icebox::cli::main()
}
