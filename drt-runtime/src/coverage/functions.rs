//! Which functions of the code under test no sequence entered: the
//! counters SanitizerCoverage puts at functions' entries (its table of
//! program counters flags them, as libFuzzer's `-print_funcs` reads it),
//! named from the program's symbol table, and kept to the code a user
//! wrote: the crates `cargo drt` instrumented, not the monomorphized
//! library code compiled into them, not drt's glue, not the test program
//! itself when the code under test is another crate, not what ran before
//! the exploration (the test function, the harness), and only in the
//! modules some sequence entered (a crate holds more than the type
//! explored).

/// Flag of a table entry that is a function's entry block.
#[cfg_attr(not(drt_coverage), allow(dead_code))]
const FUNCTION_ENTRY: usize = 1;

/// The environment variable `cargo drt` sets to the directory of its
/// build, where it lists the crates it instrumented (`instrumented/`).
const BUILD_DIR_VAR: &str = "__DRT_COVERAGE_DIR";

/// The counters (by index over every region, in order) that are
/// functions' entries, with their program counters; `tables` are the
/// regions' tables of `(pc, flags)` pairs. None when the tables do not
/// match the `counters` (code built without them).
#[cfg_attr(not(drt_coverage), allow(dead_code))]
pub(crate) fn entries(counters: usize, tables: &[&[usize]]) -> Vec<(usize, usize)> {
    let pairs: usize = tables.iter().map(|t| t.len() / 2).sum();
    if pairs != counters {
        return Vec::new();
    }
    let all = tables.iter().flat_map(|t| t.chunks_exact(2));
    all.enumerate().filter(|(_, e)| e[1] & FUNCTION_ENTRY != 0).map(|(i, e)| (i, e[0])).collect()
}

/// The functions of the code under test, named once per program: which
/// entry counters are theirs, and the module each is in.
pub(crate) struct Catalog {
    /// Per entry counter in scope: its index over the counters, and its
    /// function's (copies of a generic share one function).
    entries: Vec<(usize, u32)>,
    /// Per function: its name and its module's number.
    functions: Vec<(String, u32)>,
    modules: usize,
}

impl Catalog {
    /// The catalogue of the functions whose entry counters are `entries`
    /// (index over the counters, program counter); `None` when this
    /// program's functions cannot be named.
    /// `explored` are the types explored (by `type_name`).
    pub fn of(entries: &[(usize, usize)], explored: &[&str]) -> Option<Catalog> {
        let pcs: Vec<usize> = entries.iter().map(|e| e.1).collect();
        let scope = Scope::of_this_run(explored);
        let names = super::symbols::names_at(&pcs, |mangled| scope.may_own(mangled))?;
        let named = entries.iter().filter_map(|&(at, pc)| Some((at, names.get(&pc)?.clone())));
        Some(scope.catalog(named))
    }

    /// The entry counters of the functions in scope, by index over the
    /// counters.
    pub fn counters(&self) -> impl Iterator<Item = usize> + '_ {
        self.entries.iter().map(|&(at, _)| at)
    }

    /// The functions in the modules some of whose functions were entered
    /// (a crate holds more than the type explored: the modules the
    /// exploration reached are its code), and those of them no copy of
    /// which was, sorted by name. `entered` says it of an entry counter.
    pub fn unentered(&self, entered: impl Fn(usize) -> bool) -> (u64, Vec<String>) {
        let mut function_entered = vec![false; self.functions.len()];
        for &(at, f) in &self.entries {
            function_entered[f as usize] |= entered(at);
        }
        let mut module_reached = vec![false; self.modules];
        for (f, &(_, module)) in self.functions.iter().enumerate() {
            module_reached[module as usize] |= function_entered[f];
        }
        let in_reach = |f: usize| module_reached[self.functions[f].1 as usize];
        let n = (0..self.functions.len()).filter(|&f| in_reach(f)).count() as u64;
        let mut unentered: Vec<String> = (0..self.functions.len())
            .filter(|&f| in_reach(f) && !function_entered[f])
            .map(|f| self.functions[f].0.clone())
            .collect();
        unentered.sort_unstable();
        // A closure of a function never entered says nothing more.
        let parent = |f: &str| f.find("::{{closure}}").map(|at| f[..at].to_string());
        let listed: std::collections::HashSet<String> = unentered.iter().cloned().collect();
        unentered.retain(|f| parent(f).is_none_or(|p| !listed.contains(&p)));
        (n, unentered)
    }
}

