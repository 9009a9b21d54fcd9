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
//! 2. The child explores with the job's settings, writes a heartbeat
//!    (sequences run so far) every 256 sequences and at least every 50 ms
//!    with a snapshot of its stats, appends each failure it finds, and when
//!    done writes its final failures, then its stats. It records the call
//!    and the sequence running, and the last panic, in memory it shares
//!    with a file ([`shared`]).
//! 3. A child that dies without its stats crashed; one whose heartbeat stops
//!    for longer than the call timeout is killed (a hang); one in a call or
//!    sequence given a large integer for a twentieth of that is cut short
//!    (a size too large for the run, [`crate::sizes`]); one still in a
//!    sequence half a second after its time is up is stopped, unless it
//!    used the processor all along (a loop, then a hang at the timeout). A crash in a
//!    call of the same operation and at the same place as one reported is
//!    a hit. Otherwise (exploration is deterministic) the supervisor runs the
//!    same job again with tracing on after the last heartbeat: the last
//!    sequence traced is the culprit. (A run with coverage is not
//!    repeatable: its child keeps the text of each sequence as it starts,
//!    which is replayed first.)
//! 4. The culprit is minimized by replaying candidates in fresh children, and
//!    exploring restarts with another seed, the operation that crashed drawn
//!    half as often (a bounded number of times: `MAX_RESTARTS` and
//!    `AVOID_AFTER` in `supervisor.rs`).
//!
//! With `.jobs(n)`, [`jobs`] runs n such supervisors side by side, each
//! with its own seed and part of the budget, and merges their reports;
//! [`cores`] shares the machine's cores among the explorations running.
//!
//! [`job`] is what the two sides share: the job, and the files of the
//! channel between them. [`supervisor`] is the parent's side. On the
//! child's side, the driver (`driver/`) reads the job and assembles the
//! engine, which reports through the channel as it explores: the channel's
//! [`job::ChildListener`] is the engine's listener, so the engine knows
//! nothing of child processes and sits a floor below them.

pub(crate) mod cores;
pub(crate) mod job;
pub(crate) mod jobs;
pub(crate) mod shared;
pub(crate) mod supervisor;
mod wire;
