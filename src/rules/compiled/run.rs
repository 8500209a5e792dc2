//! Running a compiled function. Whatever the compiled path does not do exactly as Rhai would
//! (a value of another type than it handles, an arithmetic error, an API function's error, a
//! limit coming near) stops the run with [`Bail`]: the caller then undoes what the run changed
//! and gives the call to Rhai, which does it from the start with its own results, errors and
//! messages. So a compiled run that finishes has done what Rhai would have, and one that does
//! not leaves no trace.

use rhai::{Dynamic, ImmutableString};
use smallvec::SmallVec;

use super::Program;
use super::ir::{Block, Builtin, Chain, Ex, FnIx, Link, Op, Root, Slot, St};

/// The run stopped: the call goes to Rhai.
#[derive(Debug)]
pub(crate) struct Bail;

type R<T> = Result<T, Bail>;

/// Operations a compiled run may count before it hands the call to Rhai. It counts one per
/// statement, expression and loop round; Rhai counts at most about three for each of those
/// (the expression, each argument, the call), so a run under an eighth of Rhai's limit is one
/// Rhai would have finished.
const MAX_OPS: u64 = crate::rules::MAX_OPERATIONS / 8;

/// Script calls deep a compiled run may go, well under Rhai's limit (its own levels count
/// differently).
const MAX_DEPTH: u32 = 32;

/// The biggest value a compiled run returns from an API call or builds: well under Rhai's
/// limits on strings, arrays and maps, which Rhai checks on every call's result.
const MAX_STRING: usize = 8 * 1024;
const MAX_ITEMS: usize = 5_000;

/// How a statement ended.
enum Flow {
    Next(Dynamic),
    Break,
    Continue,
    Return(Dynamic),
}

/// One compiled run: its frames live on `stack`, the current one from `base`.
pub(super) struct Run<'p> {
    pub(super) prog: &'p Program,
    pub(super) stack: &'p mut Vec<Dynamic>,
    pub(super) base: usize,
    pub(super) ops: u64,
    /// When `tick` next looks at the limits: `ops` grows by more than one between ticks
    /// (expressions count too), so a check on `ops` being a multiple of 64 could be stepped
    /// over for ever by a loop whose round is a multiple of 64 long.
    pub(super) check_at: u64,
    pub(super) depth: u32,
}

/// Whether a value is near one of Rhai's size limits (strings, arrays, maps, counted over
/// what they hold).
fn too_big(v: &Dynamic) -> bool {
    fn size(v: &Dynamic, items: &mut usize, bytes: &mut usize) {
        if let Ok(s) = v.as_immutable_string_ref() {
            *bytes += s.len();
        } else if let Ok(a) = v.as_array_ref() {
            *items += a.len();
            for x in a.iter().filter(|x| !x.is_int()) {
                if *items > MAX_ITEMS || *bytes > MAX_STRING {
                    return;
                }
                size(x, items, bytes);
            }
        } else if let Some(m) = v.read_lock::<rhai::Map>() {
            *items += m.len();
            for x in m.values().filter(|x| !x.is_int()) {
                if *items > MAX_ITEMS || *bytes > MAX_STRING {
                    return;
                }
                size(x, items, bytes);
            }
        }
    }
    if v.is_int() || v.is_bool() || v.is_unit() {
        return false;
    }
    let (mut items, mut bytes) = (0, 0);
    size(v, &mut items, &mut bytes);
    items > MAX_ITEMS || bytes > MAX_STRING
}

