//! The syntax tree of `agent!`: one struct per section, each keeping the tokens its errors point
//! at. User expressions stay unevaluated `syn::Expr`s.

use proc_macro2::TokenTree;
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Expr, Ident, Path, Token, Type, braced, bracketed};

use super::kw;

/// The whole input: `key: value` entries separated by commas.
pub(crate) struct AgentInput {
    /// The entries, in order, with values parsed by key (unknown keys are kept with their
    /// value skipped so that validation can report them).
    pub entries: Vec<Entry>,
}

/// One `key: value`.
pub(crate) struct Entry {
    /// The key (any identifier, `crate` included).
    pub key: Ident,
    /// Its value.
    pub value: Value,
}

/// A value, in the shape its key calls for.
pub(crate) enum Value {
    /// Any expression.
    Expr(Expr),
    /// `input:` and `output:`.
    Type(Type),
    /// `crate:`.
    Path(Path),
    /// `budget: { max_turns: 10, .. }`.
    Budget(BudgetBlock),
    /// `tools: [a, b, c = expr]`.
    Tools(Vec<ToolItem>),
    /// `skills: [expr, ..]`.
    List(Vec<Expr>),
    /// `on_error: [exhaustive] { .. }`.
    OnError(OnError),
    /// The value of an unknown key, skipped.
    Skipped,
}

/// `budget: { field: value, .. }`.
pub(crate) struct BudgetBlock {
    /// The fields, in order.
    pub fields: Vec<(Ident, Expr)>,
}

/// One entry of `tools: [..]`.
pub(crate) enum ToolItem {
    /// A `#[tool]` function (or any braced or unit struct implementing `Tool`), built as `path {}`.
    Path(Path),
    /// `key = expr`: any expression implementing `Tool`, named `key` in `on_error`.
    Named(Ident, Expr),
    /// `[key =] mcp(expr)`: every tool `expr` yields (the tools of an MCP server, listed at run
    /// time), sharing the handlers of `key` in `on_error` if named.
    Many(Option<Ident>, Expr),
}

impl ToolItem {
    /// The name `on_error` refers to it by (none for an unnamed `mcp(..)`).
    pub(crate) fn key(&self) -> Option<&Ident> {
        match self {
            ToolItem::Path(p) => Some(
                &p.segments
                    .last()
                    .expect("a parsed path has a segment")
                    .ident,
            ),
            ToolItem::Named(k, _) => Some(k),
            ToolItem::Many(k, _) => k.as_ref(),
        }
    }
}

/// `on_error: [exhaustive] { target => { kind => step, .. }, .. }`.
pub(crate) struct OnError {
    /// The `exhaustive` marker, if present.
    pub exhaustive: Option<kw::exhaustive>,
    /// One block per target (`defaults` or a tool).
    pub targets: Vec<Target>,
}

/// `target => { kind => step, .. }`.
pub(crate) struct Target {
    /// `defaults` or the tool's key.
    pub name: Ident,
    /// The handlers.
    pub handlers: Vec<Handler>,
}

/// `kind => step`.
pub(crate) struct Handler {
    /// The error kind's DSL name.
    pub kind: Ident,
    /// The step (or `a.or(b)` chain).
    pub step: Expr,
}

impl Parse for AgentInput {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let mut entries = Vec::new();
        while !input.is_empty() {
            let key = Ident::parse_any(input).map_err(|e| {
                syn::Error::new(e.span(), "expected a key, as in `name: \"file-manager\"`")
            })?;
            input.parse::<Token![:]>()?;
            let value = parse_value(&key, input)?;
            entries.push(Entry { key, value });
            if input.is_empty() {
                break;
            }
            input.parse::<Token![,]>()?;
        }
        Ok(AgentInput { entries })
    }
}

fn parse_value(key: &Ident, input: ParseStream<'_>) -> syn::Result<Value> {
    Ok(match key.to_string().as_str() {
        "input" | "output" => Value::Type(input.parse()?),
        "crate" => Value::Path(Path::parse_mod_style(input)?),
        "budget" if input.peek(syn::token::Brace) => Value::Budget(input.parse()?),
        "tools" => Value::Tools(bracketed_list(input)?),
        "skills" => Value::List(bracketed_list(input)?),
        "on_error" => Value::OnError(input.parse()?),
        k if super::kw::KEYS.contains(&k) => Value::Expr(input.parse()?),
        _ => {
            skip_value(input)?;
            Value::Skipped
        }
    })
}

