//! Script functions compiled past Rhai's interpreter, for the hooks' common subset: whole
//! numbers, booleans, strings and arrays as values, variables, `if`, loops over ranges and
//! arrays, calls of the script's own functions and of the API. Rhai stays the language and the reference: it parses the script,
//! and every function outside the subset, every value the subset does not handle and every
//! error is Rhai's to run (see [`run`]).
//!
//! Why: a hook called through Rhai pays its dispatch on every call (about 1,250 instructions
//! for an empty `moves` hook, 2,200 for `s.top(c)`: `benches/script-boundary.sh`), and a
//! hook runs at every position of every game. Here a variable is a slot in a frame, an API
//! call goes to the registered closure directly, and a hook with an empty body is not called.

mod ir;
mod lower;
pub(crate) mod natives;
mod run;
#[cfg(test)]
mod tests;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use rhai::{AST, Dynamic};

pub(crate) use natives::{Native, Natives};
pub(crate) use run::Bail;

/// A hook run through the compiled path hands its call to Rhai this many times, at most, and
/// is then left to Rhai: a hook that keeps meeting what only Rhai does would pay twice.
const MAX_BAILS: u32 = 8;

/// A script's compiled functions.
pub(crate) struct Program {
    funcs: Vec<Option<ir::Func>>,
    /// The functions called, one site per name and arity.
    sites: Vec<ir::Site>,
    /// How often each function handed its call to Rhai (by index, as `funcs`).
    bails: Vec<Cell<u32>>,
    /// Functions left to Rhai, and why.
    left: Vec<(String, String)>,
    /// Whether a compiled function edits the move list in place.
    edits: bool,
    /// The frames' storage, kept from call to call.
    stack: RefCell<Vec<Dynamic>>,
}

impl Program {
    /// No function compiled: every call goes to Rhai (`ICEBOX_INTERPRET=1`).
    pub(crate) fn none(ast: &AST) -> Program {
        Program {
            funcs: Vec::new(),
            sites: Vec::new(),
            bails: Vec::new(),
            left: ast
                .iter_fn_def()
                .map(|f| (f.name.to_string(), "ICEBOX_INTERPRET is set".to_string()))
                .collect(),
            edits: false,
            stack: RefCell::new(Vec::new()),
        }
    }

    /// Compiles what it can of `ast`'s functions against the API in `natives`.
    pub(crate) fn new(ast: &AST, natives: &Natives) -> Program {
        let script: HashMap<(String, usize), usize> = ast
            .iter_fn_def()
            .enumerate()
            .map(|(i, f)| ((f.name.to_string(), f.params.len()), i))
            .collect();
        let mut unit = lower::Unit {
            script,
            natives,
            sites: Vec::new(),
            site_of: HashMap::new(),
        };
        let lowered = lower::lower(ast, &mut unit);
        let names: Vec<String> = ast.iter_fn_def().map(|f| f.name.to_string()).collect();
        let mut left = Vec::new();
        let mut funcs = Vec::new();
        let mut calls = Vec::new();
        for (name, l) in names.iter().zip(lowered) {
            match l {
                Ok((f, c)) => {
                    funcs.push(Some(f));
                    calls.push(c);
                }
                Err(why) => {
                    left.push((name.clone(), why));
                    funcs.push(None);
                    calls.push(Vec::new());
                }
            }
        }
        // A function that calls one left to Rhai is left to Rhai too.
        loop {
            let mut changed = false;
            for i in 0..funcs.len() {
                if funcs[i].is_some()
                    && let Some(&c) = calls[i].iter().find(|&&c| funcs[c].is_none())
                {
                    left.push((names[i].clone(), format!("it calls `{}`", names[c])));
                    funcs[i] = None;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let edits = unit
            .sites
            .iter()
            .flat_map(|s| s.api.iter())
            .any(|n| n.edits);
        Program {
            bails: funcs.iter().map(|_| Cell::new(0)).collect(),
            funcs,
            sites: unit.sites,
            left,
            edits,
            stack: RefCell::new(Vec::new()),
        }
    }

    /// The compiled function `name` taking `arity` arguments, for [`Program::run`].
    pub(crate) fn entry(&self, name: &str, arity: usize) -> Option<usize> {
        self.funcs.iter().position(|f| {
            f.as_ref()
                .is_some_and(|f| f.params == arity && f.name == name)
        })
    }

    fn func(&self, e: usize) -> Option<&ir::Func> {
        self.funcs.get(e)?.as_ref()
    }

    /// Whether entry `e` does nothing at all (an empty body): a hook whose value is not used
    /// need not be called.
    pub(crate) fn is_noop(&self, e: Option<usize>) -> bool {
        e.and_then(|e| self.func(e)).is_some_and(|f| f.noop)
    }

    /// Whether entry `e` is still run compiled: a function that keeps handing its call to
    /// Rhai would pay twice, so after a few hand-overs it is left to Rhai.
    pub(crate) fn usable(&self, e: usize) -> bool {
        self.bails.get(e).is_some_and(|b| b.get() < MAX_BAILS)
    }

    /// Runs entry `e` (from [`Program::entry`]) with `args`, given back as they were when it
    /// returns. On `Bail` the caller undoes what the run changed and runs the call through
    /// Rhai.
    pub(crate) fn run(&self, e: usize, args: &mut [&mut Dynamic]) -> Result<Dynamic, Bail> {
        let (Some(f), Some(bails)) = (self.func(e), self.bails.get(e)) else {
            return Err(Bail);
        };
        // A hook calling a hook is refused before it gets here; a borrowed stack would be a
        // call from inside a call, which only Rhai handles.
        let mut stack = self.stack.try_borrow_mut().map_err(|_| Bail)?;
        let mut run = run::Run {
            prog: self,
            stack: &mut stack,
            base: 0,
            ops: 0,
            check_at: 64,
            depth: 0,
        };
        // Lent when the function leaves them as they are (a copy of a handle or a move is an
        // allocation), copied otherwise.
        if f.keeps_params {
            run.stack
                .extend(args.iter_mut().map(|a| std::mem::take(&mut **a)));
        } else {
            run.stack.extend(args.iter().map(|a| (**a).clone()));
        }
        let r = run.enter(e, 0).and_then(|v| run.finish().map(|()| v));
        if f.keeps_params {
            for (a, v) in args.iter_mut().zip(run.stack.drain(..)) {
                **a = v;
            }
        }
        stack.clear();
        if r.is_err() {
            bails.set(bails.get() + 1);
        }
        r
    }

    /// Whether a compiled function edits the move list in place (so a run that may be handed
    /// to Rhai keeps a copy of the list to go back to).
    pub(crate) fn edits(&self) -> bool {
        self.edits
    }

    /// Every function of the script by name, with why it is left to Rhai (`None`: it is
    /// compiled).
    pub(crate) fn report(&self) -> Vec<(String, Option<String>)> {
        let mut out: Vec<(String, Option<String>)> = self
            .funcs
            .iter()
            .flatten()
            .map(|f| (f.name.clone(), None))
            .collect();
        out.extend(
            self.left
                .iter()
                .map(|(n, why)| (n.clone(), Some(why.clone()))),
        );
        // Closures (`|x| ...`) are functions of Rhai's own naming: not the author's.
        out.retain(|f| !f.0.starts_with("anon$"));
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }
}
