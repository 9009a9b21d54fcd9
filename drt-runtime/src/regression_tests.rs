//! Regression tests (thesis ch. 7, regression oracles): for every operation
//! that ever ran normally, its shortest normal sequence becomes a passing
//! `#[test]` that asserts what was observed: the final call's result (a
//! primitive, a `String`, `None` / `Err`, or a value's `Debug` text) and its
//! receiver's `Debug` text. Each candidate is run twice and dropped when the
//! two runs disagree (addresses, hash-map order, time), so the file only
//! holds assertions that hold every time. (Failing sequences are *saved
//! failures*, `saved_failures.rs`.)

use std::any::{Any, TypeId};
use std::fmt::Write as _;
use std::path::Path;

use crate::config::Update;
use crate::execute::Checks;
use crate::macro_support::Receiver;
use crate::names::{snake_case, unique_name};
use crate::outcome::Outcome;
use crate::render::{lines, names};
use crate::sequence::{Operand, Sequence};
use crate::world::World;

/// One observed fact about the end of a sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Observation {
    /// `assert_eq!(var, literal)` for primitives and `String`.
    Literal { var: u32, text: String },
    /// `assert!(var)` or `assert!(!var)`.
    Bool { var: u32, value: bool },
    /// `assert_eq!(format!("{var:?}"), text)`.
    Debug { var: u32, text: String },
    /// The final call returned `None` / `Err`: `assert!(call.is_none())`.
    Empty { is_option: bool },
}

/// Types whose `Debug` text is also a Rust literal of the type.
fn literal_types() -> [TypeId; 15] {
    macro_rules! ids { ($($t:ty),*) => { [$(TypeId::of::<$t>()),*] } }
    ids!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, char, String, f64)
}

fn observe_value(world: &World<'_>, var: u32, value: &dyn Any) -> Option<Observation> {
    let ty = value.type_id();
    let desc = world.reg.types.get(&ty)?;
    if let Some(b) = value.downcast_ref::<bool>() {
        return Some(Observation::Bool { var, value: *b });
    }
    // A `Debug` that panics gives nothing to assert.
    let text = crate::oracle::guarded(|| desc.debug_text(value)).ok()??;
    let float = value.downcast_ref::<f64>().copied().or(value.downcast_ref::<f32>().map(|f| f64::from(*f)));
    if float.is_some_and(|f| !f.is_finite()) {
        return None;
    }
    if literal_types().contains(&ty) || ty == TypeId::of::<f32>() {
        Some(Observation::Literal { var, text })
    } else {
        Some(Observation::Debug { var, text })
    }
}

/// What can be asserted after `seq`, or `None` when it does not run normally.
fn observe(world: &World<'_>, seq: &Sequence) -> Option<Vec<Observation>> {
    let exec = world.execute(seq, Checks::ALL);
    if exec.outcome != Outcome::Normal {
        return None;
    }
    let last = seq.len() - 1;
    let op = &world.ops[seq.op(last) as usize].op.spec;
    let mut out = Vec::new();
    match (exec.vars[last].as_deref(), exec.last_empty) {
        (Some(value), _) => out.extend(observe_value(world, last as u32, value)),
        (None, true) => out.push(Observation::Empty { is_option: op.ret.is_option() }),
        (None, false) => {}
    }
    if op.receiver != Receiver::None {
        if let Some(Operand::Var { var, .. }) = seq.args(last).first() {
            if let Some(value) = exec.vars[*var as usize].as_deref() {
                out.extend(observe_value(world, *var, value));
            }
        }
    }
    let outcome = exec.finish(world);
    (outcome == Outcome::Normal && !out.is_empty()).then_some(out)
}

fn test_text(world: &World<'_>, seq: &Sequence, fn_name: &str, observations: &[Observation]) -> String {
    let vars: Vec<u32> = observations
        .iter()
        .filter_map(|o| match o {
            Observation::Literal { var, .. } | Observation::Bool { var, .. } | Observation::Debug { var, .. } => {
                Some(*var)
            }
            Observation::Empty { .. } => None,
        })
        .collect();
    let names = names(world, seq, &vars, "");
    let name = |var: &u32| names[*var as usize].clone().unwrap_or_else(|| "_".into());
    let mut body = lines(world, seq, &names);
    for o in observations {
        let line = match o {
            Observation::Literal { var, text } => format!("assert_eq!({}, {text});", name(var)),
            Observation::Bool { var, value: true } => format!("assert!({});", name(var)),
            Observation::Bool { var, value: false } => format!("assert!(!{});", name(var)),
            Observation::Debug { var, text } => format!("assert_eq!(format!(\"{{:?}}\", {}), {text:?});", name(var)),
            Observation::Empty { is_option } => {
                // The final call's statement becomes the assertion.
                let call = body.pop().unwrap_or_default();
                let expr = call.trim_start_matches("let _ = ").trim_end_matches(';');
                format!("assert!({expr}.{});", if *is_option { "is_none()" } else { "is_err()" })
            }
        };
        body.push(line);
    }
    let mut out = format!("#[test]\n{}fn {fn_name}() {{\n", crate::render::allows(world, seq));
    for line in body {
        let _ = writeln!(out, "    {line}");
    }
    out.push_str("}\n");
    out
}

