//! What an exploration could not test, and why: the operations under test
//! that never ran normally, each with the reason and the fix to try (Randoop's
//! users' most frequent complaint was "no tests generated" with no reason
//! given), and failures inside other types' operations, which are noted
//! rather than reported.

use std::any::TypeId;

use crate::outcome::Fault;
use crate::report::OperationStats;
use crate::world::World;

/// Evidence gathered while exploring, per operation.
pub(crate) struct Untested {
    /// A parameter type no value could be found for.
    missing: Vec<Option<TypeId>>,
    /// Sequences that could not run it because an argument had no value (an
    /// earlier call returned `None` / `Err`), and that argument's type.
    invalid: Vec<(u64, Option<TypeId>)>,
    /// For an operation not under test: sequences in which it failed, and
    /// the first failure's description.
    helper_failures: Vec<(u64, String)>,
    /// Whether a sequence ending in it failed only once it had returned,
    /// dropping the values: it was called successfully.
    returned: Vec<bool>,
}

impl Untested {
    pub fn new(ops: usize) -> Untested {
        Untested {
            missing: vec![None; ops],
            invalid: vec![(0, None); ops],
            helper_failures: vec![(0, String::new()); ops],
            returned: vec![false; ops],
        }
    }

    /// No value of `ty` could be found for a parameter of `op`.
    pub fn missing(&mut self, op: usize, ty: TypeId) {
        self.missing[op] = Some(ty);
    }

    /// A sequence ending in `op` could not run: an argument (of type `empty`,
    /// when known) had no value.
    pub fn invalid(&mut self, op: usize, empty: Option<TypeId>) {
        let (count, ty) = self.invalid[op];
        self.invalid[op] = (count + 1, empty.or(ty));
    }

    /// A sequence ending in `op` failed after `op` returned, dropping its values.
    pub fn returned(&mut self, op: usize) {
        self.returned[op] = true;
    }

    /// A failure inside `helper`, an operation that only builds values for the
    /// types under test: that type's bug. Reporting it here would blame the
    /// wrong exploration and repeat it in every exploration using the type,
    /// so it is counted for a note instead.
    pub fn helper_failed(&mut self, helper: usize, fault: &Fault) {
        let (count, first) = &mut self.helper_failures[helper];
        if *count == 0 {
            *first = match fault {
                Fault::Panic { caught, .. } => match &caught.location {
                    Some(at) => format!("panicked at {at}: {}", caught.message),
                    None => format!("panicked: {}", caught.message),
                },
                Fault::Broken(v) => v.message.clone(),
                Fault::Memory { report, .. } => report.clone(),
            };
        }
        *count += 1;
    }

    /// Each operation under test that never ran normally, and why.
    pub fn reasons(&self, world: &World<'_>, per_op: &[OperationStats]) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (i, (o, s)) in world.ops.iter().zip(per_op).enumerate() {
            if !o.under_test || s.succeeded > 0 || self.returned[i] {
                continue;
            }
            let invalid = self.invalid[i].0;
            let why = match self.missing[i] {
                _ if s.attempted > 0 && s.failed == s.attempted => "every call failed (see the failures)".to_string(),
                _ if s.attempted > 0 && invalid == s.attempted => match self.invalid[i].1 {
                    Some(ty) => self.unmade(world, per_op, ty, 0),
                    None => "its arguments were never all made".to_string(),
                },
                _ if s.attempted > 0 && s.illegal + invalid == s.attempted => {
                    "every call was illegal: its precondition was false or it panicked as documented".to_string()
                }
                _ if s.attempted > 0 => "every call failed or was illegal (see the failures)".to_string(),
                Some(ty) => self.unmade(world, per_op, ty, 0),
                None => "never chosen: raise max_sequences or time_limit".to_string(),
            };
            out.push((o.op.display.clone(), why));
        }
        out
    }

    /// A note per operation not under test that failed.
    pub fn notes(&self, world: &World<'_>) -> Vec<String> {
        let failed = world.ops.iter().zip(&self.helper_failures).filter(|(_, (count, _))| *count > 0);
        failed
            .map(|(o, (count, first))| {
                let owner = crate::names::display_type_name(o.op.owner_name);
                format!(
                    "{} failed in {count} sequence{} while making arguments ({}); it is not under test here, so it \
                     is not reported: explore {owner} (or add .also::<{owner}>()) to see it",
                    o.op.display,
                    crate::names::plural(*count),
                    first.lines().next().unwrap_or(""),
                )
            })
            .collect()
    }

    /// Why no value of `ty` was ever available, and what to do about it;
    /// when its makers never ran, why they did not (`depth` levels down).
    fn unmade(&self, world: &World<'_>, per_op: &[OperationStats], ty: TypeId, depth: u32) -> String {
        let full_name = world.reg.desc(ty).name;
        let name = crate::names::display_type_name(full_name);
        let makers = world.producers.get(&ty).map_or(&[][..], Vec::as_slice);
        let names: Vec<&str> = makers.iter().map(|&p| world.ops[p as usize].op.display.as_str()).collect();
        let never_ran = makers.iter().all(|&p| per_op[p as usize].attempted == 0);
        let first = makers.first().map(|&p| p as usize);
        let unmade_element = first.filter(|_| depth < 3).and_then(|p| self.unmade_element(world, per_op, p));
        match (first, first.and_then(|p| self.missing[p]), unmade_element) {
            // No impl block of the user's can be written for a std type.
            (None, _, _) if crate::names::is_std(full_name) => format!(
                "no value of type `{name}` could be built: give values with seeds({name} = [...]), or write a \
                 #[drt::generator] fn returning `{name}`"
            ),
            (None, _, _) => format!(
                "no value of type `{name}` could be built: put #[drt::operations] on an impl with a constructor \
                 of `{name}`, or give values with seeds({name} = [...])"
            ),
            // The makers could not run themselves: the cause is further down.
            (Some(first), Some(arg), _) if never_ran && depth < 3 && arg != ty => format!(
                "no value of type `{name}` was made: {} never ran, because {}",
                world.ops[first].op.display,
                self.unmade(world, per_op, arg, depth + 1)
            ),
            // A mock's answers (a vector of them, never empty) had no values to choose from.
            (Some(first), _, Some(elem)) => format!(
                "no value of type `{name}` was made: {} needs values of `{}`, and {}",
                world.ops[first].op.display,
                crate::names::display_type_name(world.reg.desc(elem).name),
                self.unmade(world, per_op, elem, depth + 1)
            ),
            (Some(_), _, None) => format!(
                "no value of type `{name}` was made: {} never returned one; give values with seeds({name} = [...]), \
                 or add a constructor that cannot fail",
                names.join(", ")
            ),
        }
    }

    /// The element type of a vector `op` takes of which no value was ever
    /// made (no seed, and no maker returned one): `op` only ever got empty
    /// vectors, as a mock's builder does whose answers cannot be made.
    fn unmade_element(&self, world: &World<'_>, per_op: &[OperationStats], op: usize) -> Option<TypeId> {
        world.ops[op].op.spec.params.iter().find_map(|p| {
            let elem = world.vecs[*world.vec_by_type.get(&p.ty)? as usize].elem;
            let seeded = world.seeds_by_type.get(&elem).is_some_and(|s| !s.is_empty());
            let makers = world.producers.get(&elem).map_or(&[][..], Vec::as_slice);
            (!seeded && makers.iter().all(|&m| per_op[m as usize].succeeded == 0)).then_some(elem)
        })
    }
}
