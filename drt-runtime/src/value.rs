//! A value as the engine holds it: any `'static` type,
//! erased. Small values with no drop glue (integers, `bool`, `char`,
//! small `Copy` structs and tuples: most seeds, results and clones) lie
//! inline; the rest are boxed. A call's arguments and results pass through
//! one of these each, so the inline case saves an allocation and a free on
//! most of them, which matters most under valgrind's memcheck, where each
//! costs far more.

use std::any::{Any, TypeId};
use std::marker::PhantomData;
use std::mem::{align_of, needs_drop, size_of, MaybeUninit};
use std::ops::{Deref, DerefMut};

/// The bytes of an inline value: two words, word-aligned.
#[derive(Clone, Copy)]
#[repr(C, align(8))]
struct Inline([MaybeUninit<u8>; INLINE_BYTES]);

/// The largest value held inline.
const INLINE_BYTES: usize = 16;

/// A pointer to the inline value as `dyn Any`, made for its type.
type View = unsafe fn(*const Inline) -> *const dyn Any;

/// The inline value of type `T` at `p`, as `dyn Any` (its vtable is `T`'s).
///
/// # Safety
/// `p` holds a `T` written by [`Value::new`].
unsafe fn view<T: 'static>(p: *const Inline) -> *const dyn Any {
    p.cast::<T>() as *const dyn Any
}

enum Repr {
    Inline { bytes: Inline, view: View },
    Boxed(Box<dyn Any>),
}

/// Not public API. An erased value: [`Value::new`] makes one, `Deref`
/// reads it as `dyn Any`, [`Value::downcast`] takes it back.
pub struct Value {
    repr: Repr,
    /// Its type's [`type_key`], read without a call through the vtable:
    /// the oracles look for values of a type among a run's variables after
    /// every call.
    key: u64,
    /// Neither `Send` nor `Sync`, as `Box<dyn Any>` is not: an inline
    /// value may be of a type that is neither.
    _local: PhantomData<*const ()>,
}

impl Value {
    /// Whether a `T` lies inline: it fits, and dropping it does nothing,
    /// so dropping the bytes without it is the same.
    const fn inline<T>() -> bool {
        size_of::<T>() <= INLINE_BYTES && align_of::<T>() <= align_of::<Inline>() && !needs_drop::<T>()
    }

    /// Erases `value`.
    #[inline]
    pub fn new<T: 'static>(value: T) -> Value {
        let repr = if Self::inline::<T>() {
            let mut bytes = Inline([MaybeUninit::uninit(); INLINE_BYTES]);
            // SAFETY: `T` fits in the bytes and their alignment suits it
            // (`inline`); the bytes are ours and hold nothing yet.
            unsafe { bytes.0.as_mut_ptr().cast::<T>().write(value) };
            Repr::Inline { bytes, view: view::<T> }
        } else {
            Repr::Boxed(Box::new(value))
        };
        Value { repr, key: type_key(TypeId::of::<T>()), _local: PhantomData }
    }

    /// The `TypeId` of the value's type (not of `Value`, as
    /// `Any::type_id` on a `Value` itself would be).
    #[inline]
    pub fn type_id(&self) -> TypeId {
        (**self).type_id()
    }

    /// Whether the value is of the type whose `TypeId` is `ty` and whose
    /// [`type_key`] is `key`: a comparison of two words, and only when
    /// they are equal a call through the vtable.
    #[inline]
    pub fn is_of(&self, key: u64, ty: TypeId) -> bool {
        self.key == key && self.type_id() == ty
    }

    /// Its type's [`type_key`].
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether dropping it runs any code: an inline value's type has no
    /// drop glue; a boxed one is freed, and may have a `Drop` of its own.
    #[inline]
    pub fn drops(&self) -> bool {
        matches!(self.repr, Repr::Boxed(_))
    }

    /// The value, when it is a `T`; itself again when it is not.
    #[inline]
    pub fn downcast<T: 'static>(self) -> Result<T, Value> {
        if !self.is_of(type_key(TypeId::of::<T>()), TypeId::of::<T>()) {
            return Err(self);
        }
        Ok(match self.repr {
            // SAFETY: the bytes hold a `T` (its type id says so), which
            // has no drop glue, so reading it out leaves nothing behind.
            Repr::Inline { bytes, .. } => unsafe { bytes.0.as_ptr().cast::<T>().read() },
            Repr::Boxed(b) => *b.downcast::<T>().unwrap_or_else(|_| unreachable!("drt: checked above")),
        })
    }
}