/// `[a, b, ..]`: the items, a trailing comma allowed.
fn bracketed_list<T: Parse>(input: ParseStream<'_>) -> syn::Result<Vec<T>> {
    let content;
    bracketed!(content in input);
    list(&content)
}

/// `{a, b, ..}`: the items, a trailing comma allowed.
fn braced_list<T: Parse>(input: ParseStream<'_>) -> syn::Result<Vec<T>> {
    let content;
    braced!(content in input);
    list(&content)
}

fn list<T: Parse>(content: ParseStream<'_>) -> syn::Result<Vec<T>> {
    let items = Punctuated::<T, Token![,]>::parse_terminated(content)?;
    Ok(items.into_iter().collect())
}

/// Skips the tokens of an unknown key's value, up to the next top-level comma (commas between a
/// closure's `|..|` are not separators).
fn skip_value(input: ParseStream<'_>) -> syn::Result<()> {
    if input.fork().parse::<Expr>().is_ok() {
        input.parse::<Expr>()?;
        return Ok(());
    }
    while !input.is_empty() && !input.peek(Token![,]) {
        input.parse::<TokenTree>()?;
    }
    Ok(())
}

impl Parse for BudgetBlock {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let content;
        braced!(content in input);
        let mut fields = Vec::new();
        while !content.is_empty() {
            let field: Ident = content.parse()?;
            content.parse::<Token![:]>()?;
            let value: Expr = content.parse()?;
            fields.push((field, value));
            if content.is_empty() {
                break;
            }
            content.parse::<Token![,]>()?;
        }
        Ok(BudgetBlock { fields })
    }
}

/// `mcp(expr)`, if that is what comes next.
fn parse_many(input: ParseStream<'_>) -> syn::Result<Option<Expr>> {
    let fork = input.fork();
    let is_many = fork.parse::<Ident>().is_ok_and(|i| i == "mcp") && fork.peek(syn::token::Paren);
    if !is_many {
        return Ok(None);
    }
    input.parse::<Ident>()?;
    let content;
    syn::parenthesized!(content in input);
    Ok(Some(content.parse()?))
}

impl Parse for ToolItem {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        if input.peek(Ident) && input.peek2(Token![=]) && !input.peek2(Token![==]) {
            let key: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            if let Some(tools) = parse_many(input)? {
                return Ok(ToolItem::Many(Some(key), tools));
            }
            return Ok(ToolItem::Named(key, input.parse()?));
        }
        if let Some(tools) = parse_many(input)? {
            return Ok(ToolItem::Many(None, tools));
        }
        let path = Path::parse_mod_style(input).map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected a `#[tool]` function's name (`read_file`), or `key = expression` for any other tool",
            )
        })?;
        Ok(ToolItem::Path(path))
    }
}

impl Parse for OnError {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let exhaustive = if input.peek(kw::exhaustive) {
            Some(input.parse()?)
        } else {
            None
        };
        Ok(OnError {
            exhaustive,
            targets: braced_list(input)?,
        })
    }
}

impl Parse for Target {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let name: Ident = input
            .parse()
            .map_err(|e| syn::Error::new(e.span(), "expected `defaults` or the name of a tool"))?;
        input.parse::<Token![=>]>()?;
        Ok(Target {
            name,
            handlers: braced_list(input)?,
        })
    }
}

impl Parse for Handler {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let kind: Ident = input.parse().map_err(|e| {
            syn::Error::new(
                e.span(),
                format!(
                    "expected an error kind: {}",
                    crate::util::errors::one_of(
                        super::kw::TOOL_KINDS
                            .iter()
                            .chain(&super::kw::AGENT_KINDS)
                            .copied()
                    )
                ),
            )
        })?;
        input.parse::<Token![=>]>()?;
        Ok(Handler {
            kind,
            step: input.parse()?,
        })
    }
}
