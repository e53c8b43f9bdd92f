//! AFL target `position`: see [`motley_fuzz::position`].

fn main() {
    afl::fuzz!(|data: &[u8]| {
        motley_fuzz::position(data);
    });
}
