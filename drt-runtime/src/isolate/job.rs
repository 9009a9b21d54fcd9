//! What a supervisor asks of a child, and the files they share.

use std::io::Write as _;
use std::path::PathBuf;

use super::{wire, CHILD_ENV};
use crate::report::{Failure, Stats};

/// What a child is asked to do: explore (or replay one sequence) for these
/// subjects, with these settings. The child runs it at the first
/// `explore(...)` call its test reaches, whatever that call's own settings,
/// and exits, so no other code of the test runs twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Job {
    /// The types under test, by `type_name`.
    pub subjects: Vec<String>,
    /// Replay `sequence.txt` once instead of exploring.
    pub replay: bool,
    pub seed: u64,
    pub max_sequences: Option<u64>,
    pub time_ms: Option<u64>,
    pub max_len: usize,
    /// Trace every sequence after this many.
    pub trace_after: Option<u64>,
    /// Run the sequences saved in the crate's regression file first.
    pub replay_saved: bool,
    /// Save failures to the crate's regression file.
    pub save: bool,
    /// Write regression tests here.
    pub regression_tests: Option<PathBuf>,
    /// Operations left out: they crashed an earlier child.
    pub avoid: Vec<String>,
}

impl Job {
    pub(crate) fn encode(&self) -> String {
        let opt = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
        let mut out = String::new();
        for s in &self.subjects {
            out.push_str(&format!("subject {s}\n"));
        }
        out.push_str(&format!(
            "replay {}\nseed {}\nmax_sequences {}\ntime_ms {}\nmax_len {}\ntrace_after {}\nreplay_saved {}\nsave {}\n",
            self.replay,
            self.seed,
            opt(self.max_sequences),
            opt(self.time_ms),
            self.max_len,
            opt(self.trace_after),
            self.replay_saved,
            self.save
        ));
        if let Some(p) = &self.regression_tests {
            out.push_str(&format!("regression_tests {}\n", p.display()));
        }
        for op in &self.avoid {
            out.push_str(&format!("avoid {op}\n"));
        }
        out
    }

    pub(crate) fn decode(text: &str) -> Option<Job> {
        let mut job = Job {
            subjects: Vec::new(),
            replay: false,
            seed: 0,
            max_sequences: None,
            time_ms: None,
            max_len: 0,
            trace_after: None,
            replay_saved: false,
            save: false,
            regression_tests: None,
            avoid: Vec::new(),
        };
        let opt = |v: &str| -> Option<Option<u64>> {
            match v {
                "-" => Some(None),
                v => v.parse().ok().map(Some),
            }
        };
        for line in text.lines() {
            let (key, value) = line.split_once(' ')?;
            match key {
                "subject" => job.subjects.push(value.to_string()),
                "replay" => job.replay = value.parse().ok()?,
                "seed" => job.seed = value.parse().ok()?,
                "max_sequences" => job.max_sequences = opt(value)?,
                "time_ms" => job.time_ms = opt(value)?,
                "max_len" => job.max_len = value.parse().ok()?,
                "trace_after" => job.trace_after = opt(value)?,
                "replay_saved" => job.replay_saved = value.parse().ok()?,
                "save" => job.save = value.parse().ok()?,
                "regression_tests" => job.regression_tests = Some(PathBuf::from(value)),
                "avoid" => job.avoid.push(value.to_string()),
                _ => return None,
            }
        }
        Some(job)
    }
}

/// The files of one supervised exploration.
#[derive(Clone, Debug)]
pub(crate) struct Channel {
    pub dir: PathBuf,
    /// The heartbeat file, kept open in the child: rewriting it with
    /// `fs::write` cost 150 µs a time, a positioned write 1 µs.
    pub(crate) beat: Option<std::sync::Arc<std::fs::File>>,
}

impl Channel {
    pub(crate) fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// A child's channel, when this process is one.
    pub fn from_env() -> Option<Channel> {
        let dir = PathBuf::from(std::env::var_os(CHILD_ENV)?);
        let beat = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(dir.join("heartbeat.txt"));
        Some(Channel { dir, beat: beat.ok().map(std::sync::Arc::new) })
    }

    pub fn job(&self) -> Option<Job> {
        Job::decode(&std::fs::read_to_string(self.file("job.txt")).ok()?)
    }

    /// Records that `sequences` have run (the child's heartbeat): a
    /// fixed-width number rewritten in place.
    pub fn heartbeat(&self, sequences: u64) {
        let text = format!("{sequences:>20}\n");
        #[cfg(unix)]
        if let Some(file) = &self.beat {
            use std::os::unix::fs::FileExt;
            let _ = file.write_at(text.as_bytes(), 0);
            return;
        }
        let _ = std::fs::write(self.file("heartbeat.txt"), text);
    }

    pub(crate) fn last_heartbeat(&self) -> Option<(u64, std::time::SystemTime)> {
        let path = self.file("heartbeat.txt");
        let n = std::fs::read_to_string(&path).ok()?.trim().parse().ok()?;
        Some((n, std::fs::metadata(&path).ok()?.modified().ok()?))
    }

    /// Appends a sequence about to run (tracing mode).
    pub fn trace(&self, text: &str) {
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(self.file("trace.txt")) {
            let _ = write!(f, "{text}");
            let _ = f.flush();
        }
    }

    /// Appends a failure the child found.
    pub fn failure(&self, group: &str, failure: &Failure) {
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(self.file("failures.txt")) {
            let _ = f.write_all(wire::failure(group, failure).as_bytes());
        }
    }

    /// Writes the child's final failures, then its stats: the sign that it finished.
    pub fn done(&self, failures: &[Failure], groups: &[String], stats: &Stats) {
        let text: String = groups.iter().zip(failures).map(|(g, f)| wire::failure(g, f)).collect();
        let _ = std::fs::write(self.file("final.txt"), text);
        let _ = std::fs::write(self.file("stats.txt"), wire::stats(stats));
    }

    /// Writes a replayed sequence's outcome.
    pub fn replayed(&self, failed: bool) {
        let _ = std::fs::write(self.file("replayed.txt"), if failed { "failed" } else { "normal" });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_round_trip() {
        let job = Job {
            subjects: vec!["a::B".into(), "a::C<u8>".into()],
            replay: false,
            seed: 7,
            max_sequences: Some(10),
            time_ms: None,
            max_len: 100,
            trace_after: Some(256),
            replay_saved: true,
            save: false,
            regression_tests: Some(PathBuf::from("tests/x y.rs")),
            avoid: vec!["a::B::f".into()],
        };
        assert_eq!(Job::decode(&job.encode()), Some(job.clone()));
        let replay = Job { replay: true, time_ms: Some(5), trace_after: None, regression_tests: None, ..job };
        assert_eq!(Job::decode(&replay.encode()), Some(replay));
    }
}
