//! Rendering tools, worked examples and the conversation into a prompt.

use agents_core::model::{
    FINAL_ANSWER_TOOL, Message, ModelRequest, ToolSpec, property_order, resolve_ref, value_shape,
};
use serde_json::Value;

/// The default instructions, placed before the tool list.
pub const DEFAULT_INSTRUCTIONS: &str = "You call tools. For each user request, answer with exactly one line: Call: followed by a JSON object {\"tool\": <tool name>, \"arguments\": {<argument name>: <value>}}. Use only the tools listed, with only their arguments. Numbers are JSON numbers, not strings. After a Result line, write the next Call, or Answer: followed by the answer for the user. If a Result starts with ERROR, read it and send a corrected Call.";

/// A worked example shown to the model before the conversation.
///
/// ```
/// use agents_providers::prompted::Example;
/// let e = Example::new("Is it cold in Oslo? In fahrenheit.")
///     .call("get_weather", r#"{"city": "Oslo", "unit": "fahrenheit"}"#)
///     .result("20 degrees fahrenheit, snow")
///     .answer("Yes: 20°F and snowing in Oslo.");
/// assert!(e.render().contains(r#"Call: {"tool": "get_weather", "arguments": {"city": "Oslo""#));
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Example {
    /// The user's request.
    pub request: String,
    /// The steps: each call's text (`{"tool": ..., "arguments": ...}`) and its result, if shown.
    pub steps: Vec<(String, Option<String>)>,
    /// The final answer, if shown.
    pub answer: Option<String>,
}

impl Example {
    /// An example answering `request`.
    pub fn new(request: impl Into<String>) -> Self {
        Example {
            request: request.into(),
            ..Example::default()
        }
    }

    /// Adds a call of `tool` with `arguments`: JSON text, kept as written (key order matters to
    /// a small model, which copies it), or a [`Value`] (written compactly, keys sorted).
    #[must_use]
    pub fn call(self, tool: &str, arguments: impl std::fmt::Display) -> Self {
        let text = call_text(tool, &arguments.to_string());
        self.raw_call(text)
    }

    /// Adds a call written exactly as `text` (for an example of a mistake and its correction).
    #[must_use]
    pub fn raw_call(mut self, text: impl Into<String>) -> Self {
        self.steps.push((text.into(), None));
        self
    }

    /// The result of the last call.
    #[must_use]
    pub fn result(mut self, result: impl Into<String>) -> Self {
        if let Some(last) = self.steps.last_mut() {
            last.1 = Some(result.into());
        }
        self
    }

    /// The final answer.
    #[must_use]
    pub fn answer(mut self, answer: impl Into<String>) -> Self {
        self.answer = Some(answer.into());
        self
    }

    /// Whether one of this example's calls is a call of `tool`.
    pub fn calls(&self, tool: &str) -> bool {
        let named = format!("\"tool\": {}", Value::String(tool.to_owned()));
        self.steps.iter().any(|(call, _)| call.contains(&named))
    }

    /// The example as prompt text.
    pub fn render(&self) -> String {
        let mut out = format!("User: {}\n", one_line(&self.request));
        for (call, result) in &self.steps {
            out.push_str(&format!("Call: {call}\n"));
            if let Some(r) = result {
                out.push_str(&format!("Result: {}\n", one_line(r)));
            }
        }
        if let Some(a) = &self.answer {
            out.push_str(&format!("Answer: {}\n", one_line(a)));
        }
        out
    }
}

