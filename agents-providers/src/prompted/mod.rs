//! Prompted tool calling, for models without native tools: base models and many local ones.
//!
//! The tools, worked examples and the conversation so far (calls, their results, ERROR feedback
//! included) are rendered into the prompt as `User:` / `Call:` / `Result:` / `Answer:` lines
//! ([`PromptFormat`]); the model's text is read back into tool calls by [`parse_output`], which
//! accepts the shapes small models really write. Each call's argument text is the model's own,
//! untouched: the runtime's repair pipeline mends it and reports what it did in events.
//!
//! Two clients:
//! - [`PromptedCompletions`]: a raw completion endpoint (OpenAI-compatible `/v1/completions`,
//!   e.g. llama.cpp's server, vLLM, Ollama's `/v1`); the right one for a base model. The prompt
//!   ends with `Call:` when a call is due, generation is capped and stops at the next line.
//! - [`PromptedChat`]: any chat [`Model`] without native tools (the preamble becomes the system
//!   prompt).
//!
//! ```no_run
//! use agents_providers::prompted::{Example, PromptFormat, PromptedCompletions};
//! use serde_json::json;
//! # fn main() -> Result<(), agents_providers::ProviderError> {
//! let format = PromptFormat::new().example(
//!     Example::new("Is it cold in Oslo? In fahrenheit.")
//!         .call("get_weather", json!({"city": "Oslo", "unit": "fahrenheit"})),
//! );
//! let model = PromptedCompletions::builder("gemma3-270m")
//!     .base_url("http://127.0.0.1:8089/v1")
//!     .format(format)
//!     .max_tokens(64)
//!     .build()?;
//! # Ok(()) }
//! ```

mod choice;
mod parse;
mod prefill;
mod question;
mod render;
mod value_choice;

use agents_core::model::ModelErrorKind;
use agents_core::model::{
    Capabilities, ConstraintSupport, FeedbackStyle, FinishReason, Model, ModelError, ModelRequest,
    ModelResponse, Recovery, ToolCall, ToolSpec, Usage,
};
use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};

pub use choice::{ToolScore, ToolScores, UNFILLED_PENALTY, WORD_WEIGHT};
pub use parse::{
    ParsedCall, ParsedOutput, RUNTIME_MARKERS, parse_documented, parse_output, runtime_marker,
};
pub use render::{DEFAULT_INSTRUCTIONS, Example, PromptFormat, signature, spaced_json};

use crate::client::{ClientSettings, settings_methods};
use crate::error::ProviderError;
use crate::ids::synthesize_call_id;
use crate::transport::{Auth, Transport};

const PROVIDER: &str = "prompted";

/// The default cap on generated tokens (one call line, or a short answer).
pub const DEFAULT_MAX_TOKENS: u32 = 96;

/// The most tokens a turn may be asked for when the cap was left at its default
/// ([`DEFAULT_MAX_TOKENS`] four times): the runtime asks for more on the turn after the cap cut
/// a call off ([`Recovery::room_after_cut_off`]). A cap set with
/// [`max_tokens`](PromptedCompletionsBuilder::max_tokens) is never raised.
pub const DEFAULT_RAISED_TOKEN_CAP: u32 = 4 * DEFAULT_MAX_TOKENS;

/// What a prompted client says about itself: short feedback (it writes its calls as text), the
/// arguments of the example calls `format` shows for `tools`, and `recovery` (by default
/// [`Recovery::SMALL_MODEL`]). `Unsupported` constraint: the caller sets its own.
pub(crate) fn prompted_capabilities(
    format: &PromptFormat,
    tools: &[ToolSpec],
    recovery: Recovery,
) -> Capabilities {
    Capabilities::new()
        .feedback(FeedbackStyle::Short)
        .constraint(ConstraintSupport::Schema)
        .examples(format.example_arguments(tools))
        .recovery(recovery)
}

/// The format to write `request` again with after its prompt did not fit the model's context
/// (`overflow`, logged): [`PromptFormat::shorter`]. `None` when nothing would be left out, and
/// for a question about the user's words, whose prompt is its own and holds no examples.
fn refit(
    format: &PromptFormat,
    request: &ModelRequest,
    overflow: &dyn std::fmt::Display,
) -> Option<PromptFormat> {
    if request.value_question.is_some() {
        return None;
    }
    let shorter = format.shorter(&request.tools)?;
    tracing::info!(
        error = %overflow,
        "the prompt does not fit the model's context; sent again without most made-up examples"
    );
    Some(shorter)
}

