//! Tokens as a person writes them, for error messages and for the Rust text
//! drt puts in emitted tests: `Option<&'static str>`, `Price::new(5, -1)`,
//! `impl Iterator<Item = u8>`, `vec![1, 2]`, not `TokenStream`'s
//! `Option < & 'static str >`.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use quote::ToTokens;

/// What the last thing written was, to decide the space before the next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prev {
    /// Nothing yet, an opening delimiter, or something that binds tightly
    /// to what follows (`&`, `::`, `.`, a unary `-`, `'` of a lifetime).
    Tight,
    /// A word, a literal or a closed group: a following word needs a space.
    Word,
    /// An operator or separator that already wrote its trailing space.
    Spaced,
}

/// `tokens` as text: words separated by one space, a space after `,` `;`
/// and a single `:`, spaces around `=`, `->`, `=>`, `+` and binary `-`, and
/// nothing else between tokens.
pub fn text<T: ToTokens>(tokens: &T) -> String {
    let mut out = String::new();
    write(tokens.to_token_stream(), &mut out);
    out.trim_end().to_string()
}

/// Keywords after which a group is an operand, not a call or an index:
/// `&mut [u8]`, `&mut (u8, u16)`.
const BEFORE_OPERAND: &[&str] = &["mut", "dyn", "impl", "as", "in", "move", "return", "const", "static", "ref"];

fn write(tokens: TokenStream, out: &mut String) {
    let mut prev = Prev::Tight;
    let mut keyword = false;
    let mut iter = tokens.into_iter().peekable();
    while let Some(tt) = iter.next() {
        let was_keyword = std::mem::take(&mut keyword);
        match tt {
            TokenTree::Ident(i) => {
                if prev == Prev::Word {
                    out.push(' ');
                }
                let word = i.to_string();
                keyword = BEFORE_OPERAND.contains(&word.as_str());
                out.push_str(&word);
                prev = Prev::Word;
            }
            TokenTree::Literal(l) => {
                if prev == Prev::Word {
                    out.push(' ');
                }
                out.push_str(&l.to_string());
                prev = Prev::Word;
            }
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{ ", " }"),
                    Delimiter::None => ("", ""),
                };
                if prev == Prev::Word && (g.delimiter() == Delimiter::Brace || was_keyword) {
                    out.push(' ');
                }
                out.push_str(open);
                write(g.stream(), out);
                out.push_str(close);
                prev = Prev::Word;
            }
            TokenTree::Punct(p) => {
                // A multi-character operator: this punct and the joint ones after it.
                let mut op = p.as_char().to_string();
                let mut spacing = p.spacing();
                while spacing == Spacing::Joint && op != "'" {
                    match iter.peek() {
                        Some(TokenTree::Punct(next)) => {
                            op.push(next.as_char());
                            spacing = next.spacing();
                            iter.next();
                        }
                        _ => break,
                    }
                }
                prev = punct(&op, prev, out);
            }
        }
    }
}

/// Writes one operator; returns what it leaves behind.
fn punct(op: &str, prev: Prev, out: &mut String) -> Prev {
    let spaced = |out: &mut String| {
        if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
    };
    match op {
        "," | ";" | ":" => {
            out.push_str(op);
            out.push(' ');
            Prev::Spaced
        }
        "=" | "->" | "=>" | "+" | "==" | "!=" | "+=" | "-=" | "*=" | "|" | "||" | "&&" => {
            spaced(out);
            out.push_str(op);
            out.push(' ');
            Prev::Spaced
        }
        // Binary after a word (`a - 1`), unary otherwise (`-1`, `&x`, `*p`).
        "-" | "*" | "&" if prev == Prev::Word => {
            spaced(out);
            out.push_str(op);
            out.push(' ');
            Prev::Spaced
        }
        _ => {
            if op == "'" && prev == Prev::Word {
                out.push(' ');
            }
            out.push_str(op);
            Prev::Tight
        }
    }
}

#[cfg(test)]
mod tests {
    use super::text;
    use quote::quote;

    #[test]
    fn types_read_as_written() {
        assert_eq!(text(&quote!(Option<&'static str>)), "Option<&'static str>");
        assert_eq!(text(&quote!(&mut [u8])), "&mut [u8]");
        assert_eq!(text(&quote!(std::ops::Add<Cents>)), "std::ops::Add<Cents>");
        assert_eq!(text(&quote!(impl Iterator<Item = &'a T> + 'a)), "impl Iterator<Item = &'a T> + 'a");
        assert_eq!(text(&quote!(Box<dyn Fn(u8) -> u8>)), "Box<dyn Fn(u8) -> u8>");
        assert_eq!(text(&quote!(::<(u8, u16), [u8; 4]>)), "::<(u8, u16), [u8; 4]>");
        assert_eq!(text(&quote!(fmt::Formatter<'_>)), "fmt::Formatter<'_>");
    }

    #[test]
    fn expressions_read_as_written() {
        assert_eq!(text(&quote!(Currency::Eur)), "Currency::Eur");
        assert_eq!(text(&quote!(Price::new(5, -1))), "Price::new(5, -1)");
        assert_eq!(text(&quote!(vec![1, 2])), "vec![1, 2]");
        assert_eq!(text(&quote!(Point { x: 1, y: -2 })), "Point { x: 1, y: -2 }");
        assert_eq!(text(&quote!(a - 1)), "a - 1");
        assert_eq!(text(&quote!(&x)), "&x");
        assert_eq!(text(&quote!(1..=5)), "1..=5");
    }
}
