//! AFL target `moves`: see [`motley_fuzz::moves`].

fn main() {
    afl::fuzz!(|data: &[u8]| {
        motley_fuzz::moves(data);
    });
}
