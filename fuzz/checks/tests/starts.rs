//! The start positions of the `play` target hold what `fuzz/README.md`
//! promises (Sovereign with controlled armies and a defection to play,
//! Mage's with a pending engagement and halos, Joker with drops and en
//! passant), every one of them passes the target's checks, and the seeds in
//! `fuzz/seeds/play/` start from every one of them.

use motley_core::{Position, Seat};
use motley_fuzz_checks::{JOKER_STARTS, MAGES_STARTS, ROYALE_STARTS, SOVEREIGN_STARTS, play};
use motley_sovereign::{Color, Move as SovereignMove};
use std::path::Path;

fn parsed<P: Position>(list: &[&str]) -> Vec<P> {
    list.iter().map(|t| P::from_fen(t.trim()).unwrap_or_else(|e| panic!("{t}: {e}"))).collect()
}

/// The (variant byte, start index) pairs of the committed `play` seeds.
fn seed_starts() -> Vec<(u8, usize)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../seeds/play");
    let lens = [JOKER_STARTS.len(), MAGES_STARTS.len(), SOVEREIGN_STARTS.len(), ROYALE_STARTS.len()];
    std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| std::fs::read(e.expect("entry").path()).expect("seed"))
        .filter(|d| d.len() >= 2)
        .map(|d| (d[0] % 4, usize::from(d[1]) % lens[usize::from(d[0] % 4)]))
        .collect()
}

#[test]
fn seeds_start_from_every_start_position() {
    let seeds = seed_starts();
    let lists = [JOKER_STARTS, MAGES_STARTS, SOVEREIGN_STARTS, ROYALE_STARTS];
    for (variant, list) in (0u8..).zip(lists) {
        for (index, start) in list.iter().enumerate() {
            assert!(
                seeds.contains(&(variant, index)),
                "no play seed starts from variant {variant}'s start {index}: {}",
                start.trim()
            );
        }
    }
}

#[test]
fn every_start_passes_the_play_checks() {
    // An input of two bytes plays no ply: it runs all the checks on the start.
    let lists = [JOKER_STARTS, MAGES_STARTS, SOVEREIGN_STARTS, ROYALE_STARTS];
    for (variant, list) in (0u8..).zip(lists) {
        for index in 0..list.len() {
            play(&[variant, u8::try_from(index).expect("few starts")]);
        }
    }
}

/// Colours `seat` controls besides its own.
fn controlled<P>(pos: &P, seat: Seat, controller: impl Fn(&P, Color) -> Option<Seat>, own: Color) -> usize {
    Color::ALL.iter().filter(|&&c| c != own && controller(pos, c) == Some(seat)).count()
}

#[test]
fn sovereign_starts_have_controlled_armies_and_defections() {
    let starts = parsed::<motley_sovereign::Sovereign>(SOVEREIGN_STARTS);
    let armies = |p: &motley_sovereign::Sovereign| {
        (0..2).map(|s| controlled(p, Seat(s), |p, c| p.controller(c), p.owned(Seat(s)))).sum::<usize>()
    };
    let defections = |p: &motley_sovereign::Sovereign| {
        p.legal_moves().iter().filter(|m| matches!(m, SovereignMove::Defect { .. })).count()
    };
    assert_eq!(armies(&starts[0]), 0, "the start has no controlled armies");
    let with_armies = starts.iter().filter(|p| armies(p) > 0).count();
    assert!(with_armies >= 3, "only {with_armies} Sovereign starts with controlled armies");
    assert!(starts.iter().any(|p| defections(p) > 0), "no Sovereign start with a defection to play");
    // forced-defection.fen: the king is lost unless its player defects.
    let forced = starts.iter().find(|p| p.to_string().starts_with("bk15/")).expect("forced-defection");
    assert!(defections(forced) > 0, "forced-defection.fen: no defection among {:?}", forced.sorted_moves());
    let royale = parsed::<motley_sovereign::Royale>(ROYALE_STARTS);
    let chained = royale
        .iter()
        .filter(|p| (0..4).any(|s| controlled(*p, Seat(s), |p, c| p.controller(c), p.owned(Seat(s))) > 0))
        .count();
    assert!(chained >= 2, "only {chained} Royale starts with controlled armies");
}

#[test]
fn mages_starts_have_pending_engagements_and_halos() {
    let starts = parsed::<motley_mages::Mages>(MAGES_STARTS);
    let pending = starts.iter().filter(|p| p.pending().is_some()).count();
    let haloed = starts.iter().filter(|p| !p.board().halos().is_empty()).count();
    assert!(pending >= 3, "only {pending} Mage's starts with a pending engagement");
    assert!(haloed >= 2, "only {haloed} Mage's starts with halos");
    assert!(
        starts.iter().any(|p| p.pending().is_some() && !p.board().halos().is_empty()),
        "no Mage's start with both a pending engagement and a halo"
    );
}

#[test]
fn joker_starts_have_drops_and_en_passant() {
    let starts = parsed::<motley_joker::Joker>(JOKER_STARTS);
    let drops = starts
        .iter()
        .filter(|p| p.legal_moves().iter().any(|m| matches!(m, motley_joker::Move::Drop { .. })))
        .count();
    assert!(drops >= 2, "only {drops} Joker starts with a drop to play");
    assert!(
        starts.iter().any(|p| p.to_string().split(' ').nth(3).is_some_and(|ep| ep != "-")),
        "no Joker start with an en-passant square"
    );
}