impl Run<'_> {
    /// Calls script function `ix` with `args` (moved into its frame).
    pub(super) fn call(&mut self, ix: FnIx, args: impl IntoIterator<Item = Dynamic>) -> R<Dynamic> {
        let base = self.stack.len();
        self.stack.extend(args);
        let r = self.enter(ix, base);
        self.stack.truncate(base);
        r
    }

    /// Runs script function `ix` on the frame at `base`, its arguments already there; the
    /// frame is gone after, all but the arguments when the function keeps them (so a hook's
    /// arguments can be given back).
    pub(super) fn enter(&mut self, ix: FnIx, base: usize) -> R<Dynamic> {
        let f = self.prog.funcs[ix].as_ref().ok_or(Bail)?;
        if self.depth >= MAX_DEPTH || self.stack.len() != base + f.params {
            return Err(Bail);
        }
        self.stack.resize(base + f.slots, Dynamic::UNIT);
        let caller = std::mem::replace(&mut self.base, base);
        self.depth += 1;
        let r = self.block(&f.body);
        self.depth -= 1;
        self.base = caller;
        self.stack.truncate(if f.keeps_params {
            base + f.params
        } else {
            base
        });
        match r? {
            Flow::Next(v) | Flow::Return(v) => Ok(v),
            Flow::Break | Flow::Continue => Err(Bail),
        }
    }

    /// Counts a statement or a loop round; once at least 64 operations have been counted
    /// since it last looked, looks at the limits. (What the call copied in all is looked at
    /// again when it ends: see [`Run::finish`].)
    fn tick(&mut self) -> R<()> {
        self.ops += 1;
        if self.ops >= self.check_at {
            self.check_at = self.ops + 64;
            if self.ops > MAX_OPS || crate::rules::memory::past_half() {
                return Err(Bail);
            }
        }
        Ok(())
    }

    /// A run that ended: handed to Rhai when it allocated, in all, a fair part of what a
    /// call may hold. What a call holds at any moment is never more than what it allocated,
    /// and what it allocated only grows: so a run under this bound at its end never came near
    /// the memory limit between the points where it looked.
    pub(super) fn finish(&self) -> R<()> {
        if crate::rules::memory::allocated_past_quarter() {
            return Err(Bail);
        }
        Ok(())
    }

    fn slot(&mut self, s: Slot) -> &mut Dynamic {
        &mut self.stack[self.base + s as usize]
    }

    fn block(&mut self, b: &Block) -> R<Flow> {
        let mut last = Flow::Next(Dynamic::UNIT);
        for st in &b.0 {
            if let Flow::Next(v) = std::mem::replace(&mut last, self.stmt(st)?) {
                discard(v);
            }
            if !matches!(last, Flow::Next(_)) {
                break;
            }
        }
        Ok(last)
    }

    fn truth(&mut self, e: &Ex) -> R<bool> {
        let v = self.eval(e)?;
        let b = v.as_bool().map_err(|_| Bail);
        discard(v);
        b
    }

    /// A loop's body ran: whether the loop goes on, or how it ends.
    fn round(&mut self, body: &Block) -> R<Option<Flow>> {
        Ok(match self.block(body)? {
            Flow::Next(v) => {
                discard(v);
                None
            }
            Flow::Continue => None,
            Flow::Break => Some(Flow::Next(Dynamic::UNIT)),
            r @ Flow::Return(_) => Some(r),
        })
    }

    fn stmt(&mut self, st: &St) -> R<Flow> {
        self.tick()?;
        Ok(match st {
            St::Noop => Flow::Next(Dynamic::UNIT),
            St::Ex(e) => Flow::Next(self.eval(e)?),
            St::Block(b) => self.block(b)?,
            St::Let(s, e) | St::Set(s, e) => {
                let v = self.eval(e)?;
                discard(std::mem::replace(self.slot(*s), v));
                Flow::Next(Dynamic::UNIT)
            }
            St::SetOp(s, op, e) => {
                let v = self.eval(e)?;
                let new = binary(*op, self.slot(*s), &v)?;
                discard(v);
                discard(std::mem::replace(self.slot(*s), new));
                Flow::Next(Dynamic::UNIT)
            }
            St::If(c, yes, no) => {
                if self.truth(c)? {
                    self.block(yes)?
                } else {
                    self.block(no)?
                }
            }
            St::While(c, body) => loop {
                if let Some(c) = c {
                    if !self.truth(c)? {
                        break Flow::Next(Dynamic::UNIT);
                    }
                } else {
                    self.tick()?;
                }
                if let Some(end) = self.round(body)? {
                    break end;
                }
            },
            St::Do(body, c, until) => loop {
                if let Some(end) = self.round(body)? {
                    break end;
                }
                if self.truth(c)? == *until {
                    break Flow::Next(Dynamic::UNIT);
                }
            },
            St::ForRange {
                var,
                from,
                to,
                inclusive,
                body,
            } => {
                let a = self.eval(from)?.as_int().map_err(|_| Bail)?;
                let b = self.eval(to)?.as_int().map_err(|_| Bail)?;
                let mut out = Flow::Next(Dynamic::UNIT);
                let mut i = a;
                while i < b || (*inclusive && i == b) {
                    self.tick()?;
                    discard(std::mem::replace(self.slot(*var), Dynamic::from_int(i)));
                    if let Some(end) = self.round(body)? {
                        out = end;
                        break;
                    }
                    match i.checked_add(1) {
                        Some(n) => i = n,
                        None => break,
                    }
                }
                out
            }
            St::ForArray { var, array, body } => {
                let items = self.eval(array)?.into_array().map_err(|_| Bail)?;
                let mut out = Flow::Next(Dynamic::UNIT);
                for v in items {
                    self.tick()?;
                    *self.slot(*var) = v;
                    if let Some(end) = self.round(body)? {
                        out = end;
                        break;
                    }
                }
                out
            }
            St::Break => Flow::Break,
            St::Continue => Flow::Continue,
            St::Return(e) => Flow::Return(match e {
                Some(e) => self.eval(e)?,
                None => Dynamic::UNIT,
            }),
            St::ToRhai => return Err(Bail),
        })
    }

    fn eval(&mut self, e: &Ex) -> R<Dynamic> {
        self.ops += 1;
        match e {
            Ex::Int(n) => Ok(Dynamic::from_int(*n)),
            Ex::Const(v) => Ok(v.clone()),
            Ex::Var(s) => Ok(copy(self.slot(*s))),
            Ex::Binary(op, ab) => {
                let a = self.eval(&ab.0)?;
                let b = self.eval(&ab.1)?;
                let r = binary(*op, &a, &b);
                discard(a);
                discard(b);
                r
            }
            Ex::Neg(a) => {
                let n = self.eval(a)?.as_int().map_err(|_| Bail)?;
                n.checked_neg().map(Dynamic::from_int).ok_or(Bail)
            }
            Ex::Not(a) => Ok(Dynamic::from_bool(!self.truth(a)?)),
            Ex::All(list) => {
                for x in list.iter() {
                    if !self.truth(x)? {
                        return Ok(Dynamic::FALSE);
                    }
                }
                Ok(Dynamic::TRUE)
            }
            Ex::Any(list) => {
                for x in list.iter() {
                    if self.truth(x)? {
                        return Ok(Dynamic::TRUE);
                    }
                }
                Ok(Dynamic::FALSE)
            }
            Ex::Interpolated(parts) => {
                let mut out = String::new();
                for p in parts.iter() {
                    let v = self.eval(p)?;
                    if let Ok(s) = v.as_immutable_string_ref() {
                        out.push_str(&s);
                    } else if let Ok(n) = v.as_int() {
                        out.push_str(&n.to_string());
                    } else {
                        return Err(Bail);
                    }
                    if out.len() > MAX_STRING {
                        return Err(Bail);
                    }
                }
                Ok(ImmutableString::from(out).into())
            }
            Ex::Block(b) => match self.block(b)? {
                Flow::Next(v) => Ok(v),
                _ => Err(Bail),
            },
            Ex::Call(ix, args) => {
                let mut vals: SmallVec<[Dynamic; 4]> = SmallVec::new();
                for a in args.iter() {
                    vals.push(self.eval(a)?);
                }
                self.call(*ix, vals)
            }
            Ex::Native { site, target, args } => self.native(*site, *target, args),
            Ex::Chain(c) => self.chain(c),
            Ex::Array(items) => {
                let mut a = rhai::Array::with_capacity(items.len());
                for x in items.iter() {
                    a.push(self.eval(x)?);
                }
                Ok(Dynamic::from_array(a))
            }
        }
    }

    /// `f(args)` for a function not of the script.
    fn native(&mut self, site: usize, target: Option<Slot>, args: &[Ex]) -> R<Dynamic> {
        let mut vals: SmallVec<[Dynamic; 4]> = SmallVec::new();
        for a in args {
            vals.push(self.eval(a)?);
        }
        let r = match (target, vals.split_first_mut()) {
            (Some(t), _) => self.site(site, Recv::Slot(t), &mut vals),
            (None, Some((first, rest))) => self.site(site, Recv::Value(first), rest),
            (None, None) => self.site(site, Recv::None, &mut []),
        };
        discard_all(vals);
        r
    }

    fn chain(&mut self, c: &Chain) -> R<Dynamic> {
        // Rhai's order: the chain's arguments and indexes, then its root, then its steps.
        let mut vals: SmallVec<[Dynamic; 6]> = SmallVec::new();
        for l in &c.links {
            match l {
                Link::Call(_, args) => {
                    for a in args.iter() {
                        vals.push(self.eval(a)?);
                    }
                }
                Link::Index(i) => vals.push(self.eval(i)?),
                Link::Prop(..) => {}
            }
        }
        let (mut cur, mut var) = match &c.root {
            Root::Var(s) => (Dynamic::UNIT, Some(*s)),
            Root::Ex(e) => (self.eval(e)?, None),
        };
        let mut at = 0;
        for l in &c.links {
            let next = match l {
                Link::Call(site, args) => {
                    let rest = &mut vals[at..at + args.len()];
                    at += args.len();
                    match var.take() {
                        Some(s) => self.site(*site, Recv::Slot(s), rest)?,
                        None => self.site(*site, Recv::Value(&mut cur), rest)?,
                    }
                }
                Link::Prop(site, name) => {
                    let entry = {
                        let d: &Dynamic = match var {
                            Some(s) => self.slot(s),
                            None => &cur,
                        };
                        d.read_lock::<rhai::Map>()
                            .map(|m| m.get(name.as_str()).cloned().unwrap_or(Dynamic::UNIT))
                    };
                    match (entry, var.take()) {
                        (Some(v), _) => v,
                        (None, Some(s)) => self.site(*site, Recv::Slot(s), &mut [])?,
                        (None, None) => self.site(*site, Recv::Value(&mut cur), &mut [])?,
                    }
                }
                Link::Index(_) => {
                    let i = vals[at].as_int().map_err(|_| Bail)?;
                    at += 1;
                    match var.take() {
                        Some(s) => index(self.slot(s), i)?,
                        None => index(&cur, i)?,
                    }
                }
            };
            discard(std::mem::replace(&mut cur, next));
        }
        discard_all(vals);
        Ok(cur)
    }

    /// Calls a site on a receiver and the other arguments: the API overload their types
    /// match, as Rhai's dispatch matches it, or else the library function done here.
    fn site(&mut self, site: usize, recv: Recv, rest: &mut [Dynamic]) -> R<Dynamic> {
        let prog = self.prog;
        let site = &prog.sites[site];
        let base = self.base;
        let recv: Option<&mut Dynamic> = match recv {
            Recv::Slot(s) => Some(&mut self.stack[base + s as usize]),
            Recv::Value(v) => Some(v),
            Recv::None => None,
        };
        let found = site.api.iter().find(|n| n.takes(recv.as_deref(), rest));
        let Some(n) = found else {
            return match site.builtin {
                Some(b) => builtin(b, recv.as_deref(), rest),
                None => Err(Bail),
            };
        };
        let mut copy;
        let mut refs: SmallVec<[&mut Dynamic; 5]> = SmallVec::new();
        if let Some(r) = recv {
            if n.is_method() {
                refs.push(r);
            } else {
                // A function that takes its first argument by value consumes it: a copy, as
                // Rhai passes it.
                copy = r.clone();
                refs.push(&mut copy);
            }
        }
        refs.extend(rest.iter_mut());
        let v = n.call(&mut refs).ok_or(Bail)?.map_err(|_| Bail)?;
        drop(refs);
        // The arguments taken by value were consumed (left as `()`).
        for a in rest.iter_mut() {
            discard(std::mem::take(a));
        }
        if too_big(&v) {
            return Err(Bail);
        }
        Ok(v)
    }
}

