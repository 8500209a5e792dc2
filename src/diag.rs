//! Diagnostics: a problem in a user's file, located by file, line and column, with the source
//! line shown under it. Every layer that reads user input reports through this one type, so the
//! CLI prints TOML, script, position and move errors the same way.

use std::fmt;

/// How bad a diagnostic is. Warnings never change the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Severity {
    /// The definition cannot be used as written.
    Error,
    /// Worth fixing, but the game still loads.
    Warning,
}

/// One problem, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The file the problem is in (as the user named it), or a pseudo-name like `<position>`.
    pub file: String,
    /// 1-based line and column; `None` when the problem has no single place.
    pub line_col: Option<(usize, usize)>,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The source line at the place, when known.
    pub excerpt: Option<String>,
    /// A hint on how to fix it ("did you mean ...?").
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error with no location yet.
    pub fn error(file: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            file: file.into(),
            line_col: None,
            message: message.into(),
            excerpt: None,
            help: None,
        }
    }

    /// Places the diagnostic at a byte offset of `source`, filling line, column and excerpt.
    pub fn at_offset(mut self, source: &str, offset: usize) -> Self {
        let (line, col, text) = line_col(source, offset);
        self.line_col = Some((line, col));
        self.excerpt = Some(text.to_string());
        self
    }

    /// Places the diagnostic at a 1-based line and column of `source`.
    pub fn at_line_col(mut self, source: &str, line: usize, col: usize) -> Self {
        self.line_col = Some((line, col.max(1)));
        self.excerpt = source
            .lines()
            .nth(line.saturating_sub(1))
            .map(str::to_string);
        self
    }

    /// Adds a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Turns this into a warning.
    pub fn warning(mut self) -> Self {
        self.severity = Severity::Warning;
        self
    }
}

/// 1-based line and column (in characters) of a byte offset, and the text of that line.
pub fn line_col(source: &str, offset: usize) -> (usize, usize, &str) {
    let offset = offset.min(source.len());
    let start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = source[offset..]
        .find('\n')
        .map_or(source.len(), |i| offset + i);
    let line = source[..start].matches('\n').count() + 1;
    let col = source[start..offset].chars().count() + 1;
    (line, col, source[start..end].trim_end_matches('\r'))
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        match self.line_col {
            Some((l, c)) => writeln!(f, "{kind}: {}:{l}:{c}: {}", self.file, self.message)?,
            None => writeln!(f, "{kind}: {}: {}", self.file, self.message)?,
        }
        if let (Some(text), Some((l, c))) = (&self.excerpt, self.line_col) {
            let gutter = l.to_string().len();
            writeln!(f, "{:gutter$} |", "")?;
            writeln!(f, "{l} | {text}")?;
            let pad: String = text
                .chars()
                .take(c.saturating_sub(1))
                .map(|ch| if ch == '\t' { '\t' } else { ' ' })
                .collect();
            writeln!(f, "{:gutter$} | {pad}^", "")?;
        }
        if let Some(help) = &self.help {
            writeln!(f, "  = help: {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// A list of diagnostics that stands for "the input was rejected".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// True when at least one entry is an error (not only warnings).
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| d.severity == Severity::Error)
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

/// The name in `candidates` closest to `wrong`, if one is close enough to be a likely typo.
pub fn suggest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(wrong, c), c))
        .filter(|(score, _)| *score > 0.75)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_of_an_offset() {
        let src = "a = 1\nbb = 2\n";
        assert_eq!(line_col(src, 6), (2, 1, "bb = 2"));
        assert_eq!(line_col(src, 11), (2, 6, "bb = 2"));
    }

    #[test]
    fn rendering_points_at_the_column() {
        let d = Diagnostic::error("g.toml", "unknown cell `z9`").at_offset("x = \"z9\"\n", 5);
        let text = d.to_string();
        assert!(text.contains("g.toml:1:6: unknown cell `z9`"), "{text}");
        assert!(text.contains("1 | x = \"z9\""), "{text}");
        assert!(text.contains("  |      ^"), "{text}");
    }

    #[test]
    fn suggestions_find_typos_only() {
        assert_eq!(
            suggest("sumary", ["summary", "name"]),
            Some("summary".into())
        );
        assert_eq!(suggest("zzz", ["summary", "name"]), None);
    }
}

/// A problem found while checking a definition, located by its TOML key path. The loader turns
/// it into a [`Diagnostic`] with line and column once it knows which file the path is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Key path, e.g. `["setup", "cells", "z9"]`.
    pub path: Vec<String>,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
}

impl Problem {
    /// A problem at a key path.
    pub fn at(path: &[&str], message: impl Into<String>) -> Self {
        Problem {
            path: path.iter().map(|s| s.to_string()).collect(),
            message: message.into(),
            help: None,
        }
    }

    /// With a "did you mean" for a wrong name.
    pub fn suggesting<'a>(mut self, wrong: &str, names: impl IntoIterator<Item = &'a str>) -> Self {
        self.help = suggest(wrong, names).map(|s| format!("did you mean `{s}`?"));
        self
    }
}

/// A library function's failure: a `kind` for a program to act on, a message for people
/// (the shape of `RuleError`). `K` is the function's own kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure<K> {
    /// What kind of failure.
    pub kind: K,
    /// What went wrong, in words.
    pub message: String,
}

impl<K> Failure<K> {
    /// A failure of `kind`, saying `message`.
    pub fn new(kind: K, message: impl Into<String>) -> Failure<K> {
        Failure {
            kind,
            message: message.into(),
        }
    }
}

impl<K> std::fmt::Display for Failure<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl<K: std::fmt::Debug> std::error::Error for Failure<K> {}

impl<K> From<Failure<K>> for String {
    fn from(f: Failure<K>) -> String {
        f.message
    }
}