/// How tools, examples and the conversation are laid out as text. Built with
/// [`PromptFormat::new`] and its methods (its fields may grow).
///
/// ```
/// use agents_providers::prompted::{Example, PromptFormat};
/// let format = PromptFormat::new()
///     .example(Example::new("Weather in Oslo?").call("get_weather", r#"{"city": "Oslo"}"#))
///     .force_call(false);
/// assert_eq!(format.examples.len(), 1);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct PromptFormat {
    /// The instructions before the tool list.
    pub instructions: String,
    /// Worked examples. When empty, one is made up from the first tool's schema.
    pub examples: Vec<Example>,
    /// Whether the prompt ends with `Call:` when the model must act on a new request or on an
    /// ERROR result, so a base model continues with a call (default on). A model that may answer
    /// without any tool should turn it off.
    pub force_call: bool,
    /// Whether to write the closest tool's name for the model after it called an unknown tool
    /// (default on; see [`PromptFormat::prefill`]).
    pub suggest_tool: bool,
    /// Whether a tool that no worked example calls gets one made up from its schema (see
    /// [`PromptFormat::example_every_tool`]).
    pub example_every_tool: bool,
}

impl Default for PromptFormat {
    fn default() -> Self {
        PromptFormat {
            instructions: DEFAULT_INSTRUCTIONS.to_owned(),
            examples: Vec::new(),
            force_call: true,
            suggest_tool: true,
            example_every_tool: true,
        }
    }
}

impl PromptFormat {
    /// The default format.
    pub fn new() -> Self {
        PromptFormat::default()
    }

    /// Adds a worked example.
    #[must_use]
    pub fn example(mut self, example: Example) -> Self {
        self.examples.push(example);
        self
    }

    /// Replaces the instructions.
    #[must_use]
    pub fn instructions(mut self, text: impl Into<String>) -> Self {
        self.instructions = text.into();
        self
    }

    /// Whether the prompt ends with `Call:` when a call is due.
    #[must_use]
    pub fn force_call(mut self, on: bool) -> Self {
        self.force_call = on;
        self
    }

    /// The stop strings that end a generated turn.
    pub fn stop_strings(&self) -> Vec<String> {
        vec!["\nUser:".into(), "\nResult:".into(), "\n\n".into()]
    }

    /// The part before the conversation: system prompt, instructions, tools, examples.
    pub fn preamble(&self, system: Option<&str>, tools: &[ToolSpec]) -> String {
        self.preamble_with(system, tools, &[])
    }

    /// [`preamble`](Self::preamble) for `request`: a tool the turn narrows (its values held
    /// to the user's words) gets its made-up example from its declared schema
    /// ([`ModelRequest::declared_tools`]), never from the narrowed one: that example would show
    /// the first of the user's spans, and a small model copies an example's value.
    fn preamble_of(&self, request: &ModelRequest) -> String {
        self.preamble_with(
            request.system.as_deref(),
            &request.tools,
            &request.declared_tools,
        )
    }

    fn preamble_with(
        &self,
        system: Option<&str>,
        tools: &[ToolSpec],
        declared: &[ToolSpec],
    ) -> String {
        let mut out = String::new();
        if let Some(s) = system.filter(|s| !s.trim().is_empty()) {
            out.push_str(s.trim());
            out.push_str("\n\n");
        }
        out.push_str(&self.instructions);
        out.push_str("\n\nTools:\n");
        for t in tools {
            out.push_str(&format!("- {}\n", signature(t)));
        }
        out.push('\n');
        for e in &self.examples {
            out.push_str(&e.render());
            out.push('\n');
        }
        for t in self.made_up(tools) {
            let own = declared.iter().find(|d| d.name == t.name).unwrap_or(t);
            out.push_str(&synthesized_example(own).render());
            out.push('\n');
        }
        out
    }

    /// The argument objects of the example calls the model is shown for `tools`: the worked
    /// examples' and the made-up ones' (what the client's
    /// [`Capabilities::examples`](agents_core::model::Capabilities::examples) reports, so that
    /// the runtime can refuse a value copied from them).
    pub fn example_arguments(&self, tools: &[ToolSpec]) -> Vec<Value> {
        let written = self
            .examples
            .iter()
            .flat_map(|e| &e.steps)
            .filter_map(|(call, _)| {
                let call = agents_core::json::repair(call).ok()?.value;
                call.get("arguments").cloned()
            });
        let made_up = self
            .made_up(tools)
            .into_iter()
            .map(|t| sample_value(&t.parameters, &t.parameters, "", 0));
        written.chain(made_up).collect()
    }

