//! BFCL's function names as tool names, and back.
//!
//! BFCL names functions as Python does, `math.factorial` or `finance.calculate_quarterly_dividend_per_share`.
//! Tool names are held to what every provider accepts (`^[a-zA-Z0-9_-]{1,64}$`, OpenAI's rule),
//! so each character outside it becomes `_`; a name that would then equal another function's
//! gets a numbered suffix. The map goes both ways, so a recorded call is scored under the name
//! BFCL wrote.

use std::collections::BTreeMap;

/// The longest tool name providers accept.
const MAX_LEN: usize = 64;

/// The tool name of each of one question's functions, and the function of each tool name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameMap {
    to_tool: BTreeMap<String, String>,
    to_bfcl: BTreeMap<String, String>,
}

impl NameMap {
    /// The map for the functions of one question, in their order.
    ///
    /// ```
    /// let names = agents_evals::bfcl::names::NameMap::new(["math.factorial", "math_factorial"]);
    /// assert_eq!(names.tool("math_factorial"), Some("math_factorial"));
    /// assert_eq!(names.tool("math.factorial"), Some("math_factorial_2"));
    /// assert_eq!(names.bfcl("math_factorial_2"), Some("math.factorial"));
    /// ```
    pub fn new<'a>(functions: impl IntoIterator<Item = &'a str>) -> Self {
        let functions: Vec<&str> = functions.into_iter().collect();
        let mut map = NameMap::default();
        // Names that are already allowed keep themselves; only the others are renamed, so a
        // renamed one never takes a name a function really has.
        for name in functions.iter().filter(|n| allowed(n)) {
            map.insert(name, name.to_string());
        }
        for name in functions.iter().filter(|n| !allowed(n)) {
            let base: String = name
                .chars()
                .map(|c| if allowed_char(c) { c } else { '_' })
                .take(MAX_LEN)
                .collect();
            let base = if base.is_empty() {
                "_".to_owned()
            } else {
                base
            };
            let mut candidate = base.clone();
            let mut n = 2;
            while map.to_bfcl.contains_key(&candidate) {
                let suffix = format!("_{n}");
                let keep = MAX_LEN.saturating_sub(suffix.len()).min(base.len());
                candidate = format!("{}{suffix}", &base[..keep]);
                n += 1;
            }
            map.insert(name, candidate);
        }
        map
    }

    fn insert(&mut self, bfcl: &str, tool: String) {
        self.to_bfcl.insert(tool.clone(), bfcl.to_owned());
        self.to_tool.insert(bfcl.to_owned(), tool);
    }

    /// The tool name of a BFCL function.
    pub fn tool(&self, bfcl: &str) -> Option<&str> {
        self.to_tool.get(bfcl).map(String::as_str)
    }

    /// The BFCL function of a tool name.
    pub fn bfcl(&self, tool: &str) -> Option<&str> {
        self.to_bfcl.get(tool).map(String::as_str)
    }
}

fn allowed_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

fn allowed(name: &str) -> bool {
    !name.is_empty() && name.len() <= MAX_LEN && name.chars().all(allowed_char)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dotted_names_map_to_underscores_and_back() {
        let names = NameMap::new(["math.factorial", "calculate_triangle_area", "a.b.c"]);
        assert_eq!(names.tool("math.factorial"), Some("math_factorial"));
        assert_eq!(
            names.tool("calculate_triangle_area"),
            Some("calculate_triangle_area")
        );
        assert_eq!(names.tool("a.b.c"), Some("a_b_c"));
        for bfcl in ["math.factorial", "calculate_triangle_area", "a.b.c"] {
            assert_eq!(names.bfcl(names.tool(bfcl).unwrap()), Some(bfcl));
        }
        assert_eq!(
            names.bfcl("math.factorial"),
            None,
            "only tool names go back"
        );
    }

    #[test]
    fn a_renamed_function_never_takes_another_functions_name() {
        let names = NameMap::new(["x.y", "x_y", "x-y", "x y"]);
        assert_eq!(names.tool("x_y"), Some("x_y"));
        assert_eq!(names.tool("x-y"), Some("x-y"));
        assert_eq!(names.tool("x.y"), Some("x_y_2"));
        assert_eq!(names.tool("x y"), Some("x_y_3"));
        assert_eq!(names.bfcl("x_y_3"), Some("x y"));
    }

    #[test]
    fn every_tool_name_is_one_providers_accept() {
        let long = format!("module.{}", "f".repeat(80));
        let names = NameMap::new([long.as_str(), "ünïcode.name", "", "ok-name_1"]);
        for bfcl in [long.as_str(), "ünïcode.name", "", "ok-name_1"] {
            let tool = names.tool(bfcl).unwrap();
            assert!(allowed(tool), "{tool:?}");
            assert_eq!(names.bfcl(tool), Some(bfcl));
        }
    }
}