/// Turns generated text into a response: the calls found (ids synthesised), or the answer.
///
/// `finish` is the server's finish reason, mapped; a response with calls says `ToolCalls`, unless
/// the token cap cut it off (`Length`, so the runtime knows the last call may be truncated).
pub fn response_from_text(
    text: &str,
    finish: FinishReason,
    usage: Usage,
    tools: &[ToolSpec],
) -> ModelResponse {
    response_from_parsed(parse_output(text, tools), text, finish, usage)
}

/// The response for what was read out of `text`.
fn response_from_parsed(
    parsed: ParsedOutput,
    text: &str,
    finish: FinishReason,
    usage: Usage,
) -> ModelResponse {
    for c in &parsed.calls {
        if let Some(fix) = c.shape_fix {
            tracing::debug!(tool = %c.name, fix, "prompted call read from a non-standard shape");
        }
    }
    let tool_calls: Vec<ToolCall> = parsed
        .calls
        .into_iter()
        .enumerate()
        .map(|(i, c)| ToolCall {
            id: synthesize_call_id(i),
            name: c.name,
            arguments: c.arguments,
        })
        .collect();
    let finish_reason = match finish {
        FinishReason::Length => FinishReason::Length,
        _ if !tool_calls.is_empty() => FinishReason::ToolCalls,
        other => other,
    };
    ModelResponse {
        text: parsed.text,
        tool_calls,
        usage,
        finish_reason,
        raw: Some(text.to_owned()),
        usage_estimated: false,
    }
}

/// [`response_from_text`] for `request` (only the documented shape, [`parse_documented`], when
/// it is strict), refusing a generation that holds neither a call nor an answer because the
/// model wrote a runtime turn itself (`Result: ok`): taking that text as the answer would end
/// the run with words the model put in the runtime's mouth. Every client that reads prompted
/// calls (`PromptedCompletions`, `PromptedChat`, Ollama's fallback) reads through here.
pub(crate) fn read_generation(
    provider: &'static str,
    text: &str,
    finish: FinishReason,
    usage: Usage,
    request: &ModelRequest,
) -> Result<ModelResponse, ProviderError> {
    let parsed = if request.strict {
        parse_documented(text)
    } else {
        parse_output(text, &request.tools)
    };
    let response = response_from_parsed(parsed, text, finish, usage);
    match impersonation(provider, text, &response) {
        Some(e) => Err(e),
        None => Ok(response),
    }
}

/// The error for a generation that impersonates the runtime (see [`read_generation`]); `None`
/// for any other response.
fn impersonation(
    provider: &'static str,
    text: &str,
    response: &ModelResponse,
) -> Option<ProviderError> {
    if !response.tool_calls.is_empty() || response.text.is_some() {
        return None;
    }
    let marker = runtime_marker(text)?;
    Some(ProviderError::malformed(
        provider,
        format!(
            "the model wrote the runtime's `{marker}` line instead of a call or an answer: {:?}",
            text.chars().take(120).collect::<String>()
        ),
    ))
}

/// The body of `POST /v1/completions`.
#[derive(Debug, Clone, Serialize)]
struct CompletionRequest<'a> {
    model: &'a str,
    prompt: String,
    max_tokens: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    temperature: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    top_p: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    stop: Vec<String>,
    stream: bool,
    /// llama.cpp's JSON-schema-constrained sampling: the call format over the allowed tools,
    /// for a constrained request.
    #[serde(skip_serializing_if = "Option::is_none")]
    json_schema: Option<crate::constraint::RawSchema>,
    /// llama.cpp's GBNF grammar: the exact call start a tool's score is read for.
    #[serde(skip_serializing_if = "Option::is_none")]
    grammar: Option<String>,
    /// How many top log probabilities per generated token (the generated token's own comes
    /// with them); asked only when scoring.
    #[serde(skip_serializing_if = "Option::is_none")]
    logprobs: Option<u32>,
}

#[derive(Debug, Clone, Deserialize)]
struct CompletionResponse {
    #[serde(default)]
    choices: Vec<CompletionChoice>,
    #[serde(default)]
    usage: Option<CompletionUsage>,
}

