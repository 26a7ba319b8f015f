//! Code generation for `#[tool]`.
//!
//! Emits the user's function as written (helper attributes stripped), then a braced empty struct
//! of the same name (`pub struct read_file {}`), which lives only in the type namespace, so the
//! function stays callable and `agent! { tools: [read_file] }` can build the tool as
//! `read_file {}`. The `Tool` impl and the argument struct sit in a `const _` block. On any error
//! the same items are emitted with a placeholder impl, so that one mistake gives one error.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{ItemFn, LitStr};

use super::args::ToolArgs;
use super::signature::{self, Param, Returns, Role, Signature};
use crate::util::errors::Errors;
use crate::util::paths::{Private, respan};

/// Expands `#[tool(args)] item`, finding the runtime from the calling crate's Cargo.toml.
pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    expand_with(args, item, Private::detect)
}

/// Expands with `default_path` giving the runtime's path when no `crate = ..` option is set.
pub(crate) fn expand_with(
    args: TokenStream,
    item: TokenStream,
    default_path: impl FnOnce() -> Private,
) -> TokenStream {
    let mut item: ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        Err(e) => {
            let message = format!("`#[tool]` goes on a free `fn` or `async fn`: {e}");
            let error = syn::Error::new(e.span(), message).into_compile_error();
            return quote!(#item #error);
        }
    };
    let mut errors = Errors::default();
    let opts = ToolArgs::parse(args, &mut errors);
    let p = Private::given_or(opts.krate.as_ref(), default_path);
    let sig = signature::analyse(&mut item, &mut errors);
    let ident = &item.sig.ident;
    let description = opts
        .description
        .as_ref()
        .map(LitStr::value)
        .or_else(|| sig.doc.clone());
    if description.is_none() {
        errors.at(
            ident,
            format!(
                "tool `{ident}` has no description: the model reads it to decide when to call the tool; add a doc comment (`/// Reads a file.`) or `#[tool(description = \"...\")]`"
            ),
        );
    }
    if opts.name.is_none() {
        let lit = LitStr::new(&ident.unraw().to_string(), ident.span());
        if let Err(e) = super::check_tool_name(&lit) {
            errors.push(e);
        }
    }
    if let (Some(option), false) = (&opts.non_blocking, sig.is_async) {
        errors.at(
            option,
            "`non_blocking` is for an `async fn`: a synchronous tool's body already runs on the blocking pool, and its calls run in place",
        );
    }
    if let Err(e) = errors.finish() {
        return fallback(&item, &p, e);
    }
    let name = opts
        .name
        .clone()
        .unwrap_or_else(|| LitStr::new(&ident.unraw().to_string(), ident.span()));
    let description = description.unwrap_or_default();
    let tool = generate(&item, &sig, &opts, &p, &name, &description);
    quote! {
        #item
        #tool
    }
}

trait Unraw {
    fn unraw(&self) -> syn::Ident;
}

impl Unraw for syn::Ident {
    fn unraw(&self) -> syn::Ident {
        let s = self.to_string();
        match s.strip_prefix("r#") {
            Some(bare) => syn::Ident::new(bare, self.span()),
            None => self.clone(),
        }
    }
}

fn tool_struct(item: &ItemFn, p: &Private, doc: &str) -> TokenStream {
    let vis = &item.vis;
    let ident = &item.sig.ident;
    quote! {
        #[doc = #doc]
        #[allow(non_camel_case_types)]
        #[derive(#p::core::clone::Clone, #p::core::marker::Copy, #p::core::fmt::Debug, #p::core::default::Default)]
        #vis struct #ident {}
    }
}

