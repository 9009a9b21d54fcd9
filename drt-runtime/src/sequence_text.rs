//! A sequence as text: one `call <path>` line per call, an indented line
//! per argument, then `end`. Operations are named by their full path and
//! seeds by their Rust literal, so the text survives unrelated changes to
//! the code and means the same in another process: saved failures are kept
//! in it, and a supervisor and its children trade traces and replays in it.

use std::fmt::Write as _;

use crate::ints::IntKind;
use crate::sequence::{Mode, Operand, Sequence};
use crate::world::World;

/// A sequence as text: `call <path>` lines with indented arguments, then `end`.
pub(crate) fn encode(world: &World<'_>, seq: &Sequence) -> String {
    let mut out = String::new();
    for (op, args) in seq.calls() {
        let op = world.ops[op as usize].op;
        let _ = writeln!(out, "call {}", op.path);
        for arg in args {
            match arg {
                Operand::Var { var, mode } => {
                    let mode = match mode {
                        Mode::Ref => "ref",
                        Mode::Mut => "mut",
                        Mode::Move => "move",
                        Mode::Clone => "clone",
                    };
                    let _ = writeln!(out, "  var {var} {mode}");
                }
                Operand::Seed(_) | Operand::Int { .. } => {
                    let _ = writeln!(out, "  {}", scalar(world, arg));
                }
                Operand::SeedVec { elems, .. } => {
                    let _ = writeln!(out, "  vec {}", elems.len());
                    for e in elems.iter() {
                        let _ = writeln!(out, "    {}", scalar(world, e));
                    }
                }
            }
        }
    }
    out.push_str("end\n");
    out
}

/// A seed (`seed <literal>`) or a drawn integer (`int <literal>`).
fn scalar(world: &World<'_>, operand: &Operand) -> String {
    match operand {
        Operand::Seed(s) => format!("seed {}", world.seeds[*s as usize].literal),
        Operand::Int { kind, bits } => format!("int {}", kind.literal(*bits)),
        _ => unreachable!("drt: only seeds and drawn integers have literals"),
    }
}

/// The operand a [`scalar`] line of type `ty` stands for. A seed no longer
/// in the table (a mined literal the code lost) is still read when it is
/// an integer; another is noted in `unknown`, when given, for the world to
/// adopt ([`unknown_literals`]).
fn parse_scalar(
    world: &World<'_>,
    line: &str,
    ty: std::any::TypeId,
    unknown: &mut Option<&mut Vec<(std::any::TypeId, String)>>,
) -> Result<Operand, String> {
    let int = |text: &str| IntKind::of(ty).and_then(|kind| Some(Operand::Int { kind, bits: kind.parse(text)? }));
    if let Some(text) = line.strip_prefix("int ") {
        return int(text).ok_or_else(|| format!("`{text}` is not a `{}`", world.reg.desc(ty).name));
    }
    let text = line.strip_prefix("seed ").ok_or_else(|| format!("expected `seed` or `int`, found `{line}`"))?;
    let seeds = world.seeds_by_type.get(&ty).map_or(&[][..], Vec::as_slice);
    let seed = seeds.iter().copied().find(|s| world.seeds[*s as usize].literal == text);
    if let (None, None, Some(unknown)) = (seed, int(text), unknown) {
        unknown.push((ty, text.to_string()));
        return Ok(Operand::Seed(0));
    }
    seed.map(Operand::Seed)
        .or_else(|| int(text))
        .ok_or_else(|| format!("no seed `{text}` for `{}`", world.reg.desc(ty).name))
}

/// The literals of an entry's seeds that are not in the world's table (a
/// string the code no longer has), with their types, for
/// [`World::adopt`](crate::world::World::adopt).
pub(crate) fn unknown_literals(world: &World<'_>, entry: &str) -> Vec<(std::any::TypeId, String)> {
    let mut unknown = Vec::new();
    let _ = decode_noting(world, entry, &mut Some(&mut unknown));
    unknown
}

/// Parses an entry back into a sequence of this world's operations and seeds.
pub(crate) fn decode(world: &World<'_>, entry: &str) -> Result<Sequence, String> {
    decode_noting(world, entry, &mut None)
}

