//! The report as JSON (`.json_report(path)`, `DRT_REPORT_JSON`), with each
//! failure's test in a file of its own beside it.

use std::path::PathBuf;

use drt_examples::{bugfree, money};

/// A fresh directory under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn read_json(path: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_report_is_written_as_json_with_each_test_beside_it() {
    let dir = scratch("json-money");
    let report = drt::explore::<money::Money>().seed(7).max_sequences(20_000).json_report(&dir).report();
    let doc = read_json(&dir.join("drt_examples__money__Money.json"));
    assert_eq!(doc["format"], "drt-report-1");
    assert_eq!((doc["subject"].as_str(), doc["passed"].as_bool()), (Some("Money"), Some(false)));
    // The test that explored, and its package: `cargo test -p drt-tests <test>` runs it alone.
    assert_eq!(doc["test"].as_str(), Some("a_report_is_written_as_json_with_each_test_beside_it"));
    assert_eq!(doc["package"].as_str(), Some("drt-tests"));
    let failures = doc["failures"].as_array().unwrap();
    assert_eq!(failures.len(), report.failures.len());
    for (json, failure) in failures.iter().zip(&report.failures) {
        assert_eq!(json["operation"].as_str(), Some(failure.operation.as_str()));
        assert_eq!(json["sequences_before"].as_u64(), Some(failure.sequences_before));
        let file = dir.join(json["test_file"].as_str().unwrap());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), failure.code, "{}", file.display());
    }
    // Each failure's group, as drt counted it: a panic's operation and place.
    let panics: Vec<_> = failures.iter().filter(|f| f["kind"] == "panic").collect();
    assert!(!panics.is_empty(), "{doc}");
    for json in panics {
        let group = &json["group"];
        assert_eq!((&group["subject"], &group["kind"]), (&json["operation"], &json["kind"]), "{json}");
        assert_eq!(group["place"], json["location"], "{json}");
    }
    // Another seed's report (a CI shard's) puts the same bug in the same
    // group, though found by other sequences: reports merge by it.
    let other = scratch("json-money-other");
    drt::explore::<money::Money>().seed(8).max_sequences(20_000).json_report(&other).report();
    let other = read_json(&other.join("drt_examples__money__Money.json"));
    let groups = |doc: &serde_json::Value| {
        let mut groups: Vec<String> =
            doc["failures"].as_array().unwrap().iter().map(|f| f["group"].to_string()).collect();
        groups.sort();
        groups
    };
    assert_eq!(groups(&doc), groups(&other));
    let stats = &doc["stats"];
    assert_eq!(stats["sequences"].as_u64(), Some(report.stats.sequences));
    assert_eq!(stats["seed"].as_u64(), Some(7));
    assert_eq!(stats["operations"].as_array().unwrap().len(), report.stats.operations.len());
}

/// Run by `drt_report_json_is_read_and_never_changes_the_verdict` with
/// `DRT_REPORT_JSON` set.
#[test]
#[ignore = "run by drt_report_json_is_read_and_never_changes_the_verdict"]
fn explore_with_env_json() {
    drt::explore::<bugfree::SortedSet>().max_sequences(300).persist(false).run();
}

#[test]
fn drt_report_json_is_read_and_never_changes_the_verdict() {
    let run = |path: &std::path::Path| {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["explore_with_env_json", "--exact", "--ignored"])
            .env("DRT_REPORT_JSON", path)
            .env("DRT_STRICT", "1")
            .env_remove("DRT_CHILD_DIR")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{}:\n{}\n{stderr}", path.display(), String::from_utf8_lossy(&out.stdout));
        stderr
    };
    let file = scratch("json-env").join("sorted-set.json");
    run(&file);
    let doc = read_json(&file);
    assert_eq!(doc["passed"], true);
    assert_eq!(doc["stats"]["sequences"], 300);
    // A file in the way of the directory: a warning, and the test still
    // passes, even with DRT_STRICT on.
    let blocked = file.join("inner.json");
    let stderr = run(&blocked);
    let warning = format!("drt: warning: cannot write the JSON report {}: ", blocked.display());
    assert_eq!(stderr.matches(&warning).count(), 1, "{stderr}");
}
