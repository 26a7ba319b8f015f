//! Numbers as JSON Schema compares them: exactly where both sides are integers (`u64`/`i64`,
//! compared as `i128`), as `f64` otherwise; `1` and `1.0` are the same number.

use std::cmp::Ordering;

use serde_json::{Number, Value};

/// The exact integer `n` holds, if it holds one as `u64` or `i64`.
fn exact(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

/// Whether `n` is an integer: `3`, and `3.0` too.
pub(super) fn is_integer(n: &Number) -> bool {
    exact(n).is_some()
        || n.as_f64()
            .is_some_and(|f| f.is_finite() && f.fract() == 0.0)
}

/// How `a` compares to `b`; `None` only where a float is not comparable (never from parsed
/// JSON, which has no NaN).
pub(super) fn compare(a: &Number, b: &Number) -> Option<Ordering> {
    match (exact(a), exact(b)) {
        (Some(a), Some(b)) => Some(a.cmp(&b)),
        _ => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

/// Whether `n` is a multiple of `m` (`m` > 0, checked at compile): exact for two integers; for
/// floats, `n / m` within a relative 1e-9 of an integer, so that `0.3` is a multiple of `0.1`
/// although neither is exact in binary.
pub(super) fn is_multiple(n: &Number, m: &Number) -> bool {
    if let (Some(n), Some(m)) = (exact(n), exact(m)) {
        return m != 0 && n % m == 0;
    }
    let (Some(n), Some(m)) = (n.as_f64(), m.as_f64()) else {
        return false;
    };
    let q = n / m;
    if !q.is_finite() {
        // Past f64's range (`1e308` of `0.5`): the exact remainder decides.
        return n % m == 0.0;
    }
    if q.fract() == 0.0 {
        return true;
    }
    (q - q.round()).abs() <= 1e-9 * q.abs().max(1.0)
}

/// A hash of `v` that [`equal`] values share: a number by its `f64` value (`1`, `1.0` and
/// `-0.0`/`0` alike; integers past 2^53 that `equal` tells apart may share one, which only costs
/// a comparison), an object by its members in any order. Not the loop guards' canonical hash
/// (`runner/guards/call_key.rs`): that one tells `1` from `1.0`, as a call written differently
/// is another call; JSON Schema's equality does not.
pub(super) fn hash(v: &Value) -> u64 {
    use std::hash::{Hash, Hasher};
    fn feed(v: &Value, h: &mut std::hash::DefaultHasher) {
        match v {
            Value::Null => 0u8.hash(h),
            Value::Bool(b) => (1u8, b).hash(h),
            Value::Number(n) => {
                let f = n.as_f64().unwrap_or(0.0);
                (2u8, if f == 0.0 { 0 } else { f.to_bits() }).hash(h);
            }
            Value::String(s) => (3u8, s).hash(h),
            Value::Array(a) => {
                (4u8, a.len()).hash(h);
                a.iter().for_each(|x| feed(x, h));
            }
            Value::Object(m) => {
                // Members in any order: their hashes summed.
                let sum = m.iter().fold(0u64, |acc, (k, x)| {
                    let mut one = std::hash::DefaultHasher::new();
                    k.hash(&mut one);
                    feed(x, &mut one);
                    acc.wrapping_add(one.finish())
                });
                (5u8, m.len(), sum).hash(h);
            }
        }
    }
    let mut h = std::hash::DefaultHasher::new();
    feed(v, &mut h);
    h.finish()
}

/// JSON equality: numbers by value (`1` equals `1.0`), objects by their members in any order.
pub(super) fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(a), Value::Number(b)) => compare(a, b) == Some(Ordering::Equal),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| equal(a, b))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| equal(v, w)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn n(v: Value) -> Number {
        match v {
            Value::Number(n) => n,
            other => panic!("{other}"),
        }
    }

    #[test]
    fn integers_compare_exactly_beyond_f64() {
        // Both round to the same f64; as integers they differ.
        let a = n(json!(9007199254740993_u64));
        let b = n(json!(9007199254740992_u64));
        assert_eq!(compare(&a, &b), Some(Ordering::Greater));
        assert_eq!(
            compare(&n(json!(-1)), &n(json!(u64::MAX))),
            Some(Ordering::Less)
        );
        assert_eq!(
            compare(&n(json!(1.5)), &n(json!(1))),
            Some(Ordering::Greater)
        );
    }

    #[test]
    fn multiples() {
        assert!(is_multiple(&n(json!(9007199254740993_u64)), &n(json!(3))));
        assert!(!is_multiple(&n(json!(9007199254740993_u64)), &n(json!(2))));
        assert!(is_multiple(&n(json!(0.3)), &n(json!(0.1))));
        assert!(is_multiple(&n(json!(7.5)), &n(json!(2.5))));
        assert!(!is_multiple(&n(json!(7.4)), &n(json!(2.5))));
        assert!(is_multiple(&n(json!(1e308)), &n(json!(0.5))));
        assert!(!is_multiple(&n(json!(1e308)), &n(json!(3e-308))));
        assert!(is_multiple(&n(json!(4.0)), &n(json!(2))));
        assert!(is_integer(&n(json!(4.0))) && !is_integer(&n(json!(4.5))));
    }

    #[test]
    fn equality_is_by_value() {
        assert!(equal(&json!([1, {"a": 2.0}]), &json!([1.0, {"a": 2}])));
        assert!(!equal(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
        assert!(!equal(&json!("1"), &json!(1)));
    }
}