    /// The tools that get a made-up example. Never the runtime's final-answer tool: a made-up
    /// answer (`"text"`) is what a small model then answers with, at once.
    fn made_up<'t>(&self, tools: &'t [ToolSpec]) -> Vec<&'t ToolSpec> {
        let unshown = tools.iter().filter(|t| {
            t.name != FINAL_ANSWER_TOOL && !self.examples.iter().any(|e| e.calls(&t.name))
        });
        if self.example_every_tool {
            unshown.collect()
        } else if self.examples.is_empty() {
            tools.first().into_iter().collect()
        } else {
            Vec::new()
        }
    }

    /// Whether every tool that no worked example calls gets an example made up from its
    /// schema (on by default). What made-up examples are for: the call's shape (the tool's name
    /// and its arguments, written as a call) for a tool the model would otherwise see only in
    /// the list; a small model seldom calls a tool it has not seen called (on the held-out
    /// suite, docs/EVAL.md, the first answer named the requested tool two to three times as
    /// often with them). Their values are placeholders, said in the made-up request too
    /// (`Current weather in a city: city CITY.` before `{"city": "CITY"}`), so that the example
    /// shows a call taking its values from the request; a call that copies a placeholder the
    /// user never gave is refused before it runs (the echo check). Off: only the first tool
    /// gets one, and only when there are no worked examples at all (a model must see the call
    /// format once).
    #[must_use]
    pub fn example_every_tool(mut self, on: bool) -> Self {
        self.example_every_tool = on;
        self
    }

    /// The format a prompt that does not fit the server's context is written again with: the
    /// made-up examples left out as with
    /// [`example_every_tool(false)`](Self::example_every_tool) (the first tool's kept when
    /// there is no worked example), so the tool list, the worked examples and the conversation
    /// stay whole. `None` when nothing would be left out (the
    /// tools' made-up examples are already one at most).
    ///
    /// ```
    /// use agents_core::model::ToolSpec;
    /// use agents_providers::prompted::PromptFormat;
    /// let tool = |name: &str| ToolSpec {
    ///     name: name.into(),
    ///     description: String::new(),
    ///     parameters: serde_json::json!({"type": "object", "properties": {"q": {"type": "string"}}}),
    /// };
    /// let tools = [tool("search"), tool("fetch")];
    /// let shorter = PromptFormat::new().shorter(&tools).unwrap();
    /// assert!(shorter.preamble(None, &tools).len() < PromptFormat::new().preamble(None, &tools).len());
    /// assert!(shorter.shorter(&tools).is_none());
    /// ```
    pub fn shorter(&self, tools: &[ToolSpec]) -> Option<PromptFormat> {
        let without = PromptFormat {
            example_every_tool: false,
            ..self.clone()
        };
        (without.made_up(tools).len() < self.made_up(tools).len()).then_some(without)
    }

    /// The conversation as lines: `User:`, `Call:`, `Result:`, `Answer:`.
    pub fn conversation(&self, messages: &[Message]) -> String {
        let mut out = String::new();
        for m in messages {
            match m {
                Message::User { content } => {
                    out.push_str(&format!("User: {}\n", one_line(content)));
                }
                Message::Assistant {
                    content,
                    tool_calls,
                } => {
                    for c in tool_calls {
                        out.push_str(&format!("Call: {}\n", call_text(&c.name, &c.arguments)));
                    }
                    if tool_calls.is_empty()
                        && let Some(t) = content.as_deref().filter(|t| !t.trim().is_empty())
                    {
                        out.push_str(&format!("Answer: {}\n", one_line(t)));
                    }
                }
                Message::Tool(r) => {
                    out.push_str(&format!("Result: {}\n", one_line(&r.content)));
                }
            }
        }
        out
    }

    /// What the prompt ends with: `Call:` when a call is due (a new request, or an ERROR result),
    /// else nothing (the model writes `Call:` or `Answer:` itself).
    pub fn cue(&self, messages: &[Message]) -> &'static str {
        if !self.force_call {
            return "";
        }
        let due = match messages.last() {
            Some(Message::User { .. }) => true,
            Some(Message::Tool(_)) => {
                let batch = messages
                    .iter()
                    .rev()
                    .take_while(|m| matches!(m, Message::Tool(_)));
                batch
                    .into_iter()
                    .any(|m| matches!(m, Message::Tool(r) if r.is_error))
            }
            _ => false,
        };
        if due { "Call:" } else { "" }
    }

    /// The whole prompt for a raw completion endpoint (the [`prefill`](Self::prefill) included).
    pub fn render(&self, request: &ModelRequest) -> String {
        let mut out = self.preamble_of(request);
        out.push_str(&self.conversation(&request.messages));
        // Under a constraint the generation is a call and nothing else: the cue is due.
        match request.constraint {
            Some(_) => out.push_str("Call:"),
            None => out.push_str(self.cue(&request.messages)),
        }
        if let Some(p) = self.prefill(request) {
            out.push_str(&p);
        }
        out
    }

    /// The start of the call written for the model after a failed call, so that it only has
    /// to write values: after a call to a tool that does not exist, the closest tool's call up
    /// to its first argument (` {"tool": "get_weather", "arguments": {"city": `); after an
    /// argument error, that tool's call up to the key at fault (see `prefill.rs` for why). The
    /// generated text is read with this prefix in front. `None` when
    /// [`suggest_tool`](Self::suggest_tool) is off, the request is strict (no recovery), no
    /// call is due, or no call of the last batch failed so.
    pub fn prefill(&self, request: &ModelRequest) -> Option<String> {
        // A constrained call is held to the schema from its first byte: a prefill would be a
        // second, conflicting start.
        if !self.suggest_tool
            || request.strict
            || request.constraint.is_some()
            || self.cue(&request.messages).is_empty()
        {
            return None;
        }
        super::prefill::prefill(request)
    }

    /// Whether to write the closest tool's name for the model after it called an unknown tool
    /// (default on; see [`prefill`](Self::prefill)).
    #[must_use]
    pub fn suggest_tool(mut self, on: bool) -> Self {
        self.suggest_tool = on;
        self
    }

    /// The request for a chat model without native tools: the preamble as the system prompt,
    /// calls as assistant text, results as user text.
    pub fn chat_request(&self, request: &ModelRequest) -> ModelRequest {
        let mut messages: Vec<Message> = Vec::new();
        let mut push = |user: bool, text: String| {
            let same = match messages.last_mut() {
                Some(Message::User { content }) if user => Some(content),
                Some(Message::Assistant {
                    content: Some(content),
                    ..
                }) if !user => Some(content),
                _ => None,
            };
            match same {
                Some(c) => {
                    c.push('\n');
                    c.push_str(&text);
                }
                None if user => messages.push(Message::user(text)),
                None => messages.push(Message::assistant(text)),
            }
        };
        for m in &request.messages {
            match m {
                Message::User { content } => push(true, content.clone()),
                Message::Assistant {
                    content,
                    tool_calls,
                } => {
                    for c in tool_calls {
                        push(false, format!("Call: {}", call_text(&c.name, &c.arguments)));
                    }
                    if tool_calls.is_empty()
                        && let Some(t) = content
                    {
                        push(false, format!("Answer: {t}"));
                    }
                }
                Message::Tool(r) => push(true, format!("Result: {}", r.content)),
            }
        }
        let mut sampling = request.sampling.clone();
        sampling.stop.push("\nResult:".into());
        ModelRequest::new()
            .system(self.preamble_of(request))
            .messages(messages)
            .sampling(sampling)
            .strict(request.strict)
            // A turn without tools may be held to the answer's schema by the chat model
            // itself; a turn with (prompted) tools may not: the calls are written as text.
            .answer(crate::constraint::held_answer(request).cloned())
    }

    /// The prompt for an answer held to a schema (a turn without tools): the preamble and the
    /// conversation, then `Answer:`, after which the grammar holds the generation to the JSON.
    pub fn render_answer(&self, request: &ModelRequest) -> String {
        let mut out = self.preamble_of(request);
        out.push_str(&self.conversation(&request.messages));
        out.push_str("Answer: ");
        out
    }
}

