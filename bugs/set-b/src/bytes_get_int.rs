//! bytes 1.7.1: `Buf::get_int(nbytes)` / `get_int_le` read the bytes as an
//! unsigned number and never sign-extend it: `get_int(1)` of `[0xd6]` is 214,
//! not -42.

use drt_bugs_table::Bug;

pub mod careful {
    use bytes::{Buf as _, BufMut as _, BytesMut};

    #[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Buf(pub BytesMut);

    /// The crate's documented behaviour: `get_*` read big-endian (`_le`:
    /// little-endian) `n`-byte integers from the front, the signed ones read
    /// what the fixed-width getters read for the same bytes; `put_*` write
    /// them at the back.
    #[drt::operations(
        requires(
            with_capacity = "capacity <= 1 << 16",
            zeroed = "len <= 1 << 16",
            resize = "new_len <= 1 << 16",
            reserve = "additional <= 1 << 16"
        ),
        ensures(
            get_int = "nbytes == 0 || result == old.0[..nbytes].iter().fold(if old.0[0] >= 0x80 { -1i64 } else { 0 }, |v, &b| v << 8 | i64::from(b))",
            get_int_le = "nbytes == 0 || result == old.0[..nbytes].iter().rev().fold(if old.0[nbytes - 1] >= 0x80 { -1i64 } else { 0 }, |v, &b| v << 8 | i64::from(b))",
            get_uint = "result == old.0[..nbytes].iter().fold(0u64, |v, &b| v << 8 | u64::from(b))",
            get_i16 = "result == i16::from_be_bytes([old.0[0], old.0[1]])",
            put_int = "self.0.len() == old.0.len() + nbytes",
            split_to = "result.0.len() == at && self.0.len() == old.0.len() - at",
            advance = "self.0[..] == old.0[cnt..]"
        )
    )]
    impl Buf {
        pub fn new() -> Self {
            Buf(BytesMut::new())
        }
        pub fn with_capacity(capacity: usize) -> Self {
            Buf(BytesMut::with_capacity(capacity))
        }
        pub fn zeroed(len: usize) -> Self {
            Buf(BytesMut::zeroed(len))
        }
        pub fn from_vec(v: Vec<u8>) -> Self {
            Buf(BytesMut::from(&v[..]))
        }
        pub fn len(&self) -> usize {
            self.0.len()
        }
        pub fn is_empty(&self) -> bool {
            self.0.is_empty()
        }
        pub fn capacity(&self) -> usize {
            self.0.capacity()
        }
        pub fn truncate(&mut self, len: usize) {
            self.0.truncate(len)
        }
        pub fn clear(&mut self) {
            self.0.clear()
        }
        pub fn resize(&mut self, new_len: usize, value: u8) {
            self.0.resize(new_len, value)
        }
        pub fn reserve(&mut self, additional: usize) {
            self.0.reserve(additional)
        }
        pub fn extend_from_slice(&mut self, extend: &[u8]) {
            self.0.extend_from_slice(extend)
        }
        pub fn to_vec(&self) -> Vec<u8> {
            self.0.to_vec()
        }
        #[drt(requires = "at <= self.0.capacity()")]
        pub fn split_off(&mut self, at: usize) -> Self {
            Buf(self.0.split_off(at))
        }
        #[drt(requires = "at <= self.0.len()")]
        pub fn split_to(&mut self, at: usize) -> Self {
            Buf(self.0.split_to(at))
        }
        pub fn unsplit(&mut self, other: Self) {
            self.0.unsplit(other.0)
        }
        // `bytes::BufMut`, which `BytesMut` implements.
        pub fn put_u8(&mut self, n: u8) {
            self.0.put_u8(n)
        }
        pub fn put_i8(&mut self, n: i8) {
            self.0.put_i8(n)
        }
        pub fn put_u16(&mut self, n: u16) {
            self.0.put_u16(n)
        }
        pub fn put_i32_le(&mut self, n: i32) {
            self.0.put_i32_le(n)
        }
        pub fn put_u64(&mut self, n: u64) {
            self.0.put_u64(n)
        }
        #[drt(requires = "nbytes <= 8")]
        pub fn put_int(&mut self, n: i64, nbytes: usize) {
            self.0.put_int(n, nbytes)
        }
        #[drt(requires = "nbytes <= 8")]
        pub fn put_uint(&mut self, n: u64, nbytes: usize) {
            self.0.put_uint(n, nbytes)
        }
        // `bytes::Buf`, which `BytesMut` implements.
        pub fn remaining(&self) -> usize {
            self.0.remaining()
        }
        #[drt(requires = "cnt <= self.0.remaining()")]
        pub fn advance(&mut self, cnt: usize) {
            self.0.advance(cnt)
        }
        #[drt(requires = "self.0.remaining() >= 1")]
        pub fn get_u8(&mut self) -> u8 {
            self.0.get_u8()
        }
        #[drt(requires = "self.0.remaining() >= 1")]
        pub fn get_i8(&mut self) -> i8 {
            self.0.get_i8()
        }
        #[drt(requires = "self.0.remaining() >= 2")]
        pub fn get_u16(&mut self) -> u16 {
            self.0.get_u16()
        }
        #[drt(requires = "self.0.remaining() >= 2")]
        pub fn get_i16(&mut self) -> i16 {
            self.0.get_i16()
        }
        #[drt(requires = "self.0.remaining() >= 4")]
        pub fn get_i32_le(&mut self) -> i32 {
            self.0.get_i32_le()
        }
        #[drt(requires = "self.0.remaining() >= 8")]
        pub fn get_i64(&mut self) -> i64 {
            self.0.get_i64()
        }
        #[drt(requires = "nbytes <= 8 && nbytes <= self.0.remaining()")]
        pub fn get_uint(&mut self, nbytes: usize) -> u64 {
            self.0.get_uint(nbytes)
        }
        #[drt(requires = "nbytes <= 8 && nbytes <= self.0.remaining()")]
        pub fn get_int(&mut self, nbytes: usize) -> i64 {
            self.0.get_int(nbytes)
        }
        #[drt(requires = "nbytes <= 8 && nbytes <= self.0.remaining()")]
        pub fn get_int_le(&mut self, nbytes: usize) -> i64 {
            self.0.get_int_le(nbytes)
        }
        #[drt(requires = "len <= self.0.remaining()")]
        pub fn copy_to_bytes(&mut self, len: usize) -> Vec<u8> {
            self.0.copy_to_bytes(len).to_vec()
        }
    }
}

