//! Memory errors under valgrind's memcheck (DESIGN §3.9): the exploring
//! child runs under the checker, and after each call (and each drop) asks it
//! how many errors it has seen, through a client request
//! (`VALGRIND_COUNT_ERRORS`, valgrind.h). A new error is the call's, and its
//! text is read from the checker's log, which the supervisor points at the
//! child's channel. Off the checker, a client request is a few no-op
//! instructions returning its default, and nothing here costs more than
//! reading a flag.
//!
//! Public: [`run`], which the emitted test of a memory error calls, so that
//! it fails under plain `cargo test` where valgrind is installed.

use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;

/// The environment variable the supervisor names the checker's log file in.
pub(crate) const LOG_ENV: &str = "DRT_MEMCHECK_LOG";

/// valgrind.h's `VG_USERREQ__RUNNING_ON_VALGRIND`.
const RUNNING_ON_VALGRIND: usize = 0x1001;
/// valgrind.h's `VG_USERREQ__COUNT_ERRORS`.
const COUNT_ERRORS: usize = 0x1201;
/// valgrind.h's `VG_USERREQ__GDB_MONITOR_COMMAND`: a gdbserver monitor
/// command, its output written to the log.
const MONITOR_COMMAND: usize = 0x1202;

/// How valgrind runs wherever drt starts it (the exploring child, an
/// emitted test): memcheck, no leak check (a leak is no call's error),
/// where an uninitialised value was made (it costs 1.7 times the
/// exploration, docs/BENCHMARKS.md, and an error on uninitialised bytes
/// says little without it), and full source paths, so that drt's own
/// frames are told apart ([`users`]).
pub(crate) const FLAGS: [&str; 5] =
    ["--tool=memcheck", "--quiet", "--leak-check=no", "--track-origins=yes", "--fullpath-after="];

/// How to install valgrind, for the errors that need it.
const INSTALL: &str = "install it (Debian and Ubuntu: `sudo apt-get install valgrind`; Fedora: `sudo dnf install \
                       valgrind`; Arch: `sudo pacman -S valgrind`)";

/// The most lines of one error a failure's message keeps.
const MOST_LINES: usize = 16;

/// valgrind's client request `request` with argument `arg`, or `default`
/// when the program does not run on valgrind.
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
fn client_request(request: usize, arg: usize, default: usize) -> usize {
    let args: [usize; 6] = [request, arg, 0, 0, 0, 0];
    let result;
    // SAFETY: valgrind.h's "special instruction" sequence for amd64: four
    // rotations of rdi that leave it as it was (3 + 13 + 61 + 51 = 128 bits)
    // and an exchange of rbx with itself, which valgrind recognises and
    // answers in rdx; natively they change nothing, and rdx keeps the
    // default. `args` outlives the asm, which only reads it.
    unsafe {
        std::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            in("rax") args.as_ptr(),
            inlateout("rdx") default => result,
            options(nostack),
        );
    }
    result
}

/// valgrind's client request `request` with argument `arg`, or `default`
/// when the program does not run on valgrind.
#[cfg(all(target_arch = "aarch64", target_os = "linux"))]
fn client_request(request: usize, arg: usize, default: usize) -> usize {
    let args: [usize; 6] = [request, arg, 0, 0, 0, 0];
    let result;
    // SAFETY: valgrind.h's "special instruction" sequence for arm64: four
    // rotations of x12 that leave it as it was, then `orr x10, x10, x10`,
    // which valgrind recognises and answers in x3; natively they change
    // nothing, and x3 keeps the default. `args` outlives the asm.
    unsafe {
        std::arch::asm!(
            "ror x12, x12, 3",
            "ror x12, x12, 13",
            "ror x12, x12, 51",
            "ror x12, x12, 61",
            "orr x10, x10, x10",
            in("x4") args.as_ptr(),
            inlateout("x3") default => result,
            options(nostack),
        );
    }
    result
}

/// No client requests on other targets: as if not on valgrind.
#[cfg(not(any(all(target_arch = "x86_64", target_os = "linux"), all(target_arch = "aarch64", target_os = "linux"))))]
fn client_request(_request: usize, _arg: usize, default: usize) -> usize {
    default
}

