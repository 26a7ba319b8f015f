//! Which offered tool a request names in its own words.
//!
//! A small model chooses among many tools poorly: on BFCL's `live_multiple` (docs/EVAL.md),
//! the prevention runs' most common wrong answer was a wrong tool, where the request said the
//! tool's own words ("establish a connection to the server" for `connect_to_server`, "show me
//! all the files" for `list_files`). Retrieval reads those words: a word of the request that
//! is also in a tool's name or description speaks for that tool, and the more of the offered
//! tools hold the word, the less it says (`server` in every tool's description says nothing).
//!
//! A tool's words are its name, its description, and its arguments' names and descriptions
//! (the top level of its parameters' schema): a request often names what it gives rather than
//! what it asks for ("the weather *in Paris*" for a tool whose only mention of a place is its
//! `location` argument). On 311 held-out BFCL questions the arguments' words chose the right
//! tool 31 times where the name and description alone did not, and 10 times the other way
//! (docs/EVAL.md, "The arguments' words, and invented tool names in recovery on").
//!
//! Words are compared by their first five letters, which is enough to tell `connection` is
//! `connect` and `files` is `file` in English without a stemmer of its own per language, and
//! short words (under three letters), numbers and the commonest English words are left out.
//! A request in a language the tools are not described in shares no word, and scores nothing.

use crate::model::ToolSpec;

/// The letters a word is compared by.
const STEM_LETTERS: usize = 5;

/// Words too common in requests and descriptions to say which tool is meant.
const COMMON: &[&str] = &[
    "about", "all", "also", "and", "any", "are", "can", "could", "did", "does", "each", "find",
    "for", "from", "get", "give", "has", "have", "her", "his", "how", "into", "its", "just",
    "like", "may", "might", "must", "need", "not", "our", "please", "per", "set", "shall", "she",
    "should", "show", "some", "tell", "than", "that", "the", "their", "them", "then", "there",
    "these", "they", "this", "those", "use", "using", "via", "want", "was", "were", "what", "when",
    "where", "which", "who", "whom", "why", "will", "with", "would", "yes", "you", "your",
];

/// For each of `tools`, how strongly `request` names it in its own words: the sum, over the
/// request's words found in the tool's name, description, or its arguments' names and
/// descriptions, of `ln((n + 1) / (1 + k))`, where
/// `n` is the number of tools and `k` how many of them hold the word. 0 for a tool the request
/// shares no word with, and for a word every tool holds.
///
/// ```
/// use agents_core::model::ToolSpec;
/// use agents_core::request_words_in_tools;
/// let tool = |name: &str, description: &str| ToolSpec {
///     name: name.into(),
///     description: description.into(),
///     parameters: serde_json::json!({"type": "object"}),
/// };
/// let tools = [
///     tool("list_files", "Lists the files of the project."),
///     tool("connect_to_server", "Opens a connection to a server."),
/// ];
/// let scores = request_words_in_tools("Could you connect me to the server xyz?", &tools);
/// assert!(scores[1] > scores[0]);
/// assert_eq!(request_words_in_tools("¿Qué hora es?", &tools), [0.0, 0.0]);
/// ```
pub fn request_words_in_tools<'a>(
    request: &str,
    tools: impl IntoIterator<Item = &'a ToolSpec>,
) -> Vec<f64> {
    let asked = stems(request);
    let held: Vec<Vec<String>> = tools
        .into_iter()
        .map(|t| {
            let mut words = stems(&t.name);
            words.extend(stems(&t.description));
            for (name, description) in arguments(&t.parameters) {
                words.extend(stems(name));
                words.extend(stems(description));
            }
            words.sort_unstable();
            words.dedup();
            words
        })
        .collect();
    let n = held.len() as f64;
    held.iter()
        .map(|words| {
            asked
                .iter()
                .filter(|w| words.binary_search(w).is_ok())
                .map(|w| {
                    let k = held.iter().filter(|h| h.binary_search(w).is_ok()).count();
                    ((n + 1.0) / (1.0 + k as f64)).ln()
                })
                .sum()
        })
        .collect()
}

