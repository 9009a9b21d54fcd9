//! Throughput of drt's generation loop on two cheap types under test, each
//! against a hand-written random driver making the same kind of calls
//! directly: `Cheap` (short sequences whose components' values are reused)
//! and `Ledger` (not `Clone`: every call of a ~27-call sequence runs).
//!
//! Run with `cargo bench -p drt-runtime --bench throughput`. Settings:
//! - `DRT_BENCH_RUNS`: number of measured runs of each type (default 5),
//!   each with its own seed;
//! - `DRT_BENCH_SEQUENCES`: `max_sequences` of each drt run (default 100000);
//! - `DRT_BENCH_LONG`: also (or, with `DRT_BENCH_RUNS=0`, only) explore each
//!   type for a while, each run in a fresh process of its own, and print
//!   its rate, its calls' cost against the driver's and its peak RSS: a
//!   figure from the first second can hide a decay. `DRT_BENCH_LONG=on` (or
//!   `1`) runs 2 s, 20 s and 120 s; a list of seconds
//!   (`DRT_BENCH_LONG=2,20,60`) picks the runs.
//! - `DRT_BENCH_MEMCHECK`: the same long runs, and the drivers, under
//!   valgrind's memcheck with the flags drt gives it (`DRT_BENCH_MEMCHECK=5`).
//! - `DRT_BENCH_PROFILE=<sequences>` (with `DRT_BENCH_SHAPE=cheap|ledger`):
//!   only one in-process run of that many sequences, for a profiler
//!   (`valgrind --tool=callgrind`, `perf record`).
//!
//! - `DRT_BENCH_LAWS`: runs of the laws table (default 5; `off` skips it):
//!   [`Conventional`], a stack with std's conventional methods (11 laws
//!   apply), explored with laws on and off in turn, in-process; and
//!   `Cheap`, to which one applies (`default_new`), the same way.
//!
//! - `DRT_BENCH_JOBS`: seconds each run of the jobs table explores (default
//!   3; `off` skips it): the same time-limited exploration in child
//!   processes with `.jobs(1)`, `.jobs(2)` and one job per core, 3 runs each
//!   (with `DRT_BENCH_RUNS=0`, only the tables whose variables are set).
//!
//! Every number printed is measured by this bench; see docs/BENCHMARKS.md.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Capacity of [`Cheap`]. A constant outside the impl block, so it is not
/// mined as a seed literal.
const CAP: usize = 8;

/// The type under test: a bounded stack of `u32` with a running sum. Every
/// operation is a handful of instructions and none can panic.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Cheap {
    items: [u32; CAP],
    len: usize,
    sum: i64,
}

#[drt::operations]
impl Cheap {
    fn new() -> Self {
        Cheap::default()
    }

    /// Pushes `x`; false when full.
    fn push(&mut self, x: u32) -> bool {
        if self.len == CAP {
            return false;
        }
        self.items[self.len] = x;
        self.len += 1;
        self.sum += i64::from(x);
        true
    }

    /// Pops the top; 0 when empty.
    fn pop(&mut self) -> u32 {
        if self.len == 0 {
            return 0;
        }
        self.len -= 1;
        let x = self.items[self.len];
        self.sum -= i64::from(x);
        x
    }

    /// The top; 0 when empty.
    fn peek(&self) -> u32 {
        if self.len == 0 {
            return 0;
        }
        self.items[self.len - 1]
    }

    /// Number of items.
    fn size(&self) -> u32 {
        self.len as u32
    }

    /// Sum of the items.
    fn total(&self) -> i64 {
        self.sum
    }

    /// Adds `d` to the top (wrapping); false when empty.
    fn bump(&mut self, d: u32) -> bool {
        if self.len == 0 {
            return false;
        }
        let top = &mut self.items[self.len - 1];
        let old = *top;
        *top = old.wrapping_add(d);
        self.sum += i64::from(*top) - i64::from(old);
        true
    }
}

/// The second shape of type: a ledger of balances that is not `Clone`, so
/// no value is kept and every call of a sequence runs (about 27 a sequence,
/// where `Cheap`'s run about 7 and reuse the rest), and whose `transfer`
/// takes a second ledger, so a sequence joins two sequences. Every
/// operation is a handful of instructions and none can panic.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
struct Ledger {
    balances: [u32; CAP],
    open: usize,
    moved: u64,
}

