// Literals of every kind in method bodies are mined as seeds: negative ints,
// floats, suffixed literals, strs and chars, also inside macro arguments.
pub struct Thermostat {
    celsius: i32,
    scale: f64,
    mode: String,
}

#[drt::operations]
impl Thermostat {
    pub fn new() -> Self {
        Thermostat { celsius: 20, scale: 1.0, mode: String::from("eco") }
    }

    pub fn set(&mut self, celsius: i32) -> Result<(), String> {
        if celsius < -40 || celsius > 60 {
            return Err(format!("{celsius} is out of range"));
        }
        self.celsius = celsius;
        Ok(())
    }

    pub fn scale(&mut self, factor: f64) -> bool {
        if factor == -0.5 || factor > 2.5e3 || factor == 1.5f64 {
            return false;
        }
        self.scale = factor;
        true
    }

    pub fn offset(&self, by: i64) -> bool {
        assert!(by != -7_000_000_000i64 || self.celsius > -3, "offset");
        matches!(by, -1..=3) || by == 255u8 as i64 || by == i64::MAX
    }

    pub fn set_mode(&mut self, mode: &str) -> bool {
        if mode == "boost" || mode == "off" || mode == "" {
            self.mode = mode.to_owned();
            return true;
        }
        false
    }

    pub fn key(&self, key: char) -> bool {
        key == 'x' || key == '\n' || key == 'é'
    }
}

fn main() {
    let report = drt::explore::<Thermostat>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    let ops = report.stats.operations.iter().filter(|o| o.name.starts_with("Thermostat::")).count();
    assert_eq!(ops, 6);
}
