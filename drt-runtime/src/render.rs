//! Renders a sequence as a complete `#[test] fn`: one statement per call,
//! named variables, literals inline, and exactly the borrows, clones and
//! `.unwrap()`s that rustc needs (the sequence already obeys Rust's ownership
//! rules: `Sequence::check_ownership`).

use std::fmt::Write;

use crate::differential::compare::AGREES;
use crate::differential::plan::Compare;
use crate::macro_support::{Borrowed, Cue, Items, OpKind, ParamKind, ParamSpec, Receiver, RetKind, Syntax};
use crate::names::{belongs_inside_the_crate, snake_case, unique_name};
use crate::oracle::CheckAt;
use crate::outcome::Fault;
use crate::outcome::Violation;
use crate::report::FailureKind;
use crate::sequence::{Mode, Operand, Sequence};
use crate::world::World;

const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if", "impl", "in",
    "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "static", "struct", "super", "trait",
    "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn", "abstract", "become", "box", "do",
    "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// The name for call `i`'s result: the type's name for constructors, else the
/// method's (`balance` for `account.balance()`).
fn base_name(world: &World<'_>, seq: &Sequence, i: usize) -> String {
    let op = &world.op(seq.op(i)).op;
    let ret_ty = op.spec.ret_ty.map(|t| world.reg.desc(t));
    // `map::<u8>` -> `map`; a builder is named after what it builds.
    let method = op.spec.name.split("::<").next().unwrap_or(op.spec.name);
    let method = match (op.spec.kind.is_builder(), ret_ty.map(|d| d.name)) {
        (true, Some(name)) if name.starts_with('(') => "tuple",
        (true, Some(name)) if name.starts_with('[') => "array",
        (true, _) => ret_ty.map_or(method, |d| d.short_name()),
        (false, _) => method,
    };
    // Values of the crate's own types are named after the type (`account`),
    // std values and primitives after the method (`let len = v.len()`).
    let from_type = ret_ty.filter(|d| {
        let named = d.short_name().starts_with(char::is_uppercase) && !d.name.starts_with(['(', '[']);
        d.id == op.spec.owner || (named && world.reg.checked.contains(&d.id))
    });
    let name = match from_type {
        Some(d) => snake_case(d.short_name()),
        None => {
            let m = ["get_", "to_", "into_", "as_"].iter().find_map(|p| method.strip_prefix(p)).unwrap_or(method);
            snake_case(m)
        }
    };
    if name.is_empty() || KEYWORDS.contains(&name.as_str()) {
        format!("{name}_value")
    } else {
        name
    }
}

/// Whether call `i` is written inside the call using its result rather
/// than as a statement of its own: a built-in value (`s.slice(2..5)`,
/// `Some(3)`, `vec![(1, 2)]`, `Some(cell.clone())`). Builders have no side
/// effects, so writing one where it is used changes nothing as long as what
/// it is made of is the same there: one made of literals and other such
/// values is written at each use; one taking a variable is written at its
/// single use when nothing changes or takes that variable in between.
fn inlined(world: &World<'_>, seq: &Sequence, i: usize) -> bool {
    let call = seq.args(i);
    if !world.op(seq.op(i)).op.spec.kind.is_builder() {
        return false;
    }
    let mut uses = seq.uses(i as u32);
    let Some((first_use, _)) = uses.next() else { return false };
    let single_use = uses.next().is_none();
    // Each use gets its own copy of the literal, which is what a clone or
    // a shared borrow saw; a `&mut` use would change what later ones see.
    if seq.uses(i as u32).any(|(_, mode)| mode == Mode::Mut) {
        return false;
    }
    call.iter().all(|a| match a {
        Operand::Var { var, mode: Mode::Move | Mode::Clone } if inlined(world, seq, *var as usize) => true,
        // A variable's value, taken later: the same while no call in between
        // uses it, and the using call does not use it too.
        Operand::Var { var, mode: Mode::Move | Mode::Clone } => {
            single_use && seq.uses(*var).all(|(at, _)| at <= i || at > first_use)
        }
        Operand::Var { .. } => false,
        Operand::Seed(_) | Operand::Int { .. } | Operand::SeedVec { .. } => true,
    })
}