/// JSON on one line with a space after `:` and `,`, as models usually write it.
pub fn spaced_json(v: &Value) -> String {
    match v {
        Value::Object(m) => spaced_fields(m.iter().map(|(k, v)| (k.as_str(), v))),
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(spaced_json).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// An object's fields, in the order given, as [`spaced_json`] writes an object.
fn spaced_fields<'a>(fields: impl Iterator<Item = (&'a str, &'a Value)>) -> String {
    let items: Vec<String> = fields
        .map(|(k, v)| format!("{}: {}", Value::String(k.to_owned()), spaced_json(v)))
        .collect();
    format!("{{{}}}", items.join(", "))
}

/// A call as the model is shown it: `{"tool": <name>, "arguments": <its own argument text>}`.
fn call_text(name: &str, arguments: &str) -> String {
    let args = if arguments.trim().is_empty() {
        "{}"
    } else {
        arguments.trim()
    };
    format!(
        "{{\"tool\": {}, \"arguments\": {}}}",
        Value::String(name.to_owned()),
        one_line(args)
    )
}

fn one_line(text: &str) -> String {
    text.trim().replace("\r\n", " ").replace(['\n', '\r'], " ")
}

/// `name(a: string, unit: "celsius" or "fahrenheit", n?: integer): description`, the arguments
/// in their declared order ([`property_order`]).
pub fn signature(tool: &ToolSpec) -> String {
    let schema = &tool.parameters;
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let params: Vec<String> = property_order(schema)
        .into_iter()
        .map(|(k, v)| {
            let opt = if required.is_empty() || required.contains(&k) {
                ""
            } else {
                "?"
            };
            format!("{k}{opt}: {}", value_shape(schema, v))
        })
        .collect();
    let desc = one_line(&tool.description);
    if desc.is_empty() {
        format!("{}({})", tool.name, params.join(", "))
    } else {
        format!("{}({}): {desc}", tool.name, params.join(", "))
    }
}

/// An example value of a schema, for a made-up example, for an argument called `name`: the
/// schema's own `examples` or first choice where it has them, else a placeholder that says what
/// the value is (the argument's name in capitals, `"CITY"`; `7` for a number; a date or a time
/// where the `format` asks for one).
fn sample_value(root: &Value, v: &Value, name: &str, depth: usize) -> Value {
    let v = resolve_ref(root, v);
    if let Some(x) = v
        .get("examples")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return x.clone();
    }
    if let Some(x) = v
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return x.clone();
    }
    if let Some(alts) = v
        .get("anyOf")
        .or_else(|| v.get("oneOf"))
        .and_then(Value::as_array)
        && let Some(a) = alts
            .iter()
            .find(|a| a.get("type").and_then(Value::as_str) != Some("null"))
    {
        return sample_value(root, a, name, depth + 1);
    }
    let ty = match v.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or("string"),
        _ => "string",
    };
    match ty {
        "integer" | "number" => Value::from(7),
        "boolean" => Value::Bool(true),
        "array" if depth < 3 => Value::Array(vec![sample_value(
            root,
            v.get("items").unwrap_or(&Value::Null),
            name,
            depth + 1,
        )]),
        "object" if depth < 3 => {
            let mut m = serde_json::Map::new();
            if let Some(props) = v.get("properties").and_then(Value::as_object) {
                for (k, p) in props {
                    m.insert(k.clone(), sample_value(root, p, k, depth + 1));
                }
            }
            Value::Object(m)
        }
        _ => match v.get("format").and_then(Value::as_str) {
            Some("date") => Value::String("2026-01-31".into()),
            Some("time") => Value::String("09:00".into()),
            Some("date-time") => Value::String("2026-01-31T09:00:00Z".into()),
            _ if name.trim().is_empty() => Value::String("TEXT".into()),
            _ => Value::String(name.replace(['_', '-'], " ").to_uppercase()),
        },
    }
}

