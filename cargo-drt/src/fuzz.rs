//! `cargo drt fuzz <Type>`: fuzzes a type of the current package with
//! libFuzzer through `drt::fuzz`, on stable Rust, in cargo-fuzz's layout.
//!
//! - The first time, it writes a fuzz crate in `fuzz/` (cargo-fuzz's
//!   layout, so `cargo fuzz` works on it too): a target per type,
//!   `fuzz/fuzz_targets/<type>.rs`, one line calling `drt::fuzz`.
//! - It builds the target with the wrapper in its fuzzing mode: the
//!   package under test (and the crates `DRT_COVERAGE_CRATES` names) gets
//!   libFuzzer's instrumentation, as cargo-fuzz gives it without a
//!   sanitizer (`--sanitizer none`, which needs no nightly); drt, the fuzz
//!   crate's glue and the other dependencies get none, so libFuzzer's
//!   feedback is about the code under test alone.
//! - It runs it on `fuzz/corpus/<type>`, crashes going to
//!   `fuzz/artifacts/<type>/`, where cargo-fuzz puts them.
//! - `cargo drt fuzz <Type> <crash file>` runs one input again: the panic
//!   prints the minimized `#[test]`, and the failing sequence is saved in
//!   the package's `drt-regressions/`, where the exploration of the type
//!   replays it first (`cargo test`).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::SystemTime;

/// Set for the wrapper in a fuzzing build: the crates to instrument for
/// libFuzzer, comma-separated.
pub const FUZZ_CRATES_VAR: &str = "__DRT_FUZZ_CRATES";
/// Set for a fuzz target replaying one input: the package directory whose
/// `drt-regressions/` keeps its failure (read by `drt::fuzz`).
const SAVE_VAR: &str = "__DRT_FUZZ_SAVE_IN";

/// libFuzzer's instrumentation as cargo-fuzz passes it, without a
/// sanitizer: stable rustc takes these.
pub const LIBFUZZER_FLAGS: &[&str] = &[
    "-Cpasses=sancov-module",
    "-Cllvm-args=-sanitizer-coverage-level=4",
    "-Cllvm-args=-sanitizer-coverage-inline-8bit-counters",
    "-Cllvm-args=-sanitizer-coverage-pc-table",
    "-Cllvm-args=-sanitizer-coverage-trace-compares",
    "--cfg=fuzzing",
];

pub const USAGE: &str = "\
usage: cargo drt fuzz <Type> [-p <package>] [-- <libFuzzer arguments>]    fuzz a type of the package
       cargo drt fuzz <Type> [-p <package>] <crash file>                  replay an input: print its test, save it

<Type> is a path in the package (my_crate::stack::Stack, or stack::Stack); its #[drt::operations]
must be compiled outside tests: with drt an optional dependency and a `drt` feature, as the README's
setup for tests/ has it (`#[cfg_attr(feature = \"drt\", drt::operations)]`). The fuzz crate is
written to fuzz/ the first time; crashes go to fuzz/artifacts/<type>/.";

/// What `cargo drt fuzz` was asked.
#[derive(Debug, PartialEq)]
struct Request {
    ty: String,
    package: Option<String>,
    /// An input to replay, when given.
    input: Option<PathBuf>,
    /// libFuzzer's own arguments (after `--`).
    libfuzzer: Vec<OsString>,
}

impl Request {
    fn parse(args: &[OsString]) -> Result<Request, String> {
        let mut request = Request { ty: String::new(), package: None, input: None, libfuzzer: Vec::new() };
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            let text = arg.to_str().ok_or("an argument is not UTF-8")?;
            match text {
                "--" => {
                    request.libfuzzer = rest.cloned().collect();
                    break;
                }
                "-p" | "--package" => {
                    request.package = Some(rest.next().and_then(|p| p.to_str()).ok_or("-p needs a package")?.into())
                }
                _ if text.starts_with("--package=") => request.package = Some(text["--package=".len()..].into()),
                _ if text.starts_with('-') => return Err(format!("unknown option {text}\n\n{USAGE}")),
                _ if request.ty.is_empty() => request.ty = text.to_string(),
                _ if request.input.is_none() => request.input = Some(PathBuf::from(text)),
                _ => return Err(format!("one type and one input at most: {text}\n\n{USAGE}")),
            }
        }
        if request.ty.is_empty() {
            return Err(USAGE.to_string());
        }
        Ok(request)
    }
}