#[derive(Debug, Clone, Deserialize)]
struct CompletionChoice {
    #[serde(default)]
    text: String,
    #[serde(default)]
    finish_reason: Option<String>,
    #[serde(default)]
    logprobs: Option<choice::WireLogprobs>,
}

#[derive(Debug, Clone, Default, Deserialize)]
struct CompletionUsage {
    #[serde(default)]
    prompt_tokens: u64,
    #[serde(default)]
    completion_tokens: u64,
}

/// How many model turns the conversation already holds.
fn model_turns(request: &ModelRequest) -> u64 {
    request
        .messages
        .iter()
        .filter(|m| matches!(m, agents_core::model::Message::Assistant { .. }))
        .count() as u64
}

fn finish_reason(reason: Option<&str>) -> FinishReason {
    match reason {
        Some("length") | Some("max_tokens") => FinishReason::Length,
        Some("stop") | Some("eos") | None => FinishReason::Stop,
        Some("content_filter") => FinishReason::ContentFilter,
        Some(other) => FinishReason::Other(other.to_owned()),
    }
}

/// Prompted tool calling over a raw completion endpoint (`POST {base}/completions`, the
/// OpenAI-compatible shape). Implements [`Model`].
///
/// A typed answer on a turn without tools ([`ModelRequest::answer`]) is held to its schema
/// by the same `json_schema`, after the prompt's `Answer:`.
///
/// A constrained request ([`ModelRequest::constraint`]) is sent with llama.cpp's
/// `json_schema`: the call format over the allowed tools
/// ([`call_schema`](agents_core::model::constraint::schema::call_schema)), the prompt ending
/// with `Call:` and nothing written for the model. A server that ignores `json_schema` (not
/// llama.cpp) is not constrained: use this client's constraint only with llama.cpp.
#[derive(Debug, Clone)]
pub struct PromptedCompletions {
    model: String,
    transport: Transport,
    /// The server's root (the base URL less its `/v1`), where llama.cpp tokenizes: a scored
    /// text is held to its own tokens (`choice.rs`). `None` for a base URL without `/v1`.
    root: Option<Transport>,
    format: PromptFormat,
    max_tokens: u32,
    /// The most a request's own `max_tokens` may raise `max_tokens` to.
    token_ceiling: u32,
    temperature: Option<f32>,
    seed: Option<u64>,
    calibrated_choice: bool,
    tool_words: bool,
    required_numbers: bool,
    calibration: choice::Calibration,
    scored_values: bool,
    recovery: Recovery,
}

/// Builds a [`PromptedCompletions`].
#[derive(Debug, Clone)]
#[must_use = "a builder does nothing until it is built"]
pub struct PromptedCompletionsBuilder {
    model: String,
    settings: ClientSettings,
    format: PromptFormat,
    max_tokens: u32,
    token_ceiling: u32,
    temperature: Option<f32>,
    seed: Option<u64>,
    calibrated_choice: bool,
    tool_words: bool,
    required_numbers: bool,
    scored_values: bool,
    recovery: Recovery,
}

impl PromptedCompletions {
    /// A builder for `model` at `http://127.0.0.1:8080/v1` (llama.cpp's default), no key.
    pub fn builder(model: impl Into<String>) -> PromptedCompletionsBuilder {
        PromptedCompletionsBuilder {
            model: model.into(),
            settings: ClientSettings::new("http://127.0.0.1:8080/v1"),
            format: PromptFormat::default(),
            max_tokens: DEFAULT_MAX_TOKENS,
            token_ceiling: DEFAULT_RAISED_TOKEN_CAP,
            temperature: None,
            seed: None,
            calibrated_choice: true,
            tool_words: true,
            required_numbers: true,
            scored_values: false,
            recovery: Recovery::SMALL_MODEL,
        }
    }

    /// The prompt layout.
    pub fn format(&self) -> &PromptFormat {
        &self.format
    }

    /// The most tokens a request may raise the cap to, where that is more than the cap.
    fn raised_token_cap(&self) -> Option<u32> {
        (self.token_ceiling > self.max_tokens).then_some(self.token_ceiling)
    }

    /// The transport.
    pub fn transport(&self) -> &Transport {
        &self.transport
    }

    /// The prompt this client would send for `request`.
    pub fn prompt(&self, request: &ModelRequest) -> String {
        self.format.render(request)
    }

