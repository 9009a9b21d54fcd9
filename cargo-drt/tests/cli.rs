//! The command line as a user meets it, before any build.

use std::process::Command;

fn cargo_drt(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cargo-drt")).args(args).output().expect("cargo-drt runs")
}

#[test]
fn it_tells_its_version_as_cargo_passes_it_and_as_run_alone() {
    for args in [&["drt", "--version"][..], &["--version"], &["drt", "-V"]] {
        let out = cargo_drt(args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), format!("cargo-drt {}\n", env!("CARGO_PKG_VERSION")));
    }
}

#[test]
fn no_command_prints_the_usage_and_fails() {
    let out = cargo_drt(&["drt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("usage: cargo drt <command>"), "{out:?}");
}
