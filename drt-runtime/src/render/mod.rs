//! Renders a failing sequence as a complete `#[test] fn` that compiles and
//! fails the same way: the calls ([`statements`]), then what shows the
//! failure (the assertion of a broken contract, the reference's side of a
//! divergence, a postcondition, the check a crash happened in).

pub(crate) mod rustfmt;
mod statements;

use std::fmt::Write;

use crate::differential::compare::AGREES;
use crate::differential::plan::Compare;
use crate::macro_support::{Cue, ParamKind, ParamSpec, Receiver, RetKind};
use crate::names::{belongs_inside_the_crate, snake_case, unique_name};
use crate::oracle::CheckAt;
use crate::outcome::Fault;
use crate::outcome::Violation;
use crate::report::FailureKind;
use crate::sequence::{Holey, Operand, Sequence};
use crate::world::World;

#[cfg(test)]
pub(crate) use statements::statements;
pub(crate) use statements::{allows, lines, names, statement_count};
use statements::{atom, call_text, fill, in_crate_paths, lines_keeping, operand_text, value_text, with_drt_path};

/// A complete `#[test]` reproducing a failure of `operation`: the calls, then
/// for a broken contract or invariant the assertion that fails.
pub(crate) fn render_test(
    world: &World<'_>,
    seq: &Sequence,
    operation: &str,
    kind: FailureKind,
    fault: &Fault,
) -> String {
    let (summary, assertion) = match fault {
        Fault::Broken(v) if v.kind == FailureKind::Divergence => return render_divergence(world, seq, operation, v),
        Fault::Broken(v) if v.kind == FailureKind::Postcondition => return render_postcondition(world, seq, operation),
        Fault::Panic { caught, .. } => {
            (format!("{operation} panics: {}", caught.message.lines().next().unwrap_or("")), None)
        }
        Fault::Broken(v) => (format!("after {operation}: {}", v.message.lines().next().unwrap_or("")), Some(v)),
        Fault::Memory { report, .. } => {
            (format!("{operation}: memcheck: {}", report.lines().next().unwrap_or("")), None)
        }
    };
    let suffix = match kind {
        FailureKind::Flaky => "is_flaky",
        FailureKind::Invariant => "breaks_invariant",
        FailureKind::Contract => "breaks_contract",
        FailureKind::Law => "breaks_law",
        FailureKind::Memory => "misuses_memory",
        _ => "panics",
    };
    // The statement the test ends in: a broken contract's assertion, or the
    // check drt ran after the calls that made a memory error.
    let check = match (assertion, fault) {
        (Some(v), _) => Some((v.template, &v.vars[..])),
        (None, Fault::Memory { check: Some(c), .. }) => Some((c.template.as_str(), &c.vars[..])),
        _ => None,
    };
    let names = names(world, seq, check.map_or(&[][..], |(_, vars)| vars), check.map_or("", |(template, _)| template));
    let mut header = format!("// drt: {summary}\n");
    if kind == FailureKind::Flaky {
        header.push_str("// drt: flaky: this failed once but not when run again, so this test may pass\n");
    }
    if kind == FailureKind::Memory {
        header.push_str(
            "// drt: a memory error, seen by valgrind's memcheck: the calls run under it again \
             (valgrind on PATH)\n",
        );
    }
    if (0..seq.len()).any(|i| world.given(seq, i, Cue::ThenPanic)) {
        header.push_str(
            "// drt: a closure drt passed panics on cue (`then panic`), as a caller's may: \
             what the call leaves must still be usable (unwind safety)\n",
        );
    }
    // A memory error's calls run in `drt::memcheck::run(|| { ... })`, under valgrind.
    let wrap = (kind == FailureKind::Memory).then(|| with_drt_path(world, "drt::memcheck::run(|| {"));
    assemble(world, seq, &names, (&header, &test_name(operation, suffix)), check, wrap)
}

