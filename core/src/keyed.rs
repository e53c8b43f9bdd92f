//! Keyed containers: [`ByKey`] (one value per key, e.g. per colour or role)
//! and [`KeySet`] (a small set of keys, e.g. the colours a seat controls or
//! the piece kinds on a bench).

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

/// Declares a fieldless enum whose variants are the keys `0..N` in
/// declaration order, with what every such enum of the variants has: the
/// derives `Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug`, the
/// constant `ALL` (every variant in index order), the `const` methods
/// `index` and `from_index`, and [`Key`]. The attributes and doc comments
/// of the enum and its variants are kept.
///
/// ```
/// motley_core::key_enum! {
///     /// A side.
///     pub enum Side {
///         /// The first.
///         A,
///         /// The second.
///         B,
///     }
/// }
/// assert_eq!(Side::ALL, [Side::A, Side::B]);
/// assert_eq!(Side::B.index(), 1);
/// assert_eq!((Side::from_index(1), Side::from_index(2)), (Some(Side::B), None));
/// assert_eq!(<Side as motley_core::Key>::COUNT, 2);
/// ```
#[macro_export]
macro_rules! key_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident ),+ $(,)?
        }
    ) => {
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            #[doc = concat!("Every `", stringify!($name), "`, in index order.")]
            pub const ALL: [$name; [$($name::$variant),+].len()] = [$($name::$variant),+];

            #[doc = concat!("The index in [`", stringify!($name), "::ALL`].")]
            #[inline]
            #[must_use]
            pub const fn index(self) -> usize {
                self as usize
            }

            #[doc = concat!("The `", stringify!($name), "` with index `i` in [`", stringify!($name), "::ALL`], if any.")]
            #[inline]
            #[must_use]
            pub const fn from_index(i: usize) -> Option<$name> {
                if i < $name::ALL.len() { Some($name::ALL[i]) } else { None }
            }
        }

        impl $crate::Key for $name {
            const COUNT: usize = $name::ALL.len();
            #[inline]
            fn index(self) -> usize {
                $name::index(self)
            }
            fn from_index(i: usize) -> Option<Self> {
                $name::from_index(i)
            }
        }
    };
}

/// A small enum usable as an array index: colours, roles, seats.
pub trait Key: Copy + Eq + fmt::Debug + 'static {
    /// How many keys exist.
    const COUNT: usize;
    /// This key's index in `0..COUNT`.
    fn index(self) -> usize;
    /// The key with index `i`, if any.
    fn from_index(i: usize) -> Option<Self>;
}

/// One `T` per key `K`; `N` must equal `K::COUNT`.
///
/// ```
/// use motley_core::{ByKey, Key};
/// #[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// enum Side { A, B }
/// impl Key for Side {
///     const COUNT: usize = 2;
///     fn index(self) -> usize { self as usize }
///     fn from_index(i: usize) -> Option<Self> { [Side::A, Side::B].get(i).copied() }
/// }
/// let mut score: ByKey<Side, i32, 2> = ByKey::default();
/// score[Side::B] += 3;
/// assert_eq!(score.iter().map(|(k, v)| (k, *v)).collect::<Vec<_>>(), vec![(Side::A, 0), (Side::B, 3)]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByKey<K, T, const N: usize>(pub [T; N], PhantomData<fn() -> K>);

impl<K: Key, T, const N: usize> ByKey<K, T, N> {
    /// Wraps an array indexed by `K::index`.
    #[must_use]
    pub const fn from_array(values: [T; N]) -> Self {
        ByKey(values, PhantomData)
    }

    /// Builds the container by calling `f` for each key.
    pub fn from_fn(mut f: impl FnMut(K) -> T) -> Self {
        ByKey(core::array::from_fn(|i| f(K::from_index(i).expect("N must equal K::COUNT"))), PhantomData)
    }

    /// Iterates `(key, &value)` in key order.
    pub fn iter(&self) -> impl Iterator<Item = (K, &T)> {
        self.0.iter().enumerate().filter_map(|(i, v)| K::from_index(i).map(|k| (k, v)))
    }

    /// Applies `f` to every value.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByKey<K, U, N> {
        ByKey(self.0.map(&mut f), PhantomData)
    }
}

impl<K, T: Default, const N: usize> Default for ByKey<K, T, N> {
    fn default() -> Self {
        ByKey(core::array::from_fn(|_| T::default()), PhantomData)
    }
}

impl<K: Key, T, const N: usize> Index<K> for ByKey<K, T, N> {
    type Output = T;
    #[inline]
    fn index(&self, k: K) -> &T {
        &self.0[k.index()]
    }
}

impl<K: Key, T, const N: usize> IndexMut<K> for ByKey<K, T, N> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut T {
        &mut self.0[k.index()]
    }
}

impl<K: Key, T: fmt::Debug, const N: usize> fmt::Debug for ByKey<K, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// A set of keys of a domain of at most 64 (a bitmask).
///
/// ```
/// use motley_core::{Key, KeySet};
/// #[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// enum C { Red, Green, Blue }
/// impl Key for C {
///     const COUNT: usize = 3;
///     fn index(self) -> usize { self as usize }
///     fn from_index(i: usize) -> Option<Self> { [C::Red, C::Green, C::Blue].get(i).copied() }
/// }
/// let s = KeySet::EMPTY.with(C::Blue).with(C::Red);
/// assert!(s.contains(C::Red) && !s.contains(C::Green));
/// assert_eq!(s.iter().collect::<Vec<_>>(), vec![C::Red, C::Blue]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct KeySet<K>(u64, PhantomData<fn() -> K>);

impl<K: Key> KeySet<K> {
    /// The empty set.
    pub const EMPTY: Self = KeySet(0, PhantomData);

    /// Every key.
    #[must_use]
    pub fn full() -> Self {
        KeySet(if K::COUNT >= 64 { u64::MAX } else { (1 << K::COUNT) - 1 }, PhantomData)
    }

    /// The raw mask (bit `k.index()`).
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// A copy with `k` added.
    #[must_use]
    pub fn with(self, k: K) -> Self {
        KeySet(self.0 | 1 << k.index(), PhantomData)
    }

    /// A copy with `k` removed.
    #[must_use]
    pub fn without(self, k: K) -> Self {
        KeySet(self.0 & !(1 << k.index()), PhantomData)
    }

    /// Adds `k`.
    pub fn insert(&mut self, k: K) {
        *self = self.with(k);
    }

    /// Removes `k`.
    pub fn remove(&mut self, k: K) {
        *self = self.without(k);
    }

    /// Whether `k` is in the set.
    #[must_use]
    pub fn contains(self, k: K) -> bool {
        self.0 >> k.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of keys.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The keys in index order.
    pub fn iter(self) -> impl Iterator<Item = K> {
        let mut m = self.0;
        core::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            K::from_index(i)
        })
    }
}

impl<K: Key> FromIterator<K> for KeySet<K> {
    fn from_iter<I: IntoIterator<Item = K>>(iter: I) -> Self {
        iter.into_iter().fold(Self::EMPTY, KeySet::with)
    }
}

impl<K: Key> fmt::Debug for KeySet<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
