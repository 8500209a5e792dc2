//! Ranges in cell lists: `"1..6"` for numbered cells, `"c1..f1"` along a rank and `"a3..a6"`
//! along a file, so a region or a course reads like the rule text ("points 1 to 6") instead
//! of a list to check by eye. A range runs either way (`"24..1"` counts down) and includes
//! both ends.

/// The most cells one range may name: a board has no more.
const MAX_NAMES: u64 = crate::board::MAX_CELLS as u64;

/// The names an item of a cell list stands for: itself, or every name of its range in order.
/// Cell names are letters, digits and `_`, so `..` never occurs inside one.
pub(crate) fn expand(item: &str) -> Result<Vec<String>, String> {
    let Some((a, b)) = item.split_once("..") else {
        return Ok(vec![item.to_string()]);
    };
    let bad = || {
        format!(
            "`{item}` is not a range: a range joins two cells of one file (`a3..a6`), of one rank (`c1..f1`) or two numbered cells (`1..6`)"
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
            "c1..d2",
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
    }
}
