//! `agent!`: parse ([`ast`], with the words in [`kw`]), check ([`validate`]), generate
//! ([`lower`], with the step vocabulary in [`steps`]).

mod ast;
mod kw;
mod lower;
mod steps;
mod validate;

#[cfg(test)]
mod tests;

use proc_macro2::TokenStream;
use quote::quote;

use crate::util::errors::Errors;
use crate::util::paths::Private;

/// Expands `agent! { .. }`, finding the runtime from the calling crate's Cargo.toml.
pub(crate) fn expand(input: TokenStream) -> TokenStream {
    expand_with(input, Private::detect)
}

/// Expands with `default_path` giving the runtime's path when no `crate:` key is set.
pub(crate) fn expand_with(
    input: TokenStream,
    default_path: impl FnOnce() -> Private,
) -> TokenStream {
    let parsed: ast::AgentInput = match syn::parse2(input) {
        Ok(parsed) => parsed,
        Err(e) => {
            let p = default_path();
            return placeholder(e, &p, quote!(#p::String), quote!(#p::String));
        }
    };
    let mut errors = Errors::default();
    let agent = validate::validate(parsed, &mut errors);
    let p = Private::given_or(agent.krate.as_ref(), default_path);
    let (input_ty, output_ty) = lower::io_types(&agent, &p);
    let tokens = if errors.is_empty() {
        lower::lower(agent, &p, &mut errors)
    } else {
        TokenStream::new()
    };
    match errors.finish() {
        Ok(()) => tokens,
        Err(e) => placeholder(e, &p, input_ty, output_ty),
    }
}

/// The errors, then a value of the agent's type, so that code using it does not fail again.
fn placeholder(
    error: syn::Error,
    p: &Private,
    input: TokenStream,
    output: TokenStream,
) -> TokenStream {
    let error = error.into_compile_error();
    quote! {
        {
            #error
            #p::dummy_agent::<#input, #output>()
        }
    }
}