/// A `#[test]` of a divergence from the reference: the calls, then the
/// same calls on the reference (each as its counterpart, without those
/// that have none), then the assertion that the last results agree, or,
/// where the reference panicked, nothing more: its last call panics.
fn render_divergence(world: &World<'_>, seq: &Sequence, operation: &str, v: &Violation) -> String {
    let d = world.reference.as_ref().expect("drt: a divergence without a reference (bug in drt)");
    let last = seq.len() - 1;
    let mut shadow = Holey::default();
    let mut runs = d.plan.shadow(seq, &mut shadow);
    // A value made only for calls that have no counterpart is not made
    // there, nor one whose counterparts take something else (the items of
    // an iterator, not the iterator).
    for i in (0..last).rev() {
        let used = seq.uses(i as u32).next().is_some();
        if runs[i] && used && shadow.with_holes().uses(i as u32).all(|(at, _)| !runs[at]) {
            runs[i] = false;
        }
    }
    // A call left out made nothing the others use.
    let theirs = shadow.kept(&runs);
    let their_last = theirs.len() - 1;
    let ours_names = names(world, seq, &[last as u32], "");
    let mut their_names = names(world, &theirs, &[their_last as u32], "");
    // The reference's names say so, and differ from the tested side's.
    for name in their_names.iter_mut().flatten() {
        let taken = ours_names.iter().flatten().any(|n| n == name);
        if taken || !name.split('_').any(|word| word == "model") {
            *name = format!("model_{name}");
        }
    }
    let compare = d.plan.compare(seq.op(last));
    let results = matches!(compare, Some(Compare::Results { .. }));
    let numbers_by = numbers_by(world, world.op(seq.op(last)).op.spec.ret_ty, d.subject);
    let mut body = lines_keeping(world, seq, &ours_names, Some(last), results);
    body.extend(lines_keeping(world, &theirs, &their_names, Some(their_last), results));
    let ours = ours_names[last].clone().unwrap_or_default();
    let model = their_names[their_last].clone().unwrap_or_default();
    let (ours_ret, their_ret) = (world.op(seq.op(last)).op.spec.ret, world.op(theirs.op(their_last)).op.spec.ret);
    let their_op = &world.op(theirs.op(their_last)).op.display;
    let whole = |name: &str, ret: RetKind, other: RetKind| match (ret.may_be_empty(), other.may_be_empty()) {
        (false, true) => format!("Some({name})"),
        _ => name.to_string(),
    };
    match (v.contract, compare) {
        (AGREES, Some(Compare::Results { values: true })) => {
            body.push(format!("assert_eq!({ours}, {model}, \"{operation} must agree with {their_op}\");"))
        }
        // The values are the type under test and the reference: the errors.
        (AGREES, Some(Compare::Results { values: false })) => body.push(format!(
            "assert_eq!({ours}.as_ref().err(), {model}.as_ref().err(), \"{operation} must agree with {their_op}\");"
        )),
        (AGREES, Some(Compare::Values)) => body.push(format!(
            "assert_eq!({}, {}, \"{operation} must agree with {their_op}\");",
            whole(&ours, ours_ret, their_ret),
            whole(&model, their_ret, ours_ret),
        )),
        // As numbers: through `Display` where the type under test has it
        // (std's integers print in decimal), else through `Debug`.
        (AGREES, Some(Compare::Numbers)) => {
            let text = |name: &str, ret: RetKind, other: RetKind| {
                let whole = whole(name, ret, other);
                match (numbers_by, ret.may_be_empty() || other.may_be_empty()) {
                    (NumbersBy::Display, true) => format!("{whole}.map(|v| v.to_string())"),
                    (NumbersBy::Display, false) => format!("{whole}.to_string()"),
                    (NumbersBy::FirstDisplay, true) => format!("{whole}.map(|(v, flag)| (v.to_string(), flag))"),
                    (NumbersBy::FirstDisplay, false) => format!("({whole}.0.to_string(), {whole}.1)"),
                    (NumbersBy::Debug, _) => format!("format!(\"{{:?}}\", {whole})"),
                }
            };
            if numbers_by == NumbersBy::Debug {
                body.push("// (drt reads both as numbers: a wrapper `U(5)` reads as `5`)".to_string());
            }
            body.push(format!(
                "assert_eq!({}, {}, \"{operation} must agree with {their_op}\");",
                text(&ours, ours_ret, their_ret),
                text(&model, their_ret, ours_ret),
            ));
        }
        (AGREES, _) => {
            let some =
                |name: &str, ret: RetKind| if ret.may_be_empty() { format!("{name}.is_some()") } else { "true".into() };
            body.push(format!(
                "assert_eq!({}, {}, \"{operation} must agree with {their_op}\");",
                some(&ours, ours_ret),
                some(&model, their_ret)
            ));
        }
        _ => body.insert(body.len() - 1, "// The reference panics here:".to_string()),
    }
    let model_name = crate::names::display_type_name(world.reg.desc(d.model).name);
    let header =
        format!("// drt: {operation} diverges from {model_name}: {}\n", v.message.lines().next().unwrap_or(""));
    test_text(world, seq, Some(&theirs), &header, &test_name(operation, "diverges"), None, body)
}

