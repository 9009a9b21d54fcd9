//! A grayscale image with cheap crops: a crop is a view (an offset, a width
//! and a height) into the same pixels, which keep their row stride. Most
//! operations touch every pixel of a picture up to 255 × 255, so each call
//! costs tens of microseconds: the search only keeps its pace because a new
//! sequence starts from clones of the pictures earlier sequences left,
//! instead of drawing them again (incremental execution; docs/BENCHMARKS.md
//! measures it on this type).
//!
//! Bug (a crop of a crop): `crop` clamps the new width against the stride
//! (the width of the whole picture) instead of the view's width. On an
//! uncropped picture the two are equal; on a view the crop runs past the
//! view's right edge, and reading its last row runs past the pixels.

use std::fmt;

/// A grayscale image, or a rectangular view of one.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Raster {
    pixels: Vec<u8>,
    /// Pixels from the start of one row to the start of the next.
    stride: usize,
    offset: usize,
    width: usize,
    height: usize,
}

/// A picture's size and place, not its pixels: a 255 × 255 picture would
/// print 65,025 numbers into every report.
impl fmt::Debug for Raster {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Raster({}x{} at {} of {} pixels)", self.width, self.height, self.offset, self.pixels.len())
    }
}

impl Raster {
    /// The pixels of row `y` of the view.
    fn row(&self, y: usize) -> &[u8] {
        let start = self.offset + y * self.stride;
        &self.pixels[start..start + self.width]
    }

    fn row_mut(&mut self, y: usize) -> &mut [u8] {
        let start = self.offset + y * self.stride;
        &mut self.pixels[start..start + self.width]
    }
}

#[drt::operations]
impl Raster {
    /// A black picture of `width` × `height` pixels (at least 1 × 1).
    pub fn new(width: u8, height: u8) -> Self {
        let (width, height) = (usize::from(width.max(1)), usize::from(height.max(1)));
        Raster { pixels: vec![0; width * height], stride: width, offset: 0, width, height }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// Sets every pixel of the view to `level`.
    pub fn fill(&mut self, level: u8) {
        for y in 0..self.height {
            self.row_mut(y).fill(level);
        }
    }

    /// A horizontal gradient from black to white across the view.
    pub fn gradient(&mut self) {
        let width = self.width;
        for y in 0..self.height {
            for (x, p) in self.row_mut(y).iter_mut().enumerate() {
                *p = (x * 255 / width) as u8;
            }
        }
    }

    /// Adds `delta` to every pixel, saturating.
    pub fn brighten(&mut self, delta: u8) {
        for y in 0..self.height {
            for p in self.row_mut(y) {
                *p = p.saturating_add(delta);
            }
        }
    }

    /// A 3 × 3 box blur of the view.
    pub fn blur(&mut self) {
        let (w, h) = (self.width, self.height);
        let source: Vec<Vec<u8>> = (0..h).map(|y| self.row(y).to_vec()).collect();
        for y in 0..h {
            let row = self.row_mut(y);
            let rows = &source[y.saturating_sub(1)..(y + 2).min(h)];
            for (x, p) in row.iter_mut().enumerate() {
                let columns = x.saturating_sub(1)..(x + 2).min(w);
                let sum: u32 = rows.iter().flat_map(|r| &r[columns.clone()]).map(|&v| u32::from(v)).sum();
                *p = (sum / (rows.len() * columns.len()) as u32) as u8;
            }
        }
    }

    /// The mean level of the view.
    pub fn mean(&self) -> u8 {
        let sum: u64 = (0..self.height).flat_map(|y| self.row(y)).map(|&p| u64::from(p)).sum();
        (sum / (self.width * self.height) as u64) as u8
    }

    /// The level at (`x`, `y`) in the view, if inside it.
    pub fn get(&self, x: u8, y: u8) -> Option<u8> {
        let (x, y) = (usize::from(x), usize::from(y));
        (x < self.width && y < self.height).then(|| self.row(y)[x])
    }

    /// Narrows the view to the `width` × `height` rectangle at (`x`, `y`),
    /// clamped to the view; false (and unchanged) when it would be empty.
    pub fn crop(&mut self, x: u8, y: u8, width: u8, height: u8) -> bool {
        let (x, y) = (usize::from(x), usize::from(y));
        if x >= self.width || y >= self.height || width == 0 || height == 0 {
            return false;
        }
        // BUG: should clamp against `self.width - x`, the view's width.
        let width = usize::from(width).min(self.stride - x);
        let height = usize::from(height).min(self.height - y);
        self.offset += y * self.stride + x;
        self.width = width;
        self.height = height;
        true
    }
}
