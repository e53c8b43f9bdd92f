//! Zobrist hashing keys from a fixed-seed generator (SplitMix64), computed at
//! compile time, so that hashes are identical across runs and machines.

/// One step of SplitMix64: returns the next state and the output.
#[must_use]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` pseudo-random keys from `seed`, usable to build a `static` table.
///
/// ```
/// use motley_core::zobrist::zobrist_keys;
/// static KEYS: [u64; 4] = zobrist_keys::<4>(7);
/// assert_eq!(KEYS, zobrist_keys::<4>(7));
/// assert_ne!(KEYS[0], KEYS[1]);
/// // Stable across machines and releases: this value is part of the contract.
/// assert_eq!(zobrist_keys::<1>(0)[0], 0xE220_A839_7B1D_CDAF);
/// ```
#[must_use]
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, out) = splitmix64(state);
        state = s;
        keys[i] = out;
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let keys = zobrist_keys::<4096>(0x4D4F_544C_4559);
        let mut sorted = keys.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), keys.len());
    }
}
