//! Failures and stats as text between processes: `name length\nbytes\n`
//! fields, so any text (a test's code, a multi-line message) passes unchanged
//! and a record cut short by a crash is dropped rather than misread.

use std::time::Duration;

use crate::report::{Coverage, Failure, FailureKind, OperationStats, Stats};

fn field(out: &mut String, name: &str, value: &str) {
    out.push_str(&format!("{name} {}\n{value}\n", value.len()));
}

struct Reader<'a>(&'a str);

impl<'a> Reader<'a> {
    fn field(&mut self, name: &str) -> Option<&'a str> {
        let (header, rest) = self.0.split_once('\n')?;
        let (n, len) = header.split_once(' ')?;
        let len: usize = len.parse().ok()?;
        if n != name || rest.len() < len + 1 {
            return None;
        }
        let value = &rest[..len];
        self.0 = &rest[len + 1..];
        Some(value)
    }
    fn num<T: std::str::FromStr>(&mut self, name: &str) -> Option<T> {
        self.field(name)?.parse().ok()
    }
}

/// A failure with what groups it besides its operation and kind: the panic
/// location, the contract broken, or how the process ended. The child's
/// engine decides it, so the supervisor groups exactly as it would.
pub(crate) type Grouped = (String, Failure);

pub(crate) fn failure(group: &str, f: &Failure) -> String {
    let mut out = String::new();
    field(&mut out, "group", group);
    field(&mut out, "kind", f.kind.name());
    field(&mut out, "operation", &f.operation);
    field(&mut out, "message", &f.message);
    field(&mut out, "location", f.location.as_deref().unwrap_or(""));
    field(&mut out, "code", &f.code);
    field(&mut out, "len", &f.len.to_string());
    field(&mut out, "found_ms", &f.found_after.as_millis().to_string());
    field(&mut out, "before", &f.sequences_before.to_string());
    field(&mut out, "hits", &f.hits.to_string());
    field(&mut out, "unminimized", &f.unminimized_len.to_string());
    field(&mut out, "limit", f.minimize_limit.as_deref().unwrap_or(""));
    out
}

fn read_failure(r: &mut Reader<'_>) -> Option<Grouped> {
    let group = r.field("group")?.to_string();
    let kind = r.field("kind")?;
    let kind = [
        FailureKind::Panic,
        FailureKind::Contract,
        FailureKind::Invariant,
        FailureKind::Crash,
        FailureKind::Timeout,
        FailureKind::Flaky,
        FailureKind::Divergence,
        FailureKind::Postcondition,
        FailureKind::Law,
        FailureKind::Memory,
    ]
    .into_iter()
    .find(|k| k.name() == kind)?;
    let operation = r.field("operation")?.to_string();
    let message = r.field("message")?.to_string();
    let location = Some(r.field("location")?.to_string()).filter(|l| !l.is_empty());
    let code = r.field("code")?.to_string();
    let len = r.num("len")?;
    let found_after = Duration::from_millis(r.num("found_ms")?);
    let sequences_before = r.num("before")?;
    let hits = r.num("hits")?;
    let unminimized_len = r.num("unminimized")?;
    let minimize_limit = Some(r.field("limit")?.to_string()).filter(|l| !l.is_empty());
    Some((
        group,
        Failure {
            kind,
            operation,
            message,
            location,
            code,
            len,
            found_after,
            sequences_before,
            hits,
            unminimized_len,
            minimize_limit,
            // Set once the failures are final (`jobs::merge`).
            group: String::new(),
        },
    ))
}

/// Every complete failure in `text` (a crash may cut the last one short).
pub(crate) fn failures(text: &str) -> Vec<Grouped> {
    let mut r = Reader(text);
    std::iter::from_fn(|| read_failure(&mut r)).collect()
}