/// Variable names: each result used by a later call or by the final
/// assertion (`extra`) gets its base name, numbered on clashes; a result
/// written inline where it is used (see [`inlined`]) gets none.
pub(crate) fn names(world: &World<'_>, seq: &Sequence, extra: &[u32]) -> Vec<Option<String>> {
    let mut taken: Vec<String> = Vec::new();
    (0..seq.len())
        .map(|i| {
            let unused = seq.uses(i as u32).next().is_none() || inlined(world, seq, i);
            if unused && !extra.contains(&(i as u32)) {
                return None;
            }
            Some(unique_name(&base_name(world, seq, i), "", &mut taken))
        })
        .collect()
}

/// A seed or a drawn integer as an argument passed this way.
fn scalar_text(world: &World<'_>, operand: &Operand, kind: ParamKind) -> String {
    let (literal, owned) = match operand {
        Operand::Seed(s) => {
            let s = &world.seeds[*s as usize];
            let literal = with_drt_path(world, &s.literal);
            let owned = if s.is_string { format!("String::from({literal})") } else { literal.clone() };
            (literal, owned)
        }
        Operand::Int { kind, bits } => (kind.literal(*bits), kind.literal(*bits)),
        _ => unreachable!("drt: only seeds and drawn integers are written as literals"),
    };
    match kind {
        ParamKind::Str => literal,
        ParamKind::Ref | ParamKind::Slice => format!("&{owned}"),
        ParamKind::Mut | ParamKind::SliceMut => format!("&mut {owned}"),
        ParamKind::Value => owned,
    }
}

/// An operand of an operator: parenthesized unless it is a name, a
/// literal or a call (`a - (-5)`, `(2..5).len()`).
fn atom(text: &str) -> String {
    let mut in_str = false;
    let mut depth = 0;
    let mut compound = text.starts_with(['-', '&', '!', '*']);
    let mut prev = ' ';
    for c in text.chars() {
        match c {
            '"' if prev != '\\' => in_str = !in_str,
            '(' | '[' | '{' if !in_str => depth += 1,
            ')' | ']' | '}' if !in_str => depth -= 1,
            ' ' | '.' if !in_str && depth == 0 && (c == ' ' || prev == '.') => compound = true,
            _ => {}
        }
        prev = c;
    }
    if compound {
        format!("({text})")
    } else {
        text.to_string()
    }
}

fn operand_text(world: &World<'_>, seq: &Sequence, names: &[Option<String>], arg: &Operand, p: &ParamSpec) -> String {
    let kind = p.kind;
    match arg {
        Operand::Var { var, mode } => {
            let (name, borrowed) = match &names[*var as usize] {
                Some(name) => (name.clone(), name.clone()),
                None if seq.uses(*var).next().is_some() => {
                    let text = call_text(world, seq, names, *var as usize);
                    (text.clone(), atom(&text))
                }
                None => ("_".to_string(), "_".to_string()),
            };
            match mode {
                Mode::Ref => format!("&{borrowed}"),
                Mode::Mut => format!("&mut {borrowed}"),
                Mode::Clone if !world.reg.desc(p.ty).copy && names[*var as usize].is_some() => {
                    format!("{name}.clone()")
                }
                Mode::Move | Mode::Clone => name,
            }
        }
        Operand::Seed(_) | Operand::Int { .. } => scalar_text(world, arg, kind),
        Operand::SeedVec { builder, elems } => {
            let values: Vec<String> = elems.iter().map(|e| scalar_text(world, e, ParamKind::Value)).collect();
            let items = match world.vecs[*builder as usize].arity {
                1 => values.join(", "),
                arity => {
                    values.chunks(arity as usize).map(|e| format!("({})", e.join(", "))).collect::<Vec<_>>().join(", ")
                }
            };
            match kind {
                ParamKind::Slice => format!("&[{items}]"),
                ParamKind::SliceMut => format!("&mut [{items}]"),
                ParamKind::Ref => format!("&vec![{items}]"),
                ParamKind::Mut => format!("&mut vec![{items}]"),
                ParamKind::Value | ParamKind::Str => format!("vec![{items}]"),
            }
        }
    }
}

/// The path to call an associated function on: `my_crate::Account`, or
/// `my_crate::Stack::<u8>` for a generic type.
fn owner_path(name: &str) -> String {
    crate::names::code_type_name(name).replacen('<', "::<", 1)
}