#[drt::operations]
impl Ledger {
    fn new() -> Self {
        Ledger::default()
    }

    /// Opens an account with `amount`; false when every slot is open.
    fn open(&mut self, amount: u32) -> bool {
        if self.open == CAP {
            return false;
        }
        self.balances[self.open] = amount;
        self.open += 1;
        true
    }

    /// Adds `amount` to account `at % open` (saturating); false when none is open.
    fn deposit(&mut self, at: u8, amount: u32) -> bool {
        let Some(i) = self.index(at) else { return false };
        self.balances[i] = self.balances[i].saturating_add(amount);
        true
    }

    /// Takes `amount` from account `at % open`; false when it holds less.
    fn withdraw(&mut self, at: u8, amount: u32) -> bool {
        let Some(i) = self.index(at) else { return false };
        match self.balances[i].checked_sub(amount) {
            Some(left) => {
                self.balances[i] = left;
                true
            }
            None => false,
        }
    }

    /// Moves `amount` from this ledger's account `at` to `other`'s first; false when short.
    fn transfer(&mut self, other: &mut Ledger, at: u8, amount: u32) -> bool {
        if other.open == 0 || !self.withdraw(at, amount) {
            return false;
        }
        other.balances[0] = other.balances[0].saturating_add(amount);
        self.moved += u64::from(amount);
        true
    }

    /// Balance of account `at % open`; 0 when none is open.
    fn balance(&self, at: u8) -> u32 {
        self.index(at).map_or(0, |i| self.balances[i])
    }

    /// Sum of the balances.
    fn total(&self) -> u64 {
        self.balances[..self.open].iter().map(|&b| u64::from(b)).sum()
    }

    /// Number of open accounts.
    fn accounts(&self) -> u32 {
        self.open as u32
    }

    /// Everything ever moved by `transfer`.
    fn moved(&self) -> u64 {
        self.moved
    }

    /// Closes the last account, returning its balance; 0 when none is open.
    fn close(&mut self) -> u32 {
        if self.open == 0 {
            return 0;
        }
        self.open -= 1;
        std::mem::take(&mut self.balances[self.open])
    }

    /// A copy with only the accounts holding at least `floor`.
    fn above(&self, floor: u32) -> Ledger {
        let mut out = Ledger::default();
        for &b in &self.balances[..self.open] {
            if b >= floor {
                out.balances[out.open] = b;
                out.open += 1;
            }
        }
        out
    }

    #[drt(skip)]
    fn index(&self, at: u8) -> Option<usize> {
        (self.open > 0).then(|| usize::from(at) % self.open)
    }
}

/// The `u32` seeds drt uses for `Cheap` (drt-runtime/src/seeds.rs): 0, 1, 10,
/// 100, MAX, MAX-1, 2^16, 2^16-1, 2^31, 2^31-1, plus the literals mined from
/// the impl block above (0 and 1) with their neighbours (adds 2).
const U32_SEEDS: [u32; 11] = [0, 1, 10, 100, u32::MAX, u32::MAX - 1, 1 << 16, (1 << 16) - 1, 1 << 31, (1 << 31) - 1, 2];

/// Number of operations of `Cheap` (drt picks among them with equal weight).
const OPS: u64 = 7;

/// xorshift64*, seeded through splitmix64 so seed 0 works.
struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> XorShift {
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        XorShift((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform enough in `0..n` for small `n` (multiply-shift).
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next() >> 32) * u128::from(n)) >> 32) as u64
    }

    fn seed(&mut self) -> u32 {
        U32_SEEDS[self.below(U32_SEEDS.len() as u64) as usize]
    }
}

/// The physical limit: `calls` random calls made directly on one `Cheap`,
/// operations chosen uniformly (`new` starts a fresh value), arguments from
/// the same seed set. Returns the time taken.
fn driver_cheap(seed: u64, calls: u64) -> Duration {
    let mut rng = XorShift::new(seed);
    let mut c = Cheap::new();
    let start = Instant::now();
    for _ in 0..calls {
        match rng.below(OPS) {
            0 => c = black_box(Cheap::new()),
            1 => {
                black_box(c.push(black_box(rng.seed())));
            }
            2 => {
                black_box(c.pop());
            }
            3 => {
                black_box(c.peek());
            }
            4 => {
                black_box(c.size());
            }
            5 => {
                black_box(c.total());
            }
            _ => {
                black_box(c.bump(black_box(rng.seed())));
            }
        }
        black_box(&mut c);
    }
    start.elapsed()
}