/// How an emitted test reads a result compared as a number
/// (`Compare::Numbers`), as drt read it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NumbersBy {
    /// `v.to_string()`: the type has `Display`.
    Display,
    /// `(v.0.to_string(), v.1)`: a pair of the type under test, which has
    /// `Display`, and a flag (`overflowing_add`).
    FirstDisplay,
    /// `format!("{:?}", v)`.
    Debug,
}

/// How an emitted test reads a result of type `ret` as a number, the type
/// under test being `subject`.
fn numbers_by(world: &World<'_>, ret: Option<std::any::TypeId>, subject: std::any::TypeId) -> NumbersBy {
    let desc = |ty: std::any::TypeId| world.reg.types.get(&ty);
    let Some(d) = ret.and_then(desc) else { return NumbersBy::Debug };
    let shown = desc(subject).is_some_and(|s| s.display.is_some());
    match d.parts {
        None if d.display.is_some() => NumbersBy::Display,
        Some(_) if shown && d.name.starts_with(&format!("({}, ", world.reg.desc(subject).name)) => {
            NumbersBy::FirstDisplay
        }
        _ => NumbersBy::Debug,
    }
}

/// A `#[test]` of a postcondition false after the last call: the calls,
/// the last one's result kept as `result` (with `old`, a clone of its
/// receiver from before it, and the parameters the postcondition names,
/// bound under their names), then the postcondition asserted, as written
/// (`self` read as the receiver).
fn render_postcondition(world: &World<'_>, seq: &Sequence, operation: &str) -> String {
    let last = seq.len() - 1;
    let spec = &world.op(seq.op(last)).op.spec;
    let ensures = spec.ensures;
    let mut names = names(world, seq, &[], "");
    // The postcondition's own names are the test's too.
    let reserved: Vec<&str> = ["result", "old"].into_iter().chain(spec.params.iter().map(|p| p.name)).collect();
    let mut taken: Vec<String> =
        names.iter().flatten().cloned().chain(reserved.iter().map(|r| r.to_string())).collect();
    for name in names.iter_mut().flatten() {
        if reserved.contains(&name.as_str()) {
            *name = unique_name(name, "_", &mut taken);
        }
    }
    let mut body = lines(world, seq, &names);
    // The last call is written below, its result kept.
    body.pop();
    let args = seq.args(last);
    let receiver = match (spec.receiver, args.first()) {
        (Receiver::None, _) | (_, None) => None,
        (_, Some(arg)) => Some(value_text(world, seq, &names, arg, &spec.params[0])),
    };
    let named = |name: &str| crate::names::mentions(ensures, name);
    if let (true, Some(recv)) = (named("old"), &receiver) {
        body.push(format!("let old = {}.clone();", atom(recv)));
    }
    let mut after = Vec::new();
    for (k, (arg, p)) in args.iter().zip(&spec.params).enumerate() {
        if k == 0 && spec.receiver != Receiver::None || !named(p.name) {
            continue;
        }
        if p.kind == ParamKind::Value {
            let ty = crate::names::code_type_name(world.reg.desc(p.ty).name);
            let value = match arg {
                Operand::Var { .. } if !world.reg.desc(p.ty).copy => {
                    format!("{}.clone()", atom(&value_text(world, seq, &names, arg, p)))
                }
                _ => value_text(world, seq, &names, arg, p),
            };
            body.push(format!("let {}: {ty} = {value};", p.name));
        } else {
            let kind = match p.kind {
                ParamKind::Mut => ParamKind::Ref,
                ParamKind::SliceMut => ParamKind::Slice,
                kind => kind,
            };
            after.push(format!(
                "let {} = {};",
                p.name,
                operand_text(world, seq, &names, arg, &ParamSpec { kind, ..*p })
            ));
        }
    }
    body.push(format!("let result = {};", call_text(world, seq, &names, last)));
    body.extend(after);
    let mut condition = crate::names::replace_ident(
        ensures,
        "Self",
        &crate::names::code_type_name(world.op(seq.op(last)).op.owner_name),
    );
    if let Some(recv) = &receiver {
        condition = crate::names::replace_ident(&condition, "self", recv);
    }
    body.push(format!("assert!({condition}, \"the postcondition of {operation} must hold\");"));
    let header = format!("// drt: after {operation}, its postcondition `{ensures}` is false\n");
    test_text(world, seq, None, &header, &test_name(operation, "breaks_postcondition"), None, body)
}

