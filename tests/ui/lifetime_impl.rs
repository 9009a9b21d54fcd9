pub struct Parser<'a> {
    input: &'a str,
    pos: usize,
}

#[drt::operations]
impl<'a> Parser<'a> {
    pub fn new(input: &'a str) -> Self {
        Parser { input, pos: 0 }
    }

    pub fn advance(&mut self) {
        self.pos = (self.pos + 1).min(self.input.len());
    }
}

fn main() {}
