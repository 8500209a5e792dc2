//! Lowering Rhai's syntax tree into the compiled form ([`super::ir`]): variables become
//! slots, calls are bound. A construct outside the compiled subset leaves its function to
//! Rhai, with the reason kept for `icebox` to show.

use std::collections::HashMap;

use rhai::{AST, ASTFlags, ASTNode, BinaryExpr, Dynamic, Expr, FnCallExpr, Position, Stmt, Token};

use super::ir::{Block, Builtin, Chain, Ex, FnIx, Func, Link, Op, Root, Site, Slot, St};
use super::natives::Natives;

/// The most variable slots a compiled function may have: well under Rhai's limit on
/// variables in scope, so a compiled function can never reach it.
const MAX_SLOTS: usize = 400;

/// Why a function is left to Rhai.
pub(super) type Unsupported = String;

type L<T> = Result<T, Unsupported>;

/// What lowering knows of the whole script.
pub(super) struct Unit<'a> {
    /// Script functions by name and arity.
    pub(super) script: HashMap<(String, usize), FnIx>,
    pub(super) natives: &'a Natives,
    /// The functions the program calls, one entry per name and arity.
    pub(super) sites: Vec<Site>,
    pub(super) site_of: HashMap<(String, usize), usize>,
}

/// The lowering of one function.
struct Fun<'u, 'a> {
    unit: &'u mut Unit<'a>,
    vars: Vec<(rhai::ImmutableString, Slot, bool)>,
    next: usize,
    max: usize,
    /// Script functions it calls.
    calls: Vec<FnIx>,
    params: usize,
    assigns_params: bool,
}

/// The functions of `ast`, in `iter_fn_def` order: each lowered, or why not, with the script
/// functions it calls.
pub(super) fn lower(ast: &AST, unit: &mut Unit) -> Vec<L<(Func, Vec<FnIx>)>> {
    let defs: Vec<_> = ast
        .iter_fn_def()
        .map(|f| {
            (
                f.name.to_string(),
                f.params.iter().cloned().collect::<Vec<_>>(),
                f.body.start_position(),
                f.body.end_position(),
                f.this_type.is_some(),
            )
        })
        .collect();
    // Rhai does not export the type of a function's body, but its walk visits each body's
    // statements in order, after the script's own: each is given to the function whose
    // braces hold its position.
    let mut bodies: Vec<Vec<Stmt>> = defs.iter().map(|_| Vec::new()).collect();
    let mut placeless = false;
    ast.walk(&mut |path: &[ASTNode]| {
        if let [ASTNode::Stmt(st)] = path {
            let at = st.position();
            if at.is_none() {
                placeless = true;
            } else if let Some(i) = defs
                .iter()
                .enumerate()
                .filter(|(_, d)| d.2 <= at && at <= d.3)
                // A closure's body lies inside its function's braces: the innermost holds it.
                .max_by_key(|(_, d)| d.2)
                .map(|(i, _)| i)
            {
                bodies[i].push((*st).clone());
            }
        }
        true
    });
    defs.iter()
        .zip(bodies)
        .enumerate()
        .map(|(i, ((name, params, ..), body))| {
            if placeless {
                return Err("a statement of the script has no position".into());
            }
            if defs.iter().any(|d| d.0 == *name && d.4) {
                return Err("a method (`this`)".into());
            }
            // A closure defined inside: which statements are the function's own would rest
            // on positions alone.
            // (A closure's body may end without a position: where it starts decides; one
            // with no start at all could be anywhere.)
            let (_, _, start, end, _) = &defs[i];
            if defs
                .iter()
                .enumerate()
                .any(|(j, d)| j != i && (d.2.is_none() || (*start <= d.2 && d.2 <= *end)))
            {
                return Err("a closure (`|x| ...`) is defined in it".into());
            }
            let mut f = Fun {
                unit,
                vars: Vec::new(),
                next: 0,
                max: 0,
                calls: Vec::new(),
                params: params.len(),
                assigns_params: false,
            };
            for p in params {
                f.declare(p.clone(), false);
            }
            let body = f.stmts(&body)?;
            if f.max > MAX_SLOTS {
                return Err(format!("more than {MAX_SLOTS} variables"));
            }
            Ok((
                Func {
                    name: name.clone(),
                    params: params.len(),
                    slots: f.max,
                    keeps_params: !f.assigns_params,
                    noop: body.0.iter().all(|s| matches!(s, St::Noop)),
                    body,
                },
                f.calls,
            ))
        })
        .collect()
}

