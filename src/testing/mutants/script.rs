//! Mutants of a rule script: one small edit each, found by a lexer that knows Rhai's strings
//! and comments (so nothing inside them is touched) and a scanner that knows where statements,
//! `if` conditions, `switch` arms and array literals begin and end.
//!
//! The edits: drop a statement (not a `let`), a whole `if`, loop or `switch`, one `switch`
//! arm or one element of an array literal; negate an `if` condition; flip a comparison
//! (`==`/`!=`, `<`/`>=`, `>`/`<=`, and each boundary `<`/`<=`, `>`/`>=`), `&&`/`||`, a
//! binary `+`/`-`, `+=`/`-=`; drop a `!`; swap `true`/`false`. Only functions the rule hooks
//! reach are mutated: `evaluate` and helpers only it calls advise AI seats and are no rule.

use super::Mutant;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ident,
    Number,
    Str,
    Punct,
}

/// A token: its kind and its byte span in the script.
#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: Kind,
    start: usize,
    end: usize,
}

/// Operators of more than one character, longest first.
const OPERATORS: [&str; 22] = [
    "..=", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "=>", "..", "::",
    "?.", "??", "<<", ">>", "**", "#{", "|>",
];

/// The hooks that make the rules (all but `evaluate`, which only advises AI seats).
const RULE_HOOKS: [&str; 5] = ["moves", "after_move", "outcome", "no_moves", "agreed"];

/// Splits a script into tokens, skipping whitespace and comments; strings are single tokens.
fn lex(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if src[i..].starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if src[i..].starts_with("/*") {
            // Rhai's block comments nest.
            let mut depth = 0usize;
            while i < b.len() {
                if src[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if src[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == b'"' || c == b'`' || c == b'\'' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            out.push(Tok {
                kind: Kind::Str,
                start,
                end: i,
            });
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok {
                kind: Kind::Number,
                start,
                end: i,
            });
        } else if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80) {
                i += 1;
            }
            out.push(Tok {
                kind: Kind::Ident,
                start,
                end: i,
            });
        } else {
            let len = OPERATORS
                .iter()
                .find(|op| src[i..].starts_with(**op))
                .map_or(1, |op| op.len());
            out.push(Tok {
                kind: Kind::Punct,
                start: i,
                end: i + len,
            });
            i += len;
        }
    }
    out
}

/// One place a mutation can be made, before it is turned into text.
struct Edit {
    /// Byte span replaced.
    span: (usize, usize),
    /// Its replacement.
    with: String,
    /// What the edit does, in words (`` `>` -> `>=` ``, `drop the statement`).
    what: String,
    /// Where the mutated code starts (for the line and the rule above it).
    at: usize,
}

/// The scanner over a token list.
struct Scan<'a> {
    src: &'a str,
    toks: Vec<Tok>,
    edits: Vec<Edit>,
}