/// Number of operations of `Ledger`.
const LEDGER_OPS: u64 = 11;

/// `calls` random calls made directly on two `Ledger`s (the second is
/// `transfer`'s other ledger), operations chosen uniformly (`new` starts a
/// fresh value), arguments from the same seed set. Returns the time taken.
fn driver_ledger(seed: u64, calls: u64) -> Duration {
    let mut rng = XorShift::new(seed);
    let (mut a, mut b) = (Ledger::new(), Ledger::new());
    let start = Instant::now();
    for _ in 0..calls {
        if rng.below(4) == 0 {
            std::mem::swap(&mut a, &mut b);
        }
        match rng.below(LEDGER_OPS) {
            0 => a = black_box(Ledger::new()),
            1 => {
                black_box(a.open(black_box(rng.seed())));
            }
            2 => {
                black_box(a.deposit(rng.seed() as u8, black_box(rng.seed())));
            }
            3 => {
                black_box(a.withdraw(rng.seed() as u8, black_box(rng.seed())));
            }
            4 => {
                black_box(a.transfer(&mut b, rng.seed() as u8, black_box(rng.seed())));
            }
            5 => {
                black_box(a.balance(rng.seed() as u8));
            }
            6 => {
                black_box(a.total());
            }
            7 => {
                black_box(a.accounts());
            }
            8 => {
                black_box(a.moved());
            }
            9 => {
                black_box(a.close());
            }
            _ => {
                black_box(a.above(black_box(rng.seed())));
            }
        }
        black_box((&mut a, &mut b));
    }
    start.elapsed()
}

/// A type the bench explores, and its hand-written driver.
struct Shape {
    name: &'static str,
    /// What kind of sequences drt makes of it.
    about: &'static str,
    explore: fn(u64, Budget, drt::Isolation) -> drt::Report,
    driver: fn(u64, u64) -> Duration,
}

/// How long an exploration runs.
#[derive(Clone, Copy)]
enum Budget {
    Sequences(u64),
    Seconds(f64),
}

/// An exploration of `T` with `seed` and `budget`: no failures, every operation callable.
fn explore_type<T: 'static>(seed: u64, budget: Budget, isolation: drt::Isolation) -> drt::Report {
    let explorer = drt::explore::<T>().seed(seed).isolation(isolation);
    let report = match budget {
        Budget::Sequences(n) => explorer.max_sequences(n),
        Budget::Seconds(s) => explorer.time_limit(Duration::from_secs_f64(s)),
    }
    .report();
    assert!(report.failures.is_empty(), "a bug-free type, yet drt reported:\n{report}");
    assert!(report.stats.uncallable.is_empty(), "every operation should be callable:\n{report}");
    report
}

/// The two shapes: short sequences that reuse their components' values,
/// and long ones that run every call.
const SHAPES: [Shape; 2] = [
    Shape {
        name: "Cheap",
        about: "bounded u32 stack, 7 operations, Clone: a sequence runs ~7 calls and reuses the rest",
        explore: explore_type::<Cheap>,
        driver: driver_cheap,
    },
    Shape {
        name: "Ledger",
        about: "ledger of balances, 11 operations, not Clone: a sequence runs all its ~27 calls",
        explore: explore_type::<Ledger>,
        driver: driver_ledger,
    },
];

/// The shape named `name`.
fn shape(name: &str) -> &'static Shape {
    SHAPES.iter().find(|s| s.name.eq_ignore_ascii_case(name)).unwrap_or_else(|| panic!("no shape `{name}`"))
}

/// A row of the table: one number per run.
type Metric = fn(&Run) -> f64;

/// One measured run of drt and of the driver with the same seed.
struct Run {
    seed: u64,
    stats: drt::Stats,
    /// Wall-clock time of `report()`, set-up included.
    wall: Duration,
    driver: Duration,
    /// Wall-clock time of the same exploration in a child process.
    isolated_wall: Duration,
}