/// 64 bits of `ty` (the bits its `Hash` writes): types with the same
/// key are told apart by their `TypeId`s.
#[inline]
pub fn type_key(ty: TypeId) -> u64 {
    /// Keeps the last word written.
    struct Word(u64);
    impl std::hash::Hasher for Word {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for (i, b) in bytes.iter().enumerate() {
                self.0 ^= u64::from(*b) << (8 * (i % 8));
            }
        }
        fn write_u64(&mut self, n: u64) {
            self.0 = n;
        }
    }
    let mut w = Word(0);
    std::hash::Hash::hash(&ty, &mut w);
    w.0
}

impl Deref for Value {
    type Target = dyn Any;

    #[inline]
    fn deref(&self) -> &dyn Any {
        match &self.repr {
            // SAFETY: `view` was made for the type `new` wrote into `bytes`;
            // the borrow of `self` keeps the bytes where they are.
            Repr::Inline { bytes, view } => unsafe { &*view(bytes) },
            Repr::Boxed(b) => &**b,
        }
    }
}

impl DerefMut for Value {
    #[inline]
    fn deref_mut(&mut self) -> &mut dyn Any {
        match &mut self.repr {
            // SAFETY: as in `deref`, and the borrow is unique.
            Repr::Inline { bytes, view } => unsafe { &mut *(view(bytes) as *mut dyn Any) },
            Repr::Boxed(b) => &mut **b,
        }
    }
}

impl From<Box<dyn Any>> for Value {
    fn from(b: Box<dyn Any>) -> Value {
        Value { key: type_key((*b).type_id()), repr: Repr::Boxed(b), _local: PhantomData }
    }
}

impl std::fmt::Debug for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if matches!(self.repr, Repr::Inline { .. }) { "Value(inline)" } else { "Value(boxed)" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    #[test]
    fn small_values_without_drop_glue_lie_inline() {
        assert!(Value::inline::<u64>() && Value::inline::<(u32, bool)>() && Value::inline::<&'static str>());
        assert!(Value::inline::<()>() && Value::inline::<[u8; 16]>() && Value::inline::<char>());
        assert!(!Value::inline::<String>(), "drop glue");
        assert!(!Value::inline::<[u8; 17]>(), "too large");
        assert!(!Value::inline::<u128>(), "aligned to 16");
        assert!(matches!(Value::new(7u32).repr, Repr::Inline { .. }) && !Value::new(7u32).drops());
        assert!(matches!(Value::new(String::new()).repr, Repr::Boxed(_)) && Value::new(String::new()).drops());
    }

    #[test]
    fn a_value_reads_and_downcasts_as_its_type() {
        let mut v = Value::new((3u16, -1i64));
        assert!(v.is::<(u16, i64)>() && !v.is::<u16>());
        assert_eq!(v.type_id(), TypeId::of::<(u16, i64)>());
        assert_eq!(v.downcast_ref::<(u16, i64)>(), Some(&(3, -1)));
        v.downcast_mut::<(u16, i64)>().unwrap().0 = 9;
        let v = v.downcast::<u16>().unwrap_err();
        assert_eq!(v.downcast::<(u16, i64)>().ok(), Some((9, -1)));
        let s = Value::new(String::from("boxed"));
        assert_eq!(s.downcast::<String>().ok().as_deref(), Some("boxed"));
        let b: Value = (Box::new(5u8) as Box<dyn Any>).into();
        assert_eq!(b.type_id(), TypeId::of::<u8>());
        assert_eq!(b.downcast::<u8>().ok(), Some(5));
    }

    #[test]
    fn a_value_is_of_its_type_only() {
        let (u, s) = (TypeId::of::<u32>(), TypeId::of::<String>());
        let v = Value::new(1u32);
        assert!(v.is_of(type_key(u), u) && !v.is_of(type_key(s), s));
        assert!(!v.is_of(type_key(u), s), "a key alike is not enough");
        assert_ne!(type_key(u), type_key(s));
        assert_eq!(v.type_id(), u);
    }

    #[test]
    fn a_boxed_value_is_dropped_once() {
        let rc = Rc::new(());
        let v = Value::new(Rc::clone(&rc));
        assert_eq!(Rc::strong_count(&rc), 2);
        drop(v);
        assert_eq!(Rc::strong_count(&rc), 1);
        let v = Value::new(Rc::clone(&rc)).downcast::<Rc<()>>().unwrap();
        assert_eq!(Rc::strong_count(&rc), 2);
        drop(v);
        assert_eq!(Rc::strong_count(&rc), 1);
    }

    #[test]
    fn an_inline_value_moves_with_its_owner() {
        let values: Vec<Value> = (0..100u64).map(Value::new).collect();
        let moved: Vec<Value> = values.into_iter().rev().collect();
        assert!(moved.iter().rev().enumerate().all(|(i, v)| v.downcast_ref::<u64>() == Some(&(i as u64))));
    }
}