/// The name of the test of a failure of `operation`: `account_withdraw_panics`,
/// `drop_bomb_panics`.
fn test_name(operation: &str, suffix: &str) -> String {
    format!("{}_{suffix}", snake_case(operation))
}

/// `fn fn_name` as a `#[test]` of these lines, with `header` (comment
/// lines) above it and the lints the code of `seq` needs allowed. A test
/// calling a private method (of `seq`, or of `theirs`, the reference's
/// calls) compiles only in the method's module: it says so. Such a test,
/// or one whose body says so (a private invariant's check), has its paths
/// start with `crate::`, not with the crate's name.
fn test_text(
    world: &World<'_>,
    seq: &Sequence,
    theirs: Option<&Sequence>,
    header: &str,
    fn_name: &str,
    allow: Option<&str>,
    body: impl IntoIterator<Item = String>,
) -> String {
    let mut out = header.to_string();
    out.push_str("#[test]\n");
    out.push_str(allows(world, seq));
    if let Some(allow) = allow {
        let _ = writeln!(out, "{allow}");
    }
    let _ = writeln!(out, "fn {fn_name}() {{");
    let calls = seq.calls().chain(theirs.into_iter().flat_map(Sequence::calls));
    let private = calls.map(|(op, _)| &world.op(op).op).find(|o| o.spec.private);
    if let Some(op) = private {
        let _ = writeln!(out, "    {}", private_note(&op.display));
    }
    for line in body {
        let _ = writeln!(out, "    {line}");
    }
    out.push_str("}\n");
    let owner = match private {
        Some(op) => Some(op.owner_name),
        None if belongs_inside_the_crate(&out) => (seq.len() > 0).then(|| world.op(seq.op(0)).op.owner_name),
        None => None,
    };
    match owner {
        Some(owner) => in_crate_paths(&out, owner.split("::").next().unwrap_or(owner)),
        None => out,
    }
}

/// The line a test calling the private `name` starts with.
fn private_note(name: &str) -> String {
    format!("// `{name}` is private: put this test in a #[cfg(test)] module next to it")
}

