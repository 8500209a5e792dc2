//! The `icebox` binary: all of it is in `icebox::cli`; this only sets the exit status.

fn main() -> std::process::ExitCode {
    icebox::cli::main()
}
