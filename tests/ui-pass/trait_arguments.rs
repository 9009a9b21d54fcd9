// A trait's type arguments are named by their full paths in emitted tests:
// `<my_crate::Grid as std::ops::IndexMut<my_crate::Pos>>::index_mut(..)`,
// which compiles in `tests/` where `Pos` is not in scope.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos(u8);

#[drt::operations]
impl Pos {
    pub fn new(i: u8) -> Self {
        Pos(i)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    cells: Vec<u8>,
}

#[drt::operations]
impl Grid {
    pub fn new() -> Self {
        Grid { cells: vec![0; 4] }
    }
}

impl std::ops::Index<Pos> for Grid {
    type Output = u8;
    fn index(&self, p: Pos) -> &u8 {
        &self.cells[usize::from(p.0)]
    }
}

#[drt::operations]
impl std::ops::IndexMut<Pos> for Grid {
    fn index_mut(&mut self, p: Pos) -> &mut u8 {
        &mut self.cells[usize::from(p.0)]
    }
}

fn main() {
    let report = drt::explore::<Grid>().seed(1).max_sequences(500).report();
    let f = report.failures.iter().find(|f| f.operation == "Grid::index_mut").unwrap_or_else(|| panic!("{report}"));
    let pos = format!("{}::Pos", module_path!());
    let call = format!("as std::ops::IndexMut<{pos}>>::index_mut(&mut grid, ");
    assert!(f.code.contains(&call), "{call}\n{}", f.code);
}
