//! Lines typed at the terminal. On a terminal: line editing, history (up/down) and tab
//! completion of moves and commands, by rustyline. Otherwise (a pipe, a test): plain lines,
//! with the prompt printed as is, so scripted sessions read the same.

use std::cell::RefCell;
use std::io::{BufRead, IsTerminal, Write};
use std::rc::Rc;

use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

/// Where typed lines come from.
pub struct Input {
    kind: Kind,
    /// What Tab completes to: the legal move texts and the commands, set before each prompt.
    words: Rc<RefCell<Vec<String>>>,
}

enum Kind {
    Plain(std::io::Lines<std::io::StdinLock<'static>>),
    Editor(Box<Editor<Words, DefaultHistory>>),
}

/// Completes the whole line from the current candidates.
struct Words(Rc<RefCell<Vec<String>>>);

impl Completer for Words {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let typed = &line[..pos];
        let found = self
            .0
            .borrow()
            .iter()
            .filter(|w| w.starts_with(typed))
            .cloned()
            .collect();
        Ok((0, found))
    }
}

impl Hinter for Words {
    type Hint = String;
}
impl Highlighter for Words {}
impl Validator for Words {}
impl Helper for Words {}

impl Input {
    /// Line editing when both ends are a terminal, plain lines otherwise.
    pub fn new() -> Input {
        let words = Rc::new(RefCell::new(Vec::new()));
        let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        let editor = terminal
            .then(|| Editor::<Words, DefaultHistory>::new().ok())
            .flatten();
        let kind = match editor {
            Some(mut e) => {
                e.set_helper(Some(Words(words.clone())));
                Kind::Editor(Box::new(e))
            }
            None => Kind::Plain(std::io::stdin().lock().lines()),
        };
        Input { kind, words }
    }

    /// Sets what Tab completes to.
    pub fn complete_with(&self, words: Vec<String>) {
        *self.words.borrow_mut() = words;
    }

    /// Shows `prompt` and reads one line; `None` at the end of input (or Ctrl-D / Ctrl-C).
    pub fn ask(&mut self, prompt: &str) -> Option<String> {
        match &mut self.kind {
            Kind::Plain(lines) => {
                print!("{prompt}");
                let _ = std::io::stdout().flush();
                lines.next().and_then(Result::ok)
            }
            Kind::Editor(e) => {
                let line = e.readline(prompt).ok()?;
                if !line.trim().is_empty() {
                    let _ = e.add_history_entry(line.as_str());
                }
                Some(line)
            }
        }
    }

    /// Asks a yes/no question; anything but `y`/`yes` is no.
    pub fn yes(&mut self, prompt: &str) -> bool {
        self.ask(prompt)
            .is_some_and(|l| matches!(l.trim(), "y" | "yes"))
    }
}
