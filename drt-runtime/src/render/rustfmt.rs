//! Emitted tests laid out by rustfmt, where it is installed, so that a test
//! pasted from a report or copied from a JSON report's `.rs` file passes
//! the user's `cargo fmt --check` (drt writes one call per line, but a long
//! call or assertion stays on one line). rustfmt runs where the tests run
//! (the crate's directory under `cargo test`), so it reads the crate's own
//! `rustfmt.toml`; the edition is the crate's, from its `Cargo.toml`.
//! Without rustfmt, or when it refuses the text, the text stays as it is.

use std::io::Write as _;
use std::process::{Command, Stdio};

/// `code` as rustfmt lays it out, or as it is when rustfmt cannot.
pub(crate) fn formatted(code: &str) -> String {
    layout(code).unwrap_or_else(|| code.to_string())
}

fn layout(code: &str) -> Option<String> {
    let mut command = Command::new(std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into()));
    command.args(["--emit", "stdout", "--quiet", "--edition", &edition()]);
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().ok()?;
    // The text is small: written whole before the output is read.
    child.stdin.take()?.write_all(code.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    let text = String::from_utf8(out.stdout).ok().filter(|t| out.status.success() && !t.trim().is_empty())?;
    Some(text)
}

/// Whether `a` and `b` are the same code laid out alike or not: the same
/// text but for whitespace and the comma rustfmt puts before a closing
/// bracket when it spreads a list over lines (a file drt wrote, then
/// formatted by `cargo fmt`, or by drt where rustfmt was not installed).
pub(crate) fn same_code(a: &str, b: &str) -> bool {
    fn flat(code: &str) -> String {
        let bare: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        bare.replace(",)", ")").replace(",]", "]").replace(",}", "}")
    }
    a == b || flat(a) == flat(b)
}

/// The edition of the crate under test, from the `edition` line of the
/// `Cargo.toml` cargo names (`CARGO_MANIFEST_DIR`); 2021 when it inherits
/// the workspace's, or says none that can be read.
fn edition() -> String {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").map(|d| std::path::PathBuf::from(d).join("Cargo.toml"));
    let text = manifest.and_then(|m| std::fs::read_to_string(m).ok()).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("edition")?.trim().strip_prefix('=')?.trim().strip_prefix('"'))
        .find_map(|rest| rest.split('"').next().filter(|e| e.len() == 4 && e.bytes().all(|b| b.is_ascii_digit())))
        .unwrap_or("2021")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where rustfmt is installed (as it is wherever `cargo fmt` runs),
    /// a long line is laid out as `cargo fmt` would; the text is kept when
    /// rustfmt refuses it.
    #[test]
    fn a_long_emitted_line_is_laid_out_as_cargo_fmt_would() {
        let long = format!("#[test]\nfn t() {{\n    let v = vec![{}];\n}}\n", vec!["1234567"; 30].join(", "));
        if layout("fn f() {}\n").is_none() {
            eprintln!("rustfmt is not installed: the test is skipped");
            return;
        }
        let laid = formatted(&long);
        assert_ne!(laid, long);
        assert!(laid.lines().all(|l| l.len() <= 120), "{laid}");
        assert!(laid.starts_with("#[test]\nfn t() {\n    let v = vec!["), "{laid}");
        let broken = "#[test]\nfn t( {\n";
        assert_eq!(formatted(broken), broken);
    }

    #[test]
    fn code_is_the_same_however_laid_out() {
        assert!(same_code("f(a, b);\n", "f(\n    a,\n    b,\n);\n"));
        assert!(!same_code("f(a, b);\n", "f(a, c);\n"));
    }

    #[test]
    fn an_edition_inherited_from_the_workspace_is_read_as_2021() {
        // drt-runtime's `Cargo.toml` says `edition.workspace = true`.
        assert_eq!(edition(), "2021");
    }
}