fn generate(
    item: &ItemFn,
    sig: &Signature,
    opts: &ToolArgs,
    p: &Private,
    name: &LitStr,
    description: &str,
) -> TokenStream {
    let ident = &item.sig.ident;
    let args_ty = format_ident!("__AgentsToolArgs", span = Span::mixed_site());
    let serde_path = p.join_str("serde");
    let schemars_path = p.join_str("schemars");
    let arguments: Vec<&Param> = sig
        .params
        .iter()
        .filter(|param| matches!(param.role, Role::Argument))
        .collect();
    let fields = arguments.iter().map(|param| {
        let field = &param.ident;
        let ty = &param.ty;
        let attrs = &param.field_attrs;
        let doc = param.description.as_ref().map(|d| quote!(#[doc = #d]));
        quote!(#doc #(#attrs)* #field: #ty)
    });
    let names: Vec<_> = sig.params.iter().map(|param| &param.ident).collect();
    let await_ = sig.is_async.then(|| quote!(.await));
    // The conversion of the result is spanned on the return type, so that an error type that
    // does not convert, or an output that does not serialise, is reported there.
    let (finish, ret_span) = match &sig.returns {
        Returns::Result(ty) => (quote!(tool_result), ty.span()),
        Returns::Plain(Some(ty)) => (quote!(ToolOutput::into_tool_output), ty.span()),
        Returns::Plain(None) => (quote!(ToolOutput::into_tool_output), ident.span()),
    };
    let call = respan(quote!(#ident(#(#names),*) #await_), ret_span);
    let at = p.at(ret_span);
    let finish = quote_spanned!(ret_span=> #at::#finish(#call));
    let args = format_ident!("__agents_args", span = Span::mixed_site());
    let ctx = format_ident!("__agents_ctx", span = Span::mixed_site());
    let flat = format_ident!("__agents_flat", span = Span::mixed_site());
    let idempotent = opts.idempotent.then(|| {
        quote! {
            fn idempotent(&self) -> #p::core::primitive::bool {
                true
            }
        }
    });
    // A synchronous body runs on the blocking pool (below), so its call never blocks the run's
    // thread; an `async` one says so with `non_blocking`.
    let non_blocking = (!sig.is_async || opts.non_blocking.is_some()).then(|| {
        quote! {
            fn non_blocking(&self) -> #p::core::primitive::bool {
                true
            }
        }
    });
    let approval = opts.approval.then(|| {
        quote! {
            fn needs_approval(&self, _: &#p::serde_json::Value) -> #p::core::primitive::bool {
                true
            }
        }
    });
    let timeout = opts.timeout_ms.map(|ms| {
        quote! {
            fn timeout(&self) -> #p::Option<#p::Duration> {
                #p::Some(#p::Duration::from_millis(#ms))
            }
        }
    });
    let deps_ty = sig.params.iter().find_map(|param| match &param.role {
        Role::Deps(ty) => Some(ty),
        _ => None,
    });
    let deps_type = deps_ty.map(|ty| {
        quote! {
            fn deps_type(&self) -> #p::Option<#p::DepsType> {
                #p::Some(#p::DepsType::of::<#ty>())
            }
        }
    });
    // What `agent! { deps: .. }` checks: a tool without dependencies fits any agent.
    let uses_deps = match deps_ty {
        Some(ty) => quote!(impl #p::UsesDeps<#ty> for #ident {}),
        None => quote!(impl<__AgentsDeps> #p::UsesDeps<__AgentsDeps> for #ident {}),
    };
    // The parameters the runtime gives, bound before the body runs.
    let given = sig.params.iter().filter_map(|param| {
        let name = &param.ident;
        match &param.role {
            Role::Argument => None,
            Role::Deps(ty) => Some(quote!(let #name = #ctx.deps::<#ty>()?;)),
            Role::Context => None,
        }
    });
    let context = sig
        .params
        .iter()
        .find(|param| matches!(param.role, Role::Context))
        .map(|param| {
            let name = &param.ident;
            quote!(let #name = #ctx;)
        });
    // A lone argument of an object type is the arguments themselves (its fields are the
    // tool's parameters), unless it keeps serde attributes or asks to stay `nested`.
    let lone = match arguments.as_slice() {
        [only] if only.field_attrs.is_empty() && !only.nested => Some(*only),
        _ => None,
    };
    let spec = match lone {
        None => quote!(#p::tool_spec::<#args_ty>(#name, #description)),
        Some(param) => {
            let ty = &param.ty;
            let doc = match &param.description {
                Some(d) => quote!(#p::Some(#d)),
                None => quote!(#p::None),
            };
            quote! {
                if #flat() {
                    #p::tool_spec_flat::<#ty>(#name, #description, #doc)
                } else {
                    #p::tool_spec::<#args_ty>(#name, #description)
                }
            }
        }
    };
    let read = match lone {
        None => {
            let arg_names = arguments.iter().map(|param| &param.ident);
            quote!(let #args_ty { #(#arg_names),* } = #p::deserialize_args::<#args_ty>(#args)?;)
        }
        Some(param) => {
            let field = &param.ident;
            let ty = &param.ty;
            quote! {
                let #field: #ty = if #flat() {
                    #p::deserialize_args::<#ty>(#args)?
                } else {
                    #p::deserialize_args::<#args_ty>(#args)?.#field
                };
            }
        }
    };
    let flat_fn = lone.map(|param| {
        let ty = &param.ty;
        quote! {
            fn #flat() -> #p::core::primitive::bool {
                static FLAT: #p::OnceLock<#p::core::primitive::bool> = #p::OnceLock::new();
                *FLAT.get_or_init(#p::is_object_schema::<#ty>)
            }
        }
    });
    // The arguments are read in `prepare`, before the tool runs; the body runs when the prepared
    // call does. A synchronous body runs on the blocking pool, where a timeout can answer while
    // it blocks its thread.
    let body = if sig.is_async {
        quote!(#finish)
    } else {
        quote!(#p::run_blocking(move || #finish).await)
    };
    let prepared = quote_spanned! {ident.span()=>
        #p::prepared(move |#ctx: #p::ToolContext| async move {
            #(#given)*
            #context
            #body
        })
    };
    let struct_doc = format!(
        "The tool `{}`: {description}\n\nGenerated by `#[tool]` from the function of the same name; build it as `{ident} {{}}`.",
        name.value()
    );
    let strukt = tool_struct(item, p, &struct_doc);
    quote! {
        #strukt

        impl #ident {
            /// The name the model calls this tool by.
            pub const NAME: &'static #p::core::primitive::str = #name;
        }

        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, unused_variables, clippy::all)]
        const _: () = {
            // schemars' derive calls `.into()`: bring the trait (and no name) into scope, for
            // crates under `#![no_implicit_prelude]`.
            use #p::core::convert::Into as _;

            #[derive(#p::serde::Deserialize, #p::schemars::JsonSchema)]
            #[serde(crate = #serde_path)]
            #[schemars(crate = #schemars_path)]
            struct #args_ty {
                #(#fields,)*
            }

            #[automatically_derived]
            impl #p::Tool for #ident {
                fn spec(&self) -> &#p::ToolSpec {
                    static SPEC: #p::OnceLock<#p::ToolSpec> = #p::OnceLock::new();
                    SPEC.get_or_init(|| #spec)
                }

                #idempotent
                #non_blocking
                #approval
                #timeout
                #deps_type

                fn call<'__a>(
                    &'__a self,
                    #args: #p::serde_json::Value,
                    #ctx: &'__a #p::ToolContext,
                ) -> #p::BoxFuture<'__a, #p::Result<#p::serde_json::Value, #p::ToolCallError>> {
                    #p::run_prepared(#p::Tool::prepare(self, #args), #ctx)
                }

                fn prepare<'__a>(
                    &'__a self,
                    #args: #p::serde_json::Value,
                ) -> #p::Result<#p::PreparedCall<'__a>, #p::ToolCallError> {
                    __agents_prepare(#args)
                }

                fn prepare_shared(
                    self: #p::Arc<Self>,
                    #args: #p::serde_json::Value,
                ) -> #p::Result<#p::PreparedCall<'static>, #p::ToolCallError> {
                    __agents_prepare(#args)
                }
            }

            // The call holds nothing of the tool (a unit struct): one reading serves `prepare`
            // and `prepare_shared`.
            fn __agents_prepare<'__a>(
                #args: #p::serde_json::Value,
            ) -> #p::Result<#p::PreparedCall<'__a>, #p::ToolCallError> {
                #read
                #p::Ok(#prepared)
            }

            #flat_fn

            #[automatically_derived]
            #uses_deps
        };
    }
}

/// The function, the error, and (unless the function is a method) the struct with a placeholder
/// `Tool` impl, so that code using the tool does not fail a second time.
fn fallback(item: &ItemFn, p: &Private, error: syn::Error) -> TokenStream {
    let error = error.into_compile_error();
    if signature::has_receiver(item) {
        return quote!(#item #error);
    }
    let ident = &item.sig.ident;
    let strukt = tool_struct(
        item,
        p,
        "A tool whose `#[tool]` attribute failed to compile.",
    );
    quote! {
        #item
        #error
        #strukt
        #[doc(hidden)]
        const _: () = {
            impl #p::Tool for #ident {
                fn spec(&self) -> &#p::ToolSpec {
                    #p::dummy_spec()
                }
                fn call<'__a>(
                    &'__a self,
                    _: #p::serde_json::Value,
                    _: &'__a #p::ToolContext,
                ) -> #p::BoxFuture<'__a, #p::Result<#p::serde_json::Value, #p::ToolCallError>> {
                    #p::core::unreachable!()
                }
            }
            impl<__AgentsDeps> #p::UsesDeps<__AgentsDeps> for #ident {}
        };
    }
}
