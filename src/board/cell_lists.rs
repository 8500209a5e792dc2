//! A list per cell, all in one vector: the tables built at load and keyed by cell (where a
//! leap's paths end from each cell, the leap origins of each target cell).

use super::CellId;

/// For each cell `c` of a board, the items `items[at[c]..at[c + 1]]`, in the order given.
#[derive(Clone, Debug)]
pub struct CellLists<T> {
    at: Vec<usize>,
    items: Vec<T>,
}

impl<T> Default for CellLists<T> {
    fn default() -> Self {
        CellLists {
            at: Vec::new(),
            items: Vec::new(),
        }
    }
}

impl<T> CellLists<T> {
    /// The lists of `cells` cells in board order, cell `c`'s items given by `of(c)`.
    pub fn build<I: IntoIterator<Item = T>>(
        cells: impl Iterator<Item = CellId>,
        mut of: impl FnMut(CellId) -> I,
    ) -> CellLists<T> {
        let mut lists = CellLists::default();
        for c in cells {
            lists.at.push(lists.items.len());
            lists.items.extend(of(c));
        }
        lists.at.push(lists.items.len());
        lists
    }

    /// Cell `c`'s items (none for a cell the table was not built for).
    #[inline]
    pub fn get(&self, c: CellId) -> &[T] {
        let at = |i: usize| self.at.get(i).copied().unwrap_or(0);
        self.items
            .get(at(c.index())..at(c.index() + 1))
            .unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cell_gets_its_own_items_and_a_cell_past_the_table_none() {
        let lists = CellLists::build((0..3).map(CellId), |c| 0..c.0);
        assert_eq!(lists.get(CellId(0)), &[] as &[u16]);
        assert_eq!(lists.get(CellId(1)), &[0]);
        assert_eq!(lists.get(CellId(2)), &[0, 1]);
        assert_eq!(lists.get(CellId(3)), &[] as &[u16]);
        assert_eq!(CellLists::<u16>::default().get(CellId(0)), &[] as &[u16]);
    }
}