    /// Sends one request: renders the prompt, completes it, reads the calls back. A
    /// [`value_question`](ModelRequest::value_question) is asked with the question prompt
    /// instead, and answered in `text`.
    ///
    /// A prompt longer than the server's context ([`ModelErrorKind::ContextOverflow`]) is
    /// written again once with [`PromptFormat::shorter`] (most made-up examples left out) and
    /// sent again; the error is returned when it still does not fit, or nothing could be left
    /// out.
    pub async fn send(&self, request: &ModelRequest) -> Result<ModelResponse, ProviderError> {
        self.send_fitting(request, None).await
    }

    /// Sends a constrained new request whose tool `scores` chose (from
    /// [`tool_scores`](Self::tool_scores)): the call is written under the constraint to the
    /// tool [`ToolScores::chosen`] names, and its usage includes the scoring's. What
    /// [`send`](Self::send) does after scoring, for an application that reads or logs the
    /// scores first. Scores that name no tool the request allows choose nothing; a request
    /// without a constraint is sent as `send` sends it.
    ///
    /// ```no_run
    /// # use agents_core::model::ModelRequest;
    /// # use agents_providers::prompted::PromptedCompletions;
    /// # async fn f(model: PromptedCompletions, request: ModelRequest) -> Result<(), agents_providers::ProviderError> {
    /// if let Some(scores) = model.tool_scores(&request).await? {
    ///     tracing::info!(chosen = scores.chosen(), "tool chosen");
    ///     let response = model.send_scored(&request, &scores).await?;
    ///     # let _ = response;
    /// }
    /// # Ok(()) }
    /// ```
    pub async fn send_scored(
        &self,
        request: &ModelRequest,
        scores: &ToolScores,
    ) -> Result<ModelResponse, ProviderError> {
        self.send_fitting(request, Some(scores)).await
    }

    /// `send_choosing`, and once more with the shorter format when the prompt did not fit the
    /// server's context: a small local model is often served with a small context, and a
    /// request offering many tools fills it with their made-up examples before the
    /// conversation starts (on BFCL's `live_multiple`, docs/EVAL.md).
    async fn send_fitting(
        &self,
        request: &ModelRequest,
        given: Option<&ToolScores>,
    ) -> Result<ModelResponse, ProviderError> {
        let overflow = match self.send_choosing(request, given).await {
            Err(e) if e.kind == ModelErrorKind::ContextOverflow => e,
            done => return done,
        };
        let Some(format) = refit(&self.format, request, &overflow) else {
            return Err(overflow);
        };
        let shorter = PromptedCompletions {
            format,
            ..self.clone()
        };
        shorter.send_choosing(request, given).await
    }

    /// `send`, with the tool's scores given, or computed when the choice is calibrated.
    async fn send_choosing(
        &self,
        request: &ModelRequest,
        given: Option<&ToolScores>,
    ) -> Result<ModelResponse, ProviderError> {
        if let Some(question) = &request.value_question {
            return self.ask(request, question).await;
        }
        if let Some(format) = crate::constraint::held_answer(request) {
            return self.answer(request, format).await;
        }
        // Under a constraint the grammar ends the generation where the call's JSON ends; the
        // format's stop strings would only cut it (the grammar allows a blank line inside).
        let stop = match request.constraint {
            Some(_) => Vec::new(),
            None => self.format.stop_strings(),
        };
        let body = self.turn_body(request, self.prompt(request), stop);
        let mut spent = Usage::default();
        let mut held_to = None;
        let body = match crate::constraint::allowed(PROVIDER, request)? {
            Some(mut tools) => {
                let computed;
                let scores = match given {
                    Some(scores) => Some(scores),
                    None => {
                        computed = self.chosen_by_score(request).await;
                        computed.as_ref()
                    }
                };
                if let Some(scores) = scores {
                    spent = scores.usage;
                    // Scores that name no tool the request allows choose nothing.
                    if let Some(chosen) = scores.chosen()
                        && tools.iter().any(|t| t.name == chosen)
                    {
                        tools.retain(|t| t.name == chosen);
                    }
                }
                if let [tool] = tools.as_slice() {
                    held_to = Some(*tool);
                }
                CompletionRequest {
                    json_schema: Some(crate::constraint::prompted_call_schema(PROVIDER, &tools)?),
                    ..body
                }
            }
            None => body,
        };
        let prefill = self.format.prefill(request).unwrap_or_default();
        let (mut generated, finish, mut usage, estimated) = self.completion(&body).await?;
        usage += spent;
        if let Some(tool) = held_to.filter(|_| self.scored_values)
            && let Some((chosen, scoring)) = self
                .chosen_values(request, &body.prompt, tool, &generated)
                .await
        {
            generated = chosen;
            usage += scoring;
        }
        let mut response = read_generation(
            PROVIDER,
            &format!("{prefill}{generated}"),
            finish,
            usage,
            request,
        )?;
        response.usage_estimated = estimated;
        Ok(response)
    }

