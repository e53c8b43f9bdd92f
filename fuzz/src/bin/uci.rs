//! AFL target `uci`: see [`motley_fuzz_checks::uci`].

fn main() {
    afl::fuzz!(|data: &[u8]| {
        motley_fuzz_checks::uci(data);
    });
}