/// A `#[test]` named `fn_name` with `header` (comment lines) above it: the
/// calls of `seq`, then `check`'s statement (a template and its variables),
/// if any; all of it inside `wrap` (`drt::memcheck::run(|| {`) and its
/// closing `});` when there is one.
fn assemble(
    world: &World<'_>,
    seq: &Sequence,
    names: &[Option<String>],
    (header, fn_name): (&str, &str),
    check: Option<(&str, &[u32])>,
    wrap: Option<String>,
) -> String {
    let allow = check.and_then(|(template, _)| crate::oracle::allow_for(template));
    let filled = check.map(|(template, vars)| fill(template, vars, names)).unwrap_or_default();
    let body = lines(world, seq, names).into_iter().chain(filled.lines().map(str::to_string));
    let body: Vec<String> = match wrap {
        Some(open) => {
            std::iter::once(open).chain(body.map(|line| format!("    {line}"))).chain(["});".into()]).collect()
        }
        None => body.collect(),
    };
    test_text(world, seq, None, header, fn_name, allow, body)
}

/// A `#[test]` that crashes (or hangs) the test binary the way the
/// exploration did: the calls, then the check drt ran after them when the
/// crash happened in one (`let _ = format!("{:?}", x);`).
pub(crate) fn render_crash(
    world: &World<'_>,
    seq: &Sequence,
    check: Option<&CheckAt>,
    how_to_run: Option<&str>,
    operation: &str,
    kind: FailureKind,
    message: &str,
) -> String {
    let (verb, note, suffix) = match kind {
        FailureKind::Timeout => ("hangs", "this test does not finish: run it with a timeout", "hangs"),
        _ => ("crashes the process", "running this test takes its test binary down with it", "crashes"),
    };
    let names = names(world, seq, check.map_or(&[][..], |c| &c.vars[..]), check.map_or("", |c| c.template.as_str()));
    // A crash in a check after the last call is the check's, not the call's:
    // named by its statement when that is one line, else by its contract.
    let what = match check.map(|c| (c, fill(&c.template, &c.vars, &names))) {
        Some((_, text)) if !text.contains('\n') => format!("after {operation}, `{}`", text.trim_end_matches(';')),
        Some((c, _)) => format!("after {operation}, the check `{}`", c.contract),
        None => operation.to_string(),
    };
    let mut header = format!("// drt: {what} {verb}: {message}\n// drt: {note}\n");
    if (0..seq.len()).any(|i| world.given(seq, i, Cue::Lies)) {
        header.push_str(
            "// drt: an iterator drt passed lies about its length (`claims`): safe code may answer \
             wrongly, or panic, but must not crash\n",
        );
    }
    if let Some(how) = how_to_run {
        let _ = writeln!(header, "// drt: {how}");
    }
    let check = check.map(|c| (c.template.as_str(), &c.vars[..]));
    assemble(world, seq, &names, (&header, &test_name(operation, suffix)), check, None)
}

#[cfg(test)]
mod tests {
    use super::statements::{owner_path, qualified_seed};
    use super::*;
    use crate::sequence::Mode;

    #[test]
    fn a_crash_in_a_check_of_several_lines_names_the_check_and_compiles_in_the_crate() {
        let world = World::new(crate::registry::Registry::global(), &[std::any::TypeId::of::<crate::fixtures::Dial>()]);
        let broken = world.ops.iter().position(|o| o.op.spec.name == "broken").unwrap() as u32;
        let seq = Sequence::from_calls([(broken, vec![])]);
        let check = CheckAt {
            contract: "fits".into(),
            template: "// `fits` is private: put this test in a #[cfg(test)] module\nassert!($0.fits());".into(),
            vars: vec![0],
        };
        let code = render_crash(&world, &seq, Some(&check), None, "Dial::broken", FailureKind::Timeout, "it hangs");
        let (header, test) = code.split_once("#[test]\n").unwrap();
        assert!(header.lines().all(|l| l.starts_with("// drt: ")), "{code}");
        assert!(header.starts_with("// drt: after Dial::broken, the check `fits` hangs: it hangs\n"), "{code}");
        assert!(test.starts_with("fn dial_broken_hangs() {"), "{code}");
        assert!(test.contains("crate::fixtures::Dial::broken()") && !test.contains("drt::fixtures"), "{code}");
        assert!(test.contains("assert!(dial.fits());"), "{code}");
    }

