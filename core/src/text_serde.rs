//! [`serde_via_text!`](crate::serde_via_text!): the one way the variant crates serialise a type
//! that has a text form (positions, setups, moves): as that text, read back
//! with `FromStr`. Plain data types derive `Serialize`/`Deserialize` under
//! `cfg_attr(feature = "serde", …)` instead.

/// Implements `serde::Serialize` (the `Display` text) and
/// `serde::Deserialize` (parsed with `FromStr`, its error as the message)
/// for each type, when the invoking crate's `serde` feature is on (which
/// must turn on `motley-core/serde`).
///
/// ```ignore
/// motley_core::serde_via_text!(Joker, Move, Setup);
/// ```
#[macro_export]
macro_rules! serde_via_text {
    ($($ty:ty),+ $(,)?) => {$(
        #[cfg(feature = "serde")]
        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        #[cfg(feature = "serde")]
        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::text_serde::deserialize_text(d)
            }
        }
    )+};
}

/// Reads a value of `T` from a string through `FromStr` (used by
/// [`serde_via_text!`]).
///
/// # Errors
/// The deserialiser's error, or `T`'s parse error as a custom message.
#[cfg(feature = "serde")]
#[doc(hidden)]
pub fn deserialize_text<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: core::str::FromStr,
    T::Err: core::fmt::Display,
{
    struct Text<T>(core::marker::PhantomData<T>);
    impl<T: core::str::FromStr> serde::de::Visitor<'_> for Text<T>
    where
        T::Err: core::fmt::Display,
    {
        type Value = T;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a string in the variant's notation")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
            v.parse().map_err(E::custom)
        }
    }
    d.deserialize_str(Text(core::marker::PhantomData))
}
