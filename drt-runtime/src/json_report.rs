//! The report as JSON, for CI systems and the tools that read their
//! artifacts: `.json_report(path)` or `DRT_REPORT_JSON=path`. Each
//! failure's `#[test]` also goes in a file of its own beside the JSON
//! (`<test name>.rs`), ready to copy into `tests/`.
//!
//! A path ending in `.json` is the file; any other path is a directory, in
//! which each exploration writes `<types under test>.json` (as
//! `drt-regressions/` names its files), so one `DRT_REPORT_JSON=target/drt`
//! serves every exploration of a test run. A relative path is taken from the
//! directory tests run in (the crate's, under `cargo test`).
//!
//! The document (`"format": "drt-report-1"`) holds every field of
//! [`Report`], [`Failure`] and [`Stats`] under its Rust name, durations in
//! seconds (`found_after_secs`, `elapsed_secs`), the `test` that explored
//! and its `package` (`null` outside a test harness), and `passed`: whether
//! `run()` passes on this report (no failures; warnings under `DRT_STRICT`
//! are not counted). Written with serde_json (the `json` feature, on by
//! default); a file that cannot be written is a warning, and the run's
//! verdict stays what it was.

use std::path::{Path, PathBuf};

#[cfg(any(feature = "json", test))]
use crate::report::Report;
#[cfg(feature = "json")]
use crate::report::{Failure, Stats};

/// The version of the document's shape, in its `format` field.
#[cfg(feature = "json")]
const FORMAT: &str = "drt-report-1";

/// Where the report of an exploration of `subjects` goes, for the path the
/// user gave.
pub(crate) fn destination(path: &Path, subjects: &[&str]) -> PathBuf {
    if path.extension().is_some_and(|e| e == "json") {
        path.to_path_buf()
    } else {
        path.join(format!("{}.json", crate::names::file_name(subjects)))
    }
}

/// The name of the test a failure's code defines (`money_neg_panics`).
#[cfg(feature = "json")]
fn test_name(code: &str) -> Option<&str> {
    crate::names::test_fn_name(code).map(|at| &code[at])
}

/// Writes `report` (of an exploration of `subject`) as JSON to `file`, and
/// each failure's test beside it; the warning to print when it cannot.
#[cfg(feature = "json")]
pub(crate) fn write(report: &Report, subject: &str, file: &Path) -> Result<(), String> {
    let cannot = |e: &dyn std::fmt::Display| format!("cannot write the JSON report {}: {e}", file.display());
    let dir = file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| cannot(&e))?;
    for failure in &report.failures {
        if let Some(name) = test_name(&failure.code) {
            std::fs::write(dir.join(format!("{name}.rs")), &failure.code).map_err(|e| cannot(&e))?;
        }
    }
    let text = serde_json::to_string_pretty(&document(report, subject)).map_err(|e| cannot(&e))?;
    std::fs::write(file, text + "\n").map_err(|e| cannot(&e))
}

/// Without the `json` feature, a JSON report is a warning.
#[cfg(not(feature = "json"))]
pub(crate) fn write(_: &crate::report::Report, _: &str, file: &Path) -> Result<(), String> {
    Err(format!(
        "drt was built without its `json` feature, so no JSON report is written to {}: turn the feature on \
         (it is on by default) or unset DRT_REPORT_JSON",
        file.display()
    ))
}

#[cfg(feature = "json")]
fn document(report: &Report, subject: &str) -> serde_json::Value {
    serde_json::json!({
        "format": FORMAT,
        "drt_version": env!("CARGO_PKG_VERSION"),
        "subject": subject,
        // Which test ran it, where cargo (or nextest) runs tests: what a
        // merge of CI shards' reports names, and `cargo test -p <package>
        // <test>` runs alone.
        "test": crate::names::test_name(),
        "package": std::env::var("CARGO_PKG_NAME").ok(),
        "passed": report.failures.is_empty(),
        "failures": report.failures.iter().map(failure).collect::<Vec<_>>(),
        "stats": stats(&report.stats),
    })
}

/// A failure's group: its subject (the operation, or the type of a broken
/// contract or law), its kind, and its place (the panic's location or
/// message, the invariant, contract or law).
#[cfg(feature = "json")]
fn group(f: &Failure) -> serde_json::Value {
    let (subject, place) = f.group.split_once('\n').unwrap_or((&f.group, ""));
    serde_json::json!({ "subject": subject, "kind": f.kind.name(), "place": place })
}

#[cfg(feature = "json")]
fn failure(f: &Failure) -> serde_json::Value {
    serde_json::json!({
        "kind": f.kind.name(),
        "operation": f.operation,
        // What drt counted it with: failures of several reports (CI
        // shards) with equal groups are one failure.
        "group": group(f),
        "message": f.message,
        "location": f.location,
        "code": f.code,
        "test_file": test_name(&f.code).map(|name| format!("{name}.rs")),
        "len": f.len,
        "found_after_secs": f.found_after.as_secs_f64(),
        "sequences_before": f.sequences_before,
        "hits": f.hits,
        "unminimized_len": f.unminimized_len,
        "minimize_limit": f.minimize_limit,
    })
}