/// An operand as a value, with no borrow: what an operator compares
/// (`a == b` for `PartialEq::eq(&a, &b)`).
fn value_text(world: &World<'_>, seq: &Sequence, names: &[Option<String>], arg: &Operand, p: &ParamSpec) -> String {
    let as_value = ParamSpec { kind: ParamKind::Value, ..*p };
    match arg {
        Operand::Var { var, .. } => {
            operand_text(world, seq, names, &Operand::Var { var: *var, mode: Mode::Move }, &as_value)
        }
        other => operand_text(world, seq, names, other, &as_value),
    }
}

/// `<Type as Trait>::method(args)`.
fn qualified(op: &crate::registry::Operation, args: Vec<String>) -> String {
    let owner = crate::names::code_type_name(op.owner_name);
    format!("<{owner} as {}>::{}({})", op.spec.trait_name, op.spec.name, args.join(", "))
}

/// Whether another registered method of the same type has the same name.
fn ambiguous(world: &World<'_>, op: &crate::registry::Operation) -> bool {
    world.reg.ops.iter().any(|o| {
        o.spec.owner == op.spec.owner && o.spec.name == op.spec.name && o.spec.trait_name != op.spec.trait_name
    })
}

/// A `seeds(...)` expression of a type drt does not seed itself (an
/// operation made by [`crate::macro_support::builders::seed`]) as a test outside the crate
/// must write it: one
/// naming its own type by its bare name (`LeaseTime::Infinite`,
/// `Money::new(5)`, `Point { x: 1, y: 2 }`) gets the type's full path, like
/// every other path in emitted code (`my_crate::lease::LeaseTime::Infinite`).
fn qualified_seed(literal: &str, type_name: &str) -> String {
    let base = type_name.split('<').next().unwrap_or(type_name);
    let short = crate::names::short_type_name(type_name);
    let rest = literal.strip_prefix(short).filter(|r| r.starts_with("::") || r.starts_with(['(', '{', ' ']));
    match rest {
        Some(rest) if base != short && !crate::names::is_std(type_name) => {
            format!("{}{rest}", crate::names::code_type_name(base))
        }
        _ => literal.to_string(),
    }
}

