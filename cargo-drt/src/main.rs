//! `cargo drt`: runs a cargo command (`cargo drt test`, `cargo drt bench`)
//! with the crate under test built for drt's code-coverage feedback.
//!
//! It sets itself as cargo's `RUSTC_WRAPPER` and builds into a target
//! directory of its own (`target/drt`, so a normal build is not rebuilt).
//! For each crate rustc compiles, the wrapper decides:
//! - the crates under test (the packages cargo was asked to build, or
//!   those `DRT_COVERAGE_CRATES` names) get SanitizerCoverage's edge
//!   counters and comparison tracing, which stable rustc accepts through
//!   `-C passes=sancov-module` and `-C llvm-args`;
//! - drt-runtime gets `--cfg drt_coverage`, which compiles in the reader of
//!   the counters;
//! - every program linked (tests, binaries, benches) gets the receiver of
//!   the instrumentation's callbacks, an object file built once per target
//!   from `receiver.rs`, so a program of the crate under test links
//!   whether or not it uses drt.
//!
//! Nothing else is instrumented: not drt, not the dependencies, so the
//! search's feedback is about the code under test alone. A build for
//! libFuzzer (`cargo fuzz`), which brings its own callbacks, does not go
//! through here and is unaffected.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

mod fuzz;

/// Set by the launcher for the wrapper: the directory of drt's build.
const DIR_VAR: &str = "__DRT_COVERAGE_DIR";
/// A `RUSTC_WRAPPER` the user had set (sccache), which the wrapper calls.
const INNER_VAR: &str = "__DRT_INNER_WRAPPER";
/// Which packages to instrument, instead of the ones cargo was asked to build.
const CRATES_VAR: &str = "DRT_COVERAGE_CRATES";

/// Packages that are drt itself, never instrumented.
const DRT_PACKAGES: &[&str] = &["drt-runtime", "drt-macros", "cargo-drt"];

/// SanitizerCoverage: an 8-bit counter per edge, calls on comparisons, and
/// the table of program counters that tells which functions no sequence
/// entered.
const SANCOV_FLAGS: &[&str] = &[
    "-Cpasses=sancov-module",
    "-Cllvm-args=-sanitizer-coverage-level=3",
    "-Cllvm-args=-sanitizer-coverage-inline-8bit-counters",
    "-Cllvm-args=-sanitizer-coverage-trace-compares",
    "-Cllvm-args=-sanitizer-coverage-pc-table",
];

const USAGE: &str = "\
cargo drt: runs a cargo command with the crate under test built for drt's coverage feedback

usage: cargo drt <command> [args...]     e.g. cargo drt test, cargo drt test -p my-crate --test explore
       cargo drt fuzz <Type> [...]          fuzz a type with libFuzzer (cargo drt fuzz --help)
       cargo drt --version

The packages cargo builds (the current one, or those named with -p) are instrumented;
set DRT_COVERAGE_CRATES=a,b to choose others. Builds go to target/drt.";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let result = match (std::env::var(fuzz::FUZZ_CRATES_VAR), std::env::var_os(DIR_VAR)) {
        (Ok(crates), _) => wrap(Mode::Fuzz(&crates), &args),
        (_, Some(dir)) => wrap(Mode::Coverage(Path::new(&dir)), &args),
        _ => launch(&args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("cargo drt: {e}");
            ExitCode::from(2)
        }
    }
}

