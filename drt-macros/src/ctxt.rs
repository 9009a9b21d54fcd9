//! Error collection in the style of serde_derive's `Ctxt`: every problem in the
//! impl block is reported at once, combined into one `syn::Error`.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// Collects errors; must be checked before it is dropped.
pub struct Ctxt {
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Ctxt { errors: RefCell::new(Some(Vec::new())) }
    }

    /// Records an error spanned on `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.syn_error(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// Records a parse error.
    pub fn syn_error(&self, err: syn::Error) {
        if let Some(errors) = self.errors.borrow_mut().as_mut() {
            errors.push(err);
        }
    }

    /// All recorded errors, combined.
    pub fn check(self) -> Result<(), syn::Error> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        let mut iter = errors.into_iter();
        let Some(mut combined) = iter.next() else {
            return Ok(());
        };
        for rest in iter {
            combined.combine(rest);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        // A forgotten check would silently drop errors; only reachable through
        // a bug in this crate, so it is caught by its tests, not by users.
        if !std::thread::panicking() && self.errors.borrow().is_some() {
            debug_assert!(false, "drt-macros: Ctxt dropped without check()");
        }
    }
}
