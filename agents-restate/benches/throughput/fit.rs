//! Per-run and per-step cost apart: a least-squares line through (steps, CPU per run) over the
//! run lengths measured, `cpu = per_run + steps × per_step`.

/// A line fitted to points: `y = intercept + slope × x`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    /// What a run costs whatever its length (submission, invocations, the fixed entries).
    pub intercept: f64,
    /// What one more step costs.
    pub slope: f64,
}

/// The least-squares line through `points` (`None` with fewer than two distinct `x`).
pub fn least_squares(points: &[(f64, f64)]) -> Option<Line> {
    let n = points.len() as f64;
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    if sxx.is_nan() || sxx <= 0.0 {
        return None;
    }
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    let slope = sxy / sxx;
    Some(Line {
        intercept: mean_y - slope * mean_x,
        slope,
    })
}

/// The median, the smallest and the largest of `values` (`None` when empty).
pub fn spread(values: &[f64]) -> Option<(f64, f64, f64)> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    if sorted.is_empty() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    let median = if sorted.len().is_multiple_of(2) {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    } else {
        sorted[mid]
    };
    Some((median, sorted[0], sorted[sorted.len() - 1]))
}

/// Checked when the bench starts (a bench has no test harness): an exact line is found again,
/// and the spread of a few values is what it says.
pub fn self_check() {
    let line = least_squares(&[(3.0, 700.0), (7.0, 1500.0), (13.0, 2700.0)]).expect("a line");
    assert!((line.slope - 200.0).abs() < 1e-9 && (line.intercept - 100.0).abs() < 1e-9);
    assert_eq!(least_squares(&[(3.0, 1.0), (3.0, 2.0)]), None);
    assert_eq!(spread(&[3.0, 1.0, 2.0, 10.0]), Some((2.5, 1.0, 10.0)));
}
