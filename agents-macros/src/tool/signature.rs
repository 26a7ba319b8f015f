//! What `#[tool]` reads from the function: its parameters, their descriptions, the return type.
//!
//! Rejects, on the offending tokens, whatever the model's JSON arguments cannot express: a `self`
//! receiver, generics, borrowed or `impl Trait` parameters, destructuring patterns.

use syn::{
    Attribute, Expr, ExprLit, FnArg, Ident, ItemFn, Lit, LitStr, Meta, Pat, ReturnType, Type,
};

use crate::util::errors::Errors;

/// One parameter: a field of the generated argument struct, or something the runtime hands the
/// tool (its dependencies, the call's context).
pub(crate) struct Param {
    /// Its name (the JSON field).
    pub ident: Ident,
    /// Its type.
    pub ty: Type,
    /// Its description, from `///` or `#[arg(description = "...")]`.
    pub description: Option<String>,
    /// `#[serde(..)]` and `#[schemars(..)]` attributes, moved onto the field.
    pub field_attrs: Vec<Attribute>,
    /// `#[arg(nested)]`: a lone struct parameter stays one field of the arguments.
    pub nested: bool,
    /// Where its value comes from.
    pub role: Role,
}

/// Where a parameter's value comes from.
#[derive(Clone)]
pub(crate) enum Role {
    /// The model's arguments.
    Argument,
    /// `Deps<T>`: the run's dependency of type `T` (the inner type is kept).
    Deps(Box<Type>),
    /// `ToolContext`: the call's id, attempt and run.
    Context,
}

/// How the function reports failure.
pub(crate) enum Returns {
    /// `-> T`, or nothing: it cannot fail.
    Plain(Option<Type>),
    /// `-> Result<T, E>` (any type whose last path segment ends in `Result`: `io::Result<T>`,
    /// `MyResult<T>`).
    Result(Type),
}

/// What the generated tool needs to know about the function.
pub(crate) struct Signature {
    /// The parameters, in order.
    pub params: Vec<Param>,
    /// The return type.
    pub returns: Returns,
    /// Whether it is `async`.
    pub is_async: bool,
    /// The doc comment, joined.
    pub doc: Option<String>,
}

/// Whether `item` has a `self` receiver (it lives in an `impl`, so nothing may be emitted beside
/// it).
pub(crate) fn has_receiver(item: &ItemFn) -> bool {
    item.sig
        .inputs
        .iter()
        .any(|a| matches!(a, FnArg::Receiver(_)))
}

/// Reads `item`'s signature, stripping the helper attributes from its parameters in place.
/// Problems go to `errors`; the result is only meaningful when none were recorded.
pub(crate) fn analyse(item: &mut ItemFn, errors: &mut Errors) -> Signature {
    let sig = &mut item.sig;
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        errors.at(
            &sig.generics,
            "a `#[tool]` function cannot be generic: the model's arguments need one concrete JSON schema; use concrete parameter types",
        );
    }
    if let syn::Safety::Unsafe(token) = &sig.safety {
        errors.at(
            token,
            "a `#[tool]` function cannot be `unsafe`: the model decides when it runs",
        );
    }
    if let Some(abi) = &sig.abi {
        errors.at(abi, "a `#[tool]` function cannot have an `extern` ABI");
    }
    if let Some(v) = &sig.variadic {
        errors.at(v, "a `#[tool]` function cannot be variadic");
    }
    let mut params = Vec::new();
    for arg in sig.inputs.iter_mut() {
        match arg {
            FnArg::Receiver(r) => errors.at(
                r.self_token,
                "`#[tool]` goes on a free function, not a method: a `self` receiver cannot come from the model's arguments; move the body into a free `fn` that takes the values it needs as parameters",
            ),
            FnArg::Typed(pt) => {
                let (description, field_attrs, nested) = take_param_attrs(&mut pt.attrs, errors);
                let ident = match &*pt.pat {
                    Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                        Some(pi.ident.clone())
                    }
                    other => {
                        errors.at(
                            other,
                            "write a plain name here: a tool parameter's name is its JSON field",
                        );
                        None
                    }
                };
                check_param_type(&pt.ty, errors);
                let role = role_of(&pt.ty);
                if !matches!(role, Role::Argument) && (!field_attrs.is_empty() || nested) {
                    errors.at(
                        &pt.ty,
                        "this parameter is not one of the model's arguments (the runtime gives it): `#[serde]`, `#[schemars]` and `#[arg(nested)]` do not apply",
                    );
                }
                if let Some(ident) = ident {
                    params.push(Param {
                        ident,
                        ty: (*pt.ty).clone(),
                        description,
                        field_attrs,
                        nested,
                        role,
                    });
                }
            }
        }
    }
    check_roles(&params, errors);
    let returns = match &sig.output {
        ReturnType::Default => Returns::Plain(None),
        ReturnType::Type(_, ty) if is_result(ty) => Returns::Result((**ty).clone()),
        ReturnType::Type(_, ty) => Returns::Plain(Some((**ty).clone())),
    };
    Signature {
        params,
        returns,
        is_async: sig.asyncness.is_some(),
        doc: doc_text(&item.attrs),
    }
}