fn decode_noting(
    world: &World<'_>,
    entry: &str,
    unknown: &mut Option<&mut Vec<(std::any::TypeId, String)>>,
) -> Result<Sequence, String> {
    let mut seq = Sequence::default();
    let mut lines = entry.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).peekable();
    while let Some(line) = lines.next() {
        let line = line.trim_end();
        if line == "end" {
            break;
        }
        let path = line.strip_prefix("call ").ok_or_else(|| format!("expected `call`, found `{line}`"))?;
        let op = world.ops.iter().position(|o| o.op.path == path).ok_or_else(|| format!("no operation `{path}`"))?;
        let params = &world.ops[op].op.spec.params;
        let mut args = Vec::with_capacity(params.len());
        for p in params {
            let line = lines.next().ok_or_else(|| format!("`{path}` is missing arguments"))?.trim();
            let arg = if let Some(rest) = line.strip_prefix("var ") {
                let (var, mode) = rest.split_once(' ').ok_or("a `var` needs an index and a mode")?;
                let var: u32 = var.parse().map_err(|_| format!("bad variable `{var}`"))?;
                let mode = match mode {
                    "ref" => Mode::Ref,
                    "mut" => Mode::Mut,
                    "move" => Mode::Move,
                    "clone" => Mode::Clone,
                    other => return Err(format!("bad mode `{other}`")),
                };
                Operand::Var { var, mode }
            } else if line.starts_with("seed ") || line.starts_with("int ") {
                parse_scalar(world, line, p.ty, unknown)?
            } else if let Some(n) = line.strip_prefix("vec ") {
                let n: usize = n.parse().map_err(|_| format!("bad length `{n}`"))?;
                let builder = *world.vec_by_type.get(&p.ty).ok_or("no way to build this vector")?;
                let fields = world.vecs[builder as usize].fields();
                if !n.is_multiple_of(fields.len()) {
                    return Err(format!("a vector of {n} values cannot hold elements of {}", fields.len()));
                }
                let mut elems = Vec::with_capacity(n);
                for i in 0..n {
                    let line = lines.next().ok_or("a vector is missing elements")?.trim();
                    elems.push(parse_scalar(world, line, fields[i % fields.len()], unknown)?);
                }
                Operand::SeedVec { builder, elems: Box::new(elems) }
            } else {
                return Err(format!("expected an argument, found `{line}`"));
            };
            args.push(arg);
        }
        seq.push(op as u32, args);
    }
    seq.check_ownership()?;
    Ok(seq)
}

/// The sequences of a text holding several, one after the other (a trace,
/// a saved-failures file): the lines from a `call` line to an `end` line,
/// without `#` comments. An entry cut short (no `end` yet) is left out.
pub(crate) fn split(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if current.is_none() && line.starts_with("call ") {
            current = Some(String::new());
        }
        if let Some(entry) = current.as_mut().filter(|_| !line.starts_with('#')) {
            entry.push_str(line);
            entry.push('\n');
        }
        if line.trim_end() == "end" {
            out.extend(current.take());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{pool_sequences, wallet_world};

    /// An operation whose name ends in `end` (`append`, `send`) does not
    /// end a sequence: only a line that is `end` does.
    #[test]
    fn a_trace_splits_at_end_lines_only() {
        let one = "call buf::Buf::new\nend\n";
        let two =
            "call buf::Buf::new\ncall buf::Buf::append\n  var 0 mut\n  seed 1\ncall buf::Buf::send\n  var 0 ref\nend\n";
        let trace = format!("{one}{two}call buf::Buf::extend\n");
        assert_eq!(split(&trace), vec![one.to_string(), two.to_string()]);
    }

    #[test]
    fn every_generated_sequence_survives_a_round_trip() {
        let world = wallet_world();
        let seqs = pool_sequences(&world, 1_000);
        assert!(seqs.len() > 100);
        for seq in seqs {
            let text = encode(&world, &seq);
            assert_eq!(decode(&world, &text).as_ref(), Ok(&seq), "{text}");
        }
    }

    #[test]
    fn entries_that_no_longer_match_are_reported_not_replayed() {
        let world = wallet_world();
        let path = "drt::fixtures::Wallet";
        assert_eq!(decode(&world, "call nope::Gone::f\nend\n"), Err("no operation `nope::Gone::f`".to_string()));
        let unknown_seed = format!("call {path}::issue\n  seed 4294967296\nend\n");
        assert_eq!(decode(&world, &unknown_seed), Err("no seed `4294967296` for `u32`".to_string()));
        let moved_twice = format!("call {path}::new\ncall {path}::merged\n  var 0 move\n  var 0 ref\nend\n");
        assert_eq!(decode(&world, &moved_twice), Err("call 1 uses variable 0 twice".to_string()));
    }
}