fn binary(t: &Token) -> Option<Op> {
    Some(match t {
        Token::Plus => Op::Add,
        Token::Minus => Op::Sub,
        Token::Multiply => Op::Mul,
        Token::Divide => Op::Div,
        Token::Modulo => Op::Rem,
        Token::EqualsTo => Op::Eq,
        Token::NotEqualsTo => Op::Ne,
        Token::LessThan => Op::Lt,
        Token::LessThanEqualsTo => Op::Le,
        Token::GreaterThan => Op::Gt,
        Token::GreaterThanEqualsTo => Op::Ge,
        Token::Ampersand => Op::And,
        Token::Pipe => Op::Or,
        Token::XOr => Op::Xor,
        _ => return None,
    })
}

fn unsupported<T>(what: &str, at: Position) -> L<T> {
    Err(match at.line() {
        Some(l) => format!("{what} (line {l})"),
        None => what.to_string(),
    })
}

impl Fun<'_, '_> {
    fn declare(&mut self, name: rhai::ImmutableString, constant: bool) -> Slot {
        let s = self.next as Slot;
        self.vars.push((name, s, constant));
        self.next += 1;
        self.max = self.max.max(self.next);
        s
    }

    fn find(&self, name: &str) -> Option<(Slot, bool)> {
        self.vars
            .iter()
            .rev()
            .find(|v| v.0 == name)
            .map(|v| (v.1, v.2))
    }

    /// A block: its variables end with it.
    fn stmts(&mut self, stmts: &[Stmt]) -> L<Block> {
        let (vars, next) = (self.vars.len(), self.next);
        let out = stmts.iter().map(|s| self.stmt(s)).collect::<L<Vec<_>>>();
        self.vars.truncate(vars);
        self.next = next;
        out.map(Block)
    }

    fn stmt(&mut self, st: &Stmt) -> L<St> {
        Ok(match st {
            Stmt::Noop(..) => St::Noop,
            Stmt::Expr(e) => St::Ex(self.expr(e)?),
            Stmt::FnCall(f, pos) => St::Ex(self.call(f, *pos)?),
            Stmt::Block(b) => St::Block(self.stmts(b.statements())?),
            Stmt::Var(x, flags, pos) => {
                let (name, value, _) = &**x;
                if flags.contains(ASTFlags::EXPORTED) {
                    return unsupported("an exported variable", *pos);
                }
                // The value is read before the new variable exists (`let x = x + 1`).
                let value = self.expr(value)?;
                let slot = self.declare(name.name.clone(), flags.contains(ASTFlags::CONSTANT));
                St::Let(slot, value)
            }
            Stmt::Assignment(x) => {
                let (op, BinaryExpr { lhs, rhs }) = &**x;
                let Expr::Variable(v, _, pos) = lhs else {
                    return unsupported("an assignment to an element or a property", op.position());
                };
                let Some((slot, false)) = self.find(&v.1) else {
                    return unsupported("an assignment to a constant or an unknown variable", *pos);
                };
                let value = self.expr(rhs)?;
                self.assigns_params |= (slot as usize) < self.params;
                match op.get_op_assignment_info() {
                    None => St::Set(slot, value),
                    Some((.., underlying, _)) => match binary(underlying) {
                        Some(o) => St::SetOp(slot, o, value),
                        None => return unsupported("this compound assignment", op.position()),
                    },
                }
            }
            Stmt::If(x, _) => St::If(
                self.expr(&x.expr)?,
                self.stmts(x.body.statements())?,
                self.stmts(x.branch.statements())?,
            ),
            Stmt::While(x, _) => {
                let cond = match &x.expr {
                    Expr::Unit(..) | Expr::BoolConstant(true, ..) => None,
                    e => Some(self.expr(e)?),
                };
                St::While(cond, self.stmts(x.body.statements())?)
            }
            Stmt::Do(x, flags, _) => St::Do(
                self.stmts(x.body.statements())?,
                self.expr(&x.expr)?,
                flags.contains(ASTFlags::NEGATED),
            ),
            Stmt::For(x, pos) => {
                let (var, counter, flow) = &**x;
                if counter.is_some() {
                    return unsupported("a `for` with a counter", *pos);
                }
                let (from, to, inclusive) = match &flow.expr {
                    Expr::FnCall(f, _)
                        if f.args.len() == 2
                            && matches!(
                                f.op_token,
                                Some(Token::ExclusiveRange | Token::InclusiveRange)
                            ) =>
                    {
                        (
                            self.expr(&f.args[0])?,
                            self.expr(&f.args[1])?,
                            f.op_token == Some(Token::InclusiveRange),
                        )
                    }
                    Expr::DynamicConstant(d, _) if d.is::<std::ops::Range<i64>>() => {
                        let r = d.clone().cast::<std::ops::Range<i64>>();
                        (Ex::Const(r.start.into()), Ex::Const(r.end.into()), false)
                    }
                    Expr::DynamicConstant(d, _) if d.is::<std::ops::RangeInclusive<i64>>() => {
                        let r = d.clone().cast::<std::ops::RangeInclusive<i64>>();
                        (
                            Ex::Const((*r.start()).into()),
                            Ex::Const((*r.end()).into()),
                            true,
                        )
                    }
                    other => {
                        let array = self.expr(other)?;
                        let (vars, next) = (self.vars.len(), self.next);
                        let slot = self.declare(var.name.clone(), false);
                        let body = self.stmts(flow.body.statements());
                        self.vars.truncate(vars);
                        self.next = next;
                        return Ok(St::ForArray {
                            var: slot,
                            array,
                            body: body?,
                        });
                    }
                };
                let (vars, next) = (self.vars.len(), self.next);
                let slot = self.declare(var.name.clone(), false);
                let body = self.stmts(flow.body.statements());
                self.vars.truncate(vars);
                self.next = next;
                St::ForRange {
                    var: slot,
                    from,
                    to,
                    inclusive,
                    body: body?,
                }
            }
            Stmt::BreakLoop(None, flags, _) => {
                if flags.contains(ASTFlags::BREAK) {
                    St::Break
                } else {
                    St::Continue
                }
            }
            // `throw`: Rhai raises it, with its own message and place.
            Stmt::Return(_, flags, _) if flags.contains(ASTFlags::BREAK) => St::ToRhai,
            Stmt::Return(e, ..) => St::Return(match e {
                Some(e) => Some(self.expr(e)?),
                None => None,
            }),
            other => return unsupported("this statement", other.position()),
        })
    }