/// What a parameter of type `ty` is: `Deps<T>` and `ToolContext` (by their last path segment,
/// whatever path names them) are given by the runtime; anything else is an argument.
fn role_of(ty: &Type) -> Role {
    let Type::Path(path) = ty else {
        return Role::Argument;
    };
    if path.qself.is_some() {
        return Role::Argument;
    }
    let Some(last) = path.path.segments.last() else {
        return Role::Argument;
    };
    match (last.ident.to_string().as_str(), &last.arguments) {
        ("Deps", syn::PathArguments::AngleBracketed(args)) if args.args.len() == 1 => {
            match &args.args[0] {
                syn::GenericArgument::Type(inner) => Role::Deps(Box::new(inner.clone())),
                _ => Role::Argument,
            }
        }
        ("ToolContext", syn::PathArguments::None) => Role::Context,
        _ => Role::Argument,
    }
}

/// At most one `Deps<T>` and one `ToolContext` parameter.
fn check_roles(params: &[Param], errors: &mut Errors) {
    let deps: Vec<&Param> = params
        .iter()
        .filter(|p| matches!(p.role, Role::Deps(_)))
        .collect();
    for extra in deps.iter().skip(1) {
        errors.at(
            &extra.ty,
            "a tool takes its dependencies in one `Deps<T>` parameter: put what it needs into one type (a struct with the pool, the client, the user)",
        );
    }
    let contexts: Vec<&Param> = params
        .iter()
        .filter(|p| matches!(p.role, Role::Context))
        .collect();
    for extra in contexts.iter().skip(1) {
        errors.at(
            &extra.ty,
            "a tool takes at most one `ToolContext` parameter",
        );
    }
}

fn check_param_type(ty: &Type, errors: &mut Errors) {
    match ty {
        Type::Reference(r) => errors.at(
            r,
            "tool parameters are read from JSON and must be owned: use `String` for `&str`, `Vec<T>` for `&[T]`, `T` for `&T`",
        ),
        Type::ImplTrait(i) => errors.at(
            i,
            "a tool parameter needs a concrete type for its JSON schema, not `impl Trait`",
        ),
        _ => {}
    }
}

fn is_result(ty: &Type) -> bool {
    match ty {
        Type::Path(p) if p.qself.is_none() => p
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident.to_string().ends_with("Result")),
        Type::Paren(p) => is_result(&p.elem),
        Type::Group(g) => is_result(&g.elem),
        _ => false,
    }
}

/// The text of the `///` lines among `attrs`, joined, if any.
pub(crate) fn doc_text(attrs: &[Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs.iter().filter_map(doc_line).collect();
    let text = lines.join("\n").trim().to_owned();
    (!text.is_empty()).then_some(text)
}

fn doc_line(attr: &Attribute) -> Option<String> {
    match &attr.meta {
        Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) => {
                let v = s.value();
                Some(v.strip_prefix(' ').unwrap_or(&v).trim_end().to_owned())
            }
            _ => None,
        },
        _ => None,
    }
}

/// Removes `///`, `#[arg(..)]`, `#[serde(..)]` and `#[schemars(..)]` from a parameter; returns its
/// description, the attributes to put on the generated field, and whether `#[arg(nested)]` was
/// given.
fn take_param_attrs(
    attrs: &mut Vec<Attribute>,
    errors: &mut Errors,
) -> (Option<String>, Vec<Attribute>, bool) {
    let mut description = doc_text(attrs);
    let mut field_attrs = Vec::new();
    let mut nested = false;
    let mut kept = Vec::new();
    for attr in attrs.drain(..) {
        let path = attr.path();
        if path.is_ident("doc") {
            continue;
        }
        if path.is_ident("serde") || path.is_ident("schemars") {
            field_attrs.push(attr);
            continue;
        }
        if path.is_ident("arg") {
            match arg_options(&attr) {
                Ok(options) => {
                    if let Some(lit) = options.description {
                        if description.is_some() {
                            errors.at(
                                &lit,
                                "this parameter already has a description (its doc comment); keep one",
                            );
                        }
                        description = Some(lit.value());
                    }
                    nested |= options.nested;
                }
                Err(e) => errors.push(e),
            }
            continue;
        }
        kept.push(attr);
    }
    *attrs = kept;
    (description, field_attrs, nested)
}

/// The options of one `#[arg(..)]`.
struct ArgOptions {
    description: Option<LitStr>,
    nested: bool,
}

fn arg_options(attr: &Attribute) -> syn::Result<ArgOptions> {
    let mut options = ArgOptions {
        description: None,
        nested: false,
    };
    attr.parse_nested_meta(|meta| {
        if meta.path.is_ident("description") {
            if options.description.is_some() {
                return Err(meta.error("`description` is given twice"));
            }
            options.description = Some(meta.value()?.parse::<LitStr>()?);
            Ok(())
        } else if meta.path.is_ident("nested") {
            if options.nested {
                return Err(meta.error("`nested` is given twice"));
            }
            options.nested = true;
            Ok(())
        } else {
            Err(meta.error("unknown `#[arg]` option; expected `description = \"...\"` or `nested`"))
        }
    })?;
    if options.description.is_none() && !options.nested {
        return Err(syn::Error::new_spanned(
            attr,
            "expected `#[arg(description = \"...\")]` or `#[arg(nested)]`",
        ));
    }
    Ok(options)
}