/// A value as the made-up request says it: a string bare, a list by its items, anything else
/// as JSON.
fn said(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(said).collect::<Vec<_>>().join(", "),
        other => spaced_json(other),
    }
}

/// A made-up example for `tool`, from its schema: a request that says every argument's value
/// (`Current weather in a city: city CITY.`), and the call that takes them from it. Made-up
/// examples show a small model the call's shape for a tool no worked example calls; their
/// values are placeholders, and a request that holds them shows where a call's values come
/// from: measured on the local model (docs/small-models.md), a call then takes its values from
/// the user's request in 11 of 20 requests, against none when the made-up request held no value
/// and the model copied the placeholders.
fn synthesized_example(tool: &ToolSpec) -> Example {
    let args = sample_value(&tool.parameters, &tool.parameters, "", 0);
    let desc = one_line(&tool.description);
    let desc = desc.trim_end_matches('.');
    // The request says the values, and the call writes them, in the order the tool declares
    // its arguments: the order the model is shown is the order it fills a request's values in.
    let root = resolve_ref(&tool.parameters, &tool.parameters);
    let declared: Vec<&str> = property_order(root).into_iter().map(|(k, _)| k).collect();
    let mut ordered: Vec<(&str, &Value)> = declared
        .iter()
        .filter_map(|k| args.get(*k).map(|v| (*k, v)))
        .collect();
    ordered.extend(
        args.as_object()
            .into_iter()
            .flatten()
            .filter(|(k, _)| !declared.contains(&k.as_str()))
            .map(|(k, v)| (k.as_str(), v)),
    );
    let said: Vec<String> = ordered
        .iter()
        .map(|(k, v)| format!("{} {}", k.replace('_', " "), said(v)))
        .collect();
    let call = match &args {
        Value::Object(_) => spaced_fields(ordered.iter().copied()),
        other => spaced_json(other),
    };
    let request = match (desc.is_empty(), said.is_empty()) {
        (true, true) => format!("Use {}.", tool.name),
        (true, false) => format!("Use {}: {}.", tool.name, said.join(", ")),
        (false, true) => format!("{desc}."),
        (false, false) => format!("{desc}: {}.", said.join(", ")),
    };
    Example::new(request).call(&tool.name, call)
}

