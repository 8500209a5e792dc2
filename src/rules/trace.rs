//! Where a script's `print` and `debug` go. The library never prints: a script's output is
//! handed to a sink the program installs (`icebox --trace` writes it to stderr), or kept
//! while a scenario runs so that a failing scenario can show what its script said. Without
//! either, the output is dropped, as it always was, so a script that prints costs nothing.

use std::cell::RefCell;
use std::sync::RwLock;

/// A program's sink for script output: one call per line.
pub type Sink = Box<dyn Fn(&str) + Send + Sync>;

static SINK: RwLock<Option<Sink>> = RwLock::new(None);

/// The most lines a capture keeps (a script printing in a loop must not grow it without end).
const MAX_CAPTURED: usize = 200;

thread_local! {
    static CAPTURE: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
}

/// Installs (or with `None` removes) the sink every script's output goes to.
pub fn set_sink(sink: Option<Sink>) {
    if let Ok(mut s) = SINK.write() {
        *s = sink;
    }
}

/// Runs `f`, keeping what scripts print on this thread meanwhile (at most 200 lines, then a
/// line that says more was dropped); the sink still gets every line.
pub fn capture<T>(f: impl FnOnce() -> T) -> (T, Vec<String>) {
    let before = CAPTURE.with(|c| c.borrow_mut().replace(Vec::new()));
    let out = f();
    let lines = CAPTURE.with(|c| std::mem::replace(&mut *c.borrow_mut(), before));
    (out, lines.unwrap_or_default())
}

/// A line of script output, to the capture and the sink.
pub(crate) fn emit(line: &str) {
    CAPTURE.with(|c| {
        if let Some(v) = c.borrow_mut().as_mut() {
            match v.len() {
                n if n < MAX_CAPTURED => v.push(line.to_string()),
                n if n == MAX_CAPTURED => v.push("(more output dropped)".into()),
                _ => {}
            }
        }
    });
    if let Ok(s) = SINK.read()
        && let Some(sink) = s.as_ref()
    {
        sink(line);
    }
}

/// Whether anyone would see script output (so the engine formats it only then).
pub(crate) fn wanted() -> bool {
    CAPTURE.with(|c| c.borrow().is_some()) || SINK.read().is_ok_and(|s| s.is_some())
}
