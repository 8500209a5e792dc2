//! The script API's documentation, made from the registration itself: every `def!` records a
//! [`FnDoc`], and [`markdown`] (`icebox api`, docs/script-api.md) and [`definitions`]
//! (schema/icebox.d.rhai, for the Rhai language server) are written from those records.

use std::fmt::Write;

/// A group of script functions: where they work and what they are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    /// Reading the state.
    Reading,
    /// Asking what generators could do.
    Queries,
    /// Adding moves to the list.
    Generators,
    /// Reading and editing the move list.
    Editing,
    /// Changing the state.
    Changes,
    /// Ending the game.
    Outcomes,
    /// The move of `after_move(s, m)`.
    Move,
}

impl Theme {
    /// Every theme, in the order the reference lists them.
    pub const ALL: [Theme; 7] = [
        Theme::Reading,
        Theme::Queries,
        Theme::Generators,
        Theme::Editing,
        Theme::Changes,
        Theme::Outcomes,
        Theme::Move,
    ];

    /// The section title.
    pub fn title(self) -> &'static str {
        match self {
            Theme::Reading => "Reading the state",
            Theme::Queries => "Asking what the generators could do",
            Theme::Generators => "Generating moves",
            Theme::Editing => "Reading and editing the move list",
            Theme::Changes => "Changing the state",
            Theme::Outcomes => "Ending the game",
            Theme::Move => "The move just played (`m`)",
        }
    }

    /// The hooks these functions work in (anywhere else they stop the script with an error
    /// that says where to call them).
    pub fn hooks(self) -> &'static str {
        match self {
            Theme::Reading | Theme::Queries => "every hook",
            Theme::Generators | Theme::Editing => "`moves(s)`",
            Theme::Changes | Theme::Outcomes => {
                "`after_move(s, m)`, `outcome(s)`, `no_moves(s)`, `agreed(s, what)`"
            }
            Theme::Move => "`after_move(s, m)`, on its `m`",
        }
    }
}

/// One script function: its signature as a script writes it, what it does, an example.
#[derive(Clone, Debug)]
pub struct FnDoc {
    /// Its group (and so the hooks it works in).
    pub theme: Theme,
    /// `s.cell(name: string) -> int`, or `s.turn -> int` for a property.
    pub sig: &'static str,
    /// One line on what it does.
    pub doc: &'static str,
    /// A line of script using it.
    pub example: &'static str,
}

impl FnDoc {
    /// A record of a function's documentation.
    pub fn new(sig: &'static str, doc: &'static str, example: &'static str, theme: Theme) -> FnDoc {
        FnDoc {
            theme,
            sig,
            doc,
            example,
        }
    }

    /// The receiver, `s` or `m`.
    fn receiver(&self) -> &str {
        self.sig.split('.').next().unwrap_or("s")
    }

    /// Whether it is a property (`s.turn`), read without parentheses.
    pub fn is_property(&self) -> bool {
        !self.sig.contains('(')
    }

    /// The name a script calls.
    pub fn name(&self) -> &'static str {
        let sig: &'static str = self.sig;
        let after = sig.split_once('.').map_or(sig, |(_, a)| a);
        after.split(['(', ' ']).next().unwrap_or(after)
    }

    /// The name it is registered under in Rhai (`get$turn` for a property).
    pub fn rhai_name(&self) -> String {
        if self.is_property() {
            format!("get${}", self.name())
        } else {
            self.name().to_string()
        }
    }

    /// The return type, `()` when it returns nothing.
    pub fn returns(&self) -> &str {
        self.sig.rsplit_once("->").map_or("()", |(_, r)| r.trim())
    }

    /// The parameters after the receiver, as written (`name: string`).
    pub fn params(&self) -> Vec<&str> {
        let Some((_, rest)) = self.sig.split_once('(') else {
            return Vec::new();
        };
        let inside = rest.split(')').next().unwrap_or_default();
        inside
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect()
    }

    /// Rhai's parameter information: each parameter, then the return type.
    pub fn params_info(&self) -> Vec<String> {
        let receiver = match self.receiver() {
            "m" => "m: Move",
            _ => "s: State",
        };
        let mut out = vec![receiver.to_string()];
        out.extend(self.params().iter().map(|p| p.to_string()));
        out.push(self.returns().to_string());
        out
    }

    /// The doc comment Rhai's metadata carries (and the `.d.rhai` file shows).
    pub fn comment(&self) -> String {
        format!(
            "/// {}\n///\n/// Works in: {}.\n///\n/// Example: `{}`",
            self.doc,
            self.theme.hooks(),
            self.example
        )
    }
}

/// The script API reference in Markdown: every function, grouped by theme, with where it
/// works, its signature, what it does and an example.
pub fn markdown(docs: &[FnDoc]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# The script API\n\nGenerated by `icebox api` from the registration of each function (src/rules/api/): it cannot drift from what scripts can call. Hooks get the state handle `s`; `after_move` also gets the move `m`. Seats, cells, zone locations and pieces are integers (`-1` means none); cells are numbered rank-major from a1 on a grid (a1 = 0, b1 = 1, ...; see `s.cell`). {} functions.\n\nA script's top-level `const` is not seen inside its functions (Rhai functions do not see the script's top level): write the value in the function, or as a function of its own (`fn dirs() {{ [\"n\", \"s\"] }}`), or pass it in.\n",
        docs.len()
    );
    for theme in Theme::ALL {
        let here: Vec<&FnDoc> = docs.iter().filter(|d| d.theme == theme).collect();
        if here.is_empty() {
            continue;
        }
        let _ = writeln!(out, "## {}\n\nWorks in {}.\n", theme.title(), theme.hooks());
        let _ = writeln!(
            out,
            "| function | what it does | example |\n| --- | --- | --- |"
        );
        for d in here {
            let _ = writeln!(
                out,
                "| {} | {} | {} |",
                code(d.sig),
                d.doc.replace('|', "\\|"),
                code(d.example)
            );
        }
        out.push('\n');
    }
    out
}

/// Inline code in a table cell: double backticks around text that has backticks itself,
/// and the table's `|` escaped.
fn code(text: &str) -> String {
    let text = text.replace('|', "\\|");
    if text.contains('`') {
        format!("`` {text} ``")
    } else {
        format!("`{text}`")
    }
}

/// The `.d.rhai` definitions of the script API (with each function's doc comment), for the
/// Rhai language server: completion and hover in an editor.
pub fn definitions(engine: &rhai::Engine) -> String {
    let mut out = String::from(
        "// The icebox script API, for the Rhai language server (completion and hover).\n// Generated by `icebox api --rhai`; do not edit.\n\n",
    );
    out.push_str(
        &engine
            .definitions()
            .include_standard_packages(false)
            .with_headers(true)
            .static_module(),
    );
    out.push('\n');
    out
}