    fn exprs(&mut self, es: &[Expr]) -> L<Box<[Ex]>> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    fn expr(&mut self, e: &Expr) -> L<Ex> {
        Ok(match e {
            Expr::DynamicConstant(d, _) => Ex::Const((**d).clone()),
            Expr::BoolConstant(b, _) => Ex::Const(Dynamic::from_bool(*b)),
            Expr::IntegerConstant(n, _) => Ex::Int(*n),
            Expr::CharConstant(c, _) => Ex::Const(Dynamic::from(*c)),
            Expr::StringConstant(s, _) => Ex::Const(s.clone().into()),
            Expr::Unit(_) => Ex::Const(Dynamic::UNIT),
            Expr::InterpolatedString(parts, _) => Ex::Interpolated(self.exprs(parts)?),
            Expr::Variable(v, _, pos) => match self.find(&v.1) {
                Some((slot, _)) => Ex::Var(slot),
                None => return unsupported("a variable not defined in the function", *pos),
            },
            Expr::And(list, _) => Ex::All(self.exprs(list)?),
            Expr::Or(list, _) => Ex::Any(self.exprs(list)?),
            Expr::Stmt(b) => Ex::Block(Box::new(self.stmts(b.statements())?)),
            Expr::FnCall(f, pos) => self.call(f, *pos)?,
            Expr::Dot(..) | Expr::Index(..) => self.chain(e)?,
            Expr::Array(items, _) => Ex::Array(self.exprs(items)?),
            other => return unsupported("this expression", other.position()),
        })
    }

    /// `f(args)`: an operator, a script function or an API function.
    fn call(&mut self, f: &FnCallExpr, pos: Position) -> L<Ex> {
        if f.capture_parent_scope {
            return unsupported("a call that captures the scope (`f!()`)", pos);
        }
        if let Some(t) = &f.op_token {
            return match (f.args.as_slice(), t) {
                ([a, b], t) => match binary(t) {
                    Some(op) => Ok(Ex::Binary(op, Box::new((self.expr(a)?, self.expr(b)?)))),
                    None => unsupported("this operator", pos),
                },
                ([a], Token::UnaryMinus | Token::Minus) => Ok(Ex::Neg(Box::new(self.expr(a)?))),
                ([a], Token::Bang) => Ok(Ex::Not(Box::new(self.expr(a)?))),
                _ => unsupported("this operator", pos),
            };
        }
        let key = (f.name.to_string(), f.args.len());
        if let Some(&ix) = self.unit.script.get(&key) {
            self.calls.push(ix);
            return Ok(Ex::Call(ix, self.exprs(&f.args)?));
        }
        match f.args.split_first() {
            Some((first, rest)) => self.native(&f.name, Some(first), rest, pos),
            None => self.native(&f.name, None, &[], pos),
        }
    }

