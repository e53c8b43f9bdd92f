//! AFL target `play`: see [`motley_fuzz::play`].

fn main() {
    afl::fuzz!(|data: &[u8]| {
        motley_fuzz::play(data);
    });
}
