//! The names of this program's functions, from its own symbol table: an
//! ELF program on Linux (a test binary keeps its `.symtab` unless the
//! profile strips it), relocated by where the loader put it. Elsewhere, or
//! when the table is gone, there are no names and the report says so.

/// The names of this program's functions that start at `pcs` (where the
/// loader put them) and whose mangled names it `wants`, demangled without
/// their hash (`my_crate::Stack::push`); `None` when they cannot be read.
/// Only those are demangled: a test program has tens of thousands of
/// functions, and its debug build demangles a name in about ten
/// microseconds.
pub(crate) fn names_at(
    pcs: &[usize],
    wants: impl Fn(&str) -> bool,
) -> Option<std::collections::HashMap<usize, String>> {
    let (bias, program) = this_program()?;
    let wanted: std::collections::HashSet<usize> = pcs.iter().map(|pc| pc.wrapping_sub(bias)).collect();
    let found = functions(&program, |at, name| wanted.contains(&at) && wants(name))?;
    let demangled = |name: &str| format!("{:#}", rustc_demangle::demangle(name));
    Some(found.into_iter().map(|(at, name)| (at.wrapping_add(bias), demangled(&name))).collect())
}

/// How far the loader moved this program, and its file.
#[cfg(target_os = "linux")]
fn this_program() -> Option<(usize, std::fs::File)> {
    Some((load_bias()?, std::fs::File::open("/proc/self/exe").ok()?))
}

#[cfg(not(target_os = "linux"))]
fn this_program() -> Option<(usize, Vec<u8>)> {
    None
}

/// How far the loader moved this program from the addresses its symbol
/// table gives (a position-independent program is moved; 0 otherwise).
#[cfg(target_os = "linux")]
fn load_bias() -> Option<usize> {
    unsafe extern "C" fn first(info: *mut libc::dl_phdr_info, _: libc::size_t, out: *mut libc::c_void) -> libc::c_int {
        // SAFETY: the loader hands a valid entry; `out` is the `usize` below.
        unsafe { *(out as *mut usize) = (*info).dlpi_addr as usize };
        1 // The first entry is the program itself: stop there.
    }
    let mut bias = usize::MAX;
    // SAFETY: the callback writes one `usize` through the pointer given.
    unsafe { libc::dl_iterate_phdr(Some(first), &mut bias as *mut usize as *mut libc::c_void) };
    (bias != usize::MAX).then_some(bias)
}

/// What an ELF file is read from: the program's file, or bytes in a test.
trait Image {
    /// `len` bytes from offset `at`, when the image has them.
    fn bytes(&self, at: usize, len: usize) -> Option<Vec<u8>>;
}

impl Image for Vec<u8> {
    fn bytes(&self, at: usize, len: usize) -> Option<Vec<u8>> {
        self[..].bytes(at, len)
    }
}

impl Image for [u8] {
    fn bytes(&self, at: usize, len: usize) -> Option<Vec<u8>> {
        self.get(at..at.checked_add(len)?).map(<[u8]>::to_vec)
    }
}

#[cfg(target_os = "linux")]
impl Image for std::fs::File {
    fn bytes(&self, at: usize, len: usize) -> Option<Vec<u8>> {
        use std::os::unix::fs::FileExt as _;
        let mut out = vec![0; len];
        self.read_exact_at(&mut out, at as u64).ok()?;
        Some(out)
    }
}

/// The functions an ELF image's symbol table names (64-bit, little-endian:
/// the Linux targets drt's coverage runs on) that it `keep`s (by address
/// and mangled name), as (address, mangled name). Only the headers and
/// the two tables are read, not the whole program.
fn functions(elf: &(impl Image + ?Sized), keep: impl Fn(usize, &str) -> bool) -> Option<Vec<(usize, String)>> {
    fn u16_at(b: &[u8], at: usize) -> Option<usize> {
        Some(usize::from(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?)))
    }
    fn u32_at(b: &[u8], at: usize) -> Option<usize> {
        Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?) as usize)
    }
    fn u64_at(b: &[u8], at: usize) -> Option<usize> {
        usize::try_from(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?)).ok()
    }
    let header = elf.bytes(0, 64)?;
    // ELF magic, 64-bit class, little-endian data.
    if header.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let (at, entry, count) = (u64_at(&header, 0x28)?, u16_at(&header, 0x3a)?, u16_at(&header, 0x3c)?);
    if entry < 64 {
        return None;
    }
    let sections = elf.bytes(at, entry.checked_mul(count)?)?;
    let section = |i: usize| sections.get(i * entry..(i + 1) * entry);
    const SYMTAB: usize = 2;
    let table = (0..count).filter_map(section).find(|s| u32_at(s, 4) == Some(SYMTAB))?;
    let strings = section(u32_at(table, 40)?)?;
    let (symbols, symbol_size) = (elf.bytes(u64_at(table, 24)?, u64_at(table, 32)?)?, u64_at(table, 56)?);
    let names = elf.bytes(u64_at(strings, 24)?, u64_at(strings, 32)?)?;
    if symbol_size < 24 {
        return None;
    }
    const FUNC: u8 = 2;
    let mut out = Vec::new();
    for s in symbols.chunks_exact(symbol_size) {
        let (name, info, value) = (u32_at(s, 0)?, s[4], u64_at(s, 8)?);
        if info & 0xf != FUNC || value == 0 {
            continue;
        }
        let bytes = names.get(name..)?;
        let end = bytes.iter().position(|&b| b == 0)?;
        if let Ok(name) = std::str::from_utf8(&bytes[..end]) {
            if keep(value, name) {
                out.push((value, name.to_string()));
            }
        }
    }
    Some(out)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[inline(never)]
    fn a_function_to_find() -> u32 {
        std::hint::black_box(7)
    }

    /// The test program's own table names this function where it is.
    #[test]
    fn a_function_of_this_program_is_named_at_its_address() {
        let at = a_function_to_find as fn() -> u32 as usize;
        assert_eq!(a_function_to_find(), 7);
        let names = names_at(&[at, at + 1], |_| true).expect("the test program's symbol table is read");
        assert_eq!(names.get(&at).map(String::as_str), Some("drt::coverage::symbols::tests::a_function_to_find"));
        assert_eq!(names.len(), 1, "no function starts at {:x}: {names:?}", at + 1);
    }

    #[test]
    fn what_is_not_elf_has_no_functions() {
        assert!(functions(&b"#!/bin/sh\n"[..], |_, _| true).is_none());
        assert!(functions(&b"\x7fELF\x02\x01"[..], |_, _| true).is_none(), "cut short");
    }
}