/// One call as an expression.
fn call_text(world: &World<'_>, seq: &Sequence, names: &[Option<String>], i: usize) -> String {
    let call = seq.args(i);
    let op = &world.op(seq.op(i)).op;
    let params = &op.spec.params;
    let text = |k: usize| operand_text(world, seq, names, &call[k], &params[k]);
    let value = |k: usize| atom(&value_text(world, seq, names, &call[k], &params[k]));
    match op.spec.syntax {
        Syntax::Binary(sym) => return format!("{} {sym} {}", atom(&text(0)), atom(&text(1))),
        Syntax::Unary(sym) => return format!("{sym}{}", atom(&text(0))),
        Syntax::Assign(sym) => return format!("{} {sym} {}", value(0), text(1)),
        Syntax::Compare(sym) => return format!("{} {sym} {}", value(0), value(1)),
        Syntax::Index => return format!("{}[{}]", value(0), text(1)),
        Syntax::Parse => {
            // `"1.50".parse()`, `text.parse()`: the `&str` without its borrow.
            let ty = crate::names::code_type_name(op.owner_name);
            let s = text(0);
            return format!("{}.parse::<{ty}>()", atom(s.strip_prefix('&').unwrap_or(&s)));
        }
        Syntax::Template(expression) if op.spec.kind == OpKind::Seed => {
            return qualified_seed(expression, op.owner_name)
        }
        Syntax::Template(template) => {
            let mut out = with_drt_path(world, template);
            for k in (0..call.len()).rev() {
                out = out.replace(&format!("${k}"), &text(k));
            }
            return out;
        }
        Syntax::Function(path) => {
            let args: Vec<String> = (0..call.len()).map(text).collect();
            return format!("{path}({})", args.join(", "));
        }
        Syntax::Qualified => return qualified(op, (0..call.len()).map(text).collect()),
        // `Money::from(5)` is ambiguous with two `From` impls (or an
        // inherent `from`): name the trait.
        Syntax::Call if !op.spec.trait_name.is_empty() && ambiguous(world, op) => {
            return qualified(op, (0..call.len()).map(text).collect())
        }
        Syntax::Call => {}
    }
    let mut args = call.iter().zip(params);
    let receiver = (op.spec.receiver != Receiver::None).then(|| args.next()).flatten();
    let args: Vec<String> = args.map(|(a, p)| operand_text(world, seq, names, a, p)).collect();
    let args = args.join(", ");
    let path = owner_path(op.owner_name);
    let method = op.spec.name;
    match receiver {
        Some((Operand::Var { var, mode }, p)) => {
            let name = match &names[*var as usize] {
                Some(name) => name.clone(),
                None => atom(&call_text(world, seq, names, *var as usize)),
            };
            let by_ref = matches!(p.kind, ParamKind::Ref | ParamKind::Mut);
            if by_ref && SHADOWED_BY_PRELUDE.contains(&method) {
                // `x.max()` would call `Ord::max(self, ..)`: by-value trait
                // methods are found before auto-referenced inherent ones.
                let borrow = if p.kind == ParamKind::Mut { "&mut " } else { "&" };
                let sep = if args.is_empty() { "" } else { ", " };
                return format!("{path}::{method}({borrow}{name}{sep}{args})");
            }
            let cloned = *mode == Mode::Clone && !world.reg.desc(p.ty).copy;
            let recv = if cloned { format!("{name}.clone()") } else { name.to_string() };
            format!("{recv}.{method}({args})")
        }
        // A `seeds(...)` value as the receiver: `Money::new(5).split(2)`.
        Some((seed, p)) => {
            let recv = atom(&value_text(world, seq, names, seed, p));
            if SHADOWED_BY_PRELUDE.contains(&method) {
                let borrow = match p.kind {
                    ParamKind::Mut => "&mut ",
                    ParamKind::Ref => "&",
                    _ => "",
                };
                let sep = if args.is_empty() { "" } else { ", " };
                return format!("{path}::{method}({borrow}{recv}{sep}{args})");
            }
            format!("{recv}.{method}({args})")
        }
        None => format!("{path}::{method}({args})"),
    }
}

/// Names of by-value methods of prelude traits (`Ord`, `Into`, `IntoIterator`,
/// `Iterator`): an inherent `&self` method of the same name cannot be called
/// with method syntax on a type that implements the trait.
const SHADOWED_BY_PRELUDE: &[&str] = &[
    "max",
    "min",
    "clamp",
    "into",
    "try_into",
    "into_iter",
    "count",
    "last",
    "sum",
    "product",
    "collect",
    "fold",
    "map",
    "filter",
    "take",
    "skip",
    "zip",
    "chain",
    "rev",
    "enumerate",
    "peekable",
    "flatten",
    "flat_map",
    "cycle",
    "step_by",
    "fuse",
    "inspect",
    "partition",
    "reduce",
    "unzip",
    "copied",
    "cloned",
    "for_each",
    "max_by",
    "min_by",
    "max_by_key",
    "min_by_key",
    "cmp",
    "partial_cmp",
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "find_map",
    "filter_map",
    "skip_while",
    "take_while",
    "map_while",
    "scan",
    "sum",
    "is_sorted",
];

/// The calls of a sequence a person sees in its test: builders written
/// inline where they are used do not count.
pub(crate) fn statement_count(world: &World<'_>, seq: &Sequence) -> usize {
    (0..seq.len()).filter(|&i| !inlined(world, seq, i)).count()
}

#[cfg(test)]
/// The body statements of a sequence, one per call; the results in `extra`
/// are named even when no call uses them.
pub(crate) fn statements(world: &World<'_>, seq: &Sequence, extra: &[u32]) -> Vec<String> {
    lines(world, seq, &names(world, seq, extra))
}

/// One statement per call, with these variable names.
pub(crate) fn lines(world: &World<'_>, seq: &Sequence, names: &[Option<String>]) -> Vec<String> {
    lines_keeping(world, seq, names, None, false)
}