/// Whether this target can ask valgrind for its error count.
pub(crate) const SUPPORTED: bool = cfg!(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64")));

/// How many times longer a call may take under the checker: the default
/// call timeout is stretched by it.
pub(crate) const SLOWER: u32 = 20;

/// `Ok` when `.memcheck(true)` can be followed, exploring `in_process` or
/// not: this process already runs on valgrind (its user ran the tests under
/// it), or it can start its exploring child under valgrind: a supported
/// target, valgrind on `PATH`, and a child process to start.
pub(crate) fn usable(in_process: bool) -> Result<(), String> {
    if on_valgrind() {
        return Ok(());
    }
    if !SUPPORTED {
        return Err("drt: .memcheck(true) (DRT_MEMCHECK=on) needs Linux on x86_64 or aarch64, where drt can ask \
                    valgrind for its error count; this target is neither"
            .into());
    }
    let found = std::process::Command::new("valgrind")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        return Err(format!(
            "drt: .memcheck(true) (DRT_MEMCHECK=on) runs the exploration under valgrind, which is not on PATH: \
             {INSTALL}, or turn memcheck off"
        ));
    }
    if in_process {
        return Err("drt: .memcheck(true) (DRT_MEMCHECK=on) starts the exploring child under valgrind, and \
                    .isolation(Isolation::InProcess) (DRT_ISOLATION=off) starts none: drop one of them, or run \
                    the tests under valgrind yourself"
            .into());
    }
    Ok(())
}

/// Whether this process runs on valgrind.
pub(crate) fn on_valgrind() -> bool {
    client_request(RUNNING_ON_VALGRIND, 0, 0) > 0
}

/// Whether calls are watched: this process explores under memcheck.
static WATCHING: AtomicBool = AtomicBool::new(false);

/// The checker's log, named by [`LOG_ENV`] (none when the user ran the
/// tests under valgrind, which writes to stderr).
static LOG: OnceLock<Option<PathBuf>> = OnceLock::new();

/// Watches calls from now on, when this process runs on valgrind (the
/// exploring child of `.memcheck(true)`).
pub(crate) fn watch() -> bool {
    if !on_valgrind() {
        return false;
    }
    LOG.get_or_init(|| std::env::var_os(LOG_ENV).map(PathBuf::from));
    WATCHING.store(true, Ordering::Relaxed);
    true
}

/// The log's path, when there is one.
fn log() -> Option<&'static PathBuf> {
    LOG.get()?.as_ref()
}

/// How long the log is: where the next error it writes starts.
fn log_length() -> u64 {
    log().and_then(|path| std::fs::metadata(path).ok()).map_or(0, |m| m.len())
}

/// Whether calls are watched: one load, asked around every call, check
/// and drop of every exploration.
#[inline]
pub(crate) fn watching() -> bool {
    WATCHING.load(Ordering::Relaxed)
}

/// The checker's error count, and how long its log is, when calls are
/// watched: what [`new_error`] compares with.
#[inline]
pub(crate) fn count() -> Option<Mark> {
    watching().then(mark)
}

#[cold]
fn mark() -> Mark {
    let errors = client_request(COUNT_ERRORS, 0, 0);
    // memcheck writes to its log only for an error (`--quiet`) or a monitor
    // command: while the count stands, so does the log's length, and no
    // `stat` (a system call, slow under valgrind) is needed around each call.
    if errors == SEEN_ERRORS.load(Ordering::Relaxed) {
        return Mark { errors, length: SEEN_LENGTH.load(Ordering::Relaxed) };
    }
    let length = log_length();
    SEEN_ERRORS.store(errors, Ordering::Relaxed);
    SEEN_LENGTH.store(length, Ordering::Relaxed);
    Mark { errors, length }
}

/// The error count when the log's length was last asked, and that length
/// (see [`mark`]); `usize::MAX` when it must be asked again.
static SEEN_ERRORS: AtomicUsize = AtomicUsize::new(usize::MAX);
static SEEN_LENGTH: AtomicU64 = AtomicU64::new(0);

/// The checker's error count and its log's length at some point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mark {
    pub errors: usize,
    length: u64,
}

/// When the checker has seen more errors than at `before` (a [`count`]),
/// the first of the new ones as the log says it.
#[inline]
pub(crate) fn new_error(before: Option<Mark>) -> Option<String> {
    new_error_since(before?)
}

#[cold]
fn new_error_since(before: Mark) -> Option<String> {
    let now = client_request(COUNT_ERRORS, 0, 0);
    (now > before.errors).then(|| {
        let error = first_new_error(before.length);
        // The log grew, perhaps by a monitor command's answer too.
        SEEN_ERRORS.store(usize::MAX, Ordering::Relaxed);
        error.unwrap_or_else(|| "memcheck saw an error (its log could not be read)".into())
    })
}

