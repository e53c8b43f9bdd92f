//! AFL target `moves`: see [`motley_fuzz_checks::moves`].

fn main() {
    afl::fuzz!(|data: &[u8]| {
        motley_fuzz_checks::moves(data);
    });
}
