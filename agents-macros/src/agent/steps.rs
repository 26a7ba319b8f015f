//! The step vocabulary of `on_error`: `fix`, `fix_in_context`, `fix_with`, `sanitize`, `retry`,
//! `escalate`, `throw`, and the backoffs `exponential`, `constant`, `no_backoff`.
//!
//! A bare call to one of these names is resolved to the runtime's function (no import needed),
//! with named arguments (`fix_with(fixer, retries = 2)`) put in place and defaults filled in. Any
//! other expression (a variable holding a step, a path such as `my::fix(..)`) is left as written,
//! and the compiler checks it like the rest through `Step<K>`.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};

use syn::spanned::Spanned;
use syn::{Expr, Ident};

use crate::util::errors::{Errors, one_of};
use crate::util::paths::{Private, respan};

/// One parameter of a vocabulary function, and its default when it may be left out.
struct Param {
    name: &'static str,
    default: Option<fn(&Private) -> TokenStream>,
}

const fn req(name: &'static str) -> Param {
    Param {
        name,
        default: None,
    }
}

fn one(_: &Private) -> TokenStream {
    quote!(1)
}

fn exponential(p: &Private) -> TokenStream {
    quote!(#p::exponential())
}

fn high(p: &Private) -> TokenStream {
    quote!(#p::Severity::High)
}

/// The functions and their parameters.
fn signature(name: &str) -> Option<&'static [Param]> {
    const FIX: &[Param] = &[req("f")];
    const FIX_WITH: &[Param] = &[
        req("agent"),
        Param {
            name: "retries",
            default: Some(one),
        },
    ];
    const RETRY: &[Param] = &[
        req("max_attempts"),
        Param {
            name: "backoff",
            default: Some(exponential),
        },
    ];
    const ESCALATE: &[Param] = &[
        req("reason"),
        Param {
            name: "severity",
            default: Some(high),
        },
    ];
    const THROW: &[Param] = &[req("reason")];
    const CONSTANT: &[Param] = &[req("wait")];
    Some(match name {
        "fix" | "fix_in_context" | "sanitize" => FIX,
        "fix_with" => FIX_WITH,
        "retry" => RETRY,
        "escalate" => ESCALATE,
        "throw" => THROW,
        "constant" => CONSTANT,
        "exponential" | "no_backoff" => &[],
        _ => return None,
    })
}

/// Rewrites `expr` in place: vocabulary calls resolved, arguments in place. Mistakes in the
/// arguments of a vocabulary call go to `errors`. The user's tokens keep their spans, so that a
/// type error in a step is reported on the step.
pub(crate) fn rewrite(expr: &mut Expr, p: &Private, errors: &mut Errors) {
    match expr {
        Expr::Call(call) => {
            for arg in call.args.iter_mut() {
                rewrite(arg, p, errors);
            }
            let Some(ident) = bare_ident(&call.func).cloned() else {
                return;
            };
            let name = ident.to_string();
            let Some(params) = signature(&name) else {
                return;
            };
            let span = ident.span();
            let at = p.at(span);
            let args: Vec<Expr> = call.args.iter().cloned().collect();
            // `escalate()` with no reason: the error's own model-safe text.
            if name == "escalate" && args.is_empty() {
                let func = quote_spanned!(span=> #at::escalate_error);
                *call.func = syn::parse2(func).expect("a path");
                return;
            }
            let func = quote_spanned!(span=> #at::#ident);
            *call.func = syn::parse2(func).expect("a path");
            let Some(mut placed) = place_args(&ident, params, args, p, errors) else {
                return;
            };
            if name == "fix_with" {
                let agent = &placed[0];
                let fixer_span = agent.span();
                let at = p.at(fixer_span);
                placed[0] = quote_spanned!(fixer_span=> #at::check_fixer(#agent));
            }
            call.args = placed
                .into_iter()
                .map(|tokens| syn::parse2::<Expr>(tokens).expect("an expression"))
                .collect();
        }
        Expr::MethodCall(call) => {
            rewrite(&mut call.receiver, p, errors);
            for arg in call.args.iter_mut() {
                rewrite(arg, p, errors);
            }
        }
        Expr::Assign(named) => rewrite(&mut named.right, p, errors),
        Expr::Paren(inner) => rewrite(&mut inner.expr, p, errors),
        Expr::Group(inner) => rewrite(&mut inner.expr, p, errors),
        _ => {}
    }
}

fn bare_ident(func: &Expr) -> Option<&Ident> {
    match func {
        Expr::Path(path) if path.qself.is_none() => path.path.get_ident(),
        _ => None,
    }
}

/// Puts positional then named arguments in parameter order, filling defaults.
fn place_args(
    func: &Ident,
    params: &[Param],
    args: Vec<Expr>,
    p: &Private,
    errors: &mut Errors,
) -> Option<Vec<TokenStream>> {
    let names: Vec<&str> = params.iter().map(|param| param.name).collect();
    let mut slots: Vec<Option<TokenStream>> = vec![None; params.len()];
    let mut ok = true;
    let mut named_seen = false;
    for (i, arg) in args.into_iter().enumerate() {
        if let Expr::Assign(assign) = &arg
            && let Some(key) = bare_ident(&assign.left)
        {
            named_seen = true;
            let key_s = key.to_string();
            match names.iter().position(|n| *n == key_s) {
                Some(at) if slots[at].is_none() => {
                    slots[at] = Some(assign.right.to_token_stream());
                }
                Some(_) => {
                    errors.at(key, format!("`{key_s}` is given twice"));
                    ok = false;
                }
                None => {
                    errors.at(
                        key,
                        format!(
                            "`{func}` has no parameter `{key_s}`; its parameters are {}",
                            one_of(names.iter().copied())
                        ),
                    );
                    ok = false;
                }
            }
            continue;
        }
        if named_seen {
            errors.at(&arg, "positional arguments go before named ones");
            ok = false;
        } else if i >= params.len() {
            errors.at(
                &arg,
                format!(
                    "`{func}` takes {} argument(s): {}",
                    params.len(),
                    one_of(names.iter().copied())
                ),
            );
            ok = false;
        } else {
            slots[i] = Some(arg.to_token_stream());
        }
    }
    let mut placed = Vec::new();
    for (slot, param) in slots.into_iter().zip(params) {
        match (slot, param.default) {
            (Some(v), _) => placed.push(v),
            (None, Some(default)) => placed.push(respan(default(p), func.span())),
            (None, None) => {
                errors.at(func, format!("`{func}` needs `{}`", param.name));
                ok = false;
            }
        }
    }
    ok.then_some(placed)
}
