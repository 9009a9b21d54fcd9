//! Types that are references: std collections, and annotated types with a
//! constructor, with a second inherent block of methods alone.

use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, VecDeque};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model(Vec<u32>);

#[drt::operations]
impl Model {
    pub fn new() -> Self {
        Model(Vec::new())
    }
}

#[drt::operations]
impl Model {
    #[drt(model = "len")]
    pub fn size(&self) -> usize {
        self.0.len()
    }
}

fn reference<M: drt::Reference>() {}

fn main() {
    reference::<Model>();
    reference::<Vec<String>>();
    reference::<VecDeque<u8>>();
    reference::<BTreeMap<u8, String>>();
    reference::<BTreeSet<i64>>();
    reference::<HashMap<String, u32>>();
    reference::<HashSet<char>>();
    reference::<BinaryHeap<u16>>();
    reference::<String>();
}