impl Scan<'_> {
    fn text(&self, i: usize) -> &str {
        self.toks.get(i).map_or("", |t| &self.src[t.start..t.end])
    }

    fn is(&self, i: usize, s: &str) -> bool {
        self.text(i) == s
    }

    /// The index of the token closing the bracket opened at `open`.
    fn close_of(&self, open: usize) -> usize {
        let mut depth = 0i32;
        let mut i = open;
        while i < self.toks.len() {
            match self.text(i) {
                "(" | "[" | "{" | "#{" => depth += 1,
                ")" | "]" | "}" => {
                    depth -= 1;
                    if depth == 0 {
                        return i;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        self.toks.len().saturating_sub(1)
    }

    /// The first token at bracket depth 0 from `i` that is one of `stops`, or a closing
    /// bracket of the enclosing level.
    fn until(&self, mut i: usize, stops: &[&str]) -> usize {
        while i < self.toks.len() {
            let t = self.text(i);
            if stops.contains(&t) || matches!(t, ")" | "]" | "}") {
                return i;
            }
            if matches!(t, "(" | "[" | "{" | "#{") {
                i = self.close_of(i);
            }
            i += 1;
        }
        i
    }

    fn span(&self, first: usize, last: usize) -> (usize, usize) {
        (self.toks[first].start, self.toks[last].end)
    }

    fn drop(&mut self, first: usize, last: usize, what: &str) {
        let span = self.span(first, last);
        self.edits.push(Edit {
            span,
            with: String::new(),
            what: what.to_string(),
            at: span.0,
        });
    }

    /// The statements of a block whose `{` is at `open`; returns the index of its `}`.
    fn block(&mut self, open: usize) -> usize {
        let close = self.close_of(open);
        let mut i = open + 1;
        while i < close {
            i = self.statement(i, close);
        }
        close
    }

    /// One statement starting at `i`, inside a block ending at `close`; returns where the
    /// next one starts.
    fn statement(&mut self, i: usize, close: usize) -> usize {
        match self.text(i) {
            ";" => i + 1,
            "if" => {
                let end = self.if_chain(i);
                self.drop(i, end, "drop the whole `if`");
                end + 1
            }
            "for" | "while" | "loop" | "do" => {
                let open = self.until(i + 1, &["{"]);
                if !self.is(open, "{") {
                    return open.max(i + 1);
                }
                self.expression(i + 1, open);
                let end = self.block(open);
                let end = if self.is(end + 1, "while") || self.is(end + 1, "until") {
                    self.until(end + 2, &[";"])
                } else {
                    end
                };
                self.drop(i, end, &format!("drop the `{}` loop", self.text(i)));
                end + 1
            }
            "switch" => {
                let open = self.until(i + 1, &["{"]);
                if !self.is(open, "{") {
                    return open.max(i + 1);
                }
                let end = self.switch_arms(open);
                self.drop(i, end, "drop the whole `switch`");
                end + 1
            }
            "let" | "const" => {
                let end = self.until(i + 1, &[";"]);
                self.expression(i + 1, end);
                end + 1
            }
            _ => {
                let end = self.until(i, &[";"]);
                self.expression(i, end);
                if end < close && self.is(end, ";") {
                    self.drop(i, end, "drop the statement");
                }
                end + 1
            }
        }
    }

    /// An `if` with its `else` branches, from `if` at `i`; returns the index of the last `}`.
    fn if_chain(&mut self, i: usize) -> usize {
        let open = self.until(i + 1, &["{"]);
        if !self.is(open, "{") {
            return open;
        }
        if open > i + 1 {
            let span = self.span(i + 1, open - 1);
            let cond = &self.src[span.0..span.1];
            self.edits.push(Edit {
                span,
                with: format!("!({cond})"),
                what: "negate the condition".into(),
                at: span.0,
            });
            self.expression(i + 1, open);
        }
        let end = self.block(open);
        if self.is(end + 1, "else") {
            if self.is(end + 2, "if") {
                return self.if_chain(end + 2);
            }
            if self.is(end + 2, "{") {
                return self.block(end + 2);
            }
        }
        end
    }

    /// The arms of a `switch` whose `{` is at `open`: each may be dropped; blocks inside are
    /// scanned. Returns the index of the closing `}`.
    fn switch_arms(&mut self, open: usize) -> usize {
        let close = self.close_of(open);
        let mut i = open + 1;
        while i < close {
            let end = self.until(i, &[","]);
            if let Some(arrow) = (i..end).find(|&k| self.is(k, "=>")) {
                if self.is(arrow + 1, "{") {
                    self.block(arrow + 1);
                } else {
                    self.expression(arrow + 1, end);
                }
                let last = if self.is(end, ",") { end } else { end - 1 };
                if !self.is(i, "_") {
                    self.drop(i, last, "drop the `switch` arm");
                }
            }
            i = end + 1;
        }
        close
    }

    /// Operator mutants in tokens `from..to` (one expression); array literals inside lose
    /// one element at a time.
    fn expression(&mut self, from: usize, to: usize) {
        let mut i = from;
        while i < to {
            let t = self.toks[i];
            let text = self.text(i).to_string();
            let swaps: &[&str] = match text.as_str() {
                "==" => &["!="],
                "!=" => &["=="],
                "<" => &[">=", "<="],
                "<=" => &[">", "<"],
                ">" => &["<=", ">="],
                ">=" => &["<", ">"],
                "&&" => &["||"],
                "||" => &["&&"],
                "+=" => &["-="],
                "-=" => &["+="],
                "+" | "-" if self.binary(i) => {
                    if text == "+" {
                        &["-"]
                    } else {
                        &["+"]
                    }
                }
                "true" if t.kind == Kind::Ident => &["false"],
                "false" if t.kind == Kind::Ident => &["true"],
                "!" => &[""],
                _ => &[],
            };
            for w in swaps {
                let what = if w.is_empty() {
                    format!("drop `{text}`")
                } else {
                    format!("`{text}` -> `{w}`")
                };
                self.edits.push(Edit {
                    span: (t.start, t.end),
                    with: w.to_string(),
                    what,
                    at: t.start,
                });
            }
            if text == "[" && !self.indexing(i) {
                let close = self.close_of(i);
                let mut elems = Vec::new();
                let mut k = i + 1;
                while k < close {
                    let end = self.until(k, &[","]);
                    elems.push((k, end));
                    self.expression(k, end);
                    k = end + 1;
                }
                if elems.len() >= 2 {
                    for (n, &(a, b)) in elems.iter().enumerate() {
                        // Drop the element with the comma after it (or before it, for the last).
                        let (first, last) = if n + 1 < elems.len() {
                            (a, b)
                        } else {
                            (elems[n - 1].1, b - 1)
                        };
                        let what = format!("drop `{}` from the list", self.slice(a, b - 1));
                        self.drop(first, last, &what);
                    }
                }
                i = close + 1;
                continue;
            }
            if text == "{" {
                // A block inside an expression (`if` as a value): its statements too.
                i = self.block(i) + 1;
                continue;
            }
            if text == "if" {
                i = self.if_chain(i) + 1;
                continue;
            }
            i += 1;
        }
    }

    fn slice(&self, a: usize, b: usize) -> &str {
        &self.src[self.toks[a].start..self.toks[b].end]
    }

    /// Whether the `+`/`-` at `i` joins two operands (not a sign).
    fn binary(&self, i: usize) -> bool {
        i > 0 && {
            let p = self.toks[i - 1];
            matches!(p.kind, Kind::Ident | Kind::Number | Kind::Str)
                || matches!(self.text(i - 1), ")" | "]")
        }
    }

    /// Whether the `[` at `i` indexes something (`a[0]`) rather than opening a literal.
    fn indexing(&self, i: usize) -> bool {
        i > 0 && {
            let p = self.toks[i - 1];
            (p.kind == Kind::Ident && !matches!(self.text(i - 1), "in" | "return"))
                || matches!(self.text(i - 1), ")" | "]")
        }
    }
}

/// Every mutant of a script `file` with text `src`.
pub(super) fn mutants(file: &str, src: &str) -> Vec<Mutant> {
    let mut scan = Scan {
        src,
        toks: lex(src),
        edits: Vec::new(),
    };
    // The functions: name and the tokens of their bodies.
    let mut bodies: Vec<(String, usize, usize)> = Vec::new();
    let mut i = 0;
    while i < scan.toks.len() {
        if scan.is(i, "fn") && scan.toks.get(i + 1).is_some_and(|t| t.kind == Kind::Ident) {
            let name = scan.text(i + 1).to_string();
            let open = if scan.is(i + 2, "(") {
                scan.close_of(i + 2) + 1
            } else {
                i + 2
            };
            if !scan.is(open, "{") {
                i += 1;
                continue;
            }
            let close = scan.close_of(open);
            bodies.push((name, open, close));
            i = close + 1;
        } else {
            i += 1;
        }
    }
    // Only code the rules run is mutated: what the hooks other than `evaluate` reach. Advice
    // for AI seats (`evaluate` and the helpers only it calls) is not a rule.
    let mut reached: Vec<&str> = RULE_HOOKS.to_vec();
    let mut k = 0;
    while k < reached.len() {
        let caller = reached[k];
        for (name, open, close) in bodies.iter().filter(|(n, _, _)| n == caller) {
            let _ = name;
            for j in *open..*close {
                let called = scan.toks[j].kind == Kind::Ident
                    && scan.is(j + 1, "(")
                    && !(j > 0 && scan.is(j - 1, "."));
                if called {
                    let callee = scan.text(j);
                    if let Some((n, _, _)) = bodies.iter().find(|(n, _, _)| n == callee)
                        && !reached.contains(&n.as_str())
                    {
                        reached.push(n.as_str());
                    }
                }
            }
        }
        k += 1;
    }
    let mut functions = Vec::new();
    for (name, open, _) in &bodies {
        if !reached.contains(&name.as_str()) {
            continue;
        }
        let before = scan.edits.len();
        scan.block(*open);
        functions.push((name.clone(), before..scan.edits.len()));
    }
    let mut out = Vec::new();
    for (name, range) in &functions {
        for e in &scan.edits[range.clone()] {
            let mut text = String::with_capacity(src.len() + 8);
            text.push_str(&src[..e.span.0]);
            text.push_str(&e.with);
            text.push_str(&src[e.span.1..]);
            let line = src[..e.at].matches('\n').count() + 1;
            let code = src
                .lines()
                .nth(line - 1)
                .unwrap_or_default()
                .trim()
                .to_string();
            out.push(Mutant {
                file: file.to_string(),
                line,
                id: format!("{file}: fn {name}: `{code}`: {}", e.what),
                rule: rule_above(src, line),
                text,
            });
        }
    }
    number_duplicates(&mut out);
    out
}

/// The comment block nearest above line `line` (1-based) inside its function, else the one
/// right above the function: the rule the code there implements, in the author's words.
fn rule_above(src: &str, line: usize) -> String {
    let lines: Vec<&str> = src.lines().collect();
    let is_comment = |j: usize| lines[j].trim_start().starts_with("//");
    let block_ending_at = |mut j: usize| {
        let mut found = Vec::new();
        while is_comment(j) {
            found.push(lines[j].trim().trim_start_matches('/').trim());
            if j == 0 {
                break;
            }
            j -= 1;
        }
        found.reverse();
        found.join(" ")
    };
    let here = line.saturating_sub(1).min(lines.len().saturating_sub(1));
    let Some(f) = (0..=here)
        .rev()
        .find(|&j| lines[j].trim_start().starts_with("fn "))
    else {
        return String::new();
    };
    if let Some(j) = (f + 1..here).rev().find(|&j| is_comment(j)) {
        return block_ending_at(j);
    }
    if f > 0 && is_comment(f - 1) {
        return block_ending_at(f - 1);
    }
    String::new()
}

/// Gives mutants that read the same an occurrence number, so every id is unique.
pub(super) fn number_duplicates(ms: &mut [Mutant]) {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for m in ms.iter_mut() {
        let n = seen.entry(m.id.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            m.id = format!("{} (#{n})", m.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whats(src: &str) -> Vec<String> {
        mutants("r.rhai", src)
            .into_iter()
            .map(|m| {
                let (_, what) = m.id.rsplit_once(": ").unwrap_or_default();
                what.to_string()
            })
            .collect()
    }

    #[test]
    fn strings_and_comments_are_left_alone() {
        let src = "fn moves(s) {\n    // a < b && c\n    s.gen(\"a<b\");\n}\n";
        assert_eq!(whats(src), ["drop the statement"]);
    }

    #[test]
    fn comparisons_ifs_and_lists_mutate() {
        let src = "fn moves(s) {\n    if s.turn > 0 && true { s.gen(\"x\"); }\n    let a = [\"p\", \"q\"];\n}\nfn evaluate(s, p) { p > 1 }\n";
        let w = whats(src);
        for want in [
            "negate the condition",
            "`>` -> `<=`",
            "`>` -> `>=`",
            "`&&` -> `||`",
            "`true` -> `false`",
            "drop the statement",
            "drop the whole `if`",
            "drop `\"p\"` from the list",
            "drop `\"q\"` from the list",
        ] {
            assert!(w.iter().any(|x| x == want), "{want} missing from {w:?}");
        }
        // Nothing from evaluate, and the `let` itself is never dropped.
        assert_eq!(w.len(), 9, "{w:?}");
    }

    #[test]
    fn only_code_the_rules_reach_is_mutated() {
        let src = "fn moves(s) { if near(s) { s.gen(\"a\"); } }\nfn near(s) { s.ply > 1 }\nfn evaluate(s, p) { far(s) }\nfn far(s) { s.ply < 3 }\n";
        let ids: Vec<String> = mutants("r.rhai", src).into_iter().map(|m| m.id).collect();
        assert!(ids.iter().any(|i| i.contains("fn near")), "{ids:?}");
        assert!(
            !ids.iter()
                .any(|i| i.contains("fn far") || i.contains("fn evaluate")),
            "{ids:?}"
        );
    }

    #[test]
    fn every_mutant_changes_exactly_one_place() {
        let src = "fn after_move(s, m) {\n    switch s.ply { 1 => s.gen(\"a\"), 2 => { s.gen(\"b\"); } }\n    s.x -= 1;\n}\n";
        let ms = mutants("r.rhai", src);
        assert!(ms.iter().all(|m| m.text != src));
        assert!(ms.iter().any(|m| m.text.contains("s.x += 1;")));
        assert!(ms.iter().any(|m| !m.text.contains("1 => s.gen(\"a\")")));
        let ids: std::collections::BTreeSet<_> = ms.iter().map(|m| m.id.clone()).collect();
        assert_eq!(ids.len(), ms.len(), "ids are unique");
    }
}
