//! The script API's functions as the compiled path calls them: each registered closure kept
//! beside its Rhai registration (by `def!`, from the same closure), looked up by name and
//! arity when a script is compiled and matched on its arguments' types when it is called, as
//! Rhai's dispatch would match them.

use std::any::TypeId;

use rhai::{Dynamic, EvalAltResult, ImmutableString, RhaiFunc, RhaiNativeFunc};

/// One registered function: its parameter types (as Rhai matches them), and the function.
#[derive(Clone)]
pub(crate) struct Native {
    /// Its parameters' types, in place (a list of its own for each of the API's functions
    /// would be an allocation per function for every game loaded).
    kinds: smallvec::SmallVec<[Kind; 6]>,
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
        Native {
            kinds: FN::param_types().iter().map(|&t| Kind::of(t)).collect(),
            func: f.into_rhai_function(true, false),
            edits,
        }
    }

    /// Whether it takes these arguments, exactly as Rhai's dispatch matches them.
    pub(super) fn takes(&self, first: Option<&Dynamic>, rest: &[Dynamic]) -> bool {
        let n = usize::from(first.is_some()) + rest.len();
        n == self.kinds.len()
            && first
                .into_iter()
                .chain(rest)
                .zip(self.kinds.iter())
                .all(|(a, k)| k.fits(a))
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
        self.kinds
            .iter()
            .any(|k| matches!(k, Kind::Other(t) if *t == TypeId::of::<Dynamic>()))
    }
}

/// A parameter's type, as a call checks it: a tag test for Rhai's own types, where asking a
/// value its type would cost a call.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    Bool,
    Str,
    Other(TypeId),
}

impl Kind {
    fn of(t: TypeId) -> Kind {
        if t == TypeId::of::<i64>() {
            Kind::Int
        } else if t == TypeId::of::<bool>() {
            Kind::Bool
        } else if t == TypeId::of::<ImmutableString>()
            || t == TypeId::of::<&str>()
            || t == TypeId::of::<String>()
        {
            // Rhai matches a `&str` or `String` parameter on its own string type.
            Kind::Str
        } else {
            Kind::Other(t)
        }
    }

    /// Whether `v` is of this type: what Rhai's dispatch asks of its type.
    fn fits(self, v: &Dynamic) -> bool {
        match self {
            Kind::Int => v.is_int(),
            Kind::Bool => v.is_bool(),
            Kind::Str => v.is_string(),
            Kind::Other(t) => v.type_id() == t,
        }
    }
}

/// The registered API functions in registration order, by the name a script writes and
/// whether it is a property (registered as `get$name`). Kept as a plain list: it is made for
/// every game loaded, and looked up only while a script is compiled.
#[derive(Default)]
pub(crate) struct Natives(Vec<(&'static str, bool, Native)>);

impl Natives {
    /// Records `n` under `name`, a property's getter when `property`.
    pub(crate) fn add(&mut self, name: &'static str, property: bool, n: Native) {
        self.0.push((name, property, n));
    }

    /// The overloads a call of `name` (Rhai's name: `get$turn` for a property) with `arity`
    /// arguments can reach (none when the API has no such function), a later registration of
    /// the same types replacing the earlier as in Rhai; or `None` when the compiled path
    /// cannot call every one of them the way Rhai would: one needs Rhai's call context, or
    /// takes any type (`Dynamic`), whose place in Rhai's search is its own.
    pub(super) fn overloads(&self, name: &str, arity: usize) -> Option<Vec<Native>> {
        let (bare, property) = match name.strip_prefix("get$") {
            Some(b) => (b, true),
            None => (name, false),
        };
        let mut list: Vec<Native> = Vec::new();
        for (_, _, n) in self
            .0
            .iter()
            .filter(|e| e.0 == bare && e.1 == property && e.2.kinds.len() == arity)
        {
            match list.iter_mut().find(|o| o.kinds == n.kinds) {
                Some(old) => *old = n.clone(),
                None => list.push(n.clone()),
            }
        }
        let callable = list.iter().all(|n| !n.needs_context() && !n.any_param());
        callable.then_some(list)
    }
}