/// The traits whose impls drt calls in its own checks (contracts, laws,
/// the text of a value), apart from the sequences: never listed as not
/// entered.
const CHECKED_TRAITS: &[&str] = &[
    " as core::clone::Clone>",
    " as core::fmt::Debug>",
    " as core::cmp::",
    " as core::hash::Hash>",
    " as core::default::Default>",
];

/// What counts as the code under test.
struct Scope {
    /// The crates `cargo drt` instrumented, when it says.
    crates: Option<Vec<String>>,
    /// The crate of the test program (`explore` for `explore-4f3a...`),
    /// when it is a harness: it explores no type of its own.
    program: Option<String>,
}

impl Scope {
    fn of_this_run(explored: &[&str]) -> Scope {
        let listed = std::env::var_os(BUILD_DIR_VAR)
            .and_then(|d| std::fs::read_dir(std::path::Path::new(&d).join("instrumented")).ok());
        let crates = listed.map(|dir| dir.flatten().filter_map(|e| e.file_name().into_string().ok()).collect());
        let program =
            std::env::current_exe().ok().and_then(|p| Some(program_crate(p.file_name()?.to_str()?).to_string()));
        Scope { crates, program: harness(program, explored) }
    }

    /// The catalogue of the `named` entry counters (index, function name)
    /// in scope: of the crates under test, not drt's glue nor a test
    /// module's, and not the test program's own when it is a harness (an
    /// integration test exploring its crate's type).
    fn catalog(&self, named: impl Iterator<Item = (usize, String)>) -> Catalog {
        let mut kept: Vec<(usize, String)> = Vec::new();
        for (at, name) in named {
            let homes = homes(&name);
            let checked = CHECKED_TRAITS.iter().any(|t| name.contains(t));
            if checked
                || name.contains("__drt_")
                || name.split("::").any(|s| s == "tests")
                || !homes.iter().any(|h| self.owns(h))
            {
                continue;
            }
            if homes.iter().filter(|h| self.owns(h)).all(|h| Some(*h) == self.program.as_deref()) {
                continue;
            }
            kept.push((at, name));
        }
        let mut ids: std::collections::HashMap<String, u32> = Default::default();
        let mut module_ids: std::collections::HashMap<String, u32> = Default::default();
        let mut functions: Vec<(String, u32)> = Vec::new();
        let entries = kept
            .into_iter()
            .map(|(at, name)| {
                let next = functions.len() as u32;
                let f = *ids.entry(name.clone()).or_insert_with(|| {
                    let next_module = module_ids.len() as u32;
                    let module = *module_ids.entry(module_of(&name)).or_insert(next_module);
                    functions.push((name, module));
                    next
                });
                (at, f)
            })
            .collect();
        Catalog { entries, functions, modules: module_ids.len() }
    }

    /// Whether a function of this mangled name may be of the code under
    /// test: a quick look before demangling, which the demangled name's
    /// crates decide. Std's own paths (`_ZN4core...`) are not; with the
    /// crates under test known, only names that hold one of them may be.
    fn may_own(&self, mangled: &str) -> bool {
        if ["_ZN4core", "_ZN5alloc", "_ZN3std"].iter().any(|p| mangled.starts_with(p)) {
            return false;
        }
        self.crates.as_ref().is_none_or(|crates| crates.iter().any(|c| mangled.contains(c.as_str())))
    }

    /// Whether crate `name` is code under test.
    fn owns(&self, name: &str) -> bool {
        match &self.crates {
            Some(crates) => crates.iter().any(|c| c == name),
            None => !matches!(name, "core" | "alloc" | "std" | "test" | "proc_macro"),
        }
    }
}