impl Run {
    fn seq_per_s(&self) -> f64 {
        self.stats.sequences as f64 / self.stats.elapsed.as_secs_f64()
    }
    fn wall_seq_per_s(&self) -> f64 {
        self.stats.sequences as f64 / self.wall.as_secs_f64()
    }
    fn calls_per_s(&self) -> f64 {
        self.stats.calls as f64 / self.stats.elapsed.as_secs_f64()
    }
    fn new_calls_per_s(&self) -> f64 {
        self.stats.new_calls as f64 / self.stats.elapsed.as_secs_f64()
    }
    fn reused_share(&self) -> f64 {
        100.0 * self.stats.reused_calls as f64 / (self.stats.calls + self.stats.reused_calls).max(1) as f64
    }
    fn avg_len(&self) -> f64 {
        self.stats.calls as f64 / self.stats.sequences as f64
    }
    fn driver_calls_per_s(&self) -> f64 {
        self.stats.calls as f64 / self.driver.as_secs_f64()
    }
    fn ratio(&self) -> f64 {
        self.calls_per_s() / self.driver_calls_per_s()
    }
    fn isolated_seq_per_s(&self) -> f64 {
        self.stats.sequences as f64 / self.isolated_wall.as_secs_f64()
    }
    fn isolation_overhead(&self) -> f64 {
        (self.isolated_wall.as_secs_f64() / self.wall.as_secs_f64() - 1.0) * 100.0
    }
}

fn explore(shape: &Shape, seed: u64, max_sequences: u64, isolation: drt::Isolation) -> (drt::Stats, Duration) {
    let start = Instant::now();
    let report = (shape.explore)(seed, Budget::Sequences(max_sequences), isolation);
    (report.stats, start.elapsed())
}

fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .parse()
            .ok()
            .filter(|n| *n > 0)
            .unwrap_or_else(|| panic!("{name} must be a positive integer, got `{v}`")),
        _ => default,
    }
}

/// (median, min, max); the median of an even count is the mean of the middle two.
fn summarize(mut xs: Vec<f64>) -> (f64, f64, f64) {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    let median = if n % 2 == 1 { xs[n / 2] } else { (xs[n / 2 - 1] + xs[n / 2]) / 2.0 };
    (median, xs[0], xs[n - 1])
}

/// `1234567.8` -> `1,234,568`; small values keep two decimals.
fn fmt_num(x: f64) -> String {
    if x.abs() < 100.0 {
        return format!("{x:.2}");
    }
    let digits = format!("{:.0}", x.abs());
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if x < 0.0 {
        out.insert(0, '-');
    }
    out
}

fn cpu_model() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    info.lines().find(|l| l.starts_with("model name")).and_then(|l| l.split(':').nth(1)).map(|m| m.trim().to_string())
}

/// Peak resident set size of this process (Linux `VmHWM`), in MiB.
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib: f64 = status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// A bounded stack of `u32` with std's conventional methods, so that the
/// laws apply (`is_empty`, `len_iter`, `get_iter`, `contains_iter`,
/// `get_remove`, `peek_pop`, `capacity`, `default_new` and the iterator's
/// three): the
/// type on which the laws table measures their cost.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Conventional {
    items: [u32; CAP],
    len: usize,
}

#[drt::operations]
impl Conventional {
    fn new() -> Self {
        Conventional::default()
    }

    fn push(&mut self, x: u32) -> bool {
        if self.len == CAP {
            return false;
        }
        self.items[self.len] = x;
        self.len += 1;
        true
    }

    fn pop(&mut self) -> Option<u32> {
        self.len = self.len.checked_sub(1)?;
        Some(self.items[self.len])
    }

    fn last(&self) -> Option<&u32> {
        self.len.checked_sub(1).map(|i| &self.items[i])
    }

    fn get(&self, index: usize) -> Option<&u32> {
        self.items[..self.len].get(index)
    }

    fn contains(&self, x: &u32) -> bool {
        self.items[..self.len].contains(x)
    }

    fn remove(&mut self, index: usize) -> Option<u32> {
        if index >= self.len {
            return None;
        }
        let removed = self.items[index];
        self.items.copy_within(index + 1..self.len, index);
        self.len -= 1;
        Some(removed)
    }

    fn len(&self) -> usize {
        self.len
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn capacity(&self) -> usize {
        CAP
    }

    fn is_full(&self) -> bool {
        self.len == CAP
    }

    fn iter(&self) -> impl DoubleEndedIterator<Item = &u32> + ExactSizeIterator + '_ {
        self.items[..self.len].iter()
    }
}

