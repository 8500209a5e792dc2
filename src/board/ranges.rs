//! Ranges in cell lists: `"1..6"` for numbered cells, `"c1..f1"` along a rank and `"a3..a6"`
//! along a file, so a region or a course reads like the rule text ("points 1 to 6") instead
//! of a list to check by eye. A range runs either way (`"24..1"` counts down) and includes
//! both ends.
//!
//! Patterns select from the board rather than name every cell: `"a1..h3"`, two corners of a
//! rectangle (rank by rank from the first corner's), and a filter after a blank, on a
//! rectangle or a range: `"a1..h3 dark"` (a1's colour: files and ranks from 0 adding up to an
//! even number), `"light"`, or `"a1..q17 step 2"` (every second file and rank from the first
//! corner: a dots-and-boxes board's dots). A pattern's cells that the board lacks are left
//! out (a rectangle across a cross-shaped board), but a pattern must select one at least.

/// The most cells one range may name: a board has no more.
const MAX_NAMES: u64 = crate::board::MAX_CELLS as u64;

/// What a cell-list item stands for: names in order, and whether they are a pattern's (a
/// rectangle, or a filtered range), which may name cells the board lacks.
pub(crate) struct Expanded {
    /// The names, in order.
    pub names: Vec<String>,
    /// A pattern selects from the board: names it lacks are left out.
    pub pattern: bool,
}

/// The names an item of a cell list stands for: itself, every name of its range in order, or
/// a pattern's (see the module's text). Cell names are letters, digits and `_`, so `..` and
/// blanks never occur inside one.
pub(crate) fn expand(item: &str) -> Result<Vec<String>, String> {
    expand_item(item).map(|e| e.names)
}

/// [`expand`], saying whether the item is a pattern.
pub(crate) fn expand_item(item: &str) -> Result<Expanded, String> {
    let mut words = item.split_whitespace();
    let range = words.next().unwrap_or_default();
    let filter: Vec<&str> = words.collect();
    let keep = match filter.as_slice() {
        [] => None,
        ["dark"] => Some(Filter::Colour(0)),
        ["light"] => Some(Filter::Colour(1)),
        ["step", n] => match n.parse::<u32>() {
            Ok(n) if n >= 1 => Some(Filter::Step(n)),
            _ => {
                return Err(format!(
                    "`{item}`: a step is a whole number from 1 (`step 2`)"
                ));
            }
        },
        ["odd", "files"] => Some(Filter::Line(true, 1)),
        ["even", "files"] => Some(Filter::Line(true, 0)),
        ["odd", "ranks"] => Some(Filter::Line(false, 1)),
        ["even", "ranks"] => Some(Filter::Line(false, 0)),
        ["ring"] => Some(Filter::Ring(1)),
        ["ring", n] => match n.parse::<u32>() {
            Ok(n) if n >= 1 => Some(Filter::Ring(n)),
            _ => {
                return Err(format!(
                    "`{item}`: a ring is counted from 1, the rectangle's edge (`ring 2`: the cells just inside it)"
                ));
            }
        },
        _ => {
            return Err(format!(
                "`{item}`: after a range, a filter is `dark`, `light`, `step N`, `ring N`, `odd files`, `even files`, `odd ranks` or `even ranks`"
            ));
        }
    };
    if let Some((a, b)) = range.split_once("..")
        && let (Some((pa, na)), Some((pb, nb))) = (split(a), split(b))
        && pa != pb
        && na != nb
        && pa.len() == 1
        && pb.len() == 1
    {
        // Two corners of a rectangle, rank by rank from the first corner's.
        let (fa, fb) = (u32::from(pa.as_bytes()[0]), u32::from(pb.as_bytes()[0]));
        if span(na, nb) * span(fa, fb) > MAX_NAMES {
            return Err(format!(
                "`{item}` names more cells than a board has ({MAX_NAMES})"
            ));
        }
        let mut names = Vec::new();
        let (rows, files) = (span(na, nb) as usize, span(fa, fb) as usize);
        for (ri, n) in steps(na, nb).enumerate() {
            for (fi, f) in steps(fa, fb).enumerate() {
                let file = char::from_u32(f).unwrap_or('?');
                let keep = match keep {
                    None => true,
                    Some(Filter::Colour(c)) => (f - u32::from(b'a') + n - 1) % 2 == c,
                    Some(Filter::Step(k)) => ri % k as usize == 0 && fi % k as usize == 0,
                    Some(Filter::Ring(k)) => {
                        let inward = ri.min(fi).min(rows - 1 - ri).min(files - 1 - fi);
                        inward + 1 == k as usize
                    }
                    Some(Filter::Line(true, odd)) => (f - u32::from(b'a') + 1) % 2 == odd,
                    Some(Filter::Line(false, odd)) => n % 2 == odd,
                };
                if keep {
                    names.push(format!("{file}{n}"));
                }
            }
        }
        return Ok(Expanded {
            names,
            pattern: true,
        });
    }
    if matches!(keep, Some(Filter::Ring(_))) {
        return Err(format!(
            "`{item}`: a ring goes round a rectangle, given by two corners (`a1..h8 ring`)"
        ));
    }
    let names = expand_range(if keep.is_some() { range } else { item })?;
    let Some(keep) = keep else {
        return Ok(Expanded {
            names,
            pattern: false,
        });
    };
    let names = names
        .into_iter()
        .enumerate()
        .filter(|(i, name)| match keep {
            Filter::Step(k) => i % k as usize == 0,
            // Refused above: a ring needs a rectangle.
            Filter::Ring(_) => false,
            Filter::Line(by_file, odd) => split(name).is_some_and(|(file, n)| {
                if by_file {
                    file.len() == 1
                        && (u32::from(file.as_bytes()[0]) - u32::from(b'a') + 1) % 2 == odd
                } else {
                    n % 2 == odd
                }
            }),
            Filter::Colour(c) => split(name).is_some_and(|(file, n)| {
                file.len() == 1
                    && (u32::from(file.as_bytes()[0]) - u32::from(b'a') + n - 1) % 2 == c
            }),
        })
        .map(|(_, name)| name)
        .collect();
    Ok(Expanded {
        names,
        pattern: true,
    })
}

