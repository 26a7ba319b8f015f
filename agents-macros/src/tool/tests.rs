//! In-process tests of `#[tool]`: expansion snapshots and error messages.

use proc_macro2::TokenStream;
use quote::quote;

use super::expand::expand_with;
use crate::util::paths::Private;

fn expand(args: TokenStream, item: TokenStream) -> String {
    let tokens = expand_with(args, item, Private::agents);
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(_) => tokens.to_string(),
    }
}

/// The messages of the `compile_error!`s in an expansion.
fn errors(args: TokenStream, item: TokenStream) -> Vec<String> {
    let tokens = expand_with(args, item, Private::agents);
    let mut out = Vec::new();
    collect_errors(tokens, &mut out);
    out
}

pub(crate) fn collect_errors(tokens: TokenStream, out: &mut Vec<String>) {
    let mut iter = tokens.into_iter().peekable();
    while let Some(tt) = iter.next() {
        match tt {
            proc_macro2::TokenTree::Ident(i) if i == "compile_error" => {
                iter.next(); // `!`
                if let Some(proc_macro2::TokenTree::Group(g)) = iter.next() {
                    let lit: syn::LitStr = syn::parse2(g.stream()).expect("a string literal");
                    out.push(lit.value());
                }
            }
            proc_macro2::TokenTree::Group(g) => collect_errors(g.stream(), out),
            _ => {}
        }
    }
}

#[test]
fn snapshot_async_fallible_tool() {
    insta::assert_snapshot!(expand(
        quote!(idempotent, timeout = "5s"),
        quote! {
            /// Reads a file.
            pub async fn read_file(
                /// The path.
                path: String,
            ) -> std::io::Result<String> {
                tokio::fs::read_to_string(path).await
            }
        }
    ));
}

#[test]
fn snapshot_sync_infallible_tool_with_renamed_runtime() {
    insta::assert_snapshot!(expand(
        quote!(name = "sum", crate = ::my_agents),
        quote! {
            /// Adds.
            fn add(a: i64, #[arg(description = "b")] #[serde(default)] b: i64) -> i64 { a + b }
        }
    ));
}

#[test]
fn options_are_checked_and_all_errors_reported() {
    let errs = errors(
        quote!(
            nmae = "x",
            timeout = "5 s",
            idempotent,
            idempotent,
            description = 3
        ),
        quote!(
            /// Doc.
            fn f() {}
        ),
    );
    assert_eq!(errs.len(), 4, "{errs:#?}");
    assert!(errs[0].starts_with("unknown `#[tool]` option `nmae` (did you mean `name`?); expected one of `name`, `description`, `timeout`, `idempotent`, `non_blocking`, `approval` or `crate`"));
    assert!(errs[1].contains("invalid duration \"5 s\""));
    assert_eq!(errs[2], "`idempotent` is given twice");
    assert!(errs[3].contains("expected a string literal"));
}

/// A synchronous tool says it never blocks the run's thread by itself (its body is on the
/// blocking pool); an `async` one only when told, and telling a synchronous one is an error.
#[test]
fn non_blocking_is_declared_for_async_functions_only() {
    let declared = |args: TokenStream, item: TokenStream| {
        expand(args, item).contains("fn non_blocking(&self)")
    };
    assert!(declared(
        quote!(),
        quote!(
            /// Doc.
            fn f() {}
        )
    ));
    assert!(declared(
        quote!(non_blocking),
        quote!(
            /// Doc.
            async fn f() {}
        )
    ));
    assert!(!declared(
        quote!(),
        quote!(
            /// Doc.
            async fn f() {}
        )
    ));
    assert!(!declared(
        quote!(non_blocking = false),
        quote!(
            /// Doc.
            async fn f() {}
        )
    ));
    let errs = errors(
        quote!(non_blocking),
        quote!(
            /// Doc.
            fn f() {}
        ),
    );
    assert_eq!(errs.len(), 1, "{errs:#?}");
    assert!(
        errs[0].starts_with("`non_blocking` is for an `async fn`"),
        "{errs:#?}"
    );
}

#[test]
fn signature_problems_are_reported() {
    let errs = errors(
        quote!(),
        quote!(
            fn f<T>(&self, (a, b): (i32, i32), s: &str, i: impl Sized) {}
        ),
    );
    let expected = [
        "cannot be generic",
        "not a method",
        "write a plain name",
        "must be owned",
        "not `impl Trait`",
        "has no description",
    ];
    assert_eq!(errs.len(), expected.len(), "{errs:#?}");
    for (err, part) in errs.iter().zip(expected) {
        assert!(err.contains(part), "{err:?} should say {part:?}");
    }
}

#[test]
fn a_method_gets_no_placeholder_struct() {
    let out = expand(
        quote!(),
        quote!(
            fn f(&self) {}
        ),
    );
    assert!(!out.contains("struct"), "{out}");
}

#[test]
fn a_failed_tool_still_defines_its_type() {
    let out = expand(
        quote!(bogus),
        quote!(
            /// Doc.
            fn f() {}
        ),
    );
    assert!(
        out.contains("pub struct f") || out.contains("struct f {}"),
        "{out}"
    );
    assert!(out.contains("dummy_spec"), "{out}");
}