/// A copy of a value: made in place for a number or a boolean, where cloning is a call.
#[inline]
fn copy(v: &Dynamic) -> Dynamic {
    if let Ok(n) = v.as_int() {
        Dynamic::from_int(n)
    } else if let Ok(b) = v.as_bool() {
        Dynamic::from_bool(b)
    } else {
        v.clone()
    }
}

/// Drops a value, without the call dropping costs for one that holds nothing on the heap.
#[inline]
fn discard(v: Dynamic) {
    if v.is_unit() || v.is_int() || v.is_bool() {
        std::mem::forget(v);
    } else {
        drop(v);
    }
}

/// Drops a list of values: at once when none holds anything on the heap and the list is in
/// place (not spilled), where dropping each would be a call.
fn discard_all<const N: usize>(v: SmallVec<[Dynamic; N]>) {
    if !v.spilled() && v.iter().all(|x| x.is_unit() || x.is_int() || x.is_bool()) {
        std::mem::forget(v);
    } else {
        drop(v);
    }
}

/// A call's receiver: a variable (used in place), a value, or none.
enum Recv<'a> {
    Slot(Slot),
    Value(&'a mut Dynamic),
    None,
}

/// `a[i]` on an array, a negative `i` counting from the end, as Rhai indexes.
fn index(a: &Dynamic, i: i64) -> R<Dynamic> {
    let a = a.as_array_ref().map_err(|_| Bail)?;
    let at = if i < 0 {
        let back = usize::try_from(i.unsigned_abs()).map_err(|_| Bail)?;
        a.len().checked_sub(back).ok_or(Bail)?
    } else {
        usize::try_from(i).map_err(|_| Bail)?
    };
    a.get(at).cloned().ok_or(Bail)
}

