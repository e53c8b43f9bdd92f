//! A slow, obviously-correct reference implementation of Joker's Chess —
//! plain loops over an 8x8 array of characters, its own position-string
//! reader and writer, no bitboards — and the tests that hold the fast engine
//! to it: equal move lists, equal positions after every move, equal results,
//! equal perft counts, on seeded random playouts.

mod fixtures;

use fixtures::fixture_positions;
use motley_core::Position;
use motley_core::testing::deep_runs;
use motley_joker::{Joker, KingPromotion, Move, PerftMode, PromotedRespawn, Rules, START_FEN};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Pocket slots, in the order the position string writes them.
const POCKET: [char; 6] = ['P', 'N', 'B', 'p', 'n', 'b'];

fn slot(c: char) -> Option<usize> {
    POCKET.iter().position(|&p| p == c)
}

#[derive(Clone, Debug)]
struct RefPos {
    /// `board[rank][file]`, rank 0 = rank 1; `'.'` is empty.
    board: [[char; 8]; 8],
    promoted: [[bool; 8]; 8],
    white: bool,
    castle_k: bool,
    castle_q: bool,
    ep: Option<(i32, i32)>,
    clock: u32,
    ply: u32,
    reserve: [u32; 6],
    bench: [u32; 6],
    rules: Rules,
}

fn is_white(c: char) -> bool {
    c.is_ascii_uppercase()
}

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

