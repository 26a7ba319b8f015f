//! Wire pieces the providers whose formats agree on them share (Gemini, Ollama): a function
//! declared as `{name, description, parameters}`; a call's arguments, a JSON object, read as the
//! raw text the provider sent and sent back as an object; the sampling settings as one object
//! under the provider's own names.

use agents_core::model::Sampling;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

/// Reads a call's arguments as the exact JSON text the provider sent: an object (or any value)
/// as written, a string as its content, `null` as `{}`. The value is skipped over, not parsed
/// into a tree, so arguments nested deeper than serde_json's recursion limit still reach the
/// runtime as a call (whose repair chain judges them) instead of failing the whole response.
pub(crate) fn raw_arguments<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let Some(raw) = Option::<Box<RawValue>>::deserialize(d)? else {
        return Ok(no_arguments());
    };
    let text = raw.get();
    if text.starts_with('"') {
        return serde_json::from_str::<String>(text).map_err(serde::de::Error::custom);
    }
    Ok(text.to_owned())
}

/// The arguments of a call that carries none: `{}` (serde's `default` for a field read with
/// [`raw_arguments`]).
pub(crate) fn no_arguments() -> String {
    "{}".to_owned()
}

/// The object sent back for a call the runtime kept as raw text: the text itself when it is a
/// JSON object; otherwise (these APIs take only an object) the text under `_raw_arguments`, so
/// the conversation still shows what the model wrote.
pub(crate) fn arguments_object(raw: &str) -> Value {
    match serde_json::from_str::<Value>(raw) {
        Ok(v @ Value::Object(_)) => v,
        _ => serde_json::json!({"_raw_arguments": raw}),
    }
}

/// A function definition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct FunctionDeclaration {
    /// Name.
    pub name: String,
    /// Description.
    pub description: String,
    /// JSON Schema of the arguments (for Gemini, in the OpenAPI subset it accepts).
    pub parameters: Value,
}

/// What a provider calls each sampling setting in its request body.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct SamplingNames {
    pub temperature: &'static str,
    pub top_p: &'static str,
    pub max_tokens: &'static str,
    pub stop: &'static str,
    pub seed: &'static str,
}

/// The sampling settings a request sets, as one object under a provider's names (Gemini's
/// `generationConfig`, Ollama's `options`); unset ones are left out.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SamplingObject {
    names: &'static SamplingNames,
    sampling: Sampling,
    /// Entries of the same object that are not sampling (Gemini's `responseMimeType` and
    /// `responseSchema` sit in `generationConfig`), written after it.
    pub(crate) extra: serde_json::Map<String, serde_json::Value>,
}

impl SamplingObject {
    /// `sampling` under `names`.
    pub(crate) fn new(names: &'static SamplingNames, sampling: &Sampling) -> Self {
        SamplingObject {
            names,
            sampling: sampling.clone(),
            extra: serde_json::Map::new(),
        }
    }

    /// Whether nothing is set (the object is then left out of the body).
    pub(crate) fn is_empty(&self) -> bool {
        self.sampling == Sampling::default() && self.extra.is_empty()
    }
}

impl Serialize for SamplingObject {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Every field named, so a new sampling setting is a compile error here.
        let Sampling {
            temperature,
            top_p,
            max_tokens,
            stop,
            seed,
        } = &self.sampling;
        let names = self.names;
        let mut map = serializer.serialize_map(None)?;
        if let Some(t) = temperature {
            map.serialize_entry(names.temperature, t)?;
        }
        if let Some(p) = top_p {
            map.serialize_entry(names.top_p, p)?;
        }
        if let Some(m) = max_tokens {
            map.serialize_entry(names.max_tokens, m)?;
        }
        if !stop.is_empty() {
            map.serialize_entry(names.stop, stop)?;
        }
        if let Some(s) = seed {
            map.serialize_entry(names.seed, s)?;
        }
        for (k, v) in &self.extra {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}