/// Median sequences/s of `runs` in-process explorations of `T` with laws on
/// and off (alternating, same seeds), and how many laws applied.
fn laws_on_and_off<T: 'static>(runs: u64, max_sequences: u64) -> (f64, f64, usize) {
    let (mut on, mut off, mut applied) = (Vec::new(), Vec::new(), 0);
    for i in 0..runs {
        for laws in [true, false] {
            let report = drt::explore::<T>()
                .seed(0x1a5 + i)
                .max_sequences(max_sequences)
                .isolation(drt::Isolation::InProcess)
                .laws(laws)
                .report();
            assert!(report.failures.is_empty(), "a bug-free type, yet drt reported:\n{report}");
            let rate = report.stats.sequences as f64 / report.stats.elapsed.as_secs_f64();
            if laws {
                applied = report.stats.laws.len();
                on.push(rate);
            } else {
                off.push(rate);
            }
        }
    }
    (summarize(on).0, summarize(off).0, applied)
}

/// [`laws_on_and_off`] of one type.
type LawsMeasure = fn(u64, u64) -> (f64, f64, usize);

/// The cost of the laws: sequences/s with them on and off.
fn laws_table(runs: u64, max_sequences: u64) {
    println!();
    println!("| type ({runs} runs of {max_sequences} sequences, in-process) | laws applied | laws on: sequences/s | off | on / off |");
    println!("|---|---:|---:|---:|---:|");
    let rows: [(&str, LawsMeasure); 2] =
        [("Conventional", laws_on_and_off::<Conventional>), ("Cheap", laws_on_and_off::<Cheap>)];
    for (name, measure) in rows {
        let (on, off, applied) = measure(runs, max_sequences);
        println!("| {name} | {applied} | {} | {} | {:.3} |", fmt_num(on), fmt_num(off), on / off);
    }
}

/// The environment variable that makes this process one long run:
/// `<shape>:<seconds>`.
const ONE_LONG_RUN: &str = "DRT_BENCH_ONE_LONG_RUN";
/// The environment variable that makes this process one driver run:
/// `<shape>:<calls>`.
const ONE_DRIVER_RUN: &str = "DRT_BENCH_ONE_DRIVER_RUN";

/// `<shape>:<number>`.
fn shape_and<N: std::str::FromStr>(spec: &str) -> (&'static Shape, N) {
    let (name, n) = spec.split_once(':').expect("<shape>:<number>");
    (shape(name), n.parse().ok().expect("<shape>:<number>"))
}

/// One long run, in this process: explores for `secs` and prints one line,
/// `sequences calls new_calls elapsed_s peak_rss_mib`, for the parent.
fn one_long_run(spec: &str) {
    let (shape, secs) = shape_and::<f64>(spec);
    let report = (shape.explore)(0x5eed, Budget::Seconds(secs), drt::Isolation::InProcess);
    let s = &report.stats;
    println!(
        "{} {} {} {} {}",
        s.sequences,
        s.calls,
        s.new_calls,
        s.elapsed.as_secs_f64(),
        peak_rss_mib().unwrap_or(f64::NAN)
    );
}

/// One driver run, in this process: prints its calls per second.
fn one_driver_run(spec: &str) {
    let (shape, calls) = shape_and::<u64>(spec);
    let _ = (shape.driver)(1, calls / 10);
    println!("{}", calls as f64 / (shape.driver)(0, calls).as_secs_f64());
}

/// This bench binary with `env` set, under `valgrind` with `flags` when
/// given; the last line it printed, as numbers.
fn child_line(env: (&str, String), valgrind: Option<&[&str]>) -> Result<Vec<f64>, String> {
    let exe = std::env::current_exe().expect("the bench binary");
    let mut command = match valgrind {
        Some(flags) => {
            let mut c = std::process::Command::new("valgrind");
            c.args(flags).arg(exe);
            c
        }
        None => std::process::Command::new(exe),
    };
    let out = command.env(env.0, env.1).output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let fields: Vec<f64> =
        text.lines().last().unwrap_or_default().split_whitespace().filter_map(|f| f.parse().ok()).collect();
    if out.status.success() && !fields.is_empty() {
        Ok(fields)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().lines().last().unwrap_or("no output").to_string())
    }
}