    #[test]
    fn a_divergence_runs_both_sides_without_the_calls_that_have_no_counterpart() {
        use crate::fixtures::{Tally, TallyModel};
        use std::any::TypeId;
        let ids = [TypeId::of::<Tally>()];
        let world = crate::differential::shadow::against(
            World::new(crate::registry::Registry::global(), &ids),
            ids[0],
            TypeId::of::<TallyModel>(),
        )
        .unwrap();
        let op = |name: &str| world.ops.iter().position(|o| o.op.spec.name == name).unwrap() as u32;
        let int = |n| Operand::Int { kind: crate::ints::IntKind::U32, bits: n };
        let var = |var, mode| Operand::Var { var, mode };
        let pairs =
            Operand::SeedVec { builder: world.vec_by_type[&TypeId::of::<Vec<(u32, u8)>>()], elems: Box::default() };
        let seq = Sequence::from_calls([
            (op("new"), vec![]),
            (op("new"), vec![]),
            (op("add_products"), vec![var(1, Mode::Mut), pairs]),
            (op("add"), vec![var(0, Mode::Mut), int(5)]),
            (op("total"), vec![var(0, Mode::Ref)]),
        ]);
        let v = Violation {
            kind: FailureKind::Divergence,
            contract: AGREES,
            message: "Tally::total returned 5, but TallyModel::total (the reference) returned 6".into(),
            vars: Vec::new(),
            template: "",
        };
        let code = render_test(&world, &seq, "Tally::total", FailureKind::Divergence, &Fault::Broken(v));
        let expected = "\
// drt: Tally::total diverges from TallyModel: Tally::total returned 5, but TallyModel::total (the reference) returned 6
#[test]
fn tally_total_diverges() {
    let mut tally = drt::fixtures::Tally::new();
    let mut tally2 = drt::fixtures::Tally::new();
    tally2.add_products(vec![]);
    tally.add(5);
    let total = tally.total();
    let mut tally_model = drt::fixtures::TallyModel::new();
    tally_model.add(&5);
    let model_total = tally_model.total();
    assert_eq!(total, model_total, \"Tally::total must agree with TallyModel::total\");
}
";
        assert_eq!(code, expected);
    }

    #[test]
    fn paths_inside_the_crate_start_at_crate() {
        let code = "let a = span::Span::new(); let b = my_span::X::f(); let c = <span::Span as span::T>::g(&a);";
        assert_eq!(
            in_crate_paths(code, "span"),
            "let a = crate::Span::new(); let b = my_span::X::f(); let c = <crate::Span as crate::T>::g(&a);"
        );
    }

    #[test]
    fn generic_owners_use_turbofish_paths() {
        assert_eq!(owner_path("a::Stack<u8>"), "a::Stack::<u8>");
        assert_eq!(owner_path("a::Map<alloc::string::String, a::Cell<u8>>"), "a::Map::<String, a::Cell<u8>>");
        assert_eq!(owner_path("a::Account"), "a::Account");
    }

    #[test]
    fn seed_expressions_naming_their_type_get_its_path() {
        let q = |lit| qualified_seed(lit, "netcfg::lease::LeaseTime");
        assert_eq!(q("LeaseTime::Infinite"), "netcfg::lease::LeaseTime::Infinite");
        assert_eq!(q("LeaseTime::Hours(24)"), "netcfg::lease::LeaseTime::Hours(24)");
        assert_eq!(q("LeaseTime { hours: 1 }"), "netcfg::lease::LeaseTime { hours: 1 }");
        // Other expressions, and names that only start like the type, are kept.
        assert_eq!(q("LeaseTimes::X"), "LeaseTimes::X");
        assert_eq!(q("crate::lease::LeaseTime::Infinite"), "crate::lease::LeaseTime::Infinite");
        assert_eq!(q("make_lease()"), "make_lease()");
        assert_eq!(qualified_seed("String::new()", "alloc::string::String"), "String::new()");
        assert_eq!(qualified_seed("Grid::new(1)", "g::Grid<u8>"), "g::Grid::new(1)");
    }
}