/// The program's crate when it is a harness: it explores no type of its
/// own. A program exploring a type of its own (a unit test, a newtype in
/// an integration test) is code under test.
fn harness(program: Option<String>, explored: &[&str]) -> Option<String> {
    program.filter(|p| !explored.iter().any(|t| crate_of(t) == Some(p.as_str())))
}

/// The crate of a program from its file name: cargo's `name-<hash>`.
fn program_crate(file: &str) -> &str {
    let stem = file.split('.').next().unwrap_or(file);
    match stem.rsplit_once('-') {
        Some((name, hash)) if hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => name,
        _ => stem,
    }
}

/// The crates a demangled function belongs to: its path's first segment,
/// or for an impl's method (`<my::Type as core::fmt::Debug>::fmt`), the
/// crates of the type and of the trait.
fn homes(name: &str) -> Vec<&str> {
    let Some(rest) = name.strip_prefix('<') else { return crate_of(name).into_iter().collect() };
    let Some((ty, tr)) = impl_parts(rest) else { return Vec::new() };
    crate_of(ty).into_iter().chain(tr.and_then(crate_of)).collect()
}

/// An impl's method's type and trait (none for an inherent impl), `rest`
/// being its name after the `<`: `my::Ring<T> as core::clone::Clone>::clone`.
fn impl_parts(rest: &str) -> Option<(&str, Option<&str>)> {
    let mut depth = 0usize;
    let mut split = None;
    for (i, c) in rest.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' if depth == 0 => {
                return Some(split.map_or((&rest[..i], None), |at| (&rest[..at], Some(&rest[at + 4..i]))));
            }
            '>' | ')' | ']' => depth -= 1,
            ' ' if depth == 0 && rest[i..].starts_with(" as ") && split.is_none() => split = Some(i),
            _ => {}
        }
    }
    None
}

/// The module a demangled function is in: its path, or its impl's type's,
/// without generic arguments, closures, the function's name and the types
/// (by Rust's naming convention, the segments in `UpperCamelCase`):
/// `my::ring::Ring<T>::push::{{closure}}` is in `my::ring`.
fn module_of(name: &str) -> String {
    let mut segments = owner_path(name);
    while segments.last().is_some_and(|s| is_type(s)) {
        segments.pop();
    }
    segments.join("::")
}

/// The type whose impl a demangled function is a method of, without its
/// generic arguments: `my::ring::Ring` for `my::ring::Ring<T>::push` and
/// `<my::ring::Ring<u8> as my::Grow>::grow`; `None` for a free function
/// (or one nested in a method's body).
pub(crate) fn owner_type(name: &str) -> Option<String> {
    let segments = owner_path(name);
    segments.last().is_some_and(|s| is_type(s)).then(|| segments.join("::"))
}

/// Whether a path's segment names a type (by Rust's naming convention,
/// `UpperCamelCase`).
fn is_type(segment: &str) -> bool {
    segment.starts_with(|c: char| c.is_ascii_uppercase())
}

/// The path a demangled function hangs from: its own path, or its impl's
/// type's, without generic arguments, closures and the function's name.
fn owner_path(name: &str) -> Vec<&str> {
    let (path, method) = match name.strip_prefix('<') {
        Some(rest) => (impl_type(rest), false),
        None => (name, true),
    };
    let path = path.trim_start_matches(['&', '*', '[', '(', ' ']);
    let path = ["mut ", "const ", "dyn "].iter().fold(path, |p, k| p.strip_prefix(k).unwrap_or(p));
    // Generic arguments hold paths of their own: only the outer segments.
    let mut segments = Vec::new();
    let (mut depth, mut start) = (0usize, Some(0));
    for (i, c) in path.char_indices() {
        match c {
            '<' if depth == 0 => {
                segments.extend(start.take().map(|s| &path[s..i]));
                depth = 1;
            }
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            ':' if depth == 0 && path[i..].starts_with("::") => {
                segments.extend(start.take().map(|s| &path[s..i]));
                start = Some(i + 2);
            }
            _ => {}
        }
    }
    segments.extend(start.map(|s| &path[s..]));
    segments.retain(|s| !s.is_empty() && !s.starts_with("{{") && !s.starts_with(':'));
    if method {
        segments.pop();
    }
    segments
}