/// The package under test, as `cargo metadata` describes it.
struct Package {
    name: String,
    dir: PathBuf,
    /// Whether it has a `drt` feature (the setup for a build outside tests).
    drt_feature: bool,
    /// Where its drt comes from, as a dependency line's value.
    drt_source: String,
}

pub fn run(cargo: &OsString, me: &Path, args: &[OsString]) -> Result<ExitCode, String> {
    let request = Request::parse(args)?;
    let package = package(cargo, request.package.as_deref())?;
    let crate_name = package.name.replace('-', "_");
    let ty = if request.ty.starts_with(&format!("{crate_name}::")) {
        request.ty.clone()
    } else {
        format!("{crate_name}::{}", request.ty.trim_start_matches("crate::"))
    };
    let target = target_name(&ty);
    let fuzz = package.dir.join("fuzz");
    write_fuzz_crate(&fuzz, &package, &ty, &target)?;
    // Build: the package under test instrumented for libFuzzer, nothing else.
    let mut crates = vec![crate_name];
    crates.extend(
        std::env::var(super::CRATES_VAR)
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(String::from),
    );
    let manifest = fuzz.join("Cargo.toml");
    let mut build = Command::new(cargo);
    build.args(["build", "--release", "--bin", &target, "--manifest-path"]).arg(&manifest);
    build.env(FUZZ_CRATES_VAR, crates.join(",")).env_remove(super::DIR_VAR);
    super::wrapped_by(&mut build, me);
    let status = build.status().map_err(|e| format!("cannot run cargo build: {e}"))?;
    if !status.success() {
        return Err(format!("the fuzz target {target} did not build ({})", manifest.display()));
    }
    let program = fuzz_target_dir(cargo, &manifest)?.join("release").join(&target);
    let mut command = Command::new(&program);
    let artifacts = fuzz.join("artifacts").join(&target);
    match &request.input {
        Some(input) => {
            command.arg(input).env(SAVE_VAR, &package.dir);
        }
        None => {
            let corpus = fuzz.join("corpus").join(&target);
            for dir in [&corpus, &artifacts] {
                std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            let mut artifact_arg = OsString::from("-artifact_prefix=");
            artifact_arg.push(&artifacts);
            artifact_arg.push("/");
            command.arg(&corpus).arg(artifact_arg).args(&request.libfuzzer);
        }
    }
    let before = crash_files(&artifacts);
    let status = command.status().map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    // libFuzzer's own last words ("deadly signal", the file's path) do not
    // say that drt turns the file into a test: the next step, said once.
    if let Some(crash) = new_crash(&artifacts, &before).filter(|_| request.input.is_none() && !status.success()) {
        eprintln!("cargo drt fuzz: to turn the crash into a test and a saved failure: {}", replay(&request, &crash));
    }
    Ok(super::exit_code(status))
}

/// The `crash-` files libFuzzer wrote in `dir`, and when each was written.
fn crash_files(dir: &Path) -> Vec<(PathBuf, SystemTime)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let crashes = entries.flatten().filter(|e| e.file_name().to_string_lossy().starts_with("crash-"));
    crashes.filter_map(|e| Some((e.path(), e.metadata().ok()?.modified().ok()?))).collect()
}

/// The newest crash file in `dir` that is not one of `before` (the same
/// crash found again rewrites its file, named by its bytes: new too).
fn new_crash(dir: &Path, before: &[(PathBuf, SystemTime)]) -> Option<PathBuf> {
    let fresh = crash_files(dir).into_iter().filter(|f| !before.contains(f));
    fresh.max_by_key(|(path, written)| (*written, path.clone())).map(|(path, _)| path)
}

/// The command that replays `crash` for `request`'s type and package, its
/// path relative to this directory when it is under it.
fn replay(request: &Request, crash: &Path) -> String {
    let here = std::env::current_dir().unwrap_or_default();
    let package = request.package.as_ref().map(|p| format!(" -p {p}")).unwrap_or_default();
    let path = crash.strip_prefix(&here).unwrap_or(crash);
    format!("cargo drt fuzz {}{package} {}", request.ty, path.display())
}