pub(crate) fn stats(s: &Stats) -> String {
    let mut out = String::new();
    for (name, v) in [
        ("sequences", s.sequences),
        ("calls", s.calls),
        ("new_calls", s.new_calls),
        ("reused_calls", s.reused_calls),
        ("normal", s.normal),
        ("illegal", s.illegal),
        ("redundant", s.redundant),
        ("failing", s.failing),
        ("evicted", s.evicted),
    ] {
        field(&mut out, name, &v.to_string());
    }
    for o in &s.operations {
        let (a, s, i, f, u) = (o.attempted, o.succeeded, o.illegal, o.failed, u8::from(o.under_test));
        let t = o.time.as_nanos().min(u128::from(u64::MAX));
        field(&mut out, "op", &format!("{a} {s} {i} {f} {u} {t} {}", o.name));
    }
    for (op, why) in &s.uncallable {
        field(&mut out, "uncallable", op);
        field(&mut out, "why", why);
    }
    for (param, why) in &s.throttled {
        field(&mut out, "throttled", param);
        field(&mut out, "why", why);
    }
    for note in &s.notes {
        field(&mut out, "note", note);
    }
    if let Some(c) = &s.coverage {
        field(&mut out, "coverage", &format!("{} {} {}", c.reached, c.total, c.functions));
        for f in &c.unentered {
            field(&mut out, "unentered", f);
        }
    }
    out
}

pub(crate) fn parse_stats(text: &str) -> Option<Stats> {
    let mut r = Reader(text);
    let mut s = Stats {
        sequences: r.num("sequences")?,
        calls: r.num("calls")?,
        new_calls: r.num("new_calls")?,
        reused_calls: r.num("reused_calls")?,
        normal: r.num("normal")?,
        illegal: r.num("illegal")?,
        redundant: r.num("redundant")?,
        failing: r.num("failing")?,
        evicted: r.num("evicted")?,
        ..Stats::default()
    };
    while let Some(op) = r.field("op") {
        let mut w = op.splitn(7, ' ');
        let mut n = || w.next()?.parse::<u64>().ok();
        let (attempted, succeeded, illegal, failed, under_test) = (n()?, n()?, n()?, n()?, n()? == 1);
        let time = Duration::from_nanos(n()?);
        let name = op.splitn(7, ' ').nth(6)?.to_string();
        s.operations.push(OperationStats { name, attempted, succeeded, illegal, failed, under_test, time });
    }
    while let (Some(op), Some(why)) = (r.field("uncallable"), r.field("why")) {
        s.uncallable.push((op.to_string(), why.to_string()));
    }
    while let (Some(param), Some(why)) = (r.field("throttled"), r.field("why")) {
        s.throttled.push((param.to_string(), why.to_string()));
    }
    while let Some(note) = r.field("note") {
        s.notes.push(note.to_string());
    }
    if let Some(c) = r.field("coverage") {
        let mut n = c.split(' ').map(str::parse::<u64>);
        let (reached, total, functions) = (n.next()?.ok()?, n.next()?.ok()?, n.next()?.ok()?);
        let mut unentered = Vec::new();
        while let Some(f) = r.field("unentered") {
            unentered.push(f.to_string());
        }
        s.coverage = Some(Coverage { reached, total, functions, unentered });
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_and_stats_round_trip() {
        let f = Failure {
            kind: FailureKind::Contract,
            operation: "A::b".into(),
            message: "two\nlines with a 5 in them".into(),
            location: None,
            code: "#[test]\nfn x() {}\n".into(),
            len: 3,
            found_after: Duration::from_millis(12),
            sequences_before: 40,
            hits: 2,
            unminimized_len: 9,
            minimize_limit: Some("raise X".into()),
            group: String::new(),
        };
        let text = format!("{}{}", failure("place", &f), failure("place", &f));
        let back = failures(&text);
        assert_eq!(back.len(), 2);
        assert_eq!(back[1].0, "place");
        assert_eq!(format!("{:?}", back[1].1), format!("{f:?}"));
        // A failure cut short by a crash is dropped, not misread.
        assert_eq!(failures(&text[..text.len() - 5]).len(), 1);
        let sample = Stats {
            sequences: 5,
            calls: 9,
            new_calls: 12,
            reused_calls: 13,
            evicted: 11,
            operations: vec![OperationStats {
                name: "A::b c".into(),
                attempted: 1,
                succeeded: 2,
                illegal: 3,
                failed: 4,
                under_test: true,
                time: Duration::from_nanos(1_234_567),
            }],
            uncallable: vec![("A::c".into(), "no value".into())],
            throttled: vec![("A::d(n)".into(), "n = 4096 ran long".into())],
            notes: vec!["A::d failed in 2 sequences".into()],
            coverage: Some(Coverage { reached: 31, total: 140, functions: 9, unentered: vec!["a::B::c".into()] }),
            ..Stats::default()
        };
        let back = parse_stats(&stats(&sample)).unwrap();
        assert_eq!(format!("{back:?}"), format!("{sample:?}"));
    }
}
