//! Collecting errors instead of stopping at the first, and "did you mean" suggestions.
//!
//! Every check pushes a spanned [`syn::Error`] into [`Errors`]; the expansion reports them all at
//! once, next to a placeholder of the right type, so that each mistake gives exactly one error.

use std::fmt::Display;

use proc_macro2::Span;
use quote::ToTokens;

/// An accumulator of spanned errors.
#[derive(Default)]
pub(crate) struct Errors {
    combined: Option<syn::Error>,
}

impl Errors {
    /// Records `error`.
    pub(crate) fn push(&mut self, error: syn::Error) {
        match &mut self.combined {
            Some(all) => all.combine(error),
            None => self.combined = Some(error),
        }
    }

    /// Records `message` on the tokens of `at`.
    pub(crate) fn at(&mut self, at: impl ToTokens, message: impl Display) {
        self.push(syn::Error::new_spanned(at, message));
    }

    /// Records `message` at `span`.
    pub(crate) fn span(&mut self, span: Span, message: impl Display) {
        self.push(syn::Error::new(span, message));
    }

    /// Whether nothing was recorded.
    pub(crate) fn is_empty(&self) -> bool {
        self.combined.is_none()
    }

    /// `Ok` if nothing was recorded, else every error combined.
    pub(crate) fn finish(self) -> syn::Result<()> {
        match self.combined {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// The named options of one attribute or invocation, checked as they are read: each must be one
/// of `known`, and given at most once.
pub(crate) struct Keys<'k> {
    known: &'k [&'k str],
    seen: Vec<String>,
}

impl<'k> Keys<'k> {
    /// No key read yet.
    pub(crate) fn new(known: &'k [&'k str]) -> Self {
        Keys {
            known,
            seen: Vec::new(),
        }
    }

    /// Whether `key` (written at `at`) is known and not given before; if not, the error is
    /// recorded. `what` is the key as an unknown-key message names it, e.g. ``key `nmae` in
    /// `agent!` ``.
    pub(crate) fn accept(
        &mut self,
        errors: &mut Errors,
        at: impl ToTokens,
        key: &str,
        what: impl Display,
    ) -> bool {
        if !self.known.contains(&key) {
            errors.at(at, unknown(what, key, self.known));
            return false;
        }
        if self.given(key) {
            errors.at(at, format!("`{key}` is given twice"));
            return false;
        }
        self.seen.push(key.to_owned());
        true
    }

    /// Whether `key` was accepted.
    pub(crate) fn given(&self, key: &str) -> bool {
        self.seen.iter().any(|k| k == key)
    }
}

/// ``unknown <what> (did you mean `x`?); expected one of `a`, `b` or `c` ``, for a `key` that is
/// not one of `known`.
pub(crate) fn unknown(what: impl Display, key: &str, known: &[&str]) -> String {
    format!(
        "unknown {what}{}; expected one of {}",
        did_you_mean(key, known.iter().copied()),
        one_of(known.iter().copied())
    )
}

/// The candidate closest to `name`, if it is close enough to be a likely typo.
pub(crate) fn closest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// `` (did you mean `x`?)`` or nothing.
pub(crate) fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> String {
    closest(name, candidates)
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default()
}

/// `` `a`, `b` or `c` ``.
pub(crate) fn one_of<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| format!("`{i}`")).collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Optimal-string-alignment distance: edits, with a swap of two neighbours counting as one.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        let kinds = ["invalid_args", "deserialization_error", "execution_error"];
        assert_eq!(closest("execution_eror", kinds), Some("execution_error"));
        assert_eq!(closest("invalid_arg", kinds), Some("invalid_args"));
        assert_eq!(closest("timeout", kinds), None);
        assert_eq!(closest("nmae", ["name", "crate"]), Some("name"));
        assert_eq!(one_of(["a", "b", "c"]), "`a`, `b` or `c`");
        assert_eq!(one_of(["a"]), "`a`");
    }
}