    /// Asks for a typed answer on a turn without tools, held to its schema by llama.cpp's
    /// `json_schema` after the prompt's `Answer:`: the generation is the answer's JSON and
    /// nothing else (no stop strings of the format: the grammar ends it, and a blank line
    /// inside the JSON must not cut it).
    async fn answer(
        &self,
        request: &ModelRequest,
        format: &agents_core::model::AnswerFormat,
    ) -> Result<ModelResponse, ProviderError> {
        let body = CompletionRequest {
            json_schema: Some(crate::constraint::answer_schema(PROVIDER, format)?),
            ..self.turn_body(request, self.format.render_answer(request), Vec::new())
        };
        self.text_answer(&body).await
    }

    /// The body of one model turn: `prompt`, this client's cap, temperature and seed where
    /// the request sets none, and `stop` (the request's own stop strings added).
    fn turn_body(
        &self,
        request: &ModelRequest,
        prompt: String,
        mut stop: Vec<String>,
    ) -> CompletionRequest<'_> {
        let s = &request.sampling;
        for extra in &s.stop {
            if !stop.contains(extra) {
                stop.push(extra.clone());
            }
        }
        CompletionRequest {
            model: &self.model,
            prompt,
            max_tokens: s
                .max_tokens
                .map_or(self.max_tokens, |m| m.min(self.token_ceiling)),
            temperature: s.temperature.or(self.temperature),
            top_p: s.top_p,
            // A new seed each turn: a retry after feedback must not replay the same sample.
            seed: s
                .seed
                .or(self.seed)
                .map(|seed| seed.wrapping_add(model_turns(request))),
            stop,
            stream: false,
            json_schema: None,
            grammar: None,
            logprobs: None,
        }
    }

    /// Posts `body` and answers with its generation, trimmed, as text.
    async fn text_answer(
        &self,
        body: &CompletionRequest<'_>,
    ) -> Result<ModelResponse, ProviderError> {
        let (answer, finish_reason, usage, usage_estimated) = self.completion(body).await?;
        Ok(ModelResponse {
            text: Some(answer.trim().to_owned()),
            usage,
            finish_reason,
            usage_estimated,
            ..Default::default()
        })
    }

    /// Asks a question about the user's words with the question prompt (`question.rs`): one
    /// line of answer, greedy unless the request says otherwise. A question with
    /// [`choices`](agents_core::model::ValueQuestion::choices) is held to them through
    /// `json_schema` (the answer comes back as a JSON string, which
    /// [`answered_value`](agents_core::model::answered_value) unquotes).
    async fn ask(
        &self,
        request: &ModelRequest,
        question: &agents_core::model::ValueQuestion,
    ) -> Result<ModelResponse, ProviderError> {
        let s = &request.sampling;
        let body = CompletionRequest {
            model: &self.model,
            prompt: question::question_prompt(question),
            max_tokens: s
                .max_tokens
                .unwrap_or(agents_core::model::ANSWER_TOKENS)
                .min(self.max_tokens),
            temperature: s.temperature.or(Some(0.0)),
            top_p: s.top_p,
            seed: s.seed.or(self.seed),
            stop: vec![question::ANSWER_STOP.to_owned()],
            stream: false,
            json_schema: question::choice_schema(PROVIDER, question)?,
            grammar: None,
            logprobs: None,
        };
        self.text_answer(&body).await
    }

    /// Posts one completion: the generated text, why it stopped, the usage, and whether the
    /// usage is an estimate (the server reported none: see `HttpResponse::settle_usage`).
    async fn completion(
        &self,
        body: &CompletionRequest<'_>,
    ) -> Result<(String, FinishReason, Usage, bool), ProviderError> {
        let response = self.transport.post_json("/completions", body).await?;
        let wire: CompletionResponse = response.json(PROVIDER)?;
        let Some(choice) = wire.choices.into_iter().next() else {
            return Err(response.error(
                ModelErrorKind::MalformedResponse,
                "the response has no choices",
            ));
        };
        let usage = wire.usage.unwrap_or_default();
        let mut counted = ModelResponse {
            text: Some(choice.text),
            usage: Usage {
                input_tokens: usage.prompt_tokens,
                output_tokens: usage.completion_tokens,
            },
            ..ModelResponse::default()
        };
        response.settle_usage(&mut counted);
        Ok((
            counted.text.unwrap_or_default(),
            finish_reason(choice.finish_reason.as_deref()),
            counted.usage,
            counted.usage_estimated,
        ))
    }
}

