//! Code generation for `agent!`: one builder chain on `LlmAgent::builder` (the checked model
//! and tools joined through `__private::with_model` and `with_tool`), ending in the runtime's
//! `build_agent`.
//!
//! Every user expression keeps its span, and each one the compiler must check is passed through a
//! `__private::check_*` helper spanned on it, so type errors land on the user's tokens.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Expr, ExprLit, Lit, Pat};

use super::ast::{OnError, Target, ToolItem};
use super::steps;
use super::validate::Agent;
use crate::util::duration::parse_millis;
use crate::util::errors::Errors;
use crate::util::paths::Private;

/// The `In` and `Out` types, defaulting to `String`.
pub(crate) fn io_types(agent: &Agent, p: &Private) -> (TokenStream, TokenStream) {
    let string = quote!(#p::String);
    let input = agent.input.as_ref().map_or(string.clone(), |t| quote!(#t));
    let output = agent.output.as_ref().map_or(string, |t| quote!(#t));
    (input, output)
}

/// The expression for a checked `agent`; mistakes found while lowering (in step arguments,
/// duration literals) go to `errors`.
pub(crate) fn lower(agent: Agent, p: &Private, errors: &mut Errors) -> TokenStream {
    let (input, output) = io_types(&agent, p);
    let name = agent.name.as_ref().map(|n| quote!(#n));
    let mut chain = quote!(#p::LlmAgentBuilder::<#input, #output>::new(#name));
    if let Some(model) = &agent.model {
        let span = model.span();
        let at = p.at(span);
        let checked = quote_spanned!(span=> #at::check_model(#model));
        chain = quote!(#p::with_model(#chain, #checked));
    }
    if let Some(block) = &agent.budget_fields {
        // Field assignments rather than a struct literal with `..default()`: a misspelt field is
        // then reported by rustc on the user's token with the fields `Budget` does have (a struct
        // literal with a base counts every field as given, and lists none).
        let budget = format_ident!("__agents_budget", span = Span::mixed_site());
        let fields = block.fields.iter().map(|(field, value)| {
            let value = budget_value(value, p, errors);
            quote!(#budget.#field = #value;)
        });
        chain.extend(quote! {
            .budget({
                let mut #budget = <#p::Budget as #p::core::default::Default>::default();
                #(#fields)*
                #budget
            })
        });
    }
    if let Some(budget) = &agent.budget_expr {
        chain.extend(quote!(.budget(#budget)));
    }
    let (defaults, per_tool) = split_targets(agent.on_error);
    if let Some(defaults) = defaults {
        let handlers = handlers(&defaults, p, errors);
        chain.extend(quote!(.on_error(#handlers)));
    }
    for tool in &agent.tools {
        let handlers = match per_tool.iter().find(|t| Some(&t.name) == tool.key()) {
            Some(target) => handlers(target, p, errors),
            None => quote!(#p::Handlers::new()),
        };
        if let ToolItem::Many(_, tools) = tool {
            let span = tools.span();
            let at = p.at(span);
            chain = quote_spanned!(span=> #at::with_tools(#chain, #tools, #handlers));
            continue;
        }
        let value = match tool {
            ToolItem::Path(path) => quote!(#path {}),
            ToolItem::Named(_, expr) | ToolItem::Many(_, expr) => quote!(#expr),
        };
        let span = value.span();
        let at = p.at(span);
        let checked = quote_spanned!(span=> #at::check_tool(#value));
        chain = quote!(#p::with_tool(#chain, #checked, #handlers));
    }
    for skill in &agent.skills {
        chain.extend(quote!(.skill(#skill)));
    }
    // The dependencies are bound once; each `#[tool]` named by path is checked to read none or
    // these (the error lands on the tool), then the builder takes them.
    let mut deps_checks = TokenStream::new();
    if let Some(deps) = &agent.deps {
        let bound = format_ident!("__agents_deps", span = Span::mixed_site());
        deps_checks.extend(quote!(let #bound = #deps;));
        for tool in &agent.tools {
            if let ToolItem::Path(path) = tool {
                let span = path.span();
                let at = p.at(span);
                deps_checks
                    .extend(quote_spanned!(span=> #at::check_tool_deps(&#bound, &#path {});));
            }
        }
        chain.extend(quote!(.deps(#bound)));
    }
    for (key, value) in agent.settings {
        let value = match key.to_string().as_str() {
            "on_llm_error" => with_attempt_param(value),
            _ => value,
        };
        chain.extend(quote!(.#key(#value)));
    }
    quote! {
        {
            #deps_checks
            #p::build_agent(#chain)
        }
    }
}

/// `max_turns: 10` becomes `Some(10)`; a string literal is a duration (`"30s"`); `None` turns a
/// limit off.
fn budget_value(value: &Expr, p: &Private, errors: &mut Errors) -> TokenStream {
    match value {
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => match parse_millis(s) {
            Ok(ms) => quote_spanned!(s.span()=> #p::Some(#p::Duration::from_millis(#ms))),
            Err(e) => {
                errors.push(e);
                quote!(#p::None)
            }
        },
        Expr::Path(path) if path.path.is_ident("None") => quote!(#p::None),
        other => quote!(#p::Some(#other)),
    }
}

fn split_targets(on_error: Option<OnError>) -> (Option<Target>, Vec<Target>) {
    let mut defaults = None;
    let mut tools = Vec::new();
    for target in on_error.into_iter().flat_map(|o| o.targets) {
        if target.name == super::kw::DEFAULTS {
            defaults = Some(target);
        } else {
            tools.push(target);
        }
    }
    (defaults, tools)
}

/// `Handlers::new().on::<kinds::K>(check_step::<kinds::K>(step))…`.
fn handlers(target: &Target, p: &Private, errors: &mut Errors) -> TokenStream {
    let mut out = quote!(#p::Handlers::new());
    for handler in &target.handlers {
        let kind = &handler.kind;
        let mut step = handler.step.clone();
        steps::rewrite(&mut step, p, errors);
        let span = handler.step.span();
        let at = p.at(span);
        let checked = quote_spanned!(span=> #at::check_step::<#at::kinds::#kind>(#step));
        out.extend(quote!(.on::<#p::kinds::#kind>(#checked)));
    }
    out
}

/// `on_llm_error: |err| ..` may leave out the attempt number: add the `_`.
fn with_attempt_param(value: Expr) -> Expr {
    match value {
        Expr::Closure(mut closure) if closure.inputs.len() == 1 => {
            closure.inputs.push(Pat::Wild(syn::PatWild {
                attrs: Vec::new(),
                underscore_token: syn::Token![_](Span::call_site()),
            }));
            Expr::Closure(closure)
        }
        other => other,
    }
}
