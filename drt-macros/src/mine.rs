//! Constant mining (GRT, paper 004): literals in method bodies become seeds for
//! their types, because the values a method compares against are the values
//! that reach its edge cases.

use proc_macro2::TokenStream;
use quote::quote;
use syn::visit::Visit;

/// Most literals registered per impl block.
const MAX_LITERALS: usize = 64;

#[derive(Default)]
pub struct Literals {
    found: Vec<TokenStream>,
    keys: Vec<String>,
}

impl Literals {
    fn push(&mut self, key: String, tokens: TokenStream) {
        if self.found.len() < MAX_LITERALS && !self.keys.contains(&key) {
            self.keys.push(key);
            self.found.push(tokens);
        }
    }

    fn int(&mut self, lit: &syn::LitInt, negative: bool) {
        let digits = format!("{}{}", if negative { "-" } else { "" }, lit.base10_digits());
        let suffix = lit.suffix().to_string();
        self.push(format!("i{digits}{suffix}"), quote!(::drt::__private::Literal::Int(#digits, #suffix)));
    }

    fn float(&mut self, lit: &syn::LitFloat, negative: bool) {
        let digits = format!("{}{}", if negative { "-" } else { "" }, lit.base10_digits());
        let suffix = lit.suffix().to_string();
        self.push(format!("f{digits}{suffix}"), quote!(::drt::__private::Literal::Float(#digits, #suffix)));
    }

    /// The registration calls for the literals found.
    pub fn registrations(&self) -> impl Iterator<Item = &TokenStream> {
        self.found.iter()
    }
}

impl<'ast> Visit<'ast> for Literals {
    fn visit_expr_unary(&mut self, e: &'ast syn::ExprUnary) {
        if let (syn::UnOp::Neg(_), syn::Expr::Lit(l)) = (&e.op, &*e.expr) {
            match &l.lit {
                syn::Lit::Int(i) => return self.int(i, true),
                syn::Lit::Float(f) => return self.float(f, true),
                _ => {}
            }
        }
        syn::visit::visit_expr_unary(self, e);
    }

    fn visit_lit(&mut self, lit: &'ast syn::Lit) {
        match lit {
            syn::Lit::Int(i) => self.int(i, false),
            syn::Lit::Float(f) => self.float(f, false),
            syn::Lit::Str(s) => {
                let v = s.value();
                self.push(format!("s{v}"), quote!(::drt::__private::Literal::Str(#v)));
            }
            syn::Lit::Char(c) => {
                let v = c.value();
                self.push(format!("c{v}"), quote!(::drt::__private::Literal::Char(#v)));
            }
            _ => {}
        }
    }

    // Attributes (docs, cfgs) hold no literals the code compares against.
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}

    // Format strings of panics and prints are messages, not inputs.
    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        let name = m.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        let messages = [
            "panic",
            "println",
            "eprintln",
            "print",
            "eprint",
            "format",
            "write",
            "writeln",
            "unreachable",
            "todo",
            "unimplemented",
        ];
        if messages.contains(&name.as_str()) {
            return;
        }
        if let Ok(args) = m.parse_body_with(syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated)
        {
            for a in &args {
                self.visit_expr(a);
            }
        }
    }
}

/// The literals in the bodies of these functions.
pub fn literals<'a>(fns: impl IntoIterator<Item = &'a syn::ImplItemFn>) -> Literals {
    let mut lits = Literals::default();
    for f in fns {
        lits.visit_block(&f.block);
    }
    lits
}
