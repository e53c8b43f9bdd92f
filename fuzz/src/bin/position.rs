//! AFL target `position`: see [`motley_fuzz_checks::position`].

fn main() {
    afl::fuzz!(|data: &[u8]| {
        motley_fuzz_checks::position(data);
    });
}