#[cfg(feature = "json")]
fn stats(s: &Stats) -> serde_json::Value {
    let operations: Vec<_> = s
        .operations
        .iter()
        .map(|o| {
            serde_json::json!({
                "name": o.name,
                "attempted": o.attempted,
                "succeeded": o.succeeded,
                "illegal": o.illegal,
                "failed": o.failed,
                "under_test": o.under_test,
                "time_secs": o.time.as_secs_f64(),
            })
        })
        .collect();
    let uncallable: Vec<_> =
        s.uncallable.iter().map(|(op, why)| serde_json::json!({ "operation": op, "why": why })).collect();
    let throttled: Vec<_> =
        s.throttled.iter().map(|(param, why)| serde_json::json!({ "parameter": param, "why": why })).collect();
    let laws: Vec<_> = s.laws.iter().map(|(ty, law)| serde_json::json!({ "type": ty, "law": law })).collect();
    serde_json::json!({
        "seed": s.seed,
        "elapsed_secs": s.elapsed.as_secs_f64(),
        "sequences": s.sequences,
        "calls": s.calls,
        "new_calls": s.new_calls,
        "reused_calls": s.reused_calls,
        "normal": s.normal,
        "illegal": s.illegal,
        "redundant": s.redundant,
        "failing": s.failing,
        "evicted": s.evicted,
        "operations": operations,
        "uncallable": uncallable,
        "throttled": throttled,
        "laws": laws,
        "notes": s.notes,
        "warnings": s.warnings,
        "isolation": match s.isolation {
            crate::config::Isolation::Process => "process",
            crate::config::Isolation::InProcess => "in-process",
        },
        "jobs": s.jobs,
        "coverage": s.coverage.as_ref().map(|c| serde_json::json!({
            "reached": c.reached,
            "total": c.total,
            "functions": c.functions,
            "unentered": c.unentered,
        })),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_gets_a_file_per_exploration() {
        let subjects = ["drt_examples::money::Money"];
        assert_eq!(destination(Path::new("out/r.json"), &subjects), Path::new("out/r.json"));
        assert_eq!(
            destination(Path::new("target/drt"), &subjects),
            Path::new("target/drt/drt_examples__money__Money.json")
        );
    }

    #[cfg(not(feature = "json"))]
    #[test]
    fn without_the_feature_a_json_report_is_a_warning_saying_so() {
        let report = Report { failures: Vec::new(), stats: crate::report::Stats::default() };
        let err = write(&report, "Money", Path::new("target/drt/m.json")).unwrap_err();
        assert_eq!(
            err,
            "drt was built without its `json` feature, so no JSON report is written to target/drt/m.json: turn \
             the feature on (it is on by default) or unset DRT_REPORT_JSON"
        );
        assert!(!Path::new("target/drt/m.json").exists());
    }

    #[cfg(feature = "json")]
    #[test]
    fn every_field_is_written_and_each_test_beside_it() {
        use std::time::Duration;
        let code = "// drt: Money::neg panics\n#[test]\nfn money_neg_panics() {\n    let _ = -Money::MIN;\n}\n";
        let report = Report {
            failures: vec![Failure {
                kind: crate::FailureKind::Panic,
                operation: "Money::neg".into(),
                message: "attempt to negate with overflow".into(),
                location: Some("src/money.rs:9:5".into()),
                code: code.into(),
                len: 1,
                found_after: Duration::from_millis(1500),
                sequences_before: 12,
                hits: 3,
                unminimized_len: 4,
                minimize_limit: None,
                group: String::new(),
            }],
            stats: Stats {
                seed: 7,
                sequences: 100,
                jobs: 2,
                uncallable: vec![("A::b".into(), "why".into())],
                isolation: crate::config::Isolation::InProcess,
                coverage: Some(crate::report::Coverage {
                    reached: 253,
                    total: 16676,
                    functions: 40,
                    unentered: vec!["ring::Ring<T>::compact".into()],
                }),
                ..Stats::default()
            },
        };
        let dir = std::env::temp_dir().join(format!("drt-json-{}", std::process::id()));
        let file = dir.join("report.json");
        write(&report, "Money", &file).unwrap();
        let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(doc["format"], "drt-report-1");
        assert_eq!(doc["passed"], false);
        let f = &doc["failures"][0];
        assert_eq!(f["kind"], "panic");
        assert_eq!(f["found_after_secs"], 1.5);
        assert_eq!((f["sequences_before"].as_u64(), f["hits"].as_u64()), (Some(12), Some(3)));
        assert_eq!(f["minimize_limit"], serde_json::Value::Null);
        assert_eq!(f["test_file"], "money_neg_panics.rs");
        assert_eq!(std::fs::read_to_string(dir.join("money_neg_panics.rs")).unwrap(), code);
        let s = &doc["stats"];
        assert_eq!((s["seed"].as_u64(), s["jobs"].as_u64(), s["sequences"].as_u64()), (Some(7), Some(2), Some(100)));
        assert_eq!(s["uncallable"][0]["why"], "why");
        assert_eq!(s["isolation"], "in-process");
        assert_eq!((s["coverage"]["reached"].as_u64(), s["coverage"]["total"].as_u64()), (Some(253), Some(16676)));
        assert_eq!(s["coverage"]["functions"].as_u64(), Some(40));
        assert_eq!(s["coverage"]["unentered"], serde_json::json!(["ring::Ring<T>::compact"]));
        // A file where the directory should be: a warning naming the file.
        let blocked = dir.join("report.json").join("inner.json");
        let err = write(&report, "Money", &blocked).unwrap_err();
        assert!(err.starts_with(&format!("cannot write the JSON report {}", blocked.display())), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