/// The driver's calls per second for `shape`, median of three runs of
/// `calls` in a fresh process (under `valgrind` with `flags` when given).
fn driver_rate(shape: &Shape, calls: u64, valgrind: Option<&[&str]>) -> f64 {
    let rates: Vec<f64> = (0..3)
        .filter_map(|_| child_line((ONE_DRIVER_RUN, format!("{}:{calls}", shape.name)), valgrind).ok())
        .map(|f| f[0])
        .collect();
    if rates.is_empty() {
        f64::NAN
    } else {
        summarize(rates).0
    }
}

/// Long runs of each shape, each in a fresh process (so its peak RSS is its
/// own), under `valgrind` with `flags` when given: sequences and executed
/// calls per second, and how many times slower per call than the driver
/// measured the same way.
fn long_runs(spec: &str, valgrind: Option<&[&str]>) {
    let secs: Vec<f64> = match spec.trim() {
        "" | "1" | "on" => vec![2.0, 20.0, 120.0],
        list => list.split(',').map(|s| s.trim().parse().expect("seconds, comma-separated")).collect(),
    };
    let under = if valgrind.is_some() { "under memcheck" } else { "in-process" };
    println!();
    println!(
        "| long run ({under}, seed 0x5eed) | sequences | sequences/s | calls/s | calls per sequence | driver calls/s | x driver per call | peak RSS MiB |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for shape in &SHAPES {
        let driver = driver_rate(shape, if valgrind.is_some() { 2_000_000 } else { 50_000_000 }, valgrind);
        for &s in &secs {
            let line = child_line((ONE_LONG_RUN, format!("{}:{s}", shape.name)), valgrind);
            let Some(&[sequences, calls, _new_calls, elapsed, rss]) = line.as_deref().ok() else {
                println!("| {} {s} s | failed: {line:?} | | | | | | |", shape.name);
                continue;
            };
            println!(
                "| {} {s} s | {} | {} | {} | {:.1} | {} | {:.0} | {rss:.0} |",
                shape.name,
                fmt_num(sequences),
                fmt_num(sequences / elapsed),
                fmt_num(calls / elapsed),
                calls / sequences,
                fmt_num(driver),
                driver / (calls / elapsed),
            );
        }
    }
}

/// One in-process exploration of `sequences` sequences of `shape` with seed
/// 0x5eed, for a profiler (`valgrind --tool=callgrind`): prints its stats.
fn one_counted_run(shape: &Shape, sequences: u64) {
    let report = (shape.explore)(0x5eed, Budget::Sequences(sequences), drt::Isolation::InProcess);
    let s = &report.stats;
    println!(
        "{} sequences, {} calls ({:.2} per sequence), {} new, {} reused, {} evicted, in {:.3} s",
        s.sequences,
        s.calls,
        s.calls as f64 / s.sequences as f64,
        s.new_calls,
        s.reused_calls,
        s.evicted,
        s.elapsed.as_secs_f64()
    );
    for note in &s.notes {
        println!("note: {note}");
    }
}

/// valgrind's memcheck as drt runs it under `.memcheck(true)`
/// (drt-runtime/src/memcheck.rs's `FLAGS`).
const MEMCHECK: [&str; 5] =
    ["--tool=memcheck", "--quiet", "--leak-check=no", "--track-origins=yes", "--fullpath-after="];

/// `DRT_<name>`: `off` (or `0`) is `None`, unset is `default`, else parsed.
fn setting<T: std::str::FromStr>(name: &str, default: Option<T>) -> Option<T> {
    match std::env::var(name).ok().as_deref().map(str::trim) {
        Some("off" | "0") => None,
        Some(v) => Some(v.parse().ok().unwrap_or_else(|| panic!("{name}: a number, or off; got `{v}`"))),
        None => default,
    }
}

