//! The single authority on how generated code reaches the runtime.
//!
//! Generated code names everything as `<facade>::__private::…`, where `<facade>` is, in order:
//! the `crate = <path>` the user gave; the name under which the calling crate depends on `agents`
//! (following a rename in its Cargo.toml); the name under which it depends on `agents-core`; else
//! `::agents`. Nothing else in this crate hardcodes a crate name.

use proc_macro_crate::{FoundCrate, crate_name};
use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{ToTokens, quote};

/// The path to the runtime's hidden module, as generated code writes it.
#[derive(Clone)]
pub(crate) struct Private(TokenStream);

impl Private {
    /// `<root>::__private`, for an explicit root path.
    pub(crate) fn under(root: &syn::Path) -> Self {
        Private(quote!(#root::__private))
    }

    /// Under the `crate = <path>` the user gave, else `default` (which usually looks in the
    /// calling crate's Cargo.toml: called only when needed).
    pub(crate) fn given_or(krate: Option<&syn::Path>, default: impl FnOnce() -> Self) -> Self {
        krate.map(Private::under).unwrap_or_else(default)
    }

    /// The module found from the calling crate's Cargo.toml.
    pub(crate) fn detect() -> Self {
        let root = match crate_name("agents") {
            // The facade package itself: its tests, examples and doctests are separate crates
            // that see it as `agents` (the library never expands its own macros).
            Ok(FoundCrate::Itself) => "agents".to_owned(),
            Ok(FoundCrate::Name(name)) => name,
            Err(_) => match crate_name("agents-core") {
                Ok(FoundCrate::Name(name)) => name,
                _ => "agents".to_owned(),
            },
        };
        let ident = syn::Ident::new(&root, Span::call_site());
        Private(quote!(::#ident::__private))
    }

    /// The default used by in-process tests: `::agents::__private`.
    #[cfg(test)]
    pub(crate) fn agents() -> Self {
        Private(quote!(::agents::__private))
    }

    /// The path with every token at `span`: for a helper call whose type error should be
    /// reported on the user's expression rather than on the whole macro invocation.
    pub(crate) fn at(&self, span: Span) -> TokenStream {
        respan(self.0.clone(), span)
    }

    /// The path as a string literal, for `#[serde(crate = "...")]`-style attributes.
    pub(crate) fn join_str(&self, item: &str) -> String {
        let path = self.0.to_string().replace(' ', "");
        format!("{path}::{item}")
    }
}

impl ToTokens for Private {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.0.to_tokens(tokens);
    }
}

/// `tokens`, with every token (recursively) at `span`.
pub(crate) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                TokenTree::Group(group)
            }
            mut other => {
                other.set_span(span);
                other
            }
        })
        .collect()
}

/// Checks a `crate = <path>` value: it must be absolute, so that it means the same thing
/// wherever the macro expands.
pub(crate) fn check_crate_path(path: &syn::Path) -> syn::Result<()> {
    let first = path.segments.first().map(|s| s.ident.to_string());
    if path.leading_colon.is_some() || first.as_deref() == Some("crate") {
        Ok(())
    } else {
        let shown = path.to_token_stream().to_string().replace(' ', "");
        Err(syn::Error::new_spanned(
            path,
            format!("the `crate` path must be absolute: write `::{shown}`"),
        ))
    }
}