    /// The site of `name` with `arity` arguments: the API's overloads and Rhai's function the
    /// compiled path does itself.
    fn site(&mut self, name: &str, arity: usize, may_be_none: bool, pos: Position) -> L<usize> {
        let key = (name.to_string(), arity);
        if let Some(&i) = self.unit.site_of.get(&key) {
            return Ok(i);
        }
        let Some(api) = self.unit.natives.overloads(name, arity) else {
            return unsupported(&format!("`{name}` needs Rhai's call context"), pos);
        };
        let builtin = Builtin::of(name, arity);
        if api.is_empty() && builtin.is_none() && !may_be_none {
            return unsupported(&format!("`{name}` is not a function it can call"), pos);
        }
        self.unit.sites.push(Site {
            api: api.into_boxed_slice(),
            builtin,
        });
        self.unit.site_of.insert(key, self.unit.sites.len() - 1);
        Ok(self.unit.sites.len() - 1)
    }

    /// `f(first, rest...)` for a function not of the script.
    fn native(&mut self, name: &str, first: Option<&Expr>, rest: &[Expr], pos: Position) -> L<Ex> {
        let arity = rest.len() + usize::from(first.is_some());
        let site = self.site(name, arity, false, pos)?;
        let mut args = Vec::with_capacity(arity);
        let target = match first {
            Some(Expr::Variable(v, _, vpos)) => match self.find(&v.1) {
                Some((slot, _)) => Some(slot),
                None => return unsupported("a variable not defined in the function", *vpos),
            },
            Some(e) => {
                args.push(self.expr(e)?);
                None
            }
            None => None,
        };
        for a in rest {
            args.push(self.expr(a)?);
        }
        Ok(Ex::Native {
            site,
            target,
            args: args.into_boxed_slice(),
        })
    }

    /// A chain of `.` and `[]` (see [`Ex::Chain`]). Rhai nests a chain to the right: a node's
    /// right side goes on with the chain unless the node ends it (`BREAK`), and a node whose
    /// right side goes on holds its own step on its left.
    fn chain(&mut self, top: &Expr) -> L<Ex> {
        let (Expr::Dot(x, flags, pos) | Expr::Index(x, flags, pos)) = top else {
            return unsupported("this expression", top.position());
        };
        if flags.contains(ASTFlags::NEGATED) {
            return unsupported("`?.` or `?[`", *pos);
        }
        let mut links = Vec::new();
        self.links(top, &x.rhs, &mut links)?;
        let root = match &x.lhs {
            Expr::Variable(v, _, vpos) => match self.find(&v.1) {
                Some((slot, _)) => Root::Var(slot),
                None => return unsupported("a variable not defined in the function", *vpos),
            },
            e => Root::Ex(self.expr(e)?),
        };
        Ok(Ex::Chain(Box::new(Chain { root, links })))
    }

    fn links(&mut self, parent: &Expr, rhs: &Expr, out: &mut Vec<Link>) -> L<()> {
        let (dotting, ends) = match parent {
            Expr::Dot(_, f, _) => (true, f.contains(ASTFlags::BREAK)),
            Expr::Index(_, f, _) => (false, f.contains(ASTFlags::BREAK)),
            other => return unsupported("this expression", other.position()),
        };
        match rhs {
            Expr::Dot(x, f, pos) | Expr::Index(x, f, pos) if !ends => {
                if f.contains(ASTFlags::NEGATED) {
                    return unsupported("`?.` or `?[`", *pos);
                }
                out.push(self.link(&x.lhs, dotting)?);
                self.links(rhs, &x.rhs, out)
            }
            _ => {
                out.push(self.link(rhs, dotting)?);
                Ok(())
            }
        }
    }

    fn link(&mut self, e: &Expr, dotting: bool) -> L<Link> {
        if !dotting {
            return Ok(Link::Index(self.expr(e)?));
        }
        let (name, args, prop): (String, &[Expr], _) = match e {
            Expr::MethodCall(f, _) if !f.capture_parent_scope => {
                (f.name.to_string(), f.args.as_slice(), None)
            }
            Expr::Property(p, _) => (p.0.0.to_string(), &[], Some(p.2.clone())),
            other => return unsupported("this step of a chain", other.position()),
        };
        let bare = name.strip_prefix("get$").unwrap_or(&name);
        // A script function called as a method binds `this`: left to Rhai.
        if self.unit.script.keys().any(|(n, _)| n == bare) {
            return unsupported("a script function called as a method", e.position());
        }
        // A property may be a map's entry, with no getter of that name at all.
        let site = self.site(&name, args.len() + 1, prop.is_some(), e.position())?;
        Ok(match prop {
            Some(p) => Link::Prop(site, p),
            None => Link::Call(site, self.exprs(args)?),
        })
    }
}
