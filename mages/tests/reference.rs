//! A slow, obviously-correct reference generator (mailbox walks over
//! coordinates, no square sets) checked against the fast generator and the
//! fast perft on seeded random positions.

use motley_core::{PerftMode, Position};
use motley_mages::{Board, Mages, Move, Piece, Resolution, Role, Rules, Setup, Square, SquareSet, Team};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn sq(file: i32, rank: i32) -> Option<Square> {
    if (0..6).contains(&file) && (0..8).contains(&rank) { Square::new((file + 6 * rank) as u8) } else { None }
}

fn far(team: Team) -> u8 {
    if team == Team::Green { 7 } else { 0 }
}

/// Every legal input, promotions expanded, by walking the board square by square.
fn reference_moves(pos: &Mages) -> Vec<Move> {
    let b = pos.board();
    let mut out = Vec::new();
    if pos.is_over() {
        return out;
    }
    if let Some(e) = pos.pending() {
        let c = b.piece_at(e.challenger).unwrap();
        let d = b.piece_at(e.defender).unwrap();
        let promos =
            |piece: Piece, to: Square| piece.role == Role::Pawn && to.rank().index() == far(piece.team);
        for (r, promo) in [
            (Resolution::Challenger, promos(c, e.defender)),
            (Resolution::Defender, promos(d, e.challenger)),
            (Resolution::Draw, false),
            (Resolution::Foul, false),
        ] {
            if promo {
                for p in [Role::Counselor, Role::Chariot, Role::Shaman] {
                    out.push(Move::Resolve { resolution: r, promotion: Some(p) });
                }
            } else {
                out.push(Move::resolve(r));
            }
        }
        return out;
    }
    let us = pos.side_to_move();
    for from in Square::all() {
        let Some(piece) = b.piece_at(from) else { continue };
        if piece.team != us {
            continue;
        }
        let (f, r) = (i32::from(from.file().index()), i32::from(from.rank().index()));
        let orth = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        let diag = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
        let mut targets = Vec::new();
        let mut ride = |dirs: &[(i32, i32)], max: i32| {
            for &(df, dr) in dirs {
                for k in 1..=max {
                    let Some(to) = sq(f + df * k, r + dr * k) else { break };
                    match b.piece_at(to) {
                        None => targets.push(to),
                        Some(p) if p.team != us => {
                            targets.push(to);
                            break;
                        }
                        Some(_) => break,
                    }
                }
            }
        };
        match piece.role {
            Role::Royal => {
                ride(&orth, 1);
                ride(&diag, 1);
            }
            Role::Counselor => {
                ride(&orth, 8);
                ride(&diag, 8);
            }
            Role::Chariot => ride(&diag, 8),
            Role::Shaman => ride(&orth, 8),
            Role::Pawn => {
                let fwd = if us == Team::Green { 1 } else { -1 };
                if let Some(to) = sq(f, r + fwd)
                    && b.piece_at(to).is_none()
                {
                    targets.push(to);
                }
                for df in [-1, 1] {
                    if let Some(to) = sq(f + df, r + fwd)
                        && b.piece_at(to).is_some_and(|p| p.team != us)
                    {
                        targets.push(to);
                    }
                }
            }
        }
        for to in targets {
            if piece.role == Role::Pawn && to.rank().index() == far(us) && b.piece_at(to).is_none() {
                for p in [Role::Counselor, Role::Chariot, Role::Shaman] {
                    out.push(Move::Action { from, to, promotion: Some(p), heresy: false });
                }
            } else {
                out.push(Move::action(from, to));
            }
        }
    }
    if out.is_empty() {
        out.push(Move::Pass);
    }
    out
}

/// Perft by the contract's words, on the reference generator.
fn reference_perft(pos: &Mages, depth: u32, mode: PerftMode) -> u64 {
    if depth == 0 {
        return 1;
    }
    let counted = |r: Resolution| match mode {
        PerftMode::Decision => r == Resolution::Challenger,
        PerftMode::Full => r != Resolution::Foul,
    };
    let resolve_all = |p: &Mages, d: u32| -> u64 {
        reference_moves(p)
            .into_iter()
            .filter(|m| matches!(m, Move::Resolve { resolution, .. } if counted(*resolution)))
            .map(|m| {
                let mut c = p.clone();
                c.play_unchecked(m);
                reference_perft(&c, d - 1, mode)
            })
            .sum()
    };
    if pos.pending().is_some() {
        return resolve_all(pos, depth);
    }
    let mut total = 0;
    for m in reference_moves(pos) {
        let mut child = pos.clone();
        child.play_unchecked(m);
        total += if child.pending().is_some() {
            resolve_all(&child, depth)
        } else {
            reference_perft(&child, depth - 1, mode)
        };
    }
    total
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort();
    v
}

/// A random playout position: uniform actions, any resolution (fouls
/// included), an occasional heresy mark.
fn playout(rng: &mut StdRng, plies: usize) -> Mages {
    let mut pos = Mages::start();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut mv = moves[rng.random_range(0..moves.len())];
        if rng.random_bool(0.1) && pos.is_legal(mv.with_heresy()) {
            mv = mv.with_heresy();
        }
        pos.play_unchecked(mv);
    }
    pos
}