crate::client::impl_model!(PromptedCompletions, send,
    capabilities: |client, tools| prompted_capabilities(&client.format, tools, client.recovery)
        .answer(agents_core::model::ConstraintSupport::Schema)
        .raised_token_cap(client.raised_token_cap()));

impl PromptedCompletionsBuilder {
    settings_methods!(PROVIDER);

    /// The prompt layout (instructions, worked examples).
    pub fn format(mut self, format: PromptFormat) -> Self {
        self.format = format;
        self
    }

    /// The cap on generated tokens (default [`DEFAULT_MAX_TOKENS`]). A cap set here is a
    /// ceiling: a request's own `max_tokens` may lower it, never raise it. Left at its
    /// default, a request may raise it up to [`DEFAULT_RAISED_TOKEN_CAP`], as the runtime does
    /// for one turn after the cap cut a call off (reported as
    /// [`Capabilities::raised_token_cap`]).
    pub fn max_tokens(mut self, max: u32) -> Self {
        self.max_tokens = max.max(1);
        self.token_ceiling = self.max_tokens;
        self
    }

    /// The temperature when the request sets none.
    pub fn temperature(mut self, t: f32) -> Self {
        self.temperature = Some(t);
        self
    }

    /// The seed when the request sets none.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// Builds the client (key, if any, sent as a bearer token).
    pub fn build(self) -> Result<PromptedCompletions, ProviderError> {
        let root = match self
            .settings
            .base_url
            .trim_end_matches('/')
            .strip_suffix("/v1")
        {
            Some(root) => {
                let mut at_root = self.settings.clone();
                root.clone_into(&mut at_root.base_url);
                Some(at_root.transport(PROVIDER, Auth::Bearer)?)
            }
            None => None,
        };
        Ok(PromptedCompletions {
            model: self.model,
            transport: self.settings.transport(PROVIDER, Auth::Bearer)?,
            root,
            format: self.format,
            max_tokens: self.max_tokens,
            token_ceiling: self.token_ceiling,
            temperature: self.temperature,
            seed: self.seed,
            calibrated_choice: self.calibrated_choice,
            tool_words: self.tool_words,
            required_numbers: self.required_numbers,
            calibration: choice::Calibration::default(),
            scored_values: self.scored_values,
            recovery: self.recovery,
        })
    }

    /// The recovery profile the client asks for (default [`Recovery::SMALL_MODEL`], reported
    /// through [`Model::capabilities`]): what the runtime does for a call this model got wrong
    /// beyond what every model gets (docs/small-models.md). An agent's own
    /// [`recovery`](agents_core::LlmAgentBuilder::recovery) wins over it.
    pub fn recovery(mut self, recovery: Recovery) -> Self {
        self.recovery = recovery;
        self
    }

    /// Whether a constrained new request's tool is chosen by calibrated likelihood before the
    /// call is written (default on; see [`PromptedCompletions::tool_scores`]). It costs one
    /// short completion per offered tool per request, and the same twice per prompt for the
    /// content-free scores; off, the model chooses the tool while it writes the call.
    pub fn calibrated_choice(mut self, on: bool) -> Self {
        self.calibrated_choice = on;
        self
    }

