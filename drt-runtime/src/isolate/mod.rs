//! Crash and hang isolation: a stack overflow, an abort or an infinite loop
//! cannot be caught in-process (the thesis's reason for weighing a separate
//! process, ch. 7), so the exploration runs in a child process, the test
//! binary re-executed for exactly this test, modelled on proptest's
//! `run_in_fork`; a crashed child is restarted with a new seed, its culprit
//! reported, as Randoop's RandoopWrapper does (thesis Fig 9-2).
//!
//! 1. The supervisor writes a job into a fresh directory and starts the test
//!    binary filtered to the current test (`<name> --exact`), with
//!    `DRT_CHILD_DIR` naming the directory.
//! 2. The child explores with the job's seed and budget, writes a heartbeat
//!    (sequences run so far) every 256 sequences, appends each failure it
//!    finds, and writes its stats when done.
//! 3. A child that dies without its stats crashed; one whose heartbeat stops
//!    for longer than the call timeout is killed (a hang). Exploration is
//!    deterministic, so the supervisor runs the same job again with tracing
//!    on after the last heartbeat: the last sequence traced is the culprit.
//! 4. The culprit is minimized by replaying candidates in fresh children, and
//!    exploring restarts with another seed (at most 8 times).
//!
//! [`job`] is what the two sides share (the job file, the heartbeat, the
//! failures and stats a child writes); [`supervisor`] is the parent's side;
//! the child's side is the driver's (`explore.rs`), which starts a child's
//! exploration like any other.

pub(crate) mod job;
pub(crate) mod supervisor;
mod wire;