/// The package to fuzz: the one named, else the one whose directory this
/// is, else the only one.
fn package(cargo: &OsString, named: Option<&str>) -> Result<Package, String> {
    let out = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version", "1"])
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo metadata failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata printed no JSON: {e}"))?;
    let packages = json["packages"].as_array().cloned().unwrap_or_default();
    let here = std::env::current_dir().ok();
    let dir_of =
        |p: &serde_json::Value| Path::new(p["manifest_path"].as_str().unwrap_or("")).parent().map(Path::to_path_buf);
    let found = match named {
        Some(name) => packages.iter().find(|p| p["name"] == name),
        None => {
            packages.iter().find(|p| dir_of(p).is_some_and(|d| Some(&d) == here.as_ref())).or(match &packages[..] {
                [one] => Some(one),
                _ => None,
            })
        }
    };
    let Some(p) = found else {
        return Err(match named {
            Some(name) => format!("no package {name} in this workspace"),
            None => "which package? name it with -p (this directory is no package of the workspace)".to_string(),
        });
    };
    let dir = dir_of(p).ok_or("cargo metadata gave a package no manifest path")?;
    let drt = p["dependencies"].as_array().into_iter().flatten().find(|d| d["name"] == "drt-runtime");
    let drt_source = match drt {
        Some(d) if d["path"].is_string() => {
            format!("{{ package = \"drt-runtime\", path = {:?} }}", d["path"].as_str().unwrap_or_default())
        }
        Some(d) => format!("{{ package = \"drt-runtime\", version = {:?} }}", d["req"].as_str().unwrap_or("0.1")),
        None => "{ package = \"drt-runtime\", version = \"0.1\" }".to_string(),
    };
    Ok(Package {
        name: p["name"].as_str().unwrap_or_default().to_string(),
        drt_feature: p["features"].get("drt").is_some(),
        dir,
        drt_source,
    })
}

/// The target's name: the type's last segment in snake case
/// (`my_crate::RingBuffer<u8>` is `ring_buffer_u8`).
fn target_name(ty: &str) -> String {
    let last = ty.split("::").last().unwrap_or(ty);
    let mut out = String::new();
    let mut prev_lower = false;
    for c in last.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
            prev_lower = true;
        } else if !out.ends_with('_') {
            out.push('_');
            prev_lower = false;
        }
    }
    out.trim_matches('_').to_string()
}

