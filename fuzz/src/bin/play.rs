//! AFL target `play`: see [`motley_fuzz_checks::play`].

fn main() {
    afl::fuzz!(|data: &[u8]| {
        motley_fuzz_checks::play(data);
    });
}
