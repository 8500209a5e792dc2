//! The script API's functions as the compiled path calls them: each registered closure kept
//! beside its Rhai registration (by `def!`, from the same closure), looked up by name and
//! arity when a script is compiled and matched on its arguments' types when it is called, as
//! Rhai's dispatch would match them.

use std::any::TypeId;
use std::collections::HashMap;

use rhai::{Dynamic, EvalAltResult, ImmutableString, RhaiFunc, RhaiNativeFunc};

/// One registered function: its parameter types (as Rhai matches them), and the function.
#[derive(Clone)]
pub(crate) struct Native {
    types: Box<[TypeId]>,
    func: RhaiFunc,
    /// It edits the move list in place (not only appends): a call that may have to be run
    /// again keeps a copy of the list to go back to.
    pub(super) edits: bool,
}

impl Native {
    /// The native form of `f`, as `FuncRegistration::register_into_engine` makes it (pure,
    /// not volatile: how every API function is registered).
    pub(crate) fn of<A: 'static, const N: usize, const X: bool, R: 'static, const F: bool, FN>(
        f: FN,
        edits: bool,
    ) -> Native
    where
        FN: RhaiNativeFunc<A, N, X, R, F>,
    {
        // Rhai matches a `&str` or `String` parameter on its own string type.
        let types = FN::param_types()
            .iter()
            .map(|&t| {
                if t == TypeId::of::<&str>() || t == TypeId::of::<String>() {
                    TypeId::of::<ImmutableString>()
                } else {
                    t
                }
            })
            .collect();
        Native {
            types,
            func: f.into_rhai_function(true, false),
            edits,
        }
    }

    /// Whether it takes arguments of these types, exactly as Rhai's dispatch matches them.
    pub(super) fn takes(&self, args: impl Iterator<Item = TypeId>) -> bool {
        let mut n = 0;
        for t in args {
            if self.types.get(n) != Some(&t) {
                return false;
            }
            n += 1;
        }
        n == self.types.len()
    }

    /// Whether its first argument is taken by reference (a method on its receiver).
    pub(super) fn is_method(&self) -> bool {
        self.func.is_method()
    }

    /// Calls it; `None` for a function that needs Rhai's call context (never compiled).
    pub(super) fn call(
        &self,
        args: &mut [&mut Dynamic],
    ) -> Option<Result<Dynamic, Box<EvalAltResult>>> {
        let f = self.func.get_native_fn()?;
        Some(f(None, args))
    }

    fn needs_context(&self) -> bool {
        self.func.has_context() || self.func.get_native_fn().is_none()
    }

    fn any_param(&self) -> bool {
        self.types.contains(&TypeId::of::<Dynamic>())
    }
}

/// The registered API functions by name and arity, each name's overloads in registration
/// order (a later registration of the same types replaces the earlier, as in Rhai).
#[derive(Default)]
pub(crate) struct Natives(HashMap<(String, usize), Vec<Native>>);

impl Natives {
    /// Records `n` under `name` (the Rhai name: `get$turn` for a property).
    pub(crate) fn add(&mut self, name: &str, n: Native) {
        let list = self.0.entry((name.to_string(), n.types.len())).or_default();
        match list.iter_mut().find(|o| o.types == n.types) {
            Some(old) => *old = n,
            None => list.push(n),
        }
    }

    /// The overloads a call of `name` with `arity` arguments can reach (none when the API
    /// has no such function), or `None` when the compiled path cannot call every one of them
    /// the way Rhai would: one needs Rhai's call context, or takes any type (`Dynamic`), whose
    /// place in Rhai's search is its own.
    pub(super) fn overloads(&self, name: &str, arity: usize) -> Option<&[Native]> {
        let Some(list) = self.0.get(&(name.to_string(), arity)) else {
            return Some(&[]);
        };
        let callable = list.iter().all(|n| !n.needs_context() && !n.any_param());
        callable.then_some(list.as_slice())
    }
}