/// The type of an impl's method, `rest` being its name after the `<`: the
/// type, or for a primitive's impl of a trait, the trait.
fn impl_type(rest: &str) -> &str {
    match impl_parts(rest) {
        Some((ty, Some(tr))) if crate_of(ty).is_none() => tr,
        Some((ty, _)) => ty,
        None => rest,
    }
}

/// The crate a type or path names (`None` for a primitive).
fn crate_of(path: &str) -> Option<&str> {
    let path = path.trim_start_matches(['&', '*', '[', '(', ' ']);
    let path = ["mut ", "const ", "dyn "].iter().fold(path, |p, k| p.strip_prefix(k).unwrap_or(p));
    let end = path.find("::")?;
    let first = &path[..end];
    (!first.is_empty() && !first.contains(['<', ' '])).then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_counters_are_read_from_the_flags_of_the_tables() {
        let one = [0x10, 1, 0x14, 0, 0x18, 0];
        let two = [0x40, 1, 0x44, 0];
        assert_eq!(entries(5, &[&one, &two]), [(0, 0x10), (3, 0x40)]);
        assert_eq!(entries(7, &[&one, &two]), [], "tables that do not match the counters");
    }

    #[test]
    fn a_function_belongs_to_its_type_and_trait_crates() {
        assert_eq!(homes("my_crate::Stack::push"), ["my_crate"]);
        assert_eq!(homes("my_crate::Stack<T>::push::{{closure}}"), ["my_crate"]);
        assert_eq!(homes("<my_crate::Stack as core::clone::Clone>::clone"), ["my_crate", "core"]);
        assert_eq!(homes("<alloc::vec::Vec<my::A> as my::Grow>::grow"), ["alloc", "my"]);
        assert_eq!(homes("<&mut my::A as core::fmt::Debug>::fmt"), ["my", "core"]);
        assert_eq!(homes("<[my::A]>::first"), ["my"]);
        assert_eq!(homes("<u32 as my::Wide>::widen"), ["my"]);
        assert_eq!(homes("core::ptr::drop_in_place<my::A>"), ["core"]);
        assert_eq!(homes("main"), Vec::<&str>::new());
    }

    #[test]
    fn a_function_is_in_the_module_of_its_path_or_type() {
        assert_eq!(module_of("my::ring::Ring<T>::push::{{closure}}"), "my::ring");
        assert_eq!(module_of("my::ring::gcd"), "my::ring");
        assert_eq!(module_of("<my::ring::Ring<u8> as core::clone::Clone>::clone"), "my::ring");
        assert_eq!(module_of("<&my::set::Set<_> as core::ops::bit::BitOr>::bitor"), "my::set");
        assert_eq!(module_of("<u32 as my::wide::Wide>::widen"), "my::wide");
        assert_eq!(module_of("<[my::A]>::first"), "my");
    }

    #[test]
    fn a_method_is_of_its_impl_s_type_and_a_free_function_of_none() {
        assert_eq!(owner_type("my::ring::Ring<T>::push::{{closure}}").as_deref(), Some("my::ring::Ring"));
        assert_eq!(owner_type("<my::ring::Ring<u8> as my::Grow>::grow").as_deref(), Some("my::ring::Ring"));
        assert_eq!(owner_type("<my::Map<my::Key, u8>>::get").as_deref(), Some("my::Map"));
        assert_eq!(owner_type("<&mut my::A as core::fmt::Debug>::fmt").as_deref(), Some("my::A"));
        assert_eq!(owner_type("my::ring::gcd<u8>"), None);
        assert_eq!(owner_type("my::Ring::push::inner"), None, "a function in a method's body");
        assert_eq!(owner_type("<[my::A]>::first").as_deref(), Some("my::A]"), "a slice's, not my::A's");
    }

    #[test]
    fn std_and_crates_not_under_test_are_left_before_demangling() {
        let scope = Scope { crates: Some(vec!["ring".into()]), program: None };
        assert!(scope.may_own("_ZN4ring4Ring4push17h0123456789abcdefE"));
        assert!(scope.may_own("_ZN54_$LT$ring..Ring$u20$as$u20$core..clone..Clone$GT$5clone17h0123456789abcdefE"));
        assert!(!scope.may_own("_ZN4core3ptr13drop_in_place17h0123456789abcdefE"));
        assert!(!scope.may_own("_ZN9hashbrown3raw8RawTable6insert17h0123456789abcdefE"));
        assert!(Scope { crates: None, program: None }.may_own("_ZN9hashbrown3raw6insert17h0123456789abcdefE"));
    }

    #[test]
    fn a_program_is_named_by_its_crate() {
        assert_eq!(program_crate("explore-0123456789abcdef"), "explore");
        assert_eq!(program_crate("my_lib-0123456789abcdef"), "my_lib");
        assert_eq!(program_crate("tool"), "tool");
        assert_eq!(program_crate("a-b"), "a-b");
    }

    /// What `scope` lists of `named` functions, each an entry counter
    /// entered or not.
    fn sorted(scope: &Scope, named: &[(&str, bool)]) -> (u64, Vec<String>) {
        let catalog = scope.catalog(named.iter().enumerate().map(|(at, &(n, _))| (at, n.to_string())));
        catalog.unentered(|at| named[at].1)
    }

    #[test]
    fn only_the_code_under_test_is_listed_and_a_generic_once() {
        let crates = Some(vec!["ring".into(), "other".into(), "explore".into()]);
        let scope = Scope { crates, program: Some("explore".into()) };
        let named = [
            ("other::Type::f", false),
            ("ring::Ring<T>::compact::{{closure}}", false),
            ("ring::Ring<T>::push::{{closure}}", false),
            ("ring::Ring<T>::push", true),
            ("ring::Ring<T>::push", false),
            ("ring::Ring<T>::compact", false),
            ("<ring::Ring<T> as core::clone::Clone>::clone", false),
            ("<ring::Ring<T> as ring::Grow>::grow", false),
            ("core::ptr::drop_in_place<ring::Ring<u8>>", false),
            ("<alloc::vec::Vec<T> as core::ops::drop::Drop>::drop", false),
            ("hashbrown::map::HashMap<K,V>::insert", false),
            ("explore::Forward::push", false),
            ("explore::_::__drt_register::{{closure}}", false),
            ("ring::tests::helper", false),
        ];
        let (n, unentered) = sorted(&scope, &named);
        let closure = "ring::Ring<T>::push::{{closure}}";
        assert_eq!(unentered, ["<ring::Ring<T> as ring::Grow>::grow", "ring::Ring<T>::compact", closure]);
        assert_eq!(
            n, 5,
            "push, compact, grow and two closures; not Clone (drt's checks call it), nor a module no sequence reached"
        );
    }

    #[test]
    fn a_harness_impl_of_a_std_trait_is_the_harness() {
        let scope = Scope { crates: None, program: Some("explore".into()) };
        let named = [
            ("explore::Wrap::len", false),
            ("<explore::Wrap as core::clone::Clone>::clone", false),
            ("slab::Slab<T>::len", true),
            ("slab::Slab<T>::iter", false),
        ];
        assert_eq!(sorted(&scope, &named), (2, vec!["slab::Slab<T>::iter".to_string()]));
    }

    #[test]
    fn a_program_exploring_a_type_of_its_own_is_no_harness() {
        assert_eq!(harness(Some("explore".into()), &["my_lib::Stack"]), Some("explore".to_string()));
        assert_eq!(harness(Some("explore".into()), &["explore::Wrap", "my_lib::Stack"]), None);
        assert_eq!(harness(Some("my_lib".into()), &["my_lib::Stack"]), None, "a unit test");
    }

    #[test]
    fn a_unit_test_program_is_the_code_under_test() {
        let scope = Scope { crates: None, program: None };
        let (n, unentered) = sorted(&scope, &[("my_lib::A::f", true), ("my_lib::A::g", false), ("core::x::y", false)]);
        assert_eq!((n, unentered), (2, vec!["my_lib::A::g".to_string()]));
    }
}
