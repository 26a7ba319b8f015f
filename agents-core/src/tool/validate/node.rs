//! The compiled form of a schema: a flat list of nodes, each a list of checks, that refer to
//! their subschemas by index. A `$ref` is one more index, so that a recursive schema is a cycle
//! in this list and never a recursion of the compiler.

use regex_lite::Regex;
use serde_json::Value;

use super::formats::Format;

/// Where a node is in [`Tree::nodes`].
pub(super) type NodeId = u32;

/// A schema compiled once; node 0 is the root.
#[derive(Debug)]
pub(super) struct Tree {
    pub nodes: Vec<Node>,
}

impl Tree {
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }
}

/// One schema: `true` (or `{}`), `false`, or the checks its keywords stand for.
#[derive(Debug)]
pub(super) enum Node {
    /// Filled in when its checks are compiled (a `$ref` may point at a node being compiled).
    Pending,
    True,
    False,
    Checks(Box<[Check]>),
}

/// The JSON types, in the order the messages list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Types(pub u8);

impl Types {
    pub const NAMES: [&'static str; 7] = [
        "null", "boolean", "integer", "number", "string", "array", "object",
    ];

    pub fn of_name(name: &str) -> Option<Types> {
        Self::NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Types(1 << i))
    }

    pub fn names(self) -> impl Iterator<Item = &'static str> {
        (0..Self::NAMES.len())
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(|i| Self::NAMES[i])
    }

    /// Whether `v` is of one of these types (`integer`: a number without a fractional part).
    pub fn admit(self, v: &Value) -> bool {
        let bit = match v {
            Value::Null => 1,
            Value::Bool(_) => 1 << 1,
            Value::Number(n) => {
                let integer = 1 << 2;
                if self.0 & integer != 0 && super::number::is_integer(n) {
                    return true;
                }
                1 << 3
            }
            Value::String(_) => 1 << 4,
            Value::Array(_) => 1 << 5,
            Value::Object(_) => 1 << 6,
        };
        self.0 & bit != 0
    }
}

/// A regular expression with the text it was compiled from (for the messages).
#[derive(Debug)]
pub(super) struct Pattern {
    pub regex: Regex,
    pub source: Box<str>,
}

/// What an object's members must be: by name, by a pattern of their name, or the others.
#[derive(Debug)]
pub(super) struct Members {
    /// Sorted by name (as the schema's map keeps them).
    pub properties: Box<[(String, NodeId)]>,
    pub patterns: Box<[(Pattern, NodeId)]>,
    pub additional: Option<Additional>,
}

/// What an object's keys not named in `properties` nor matched by `patternProperties` must be.
#[derive(Debug)]
pub(super) enum Additional {
    /// `additionalProperties: false`: each such key is reported, with the declared names
    /// beside it for a "did you mean".
    Refused,
    Schema(NodeId),
}

/// The checks one schema's keywords stand for; each one reads the instance only where it is
/// of the type the keyword is about.
#[derive(Debug)]
pub(super) enum Check {
    Type(Types),
    Enum(Box<[Value]>),
    Const(Value),
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, with the limit as written.
    Bound(Bound, serde_json::Number),
    MultipleOf(serde_json::Number),
    MinLength(u64),
    MaxLength(u64),
    Pattern(Pattern),
    Format(Format),
    /// `properties`, `patternProperties` and `additionalProperties` together (what is
    /// additional depends on the other two).
    Object(Members),
    Required(Box<[String]>),
    PropertyNames(NodeId),
    MinProperties(u64),
    MaxProperties(u64),
    DependentRequired(Box<[(String, Box<[String]>)]>),
    DependentSchemas(Box<[(String, NodeId)]>),
    /// `prefixItems` and `items` (or the older `items` list and `additionalItems`).
    Items {
        prefix: Box<[NodeId]>,
        rest: Option<NodeId>,
    },
    Contains {
        schema: NodeId,
        min: u64,
        max: Option<u64>,
    },
    MinItems(u64),
    MaxItems(u64),
    UniqueItems,
    AllOf(Box<[NodeId]>),
    AnyOf(Box<[NodeId]>),
    OneOf(Box<[NodeId]>),
    Not(NodeId),
    If {
        condition: NodeId,
        then: Option<NodeId>,
        otherwise: Option<NodeId>,
    },
    Ref(NodeId),
}

/// Which side of a limit a number must be on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    Minimum,
    Maximum,
    ExclusiveMinimum,
    ExclusiveMaximum,
}

impl Bound {
    pub fn keyword(self) -> &'static str {
        match self {
            Bound::Minimum => "minimum",
            Bound::Maximum => "maximum",
            Bound::ExclusiveMinimum => "exclusiveMinimum",
            Bound::ExclusiveMaximum => "exclusiveMaximum",
        }
    }
}
