//! The statistics of the reports: shares with Wilson intervals, and the exact McNemar test of
//! two modes run on the same questions.

/// `k` of `n` as a percentage with one decimal (`-` when `n` is 0).
pub fn pct(k: usize, n: usize) -> String {
    if n == 0 {
        return "-".into();
    }
    format!("{:.1}%", 100.0 * k as f64 / n as f64)
}

/// The Wilson score interval (95%) of `k` successes in `n`, as fractions `(low, high)`.
pub fn wilson_bounds(k: usize, n: usize) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// The Wilson score interval (95%) of `k` successes in `n`, in percent (`12.9–30.1%`).
pub fn wilson(k: usize, n: usize) -> String {
    match wilson_bounds(k, n) {
        None => "-".into(),
        Some((low, high)) => format!("{:.1}–{:.1}%", 100.0 * low, 100.0 * high),
    }
}

/// The exact two-sided McNemar test (a sign test on the discordant pairs): the probability,
/// if neither mode were better, of a split at least as uneven as `only_a` against `only_b`.
///
/// ```
/// use agents_evals::stats::mcnemar_exact;
/// assert_eq!(mcnemar_exact(0, 0), 1.0);
/// assert!((mcnemar_exact(0, 6) - 0.03125).abs() < 1e-12);
/// ```
pub fn mcnemar_exact(only_a: usize, only_b: usize) -> f64 {
    let n = only_a + only_b;
    if n == 0 {
        return 1.0;
    }
    let k = only_a.min(only_b);
    // P(X <= k) for X ~ Binomial(n, 1/2), summed in log space (n may be in the hundreds).
    let ln_half_n = n as f64 * 0.5f64.ln();
    let mut ln_choose = 0.0f64;
    let mut tail = 0.0f64;
    for i in 0..=k {
        if i > 0 {
            ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        tail += (ln_choose + ln_half_n).exp();
    }
    (2.0 * tail).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_intervals() {
        assert_eq!(wilson(0, 26), "0.0–12.9%");
        assert_eq!(wilson(3, 26), "4.0–29.0%");
        assert_eq!(wilson(29, 128), "16.3–30.6%");
        assert_eq!(wilson(0, 0), "-");
    }

    #[test]
    fn mcnemar_is_the_two_sided_binomial_tail() {
        // 10 against 4 discordant pairs: 2 * P(X <= 4), X ~ B(14, 1/2) = 2 * 1471 / 16384.
        assert!((mcnemar_exact(10, 4) - 2.0 * 1471.0 / 16384.0).abs() < 1e-12);
        assert_eq!(mcnemar_exact(4, 10), mcnemar_exact(10, 4));
        assert_eq!(mcnemar_exact(5, 5), 1.0);
        // Large counts neither overflow nor underflow.
        let p = mcnemar_exact(0, 600);
        assert!(p > 0.0 && p < 1e-150, "{p}");
        assert!(mcnemar_exact(290, 310) > 0.4);
    }
}
