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
    match &request.input {
        Some(input) => {
            command.arg(input).env(SAVE_VAR, &package.dir);
        }
        None => {
            let corpus = fuzz.join("corpus").join(&target);
            let artifacts = fuzz.join("artifacts").join(&target);
            for dir in [&corpus, &artifacts] {
                std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            let mut prefix = artifacts.into_os_string();
            prefix.push("/");
            let mut artifact_arg = OsString::from("-artifact_prefix=");
            artifact_arg.push(prefix);
            command.arg(&corpus).arg(artifact_arg).args(&request.libfuzzer);
        }
    }
    let status = command.status().map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    Ok(super::exit_code(status))
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
    fn a_target_is_named_by_its_type_in_snake_case() {
        assert_eq!(target_name("my_crate::stack::Stack"), "stack");
        assert_eq!(target_name("my_crate::RingBuffer<u8>"), "ring_buffer_u8");
        assert_eq!(target_name("LRUCache"), "lrucache");
    }
}