pub mod bare {
    use bytes::{Buf as _, BufMut as _, BytesMut};

    #[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Buf(pub BytesMut);

    #[drt::operations]
    impl Buf {
        pub fn new() -> Self {
            Buf(BytesMut::new())
        }
        pub fn with_capacity(capacity: usize) -> Self {
            Buf(BytesMut::with_capacity(capacity))
        }
        pub fn zeroed(len: usize) -> Self {
            Buf(BytesMut::zeroed(len))
        }
        pub fn from_vec(v: Vec<u8>) -> Self {
            Buf(BytesMut::from(&v[..]))
        }
        pub fn len(&self) -> usize {
            self.0.len()
        }
        pub fn is_empty(&self) -> bool {
            self.0.is_empty()
        }
        pub fn capacity(&self) -> usize {
            self.0.capacity()
        }
        pub fn truncate(&mut self, len: usize) {
            self.0.truncate(len)
        }
        pub fn clear(&mut self) {
            self.0.clear()
        }
        pub fn resize(&mut self, new_len: usize, value: u8) {
            self.0.resize(new_len, value)
        }
        pub fn reserve(&mut self, additional: usize) {
            self.0.reserve(additional)
        }
        pub fn extend_from_slice(&mut self, extend: &[u8]) {
            self.0.extend_from_slice(extend)
        }
        pub fn to_vec(&self) -> Vec<u8> {
            self.0.to_vec()
        }
        /// # Panics
        ///
        /// Panics if `at > capacity`.
        pub fn split_off(&mut self, at: usize) -> Self {
            Buf(self.0.split_off(at))
        }
        /// # Panics
        ///
        /// Panics if `at > len`.
        pub fn split_to(&mut self, at: usize) -> Self {
            Buf(self.0.split_to(at))
        }
        pub fn unsplit(&mut self, other: Self) {
            self.0.unsplit(other.0)
        }
        // `bytes::BufMut`, which `BytesMut` implements.
        pub fn put_u8(&mut self, n: u8) {
            self.0.put_u8(n)
        }
        pub fn put_i8(&mut self, n: i8) {
            self.0.put_i8(n)
        }
        pub fn put_u16(&mut self, n: u16) {
            self.0.put_u16(n)
        }
        pub fn put_i32_le(&mut self, n: i32) {
            self.0.put_i32_le(n)
        }
        pub fn put_u64(&mut self, n: u64) {
            self.0.put_u64(n)
        }
        /// # Panics
        ///
        /// This function panics if there is not enough remaining capacity in `self` or if `nbytes` is greater than 8.
        pub fn put_int(&mut self, n: i64, nbytes: usize) {
            self.0.put_int(n, nbytes)
        }
        /// # Panics
        ///
        /// This function panics if there is not enough remaining capacity in `self` or if `nbytes` is greater than 8.
        pub fn put_uint(&mut self, n: u64, nbytes: usize) {
            self.0.put_uint(n, nbytes)
        }
        // `bytes::Buf`, which `BytesMut` implements.
        pub fn remaining(&self) -> usize {
            self.0.remaining()
        }
        /// # Panics
        ///
        /// This function **may** panic if `cnt > self.remaining()`.
        pub fn advance(&mut self, cnt: usize) {
            self.0.advance(cnt)
        }
        /// # Panics
        ///
        /// This function panics if there is no more remaining data in `self`.
        pub fn get_u8(&mut self) -> u8 {
            self.0.get_u8()
        }
        /// # Panics
        ///
        /// This function panics if there is no more remaining data in `self`.
        pub fn get_i8(&mut self) -> i8 {
            self.0.get_i8()
        }
        /// # Panics
        ///
        /// This function panics if there is no more remaining data in `self`.
        pub fn get_u16(&mut self) -> u16 {
            self.0.get_u16()
        }
        /// # Panics
        ///
        /// This function panics if there is no more remaining data in `self`.
        pub fn get_i16(&mut self) -> i16 {
            self.0.get_i16()
        }
        /// # Panics
        ///
        /// This function panics if there is no more remaining data in `self`.
        pub fn get_i32_le(&mut self) -> i32 {
            self.0.get_i32_le()
        }
        /// # Panics
        ///
        /// This function panics if there is no more remaining data in `self`.
        pub fn get_i64(&mut self) -> i64 {
            self.0.get_i64()
        }
        /// # Panics
        ///
        /// This function panics if there is not enough remaining data in `self`, or if `nbytes` is greater than 8.
        pub fn get_uint(&mut self, nbytes: usize) -> u64 {
            self.0.get_uint(nbytes)
        }
        /// # Panics
        ///
        /// This function panics if there is not enough remaining data in `self`, or if `nbytes` is greater than 8.
        pub fn get_int(&mut self, nbytes: usize) -> i64 {
            self.0.get_int(nbytes)
        }
        /// # Panics
        ///
        /// This function panics if there is not enough remaining data in `self`, or if `nbytes` is greater than 8.
        pub fn get_int_le(&mut self, nbytes: usize) -> i64 {
            self.0.get_int_le(nbytes)
        }
        /// # Panics
        ///
        /// This function panics if there is not enough remaining data in `self`, or if `nbytes` is greater than 8.
        pub fn copy_to_bytes(&mut self, len: usize) -> Vec<u8> {
            self.0.copy_to_bytes(len).to_vec()
        }
    }
}