fn main() {
    if let Ok(n) = std::env::var("DRT_BENCH_PROFILE") {
        let shape = shape(&std::env::var("DRT_BENCH_SHAPE").unwrap_or_else(|_| "cheap".into()));
        return one_counted_run(shape, n.parse().expect("DRT_BENCH_PROFILE: sequences"));
    }
    if let Ok(spec) = std::env::var(ONE_LONG_RUN) {
        return one_long_run(&spec);
    }
    if let Ok(spec) = std::env::var(ONE_DRIVER_RUN) {
        return one_driver_run(&spec);
    }
    let long = std::env::var("DRT_BENCH_LONG").ok();
    let memcheck = std::env::var("DRT_BENCH_MEMCHECK").ok();
    let jobs_secs: Option<f64> = setting("DRT_BENCH_JOBS", Some(3.0));
    let laws_runs: Option<u64> = setting("DRT_BENCH_LAWS", Some(5));
    let only_extras = ["DRT_BENCH_LONG", "DRT_BENCH_MEMCHECK", "DRT_BENCH_JOBS", "DRT_BENCH_LAWS"]
        .iter()
        .any(|v| std::env::var_os(v).is_some());
    let runs = match std::env::var("DRT_BENCH_RUNS") {
        Ok(v) if v.trim() == "0" && only_extras => 0,
        _ => env_u64("DRT_BENCH_RUNS", 5),
    };
    let max_sequences = env_u64("DRT_BENCH_SEQUENCES", 100_000);
    if runs > 0 {
        short_runs(runs, max_sequences);
    }
    if let (Some(laws), true) = (laws_runs, runs > 0 || std::env::var_os("DRT_BENCH_LAWS").is_some()) {
        laws_table(laws, max_sequences);
    }
    if let Some(secs) = jobs_secs.filter(|_| runs > 0 || std::env::var_os("DRT_BENCH_JOBS").is_some()) {
        jobs_table(secs);
    }
    if let Some(spec) = long {
        long_runs(&spec, None);
    }
    if let Some(spec) = memcheck {
        long_runs(&spec, Some(&MEMCHECK));
    }
}

/// `runs` runs of `max_sequences` of each shape, in-process and in a child,
/// each beside the driver making as many calls.
fn short_runs(runs: u64, max_sequences: u64) {
    for var in ["DRT_MAX_SEQUENCES", "DRT_TIME_LIMIT", "DRT_SEED", "DRT_MAX_LEN"] {
        if std::env::var_os(var).is_some() {
            println!("note: {var} is set and overrides the bench's settings");
        }
    }
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!("drt throughput bench");
    println!(
        "machine: {} available cores, {} {}, cpu: {}",
        cores,
        std::env::consts::OS,
        std::env::consts::ARCH,
        cpu_model().unwrap_or_else(|| "unknown".into())
    );
    for shape in &SHAPES {
        println!();
        println!(
            "type under test: {} ({}); {runs} runs of max_sequences({max_sequences}), one thread",
            shape.name, shape.about
        );
        shape_table(shape, runs, max_sequences);
    }
}