/// The regression test file for the shortest normal sequence of each
/// operation, and how many tests it holds.
fn regression_file(world: &World<'_>, shortest: &[Option<Sequence>], seed: u64) -> (String, usize) {
    let mut out = format!(
        "{HEADER}{seed}): each runs the shortest call sequence\n\
         // drt found for one operation and asserts what it observed then. They pass today; one that\n\
         // fails later shows a change in behaviour.\n"
    );
    let mut used: Vec<String> = Vec::new();
    for (op, seq) in shortest.iter().enumerate() {
        let Some(seq) = seq else { continue };
        // Built-in builders (`2..5`, `vec![a]`) are std's code, not the user's.
        if world.ops[op].op.spec.kind.is_builder() {
            continue;
        }
        // The file is an integration test: it cannot call a private method.
        if seq.calls().any(|(o, _)| world.op(o).op.spec.private) {
            continue;
        }
        let Some(first) = observe(world, seq) else { continue };
        if observe(world, seq).as_ref() != Some(&first) {
            continue;
        }
        let fn_name = unique_name(&snake_case(&world.ops[op].op.display), "_", &mut used);
        out.push('\n');
        out.push_str(&test_text(world, seq, &fn_name, &first));
    }
    (out, used.len())
}

/// How a regression file starts, before the seed of the run that wrote it.
const HEADER: &str = "// Regression tests generated by drt (seed ";

/// The seed of the run that wrote the regression file `text`, from its
/// first line.
fn written_by(text: &str) -> Option<u64> {
    text.lines().next()?.strip_prefix(HEADER)?.split(')').next()?.parse().ok()
}