/// The first error memcheck wrote to its log after `length` bytes. memcheck
/// writes each distinct error once, and a replay repeats one: when nothing
/// new was written, the monitor command `v.info last_error` writes it again.
fn first_new_error(length: u64) -> Option<String> {
    let read = |from: u64| -> Option<String> {
        let mut file = std::fs::File::open(log()?).ok()?;
        file.seek(SeekFrom::Start(from)).ok()?;
        let mut text = String::new();
        file.read_to_string(&mut text).ok()?;
        Some(text)
    };
    if let Some(error) = read(length).and_then(|text| error_in(&text, false)) {
        return Some(error);
    }
    let end = log_length();
    client_request(MONITOR_COMMAND, c"v.info last_error".as_ptr() as usize, 1);
    error_in(&read(end)?, true)
}

/// Runs `test` and fails when valgrind's memcheck sees a memory error in it:
/// the emitted `#[test]` of a [`FailureKind::Memory`](crate::FailureKind::Memory)
/// failure wraps its calls in it. Under plain `cargo test`, the test binary
/// runs this test again under valgrind (`valgrind --error-exitcode=101
/// <test binary> <this test> --exact`), where `test` runs and its errors are
/// counted; the test panics with valgrind's account of the first one. Where
/// valgrind is not on `PATH` (or the target is not Linux on x86_64 or
/// aarch64) it panics saying so: a check that cannot run does not pass.
///
/// ```no_run
/// #[test]
/// fn bytes_push_misuses_memory() {
///     drt::memcheck::run(|| {
///         let mut v = vec![1u8, 2, 3];
///         v.push(4);
///     });
/// }
/// ```
#[track_caller]
pub fn run(test: impl FnOnce()) {
    if on_valgrind() {
        let before = client_request(COUNT_ERRORS, 0, 0);
        test();
        let seen = client_request(COUNT_ERRORS, 0, 0) - before;
        assert!(seen == 0, "drt: memcheck saw {seen} memory error(s) in this test: valgrind's account is above");
        return;
    }
    if !SUPPORTED {
        panic!(
            "drt: this test checks memory under valgrind's memcheck, which drt asks only on Linux on x86_64 or aarch64"
        );
    }
    let exe = std::env::current_exe().expect("drt: the test binary can be found");
    // The test on this thread (libtest names it after the test), else what this process was asked to run.
    let args: Vec<String> = match std::thread::current().name() {
        Some(name) if name != "main" => {
            [name, "--exact", "--nocapture", "--test-threads=1"].into_iter().map(String::from).collect()
        }
        _ => std::env::args().skip(1).collect(),
    };
    let out = std::process::Command::new("valgrind")
        .args(FLAGS)
        .arg("--error-exitcode=101")
        .arg(exe)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output();
    let out = match out {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            panic!("drt: this test checks memory under valgrind's memcheck, which is not on PATH: {INSTALL}")
        }
        Err(e) => panic!("drt: cannot run this test under valgrind: {e}"),
    };
    if !out.status.success() {
        let said = String::from_utf8_lossy(&out.stderr);
        let error = error_in(&said, false).unwrap_or_else(|| said.trim().to_string());
        panic!("drt: memcheck: {error}");
    }
}

/// The first (or the `last`) error block of memcheck's text (`==123== Invalid
/// read of size 1`, its frames and the block's story, up to the blank line
/// that ends it), of valgrind's own lines only, told short: what, then each
/// part's first line and its first frame in the user's code (not std's,
/// valgrind's or drt's), without the process prefix and the addresses.
fn error_in(log: &str, last: bool) -> Option<String> {
    let lines: Vec<&str> =
        log.lines().filter(|l| strip_prefix(l).len() < l.len()).map(|l| strip_prefix(l).trim()).collect();
    let blocks: Vec<&[&str]> = lines.split(|l| l.is_empty()).filter(|b| !b.is_empty()).collect();
    let error = |b: &&&[&str]| !b[0].starts_with("at ") && !b[0].starts_with("by ");
    let block = if last { blocks.iter().rev().find(error)? } else { blocks.iter().find(error)? };
    // `Thread 2 name:` heads an error of a thread other than the first.
    let block = match block {
        [thread, rest @ ..] if thread.starts_with("Thread ") && thread.ends_with(':') && !rest.is_empty() => rest,
        block => block,
    };
    let mut out = vec![block[0].to_string()];
    // The parts: the error's own frames, then each `Address ...` / `Block
    // was alloc'd at` and theirs, each part with its first frame of the user's.
    let mut shown = false;
    for line in &block[1..] {
        if !(line.starts_with("at ") || line.starts_with("by ")) {
            out.push(format!("  {}", without_address(line)));
            shown = false;
        } else if !shown && users(line) {
            out.push(format!("{}at {}", if out.len() == 1 { "  " } else { "    " }, strip_address(line)));
            shown = true;
        }
    }
    out.truncate(MOST_LINES);
    Some(out.join("\n"))
}

