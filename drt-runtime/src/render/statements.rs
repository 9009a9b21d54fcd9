//! A sequence as Rust statements: one per call, named variables, literals
//! inline, and exactly the borrows, clones and `.unwrap()`s that rustc needs
//! (the sequence already obeys Rust's ownership rules:
//! `Sequence::check_ownership`).

use crate::macro_support::{Borrowed, Cue, Items, OpKind, ParamKind, ParamSpec, Receiver, RetKind, Syntax};
use crate::names::{snake_case, unique_name};
use crate::sequence::{Mode, Operand, Sequence};
use crate::world::World;

const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if", "impl", "in",
    "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "static", "struct", "super", "trait",
    "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn", "abstract", "become", "box", "do",
    "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// Names of primitive types: a variable named so (`let u128 = U128::from(0)`)
/// compiles, but reads as the type where a test calls `u128::from` too.
const PRIMITIVES: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32", "f64", "bool",
    "char", "str",
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
    if name.is_empty() || KEYWORDS.contains(&name.as_str()) || PRIMITIVES.contains(&name.as_str()) {
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
/// assertion (`extra`, the statement `template`) gets its base name,
/// numbered on clashes, with the names the template declares itself (an
/// `items` of the law `get_iter`); a result written inline where it is used
/// (see [`inlined`]) gets none.
pub(crate) fn names(world: &World<'_>, seq: &Sequence, extra: &[u32], template: &str) -> Vec<Option<String>> {
    let mut taken: Vec<String> = declared(template);
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

/// The names a statement template declares: bound by `let` and `for`
/// patterns, and its functions (`fn default_like`), so that no variable of
/// the test is named alike and hidden by one.
fn declared(template: &str) -> Vec<String> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let mut at = 0;
    while at < template.len() {
        let rest = &template[at..];
        let Some(start) = rest.find(|c: char| ident(c)) else { break };
        let word_end = rest[start..].find(|c: char| !ident(c)).map_or(rest.len(), |e| start + e);
        let after = &rest[word_end..];
        // What the keyword's pattern runs to: `let p =` / `let p: T`, `for p in`, `fn name<` / `fn name(`.
        let pattern = match &rest[start..word_end] {
            "let" => after.find(['=', ':']).map(|e| &after[..e]),
            "for" => after.find(" in ").map(|e| &after[..e]),
            "fn" => after.find(['<', '(']).map(|e| &after[..e]),
            _ => None,
        };
        for name in pattern.unwrap_or("").split(|c: char| !ident(c)) {
            if !name.is_empty() && name != "mut" && name != "_" {
                out.push(name.to_string());
            }
        }
        at += word_end;
    }
    out
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
        ParamKind::Ref | ParamKind::Slice | ParamKind::OptRef | ParamKind::OptDeref => format!("&{owned}"),
        ParamKind::Mut | ParamKind::SliceMut => format!("&mut {owned}"),
        ParamKind::Value => owned,
    }
}

/// An operand of an operator: parenthesized unless it is a name, a
/// literal or a call (`a - (-5)`, `(2..5).len()`).
pub(super) fn atom(text: &str) -> String {
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

pub(super) fn operand_text(
    world: &World<'_>,
    seq: &Sequence,
    names: &[Option<String>],
    arg: &Operand,
    p: &ParamSpec,
) -> String {
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
                Mode::Ref if kind == ParamKind::OptRef => format!("{borrowed}.as_ref()"),
                Mode::Ref if kind == ParamKind::OptDeref => format!("{borrowed}.as_deref()"),
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
                ParamKind::Ref | ParamKind::OptRef | ParamKind::OptDeref => format!("&vec![{items}]"),
                ParamKind::Mut => format!("&mut vec![{items}]"),
                ParamKind::Value | ParamKind::Str => format!("vec![{items}]"),
            }
        }
    }
}

/// The path to call an associated function on: `my_crate::Account`, or
/// `my_crate::Stack::<u8>` for a generic type.
pub(super) fn owner_path(name: &str) -> String {
    crate::names::code_type_name(name).replacen('<', "::<", 1)
}

/// An operand as a value, with no borrow: what an operator compares
/// (`a == b` for `PartialEq::eq(&a, &b)`).
pub(super) fn value_text(
    world: &World<'_>,
    seq: &Sequence,
    names: &[Option<String>],
    arg: &Operand,
    p: &ParamSpec,
) -> String {
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
pub(super) fn qualified_seed(literal: &str, type_name: &str) -> String {
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
pub(super) fn call_text(world: &World<'_>, seq: &Sequence, names: &[Option<String>], i: usize) -> String {
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
    // A slice literal given to a trait's method (`TryFrom<&[i32]>`) is no
    // `&[_; 2]`: the trait's impl is chosen by the argument's type.
    let slice = |text: String, p: &ParamSpec| match p.kind == ParamKind::Slice && !op.spec.trait_name.is_empty() {
        true if text.starts_with("&[") => format!("{text}[..]"),
        _ => text,
    };
    let args: Vec<String> = args.map(|(a, p)| slice(operand_text(world, seq, names, a, p), p)).collect();
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
    lines(world, seq, &names(world, seq, extra, ""))
}

/// One statement per call, with these variable names.
pub(crate) fn lines(world: &World<'_>, seq: &Sequence, names: &[Option<String>]) -> Vec<String> {
    lines_keeping(world, seq, names, None, false)
}

/// [`lines`], the result of call `whole` (when given) kept whole: an
/// `Option` as it is, a `Result` as `.ok()` (or as it is, when `results`),
/// a borrow copied, not unwrapped.
pub(super) fn lines_keeping(
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
pub(super) fn fill(template: &str, vars: &[u32], names: &[Option<String>]) -> String {
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

/// `text` (drt's own: a builder's template, a seed) with its paths
/// starting at `drt` started where the code under test said drt is
/// (`crate = "path"`).
pub(super) fn with_drt_path(world: &World<'_>, text: &str) -> String {
    match world.drt_path {
        Some(path) => replace_crate(text, "drt", path),
        None => text.to_string(),
    }
}

/// `code` with the paths starting at crate `krate` started at `crate` instead.
pub(super) fn in_crate_paths(code: &str, krate: &str) -> String {
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

#[cfg(test)]
mod tests {
    #[test]
    fn a_template_declares_its_lets_fors_and_fns() {
        let get_iter = "let items: Vec<_> = $0.iter().collect();\n\
                        for (i, item) in items.iter().enumerate() {\n    assert_eq!($0.get(i).as_ref(), Some(item));\n}";
        assert_eq!(super::declared(get_iter), ["items", "i", "item"]);
        let roundtrip =
            "fn parse_like<T: std::str::FromStr>(_: &T, text: &str) -> Result<T, T::Err> {\n    text.parse()\n}\n\
                         let text = $0.to_string();\nlet parsed = parse_like(&$0, &text);";
        assert_eq!(super::declared(roundtrip), ["parse_like", "text", "parsed"]);
        assert_eq!(super::declared("let mut assigned = $0.clone();\nassigned |= &$1;"), ["assigned"]);
        assert!(super::declared("assert!($0.len() <= $0.capacity());").is_empty());
    }
}