/// The top-level arguments of a parameters schema: each one's name and description (empty
/// when it has none).
fn arguments(parameters: &serde_json::Value) -> impl Iterator<Item = (&str, &str)> {
    parameters
        .get("properties")
        .and_then(serde_json::Value::as_object)
        .into_iter()
        .flatten()
        .map(|(name, schema)| {
            let description = schema
                .get("description")
                .and_then(serde_json::Value::as_str);
            (name.as_str(), description.unwrap_or_default())
        })
}

/// The distinct compared forms of the words of `text` that can say which tool is meant.
fn stems(text: &str) -> Vec<String> {
    let mut stems: Vec<String> = crate::text::words(text)
        .into_iter()
        .filter(|w| {
            w.chars().count() >= 3
                && !w.chars().all(|c| c.is_numeric())
                && !COMMON.contains(&w.as_str())
        })
        .map(|w| w.chars().take(STEM_LETTERS).collect())
        .collect();
    stems.sort_unstable();
    stems.dedup();
    stems
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tool(name: &str, description: &str) -> ToolSpec {
        ToolSpec {
            name: name.into(),
            description: description.into(),
            parameters: serde_json::json!({"type": "object"}),
        }
    }

    #[test]
    fn a_word_of_one_tool_speaks_for_it_and_a_word_of_every_tool_for_none() {
        let tools = [
            tool("add_postgres_server", "Adds a PostgreSQL server."),
            tool("list_servers", "Lists the servers of the environment."),
        ];
        let s = request_words_in_tools("Configure a new PostgreSQL server named db1", &tools);
        assert!(s[0] > 0.0 && s[1] == 0.0, "{s:?}");
        let s = request_words_in_tools("Give me a list of all the servers", &tools);
        assert!(s[1] > s[0], "{s:?}");
        // `server` is held by both: it says nothing.
        assert_eq!(request_words_in_tools("server", &tools), [0.0, 0.0]);
    }

    #[test]
    fn words_match_by_their_first_letters_and_names_split_into_words() {
        let tools = [
            tool("connect_to_server", ""),
            tool("cookbook.search_recipe", ""),
        ];
        let s = request_words_in_tools("Establish a connection, then find a recipe", &tools);
        assert!(s[0] > 0.0 && s[1] > 0.0, "{s:?}");
        let s = request_words_in_tools("getRecipes", &tools);
        assert!(s[1] > 0.0 && s[0] == 0.0, "{s:?}");
    }

    #[test]
    fn numbers_short_and_common_words_say_nothing() {
        let tools = [tool("a", "the 2024 report of it"), tool("b", "")];
        assert_eq!(
            request_words_in_tools("the 2024 report of it", &tools)[0],
            (3.0f64 / 2.0).ln()
        );
        assert_eq!(request_words_in_tools("the 2024 of it", &tools), [0.0, 0.0]);
    }

    #[test]
    fn the_arguments_names_and_descriptions_are_the_tools_words_too() {
        let with = |parameters: serde_json::Value| ToolSpec {
            parameters,
            ..tool("get_current_weather", "Retrieves the current conditions.")
        };
        let tools = [
            with(serde_json::json!({"type": "object", "properties": {
                "location": {"type": "string", "description": "The city, e.g. Paris"},
            }})),
            tool("get_stock_price", "Retrieves the current price of a share."),
        ];
        let s = request_words_in_tools("What is it like in Paris?", &tools);
        assert!(s[0] > 0.0 && s[1] == 0.0, "{s:?}");
        let s = request_words_in_tools("Conditions at my location", &tools);
        assert!(s[0] > 0.0 && s[1] == 0.0, "{s:?}");
        // A schema with no properties, or not an object, holds no words.
        let odd = [
            with(serde_json::json!(true)),
            with(serde_json::json!({"properties": 3})),
        ];
        assert_eq!(request_words_in_tools("Paris", &odd), [0.0, 0.0]);
    }

    proptest! {
        #[test]
        fn scores_are_finite_never_negative_and_one_per_tool(
            request in "\\PC{0,60}",
            names in proptest::collection::vec("[a-zA-Z_.]{0,12}", 0..5),
            description in "\\PC{0,40}",
        ) {
            let tools: Vec<ToolSpec> = names.iter().map(|n| tool(n, &description)).collect();
            let scores = request_words_in_tools(&request, &tools);
            prop_assert_eq!(scores.len(), tools.len());
            for s in scores {
                prop_assert!(s.is_finite() && s >= 0.0);
            }
        }
    }
}