pub fn careful() -> drt::Explorer {
    drt::explore::<careful::Buf>().against::<Vec<u8>>()
}

pub fn bare() -> drt::Explorer {
    drt::explore::<bare::Buf>().against::<Vec<u8>>()
}

/// The signed `n`-byte read that is not sign-extended.
pub fn is_it(f: &drt::Failure) -> bool {
    (f.operation.ends_with("::get_int") || f.operation.ends_with("::get_int_le"))
        && matches!(f.kind, drt::FailureKind::Postcondition | drt::FailureKind::Divergence)
}

pub fn bug() -> Bug {
    Bug {
        name: "bytes 1.7.1: Buf::get_int does not sign-extend",
        source: "https://github.com/tokio-rs/bytes/issues/730",
        careful,
        bare,
        is_it,
    }
}

#[cfg(test)]
mod tests {
    use bytes::Buf;

    #[test]
    fn the_crate_is_buggy() {
        let mut buf = bytes::BytesMut::from(&b"\xd6zomg"[..]);
        assert_eq!(buf.get_int(1), 214, "fixed in 1.7.2: -42");
    }

    // Measured: seeds 1-10 all find it within 200,000 sequences (release, in process): after 22-2,491, median 269.
    #[test]
    fn careful_finds_it() {
        crate::assert_found(super::bug(), 9, 20_000);
    }
}