/// [`lines`], the result of call `whole` (when given) kept whole: an
/// `Option` as it is, a `Result` as `.ok()` (or as it is, when `results`),
/// a borrow copied, not unwrapped.
fn lines_keeping(
    world: &World<'_>,
    seq: &Sequence,
    names: &[Option<String>],
    whole: Option<usize>,
    results: bool,
) -> Vec<String> {
    (0..seq.len())
        .filter(|&i| names[i].is_some() || seq.uses(i as u32).next().is_none())
        .map(|i| {
            let op = world.op(seq.op(i)).op;
            let expr = call_text(world, seq, names, i);
            if world.given(seq, i, Cue::ThenPanic) {
                // The closure may panic, as the search chose: the test goes on.
                return format!("let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {expr}));");
            }
            match &names[i] {
                // Kept whole as a `Result`, to compare with the reference's.
                Some(name) if whole == Some(i) && results && op.spec.ret.err().is_some() => {
                    format!("let {name} = {expr}{};", copy_inside(op.spec.ret))
                }
                Some(name) if whole == Some(i) => format!("let {name} = {expr}{};", whole_suffix(op.spec.ret)),
                Some(name) => {
                    let mutable = seq.uses(i as u32).any(|(_, m)| m == Mode::Mut);
                    // `.unwrap()` needs the error's `Debug`.
                    let debug =
                        op.spec.ret.err().and_then(|e| world.reg.types.get(&e)).is_some_and(|d| d.debug.is_some());
                    let ok = if debug { "" } else { ".ok()" };
                    let unwrap = match op.spec.ret {
                        RetKind::Option => ".unwrap()",
                        RetKind::Result { .. } => &format!("{ok}.unwrap()"),
                        RetKind::Borrowed(Borrowed::Ref) => ".clone()",
                        RetKind::Borrowed(Borrowed::OptionRef) => ".cloned().unwrap()",
                        RetKind::Borrowed(Borrowed::ResultRef { .. }) => &format!("{ok}.cloned().unwrap()"),
                        RetKind::Borrowed(Borrowed::Str) => ".to_string()",
                        RetKind::Borrowed(Borrowed::OptionStr) => ".unwrap().to_string()",
                        RetKind::Borrowed(Borrowed::ResultStr { .. }) => &format!("{ok}.unwrap().to_string()"),
                        RetKind::Borrowed(Borrowed::Slice) => ".to_vec()",
                        RetKind::Borrowed(Borrowed::OptionSlice) => ".unwrap().to_vec()",
                        RetKind::Borrowed(Borrowed::ResultSlice { .. }) => &format!("{ok}.unwrap().to_vec()"),
                        RetKind::Borrowed(Borrowed::OptionPair) => &format!("{PAIR_COPY}.unwrap()"),
                        RetKind::Iter { .. } => &iter_suffix(op.spec.ret),
                        RetKind::Value | RetKind::Unit | RetKind::Discard => "",
                    };
                    format!("let {}{name} = {expr}{unwrap};", if mutable { "mut " } else { "" })
                }
                None if op.spec.ret == RetKind::Unit => format!("{expr};"),
                None if matches!(op.spec.ret, RetKind::Iter { .. }) => {
                    format!("let _ = {expr}{};", iter_suffix(RetKind::Unit))
                }
                None => format!("let _ = {expr};"),
            }
        })
        .collect()
}

/// What keeps a call's result whole, as the reference's is compared with
/// it: an owned value, an `Option` for results that may be missing.
fn whole_suffix(ret: RetKind) -> String {
    match ret {
        RetKind::Result { .. } => ".ok()".to_string(),
        RetKind::Borrowed(Borrowed::Ref) => ".clone()".to_string(),
        RetKind::Borrowed(Borrowed::Str) => ".to_string()".to_string(),
        RetKind::Borrowed(Borrowed::Slice) => ".to_vec()".to_string(),
        RetKind::Borrowed(Borrowed::OptionPair) => PAIR_COPY.to_string(),
        RetKind::Borrowed(Borrowed::OptionRef | Borrowed::OptionStr | Borrowed::OptionSlice) => {
            copy_inside(ret).to_string()
        }
        RetKind::Borrowed(Borrowed::ResultRef { .. } | Borrowed::ResultStr { .. } | Borrowed::ResultSlice { .. }) => {
            format!(".ok(){}", copy_inside(ret))
        }
        RetKind::Iter { .. } => iter_suffix(ret),
        RetKind::Option | RetKind::Value | RetKind::Unit | RetKind::Discard => String::new(),
    }
}

