pub trait Clock {
    fn now(&self) -> u64;
}

pub struct Timer {
    started: u64,
}

#[drt::operations]
impl Timer {
    pub fn start(clock: &dyn Clock) -> Self {
        Timer { started: clock.now() }
    }
}

fn main() {}
