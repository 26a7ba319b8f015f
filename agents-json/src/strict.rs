//! The strict parse of valid JSON, which also tells whether the text may hold an integer
//! beyond 64 bits. Repair's strict path and [`parse_strict`](crate::parse_strict) both parse
//! through it: one instance of serde_json's parser in this crate, which LLVM inlines into
//! itself as it does `serde_json::from_str::<Value>`'s (with two instances, the pieces they
//! share were left out of line in both: +2.6% on a large document).
//!
//! serde_json reads an integer that neither `u64` nor `i64` holds as the nearest `f64` and
//! hands it to the visitor as one. Watching serde_json's own `Value` visitor for an `f64` that
//! large (2^63 or more in magnitude) tells, at no extra pass over the text, whether the
//! text needs reading again for such an integer's digits; a float written with a fraction or
//! an exponent (`1e30`) raises the same flag, and the re-read
//! ([`in_valid_json`](super::exact::in_valid_json)) then finds nothing. A skip-scan of the text
//! instead (one probe every 19 bytes) cost about 0.5% of the strict parse on every document.
//!
//! The wrappers below pass every call through to serde_json unchanged; they only see the
//! numbers on the way. Built with `arbitrary_precision` (which some other crate of a user's
//! build may turn on), serde_json hands numbers over as text and no `f64` arrives: then the
//! value holds every integer exactly, and nothing needs recording.

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::cell::Cell;
use std::fmt;

/// `text` parsed as one JSON value, as `serde_json::from_str` does, and whether an `f64` of a
/// magnitude no 64-bit integer reaches came out of it (the sign that an integer beyond 64 bits
/// may be in the text).
#[inline]
pub(crate) fn parse(text: &str) -> serde_json::Result<(Value, bool)> {
    LARGE.set(false);
    let mut de = serde_json::Deserializer::from_str(text);
    let value = de::Deserialize::deserialize(Watch { de: &mut de })?;
    de.end()?;
    Ok((value, LARGE.replace(false)))
}

thread_local! {
    /// Set when the parse running on this thread produced a large `f64`. A thread-local rather
    /// than a pointer carried by the wrappers: they stay empty, and the parser's recursion
    /// passes nothing more than `serde_json::from_str`'s does (a pointer carried down cost
    /// 160 K instructions a pass of a 330 KB document, 0.6%). A parse never starts inside
    /// another on one thread, and this one is reset before and after.
    static LARGE: Cell<bool> = const { Cell::new(false) };
}

/// Whether an `f64` the parser produced is as large as an integer beyond 64 bits becomes: 2^63
/// or more in magnitude (`-2^63 - 1` rounds to `-2^63`; `u64::MAX + 1` is `2^64`). Compared
/// as bits, the sign shifted out: two instructions on the parser's path for every float, which
/// two float compares took more than (and moved a register copy onto every value's path).
#[inline(always)]
fn beyond_64_bits(x: f64) -> bool {
    const TWO_63_SHIFTED: u64 = 0x43E0_0000_0000_0000 << 1;
    x.to_bits() << 1 >= TWO_63_SHIFTED
}

/// A deserializer whose `deserialize_any` (the one `Value` calls) watches the visitor.
struct Watch<D> {
    de: D,
}

/// Forwards `deserialize_*` methods that `Value` does not call to the inner deserializer as
/// they are.
macro_rules! forward {
    ($($method:ident)*) => {$(
        #[inline(always)]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.de.$method(visitor)
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Watch<D> {
    type Error = D::Error;

    // Out of line: the recursion's root, as `Value::deserialize` is in `from_str::<Value>`
    // (with one codegen unit; the default build keeps serde_json's pieces apart from it).
    #[inline(never)]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.de.deserialize_any(Watched { visitor })
    }

    forward! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char deserialize_str
        deserialize_string deserialize_bytes deserialize_byte_buf deserialize_option
        deserialize_unit deserialize_seq deserialize_map deserialize_identifier
        deserialize_ignored_any
    }

    #[inline(always)]
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_unit_struct(name, visitor)
    }

    #[inline(always)]
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_newtype_struct(name, visitor)
    }

    #[inline(always)]
    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_tuple(len, visitor)
    }

    #[inline(always)]
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_tuple_struct(name, len, visitor)
    }

    #[inline(always)]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_struct(name, fields, visitor)
    }

    #[inline(always)]
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_enum(name, variants, visitor)
    }

    fn is_human_readable(&self) -> bool {
        self.de.is_human_readable()
    }
}

