//! How a hook is called: through Rhai's evaluation context with run-time state kept from one
//! call to the next, rather than `Engine::call_fn`, which builds that state for every call
//! and throws it away.
//!
//! What is kept (one [`Runtime`] per compiled script): Rhai's global run-time state with the
//! script's functions installed once, the function-resolution cache (so `s.top` is looked up
//! once per game, not once per hook call), and the variable scope's storage. What is reset
//! before every call, so each call runs exactly as a fresh `call_fn` would: the operation
//! count the limits are measured by, the call depth, and the scope (empty).
//!
//! Measured by `benches/script-boundary.sh` (before and after: the closing note of issue 32;
//! the numbers now: `benches/script-boundary.baseline`).

use rhai::{AST, Caches, Dynamic, Engine, EvalAltResult, EvalContext, GlobalRuntimeState, Scope};

/// Call levels the evaluation context adds below a hook's body (its own call, then the call
/// dispatch) that `Engine::call_fn` does not. The engine's limit on call levels is raised by
/// this much so that a script may recurse exactly as deep as it could before.
pub(super) const EXTRA_LEVELS: usize = 2;

/// Rhai's run-time state for one script, kept between hook calls.
pub(super) struct Runtime {
    global: GlobalRuntimeState,
    caches: Caches,
    scope: Scope<'static>,
}

impl Runtime {
    /// The state for `ast`'s functions on `engine`.
    pub(super) fn new(engine: &Engine, ast: &AST) -> Runtime {
        let mut global = engine.new_global_runtime_state();
        global.lib.push(ast.shared_lib().clone());
        Runtime {
            global,
            caches: Caches::new(),
            scope: Scope::new(),
        }
    }

    /// Calls the script function `hook` of `ast` with `args` (consumed). `ast` must be the
    /// script this runtime was made for. An `exit` in the script ends the call with its value,
    /// and a failure inside the hook comes back without the wrapper that names the hook
    /// itself, as from `Engine::call_fn`.
    pub(super) fn call(
        &mut self,
        engine: &Engine,
        ast: &AST,
        hook: &str,
        args: &mut [&mut Dynamic],
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        // Only a function of the script: the context's call would also reach a native function
        // of that name, which `call_fn` never did.
        if ast.shared_lib().get_script_fn(hook, args.len()).is_none() {
            return Err(
                EvalAltResult::ErrorFunctionNotFound(hook.into(), rhai::Position::NONE).into(),
            );
        }
        let Runtime {
            global,
            caches,
            scope,
        } = self;
        global.num_operations = 0;
        global.level = 0;
        global.scope_level = 0;
        let r = EvalContext::new(engine, global, caches, scope, None)
            .call_fn_raw(hook, false, false, args);
        // Emptied after every call, however it ended, so the next starts empty and nothing
        // the hook was given (the move `m`) is held past it.
        scope.clear();
        r.or_else(|e| match *e {
            EvalAltResult::Exit(out, ..) => Ok(out),
            EvalAltResult::ErrorInFunctionCall(name, _, inner, _) if name == hook => Err(inner),
            _ => Err(e),
        })
    }
}
