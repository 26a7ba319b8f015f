//! Procedural macros of the agents framework: `#[tool]` and `agent!`.
//!
//! Not a public API on its own: depend on the `agents` crate, which re-exports these macros and
//! documents them with runnable examples. The generated code reaches the runtime only through
//! `agents::__private`, which this crate's version is locked to.
#![warn(missing_docs, unreachable_pub)]

mod agent;
mod tool;
mod util;

use proc_macro::TokenStream;

/// Turns a function into a tool the model can call. See the `agents` crate for the full guide.
#[proc_macro_attribute]
pub fn tool(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded("tool", || tool::expand::expand(args.into(), item.into())).into()
}

/// Builds an `LlmAgent` from a declarative description. See the `agents` crate for the full
/// guide.
#[proc_macro]
pub fn agent(input: TokenStream) -> TokenStream {
    guarded("agent", || agent::expand(input.into())).into()
}

/// Runs an expansion, turning a panic into a compile error that asks for a bug report, and
/// printing the expansion to stderr when `AGENTS_MACROS_DEBUG` is set (to `1`, or to the macro's
/// name).
fn guarded(
    which: &str,
    expand: impl FnOnce() -> proc_macro2::TokenStream + std::panic::UnwindSafe,
) -> proc_macro2::TokenStream {
    let tokens = match std::panic::catch_unwind(expand) {
        Ok(tokens) => tokens,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let message = format!(
                "agents-macros panicked while expanding `{which}` ({what}); this is a bug, please report it with the input that caused it"
            );
            return quote::quote!(::core::compile_error! { #message });
        }
    };
    if let Ok(debug) = std::env::var("AGENTS_MACROS_DEBUG")
        && (debug == "1" || debug == which)
    {
        eprintln!("agents-macros: `{which}` expanded to:\n{tokens}");
    }
    tokens
}
