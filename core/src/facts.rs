//! [`Fact`]: a small, dependency-free structured value that a variant uses to
//! describe a position (its board, reserves, clocks, pending events…) for
//! machine readers. The CLI turns facts into JSON; with the `serde` feature a
//! `Fact` serialises directly (maps keep their key order).
//!
//! ```
//! use motley_core::Fact;
//! let halo = Fact::piece("e4", "pawn", "team", "green", &["halo"]);
//! let facts = Fact::map([("board", Fact::list([halo])), ("passes", Fact::from(0u8)), ("pending", Fact::Null)]);
//! assert_eq!(facts.get("passes"), Some(&Fact::Int(0)));
//! assert_eq!(
//!     facts.get("board").and_then(|b| b.as_list()).and_then(|b| b[0].get("marks")),
//!     Some(&Fact::list([Fact::from("halo")]))
//! );
//! ```

use std::borrow::Cow;

/// A structured value: JSON's data model, with maps that keep their order.
#[derive(Clone, PartialEq, Debug, Default)]
pub enum Fact {
    /// Nothing (no en-passant square, no pending engagement…).
    #[default]
    Null,
    /// A yes/no.
    Bool(bool),
    /// A whole number (plies, counts, clocks).
    Int(i64),
    /// A real number (probabilities).
    Float(f64),
    /// A name or square (`"e4"`, `"navy"`, `"white"`).
    Str(Cow<'static, str>),
    /// An ordered list.
    List(Vec<Fact>),
    /// Keys and values in order (keys are unique by convention).
    Map(Vec<(Cow<'static, str>, Fact)>),
}

impl Fact {
    /// A map from `(key, value)` pairs, in the given order.
    #[must_use]
    pub fn map<K: Into<Cow<'static, str>>>(entries: impl IntoIterator<Item = (K, Fact)>) -> Fact {
        Fact::Map(entries.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// A list of anything convertible to a fact.
    #[must_use]
    pub fn list<T: Into<Fact>>(items: impl IntoIterator<Item = T>) -> Fact {
        Fact::List(items.into_iter().map(Into::into).collect())
    }

    /// A string fact from anything printable (a square, a colour…).
    #[must_use]
    pub fn text(value: impl core::fmt::Display) -> Fact {
        Fact::Str(Cow::Owned(value.to_string()))
    }

    /// One entry of a `board` list, the same shape in every variant:
    /// `{"square": "e4", "role": "pawn", <army_key>: "green", "marks": […]}`
    /// where `army_key` is what the variant calls a side (`"colour"`,
    /// `"team"`) and `marks` lists extra states (`"halo"`, `"promoted"`).
    #[must_use]
    pub fn piece(
        square: impl core::fmt::Display,
        role: &'static str,
        army_key: &'static str,
        army: &'static str,
        marks: &[&'static str],
    ) -> Fact {
        Fact::map([
            ("square", Fact::text(square)),
            ("role", Fact::from(role)),
            (army_key, Fact::from(army)),
            ("marks", Fact::list(marks.iter().copied())),
        ])
    }

    /// The value under `key` of a map (`None` for other facts or a missing key).
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Fact> {
        match self {
            Fact::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The items of a list.
    #[must_use]
    pub fn as_list(&self) -> Option<&[Fact]> {
        match self {
            Fact::List(items) => Some(items),
            _ => None,
        }
    }
}

impl From<bool> for Fact {
    fn from(v: bool) -> Fact {
        Fact::Bool(v)
    }
}

macro_rules! int_facts {
    ($($t:ty),*) => {$(
        impl From<$t> for Fact {
            fn from(v: $t) -> Fact {
                Fact::Int(i64::from(v))
            }
        }
    )*};
}
int_facts!(u8, u16, u32, i8, i16, i32, i64);

impl From<usize> for Fact {
    fn from(v: usize) -> Fact {
        Fact::Int(i64::try_from(v).unwrap_or(i64::MAX))
    }
}

impl From<u64> for Fact {
    fn from(v: u64) -> Fact {
        Fact::Int(i64::try_from(v).unwrap_or(i64::MAX))
    }
}

impl From<f64> for Fact {
    fn from(v: f64) -> Fact {
        Fact::Float(v)
    }
}

impl From<&'static str> for Fact {
    fn from(v: &'static str) -> Fact {
        Fact::Str(Cow::Borrowed(v))
    }
}

impl From<String> for Fact {
    fn from(v: String) -> Fact {
        Fact::Str(Cow::Owned(v))
    }
}

impl<T: Into<Fact>> From<Option<T>> for Fact {
    fn from(v: Option<T>) -> Fact {
        v.map_or(Fact::Null, Into::into)
    }
}

impl<T: Into<Fact>> From<Vec<T>> for Fact {
    fn from(v: Vec<T>) -> Fact {
        Fact::list(v)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Fact {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Fact::Null => s.serialize_unit(),
            Fact::Bool(b) => s.serialize_bool(*b),
            Fact::Int(n) => s.serialize_i64(*n),
            Fact::Float(x) => s.serialize_f64(*x),
            Fact::Str(t) => s.serialize_str(t),
            Fact::List(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Fact::Map(entries) => {
                let mut map = s.serialize_map(Some(entries.len()))?;
                for (k, v) in entries {
                    map.serialize_entry(k.as_ref(), v)?;
                }
                map.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_keep_the_kind() {
        assert_eq!(Fact::from(Some(3u32)), Fact::Int(3));
        assert_eq!(Fact::from(None::<u32>), Fact::Null);
        assert_eq!(Fact::from(u64::MAX), Fact::Int(i64::MAX));
        assert_eq!(Fact::from(vec!["a", "b"]), Fact::List(vec![Fact::from("a"), Fact::from("b")]));
        assert_eq!(Fact::text(12), Fact::Str(Cow::Owned("12".into())));
    }

    #[test]
    fn maps_keep_their_order_and_answer_get() {
        let m = Fact::map([("z", Fact::from(1u8)), ("a", Fact::Null)]);
        let Fact::Map(entries) = &m else { panic!("a map") };
        assert_eq!(entries.iter().map(|(k, _)| k.as_ref()).collect::<Vec<_>>(), ["z", "a"]);
        assert_eq!(m.get("a"), Some(&Fact::Null));
        assert_eq!(m.get("b"), None);
        assert_eq!(Fact::Null.get("a"), None);
        assert_eq!(Fact::Null.as_list(), None);
    }
}