/// What a pattern keeps of its cells.
#[derive(Clone, Copy)]
enum Filter {
    /// The squares of a colour: 0 for a1's (files and ranks from 0 adding up to an even
    /// number), 1 for the other.
    Colour(u32),
    /// Every `n`th file and rank from the first corner (every `n`th cell of a range).
    Step(u32),
    /// The cells `n - 1` steps in from the rectangle's nearest edge: ring 1 is the edge.
    Ring(u32),
    /// The odd (1) or even (0) files (`true`: a, c, e... are odd) or ranks (1, 3, 5...), as
    /// the board counts them.
    Line(bool, u32),
}

/// A cell, or every name of a range in order.
fn expand_range(item: &str) -> Result<Vec<String>, String> {
    let Some((a, b)) = item.split_once("..") else {
        return Ok(vec![item.to_string()]);
    };
    let bad = || {
        format!(
            "`{item}` is not a range: a range joins two cells of one file (`a3..a6`), of one rank (`c1..f1`), two numbered cells (`1..6`) or two corners of a rectangle (`a1..c3`)"
        )
    };
    let (Some((pa, na)), Some((pb, nb))) = (split(a), split(b)) else {
        return Err(bad());
    };
    let mut names = Vec::new();
    if pa == pb {
        if span(na, nb) > MAX_NAMES {
            return Err(format!(
                "`{item}` names more cells than a board has ({MAX_NAMES})"
            ));
        }
        for n in steps(na, nb) {
            names.push(format!("{pa}{n}"));
        }
    } else if na == nb && pa.len() == 1 && pb.len() == 1 {
        let (fa, fb) = (u32::from(pa.as_bytes()[0]), u32::from(pb.as_bytes()[0]));
        for f in steps(fa, fb) {
            names.push(format!("{}{na}", char::from_u32(f).unwrap_or('?')));
        }
    } else {
        return Err(bad());
    }
    Ok(names)
}

/// `c12` -> (`c`, 12): lower-case letters, then a number written without leading zeros.
fn split(name: &str) -> Option<(&str, u32)> {
    let digits = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, number) = name.split_at(digits);
    if !letters.chars().all(|c| c.is_ascii_lowercase())
        || !number.chars().all(|c| c.is_ascii_digit())
        || (number.len() > 1 && number.starts_with('0'))
    {
        return None;
    }
    Some((letters, number.parse().ok()?))
}

fn span(a: u32, b: u32) -> u64 {
    u64::from(a.abs_diff(b)) + 1
}

/// `a` to `b` inclusive, counting up or down.
fn steps(a: u32, b: u32) -> Box<dyn Iterator<Item = u32>> {
    if a <= b {
        Box::new(a..=b)
    } else {
        Box::new((b..=a).rev())
    }
}

#[cfg(test)]
mod tests {
    use super::expand;

    #[test]
    fn ranges_run_along_numbers_files_and_ranks_either_way() {
        assert_eq!(expand("1..3").unwrap(), ["1", "2", "3"]);
        assert_eq!(expand("24..22").unwrap(), ["24", "23", "22"]);
        assert_eq!(expand("c1..f1").unwrap(), ["c1", "d1", "e1", "f1"]);
        assert_eq!(expand("a6..a3").unwrap(), ["a6", "a5", "a4", "a3"]);
        assert_eq!(expand("h3").unwrap(), ["h3"]);
    }

    #[test]
    fn what_is_not_a_range_says_what_a_range_is() {
        for bad in [
            "c1..dd2",
            "a..b",
            "1..",
            "x_1..x_3",
            "01..3",
            "1..99999999999",
        ] {
            let e = expand(bad).unwrap_err();
            assert!(
                e.contains("not a range") || e.contains("more cells"),
                "{bad}: {e}"
            );
        }
        assert!(expand("1..99999").unwrap_err().contains("more cells"));
        for bad in [
            "a1..c3 grey",
            "a1..c3 step 0",
            "a1..c3 step",
            "a1..c3 dark light",
        ] {
            let e = expand(bad).unwrap_err();
            assert!(e.contains(bad), "{bad}: {e}");
        }
    }

    #[test]
    fn patterns_select_rectangles_colours_and_steps() {
        assert_eq!(
            expand("a1..b2").unwrap(),
            ["a1", "b1", "a2", "b2"],
            "rank by rank from the first corner"
        );
        assert_eq!(expand("b2..a1").unwrap(), ["b2", "a2", "b1", "a1"]);
        assert_eq!(expand("a1..d2 dark").unwrap(), ["a1", "c1", "b2", "d2"]);
        assert_eq!(expand("a1..d2 light").unwrap(), ["b1", "d1", "a2", "c2"]);
        assert_eq!(
            expand("a1..e3 step 2").unwrap(),
            ["a1", "c1", "e1", "a3", "c3", "e3"]
        );
        assert_eq!(expand("a1..a7 step 3").unwrap(), ["a1", "a4", "a7"]);
        assert_eq!(expand("a1..h1 dark").unwrap(), ["a1", "c1", "e1", "g1"]);
        assert_eq!(expand("1..9 step 4").unwrap(), ["1", "5", "9"]);
        assert!(super::expand_item("a1..b2").unwrap().pattern);
        assert!(!super::expand_item("a1..a2").unwrap().pattern);
    }
}
