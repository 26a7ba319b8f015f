//! The step vocabulary of `on_error`: `fix`, `fix_in_context`, `fix_with`, `sanitize`,
//! `regenerate`, `ask_values`, `retry`, `escalate`, `throw`, and the backoffs `exponential`, `constant`, `no_backoff`.
//!
//! A bare call to one of these names is resolved to the runtime (no import needed). Its first
//! argument goes to the runtime's constructor and each further one, positional or named, to the
//! runtime method of the same name: `fix_with(fixer, retries = 2)` becomes
//! `FixWith::new(fixer).retries(2)`. The defaults of what is left out are the runtime's; this
//! module knows only the parameters' names and order. Any other expression (a variable holding a
//! step, a path such as `my::fix(..)`) is left as written, and the compiler checks it like the
//! rest through `Step<K>`.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote_spanned};

use syn::spanned::Spanned;
use syn::{Expr, Ident};

use crate::util::errors::{Errors, one_of};
use crate::util::paths::Private;

/// How a vocabulary call maps to the runtime.
struct Signature {
    /// The runtime function or constructor the first parameter goes to, as path segments under
    /// `__private`.
    ctor: &'static [&'static str],
    /// The parameters, in positional order: the first (if any) is the constructor's and required;
    /// each other one is optional and names the runtime method it becomes.
    params: &'static [&'static str],
}

/// The vocabulary.
fn signature(name: &str) -> Option<Signature> {
    let (ctor, params): (&'static [&'static str], &'static [&'static str]) = match name {
        "fix" => (&["fix"], &["f"]),
        "fix_in_context" => (&["fix_in_context"], &["f"]),
        "sanitize" => (&["sanitize"], &["f"]),
        "regenerate" => (&["regenerate"], &[]),
        "ask_values" => (&["ask_values"], &[]),
        "fix_with" => (&["FixWith", "new"], &["agent", "retries"]),
        "retry" => (&["Retry", "new"], &["max_attempts", "backoff"]),
        "escalate" => (&["Escalate", "new"], &["reason", "severity"]),
        "throw" => (&["throw"], &["reason"]),
        "constant" => (&["constant"], &["wait"]),
        "exponential" => (&["exponential"], &[]),
        "no_backoff" => (&["no_backoff"], &[]),
        _ => return None,
    };
    Some(Signature { ctor, params })
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
            let Some(signature) = signature(&name) else {
                return;
            };
            let span = ident.span();
            let at = p.at(span);
            let args: Vec<Expr> = call.args.iter().cloned().collect();
            // `escalate()` with no reason: the error's own model-safe text.
            if name == "escalate" && args.is_empty() {
                *expr = parse_expr(quote_spanned!(span=> #at::escalate_error()));
                return;
            }
            let Some(placed) = place_args(&ident, signature.params, args, errors) else {
                // Still resolve the function, so that its arguments are checked as well.
                let func = quote_spanned!(span=> #at::#ident);
                *call.func = parse_expr(func);
                return;
            };
            // The constructor call keeps the user's parentheses (and so their span), so that
            // rustc's suggestions about the step quote the user's text.
            let ctor = signature.ctor.iter().map(|s| Ident::new(s, span));
            *call.func = parse_expr(quote_spanned!(span=> #at #(::#ctor)*));
            let mut placed = placed.into_iter();
            call.args = placed
                .next()
                .flatten()
                .map(|(_, first)| {
                    if name == "fix_with" {
                        let at = p.at(first.span());
                        parse_expr(quote_spanned!(first.span()=> #at::check_fixer(#first)))
                    } else {
                        parse_expr(first)
                    }
                })
                .into_iter()
                .collect();
            let mut out = call.to_token_stream();
            for (method, value) in placed.flatten() {
                out = quote_spanned!(method.span()=> #out.#method(#value));
            }
            *expr = parse_expr(out);
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

fn parse_expr(tokens: TokenStream) -> Expr {
    syn::parse2(tokens).expect("the vocabulary expands to an expression")
}

fn bare_ident(func: &Expr) -> Option<&Ident> {
    match func {
        Expr::Path(path) if path.qself.is_none() => path.path.get_ident(),
        _ => None,
    }
}

/// A parameter's argument, if given: the parameter's name (spanned on the user's key or argument,
/// as it becomes a method call) and the value.
type Slot = Option<(Ident, TokenStream)>;

/// Puts positional then named arguments in parameter order: one slot per parameter, holding the
/// parameter's name (spanned on the user's key or argument) and its value. `None` if an argument
/// was wrong or the required first one is missing.
fn place_args(
    func: &Ident,
    params: &[&'static str],
    args: Vec<Expr>,
    errors: &mut Errors,
) -> Option<Vec<Slot>> {
    let mut slots: Vec<Slot> = vec![None; params.len()];
    let mut ok = true;
    let mut named_seen = false;
    for (i, arg) in args.into_iter().enumerate() {
        if let Expr::Assign(assign) = &arg
            && let Some(key) = bare_ident(&assign.left)
        {
            named_seen = true;
            let key_s = key.to_string();
            match params.iter().position(|n| *n == key_s) {
                Some(at) if slots[at].is_none() => {
                    slots[at] = Some((key.clone(), assign.right.to_token_stream()));
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
                            one_of(params.iter().copied())
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
                    one_of(params.iter().copied())
                ),
            );
            ok = false;
        } else {
            let name = Ident::new(params[i], arg.span());
            slots[i] = Some((name, arg.to_token_stream()));
        }
    }
    if let Some(first) = params.first()
        && slots[0].is_none()
    {
        errors.at(func, format!("`{func}` needs `{first}`"));
        ok = false;
    }
    ok.then_some(slots)
}