/// Writes the fuzz crate in `fuzz` when there is none, and the target for
/// `ty` when it has none; leaves what is there.
fn write_fuzz_crate(fuzz: &Path, package: &Package, ty: &str, target: &str) -> Result<(), String> {
    let write = |path: &Path, text: &str| {
        std::fs::create_dir_all(path.parent().unwrap_or(fuzz))
            .and_then(|()| std::fs::write(path, text))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    let manifest = fuzz.join("Cargo.toml");
    let features = if package.drt_feature { ", features = [\"drt\"]" } else { "" };
    if !manifest.exists() {
        let text = format!(
            "# Fuzz targets of {name}, written by `cargo drt fuzz` (cargo-fuzz's layout: `cargo fuzz` works on it\n\
             # too). Each target runs `drt::fuzz` on one type; run it with `cargo drt fuzz <Type>`.\n\
             [package]\nname = \"{name}-fuzz\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [package.metadata]\ncargo-fuzz = true\n\n\
             [dependencies]\nlibfuzzer-sys = \"0.4\"\ndrt = {drt}\n{name} = {{ path = \"..\"{features} }}\n\n\
             # Overflow checks and debug assertions are bugs the fuzzer should see.\n\
             [profile.release]\noverflow-checks = true\ndebug-assertions = true\ndebug = \"line-tables-only\"\n\n\
             # Not a member of the package's workspace.\n[workspace]\n",
            name = package.name,
            drt = package.drt_source,
        );
        write(&manifest, &text)?;
        write(&fuzz.join(".gitignore"), "target\ncorpus\nartifacts\ncoverage\n")?;
    }
    let source = fuzz.join("fuzz_targets").join(format!("{target}.rs"));
    if !source.exists() {
        let text = format!("#![no_main]\n\nlibfuzzer_sys::fuzz_target!(|data: &[u8]| drt::fuzz::<{ty}>(data));\n");
        write(&source, &text)?;
        let declared =
            std::fs::read_to_string(&manifest).map_err(|e| format!("cannot read {}: {e}", manifest.display()))?;
        if !declared.contains(&format!("name = \"{target}\"")) {
            let bin = format!(
                "\n[[bin]]\nname = \"{target}\"\npath = \"fuzz_targets/{target}.rs\"\ntest = false\ndoc = false\nbench = false\n"
            );
            std::fs::write(&manifest, declared + &bin)
                .map_err(|e| format!("cannot write {}: {e}", manifest.display()))?;
        }
        eprintln!("cargo drt fuzz: wrote the target {target} in {}", source.display());
    }
    Ok(())
}

/// The fuzz crate's target directory (`fuzz/target`, or wherever
/// `CARGO_TARGET_DIR` puts it).
fn fuzz_target_dir(cargo: &OsString, manifest: &Path) -> Result<PathBuf, String> {
    super::target_dir(cargo, &[OsString::from("--manifest-path"), manifest.as_os_str().to_owned()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &str) -> Result<Request, String> {
        Request::parse(&args.split(' ').filter(|a| !a.is_empty()).map(OsString::from).collect::<Vec<_>>())
    }

    #[test]
    fn a_type_an_input_a_package_and_libfuzzer_s_arguments() {
        let r = parse("stack::Stack -p my-lib -- -runs=10 -seed=1").unwrap();
        assert_eq!((r.ty.as_str(), r.package.as_deref(), r.input), ("stack::Stack", Some("my-lib"), None));
        assert_eq!(r.libfuzzer, ["-runs=10", "-seed=1"]);
        let r = parse("Stack fuzz/artifacts/stack/crash-1f").unwrap();
        assert_eq!(r.input, Some(PathBuf::from("fuzz/artifacts/stack/crash-1f")));
        assert!(parse("").unwrap_err().starts_with("usage: cargo drt fuzz"));
        assert!(parse("Stack --jobs 2").unwrap_err().starts_with("unknown option --jobs"));
    }

    #[test]
    fn the_crash_to_replay_is_the_newest_written_during_the_run() {
        let dir = std::env::temp_dir().join(format!("cargo-drt-crashes-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, secs: u64| {
            let file = std::fs::File::create(dir.join(name)).unwrap();
            file.set_modified(SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(secs)).unwrap();
        };
        write("crash-old", 100);
        write("crash-again", 200);
        let before = crash_files(&dir);
        assert_eq!(new_crash(&dir, &before), None, "nothing written during the run");
        write("crash-again", 300);
        write("crash-new", 250);
        write("oom-newer", 400);
        assert_eq!(new_crash(&dir, &before), Some(dir.join("crash-again")), "found again: rewritten");
        write("crash-new", 500);
        assert_eq!(new_crash(&dir, &before), Some(dir.join("crash-new")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_replay_names_the_type_the_package_and_the_crash_file_from_here() {
        let here = std::env::current_dir().unwrap();
        let crash = here.join("fuzz/artifacts/stack/crash-1f");
        let request = parse("stack::Stack -p my-lib -- -runs=10").unwrap();
        assert_eq!(replay(&request, &crash), "cargo drt fuzz stack::Stack -p my-lib fuzz/artifacts/stack/crash-1f");
        let request = parse("Stack").unwrap();
        let elsewhere = Path::new("/elsewhere/fuzz/artifacts/stack/crash-1f");
        assert_eq!(replay(&request, elsewhere), "cargo drt fuzz Stack /elsewhere/fuzz/artifacts/stack/crash-1f");
    }

    #[test]
    fn a_target_is_named_by_its_type_in_snake_case() {
        assert_eq!(target_name("my_crate::stack::Stack"), "stack");
        assert_eq!(target_name("my_crate::RingBuffer<u8>"), "ring_buffer_u8");
        assert_eq!(target_name("LRUCache"), "lrucache");
    }
}