/// A random arrangement: one Royal each (sometimes none for one team), a
/// random number of other pieces, random halos, side, pending engagement.
fn random_setup(rng: &mut StdRng) -> Option<Mages> {
    let mut board = Board::empty();
    let mut halos = SquareSet::EMPTY;
    for team in Team::ALL {
        let royal = !rng.random_bool(0.03);
        let n = rng.random_range(0..12);
        let mut pawns = 0;
        for i in 0..=n {
            let role = if i == 0 {
                if !royal {
                    continue;
                }
                Role::Royal
            } else {
                [Role::Counselor, Role::Chariot, Role::Shaman, Role::Pawn, Role::Pawn][rng.random_range(0..5)]
            };
            if role == Role::Pawn {
                pawns += 1;
                if pawns > 6 {
                    continue;
                }
            }
            let s = Square::new(rng.random_range(0..48))?;
            if board.piece_at(s).is_some() || (role == Role::Pawn && s.rank().index() == far(team)) {
                continue;
            }
            board.put(s, Piece::new(team, role));
            if rng.random_bool(0.2) {
                halos.add(s);
            }
        }
    }
    let turn = if rng.random_bool(0.5) { Team::Green } else { Team::Blue };
    let setup =
        Setup { board, halos, turn, pending: None, passes: rng.random_range(0..2), ply: 0, end: None };
    let mut pos = Mages::from_setup(&setup, Rules::default()).ok()?;
    // Sometimes leave a declared engagement pending.
    if rng.random_bool(0.3) {
        let decl: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(
                |m| matches!(m, Move::Action { to, .. } if pos.board().team_at(*to) == Some(turn.other())),
            )
            .collect();
        if !decl.is_empty() {
            pos.play_unchecked(decl[rng.random_range(0..decl.len())]);
        }
    }
    Some(pos)
}

fn check_position(pos: &Mages) {
    let fast = sorted(pos.legal_moves().to_vec());
    let slow = sorted(reference_moves(pos));
    assert_eq!(fast, slow, "{pos}");
    for &m in &fast {
        assert!(pos.is_legal(m), "{pos}: {m}");
        assert_eq!(pos.parse_move(&m.to_string()), Ok(m), "{pos}: {m}");
        if let Move::Action { from, .. } = m {
            assert_eq!(pos.is_legal(m.with_heresy()), !pos.board().has_halo(from), "{pos}: {m}!");
        } else {
            assert!(!pos.is_legal(m.with_heresy()) || m.with_heresy() == m);
        }
    }
    assert_eq!(pos.perft(1, PerftMode::Decision), reference_perft(pos, 1, PerftMode::Decision), "{pos}");
    assert_eq!(pos.perft(1, PerftMode::Full), reference_perft(pos, 1, PerftMode::Full), "{pos}");
    let back = Mages::from_fen(&pos.to_string()).unwrap_or_else(|e| panic!("{pos}: {e}"));
    assert_eq!(&back, pos);
    assert_eq!(back.zobrist(), pos.zobrist());
}

#[test]
fn fast_generator_agrees_with_reference_on_10000_random_positions() {
    let mut rng = StdRng::seed_from_u64(0x4d41_4745);
    let mut checked = 0;
    let mut pending = 0;
    let mut passes = 0;
    while checked < 10_000 {
        let pos = if checked % 2 == 0 {
            let plies = rng.random_range(0..120);
            playout(&mut rng, plies)
        } else {
            match random_setup(&mut rng) {
                Some(p) => p,
                None => continue,
            }
        };
        pending += usize::from(pos.pending().is_some());
        passes += usize::from(pos.legal_moves().contains(&Move::Pass));
        check_position(&pos);
        checked += 1;
    }
    assert!(pending > 500, "too few pending positions: {pending}");
    // Random play rarely leaves a team without an action: add crafted ones.
    for fen in ["5r/6/6/6/1p4/pPp3/PSP3/RH4 g - - 0 10", "5r/6/6/6/1p4/pPp3/PSP3/RH4 g - - 1 10"] {
        let pos = Mages::from_fen(fen).unwrap();
        assert_eq!(pos.legal_moves().to_vec(), vec![Move::Pass]);
        check_position(&pos);
        passes += 1;
    }
    assert!(passes > 0);
}

#[test]
fn fast_perft_agrees_with_reference_perft() {
    let mut rng = StdRng::seed_from_u64(7);
    for i in 0..300 {
        let pos = if i % 2 == 0 {
            let plies = rng.random_range(0..60);
            playout(&mut rng, plies)
        } else {
            let Some(p) = random_setup(&mut rng) else { continue };
            p
        };
        let depth = if i % 10 == 0 { 3 } else { 2 };
        for mode in [PerftMode::Decision, PerftMode::Full] {
            let fast = pos.perft(depth, mode);
            assert_eq!(fast, reference_perft(&pos, depth, mode), "{pos} {mode:?} {depth}");
            let divided: u64 = pos.divide(depth, mode).iter().map(|(_, n)| n).sum();
            assert_eq!(divided, fast, "{pos} divide {mode:?}");
        }
    }
}

/// The fixture counts are checked against the reference perft too (up to a
/// node cap), so that the suite does not merely repeat the fast generator.
#[test]
fn perft_fixture_counts_agree_with_reference_perft() {
    let suite = include_str!("../../fixtures/mages/perft.perft");
    let mut checked = 0;
    for case in motley_core::perft::parse_perft_file(suite).unwrap() {
        let pos = Mages::from_fen(&case.fen).unwrap();
        for &(mode, depth, nodes) in &case.counts {
            if nodes <= 20_000 {
                assert_eq!(reference_perft(&pos, depth, mode), nodes, "{} {mode:?} {depth}", case.id);
                checked += 1;
            }
        }
    }
    assert!(checked >= 50, "{checked}");
}
