//! The kinds of tool error, and the names the `on_error` DSL uses for them.

use std::fmt;

/// What went wrong with a tool call: the four kinds of [`ToolError`](crate::ToolError), a
/// call to a tool the model was not offered (`UnknownTool`, which never reaches a tool), and a
/// final answer that does not read as the agent's output type (`Answer`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The argument text is not JSON (or not repairable JSON).
    InvalidArgs,
    /// The JSON does not fit the tool's parameter types.
    Deserialization,
    /// The tool ran and failed.
    Execution,
    /// A repair gave up and handed the failure upwards.
    Escalation,
    /// The model called a tool it was not offered (an invented name, or a tool that vanished).
    /// Its chain is the agent's (`defaults`): no tool owns the call.
    UnknownTool,
    /// The model's final answer does not read as the agent's output type, after lenient JSON
    /// repair and schema-guided coercion (not JSON, or JSON of the wrong shape). Its chain is
    /// the agent's (`defaults`): no tool owns the answer. See docs/output.md.
    Answer,
}

impl ErrorKind {
    /// The kinds an `on_error` block can handle, in pipeline order.
    pub const HANDLED: [ErrorKind; 5] = [
        ErrorKind::InvalidArgs,
        ErrorKind::Deserialization,
        ErrorKind::Execution,
        ErrorKind::UnknownTool,
        ErrorKind::Answer,
    ];

    /// The DSL name: `invalid_args`, `deserialization_error`, `execution_error`, `escalation`,
    /// `unknown_tool`, `answer_error`.
    pub fn dsl_name(self) -> &'static str {
        match self {
            ErrorKind::InvalidArgs => "invalid_args",
            ErrorKind::Deserialization => "deserialization_error",
            ErrorKind::Execution => "execution_error",
            ErrorKind::Escalation => "escalation",
            ErrorKind::UnknownTool => "unknown_tool",
            ErrorKind::Answer => "answer_error",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.dsl_name())
    }
}

/// Type-level names of the handled kinds, used by [`Step<K>`](crate::repair::Step) so that a step
/// that cannot handle a kind is a compile error.
///
/// Each kind has a marker type (used as `K` in `Step<K>`) and a constant of the same name holding
/// its [`ErrorKind`]; they live in different namespaces, so `kinds::invalid_args` names both.
#[allow(non_camel_case_types, non_upper_case_globals)]
pub mod kinds {
    use super::ErrorKind;

    /// Sealed: only the handled kinds are kinds.
    pub trait Kind: sealed::Sealed + Send + Sync + 'static {
        /// The runtime value of this kind.
        const KIND: ErrorKind;
    }

    mod sealed {
        pub trait Sealed {}
    }

    macro_rules! kinds {
        ($($name:ident => $variant:ident, $doc:literal;)*) => {$(
            #[doc = $doc]
            #[derive(Debug, Clone, Copy, Default)]
            pub struct $name {}
            impl sealed::Sealed for $name {}
            impl Kind for $name {
                const KIND: ErrorKind = ErrorKind::$variant;
            }
            #[doc = $doc]
            pub const $name: ErrorKind = ErrorKind::$variant;
        )*};
    }

    kinds! {
        invalid_args => InvalidArgs, "The argument text is not (repairable) JSON.";
        deserialization_error => Deserialization, "The JSON does not fit the tool's parameter types.";
        execution_error => Execution, "The tool ran and failed.";
        unknown_tool => UnknownTool, "The model called a tool it was not offered (handled under `defaults` only).";
        answer_error => Answer, "The final answer does not read as the output type (handled under `defaults` only).";
    }

    /// The kinds about a tool's own call (all but `unknown_tool`): those whose chains can repair
    /// the call's arguments (`fix`, `fix_with`).
    #[diagnostic::on_unimplemented(
        message = "this step repairs a call's arguments, and `{Self}` has no call to repair",
        label = "not a step for `unknown_tool`",
        note = "under `unknown_tool` use `regenerate()`, `escalate(..)` or `throw(..)`"
    )]
    pub trait ToolKind: Kind {}
    impl ToolKind for invalid_args {}
    impl ToolKind for deserialization_error {}
    impl ToolKind for execution_error {}
}