/// The library functions done here, on the types where they do what Rhai's do.
fn builtin(b: Builtin, recv: Option<&Dynamic>, rest: &[Dynamic]) -> R<Dynamic> {
    let Some(x) = recv else {
        return Err(Bail);
    };
    let int = |v: &Dynamic| v.as_int().map_err(|_| Bail);
    Ok(match (b, rest) {
        (Builtin::Len, []) => {
            let n = x.as_array_ref().map_err(|_| Bail)?.len();
            Dynamic::from_int(i64::try_from(n).map_err(|_| Bail)?)
        }
        (Builtin::IsEmpty, []) => {
            Dynamic::from_bool(x.as_array_ref().map_err(|_| Bail)?.is_empty())
        }
        (Builtin::Abs, []) => Dynamic::from_int(int(x)?.checked_abs().ok_or(Bail)?),
        (Builtin::Min, [y]) => Dynamic::from_int(int(x)?.min(int(y)?)),
        (Builtin::Max, [y]) => Dynamic::from_int(int(x)?.max(int(y)?)),
        _ => return Err(Bail),
    })
}

/// A built-in operator on two values, as Rhai's built-in operators compute it; `Bail` for
/// other types and for arithmetic errors (Rhai raises those, with their message).
fn binary(op: Op, a: &Dynamic, b: &Dynamic) -> R<Dynamic> {
    if let (Ok(x), Ok(y)) = (a.as_int(), b.as_int()) {
        let n = match op {
            Op::Add => x.checked_add(y),
            Op::Sub => x.checked_sub(y),
            Op::Mul => x.checked_mul(y),
            Op::Div => x.checked_div(y),
            Op::Rem => x.checked_rem(y),
            Op::And => Some(x & y),
            Op::Or => Some(x | y),
            Op::Xor => Some(x ^ y),
            Op::Eq => return Ok(Dynamic::from_bool(x == y)),
            Op::Ne => return Ok(Dynamic::from_bool(x != y)),
            Op::Lt => return Ok(Dynamic::from_bool(x < y)),
            Op::Le => return Ok(Dynamic::from_bool(x <= y)),
            Op::Gt => return Ok(Dynamic::from_bool(x > y)),
            Op::Ge => return Ok(Dynamic::from_bool(x >= y)),
        };
        return n.map(Dynamic::from_int).ok_or(Bail);
    }
    if let (Ok(x), Ok(y)) = (a.as_bool(), b.as_bool()) {
        return match op {
            Op::Eq => Ok(Dynamic::from_bool(x == y)),
            Op::Ne => Ok(Dynamic::from_bool(x != y)),
            Op::And => Ok(Dynamic::from_bool(x & y)),
            Op::Or => Ok(Dynamic::from_bool(x | y)),
            Op::Xor => Ok(Dynamic::from_bool(x ^ y)),
            _ => Err(Bail),
        };
    }
    if let (Ok(x), Ok(y)) = (a.as_immutable_string_ref(), b.as_immutable_string_ref()) {
        return match op {
            Op::Eq => Ok(Dynamic::from_bool(x.as_str() == y.as_str())),
            Op::Ne => Ok(Dynamic::from_bool(x.as_str() != y.as_str())),
            _ => Err(Bail),
        };
    }
    Err(Bail)
}
