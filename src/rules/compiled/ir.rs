//! What a compiled script function is: statements and expressions over numbered variable
//! slots, with every call bound when the script was compiled (a script function by index, an
//! API function by its overloads) rather than looked up by name at each call.

use rhai::Dynamic;

/// A variable's place in its function's frame.
pub(super) type Slot = u16;

/// A script function of the program, by index.
pub(super) type FnIx = usize;

/// The built-in operators the compiled path evaluates itself: on whole numbers and booleans
/// (and `==`/`!=` on strings), exactly as Rhai's built-in operators do; anything else is left
/// to Rhai.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Xor,
}

/// An expression.
pub(super) enum Ex {
    /// A whole number: made in place, where cloning a value is a call.
    Int(i64),
    Const(Dynamic),
    Var(Slot),
    /// A function of the API or of Rhai's library called as `f(a, b)`: its site (by index in
    /// the program's table), the first argument when it is a variable (passed by reference,
    /// as Rhai passes a method's receiver), the other arguments (all of them otherwise).
    Native {
        site: usize,
        target: Option<Slot>,
        args: Box<[Ex]>,
    },
    /// A chain (`s.after(i).top(c)`, `s.dice[0]`, `a[i]`): every argument and index of the
    /// chain first, left to right, then the root (a variable is used in place), then the links
    /// in turn: the order Rhai evaluates a chain in.
    Chain(Box<Chain>),
    /// `[a, b, ...]`.
    Array(Box<[Ex]>),
    /// A script function of the program.
    Call(FnIx, Box<[Ex]>),
    Binary(Op, Box<(Ex, Ex)>),
    Neg(Box<Ex>),
    Not(Box<Ex>),
    /// `a && b && ...`: every operand a boolean, evaluated until one is false.
    All(Box<[Ex]>),
    /// `a || b || ...`.
    Any(Box<[Ex]>),
    /// A string with `${...}` parts.
    Interpolated(Box<[Ex]>),
    /// A block used as a value (`if` as an expression).
    Block(Box<Block>),
}

/// A function a call can reach: the API's overloads of its name and arity, and the function
/// of Rhai's library of that name the compiled path does itself, if any.
pub(super) struct Site {
    pub(super) api: Box<[super::natives::Native]>,
    pub(super) builtin: Option<Builtin>,
}

/// See [`Ex::Chain`].
pub(super) struct Chain {
    pub(super) root: Root,
    pub(super) links: Vec<Link>,
}

/// Where a chain starts.
pub(super) enum Root {
    Var(Slot),
    Ex(Ex),
}

/// One step of a chain.
pub(super) enum Link {
    /// A method: the site and the arguments after the receiver.
    Call(usize, Box<[Ex]>),
    /// A property: an object map's entry of that name (`()` when it has none), as Rhai reads
    /// a map; its getter's site on anything else.
    Prop(usize, rhai::ImmutableString),
    /// `[i]` on an array.
    Index(Ex),
}

/// Functions of Rhai's standard library the compiled path does itself, on the types where it
/// does exactly what Rhai does; on others the call goes to Rhai.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Builtin {
    /// `len` of an array.
    Len,
    /// `is_empty` of an array.
    IsEmpty,
    /// `abs`, `min`, `max` of whole numbers.
    Abs,
    Min,
    Max,
}

impl Builtin {
    pub(super) fn of(name: &str, arity: usize) -> Option<Builtin> {
        Some(match (name, arity) {
            ("len", 1) => Builtin::Len,
            ("is_empty", 1) => Builtin::IsEmpty,
            ("abs", 1) => Builtin::Abs,
            ("min", 2) => Builtin::Min,
            ("max", 2) => Builtin::Max,
            _ => return None,
        })
    }
}

/// A statement.
pub(super) enum St {
    Let(Slot, Ex),
    Set(Slot, Ex),
    SetOp(Slot, Op, Ex),
    If(Ex, Block, Block),
    /// `while`; `None` for `loop`.
    While(Option<Ex>, Block),
    /// `do { } while c` (`until`: `do { } until c`).
    Do(Block, Ex, bool),
    /// `for v in array`.
    ForArray {
        var: Slot,
        array: Ex,
        body: Block,
    },
    /// `for v in a..b` (`..=` when `inclusive`).
    ForRange {
        var: Slot,
        from: Ex,
        to: Ex,
        inclusive: bool,
        body: Block,
    },
    Break,
    Continue,
    Return(Option<Ex>),
    /// Something only Rhai does (a `throw`): the call is handed to Rhai when it gets here.
    ToRhai,
    Ex(Ex),
    Block(Block),
    Noop,
}

/// A block: its value is its last statement's.
pub(super) struct Block(pub(super) Vec<St>);

/// A compiled function.
pub(super) struct Func {
    pub(super) name: String,
    pub(super) params: usize,
    /// Slots in its frame, parameters first.
    pub(super) slots: usize,
    /// No statement assigns a parameter: a hook's arguments can be lent to the run and given
    /// back as they were.
    pub(super) keeps_params: bool,
    /// Its body does nothing (no statement, or only empty ones): asked at every hook call,
    /// so read off the body once.
    pub(super) noop: bool,
    pub(super) body: Block,
}