/// A visitor passing every call to `visitor`, noting a large `f64` and watching the elements
/// of arrays and the values of objects in turn.
struct Watched<V> {
    visitor: V,
}

/// Forwards `visit_*` methods taking a plain value.
macro_rules! pass {
    ($($method:ident($ty:ty))*) => {$(
        #[inline(always)]
        fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            self.visitor.$method(v)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Watched<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    #[inline(always)]
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<V::Value, E> {
        if beyond_64_bits(v) {
            LARGE.set(true);
        }
        self.visitor.visit_f64(v)
    }

    pass! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64)
        visit_i128(i128) visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64)
        visit_u128(u128) visit_f32(f32) visit_char(char) visit_str(&str)
        visit_borrowed_str(&'de str) visit_string(String) visit_bytes(&[u8])
        visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    #[inline(always)]
    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_none()
    }

    #[inline(always)]
    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_unit()
    }

    #[inline(always)]
    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        self.visitor.visit_some(Watch { de })
    }

    #[inline(always)]
    fn visit_newtype_struct<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        self.visitor.visit_newtype_struct(Watch { de })
    }

    #[inline(always)]
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_seq(WatchedSeq { seq })
    }

    #[inline(always)]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_map(WatchedMap { map })
    }

    #[inline(always)]
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_enum(data)
    }
}

/// An array's elements, each deserialized through [`Watch`].
struct WatchedSeq<A> {
    seq: A,
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for WatchedSeq<A> {
    type Error = A::Error;

    #[inline(always)]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.seq.next_element_seed(WatchedSeed { seed })
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

/// An object's members: keys as they are (strings), values through [`Watch`].
struct WatchedMap<A> {
    map: A,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for WatchedMap<A> {
    type Error = A::Error;

    #[inline(always)]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.map.next_key_seed(seed)
    }

    #[inline(always)]
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.map.next_value_seed(WatchedSeed { seed })
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

/// A seed whose deserializer is wrapped in [`Watch`].
struct WatchedSeed<S> {
    seed: S,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for WatchedSeed<S> {
    type Value = S::Value;

    #[inline(always)]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        self.seed.deserialize(Watch { de })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_is_what_serde_json_parses() {
        for text in [
            r#"{"a": [1, -2, 2.5, "x", true, null, {}], "b": {"c": [[]]}, "a": 3}"#,
            "[18446744073709551615, -9223372036854775808, -0, 1e300, \"\\u00e9\"]",
            "\"text\"",
            " 42 ",
            "[1, 2",
            "{\"a\": 1} x",
            "[1e999]",
        ] {
            let ours = parse(text).ok().map(|(v, _)| v);
            assert_eq!(ours, serde_json::from_str::<Value>(text).ok(), "{text}");
        }
    }

    #[test]
    fn large_floats_are_flagged_wherever_they_sit() {
        let flagged = |text: &str| parse(text).expect(text).1;
        for text in [
            "18446744073709551616",
            "-9223372036854775809",
            "[1, [2, -98765432109876543210]]",
            r#"{"a": {"b": [{"c": 123456789012345678901234567890}]}}"#,
            r#"{"a": 1, "z": 1e30}"#,
            "[9.3e18, -9.3e18]",
        ] {
            assert!(flagged(text), "{text}");
        }
        for text in [
            "18446744073709551615",
            "-9223372036854775808",
            r#"{"a": [0.875, -1.5e18, 9.2e18, -9.2e18, "123456789012345678901234567890"]}"#,
            "[]",
        ] {
            assert!(!flagged(text), "{text}");
        }
    }
}
