//! The kinds of tool error, in one table that the runtime and the macros both read.
//!
//! Each kind has a Rust variant (`agents::ErrorKind::InvalidArgs`), a name in the `on_error`
//! DSL (`invalid_args`), a name in serialized form (checkpoints, journals, events) and a
//! [`Scope`]: which `on_error` blocks handle it. The runtime (`agents-core`) generates its
//! `ErrorKind` enum, its handled list, its DSL names and its type-level `kinds` from
//! [`error_kinds!`]; the macros (`agents-macros`, a proc-macro crate, which cannot depend on the
//! runtime) check `agent!`'s `on_error` blocks against [`TOOL_KINDS`] and [`AGENT_KINDS`],
//! built from the same table. A kind added here exists everywhere at once.
//!
//! Not a public API on its own: use the `agents` crate.

/// Which `on_error` blocks handle a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// A tool's own call went wrong: a tool's block or `defaults` handles it.
    Tool,
    /// A call no tool owns (a tool that is not offered): only `defaults` handles it.
    Agent,
    /// Not handled by a chain: it walks up the tree of agents.
    Tree,
}

/// Passes the table to `$callback!`, one row per kind, in pipeline order:
///
/// ```text
/// $(#[doc = ...])* Variant, dsl_name, "serialized_name", Scope;
/// ```
///
/// The order is the enum's (and so its `Ord`); changing a serialized name breaks stored runs.
///
/// ```
/// macro_rules! dsl_names {
///     ($($(#[doc = $doc:literal])* $variant:ident, $dsl:ident, $serde:literal, $scope:ident;)*) => {
///         [$(stringify!($dsl)),*]
///     };
/// }
/// let names = agents_error_kinds::error_kinds!(dsl_names);
/// assert_eq!(names[0], "invalid_args");
/// ```
#[macro_export]
macro_rules! error_kinds {
    ($callback:ident) => {
        $callback! {
            /// The argument text is not JSON (or not repairable JSON).
            InvalidArgs, invalid_args, "invalid_args", Tool;
            /// The JSON does not fit the tool's parameter types.
            Deserialization, deserialization_error, "deserialization", Tool;
            /// The tool ran and failed.
            Execution, execution_error, "execution", Tool;
            /// A repair gave up and handed the failure upwards.
            Escalation, escalation, "escalation", Tree;
            /// The model called a tool it was not offered (an invented name, or a tool that
            /// vanished). Its chain is the agent's (`defaults`): no tool owns the call.
            UnknownTool, unknown_tool, "unknown_tool", Agent;
        }
    };
}

/// One kind of the table, as the macros read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    /// The name in the `on_error` DSL.
    pub dsl_name: &'static str,
    /// Which blocks handle it.
    pub scope: Scope,
}

macro_rules! table {
    ($($(#[doc = $doc:literal])* $variant:ident, $dsl:ident, $serde:literal, $scope:ident;)*) => {
        [$(Kind { dsl_name: stringify!($dsl), scope: Scope::$scope }),*]
    };
}

/// Every kind, in the table's order.
pub const KINDS: &[Kind] = &error_kinds!(table);

/// The kinds a tool's `on_error` block handles (and `defaults` for every tool), by DSL name.
pub const TOOL_KINDS: [&str; count(KINDS, Scope::Tool)] = names(Scope::Tool);

/// The kinds only `defaults` handles, by DSL name.
pub const AGENT_KINDS: [&str; count(KINDS, Scope::Agent)] = names(Scope::Agent);

/// How many kinds of `table` are in `scope`.
const fn count(table: &[Kind], scope: Scope) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < table.len() {
        if table[i].scope as u8 == scope as u8 {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The DSL names of the kinds in `scope`, in the table's order.
const fn names<const N: usize>(scope: Scope) -> [&'static str; N] {
    let mut out = [""; N];
    let (mut i, mut n) = (0, 0);
    while i < KINDS.len() {
        if KINDS[i].scope as u8 == scope as u8 {
            out[n] = KINDS[i].dsl_name;
            n += 1;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scoped_lists_are_the_tables_rows_in_order() {
        assert_eq!(
            TOOL_KINDS,
            ["invalid_args", "deserialization_error", "execution_error"]
        );
        assert_eq!(AGENT_KINDS, ["unknown_tool"]);
        assert_eq!(KINDS.len(), 5);
    }
}