/// How emitted code copies the borrow inside a returned `Option` or
/// `Result`, keeping the wrapper: `.cloned()`, `.map(str::to_string)`,
/// `.map(<[_]>::to_vec)`; nothing for an owned value.
fn copy_inside(ret: RetKind) -> &'static str {
    match ret {
        RetKind::Borrowed(Borrowed::OptionRef | Borrowed::ResultRef { .. }) => ".cloned()",
        RetKind::Borrowed(Borrowed::OptionStr | Borrowed::ResultStr { .. }) => ".map(str::to_string)",
        RetKind::Borrowed(Borrowed::OptionSlice | Borrowed::ResultSlice { .. }) => ".map(<[_]>::to_vec)",
        _ => "",
    }
}

/// How emitted code copies a pair of borrows (a map's entry) out of an
/// `Option` or an iterator.
const PAIR_COPY: &str = ".map(|(a, b)| (a.to_owned(), b.to_owned()))";

/// How emitted code runs a returned iterator as far as drt did: keeping its
/// first items (copies of borrowed ones, part by part for a map's entries),
/// or just counting them.
fn iter_suffix(ret: RetKind) -> String {
    let n = crate::macro_support::ITER_PREFIX;
    match ret {
        RetKind::Iter { items: Items::Owned } => format!(".take({n}).collect::<Vec<_>>()"),
        RetKind::Iter { items: Items::Cloned } => format!(".take({n}).cloned().collect::<Vec<_>>()"),
        RetKind::Iter { items: Items::Pairs } => format!(".take({n}){PAIR_COPY}.collect::<Vec<_>>()"),
        _ => format!(".take({n}).count()"),
    }
}

/// Fills an assertion template: `$0`, `$1`, `$2` become the variables' names.
fn fill(template: &str, vars: &[u32], names: &[Option<String>]) -> String {
    let mut out = template.to_string();
    for (k, var) in vars.iter().enumerate() {
        let name = names.get(*var as usize).and_then(|n| n.as_deref()).unwrap_or("_");
        out = out.replace(&format!("${k}"), name);
    }
    out
}

/// The `#[allow(...)]` lines a test of `seq` needs to pass clippy: a range
/// of two literals with its start past its end (`1..0`, a favourite input of
/// drt's) is clippy's deny-by-default `reversed_empty_ranges`.
pub(crate) fn allows(world: &World<'_>, seq: &Sequence) -> &'static str {
    let reversed = seq.calls().any(|(op, call)| {
        let spec = &world.op(op).op.spec;
        let (Syntax::Template("$0..$1" | "$0..=$1"), [a, b]) = (spec.syntax, call) else {
            return false;
        };
        // A literal's value: a copy of a seed's prototype, or a drawn integer.
        let value = |o: &Operand| match o {
            Operand::Seed(s) => {
                world.seed_clone[*s as usize].zip(world.seeds[*s as usize].value.as_ref()).map(|(c, v)| c(&**v))
            }
            Operand::Int { kind, bits } => Some(kind.value(*bits)),
            _ => None,
        };
        match (world.reg.desc(spec.params[0].ty).partial_cmp, value(a), value(b)) {
            (Some(cmp), Some(a), Some(b)) => cmp(&*a, &*b) == Some(std::cmp::Ordering::Greater),
            _ => false,
        }
    });
    if reversed {
        "#[allow(clippy::reversed_empty_ranges)]\n"
    } else {
        ""
    }
}

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
    };
    let suffix = match kind {
        FailureKind::Flaky => "is_flaky",
        FailureKind::Invariant => "breaks_invariant",
        FailureKind::Contract => "breaks_contract",
        _ => "panics",
    };
    let names = names(world, seq, assertion.map_or(&[][..], |v| &v.vars[..]));
    let mut header = format!("// drt: {summary}\n");
    if kind == FailureKind::Flaky {
        header.push_str("// drt: flaky: this failed once but not when run again, so this test may pass\n");
    }
    if (0..seq.len()).any(|i| world.given(seq, i, Cue::ThenPanic)) {
        header.push_str(
            "// drt: a closure drt passed panics on cue (`then panic`), as a caller's may: \
             what the call leaves must still be usable (unwind safety)\n",
        );
    }
    let check = assertion.map(|v| (v.template, &v.vars[..]));
    assemble(world, seq, &names, &header, &test_name(operation, suffix), check)
}