#[cfg(test)]
mod tests {
    use super::*;
    use agents_core::model::{ToolCall, ToolResult};
    use serde_json::json;

    fn weather() -> ToolSpec {
        ToolSpec {
            name: "get_weather".into(),
            description: "current weather in a city".into(),
            parameters: json!({
                "type": "object",
                "properties": {"city": {"type": "string"}, "unit": {"$ref": "#/$defs/Unit"},
                    "days": {"type": ["integer", "null"]}},
                "required": ["city", "unit"],
                "$defs": {"Unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}
            }),
        }
    }

    /// A turn that holds `city` to the user's words (an `enum` of their spans) shows the
    /// tool's made-up example from its declared schema: the placeholder, not the first span,
    /// which a small model would copy (`"where_to": "planning"` for "I'm planning a trip to
    /// Austin"). Without the declared schema the example shows the first span.
    #[test]
    fn a_held_tools_made_up_example_is_made_from_its_declared_schema() {
        let declared = weather();
        let mut held = weather();
        held.parameters["properties"]["city"]["enum"] = json!(["planning", "trip", "Austin"]);
        let request = ModelRequest::new()
            .messages(vec![Message::user("I'm planning a trip to Austin")])
            .tools(vec![held])
            .constraint(Some(agents_core::model::Constraint::tool("get_weather")));
        let example = "{\"tool\": \"get_weather\", \"arguments\": {\"city\": \"CITY\"";
        let f = PromptFormat::new();
        let prompt = f.render(&request);
        assert!(prompt.contains("city planning"), "{prompt}");
        assert!(!prompt.contains(example), "{prompt}");
        let mut narrowed = request.clone();
        narrowed.declared_tools = vec![declared];
        let prompt = f.render(&narrowed);
        assert!(prompt.contains(example), "{prompt}");
        assert!(!prompt.contains("city planning"), "{prompt}");
        // The tool list still says what this turn takes.
        assert!(
            prompt.contains(r#"city: "planning" or "trip" or "Austin""#),
            "{prompt}"
        );
    }

    #[test]
    fn signature_resolves_refs_and_optionals() {
        assert_eq!(
            signature(&weather()),
            r#"get_weather(city: string, unit: "celsius" or "fahrenheit", days?: integer): current weather in a city"#
        );
    }

    #[test]
    fn renders_the_conversation_with_feedback_and_cue() {
        let f = PromptFormat::new();
        let call = ToolCall {
            id: "c1".into(),
            name: "weather".into(),
            arguments: "{\"city\": \"Oslo\"".into(),
        };
        let mut messages = vec![
            Message::user("Weather in Oslo?"),
            Message::Assistant {
                content: None,
                tool_calls: vec![call],
            },
            Message::Tool(ToolResult {
                call_id: "c1".into(),
                name: "weather".into(),
                content: "ERROR: Tool 'weather' is unknown. Did you mean 'get_weather'?".into(),
                is_error: true,
            }),
        ];
        let request = ModelRequest::new()
            .system("Be brief.")
            .messages(messages.clone())
            .tools(vec![weather()]);
        let prompt = f.render(&request);
        assert!(prompt.starts_with("Be brief.\n\nYou call tools."));
        assert!(prompt.contains(
            "User: current weather in a city: city CITY, unit celsius, days 7.\nCall: {\"tool\": \"get_weather\", \"arguments\": {\"city\": \"CITY\", \"unit\": \"celsius\", \"days\": 7}}\n"
        ));
        assert!(prompt.ends_with(
            "User: Weather in Oslo?\nCall: {\"tool\": \"weather\", \"arguments\": {\"city\": \"Oslo\"}\nResult: ERROR: Tool 'weather' is unknown. Did you mean 'get_weather'?\nCall: {\"tool\": \"get_weather\", \"arguments\": {\"city\": \""
        ));
        messages.pop();
        messages.push(Message::Tool(ToolResult {
            call_id: "c1".into(),
            name: "weather".into(),
            content: "sunny".into(),
            is_error: false,
        }));
        assert_eq!(
            f.prefill(&request).as_deref(),
            Some(" {\"tool\": \"get_weather\", \"arguments\": {\"city\": \"")
        );
        assert_eq!(f.clone().suggest_tool(false).prefill(&request), None);
        let strict = request.clone().strict(true);
        assert_eq!(f.prefill(&strict), None);
        assert_eq!(f.cue(&messages), "");
        let chat = f.chat_request(&request.messages(messages));
        assert!(chat.tools.is_empty());
        assert_eq!(chat.messages.len(), 3);
        assert_eq!(chat.messages[2], Message::user("Result: sunny"));
    }

    /// Issue 16, item 6: after an argument error on an offered tool, the prompt ends with that
    /// tool's call written up to the key at fault (the required argument left out, else the one
    /// the error names), with the opening quote when it takes a string; after a tool's own
    /// failure nothing is written.
    #[test]
    fn the_prefill_after_an_argument_error_goes_up_to_the_key_at_fault() {
        let f = PromptFormat::new();
        let request = |content: &str, arguments: &str| {
            ModelRequest::new()
                .messages(vec![
                    Message::user("Weather in Oslo?"),
                    Message::Assistant {
                        content: None,
                        tool_calls: vec![ToolCall {
                            id: "c1".into(),
                            name: "get_weather".into(),
                            arguments: arguments.into(),
                        }],
                    },
                    Message::Tool(ToolResult {
                        call_id: "c1".into(),
                        name: "get_weather".into(),
                        content: content.into(),
                        is_error: true,
                    }),
                ])
                .tools(vec![weather()])
        };
        let argument_error = "ERROR: the arguments for tool 'get_weather' are wrong: missing field `city`. Write: get_weather: {\"city\": string}";
        assert_eq!(
            f.prefill(&request(argument_error, r#"{"town": "Oslo"}"#))
                .as_deref(),
            Some(" {\"tool\": \"get_weather\", \"arguments\": {\"city\": \"")
        );
        let wrong_unit = "ERROR: the arguments for tool 'get_weather' are wrong at \"unit\": unknown variant `C`. Write: ...";
        assert_eq!(
            f.prefill(&request(wrong_unit, r#"{"city": "Oslo", "unit": "C"}"#))
                .as_deref(),
            Some(" {\"tool\": \"get_weather\", \"arguments\": {\"unit\": \"")
        );
        // A number is written bare: no opening quote for it.
        let wrong_days = "ERROR: the arguments for tool 'get_weather' are wrong at \"days\": must be an integer. Write: ...";
        assert_eq!(
            f.prefill(&request(
                wrong_days,
                r#"{"city": "Oslo", "unit": "celsius", "days": "x"}"#
            ))
            .as_deref(),
            Some(" {\"tool\": \"get_weather\", \"arguments\": {\"days\": ")
        );
        assert_eq!(
            f.prefill(&request(
                "ERROR: Tool 'get_weather' failed: timeout.",
                r#"{"city": "Oslo", "unit": "celsius"}"#
            )),
            None
        );
    }

    /// A tool that no worked example calls gets a made-up one (on by default), and the runtime
    /// is told every example's arguments, made-up ones included, to refuse copies of them.
    #[test]
    fn every_tool_without_an_example_gets_a_made_up_one() {
        let add = ToolSpec {
            name: "add".into(),
            description: "add two numbers".into(),
            parameters: json!({"type": "object", "properties": {"a": {"type": "number"},
                "b": {"type": "number"}}, "required": ["a", "b"]}),
        };
        let tools = [weather(), add];
        let f = PromptFormat::new().example(
            Example::new("Weather in Oslo?")
                .call("get_weather", r#"{"city": "Oslo", "unit": "celsius"}"#),
        );
        let preamble = f.preamble(None, &tools);
        assert!(preamble.contains(
            "User: add two numbers: a 7, b 7.\nCall: {\"tool\": \"add\", \"arguments\": {\"a\": 7, \"b\": 7}}\n"
        ));
        assert_eq!(
            preamble.matches("\"tool\": \"get_weather\"").count(),
            1,
            "a tool with a worked example gets no made-up one"
        );
        assert_eq!(
            f.example_arguments(&tools),
            [
                json!({"city": "Oslo", "unit": "celsius"}),
                json!({"a": 7, "b": 7})
            ]
        );
        let with_answer = [tools[1].clone(), agents_core::model::final_answer_spec()];
        assert_eq!(
            f.example_arguments(&with_answer),
            [
                json!({"city": "Oslo", "unit": "celsius"}),
                json!({"a": 7, "b": 7})
            ],
            "the runtime's final-answer tool gets no made-up answer to copy"
        );
        assert!(
            !f.preamble(None, &with_answer)
                .contains("\"tool\": \"final_answer\"")
        );
        let off = f.clone().example_every_tool(false);
        assert!(!off.preamble(None, &tools).contains("User: add two numbers"));
        assert_eq!(off.example_arguments(&tools).len(), 1);
    }
}
