//! What BFCL's runner does to a Java or JavaScript function before a model sees it.
//!
//! BFCL's `simple_java` and `simple_javascript` questions declare their parameters in the
//! language's own types (`boolean`, `ArrayList`, `HashMap`; `Boolean`, `array`, `dict`), and the
//! answer it checks is each value written as source text of that language (`"true"`,
//! `"new ArrayList<>(Arrays.asList(\"a\"))"`), which its checker parses back. So BFCL's runner
//! offers every top-level parameter as a string and says in its description what the string
//! should hold; this module does the same, so that the model here is asked what BFCL asks any
//! model. The notes' wording is BFCL's, as it is part of the question the benchmark poses.
//!
//! Python categories are offered as before (BFCL's runner adds a "Python 3 syntax" hint there
//! too; the harness never has, and adding it now would make its Python numbers incomparable with
//! every earlier one in docs/EVAL.md).

use serde_json::{Map, Value};

/// The language a BFCL category's functions are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// Every category but the two below.
    Python,
    /// `simple_java`.
    Java,
    /// `simple_javascript`.
    JavaScript,
}

impl Language {
    /// The language of the question whose BFCL id is `id` (`simple_java_3`,
    /// `simple_javascript_12`, `multiple_4`).
    ///
    /// ```
    /// use agents_evals::bfcl::language::Language;
    /// assert_eq!(Language::of_id("simple_javascript_12"), Language::JavaScript);
    /// assert_eq!(Language::of_id("simple_java_3"), Language::Java);
    /// assert_eq!(Language::of_id("live_simple_3-2-1"), Language::Python);
    /// ```
    pub fn of_id(id: &str) -> Self {
        // "javascript" begins with "java": the longer name is asked first.
        if id.starts_with("simple_javascript") {
            Self::JavaScript
        } else if id.starts_with("simple_java") {
            Self::Java
        } else {
            Self::Python
        }
    }

    /// The function's description and parameters as BFCL's runner offers them in this
    /// language: for Java and JavaScript, the language hint after the description, and each
    /// top-level parameter a string whose description says what it holds (its element or entry
    /// schema moved into the description); Python's unchanged.
    ///
    /// ```
    /// use agents_evals::bfcl::language::Language;
    /// use serde_json::json;
    /// let (description, parameters) = Language::Java.offered("Sorts.", &json!({
    ///     "type": "dict",
    ///     "properties": {"items": {"type": "ArrayList", "description": "What to sort.",
    ///                              "items": {"type": "String"}}},
    ///     "required": ["items"]
    /// }));
    /// assert!(description.ends_with("Java 8 SDK syntax."));
    /// let items = &parameters["properties"]["items"];
    /// assert_eq!(items["type"], "string");
    /// assert!(items.get("items").is_none());
    /// assert!(items["description"].as_str().unwrap().contains("Java ArrayList type"));
    /// ```
    pub fn offered(self, description: &str, parameters: &Value) -> (String, Value) {
        let name = match self {
            Self::Python => return (description.to_owned(), parameters.clone()),
            Self::Java => "Java",
            Self::JavaScript => "JavaScript",
        };
        let hint = match self {
            Self::Java => " Note that the provided function is in Java 8 SDK syntax.",
            _ => " Note that the provided function is in JavaScript syntax.",
        };
        let mut parameters = parameters.clone();
        if let Some(Value::Object(properties)) = parameters.get_mut("properties") {
            for property in properties.values_mut() {
                if let Value::Object(property) = property {
                    self.as_source_string(name, property);
                }
            }
        }
        (format!("{description}{hint}"), parameters)
    }

    /// One top-level parameter offered as a string of source text.
    fn as_source_string(self, name: &str, property: &mut Map<String, Value>) {
        let declared = property
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("any")
            .to_owned();
        let mut notes = if declared == "any" {
            format!(" This parameter can be of any type of {name} object in string representation.")
        } else {
            format!(" This is {name} {declared} type parameter in string representation.")
        };
        let is_list = match self {
            Self::Java => declared == "ArrayList" || declared == "Array",
            _ => declared == "array",
        };
        if is_list {
            let element = property
                .remove("items")
                .and_then(|items| items.get("type").cloned())
                .map(|t| t.as_str().map_or_else(|| t.to_string(), str::to_owned))
                .unwrap_or_default();
            notes.push_str(&format!(
                " The list elements are of type {element}; they are not in string representation."
            ));
        }
        if self == Self::JavaScript
            && declared == "dict"
            && let Some(entries) = property.remove("properties")
        {
            notes.push_str(&format!(
                " The dictionary entries have the following schema; they are not in string representation. {}",
                python_json(&entries)
            ));
        }
        let description = property
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let description = format!("{description}{notes}");
        property.insert("description".into(), description.into());
        property.insert("type".into(), "string".into());
    }
}

/// JSON as Python's `json.dumps` writes it by default (`", "` and `": "` between items), as
/// BFCL writes the entries it moves into a description.
fn python_json(value: &Value) -> String {
    match value {
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(python_json).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Object(entries) => {
            let entries: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{}: {}", Value::from(k.as_str()), python_json(v)))
                .collect();
            format!("{{{}}}", entries.join(", "))
        }
        scalar => scalar.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn python_functions_are_offered_as_declared() {
        let parameters = json!({"type": "dict", "properties": {"n": {"type": "integer"}}});
        let (description, offered) = Language::Python.offered("Counts.", &parameters);
        assert_eq!(description, "Counts.");
        assert_eq!(offered, parameters);
    }

    #[test]
    fn every_java_parameter_becomes_a_string_that_says_its_type() {
        let (_, offered) = Language::Java.offered(
            "",
            &json!({"type": "dict", "properties": {
                "flag": {"type": "boolean", "description": "On?"},
                "thing": {"type": "any", "description": "Whatever."}
            }}),
        );
        let flag = &offered["properties"]["flag"];
        assert_eq!(flag["type"], "string");
        assert_eq!(
            flag["description"],
            "On? This is Java boolean type parameter in string representation."
        );
        assert_eq!(
            offered["properties"]["thing"]["description"],
            "Whatever. This parameter can be of any type of Java object in string representation."
        );
    }

    #[test]
    fn a_javascript_record_moves_its_entries_into_the_description() {
        let (description, offered) = Language::JavaScript.offered(
            "Sends.",
            &json!({"type": "dict", "properties": {
                "options": {"type": "dict", "description": "How.",
                            "properties": {"retries": {"type": "integer"}}},
                "ids": {"type": "array", "description": "Which.", "items": {"type": "String"}}
            }}),
        );
        assert_eq!(
            description,
            "Sends. Note that the provided function is in JavaScript syntax."
        );
        let options = &offered["properties"]["options"];
        assert!(options.get("properties").is_none());
        assert!(
            options["description"]
                .as_str()
                .unwrap()
                .ends_with(r#"not in string representation. {"retries": {"type": "integer"}}"#)
        );
        let ids = &offered["properties"]["ids"];
        assert!(ids.get("items").is_none());
        assert!(ids["description"].as_str().unwrap().ends_with(
            "The list elements are of type String; they are not in string representation."
        ));
    }
}
