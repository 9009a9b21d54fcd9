//! Emitted code read apart from its layout: drt lays a test out with
//! rustfmt where it is installed (a long call spread over lines, a comma
//! after its last argument), so a test looks for code in its flat form.

/// `code` without whitespace, and without the comma rustfmt puts before a
/// closing bracket when it spreads a list over lines.
pub fn flat(code: &str) -> String {
    let bare: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    bare.replace(",)", ")").replace(",]", "]").replace(",}", "}")
}

/// Whether emitted `code` holds `part`, however either is laid out.
pub fn holds(code: &str, part: &str) -> bool {
    flat(code).contains(&flat(part))
}
