//! How a prompted client asks a [`ValueQuestion`]: a few worked questions and answers, then the
//! question, for a completion that ends at the line's end.
//!
//! A base model continues the pattern it is shown. Asked bare, Gemma 3 270M answers in sentences
//! ("The restaurant is located in the center of the city."); after worked answers that quote
//! the text, it quotes the text.

use agents_core::model::ValueQuestion;

use crate::constraint::RawSchema;
use crate::error::ProviderError;

/// Worked questions: the answer quotes the text, numbers as written, a list with commas, and
/// `none` where the text does not say.
const WORKED: &[(&str, &str, &str, &str)] = &[
    (
        "please deliver two large pepperoni pizzas to 12 Elm Street",
        "address",
        "text",
        "12 Elm Street",
    ),
    (
        "please deliver two large pepperoni pizzas to 12 Elm Street",
        "quantity",
        "a number",
        "two",
    ),
    (
        "please deliver two large pepperoni pizzas to 12 Elm Street",
        "size",
        "one of small, medium, large",
        "large",
    ),
    (
        "add oat milk, eggs and rye bread to the shopping list",
        "items",
        "a list",
        "oat milk, eggs, rye bread",
    ),
    (
        "add oat milk, eggs and rye bread to the shopping list",
        "store",
        "text",
        "none",
    ),
];

/// The prompt that asks `question`: the worked questions, then it, up to `Answer:`.
pub(crate) fn question_prompt(question: &ValueQuestion) -> String {
    let mut out = String::new();
    for (text, argument, shape, answer) in WORKED {
        let worked = ValueQuestion {
            text: (*text).to_owned(),
            argument: (*argument).to_owned(),
            shape: (*shape).to_owned(),
            choices: Vec::new(),
        };
        out.push_str(&format!("{worked}\nAnswer: {answer}\n\n"));
    }
    out.push_str(&format!("{question}\nAnswer:"));
    out
}

/// What ends an answer: the end of its line.
pub(crate) const ANSWER_STOP: &str = "\n";

/// The JSON schema that holds an answer to the question's choices (llama.cpp's `json_schema`),
/// or `None` for a free answer.
pub(crate) fn choice_schema(
    provider: &'static str,
    question: &ValueQuestion,
) -> Result<Option<RawSchema>, ProviderError> {
    if question.choices.is_empty() {
        return Ok(None);
    }
    let schema = serde_json::json!({"type": "string", "enum": question.choices});
    RawSchema::new(provider, schema.to_string()).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_question_comes_last_after_the_worked_ones() {
        let q = ValueQuestion {
            text: "send 250 euros to Maria".into(),
            argument: "recipient".into(),
            shape: "text".into(),
            choices: Vec::new(),
        };
        let prompt = question_prompt(&q);
        assert!(prompt.ends_with(
            "Text: send 250 euros to Maria\nQuestion: In the text, what is the recipient (text)?\nAnswer:"
        ));
        assert_eq!(prompt.matches("Answer:").count(), WORKED.len() + 1);
        assert!(prompt.contains("Answer: none\n"));
    }
}
