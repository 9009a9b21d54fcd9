pub struct Table {
    names: Vec<String>,
}

#[drt::operations]
impl Table {
    pub fn new() -> Self {
        Table { names: Vec::new() }
    }

    pub fn pick(&self, choose: impl Fn(&[String]) -> &String) -> usize {
        choose(&self.names).len()
    }

    pub fn combine(&self, f: impl Fn(u8, u8, u8, u8) -> u8) -> u8 {
        f(1, 2, 3, 4)
    }
}

fn main() {}