impl RefPos {
    fn parse(fen: &str, rules: Rules) -> RefPos {
        let fields: Vec<&str> = fen.split(' ').collect();
        assert_eq!(fields.len(), 7, "{fen}");
        let (placement, reserve_text) = fields[0].split_once('[').unwrap();
        let reserve_text = reserve_text.strip_suffix(']').unwrap();
        let mut board = [['.'; 8]; 8];
        let mut promoted = [[false; 8]; 8];
        for (i, row) in placement.split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as usize;
                } else if c == '~' {
                    promoted[r][f - 1] = true;
                } else {
                    board[r][f] = c;
                    f += 1;
                }
            }
        }
        let mut reserve = [0; 6];
        for c in reserve_text.chars() {
            reserve[slot(c).unwrap()] += 1;
        }
        let mut bench = [0; 6];
        if fields[6] != "-" {
            for c in fields[6].chars() {
                bench[slot(c).unwrap()] += 1;
            }
        }
        let ep = (fields[3] != "-").then(|| {
            let b = fields[3].as_bytes();
            (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
        });
        RefPos {
            board,
            promoted,
            white: fields[1] == "w",
            castle_k: fields[2].contains('k'),
            castle_q: fields[2].contains('q'),
            ep,
            clock: fields[4].parse().unwrap(),
            ply: fields[5].parse().unwrap(),
            reserve,
            bench,
            rules,
        }
    }

    fn fen(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                let c = self.board[r][f];
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                s.push(c);
                if self.promoted[r][f] {
                    s.push('~');
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        let pocket = |counts: &[u32; 6]| {
            let mut t = String::new();
            for (i, &c) in POCKET.iter().enumerate() {
                for _ in 0..counts[i] {
                    t.push(c);
                }
            }
            t
        };
        let castling = match (self.castle_k, self.castle_q) {
            (false, false) => "-".to_owned(),
            (k, q) => format!("{}{}", if k { "k" } else { "" }, if q { "q" } else { "" }),
        };
        let ep = self.ep.map_or("-".to_owned(), |(f, r)| name(f, r));
        let bench = pocket(&self.bench);
        format!(
            "{s}[{}] {} {castling} {ep} {} {} {}",
            pocket(&self.reserve),
            if self.white { 'w' } else { 'b' },
            self.clock,
            self.ply,
            if bench.is_empty() { "-".to_owned() } else { bench }
        )
    }

    fn at(&self, f: i32, r: i32) -> char {
        self.board[r as usize][f as usize]
    }

    fn mine(&self, c: char) -> bool {
        c != '.' && is_white(c) == self.white
    }

    fn theirs(&self, c: char) -> bool {
        c != '.' && is_white(c) != self.white
    }

    fn count(&self, piece: char) -> usize {
        self.board.iter().flatten().filter(|&&c| c == piece).count()
    }

    /// Whether any white piece attacks the square.
    fn white_attacks(&self, tf: i32, tr: i32) -> bool {
        for r in 0..8 {
            for f in 0..8 {
                let c = self.at(f, r);
                if c == '.' || !is_white(c) {
                    continue;
                }
                let hit = match c {
                    'P' => tr == r + 1 && (tf - f).abs() == 1,
                    'N' => KNIGHT.iter().any(|&(df, dr)| (f + df, r + dr) == (tf, tr)),
                    'K' => KING.iter().any(|&(df, dr)| (f + df, r + dr) == (tf, tr)),
                    'B' => self.ray_hits(f, r, &BISHOP, tf, tr),
                    'R' => self.ray_hits(f, r, &ROOK, tf, tr),
                    'Q' => self.ray_hits(f, r, &BISHOP, tf, tr) || self.ray_hits(f, r, &ROOK, tf, tr),
                    _ => false,
                };
                if hit {
                    return true;
                }
            }
        }
        false
    }

    fn ray_hits(&self, f: i32, r: i32, dirs: &[(i32, i32)], tf: i32, tr: i32) -> bool {
        for &(df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while on_board(x, y) {
                if (x, y) == (tf, tr) {
                    return true;
                }
                if self.at(x, y) != '.' {
                    break;
                }
                x += df;
                y += dr;
            }
        }
        false
    }

    fn end_reason(&self) -> Option<&'static str> {
        if self.count('k') <= usize::from(self.rules.black_kings_floor) {
            return Some("kings-captured");
        }
        if self.rules.quiet_limit > 0 && self.clock >= u32::from(self.rules.quiet_limit) {
            return Some("fourteen-move-rule");
        }
        if self.rules.ply_limit > 0 && self.ply >= u32::from(self.rules.ply_limit) {
            return Some("move-limit");
        }
        let white_on_board = self.board.iter().flatten().any(|&c| c != '.' && is_white(c));
        if !white_on_board && self.reserve[..3].iter().all(|&n| n == 0) {
            return Some("insufficient-material");
        }
        if self.moves_ignoring_end().is_empty() {
            return Some(if self.white { "stalemate" } else { "black-no-moves" });
        }
        None
    }

    fn moves(&self) -> Vec<String> {
        if self.end_reason().is_some() { Vec::new() } else { self.moves_ignoring_end() }
    }

    fn moves_ignoring_end(&self) -> Vec<String> {
        let mut out = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                let c = self.at(f, r);
                if !self.mine(c) {
                    continue;
                }
                let from = name(f, r);
                let to_sq = |x: i32, y: i32, out: &mut Vec<String>| {
                    if on_board(x, y) && !self.mine(self.at(x, y)) {
                        out.push(format!("{from}{}", name(x, y)));
                    }
                };
                match c.to_ascii_lowercase() {
                    'p' => self.pawn_moves(f, r, &mut out),
                    'n' => KNIGHT.iter().for_each(|&(df, dr)| to_sq(f + df, r + dr, &mut out)),
                    'k' => KING.iter().for_each(|&(df, dr)| to_sq(f + df, r + dr, &mut out)),
                    'b' => self.slide(f, r, &BISHOP, &mut out),
                    'r' => self.slide(f, r, &ROOK, &mut out),
                    'q' => {
                        self.slide(f, r, &BISHOP, &mut out);
                        self.slide(f, r, &ROOK, &mut out);
                    }
                    _ => unreachable!(),
                }
            }
        }
        // Castling: Black only.
        if !self.white && self.at(4, 7) == 'k' {
            let safe = |files: &[i32]| {
                !self.rules.castling_needs_safe_squares || files.iter().all(|&f| !self.white_attacks(f, 7))
            };
            if self.castle_k
                && self.at(7, 7) == 'r'
                && self.at(5, 7) == '.'
                && self.at(6, 7) == '.'
                && safe(&[4, 5, 6])
            {
                out.push("e8g8".to_owned());
            }
            if self.castle_q
                && self.at(0, 7) == 'r'
                && (1..=3).all(|f| self.at(f, 7) == '.')
                && safe(&[4, 3, 2])
            {
                out.push("e8c8".to_owned());
            }
        }
        // Drops.
        let base = if self.white { 0 } else { 3 };
        for (i, letter) in ['P', 'N', 'B'].into_iter().enumerate() {
            if self.reserve[base + i] == 0 {
                continue;
            }
            for r in 0..8 {
                for f in 0..8 {
                    if self.at(f, r) == '.' && (letter != 'P' || (2..=5).contains(&r)) {
                        out.push(format!("{letter}@{}", name(f, r)));
                    }
                }
            }
        }
        out
    }

    fn slide(&self, f: i32, r: i32, dirs: &[(i32, i32)], out: &mut Vec<String>) {
        for &(df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while on_board(x, y) {
                let c = self.at(x, y);
                if self.mine(c) {
                    break;
                }
                out.push(format!("{}{}", name(f, r), name(x, y)));
                if c != '.' {
                    break;
                }
                x += df;
                y += dr;
            }
        }
    }

    fn promotion_letters(&self) -> Vec<char> {
        if self.white {
            return vec!['q', 'r', 'b', 'n'];
        }
        let mut v = vec!['r', 'n', 'b'];
        if self.rules.black_queen_promotion {
            v.push('q');
        }
        let king = match self.rules.black_king_promotion {
            KingPromotion::WhileOneKing => self.count('k') == 1,
            KingPromotion::Never => false,
            KingPromotion::Always => true,
        };
        if king {
            v.push('k');
        }
        v
    }

    fn pawn_moves(&self, f: i32, r: i32, out: &mut Vec<String>) {
        let dir = if self.white { 1 } else { -1 };
        let last = if self.white { 7 } else { 0 };
        let start = if self.white { 1 } else { 6 };
        let third = if self.white { 2 } else { 5 };
        let from = name(f, r);
        let add = |x: i32, y: i32, out: &mut Vec<String>| {
            if y == last {
                for p in self.promotion_letters() {
                    out.push(format!("{from}{}{p}", name(x, y)));
                }
            } else {
                out.push(format!("{from}{}", name(x, y)));
            }
        };
        if on_board(f, r + dir) && self.at(f, r + dir) == '.' {
            add(f, r + dir, out);
            let may_double = r == start || (self.rules.third_rank_double_step && r == third);
            if may_double && on_board(f, r + 2 * dir) && self.at(f, r + 2 * dir) == '.' {
                add(f, r + 2 * dir, out);
            }
        }
        for df in [-1, 1] {
            let (x, y) = (f + df, r + dir);
            if !on_board(x, y) {
                continue;
            }
            if self.theirs(self.at(x, y)) || self.ep == Some((x, y)) {
                add(x, y, out);
            }
        }
    }

    fn play(&self, mv: &str) -> RefPos {
        let mut next = self.clone();
        let b = mv.as_bytes();
        let sq = |i: usize| (i32::from(b[i] - b'a'), i32::from(b[i + 1] - b'1'));
        let me_white = self.white;
        if b[1] == b'@' {
            let letter = b[0] as char;
            let piece = if me_white { letter } else { letter.to_ascii_lowercase() };
            let (f, r) = sq(2);
            next.board[r as usize][f as usize] = piece;
            next.reserve[slot(piece).unwrap()] -= 1;
            next.clock = if letter == 'P' && self.rules.pawn_drop_resets_clock { 0 } else { self.clock + 1 };
            next.ep = None;
        } else {
            let (ff, fr) = sq(0);
            let (tf, tr) = sq(2);
            let piece = self.at(ff, fr);
            let was_promoted = self.promoted[fr as usize][ff as usize];
            let pawn = piece.eq_ignore_ascii_case(&'p');
            // What is captured, and where.
            let mut cap_sq = (tf, tr);
            if pawn && ff != tf && self.at(tf, tr) == '.' {
                cap_sq = (tf, fr); // en passant
            }
            let victim = self.at(cap_sq.0, cap_sq.1);
            let victim_promoted = self.promoted[cap_sq.1 as usize][cap_sq.0 as usize];
            next.board[cap_sq.1 as usize][cap_sq.0 as usize] = '.';
            next.promoted[cap_sq.1 as usize][cap_sq.0 as usize] = false;
            next.board[fr as usize][ff as usize] = '.';
            next.promoted[fr as usize][ff as usize] = false;
            let (placed, placed_promoted) = match b.get(4) {
                Some(&p) => {
                    let p = p as char;
                    (if me_white { p.to_ascii_uppercase() } else { p }, true)
                }
                None => (piece, was_promoted),
            };
            next.board[tr as usize][tf as usize] = placed;
            next.promoted[tr as usize][tf as usize] = placed_promoted;
            if piece == 'k' && (ff, fr) == (4, 7) && (tf - ff).abs() == 2 {
                let (rook_from, rook_to) = if tf == 6 { (7, 5) } else { (0, 3) };
                next.board[7][rook_from] = '.';
                next.board[7][rook_to] = 'r';
                next.promoted[7][rook_to] = self.promoted[7][rook_from];
                next.promoted[7][rook_from] = false;
            }
            for (f, r) in [(ff, fr), (tf, tr)] {
                if (f, r) == (4, 7) {
                    next.castle_k = false;
                    next.castle_q = false;
                }
                if (f, r) == (7, 7) {
                    next.castle_k = false;
                }
                if (f, r) == (0, 7) {
                    next.castle_q = false;
                }
            }
            next.ep = None;
            if pawn && (tr - fr).abs() == 2 {
                let mid = (fr + tr) / 2;
                let enemy_pawn = if me_white { 'p' } else { 'P' };
                let can_take =
                    [-1, 1].iter().any(|&df| on_board(tf + df, tr) && next.at(tf + df, tr) == enemy_pawn);
                if can_take {
                    next.ep = Some((tf, mid));
                }
            }
            next.clock = if pawn || victim != '.' { 0 } else { self.clock + 1 };
            if victim != '.' {
                let kind = if victim_promoted && self.rules.promoted_respawn == PromotedRespawn::AsPawn {
                    'p'
                } else {
                    victim.to_ascii_lowercase()
                };
                if "pnb".contains(kind) {
                    let owner_white = is_white(victim);
                    let letter = if owner_white { kind.to_ascii_uppercase() } else { kind };
                    let s = slot(letter).unwrap();
                    if next.bench[s] > 0 {
                        next.bench[s] -= 1;
                        let home_rank = if owner_white { 0 } else { 7 };
                        let homes: Vec<(i32, i32)> = match kind {
                            'n' => vec![(1, home_rank), (6, home_rank)],
                            'b' => vec![(2, home_rank), (5, home_rank)],
                            _ => vec![(cap_sq.0, if owner_white { 1 } else { 6 })],
                        };
                        match homes.into_iter().find(|&(f, r)| next.at(f, r) == '.') {
                            Some((f, r)) => next.board[r as usize][f as usize] = letter,
                            None => next.reserve[s] += 1,
                        }
                    }
                }
            }
        }
        next.ply += 1;
        next.white = !self.white;
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves().iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Compares the engines on one position: moves, each child position, result,
/// move count and the position string round trip. Returns the moves.
fn check(fast: &Joker, rules: Rules) -> Vec<Move> {
    let fen = fast.to_string();
    let reference = RefPos::parse(&fen, rules);
    assert_eq!(reference.fen(), fen, "reference writer disagrees with the position string");
    let reparsed = Joker::from_fen_with(&fen, rules).unwrap();
    assert_eq!(reparsed, *fast, "{fen}");
    let moves: Vec<Move> = fast.legal_moves().to_vec();
    let fast_names = sorted(moves.iter().map(ToString::to_string).collect());
    assert_eq!(fast_names, sorted(reference.moves()), "moves of {fen}");
    assert_eq!(fast.count_legal(), moves.len() as u64, "{fen}");
    assert_eq!(fast.end_reason().map(|r| r.as_str()), reference.end_reason(), "result of {fen}");
    for &mv in &moves {
        let mut child = *fast;
        child.play_unchecked(mv);
        assert_eq!(child.to_string(), reference.play(&mv.to_string()).fen(), "{fen} after {mv}");
        assert_eq!(fast.parse_move(&mv.to_string()), Ok(mv));
    }
    moves
}

fn random_rules(rng: &mut StdRng) -> Rules {
    let mut rules = Rules::default();
    // Long games reach drops and promotions: often switch the quiet rule off.
    if rng.random_range(0..3) > 0 {
        rules.quiet_limit = 0;
        rules.ply_limit = rng.random_range(150..400);
    }
    if rng.random_range(0..4) == 0 {
        rules.black_kings_floor = rng.random_range(0..2);
        rules.castling_needs_safe_squares = rng.random();
        rules.promoted_respawn =
            if rng.random() { PromotedRespawn::AsPawn } else { PromotedRespawn::AsCurrentKind };
        rules.third_rank_double_step = rng.random();
        rules.black_queen_promotion = rng.random();
        rules.black_king_promotion =
            [KingPromotion::WhileOneKing, KingPromotion::Never, KingPromotion::Always]
                [rng.random_range(0..3)];
        rules.pawn_drop_resets_clock = rng.random();
        rules.black_no_moves_loses = rng.random();
    }
    rules
}

/// How often each move kind was legal in the positions checked.
#[derive(Default, Debug)]
struct Seen {
    drops: usize,
    pawn_drops: usize,
    promotions: usize,
    king_promotions: usize,
    en_passant: usize,
    castling: usize,
    to_reserve: usize,
    finished: usize,
}

impl Seen {
    fn record(&mut self, pos: &Joker, moves: &[Move]) {
        use motley_joker::{Color, Role};
        if moves.is_empty() {
            self.finished += 1;
        }
        for &mv in moves {
            let mover = pos.board().piece_at(mv.from().unwrap_or(mv.to()));
            match mv {
                Move::Drop { role, .. } => {
                    self.drops += 1;
                    self.pawn_drops += usize::from(role == Role::Pawn);
                }
                Move::Normal { from, to, promotion } => {
                    self.promotions += usize::from(promotion.is_some());
                    self.king_promotions += usize::from(promotion == Some(Role::King));
                    let role = mover.map(|p| p.role);
                    if role == Some(Role::Pawn)
                        && from.file() != to.file()
                        && pos.board().piece_at(to).is_none()
                    {
                        self.en_passant += 1;
                    }
                    if role == Some(Role::King) && from.to_string() == "e8" && from.distance(to) == 2 {
                        self.castling += 1;
                    }
                }
            }
            let mut child = *pos;
            child.play_unchecked(mv);
            let before = pos.joker_reserve();
            let after = child.joker_reserve();
            if Color::ALL
                .iter()
                .any(|&c| Role::RESPAWNING.iter().any(|&r| after.get(c, r) > before.get(c, r)))
                && !mv.is_drop()
            {
                self.to_reserve += 1;
            }
        }
    }
}

/// Plays seeded random games (captures and promotions preferred), checking
/// every position reached; returns the number of positions checked and what
/// they covered.
fn random_playouts(seed: u64, positions: usize) -> (usize, Seen) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    let mut seen = Seen::default();
    while checked < positions {
        let rules = random_rules(&mut rng);
        let mut pos = Joker::start_with(rules);
        loop {
            let moves = check(&pos, rules);
            seen.record(&pos, &moves);
            checked += 1;
            if moves.is_empty() || checked >= positions {
                break;
            }
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| {
                    m.promotion().is_some() || m.from().is_some() && pos.board().piece_at(m.to()).is_some()
                })
                .collect();
            let mv = if !captures.is_empty() && rng.random_range(0..10) < 6 {
                captures[rng.random_range(0..captures.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            pos.play_unchecked(mv);
        }
    }
    (checked, seen)
}

#[test]
fn agrees_on_ten_thousand_random_positions() {
    let n = if deep_runs() { 200_000 } else { 10_000 };
    let (checked, seen) = random_playouts(0x4A4F_4B45, n);
    assert_eq!(checked, n);
    // The playouts must reach every move kind, or the agreement means little.
    println!("{seen:?}");
    for (what, count) in [
        ("drops", seen.drops),
        ("pawn drops", seen.pawn_drops),
        ("promotions", seen.promotions),
        ("king promotions", seen.king_promotions),
        ("en passant", seen.en_passant),
        ("castling", seen.castling),
        ("respawns into the Joker Reserve", seen.to_reserve),
        ("finished games", seen.finished),
    ] {
        assert!(count >= 10, "only {count} {what} in {n} positions");
    }
}

#[test]
fn perft_agrees_from_the_start() {
    let max = if deep_runs() { 4 } else { 3 };
    let fast = Joker::start();
    let reference = RefPos::parse(START_FEN, Rules::default());
    for depth in 1..=max {
        assert_eq!(fast.perft(depth, PerftMode::Decision), reference.perft(depth), "depth {depth}");
    }
}

#[test]
#[ignore = "takes minutes: cargo test --release -p motley-joker --test reference -- --ignored"]
fn perft_5_agrees_from_the_start() {
    let reference = RefPos::parse(START_FEN, Rules::default());
    assert_eq!(reference.perft(5), Joker::start().perft(5, PerftMode::Decision));
}

#[test]
fn perft_agrees_on_fixture_positions() {
    let deep = deep_runs();
    for (_, fen) in fixture_positions() {
        let fen = fen.as_str();
        let fast: Joker = fen.parse().unwrap();
        check(&fast, Rules::default());
        let reference = RefPos::parse(fen, Rules::default());
        let depth = if deep { 3 } else { 2 };
        assert_eq!(fast.perft(depth, PerftMode::Decision), reference.perft(depth), "{fen}");
    }
}

#[test]
fn perft_agrees_on_random_positions() {
    // Positions deep in random games, two plies each.
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..20 {
        let rules = Rules { quiet_limit: 0, ..Rules::default() };
        let mut pos = Joker::start_with(rules);
        for _ in 0..rng.random_range(20..120) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        let reference = RefPos::parse(&pos.to_string(), rules);
        assert_eq!(pos.perft(2, PerftMode::Decision), reference.perft(2), "{pos}");
    }
}
