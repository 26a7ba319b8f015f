//! The grammar of `#[tool(...)]`'s options.
//!
//! Every option either matches the grammar or produces an error on its own tokens that lists the
//! valid options; nothing is silently ignored, and an option given twice is an error on the
//! second.

use proc_macro2::TokenStream;
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, ExprLit, Lit, LitStr, Meta, Token};

use crate::util::duration::parse_millis;
use crate::util::errors::{Errors, Keys};
use crate::util::paths::check_crate_path;

/// The options `#[tool]` accepts.
pub(crate) const OPTIONS: [&str; 7] = [
    "name",
    "description",
    "timeout",
    "idempotent",
    "non_blocking",
    "approval",
    "crate",
];

/// The parsed options.
#[derive(Default)]
pub(crate) struct ToolArgs {
    /// `name = "..."`: the name the model calls the tool by.
    pub name: Option<LitStr>,
    /// `description = "..."`: overrides the doc comment.
    pub description: Option<LitStr>,
    /// `timeout = "5s"`, in milliseconds.
    pub timeout_ms: Option<u64>,
    /// `idempotent` or `idempotent = true`.
    pub idempotent: bool,
    /// `non_blocking` or `non_blocking = true`: an `async` body that never blocks its thread,
    /// whose calls run in place on the run's task; the option's path, to point an error at.
    pub non_blocking: Option<syn::Path>,
    /// `approval` or `approval = true`: every call waits for a person's approval.
    pub approval: bool,
    /// `crate = ::path`: where the runtime is.
    pub krate: Option<syn::Path>,
}

impl ToolArgs {
    /// Reads the attribute's arguments, recording every mistake in `errors`.
    pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> ToolArgs {
        let mut out = ToolArgs::default();
        let metas = match Punctuated::<Meta, Token![,]>::parse_terminated.parse2(args) {
            Ok(m) => m,
            Err(e) => {
                errors.push(syn::Error::new(
                    e.span(),
                    format!(
                        "{e}; `#[tool]` takes options like `#[tool(name = \"read_file\", timeout = \"5s\", idempotent)]`"
                    ),
                ));
                return out;
            }
        };
        let mut keys = Keys::new(&OPTIONS);
        for meta in metas {
            let key = meta
                .path()
                .get_ident()
                .map(|i| i.to_string())
                .unwrap_or_else(|| quote::ToTokens::to_token_stream(meta.path()).to_string());
            if !keys.accept(
                errors,
                meta.path(),
                &key,
                format_args!("`#[tool]` option `{key}`"),
            ) {
                continue;
            }
            if let Err(e) = out.set(&key, &meta) {
                errors.push(e);
            }
        }
        out
    }

    fn set(&mut self, key: &str, meta: &Meta) -> syn::Result<()> {
        match key {
            "name" => {
                let lit = string_value(meta, "name = \"read_file\"")?;
                check_tool_name(&lit)?;
                self.name = Some(lit);
            }
            "description" => {
                let lit = string_value(meta, "description = \"Reads a file.\"")?;
                if lit.value().trim().is_empty() {
                    return Err(syn::Error::new(lit.span(), "the description is empty"));
                }
                self.description = Some(lit);
            }
            "timeout" => {
                let lit = string_value(meta, "timeout = \"5s\"")?;
                self.timeout_ms = Some(parse_millis(&lit)?);
            }
            "idempotent" => self.idempotent = flag(meta, "idempotent")?,
            "non_blocking" => {
                self.non_blocking = flag(meta, "non_blocking")?.then(|| meta.path().clone());
            }
            "approval" => self.approval = flag(meta, "approval")?,
            "crate" => {
                let path = match meta {
                    Meta::NameValue(nv) => match &nv.value {
                        Expr::Path(p) if p.qself.is_none() => p.path.clone(),
                        Expr::Lit(ExprLit {
                            lit: Lit::Str(s), ..
                        }) => s.parse()?,
                        other => {
                            return Err(syn::Error::new_spanned(
                                other,
                                "expected a path, as in `crate = ::agents`",
                            ));
                        }
                    },
                    _ => {
                        return Err(syn::Error::new_spanned(
                            meta,
                            "expected a path, as in `crate = ::agents`",
                        ));
                    }
                };
                check_crate_path(&path)?;
                self.krate = Some(path);
            }
            _ => unreachable!("checked against OPTIONS"),
        }
        Ok(())
    }
}

/// `name` alone, or `name = true` / `name = false`.
fn flag(meta: &Meta, name: &str) -> syn::Result<bool> {
    match meta {
        Meta::Path(_) => Ok(true),
        Meta::NameValue(nv) => match &nv.value {
            Expr::Lit(ExprLit {
                lit: Lit::Bool(b), ..
            }) => Ok(b.value),
            other => Err(syn::Error::new_spanned(
                other,
                format!("expected `true` or `false`; or write `{name}` alone"),
            )),
        },
        Meta::List(l) => Err(syn::Error::new_spanned(
            &l.tokens,
            format!("write `{name}` alone, or `{name} = true`"),
        )),
    }
}

fn string_value(meta: &Meta, example: &str) -> syn::Result<LitStr> {
    match meta {
        Meta::NameValue(nv) => match &nv.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) => Ok(s.clone()),
            other => Err(syn::Error::new_spanned(
                other,
                format!("expected a string literal, as in `{example}`"),
            )),
        },
        _ => Err(syn::Error::new_spanned(
            meta,
            format!("expected a value, as in `{example}`"),
        )),
    }
}

/// Tool names go to every provider: 1 to 64 of `a-z A-Z 0-9 _ -`.
pub(crate) fn check_tool_name(lit: &LitStr) -> syn::Result<()> {
    let name = lit.value();
    let valid_chars = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if name.is_empty() || name.len() > 64 || !valid_chars {
        return Err(syn::Error::new(
            lit.span(),
            format!(
                "invalid tool name \"{name}\": providers accept 1 to 64 ASCII letters, digits, `_` and `-`"
            ),
        ));
    }
    Ok(())
}