/// A `#[test]` of a divergence from the reference: the calls, then the
/// same calls on the reference (each as its counterpart, without those
/// that have none), then the assertion that the last results agree, or,
/// where the reference panicked, nothing more: its last call panics.
fn render_divergence(world: &World<'_>, seq: &Sequence, operation: &str, v: &Violation) -> String {
    let d = world.reference.as_ref().expect("drt: a divergence without a reference (bug in drt)");
    let last = seq.len() - 1;
    let mut theirs = Sequence::default();
    let mut runs = d.plan.shadow(seq, &mut theirs);
    // A value made only for calls that have no counterpart is not made there.
    for i in (0..last).rev() {
        let mut uses = seq.uses(i as u32).peekable();
        if runs[i] && uses.peek().is_some() && uses.all(|(at, _)| !runs[at]) {
            runs[i] = false;
        }
    }
    // A call left out made nothing the others use.
    for i in (0..theirs.len()).rev().filter(|&i| !runs[i]) {
        theirs.remove(i);
    }
    let their_last = theirs.len() - 1;
    let ours_names = names(world, seq, &[last as u32]);
    let mut their_names = names(world, &theirs, &[their_last as u32]);
    // The reference's names say so, and differ from the tested side's.
    for name in their_names.iter_mut().flatten() {
        let taken = ours_names.iter().flatten().any(|n| n == name);
        if taken || !name.split('_').any(|word| word == "model") {
            *name = format!("model_{name}");
        }
    }
    let compare = d.plan.compare(seq.op(last));
    let results = matches!(compare, Some(Compare::Results { .. }));
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

/// A `#[test]` of a postcondition false after the last call: the calls,
/// the last one's result kept as `result` (with `old`, a clone of its
/// receiver from before it, and the parameters the postcondition names,
/// bound under their names), then the postcondition asserted, as written
/// (`self` read as the receiver).
fn render_postcondition(world: &World<'_>, seq: &Sequence, operation: &str) -> String {
    let last = seq.len() - 1;
    let spec = &world.op(seq.op(last)).op.spec;
    let ensures = spec.ensures;
    let mut names = names(world, seq, &[]);
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

/// A `#[test]` with `header` (comment lines) above it: the calls of `seq`,
/// then `check`'s statement (a template and its variables), if any.
fn assemble(
    world: &World<'_>,
    seq: &Sequence,
    names: &[Option<String>],
    header: &str,
    fn_name: &str,
    check: Option<(&str, &[u32])>,
) -> String {
    let allow = check.and_then(|(template, _)| crate::oracle::allow_for(template));
    let filled = check.map(|(template, vars)| fill(template, vars, names)).unwrap_or_default();
    let body = lines(world, seq, names).into_iter().chain(filled.lines().map(str::to_string));
    test_text(world, seq, None, header, fn_name, allow, body)
}

/// `text` (drt's own: a builder's template, a seed) with its paths
/// starting at `drt` started where the code under test said drt is
/// (`crate = "path"`).
fn with_drt_path(world: &World<'_>, text: &str) -> String {
    match world.drt_path {
        Some(path) => replace_crate(text, "drt", path),
        None => text.to_string(),
    }
}

/// `code` with the paths starting at crate `krate` started at `crate` instead.
fn in_crate_paths(code: &str, krate: &str) -> String {
    replace_crate(code, krate, "crate")
}

/// `code` with the paths starting at crate `krate` started at `with`.
fn replace_crate(code: &str, krate: &str, with: &str) -> String {
    let from = format!("{krate}::");
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find(&from) {
        let starts_path = !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
        out.push_str(&rest[..at]);
        if starts_path {
            out.push_str(with);
            out.push_str("::");
        } else {
            out.push_str(&from);
        }
        rest = &rest[at + from.len()..];
    }
    out.push_str(rest);
    out
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
    let names = names(world, seq, check.map_or(&[][..], |c| &c.vars[..]));
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
    assemble(world, seq, &names, &header, &test_name(operation, suffix), check)
}

#[cfg(test)]
mod tests {
    use super::*;

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
