//! AFL target `api`: see [`motley_fuzz_checks::api`].

fn main() {
    afl::fuzz!(|data: &[u8]| {
        motley_fuzz_checks::api(data);
    });
}