    /// Whether the calibrated choice of tool also reads the request's own words for each
    /// offered tool (default on): a word of the request in a tool's name or description, or
    /// in its arguments' names and descriptions, speaks for that tool, the more so the fewer offered tools hold it
    /// ([`request_words_in_tools`](agents_core::request_words_in_tools),
    /// [`ToolScore::ranked`]). No model call; off, the choice is the model's likelihood alone.
    /// On BFCL (docs/EVAL.md, "The request's own words in the choice of tool") it chose the
    /// right tool more often on development data and on questions nobody here had read.
    pub fn tool_words(mut self, on: bool) -> Self {
        self.tool_words = on;
        self
    }

    /// Whether the calibrated choice of tool passes over tools that require a number the
    /// request does not give (default on): where the request gives no number at all, each
    /// required number argument with no declared default and no described code the request
    /// names costs its tool [`UNFILLED_PENALTY`] of its ranking
    /// ([`required_numbers_not_given`](agents_core::required_numbers_not_given),
    /// [`ToolScore::ranked`]), since such a call could only hold a number nobody said. No model
    /// call. See docs/EVAL.md, "Tools that need a number nobody gave".
    pub fn required_numbers(mut self, on: bool) -> Self {
        self.required_numbers = on;
        self
    }

    /// Whether, in a call held to one tool, each top-level string argument held to a list of
    /// values (an `enum`: the user's word spans that prevention mode holds a copied value to,
    /// or the tool's own choices) is chosen by calibrated likelihood per token after the model
    /// wrote the call (default off; see docs/small-models.md, "Choosing among the held
    /// spans"). It costs two short completions per option; a server that cannot score leaves
    /// the call as the model wrote it.
    pub fn scored_values(mut self, on: bool) -> Self {
        self.scored_values = on;
        self
    }
}

/// Prompted tool calling over any chat [`Model`] that has no native tools: the tools and examples
/// go into the system prompt, calls and results into the conversation as text. Implements
/// [`Model`].
#[derive(Debug, Clone)]
pub struct PromptedChat<M> {
    inner: M,
    format: PromptFormat,
    recovery: Recovery,
}

impl<M: Model> PromptedChat<M> {
    /// Wraps `inner` with the default format.
    pub fn new(inner: M) -> Self {
        PromptedChat {
            inner,
            format: PromptFormat::default(),
            recovery: Recovery::SMALL_MODEL,
        }
    }

    /// The prompt layout.
    #[must_use]
    pub fn with_format(mut self, format: PromptFormat) -> Self {
        self.format = format;
        self
    }

    /// The recovery profile it asks for (default [`Recovery::SMALL_MODEL`]; see
    /// [`PromptedCompletionsBuilder::recovery`]).
    #[must_use]
    pub fn with_recovery(mut self, recovery: Recovery) -> Self {
        self.recovery = recovery;
        self
    }

    /// The wrapped model.
    pub fn inner(&self) -> &M {
        &self.inner
    }
}

impl<M: Model> Model for PromptedChat<M> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    /// A prompted client's, except that the wrapped chat model is asked for text and cannot
    /// be constrained; a typed answer is held as far as the wrapped model holds one, on turns
    /// without tools (the chat request carries the answer's schema only then: prompted calls
    /// are text).
    fn capabilities(&self, tools: &[ToolSpec]) -> Capabilities {
        prompted_capabilities(&self.format, tools, self.recovery)
            .constraint(ConstraintSupport::Unsupported)
            .answer(self.inner.capabilities(&[]).answer)
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move {
            // The wrapped chat model is asked for text: there is no call format to hold it to.
            crate::constraint::refuse(PROVIDER, request)?;
            // A question about the user's words is a chat turn already (no tools to prompt).
            if request.value_question.is_some() {
                return self.inner.complete(request).await;
            }
            let mut chat = self.format.chat_request(request);
            let r = match self.inner.complete(&chat).await {
                // As `PromptedCompletions::send`: once more without most made-up examples.
                Err(e) if e.kind() == ModelErrorKind::ContextOverflow => {
                    let Some(shorter) = refit(&self.format, request, &e) else {
                        return Err(e);
                    };
                    chat = shorter.chat_request(request);
                    self.inner.complete(&chat).await?
                }
                r => r?,
            };
            // A held answer is the wrapped model's own structured reply: nothing to parse.
            if chat.answer.is_some() {
                return Ok(r);
            }
            let text = r.text.as_deref().unwrap_or_default();
            read_generation(PROVIDER, text, r.finish_reason, r.usage, request).map_err(Into::into)
        })
    }
}
