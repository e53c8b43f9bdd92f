//! AFL target `record`: see [`motley_fuzz_checks::record`].

fn main() {
    afl::fuzz!(|data: &[u8]| {
        motley_fuzz_checks::record(data);
    });
}
