//! A scoped, silent panic hook: while a thread explores, panics on that thread
//! are recorded (message and location) instead of printed; every other panic
//! goes to the hook that was installed before, which is put back when the last
//! exploration ends.

use std::cell::{Cell, RefCell};
use std::panic::{self, PanicHookInfo};
use std::path::Path;
use std::sync::{Arc, Mutex};

type Hook = Arc<dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static>;

struct State {
    explorers: usize,
    previous: Option<Hook>,
    /// The hook put back when the last explorer ended (where its box lies,
    /// and what it calls): taken again by the next, it is unwrapped, not
    /// wrapped once more. `drt::fuzz` explores once per fuzzer input, and
    /// each wrapping kept a box and a call more for every later panic.
    restored: Option<(usize, Hook)>,
}

static STATE: Mutex<State> = Mutex::new(State { explorers: 0, previous: None, restored: None });

/// Where a hook's box lies: what tells the hook put back apart.
fn address(hook: &(dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static)) -> usize {
    std::ptr::from_ref(hook).cast::<()>() as usize
}

thread_local! {
    static SILENT: Cell<bool> = const { Cell::new(false) };
    static LAST: RefCell<Option<Caught>> = const { RefCell::new(None) };
    /// Whether the hook captures a backtrace (see [`user_frame`]).
    static TRACE: Cell<bool> = const { Cell::new(false) };
    static LAST_TRACE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Who is told of each panic the hook records, in a child process: a panic
/// that aborts the process (in a destructor while unwinding, across a
/// function that cannot unwind) is never caught, and its supervisor learns
/// where it was from what it was told (`isolate::shared`).
static TOLD: std::sync::OnceLock<Tell> = std::sync::OnceLock::new();

/// See [`TOLD`].
type Tell = Box<dyn Fn(&Caught) + Send + Sync>;

/// Has `tell` told of every panic recorded from now on (once a process).
pub(crate) fn tell_panics(tell: Tell) {
    let _ = TOLD.set(tell);
}

/// A panic seen by the hook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Caught {
    pub message: String,
    pub location: Option<String>,
}

/// The text of a panic payload: `&str`, `String`, else a placeholder.
pub(crate) fn payload_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "<unknown panic value>".to_string()
    }
}

fn lock() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|e| e.into_inner())
}

/// While alive, panics on this thread are silent and recorded.
pub(crate) struct SilentPanics(());

impl SilentPanics {
    pub fn install() -> SilentPanics {
        let mut state = lock();
        if state.explorers == 0 {
            let current = panic::take_hook();
            let previous: Hook = match state.restored.take() {
                // The hook the last explorer put back: what it calls.
                Some((at, hook)) if at == address(&*current) => hook,
                _ => Arc::from(current),
            };
            state.previous = Some(previous.clone());
            panic::set_hook(Box::new(move |info| {
                if SILENT.with(Cell::get) {
                    let caught = Caught {
                        message: payload_text(info.payload()),
                        location: info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column())),
                    };
                    if let Some(tell) = TOLD.get() {
                        tell(&caught);
                    }
                    LAST.with(|l| *l.borrow_mut() = Some(caught));
                    if TRACE.with(Cell::get) {
                        let trace = std::backtrace::Backtrace::force_capture().to_string();
                        LAST_TRACE.with(|t| *t.borrow_mut() = Some(trace));
                    }
                } else {
                    previous(info);
                }
            }));
        }
        state.explorers += 1;
        SILENT.with(|s| s.set(true));
        SilentPanics(())
    }

    /// The last panic recorded on this thread, taken.
    pub fn take_last() -> Option<Caught> {
        LAST.with(|l| l.borrow_mut().take())
    }
}

/// Where in the user's code the last panic of `run` happened: the innermost
/// frame outside std, registry crates and drt, from a backtrace. For a panic
/// std reports inside itself (`.sum()` overflowing, `step_by(0)`), which is
/// not a line the user can look at. Needs the silent hook installed.
pub(crate) fn user_frame(run: impl FnOnce()) -> Option<String> {
    TRACE.with(|t| t.set(true));
    run();
    TRACE.with(|t| t.set(false));
    let trace = LAST_TRACE.with(|t| t.borrow_mut().take())?;
    first_user_frame(&trace, &std::env::current_dir().unwrap_or_default())
}

/// Whether a panic location is in code the user did not write: std's
/// sources (`/rustc/<hash>/library/..`, or a toolchain's `rust-src`) or a
/// crate cargo downloaded (`<cargo home>/registry/src/..`,
/// `<cargo home>/git/checkouts/..`), wherever the cargo home is
/// (`~/.cargo`, `/usr/local/cargo` in the official Docker images).
pub(crate) fn is_foreign(path: &str) -> bool {
    let path = path.replace('\\', "/");
    path.starts_with("/rustc/")
        || ["/registry/src/", "/git/checkouts/", "/lib/rustlib/src/rust/"].iter().any(|p| path.contains(p))
}

/// Whether a backtrace frame's file is one of drt's own sources, wherever
/// drt was built from (this checkout, a path dependency, the registry).
/// Backtraces print a file under the current directory (`cwd`) as `./..`.
fn is_drt(path: &str, cwd: &Path) -> bool {
    let own = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    match path.strip_prefix("./") {
        Some(relative) => cwd.join(relative).starts_with(&own),
        None => Path::new(path).starts_with(&own),
    }
}

/// The file of a frame's `file:line:column`.
fn frame_file(at: &str) -> &str {
    at.rsplitn(3, ':').last().unwrap_or(at)
}