/// `cargo drt <command> [args]` (cargo passes `drt` first): runs
/// `cargo <command> [args]` with this program as rustc's wrapper.
fn launch(args: &[OsString]) -> Result<ExitCode, String> {
    let args = match args.first() {
        Some(first) if first == "drt" => &args[1..],
        _ => args,
    };
    if args.first().is_some_and(|a| a == "--version" || a == "-V") {
        println!("cargo-drt {}", env!("CARGO_PKG_VERSION"));
        return Ok(ExitCode::SUCCESS);
    }
    if args.is_empty() || args[0] == "--help" || args[0] == "-h" {
        println!("{USAGE}");
        return Ok(if args.is_empty() { ExitCode::from(2) } else { ExitCode::SUCCESS });
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let me = std::env::current_exe().map_err(|e| format!("cannot find its own program: {e}"))?;
    if args[0] == "fuzz" {
        if args.get(1).is_some_and(|a| a == "--help" || a == "-h") {
            println!("{}", fuzz::USAGE);
            return Ok(ExitCode::SUCCESS);
        }
        return fuzz::run(&cargo, &me, &args[1..]);
    }
    let metadata = metadata(&cargo, args)?;
    let target = target_of(&metadata)?.join(build_dir(std::env::var(CRATES_VAR).ok().as_deref()));
    let mut command = Command::new(&cargo);
    command.args(args).env("CARGO_TARGET_DIR", &target).env(DIR_VAR, &target);
    wrapped_by(&mut command, &me);
    // Doctests are linked by rustdoc, which the wrapper does not see.
    let mut doc_flags = std::env::var("RUSTDOCFLAGS").unwrap_or_default();
    let receiver = receiver(&rustc(), &target, None)?;
    doc_flags.push_str(&format!(" -Clink-arg={}", receiver.display()));
    command.env("RUSTDOCFLAGS", doc_flags.trim());
    // The explorations use the counters (and say so when there are none).
    if std::env::var_os("DRT_COVERAGE").is_none() {
        command.env("DRT_COVERAGE", "on");
    }
    let status = command.status().map_err(|e| format!("cannot run {}: {e}", cargo.to_string_lossy()))?;
    let skipped = if args[0] == "test" {
        needing_drt(&metadata, args, &std::env::current_dir().unwrap_or_default())
    } else {
        Vec::new()
    };
    if !skipped.is_empty() {
        // Cargo skips a target whose required features are off without a
        // word: with the README's setup, `cargo drt test` alone tests nothing.
        eprintln!(
            "cargo drt: note: cargo skipped the tests that need the `drt` feature ({}): run `cargo drt test --features drt`",
            skipped.join(", ")
        );
    }
    Ok(exit_code(status))
}

/// The test targets `cargo test <args>` skips because they need a `drt`
/// feature (`required-features`, as the README's setup for `tests/` has
/// it) that the command line leaves off: `explore (of my-crate)`. `here` is
/// the directory cargo runs in, whose package it tests when none is named.
fn needing_drt(metadata: &serde_json::Value, args: &[OsString], here: &Path) -> Vec<String> {
    // What follows `--` is the test programs'.
    let args: Vec<&str> = args.iter().filter_map(|a| a.to_str()).take_while(|a| *a != "--").collect();
    // An option's value: `--long v`, `--long=v`, `-s v` or `-sv`.
    let value = |i: usize, long: &str, short: &str| match args[i] {
        a if a == long || a == short => args.get(i + 1).copied(),
        a => a.strip_prefix(long).and_then(|v| v.strip_prefix('=')).or(a.strip_prefix(short).filter(|v| !v.is_empty())),
    };
    let features = (0..args.len()).filter_map(|i| value(i, "--features", "-F"));
    if args.contains(&"--all-features") || features.flat_map(|f| f.split([',', ' '])).any(|f| f == "drt") {
        return Vec::new();
    }
    let named: Vec<&str> = (0..args.len()).filter_map(|i| value(i, "--package", "-p")).collect();
    let all = args.contains(&"--workspace") || args.contains(&"--all");
    let defaults_off = args.contains(&"--no-default-features");
    let mut skipped = Vec::new();
    for p in metadata["packages"].as_array().into_iter().flatten() {
        let name = p["name"].as_str().unwrap_or_default();
        let dir = Path::new(p["manifest_path"].as_str().unwrap_or_default()).parent();
        let tested = all || named.contains(&name) || (named.is_empty() && dir == Some(here));
        let by_default =
            !defaults_off && p["features"]["default"].as_array().is_some_and(|d| d.contains(&"drt".into()));
        if !tested || p["features"].get("drt").is_none() || by_default {
            continue;
        }
        for t in p["targets"].as_array().into_iter().flatten() {
            let needs = t["required-features"].as_array().is_some_and(|f| f.contains(&"drt".into()));
            if needs && t["kind"].as_array().is_some_and(|k| k.contains(&"test".into())) {
                skipped.push(format!("{} (of {name})", t["name"].as_str().unwrap_or_default()));
            }
        }
    }
    skipped
}

/// Where `cargo drt` builds, under the target directory: `drt`, or for a
/// choice of crates to instrument (`DRT_COVERAGE_CRATES`) a directory of
/// that choice's own, `drt-a+b`: cargo rebuilds nothing when only an
/// environment variable its wrapper reads changes, so one directory for
/// every choice would keep the instrumentation of the first.
fn build_dir(crates: Option<&str>) -> String {
    let mut names: Vec<&str> = crates.unwrap_or_default().split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() {
        return "drt".into();
    }
    let safe = |n: &str| {
        n.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect::<String>()
    };
    format!("drt-{}", names.iter().map(|n| safe(n)).collect::<Vec<_>>().join("+"))
}

/// The workspace's target directory, from `cargo metadata` (it honours
/// `CARGO_TARGET_DIR` and `build.target-dir`).
fn target_dir(cargo: &OsString, args: &[OsString]) -> Result<PathBuf, String> {
    target_of(&metadata(cargo, args)?)
}

/// The target directory `cargo metadata` names.
fn target_of(metadata: &serde_json::Value) -> Result<PathBuf, String> {
    metadata["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| "cargo metadata did not say where the target directory is".to_string())
}

/// The workspace's packages, as `cargo metadata` (without dependencies)
/// describes them for the manifest `args` name, if they name one.
fn metadata(cargo: &OsString, args: &[OsString]) -> Result<serde_json::Value, String> {
    let mut command = Command::new(cargo);
    command.args(["metadata", "--no-deps", "--format-version", "1"]);
    if let Some(at) = args.iter().position(|a| a == "--manifest-path") {
        command.args(&args[at..(at + 2).min(args.len())]);
    } else if let Some(path) = args.iter().find_map(|a| a.to_str()?.strip_prefix("--manifest-path=")) {
        command.arg(format!("--manifest-path={path}"));
    }
    let out = command.output().map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo metadata failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata printed no JSON: {e}"))
}

fn rustc() -> OsString {
    std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into())
}

/// What the wrapper builds for.
enum Mode<'a> {
    /// drt's coverage feedback, the build in this directory.
    Coverage(&'a Path),
    /// libFuzzer, these crates instrumented (comma-separated).
    Fuzz(&'a str),
}

/// Has the cargo `command` build with `me` as rustc's wrapper, which calls
/// the wrapper the user had set (sccache), if any.
fn wrapped_by(command: &mut Command, me: &Path) {
    command.env("RUSTC_WRAPPER", me);
    if let Some(inner) = std::env::var_os("RUSTC_WRAPPER").filter(|w| !w.is_empty() && Path::new(w) != me) {
        command.env(INNER_VAR, inner);
    }
}

/// As cargo's `RUSTC_WRAPPER`: `args` are rustc's path and its arguments.
fn wrap(mode: Mode<'_>, args: &[OsString]) -> Result<ExitCode, String> {
    let (rustc, rest) = args.split_first().ok_or("the wrapper was called without rustc")?;
    let text: Vec<String> = rest.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let package = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
    let primary = std::env::var_os("CARGO_PRIMARY_PACKAGE").is_some();
    let chosen = std::env::var(CRATES_VAR).ok();
    let mut extra: Vec<String> = Vec::new();
    let unit = Unit::of(&text);
    let dir = match mode {
        Mode::Coverage(dir) => dir,
        Mode::Fuzz(crates) => {
            // libFuzzer brings its own callbacks: no receiver, no reader.
            let chosen = unit.as_ref().filter(|u| u.instrumented(&package, false, Some(crates)));
            extra.extend(chosen.into_iter().flat_map(|_| fuzz::LIBFUZZER_FLAGS.iter().map(|f| f.to_string())));
            return run_rustc(rustc, rest, &extra);
        }
    };
    if let Some(unit) = &unit {
        if package == "drt-runtime" {
            extra.push("--cfg=drt_coverage".into());
        } else if unit.instrumented(&package, primary, chosen.as_deref()) {
            extra.extend(SANCOV_FLAGS.iter().map(|f| f.to_string()));
            list_instrumented(dir, &unit.name)?;
        }
        if unit.links {
            let receiver = receiver(rustc, dir, unit.target.as_deref())?;
            extra.push(format!("-Clink-arg={}", receiver.display()));
        }
    }
    run_rustc(rustc, rest, &extra)
}

/// Runs `rustc` (through the wrapper the user had set, if any) on its
/// arguments `rest` and the `extra` ones.
fn run_rustc(rustc: &OsString, rest: &[OsString], extra: &[String]) -> Result<ExitCode, String> {
    let mut command = match std::env::var_os(INNER_VAR) {
        Some(inner) => {
            let mut c = Command::new(inner);
            c.arg(rustc);
            c
        }
        None => Command::new(rustc),
    };
    let status =
        command.args(rest).args(extra).status().map_err(|e| format!("cannot run {}: {e}", rustc.to_string_lossy()))?;
    Ok(exit_code(status))
}

/// Lists crate `name` as instrumented in the build in `dir`: an empty
/// file `instrumented/<name>`, which drt's report reads (through the
/// environment cargo passes its tests) to tell the code under test's
/// functions from the library code compiled into it.
fn list_instrumented(dir: &Path, name: &str) -> Result<(), String> {
    let listed = dir.join("instrumented");
    std::fs::create_dir_all(&listed).map_err(|e| format!("cannot create {}: {e}", listed.display()))?;
    std::fs::write(listed.join(name), "").map_err(|e| format!("cannot write in {}: {e}", listed.display()))
}

/// A child's exit status as this program's (1 when a signal ended it).
fn exit_code(status: std::process::ExitStatus) -> ExitCode {
    ExitCode::from(status.code().unwrap_or(1).clamp(0, 255) as u8)
}

/// What the wrapper needs to know of one rustc invocation that compiles a
/// crate (cargo also calls rustc to ask it things: those are passed on).
#[derive(Debug, PartialEq)]
struct Unit {
    name: String,
    /// A build script, or a procedural macro: code that runs in the build.
    build_time: bool,
    /// Whether the crate is linked into a program (a binary, a test).
    links: bool,
    target: Option<String>,
}

impl Unit {
    fn of(args: &[String]) -> Option<Unit> {
        let value = |flag: &str| -> Vec<&str> {
            let mut out = Vec::new();
            for (i, a) in args.iter().enumerate() {
                if a == flag {
                    out.extend(args.get(i + 1).map(String::as_str));
                } else if let Some(v) = a.strip_prefix(flag).and_then(|v| v.strip_prefix('=')) {
                    out.push(v);
                }
            }
            out
        };
        let name = value("--crate-name").first()?.to_string();
        if name == "___" {
            return None;
        }
        let types: Vec<&str> = value("--crate-type").iter().flat_map(|t| t.split(',')).collect();
        let test = args.iter().any(|a| a == "--test");
        let build_time = name.starts_with("build_script_") || types.contains(&"proc-macro");
        // Without `--crate-type`, rustc builds a binary (a bench or test
        // target with `harness = false`).
        let program = types.is_empty() || types.iter().any(|t| matches!(*t, "bin" | "cdylib" | "dylib"));
        let links = !build_time && (test || program);
        Some(Unit { name, build_time, links, target: value("--target").first().map(|t| t.to_string()) })
    }

    /// Whether this crate of `package` is under test: named in
    /// `DRT_COVERAGE_CRATES` (by package or crate name), else one of the
    /// packages cargo was asked for. Never drt's own, nor code that runs
    /// at build time.
    fn instrumented(&self, package: &str, primary: bool, chosen: Option<&str>) -> bool {
        if self.build_time || DRT_PACKAGES.contains(&package) {
            return false;
        }
        match chosen.filter(|c| !c.trim().is_empty()) {
            Some(list) => list.split(',').map(str::trim).any(|c| c == package || c.replace('-', "_") == self.name),
            None => primary,
        }
    }
}

/// The receiver's object file for `target` (the host when `None`), built
/// with `rustc` the first time it is needed. Several rustc processes may
/// ask at once: each builds into a file of its own and renames it in place.
fn receiver(rustc: &OsString, dir: &Path, target: Option<&str>) -> Result<PathBuf, String> {
    const SOURCE: &str = include_str!("receiver.rs");
    let hash = SOURCE.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    let dir = dir.join("coverage-receiver");
    let object = dir.join(format!("receiver-{}-{hash:016x}.o", target.unwrap_or("host")));
    if object.exists() {
        return Ok(object);
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let source = dir.join(format!("receiver-{hash:016x}.rs"));
    let unique = dir.join(format!("receiver-{}.{}.o", std::process::id(), target.unwrap_or("host")));
    std::fs::write(&source, SOURCE).map_err(|e| format!("cannot write {}: {e}", source.display()))?;
    let mut command = Command::new(rustc);
    command.args(["--edition=2021", "--crate-type=lib", "--crate-name=drt_coverage_receiver"]);
    command.args(["-Cpanic=abort", "-Copt-level=2", "-Ccodegen-units=1"]);
    command.arg(format!("--emit=obj={}", unique.display())).arg(&source);
    if let Some(target) = target {
        command.arg(format!("--target={target}"));
    }
    let out = command.output().map_err(|e| format!("cannot run rustc: {e}"))?;
    if !out.status.success() {
        return Err(format!("rustc could not build the coverage receiver:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    std::fs::rename(&unique, &object).map_err(|e| format!("cannot write {}: {e}", object.display()))?;
    Ok(object)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(args: &str) -> Option<Unit> {
        Unit::of(&args.split(' ').map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn tests_needing_a_drt_feature_left_off_are_named() {
        let metadata = serde_json::json!({"packages": [
            {"name": "trial", "manifest_path": "/w/trial/Cargo.toml", "features": {"drt": ["dep:drt"]}, "targets": [
                {"name": "trial", "kind": ["lib"], "required-features": []},
                {"name": "explore", "kind": ["test"], "required-features": ["drt"]},
                {"name": "demo", "kind": ["example"], "required-features": ["drt"]},
            ]},
            {"name": "on", "manifest_path": "/w/on/Cargo.toml", "features": {"default": ["drt"], "drt": []}, "targets": [
                {"name": "explore", "kind": ["test"], "required-features": ["drt"]},
            ]},
        ]});
        let skipped = |args: &str, here: &str| {
            let args: Vec<OsString> = args.split(' ').filter(|a| !a.is_empty()).map(OsString::from).collect();
            needing_drt(&metadata, &args, Path::new(here))
        };
        assert_eq!(skipped("test", "/w/trial"), ["explore (of trial)"]);
        assert_eq!(skipped("test -p trial --test explore", "/w"), ["explore (of trial)"]);
        assert_eq!(skipped("test --workspace --no-default-features", "/w"), ["explore (of trial)", "explore (of on)"]);
        for on in ["--features drt", "--features=json,drt", "-F drt", "-Fdrt", "--all-features"] {
            assert_eq!(skipped(&format!("test {on}"), "/w/trial"), Vec::<String>::new(), "{on}");
        }
        assert_eq!(skipped("test --features drt-extra", "/w/trial"), ["explore (of trial)"]);
        assert_eq!(skipped("test -ptrial -- --features drt", "/w"), ["explore (of trial)"], "the tests' arguments");
        assert_eq!(skipped("test", "/w/on"), Vec::<String>::new(), "on by default");
        assert_eq!(skipped("test", "/w"), Vec::<String>::new(), "no package here");
    }

    #[test]
    fn each_choice_of_crates_builds_in_a_directory_of_its_own() {
        assert_eq!(build_dir(None), "drt");
        assert_eq!(build_dir(Some(" , ")), "drt");
        assert_eq!(build_dir(Some("slotmap")), "drt-slotmap");
        assert_eq!(build_dir(Some("crates, indexmap,crates")), "drt-crates+indexmap");
        assert_eq!(build_dir(Some("a/b")), "drt-a_b");
    }

    #[test]
    fn questions_to_rustc_are_not_units() {
        assert_eq!(unit("-vV"), None);
        assert_eq!(unit("- --crate-name ___ --print=file-names --crate-type bin"), None);
    }

    #[test]
    fn programs_link_the_receiver_and_build_time_code_is_left_alone() {
        let lib = unit("--crate-name mylib --edition=2021 src/lib.rs --crate-type lib").unwrap();
        assert!(!lib.links && !lib.build_time);
        assert!(unit("--crate-name mylib src/lib.rs --test").unwrap().links);
        assert!(unit("--crate-name=tool --crate-type=bin src/main.rs").unwrap().links);
        assert!(unit("--crate-name deep --edition=2021 benches/deep.rs --emit=dep-info,link").unwrap().links);
        let script = unit("--crate-name build_script_build build.rs --crate-type bin").unwrap();
        assert!(script.build_time && !script.links);
        let mac = unit("--crate-name m --crate-type proc-macro src/lib.rs").unwrap();
        assert!(mac.build_time && !mac.links);
        let cross = unit("--crate-name a --crate-type lib --target aarch64-unknown-linux-gnu").unwrap();
        assert_eq!(cross.target.as_deref(), Some("aarch64-unknown-linux-gnu"));
    }

    #[test]
    fn the_packages_asked_for_are_instrumented_unless_others_are_chosen() {
        let lib = unit("--crate-name my_lib --crate-type lib").unwrap();
        assert!(lib.instrumented("my-lib", true, None));
        assert!(!lib.instrumented("my-lib", false, None));
        assert!(!unit("--crate-name drt --crate-type lib").unwrap().instrumented("drt-runtime", true, None));
        assert!(lib.instrumented("my-lib", false, Some("other, my-lib")));
        assert!(lib.instrumented("my-lib", false, Some("my_lib")));
        assert!(!lib.instrumented("my-lib", true, Some("other")));
        let script = unit("--crate-name build_script_build --crate-type bin").unwrap();
        assert!(!script.instrumented("my-lib", true, None));
    }
}
