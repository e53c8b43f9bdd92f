//! Optional `serde` support: positions, setups and moves serialise through
//! their text forms (a position deserialises under the default rules).

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Joker, Move, Setup};

struct TextVisitor<T>(PhantomData<T>);

impl<T: FromStr> Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Joker's Chess text form")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

macro_rules! via_text {
    ($($ty:ty),*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str(TextVisitor(PhantomData))
            }
        }
    )*};
}

via_text!(Joker, Move, Setup);
