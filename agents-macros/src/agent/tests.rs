//! In-process tests of `agent!`: the parser, the checks, and an expansion snapshot.

use proc_macro2::TokenStream;
use quote::quote;

use super::expand_with;
use crate::tool::tests::collect_errors;
use crate::util::paths::Private;

fn errors(input: TokenStream) -> Vec<String> {
    let mut out = Vec::new();
    collect_errors(expand_with(input, Private::agents), &mut out);
    out
}

fn pretty(input: TokenStream) -> String {
    let tokens = expand_with(input, Private::agents);
    let file: syn::File = syn::parse_quote!(fn expansion() { let agent = #tokens; });
    prettyplease::unparse(&file)
}

#[test]
fn snapshot_full_agent() {
    insta::assert_snapshot!(pretty(quote! {
        name: "file-manager",
        prompt: "You manage files.",
        model: model.clone(),
        output: Summary,
        budget: { max_turns: 10, max_duration: "2m", max_tokens: None },
        tools: [read_file, write_file, files::list_dir, search = web_search(),],
        on_error: exhaustive {
            defaults => {
                invalid_args => fix(try_cleanup).or(fix_with(json_fixer, retries = 2)),
                deserialization_error => escalate(),
            },
            read_file => { execution_error => retry(3, exponential()).or(escalate("gone", severity = Severity::Low)) },
            write_file => { execution_error => retry(max_attempts = 2) },
            list_dir => { execution_error => throw("no") },
            search => { execution_error => my_chain },
        },
        on_llm_error: |err| LlmErrorDecision::Rethrow,
        strict: true,
    }));
}

#[test]
fn keys_are_checked() {
    let errs = errors(quote! {
        name: "a",
        promt: "x",
        name: "b",
        tools: [t],
    });
    assert_eq!(errs.len(), 3, "{errs:#?}");
    assert!(errs[0].starts_with("unknown key `promt` in `agent!` (did you mean `prompt`?); expected one of `name`, `prompt`, `model`"), "{}", errs[0]);
    assert_eq!(errs[1], "`name` is given twice");
    assert!(errs[2].starts_with("`agent!` needs `model: ...`"));
}

#[test]
fn on_error_names_tools_and_kinds() {
    let errs = errors(quote! {
        name: "a",
        model: m,
        tools: [read_file, write_file],
        on_error: {
            read_fle => { execution_error => retry(3) },
            write_file => { execution_eror => retry(3), invalid_args => fix(f), invalid_args => fix(g) },
            write_file => { execution_error => retry(3) },
        },
    });
    assert_eq!(errs.len(), 4, "{errs:#?}");
    assert_eq!(
        errs[0],
        "`read_fle` is not one of this agent's tools (did you mean `read_file`?); its tools are `read_file` or `write_file` (or `defaults`, for all of them)"
    );
    assert_eq!(
        errs[1],
        "unknown error kind `execution_eror` (did you mean `execution_error`?); expected one of `invalid_args`, `deserialization_error` or `execution_error`"
    );
    assert!(errs[2].starts_with("`invalid_args` is handled twice for `write_file`"));
    assert!(errs[3].starts_with("`write_file` has two `on_error` blocks"));
}

#[test]
fn exhaustive_lists_the_missing_pairs() {
    let errs = errors(quote! {
        name: "a",
        model: m,
        tools: [read_file, list_dir],
        on_error: exhaustive {
            defaults => { invalid_args => fix(f) },
            read_file => { execution_error => retry(3), deserialization_error => escalate() },
        },
    });
    assert_eq!(
        errs,
        [
            "`on_error` is `exhaustive`, but these tools have error kinds with no handler: `list_dir`: deserialization_error, execution_error; add them to the tool's block or to `defaults`"
        ]
    );
}

#[test]
fn step_arguments_are_checked() {
    let errs = errors(quote! {
        name: "a",
        model: m,
        tools: [t],
        on_error: { t => {
            invalid_args => fix_with(f, retires = 2),
            execution_error => retry(),
            deserialization_error => throw("a", "b"),
        } },
    });
    assert_eq!(errs.len(), 3, "{errs:#?}");
    assert!(errs[0].starts_with(
        "`fix_with` has no parameter `retires`; its parameters are `agent` or `retries`"
    ));
    assert_eq!(errs[1], "`retry` needs `max_attempts`");
    assert!(errs[2].starts_with("`throw` takes 1 argument(s)"));
}

#[test]
fn a_syntax_error_gives_one_error_and_a_placeholder() {
    let out = expand_with(quote!(name "a"), Private::agents).to_string();
    assert!(out.contains("dummy_agent"), "{out}");
    assert_eq!(errors(quote!(name "a")).len(), 1);
}

#[test]
fn expansions_parse_as_expressions() {
    for input in [
        quote!(crate: crate::runtime::rt, name: "pinger", model: model, tools: [ping]),
        quote!(name: "p", model: m, tools: [ping], on_error: exhaustive { defaults => { invalid_args => escalate(), deserialization_error => escalate(), execution_error => escalate() } }),
        quote!(name: "p", model: m, budget: { max_turns: 3, max_duration: "1m", max_tokens: None }, tools: [echo], on_error: { echo => { execution_error => retry(2) } }),
        quote!(name: "p", model: m, tools: [w], on_error: { w => { execution_error => retry(max_attempts = 2, backoff = exponential()) } }),
    ] {
        let tokens = expand_with(input, Private::agents);
        if let Err(e) = syn::parse2::<syn::Expr>(tokens.clone()) {
            panic!("{e}: {tokens}");
        }
        assert!(!tokens.to_string().contains("backoff ="), "{tokens}");
    }
}

#[test]
fn regenerate_and_constrained_expand_to_the_runtime() {
    let out = pretty(quote! {
        name: "units",
        model: m,
        tools: [convert],
        constrained: true,
        on_error: { defaults => {
            invalid_args => regenerate(),
            deserialization_error => regenerate().or(escalate()),
        } },
    });
    assert!(out.contains(".constrained(true)"), "{out}");
    assert_eq!(
        out.matches("::agents::__private::regenerate()").count(),
        2,
        "{out}"
    );
    assert!(
        out.contains("::agents::__private::escalate_error()"),
        "{out}"
    );
    assert!(errors(quote! { name: "u", model: m, tools: [t], constrained: true }).is_empty());
}

#[test]
fn unknown_tool_belongs_to_defaults() {
    let errs = errors(quote! {
        name: "a",
        model: m,
        tools: [read_file],
        on_error: {
            defaults => { unknown_tool => regenerate(), unknown_tol => escalate() },
            read_file => { unknown_tool => regenerate() },
        },
    });
    assert_eq!(errs.len(), 2, "{errs:#?}");
    assert_eq!(
        errs[0],
        "unknown error kind `unknown_tol` (did you mean `unknown_tool`?); expected one of `invalid_args`, `deserialization_error`, `execution_error`, `unknown_tool` or `answer_error`"
    );
    assert!(
        errs[1].starts_with("`unknown_tool` is handled under `defaults` only"),
        "{}",
        errs[1]
    );
}

#[test]
fn answer_error_belongs_to_defaults() {
    let errs = errors(quote! {
        name: "a",
        model: m,
        tools: [read_file],
        on_error: {
            defaults => { answer_error => fix(f).or(regenerate()), answer_eror => throw("no") },
            read_file => { answer_error => regenerate() },
        },
    });
    assert_eq!(errs.len(), 2, "{errs:#?}");
    assert!(
        errs[0].starts_with("unknown error kind `answer_eror` (did you mean `answer_error`?)"),
        "{}",
        errs[0]
    );
    assert_eq!(
        errs[1],
        "`answer_error` is handled under `defaults` only: the final answer belongs to no tool; move it to `defaults => { answer_error => .. }`"
    );
}

#[test]
fn recovery_expands_to_the_builder_method() {
    let out = pretty(quote! { name: "u", model: m, tools: [t], recovery: Recovery::SMALL_MODEL });
    assert!(out.contains(".recovery(Recovery::SMALL_MODEL)"), "{out}");
}

#[test]
fn echo_check_expands_to_the_builder_method() {
    let out = pretty(quote! { name: "u", model: m, tools: [t], echo_check: false });
    assert!(out.contains(".echo_check(false)"), "{out}");
}

#[test]
fn ask_values_is_a_key_and_a_step() {
    let out = pretty(quote! {
        name: "u", model: m, tools: [t], ask_values: false,
        on_error: { defaults => { deserialization_error => ask_values().or(escalate()) } },
    });
    assert!(out.contains(".ask_values(false)"), "{out}");
    assert!(out.contains("::agents::__private::ask_values()"), "{out}");
}