/// The short runs' tables of one shape.
fn shape_table(shape: &Shape, runs: u64, max_sequences: u64) {
    // Warm-up: registry collection, allocator, caches.
    let _ = explore(shape, 0, max_sequences.min(5_000), drt::Isolation::InProcess);
    let _ = (shape.driver)(0, 1_000_000);

    let mut results = Vec::new();
    for i in 0..runs {
        let seed = 0x5eed + i;
        let (stats, wall) = explore(shape, seed, max_sequences, drt::Isolation::InProcess);
        let driver = (shape.driver)(seed, stats.calls);
        let (isolated, isolated_wall) = explore(shape, seed, max_sequences, drt::Isolation::Process);
        assert_eq!(isolated.sequences, stats.sequences, "a child explores exactly as in-process");
        let run = Run { seed, stats, wall, driver, isolated_wall };
        let s = &run.stats;
        println!(
            "run {i}: seed {:#x}: {} sequences, {} calls in {:.3}s (report() {:.3}s): {} normal, {} redundant, {} illegal, {} failing; driver {:.4}s",
            run.seed,
            s.sequences,
            s.calls,
            s.elapsed.as_secs_f64(),
            run.wall.as_secs_f64(),
            s.normal,
            s.redundant,
            s.illegal,
            s.failing,
            run.driver.as_secs_f64()
        );
        results.push(run);
    }

    let rows: [(&str, Metric); 9] = [
        ("drt sequences/s", Run::seq_per_s),
        ("drt sequences/s, report() wall clock", Run::wall_seq_per_s),
        ("drt calls/s (executed)", Run::calls_per_s),
        ("drt new calls/s (not a component's)", Run::new_calls_per_s),
        ("drt % of calls reused instead of run", Run::reused_share),
        ("drt avg executed calls per sequence", Run::avg_len),
        ("drt µs per sequence", |r| 1e6 / r.seq_per_s()),
        ("driver calls/s (same calls count)", Run::driver_calls_per_s),
        ("ratio drt calls/s / driver calls/s (per run)", Run::ratio),
    ];
    println!();
    println!("| metric | median | min | max |");
    println!("|---|---:|---:|---:|");
    let mut medians = Vec::new();
    for (name, f) in rows {
        let (median, min, max) = summarize(results.iter().map(f).collect());
        medians.push(median);
        let cell = |x: f64| {
            if name.starts_with("ratio") {
                format!("{x:.5}")
            } else {
                fmt_num(x)
            }
        };
        println!("| {name} | {} | {} | {} |", cell(median), cell(min), cell(max));
    }
    let ratio_of_medians = medians[2] / medians[7];
    println!();
    println!(
        "ratio of medians (drt calls/s / driver calls/s): {ratio_of_medians:.5} (drt is {:.0}x slower per call)",
        1.0 / ratio_of_medians
    );
    if let Some(mib) = peak_rss_mib() {
        println!("peak RSS of the bench process: {mib:.0} MiB");
    }
    let goal = 100_000.0;
    println!(
        "design goal >= {} sequences/s on one core: {} (median {} sequences/s)",
        fmt_num(goal),
        if medians[0] >= goal { "met" } else { "NOT met" },
        fmt_num(medians[0])
    );

    // Isolation: the same exploration in a child process (the default on
    // Unix), wall clock against wall clock, spawning the child included.
    println!();
    println!("| isolation (report() wall clock) | median | min | max |");
    println!("|---|---:|---:|---:|");
    let rows: [(&str, Metric); 3] = [
        ("in-process sequences/s", Run::wall_seq_per_s),
        ("child-process sequences/s", Run::isolated_seq_per_s),
        ("isolation overhead %", Run::isolation_overhead),
    ];
    let mut iso = Vec::new();
    for (name, f) in rows {
        let (median, min, max) = summarize(results.iter().map(f).collect());
        iso.push(median);
        let cell = |x: f64| if name.ends_with('%') { format!("{x:.1}") } else { fmt_num(x) };
        println!("| {name} | {} | {} | {} |", cell(median), cell(min), cell(max));
    }
    println!(
        "design goal: isolation costs under 20%: {} (median {:.1}%)",
        if iso[2] < 20.0 { "met" } else { "NOT met" },
        iso[2]
    );
}

/// Sequences explored in `secs` by `jobs` jobs of child processes, and the wall time.
fn explore_in_jobs(seed: u64, secs: f64, jobs: usize) -> (u64, Duration) {
    let start = Instant::now();
    let report = drt::explore::<Cheap>()
        .seed(seed)
        .time_limit(Duration::from_secs_f64(secs))
        .isolation(drt::Isolation::Process)
        .jobs(jobs)
        .report();
    let wall = start.elapsed();
    assert!(report.failures.is_empty(), "{report}");
    assert_eq!(report.stats.jobs, jobs, "{report}");
    (report.stats.sequences, wall)
}

/// The same time-limited exploration in 1, 2 and one-per-core jobs: how
/// many more sequences more jobs explore in the same time.
fn jobs_table(secs: f64) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut counts = vec![1, 2, cores];
    counts.sort();
    counts.dedup();
    counts.retain(|&n| n <= cores.max(1));
    const RUNS: u64 = 3;
    println!();
    println!("| jobs ({secs} s time limit, child processes, {RUNS} runs) | sequences (median) | sequences/s wall (median) | min | max | x one job |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut one = None;
    for jobs in counts {
        let runs: Vec<(u64, Duration)> = (0..RUNS).map(|i| explore_in_jobs(0x5eed + i, secs, jobs)).collect();
        let (sequences, _, _) = summarize(runs.iter().map(|r| r.0 as f64).collect());
        let (rate, min, max) = summarize(runs.iter().map(|(n, wall)| *n as f64 / wall.as_secs_f64()).collect());
        let base = *one.get_or_insert(rate);
        println!(
            "| {jobs} | {} | {} | {} | {} | {:.2} |",
            fmt_num(sequences),
            fmt_num(rate),
            fmt_num(min),
            fmt_num(max),
            rate / base
        );
    }
}
