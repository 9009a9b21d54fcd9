//! A route over a grid map, whose cells come from a `#[drt::generator]` (no
//! impl block makes them) and whose legs are computed lazily by an iterator.
//! Planted bug: `steps` divides each leg by its length, and a route that
//! visits the same cell twice in a row has a leg of length zero.

/// A cell of the grid map the route planner snaps positions to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
}

/// Cells near the origin, where the routes under test are planned.
#[drt::generator]
pub fn any_cell(rng: &mut drt::Rng) -> Cell {
    Cell { x: rng.between(-3, 3) as i32, y: rng.between(-3, 3) as i32 }
}

/// A route through grid cells, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Route {
    cells: Vec<Cell>,
}

#[drt::operations]
impl Route {
    /// An empty route.
    pub fn new() -> Route {
        Route::default()
    }

    /// Appends a cell.
    pub fn push(&mut self, cell: Cell) {
        self.cells.push(cell);
    }

    /// Cells on the route.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the route has no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Moves along the route, counted as king moves on the grid.
    pub fn distance(&self) -> u32 {
        self.cells.windows(2).map(|w| (w[1].x - w[0].x).unsigned_abs().max((w[1].y - w[0].y).unsigned_abs())).sum()
    }

    /// The unit step of each leg: the direction a robot drives.
    pub fn steps(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        self.cells.windows(2).map(|w| {
            let (dx, dy) = (w[1].x - w[0].x, w[1].y - w[0].y);
            // BUG: a leg from a cell to itself has length zero.
            let len = dx.abs().max(dy.abs());
            (dx / len, dy / len)
        })
    }
}
