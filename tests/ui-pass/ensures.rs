//! Postconditions over `result`, `self`, `old` and parameters taken every way.

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Names {
    list: Vec<String>,
}

#[drt::operations(
    ensures(push = "self.list.last() == Some(&name) && self.list.len() == old.list.len() + 1"),
    ensures(find = "result.is_some() == self.list.iter().any(|n| n == text)"),
)]
impl Names {
    #[drt(ensures = "result.list.is_empty()")]
    pub fn new() -> Self {
        Names::default()
    }
    pub fn push(&mut self, name: String) {
        self.list.push(name);
    }
    pub fn find(&self, text: &str) -> Option<&String> {
        self.list.iter().find(|n| *n == text)
    }
    #[drt(ensures = "result == old.list.len() && into.len() >= result")]
    pub fn drain_into(&mut self, into: &mut Vec<String>) -> usize {
        let n = self.list.len();
        into.append(&mut self.list);
        n
    }
    #[drt(ensures = "result == old.list.len()")]
    pub fn into_len(self) -> usize {
        self.list.len()
    }
    #[drt(ensures = "result <= Self::MAX")]
    pub fn capped(n: u8) -> u8 {
        n.min(Self::MAX)
    }
    const MAX: u8 = 9;
}

fn main() {
    drt::explore::<Names>().max_sequences(300).run();
}