/// Writes the regression test file to `path` as `update` says
/// ([`Update::Auto`]: [`Update::No`] when `strict`, as in CI, else
/// [`Update::New`]). A file there is reviewed
/// code: only [`Update::Always`] writes over it; [`Update::New`] puts a
/// changed version beside it, in `path` + `.new`, with a warning saying to
/// review it; [`Update::No`] writes nothing, and a missing or out-of-date
/// file is a warning (in CI, where it is the default, the warning fails the
/// test). A warning, too, when the file cannot be read or written. A file
/// another seed wrote, or any file after a run that cannot repeat one (a
/// run bounded by time: not `repeatable`), is left as it is, with a note
/// and no warning (unless [`Update::Always`]): this run could not have
/// written it, so its difference says nothing of the code (a CI shard
/// exploring with a seed of its own must not fail for it).
pub(crate) fn write(
    path: &Path,
    (update, strict): (Update, bool),
    world: &World<'_>,
    shortest: &[Option<Sequence>],
    (seed, repeatable): (u64, bool),
) -> Result<Option<String>, String> {
    let asked = update;
    let update = match update {
        Update::Auto if strict => Update::No,
        Update::Auto => Update::New,
        update => update,
    };
    let (text, tests) = regression_file(world, shortest, seed);
    let text = crate::render::rustfmt::formatted(&text);
    let fresh = new_path(path);
    let cannot = |e: std::io::Error, p: &Path| format!("cannot write regression tests to {}: {e}", p.display());
    let create = |text: String| {
        path.parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(path, text))
            .map_err(|e| cannot(e, path))
            .map(|()| {
                Some(format!(
                    "wrote {tests} regression test{} to {}",
                    crate::names::plural(tests as u64),
                    path.display()
                ))
            })
    };
    match std::fs::read_to_string(path) {
        // The same tests however laid out (`cargo fmt` may have run on it).
        Ok(old) if crate::render::rustfmt::same_code(&old, &text) => {
            // Up to date: a `.new` left from before is stale.
            let _ = std::fs::remove_file(&fresh);
            Ok(None)
        }
        Ok(old) if update != Update::Always && (!repeatable || written_by(&old) != Some(seed)) => {
            let why = match written_by(&old) {
                Some(by) if by != seed => format!("seed {by} wrote it, and this run explored with seed {seed}"),
                _ => "this run was bounded by time, and no such run repeats one".to_string(),
            };
            Ok(Some(format!("left the regression tests in {} as they are: {why}", path.display())))
        }
        Ok(_) if update == Update::Always => {
            let _ = std::fs::remove_file(&fresh);
            create(text)
        }
        Ok(_) if update == Update::New => {
            std::fs::write(&fresh, text).map_err(|e| cannot(e, &fresh))?;
            Err(format!(
                "{} is out of date: this exploration observed other behaviour; its new version is in {}: review \
                 it and move it over the file (or delete both to write it afresh)",
                path.display(),
                fresh.display()
            ))
        }
        Ok(_) => Err(format!(
            "{} is out of date: this exploration observed other behaviour, and nothing was written ({}): run the \
             test outside CI, or with DRT_UPDATE=new, to get the new version beside it; review it and commit it",
            path.display(),
            why_not(asked),
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && update != Update::No => create(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(format!(
            "{} does not exist, and nothing was written ({}): run the test outside CI, or with DRT_UPDATE=new, \
             to write it; review it and commit it",
            path.display(),
            why_not(asked),
        )),
        Err(e) => Err(format!("cannot read regression tests in {}: {e}", path.display())),
    }
}

/// Why nothing was written, for a warning: `asked` is the update the user
/// chose, which wrote nothing.
fn why_not(asked: Update) -> &'static str {
    match asked {
        Update::No => "DRT_UPDATE or .update_regression_tests() says no",
        _ => "in CI, where DRT_STRICT is on, drt writes no file unless asked",
    }
}

/// Where a new version of the file at `path` goes: `path` with `.new` added.
fn new_path(path: &Path) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".new");
    name.into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::wallet_world;

    #[test]
    fn a_reviewed_file_is_overwritten_only_when_asked_and_ci_writes_nothing_unless_asked() {
        let world = wallet_world();
        let shortest = vec![None; world.ops.len()];
        let dir = std::env::temp_dir().join(format!("drt-regression-tests-{}", std::process::id()));
        let path = dir.join("tests").join("drt_regressions.rs");
        let fresh = dir.join("tests").join("drt_regressions.rs.new");
        let write = |update, strict, seed| write(&path, (update, strict), &world, &shortest, (seed, true));
        // In CI, a missing file is not written, unless asked.
        for update in [Update::Auto, Update::No] {
            let warning = write(update, true, 1).unwrap_err();
            assert!(warning.contains("does not exist, and nothing was written"), "{warning}");
            assert!(!path.exists() && !fresh.exists());
        }
        assert!(write(Update::No, false, 1).unwrap_err().contains("says no"));
        assert!(!path.exists());
        let wrote = write(Update::New, true, 1).unwrap().unwrap();
        assert!(wrote.starts_with("wrote 0 regression tests to ") && wrote.ends_with("drt_regressions.rs"), "{wrote}");
        let first = std::fs::read_to_string(&path).unwrap();
        assert!(first.contains("(seed 1)"));
        assert_eq!(write(Update::Auto, true, 1), Ok(None), "up to date");
        assert!(!fresh.exists());
        // Another seed (a CI shard's) cannot repeat the file: it is left
        // alone, with a note and no warning.
        let note = write(Update::Auto, true, 2).unwrap().unwrap();
        assert!(note.ends_with("as they are: seed 1 wrote it, and this run explored with seed 2"), "{note}");
        assert_eq!(write(Update::New, false, 2).unwrap(), Some(note));
        assert!(!fresh.exists());
        // The same seed observing other behaviour (here: a file edited by
        // hand), which a run bounded by time could not repeat either.
        std::fs::write(&path, first.replace("They pass today", "They passed")).unwrap();
        let timed = crate::regression_tests::write(&path, (Update::Auto, true), &world, &shortest, (1, false));
        assert!(timed.unwrap().unwrap().ends_with("this run was bounded by time, and no such run repeats one"));
        let warning = write(Update::Auto, true, 1).unwrap_err();
        assert!(warning.contains("is out of date") && warning.contains("nothing was written"), "{warning}");
        assert!(!fresh.exists());
        let warning = write(Update::Auto, false, 1).unwrap_err();
        assert!(
            warning.ends_with(
                "drt_regressions.rs.new: review it and move it over the file (or delete both to write it afresh)"
            ),
            "{warning}"
        );
        assert_eq!(std::fs::read_to_string(&fresh).unwrap(), first);
        // Asked to, the file is written over, in CI too, and a stale `.new` goes.
        assert!(write(Update::Always, true, 2).unwrap().is_some());
        assert!(std::fs::read_to_string(&path).unwrap().contains("(seed 2)"));
        assert!(!fresh.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
