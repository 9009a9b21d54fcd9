#[drt::generator]
pub fn any_value<T: Default>(rng: &mut drt::Rng) -> T {
    let _ = rng.next_u64();
    T::default()
}

fn main() {}