/// Whether a frame is the user's code: not std's (`library/`), valgrind's
/// (`vg_replace_malloc`, its preloaded library) or drt's.
fn users(frame: &str) -> bool {
    // Paths are full (`--fullpath-after=`): an optimized build names an
    // inlined closure of drt's `{closure#1}`, and only its file tells it.
    !["(library/", "vg_replace", "vgpreload", "drt::", "drt_runtime", "/rustc/", "(in /", "/drt-runtime"]
        .iter()
        .any(|n| frame.contains(n))
}

/// `==123== text` -> `text`.
fn strip_prefix(line: &str) -> &str {
    match line.strip_prefix("==").and_then(|r| r.split_once("== ")) {
        Some((pid, rest)) if pid.bytes().all(|b| b.is_ascii_digit()) => rest,
        _ => line,
    }
}

/// `Address 0x4d8ce80 is 0 bytes inside ...` -> `Address is 0 bytes inside
/// ...`: where the heap put a block changes from run to run, and a report
/// does not.
fn without_address(line: &str) -> String {
    match line.strip_prefix("Address 0x").and_then(|r| r.split_once(' ')) {
        Some((_, rest)) => format!("Address {rest}"),
        None => line.to_string(),
    }
}

/// `at 0x10A2B3: f (a.rs:3)` -> `f (a.rs:3)`.
fn strip_address(line: &str) -> String {
    let frame = line.trim_start_matches("at ").trim_start_matches("by ");
    let frame = frame.strip_prefix("0x").and_then(|r| r.split_once(": ")).map_or(frame, |(_, f)| f);
    // `f (/home/me/grow/src/grow.rs:30)` -> `f (grow.rs:30)`: where the
    // crate is checked out changes from machine to machine.
    match frame.rsplit_once(" (") {
        Some((function, place)) if place.ends_with(')') => {
            // The file's name, and the line and the parenthesis that close it.
            let file = place.rsplit('/').next().unwrap_or(place);
            format!("{function} ({file}")
        }
        _ => frame.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn off_valgrind_a_client_request_answers_its_default() {
        assert!(!super::on_valgrind());
        assert_eq!(super::count(), None);
    }

    #[test]
    fn an_error_of_a_log_is_told_by_the_user_s_frames() {
        let log = "==7== Invalid write of size 2\n\
                   ==7==    at 0x10A2B3: main (main.rs:1)\n\
                   ==7== \n\
                   ==7== Invalid read of size 1\n\
                   ==7==    at 0x11D46C: core::ptr::read_volatile (library/core/src/ptr/mod.rs:2091)\n\
                   ==7==    by 0x10A2A0: {closure#1} (/cargo/registry/drt-runtime-0.1.0/src/oracle.rs:234)\n\
                   ==7==    by 0x10A2B3: grow::Buf::push (/home/me/grow/src/grow.rs:30)\n\
                   ==7==    by 0x10A2C4: main (main.rs:3)\n\
                   ==7==  Address 0x4a8b040 is 0 bytes inside a block of size 4 free'd\n\
                   ==7==    at 0x483CA3F: free (vg_replace_malloc.c:540)\n\
                   ==7==    by 0x10A2D5: grow::Buf::grow (grow.rs:20)\n\
                   ==7==  Block was alloc'd at\n\
                   ==7==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)\n\
                   ==7==    by 0x10A2E6: grow::Buf::new (grow.rs:10)\n\
                   ==7== \n";
        assert_eq!(
            super::error_in(log, true).unwrap(),
            "Invalid read of size 1\n  at grow::Buf::push (grow.rs:30)\n  \
             Address is 0 bytes inside a block of size 4 free'd\n    at grow::Buf::grow (grow.rs:20)\n  \
             Block was alloc'd at\n    at grow::Buf::new (grow.rs:10)"
        );
        // A test's own thread heads its errors; the first is what a test says.
        let threaded = "==8== Thread 2 grow_test:\n==8== Invalid free() / delete / delete[] / realloc()\n\
                        ==8==    at 0x483CA3F: free (vg_replace_malloc.c:540)\n==8==    by 0x10A2E6: grow::Buf::drop (grow.rs:40)\n\
                        ==8== \nthread 'grow_test' panicked\n";
        assert_eq!(
            super::error_in(threaded, false).unwrap(),
            "Invalid free() / delete / delete[] / realloc()\n  at grow::Buf::drop (grow.rs:40)"
        );
    }
}
