//! The kinds of tool error, and the names the `on_error` DSL uses for them.
//!
//! Everything here is generated from the table in `agents-error-kinds`, which the macros read
//! too: the enum, the handled list, the DSL names and the type-level [`kinds`].

use std::fmt;

/// Generates the kinds from the table's rows (`agents_error_kinds::error_kinds!`).
macro_rules! define_error_kinds {
    ($($(#[doc = $doc:literal])* $variant:ident, $dsl:ident, $serde:literal, $scope:ident;)*) => {
        /// What went wrong with a tool call: the four kinds of [`ToolError`](crate::ToolError),
        /// and a call to a tool the model was not offered (`UnknownTool`, which never reaches a
        /// tool).
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize,
            serde::Deserialize,
        )]
        pub enum ErrorKind {
            $(
                $(#[doc = $doc])*
                #[serde(rename = $serde)]
                $variant,
            )*
        }

        impl ErrorKind {
            /// Every kind, in declaration order.
            pub(crate) const ALL: [ErrorKind; [$(ErrorKind::$variant),*].len()] = [$(ErrorKind::$variant),*];

            /// The DSL name: `invalid_args`, `deserialization_error`, `execution_error`,
            /// `escalation`, `unknown_tool`.
            pub fn dsl_name(self) -> &'static str {
                match self {
                    $(ErrorKind::$variant => stringify!($dsl),)*
                }
            }

            /// Whether an `on_error` block can handle this kind (all but an escalation, which
            /// walks up the tree instead).
            const fn is_handled(self) -> bool {
                match self {
                    $(ErrorKind::$variant => define_error_kinds!(@handled $scope),)*
                }
            }
        }

        /// Type-level names of the handled kinds, used by [`Step<K>`](crate::repair::Step) so
        /// that a step that cannot handle a kind is a compile error.
        ///
        /// Each kind has a marker type (used as `K` in `Step<K>`) and a constant of the same
        /// name holding its [`ErrorKind`]; they live in different namespaces, so
        /// `kinds::invalid_args` names both.
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

            /// The kinds about a tool's own call (all but `unknown_tool`): those whose chains
            /// can repair the call's arguments (`fix`, `fix_with`).
            #[diagnostic::on_unimplemented(
                message = "this step repairs a call's arguments, and `{Self}` has no call to repair",
                label = "not a step for `unknown_tool`",
                note = "under `unknown_tool` use `regenerate()`, `escalate(..)` or `throw(..)`"
            )]
            pub trait ToolKind: Kind {}

            $(define_error_kinds!(@marker $scope $dsl $variant $($doc)*);)*
        }
    };
    (@handled Tree) => { false };
    (@handled $scope:ident) => { true };
    (@marker Tree $($rest:tt)*) => {};
    (@marker Tool $dsl:ident $variant:ident $($doc:literal)*) => {
        define_error_kinds!(@marker Agent $dsl $variant $($doc)*);
        impl ToolKind for $dsl {}
    };
    (@marker Agent $dsl:ident $variant:ident $($doc:literal)*) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, Copy, Default)]
        pub struct $dsl {}
        impl sealed::Sealed for $dsl {}
        impl Kind for $dsl {
            const KIND: ErrorKind = ErrorKind::$variant;
        }
        $(#[doc = $doc])*
        pub const $dsl: ErrorKind = ErrorKind::$variant;
    };
}

agents_error_kinds::error_kinds!(define_error_kinds);

impl ErrorKind {
    /// The kinds an `on_error` block can handle, in pipeline order.
    pub const HANDLED: [ErrorKind; handled_count()] = {
        let mut out = [ErrorKind::ALL[0]; handled_count()];
        let (mut i, mut n) = (0, 0);
        while i < ErrorKind::ALL.len() {
            if ErrorKind::ALL[i].is_handled() {
                out[n] = ErrorKind::ALL[i];
                n += 1;
            }
            i += 1;
        }
        out
    };
}

/// How many kinds an `on_error` block can handle.
const fn handled_count() -> usize {
    let (mut i, mut n) = (0, 0);
    while i < ErrorKind::ALL.len() {
        if ErrorKind::ALL[i].is_handled() {
            n += 1;
        }
        i += 1;
    }
    n
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.dsl_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The serialized names are those stored runs (checkpoints, journals) hold; the DSL names
    /// are those `agent!` reads.
    #[test]
    fn each_kind_keeps_its_serialized_and_dsl_name() {
        let named: Vec<(String, &str)> = ErrorKind::ALL
            .iter()
            .map(|k| (serde_json::to_string(k).unwrap(), k.dsl_name()))
            .collect();
        assert_eq!(
            named,
            [
                (r#""invalid_args""#.to_owned(), "invalid_args"),
                (r#""deserialization""#.to_owned(), "deserialization_error"),
                (r#""execution""#.to_owned(), "execution_error"),
                (r#""escalation""#.to_owned(), "escalation"),
                (r#""unknown_tool""#.to_owned(), "unknown_tool"),
            ]
        );
        assert_eq!(
            ErrorKind::HANDLED,
            [
                ErrorKind::InvalidArgs,
                ErrorKind::Deserialization,
                ErrorKind::Execution,
                ErrorKind::UnknownTool
            ]
        );
    }
}