/// The innermost frame of `trace` in the user's code, for a process whose
/// current directory is `cwd`.
fn first_user_frame(trace: &str, cwd: &Path) -> Option<String> {
    trace
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("at "))
        .find(|at| !is_foreign(at) && !is_drt(frame_file(at), cwd))
        .map(|at| at.trim_start_matches("./").to_string())
}

impl Drop for SilentPanics {
    fn drop(&mut self) {
        SILENT.with(|s| s.set(false));
        let mut state = lock();
        state.explorers -= 1;
        // The hook cannot be changed while this thread unwinds (std panics,
        // and a panic in a destructor aborts): ours stays, forwarding every
        // panic outside an exploration to the previous one.
        if state.explorers == 0 && !std::thread::panicking() {
            if let Some(previous) = state.previous.take() {
                // Our hook is dropped here; the user's goes back in place.
                drop(panic::take_hook());
                let calls = Arc::clone(&previous);
                let restored: Box<dyn Fn(&PanicHookInfo<'_>) + Sync + Send> = Box::new(move |info| calls(info));
                state.restored = Some((address(&*restored), previous));
                panic::set_hook(restored);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panics_are_recorded_not_printed() {
        let guard = SilentPanics::install();
        let r = panic::catch_unwind(|| panic!("boom {}", 7));
        assert!(r.is_err());
        let caught = SilentPanics::take_last().expect("recorded");
        assert_eq!(caught.message, "boom 7");
        assert!(caught.location.unwrap().contains("hook.rs"));
        drop(guard);
        assert!(SilentPanics::take_last().is_none());
    }

    /// `drt::fuzz` installs and drops the hook once per input: the hook put
    /// back is taken again as it was, not wrapped in one more closure each
    /// time (a million inputs held a million boxes, and a panic went
    /// through a million calls).
    #[test]
    fn the_hook_put_back_is_not_wrapped_again() {
        let restored = || lock().restored.as_ref().map(|(_, hook)| Arc::clone(hook));
        drop(SilentPanics::install());
        let first = restored();
        for _ in 0..100 {
            drop(SilentPanics::install());
        }
        // (Another test exploring meanwhile keeps the hook installed: nothing put back.)
        if let (Some(first), Some(last)) = (first, restored()) {
            assert!(Arc::ptr_eq(&first, &last), "the hook was wrapped again");
        }
    }

    #[test]
    fn the_user_frame_is_the_innermost_outside_std_and_drt() {
        let trace = "   0: std::backtrace::Backtrace::force_capture
             at /rustc/abc/library/std/src/backtrace.rs:331:13
   1: drt::hook::SilentPanics::install::{{closure}}
             at ./drt-runtime/src/hook.rs:61:37
   2: core::iter::traits::accum::<impl core::iter::traits::accum::Sum for u8>::sum
             at /rustc/abc/library/core/src/iter/traits/accum.rs:149:1
   3: itertools::foo
             at /root/.cargo/registry/src/index.crates.io-x/itertools-0.1/src/lib.rs:3:5
   4: series::Series::total
             at ./src/lib.rs:40:9
   5: series::_::__drt_register::{{closure}}
             at ./src/lib.rs:10:1";
        // Run from the workspace root, where drt's sources are `./drt-runtime/src`.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        assert_eq!(first_user_frame(trace, root).as_deref(), Some("src/lib.rs:40:9"));
        assert_eq!(first_user_frame("   0: f\n             at /rustc/abc/x.rs:1:1", root), None);
    }

    #[test]
    fn frames_are_told_apart_wherever_cargo_keeps_its_crates() {
        // The official Docker images: CARGO_HOME=/usr/local/cargo, and drt from the registry.
        let trace = "   0: drt::execute::call
             at /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/drt-runtime-0.1.0/src/execute.rs:5:1
   1: serde::de::x
             at /usr/local/cargo/git/checkouts/serde-1a2b/3c4d/serde/src/de.rs:9:9
   2: core::panicking::panic
             at /home/me/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/lib/rustlib/src/rust/library/core/src/panicking.rs:1:1
   3: app::Cart::total
             at ./src/cart.rs:12:5";
        let app = Path::new("/home/me/app");
        assert_eq!(first_user_frame(trace, app).as_deref(), Some("src/cart.rs:12:5"));
        assert!(is_foreign("/usr/local/cargo/registry/src/index.crates.io-x/itertools-0.1/src/lib.rs"));
        assert!(is_foreign("C:\\Users\\me\\.cargo\\registry\\src\\index.crates.io-x\\a-1.0\\src\\lib.rs"));
        assert!(!is_foreign("src/cart.rs") && !is_foreign("crates/cart/src/lib.rs"));
        // drt's own sources, as this build sees them, absolute or from the current directory.
        let own = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(is_drt(&own.join("src/execute.rs").display().to_string(), app));
        assert!(is_drt("./src/hook.rs", own));
        assert!(is_drt("./drt-runtime/src/hook.rs", own.parent().unwrap()));
        assert!(!is_drt("./src/cart.rs", app));
        // A frame's `:line:column` is cut from the end: a Windows path has a colon of its own.
        assert_eq!(frame_file("src/cart.rs:12:5"), "src/cart.rs");
        assert_eq!(frame_file("C:\\app\\src\\cart.rs:12:5"), "C:\\app\\src\\cart.rs");
    }

    #[test]
    fn payload_text_handles_all_payloads() {
        assert_eq!(payload_text(&"a"), "a");
        assert_eq!(payload_text(&String::from("b")), "b");
        assert_eq!(payload_text(&42u8), "<unknown panic value>");
    }
}
