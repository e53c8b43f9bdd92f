//! [`Mages`]: the validated, playable position — the pure position API (no
//! clocks). Implements [`motley_core::Position`] and [`motley_core::BoardView`].

use core::fmt;

use arrayvec::ArrayVec;
use motley_core::{Outcome, PerftMode, Position, Seat};
#[cfg(feature = "rand")]
use rand::Rng;

use crate::board::{Board, Square, far_rank};
use crate::end::EndReason;
use crate::model::{DEFAULT_MODEL, OutcomeModel};
use crate::movegen::{self, Node};
use crate::moves::{Engagement, Move, ParseMoveError, Resolution};
use crate::piece::{Piece, Role, Team};
use crate::rules::{FoulDefender, NoAction, Rules};
use crate::setup::{ParseSetupError, Setup};
use crate::zobrist;

/// The legal inputs of a position.
///
/// Bound: a team has at most 12 pieces (validated), so at most 12 non-pawn
/// pieces once pawns promote. A Counselor reaches at most 22 squares of the
/// 6x8 board (test `move_list_bound`), and a pawn at most 3 squares with 3
/// promotion choices each, so a team has at most 12 × 22 = 264 actions
/// (6 × 22 + 6 × 9 = 186 with six pawns): under 320. A pending engagement has
/// at most 10 inputs.
pub type MoveList = ArrayVec<Move, 320>;

/// A position string is malformed or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMagesError {
    /// The text does not follow the grammar.
    #[error(transparent)]
    Syntax(#[from] ParseSetupError),
    /// The text is well-formed but not a position of the game.
    #[error("{error} (byte {at})")]
    Invalid {
        /// What is wrong.
        error: PositionError,
        /// Byte offset of the offending square or field.
        at: usize,
    },
}

/// The byte offset in a position string where `error` is located: the square
/// in the board or halos field, or the start of the field it names.
fn error_offset(text: &str, error: &PositionError) -> usize {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    starts.extend(bytes.iter().enumerate().filter(|(_, c)| **c == b' ').map(|(i, _)| i + 1));
    let field = |k: usize| starts.get(k).copied().unwrap_or(text.len());
    match *error {
        PositionError::PawnOnFarRank { square } => board_offset(bytes, square),
        PositionError::HaloOnEmptySquare { square } => {
            let at = field(3);
            let name = square.to_string();
            text[at..].find(&name).map_or(at, |i| at + i)
        }
        PositionError::BadEngagement { .. } | PositionError::PendingOutOfPlace => field(2),
        PositionError::EndWithoutMissingRoyal => field(6),
        PositionError::RoyalCount { .. } | PositionError::NoRoyal | PositionError::TooManyPieces { .. } => 0,
    }
}

/// The byte offset of `square`'s piece in the board field at the start of
/// the position string `bytes`, found by walking the field; 0 when the field
/// has no piece there.
fn board_offset(bytes: &[u8], square: Square) -> usize {
    let (mut rank, mut file) = (7u8, 0u8);
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            b'/' => (rank, file) = (rank.saturating_sub(1), 0),
            b'1'..=b'6' => file += c - b'0',
            b' ' => break,
            _ => {
                if (rank, file) == (square.rank().index(), square.file().index()) {
                    return i;
                }
                file += 1;
            }
        }
    }
    0
}

/// A [`Setup`] is not a position of the game. Each variant names the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A team has more than one Royal.
    #[error("board: {team} has {count} Royals (at most 1)")]
    RoyalCount {
        /// The team.
        team: Team,
        /// Its Royals.
        count: u32,
    },
    /// Neither team has a Royal.
    #[error("board: neither team has a Royal")]
    NoRoyal,
    /// A team has more than 12 pieces or more than 6 pawns.
    #[error("board: {team} has {pieces} pieces and {pawns} pawns (at most 12 and 6)")]
    TooManyPieces {
        /// The team.
        team: Team,
        /// Its pieces.
        pieces: u32,
        /// Its pawns.
        pawns: u32,
    },
    /// A pawn stands on its far rank (it would have promoted).
    #[error("board: unpromoted pawn on its far rank at {square}")]
    PawnOnFarRank {
        /// The pawn's square.
        square: Square,
    },
    /// A halo on an empty square.
    #[error("halos: no piece on {square}")]
    HaloOnEmptySquare {
        /// The square.
        square: Square,
    },
    /// The pending engagement is not a legal declaration of the side to move.
    #[error("pending: {challenger}{defender} is not an engagement the side to move can have declared")]
    BadEngagement {
        /// Challenger square.
        challenger: Square,
        /// Defender square.
        defender: Square,
    },
    /// An engagement is pending with passes counted or in a finished game.
    #[error("pending: an engagement cannot be pending after a pass or in a finished game")]
    PendingOutOfPlace,
    /// The `end` field is given while both Royals are on the board.
    #[error("end: both Royals are on the board")]
    EndWithoutMissingRoyal,
}

/// A position of Mage's Chess, with the rule options it is played under.
///
/// `Display` prints the position string (grammar in [`Setup`](crate::Setup)), which
/// [`Position::from_fen`] reads back to an equal position under default rules.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Mages {
    pub(crate) board: Board,
    pub(crate) turn: Team,
    pub(crate) pending: Option<Engagement>,
    pub(crate) passes: u8,
    pub(crate) ply: u32,
    end: Option<(EndReason, Option<Team>)>,
    pub(crate) rules: Rules,
}

impl Default for Mages {
    fn default() -> Mages {
        Mages::start()
    }
}

impl Mages {
    /// Validates a setup under `rules`.
    ///
    /// # Errors
    /// The first [`PositionError`] found.
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Mages, PositionError> {
        let mut board = setup.board;
        for sq in board.halos() {
            board.set_halo(Square::new_unchecked(sq), false);
        }
        for team in Team::ALL {
            let royals = board.pieces(Piece::new(team, Role::Royal)).count();
            if royals > 1 {
                return Err(PositionError::RoyalCount { team, count: royals });
            }
            let pieces = board.team(team).count();
            let pawns = board.pieces(Piece::new(team, Role::Pawn)).count();
            if pieces > 12 || pawns > 6 {
                return Err(PositionError::TooManyPieces { team, pieces, pawns });
            }
            if let Some(sq) = (board.pieces(Piece::new(team, Role::Pawn)) & far_rank(team)).first() {
                return Err(PositionError::PawnOnFarRank { square: Square::new_unchecked(sq) });
            }
        }
        for sq in setup.halos {
            if !board.occupied().contains(sq) {
                return Err(PositionError::HaloOnEmptySquare { square: Square::new_unchecked(sq) });
            }
            board.set_halo(Square::new_unchecked(sq), true);
        }
        let missing: Vec<Team> = Team::ALL.into_iter().filter(|&t| board.royal(t).is_none()).collect();
        let end = match (missing.as_slice(), setup.end) {
            ([], None) => None,
            ([], Some(_)) => return Err(PositionError::EndWithoutMissingRoyal),
            ([loser], reason) => Some((reason.unwrap_or(EndReason::RoyalDowned), Some(loser.other()))),
            _ => return Err(PositionError::NoRoyal),
        };
        let pending = match setup.pending {
            None => None,
            Some((challenger, defender)) => {
                let ok = board.team(setup.turn).contains(challenger.bit())
                    && board.team(setup.turn.other()).contains(defender.bit())
                    && board.targets(challenger).contains(defender.bit());
                if !ok {
                    return Err(PositionError::BadEngagement { challenger, defender });
                }
                if setup.passes > 0 || end.is_some() {
                    return Err(PositionError::PendingOutOfPlace);
                }
                Some(Engagement::new(challenger, defender))
            }
        };
        let mut pos =
            Mages { board, turn: setup.turn, pending, passes: setup.passes, ply: setup.ply, end, rules };
        if pos.end.is_none() && pos.pending.is_none() {
            pos.update_end(EndReason::RoyalDowned);
        }
        Ok(pos)
    }

    /// The unvalidated form of the position (what the position string says).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let missing_royal = Team::ALL.into_iter().any(|t| self.board.royal(t).is_none());
        Setup {
            board: self.board,
            halos: self.board.halos(),
            turn: self.turn,
            pending: self.pending.map(|e| (e.challenger, e.defender)),
            passes: self.passes,
            ply: self.ply,
            end: self.end.map(|(r, _)| r).filter(|_| missing_royal),
        }
    }

    /// The start position under `rules`.
    #[must_use]
    pub fn start_with(rules: Rules) -> Mages {
        Mages { board: Board::start(), turn: Team::Green, pending: None, passes: 0, ply: 0, end: None, rules }
    }

    /// Parses a position string and validates it under `rules`.
    ///
    /// # Errors
    /// [`ParseMagesError`] naming the field (and byte offset for syntax errors).
    pub fn from_fen_with(text: &str, rules: Rules) -> Result<Mages, ParseMagesError> {
        let setup = Setup::from_ascii(text.as_bytes())?;
        Mages::from_setup(&setup, rules)
            .map_err(|error| ParseMagesError::Invalid { at: error_offset(text, &error), error })
    }

    /// The pieces and halos.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The team whose input comes next (the challenger's team while an engagement is pending).
    #[must_use]
    pub fn side_to_move(&self) -> Team {
        self.turn
    }

    /// The pending engagement, if any.
    #[must_use]
    pub fn pending(&self) -> Option<Engagement> {
        self.pending
    }

    /// Passes in a row just made.
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Turns completed since the start.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The rule options.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Why the game ended and who won (`None` for a draw), once it is over.
    #[must_use]
    pub fn end(&self) -> Option<(EndReason, Option<Team>)> {
        self.end
    }

    /// Why the game ended, once it is over (the winner is in [`Mages::end`]
    /// and [`Position::outcome`]).
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end.map(|(reason, _)| reason)
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The resolutions of the pending engagement with the model's
    /// probabilities (fouls are not modelled). A promoting resolution is
    /// listed once, as its Counselor choice with the whole probability: the
    /// promoting team chooses, and the Counselor is its best choice. Perft
    /// and [`Position::legal_moves`] still list every choice. `None` without
    /// a pending engagement.
    #[must_use]
    pub fn chance_with(&self, model: &OutcomeModel) -> Option<Vec<(Move, f64)>> {
        let e = self.pending?;
        let challenger = self.board.role_at(e.challenger)?;
        let defender = self.board.role_at(e.defender)?;
        let odds = model.odds(challenger, defender, e.combat);
        let mut out = Vec::new();
        for (resolution, p) in [
            (Resolution::Challenger, odds.challenger),
            (Resolution::Defender, odds.defender),
            (Resolution::Draw, odds.draw),
        ] {
            // A promotion is the promoting team's choice, not chance: chance
            // picks the resolution, and the team takes a Counselor (its
            // moves include a Chariot's and a Shaman's, and it is the senior
            // caster), so only that choice is listed.
            let moves = self.resolution_moves(resolution);
            let mv = moves
                .iter()
                .copied()
                .find(|m| m.promotion() == Some(Role::Counselor))
                .or(moves.first().copied());
            out.extend(mv.map(|m| (m, p)));
        }
        Some(out)
    }

    /// A random input: at a pending engagement, a resolution drawn from
    /// `model` (a promotion choice uniformly); otherwise a legal action (or
    /// pass) chosen uniformly, never marked heretical. `None` once the game is over.
    #[cfg(feature = "rand")]
    pub fn random_move<R: Rng + ?Sized>(&self, model: &OutcomeModel, rng: &mut R) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        if let Some(e) = self.pending {
            let challenger = self.board.role_at(e.challenger)?;
            let defender = self.board.role_at(e.defender)?;
            let odds = model.odds(challenger, defender, e.combat);
            let resolution = [Resolution::Challenger, Resolution::Defender, Resolution::Draw]
                [OutcomeModel::sample_index(odds, rng)];
            let moves = self.resolution_moves(resolution);
            return Some(moves[rng.random_range(0..moves.len())]);
        }
        let moves = self.legal_moves();
        Some(moves[rng.random_range(0..moves.len())])
    }

    /// Plays [`Mages::random_move`] and returns it.
    #[cfg(feature = "rand")]
    pub fn play_random<R: Rng + ?Sized>(&mut self, model: &OutcomeModel, rng: &mut R) -> Option<Move> {
        let mv = self.random_move(model, rng)?;
        self.play_unchecked(mv);
        Some(mv)
    }

    /// The inputs resolving the pending engagement with `resolution`: one, or
    /// three when it promotes a pawn. Empty without a pending engagement.
    #[must_use]
    pub fn resolution_moves(&self, resolution: Resolution) -> ArrayVec<Move, 3> {
        let mut out = ArrayVec::new();
        let Some(e) = self.pending else { return out };
        let promotes = match resolution {
            Resolution::Challenger => self.promotes(e.challenger, e.defender),
            Resolution::Defender => self.promotes(e.defender, e.challenger),
            Resolution::Draw => false,
            Resolution::Foul => {
                self.rules.foul_defender == FoulDefender::TakesSquare
                    && self.promotes(e.defender, e.challenger)
            }
        };
        if promotes {
            for p in Role::PROMOTIONS {
                out.push(Move::Resolve { resolution, promotion: Some(p) });
            }
        } else {
            out.push(Move::resolve(resolution));
        }
        out
    }

    /// Whether the piece on `from` is a pawn that would promote on reaching `to`.
    fn promotes(&self, from: Square, to: Square) -> bool {
        self.board.role_at(from) == Some(Role::Pawn)
            && self.board.team_at(from).is_some_and(|t| far_rank(t).contains(to.bit()))
    }

    /// The resolutions perft counts at the pending engagement.
    fn counted_resolutions(&self, mode: PerftMode) -> Vec<Move> {
        let mut out: Vec<Move> = self.resolution_moves(Resolution::Challenger).to_vec();
        if mode == PerftMode::Full {
            out.extend(self.resolution_moves(Resolution::Defender));
            out.extend(self.resolution_moves(Resolution::Draw));
        }
        out
    }

    /// Ends the turn after a pass, forfeited turn or resolution, and decides
    /// whether the game is over.
    fn finish_turn(&mut self, royal_reason: EndReason) {
        self.turn = self.turn.other();
        self.ply += 1;
        self.update_end(royal_reason);
    }

    fn update_end(&mut self, royal_reason: EndReason) {
        self.end = if let Some(loser) = Team::ALL.into_iter().find(|&t| self.board.royal(t).is_none()) {
            Some((royal_reason, Some(loser.other())))
        } else if self.passes >= 2 && self.rules.double_pass_draw {
            Some((EndReason::DoublePass, None))
        } else if self.rules.ply_limit.is_some_and(|l| self.ply >= l) {
            Some((EndReason::PlyLimit, None))
        } else if self.rules.no_action == NoAction::Lose && !movegen::has_action(&self.board, self.turn) {
            Some((EndReason::NoAction, Some(self.turn.other())))
        } else {
            None
        };
    }

    /// Forfeits the side to move's turn (a referee decision): the move passes
    /// to the other team; this is not a pass. Returns `false` (doing nothing)
    /// while an engagement is pending or once the game is over.
    pub fn forfeit_turn(&mut self) -> bool {
        if self.pending.is_some() || self.is_over() {
            return false;
        }
        self.passes = 0;
        self.finish_turn(EndReason::RoyalDowned);
        true
    }

    fn node(&self) -> Node {
        Node { board: self.board, turn: self.turn, passes: self.passes, ply: self.ply }
    }

    fn declares(&self, mv: Move) -> bool {
        match mv {
            Move::Action { to, .. } => {
                self.pending.is_none() && self.board.team(self.turn.other()).contains(to.bit())
            }
            _ => false,
        }
    }

    /// Checks a syntactically valid input against the position, naming what is wrong.
    fn check(&self, mv: Move) -> Result<Move, ParseMoveError> {
        if self.is_over() {
            return Err(ParseMoveError::GameOver { status: Position::status(self) });
        }
        match mv {
            Move::Resolve { resolution, promotion } => {
                if self.pending.is_none() {
                    return Err(ParseMoveError::NotPending);
                }
                let options = self.resolution_moves(resolution);
                if options.contains(&mv) {
                    return Ok(mv);
                }
                let word = resolution.word().len();
                Err(match promotion {
                    None => ParseMoveError::MissingPromotion { hint: "=c, =h or =s", at: word },
                    Some(_) => ParseMoveError::UnexpectedPromotion { at: word },
                })
            }
            _ if self.pending.is_some() => Err(ParseMoveError::Pending),
            Move::Pass => {
                if movegen::has_action(&self.board, self.turn) {
                    Err(ParseMoveError::PassNotAllowed)
                } else {
                    Ok(mv)
                }
            }
            Move::Action { from, to, promotion, heresy } => {
                if !self.board.team(self.turn).contains(from.bit()) {
                    return Err(ParseMoveError::NoPiece { square: from });
                }
                if !self.board.targets(from).contains(to.bit()) {
                    return Err(ParseMoveError::Unreachable { from, to, at: 2 });
                }
                let quiet_promotion = self.promotes(from, to) && self.board.piece_at(to).is_none();
                match (quiet_promotion, promotion) {
                    (true, None) => {
                        return Err(ParseMoveError::MissingPromotion { hint: "c, h or s", at: 4 });
                    }
                    (false, Some(_)) => return Err(ParseMoveError::UnexpectedPromotion { at: 4 }),
                    _ => {}
                }
                if heresy && self.board.has_halo(from) {
                    return Err(ParseMoveError::HaloedHeresy {
                        square: from,
                        at: 4 + usize::from(promotion.is_some()),
                    });
                }
                Ok(mv)
            }
        }
    }
}

impl Mages {
    /// Carries out `resolution` of the engagement `e` between `challenger`
    /// and `defender` on the board: the loser leaves, and the winner moves
    /// onto the loser's square, promoted to `promotion` if given (a draw
    /// moves nothing). Returns the reason the turn's end is judged by:
    /// [`EndReason::RoyalExpelled`] after a foul, else
    /// [`EndReason::RoyalDowned`].
    #[inline(always)]
    fn settle(
        &mut self,
        e: Engagement,
        challenger: Piece,
        defender: Piece,
        resolution: Resolution,
        promotion: Option<Role>,
    ) -> EndReason {
        match resolution {
            Resolution::Challenger => {
                self.board.remove_known(e.defender, defender);
                self.board.relocate(
                    e.challenger,
                    e.defender,
                    challenger,
                    promotion.unwrap_or(challenger.role),
                );
            }
            Resolution::Defender => {
                self.board.remove_known(e.challenger, challenger);
                self.board.relocate(e.defender, e.challenger, defender, promotion.unwrap_or(defender.role));
            }
            Resolution::Draw => {}
            Resolution::Foul => {
                self.board.remove_known(e.challenger, challenger);
                if self.rules.foul_defender == FoulDefender::TakesSquare {
                    self.board.relocate(
                        e.defender,
                        e.challenger,
                        defender,
                        promotion.unwrap_or(defender.role),
                    );
                }
                return EndReason::RoyalExpelled;
            }
        }
        EndReason::RoyalDowned
    }
}

impl Position for Mages {
    type Move = Move;
    type MoveList = MoveList;
    type ParseError = ParseMagesError;
    type MoveError = ParseMoveError;

    const VARIANT: &'static str = "mages";

    fn start() -> Mages {
        Mages::start_with(Rules::DEFAULT)
    }

    fn from_fen(text: &str) -> Result<Mages, ParseMagesError> {
        Mages::from_fen_with(text, Rules::DEFAULT)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        Team::from_seat(seat).map_or("none", Team::name)
    }

    fn turn(&self) -> Seat {
        self.turn.seat()
    }

    fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        if self.is_over() {
            return out;
        }
        if self.pending.is_some() {
            for r in Resolution::ALL {
                out.extend(self.resolution_moves(r));
            }
            return out;
        }
        movegen::push_actions(&self.board, self.turn, &mut out);
        if out.is_empty() {
            out.push(Move::Pass);
        }
        out
    }

    fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Action { from, to, promotion, heresy } => {
                let Some(piece) = self.board.piece_at(from) else { return };
                if heresy {
                    self.board.set_halo(from, true);
                }
                if self.board.team(piece.team.other()).contains(to.bit()) {
                    self.pending = Some(Engagement::new(from, to));
                    self.passes = 0;
                    return;
                }
                self.board.relocate(from, to, piece, promotion.unwrap_or(piece.role));
                self.passes = 0;
                self.finish_turn(EndReason::RoyalDowned);
            }
            Move::Resolve { resolution, promotion } => {
                let Some(e) = self.pending.take() else { return };
                let (Some(challenger), Some(defender)) =
                    (self.board.piece_at(e.challenger), self.board.piece_at(e.defender))
                else {
                    return;
                };
                let reason = self.settle(e, challenger, defender, resolution, promotion);
                self.finish_turn(reason);
            }
            Move::Pass => {
                // Counted up to 2, the double pass (the string form's limit).
                self.passes = (self.passes + 1).min(2);
                self.finish_turn(EndReason::RoyalDowned);
            }
        }
    }

    fn parse_move(&self, token: &str) -> Result<Move, ParseMoveError> {
        self.check(Move::from_ascii(token.as_bytes())?)
    }

    fn outcome(&self) -> Option<Outcome> {
        let (reason, winner) = self.end?;
        Some(match winner {
            Some(team) => Outcome::win(team.seat(), 2, reason.name()),
            None => Outcome::draw(2, reason.name()),
        })
    }

    /// The pieces, halos, side to move, pending engagement, passes and,
    /// under a ply limit, the ply count.
    fn zobrist(&self) -> u64 {
        let mut h = 0;
        for team in Team::ALL {
            for role in Role::ALL {
                for sq in self.board.pieces(Piece::new(team, role)) {
                    h ^= zobrist::piece(team, role, usize::from(sq));
                }
            }
        }
        for sq in self.board.halos() {
            h ^= zobrist::halo(usize::from(sq));
        }
        if self.turn == Team::Blue {
            h ^= zobrist::blue_to_move();
        }
        if let Some(e) = self.pending {
            h ^= zobrist::engagement(e.challenger.index(), e.defender.index());
        }
        if self.passes > 0 {
            h ^= zobrist::passes(self.passes);
        }
        if self.rules.ply_limit.is_some() {
            h ^= zobrist::ply(self.ply);
        }
        h
    }

    fn repetition_key(&self) -> u64 {
        let mut h = Position::zobrist(self);
        if self.rules.ply_limit.is_some() {
            h ^= zobrist::ply(self.ply);
        }
        h
    }

    fn status(&self) -> String {
        match self.outcome() {
            Some(o) => self.outcome_text(&o),
            None if self.pending.is_some() => "engagement pending".to_owned(),
            None if !movegen::has_action(&self.board, self.turn) => "ongoing (must pass)".to_owned(),
            None => "ongoing".to_owned(),
        }
    }

    fn chance(&self) -> Option<Vec<(Move, f64)>> {
        self.chance_with(&DEFAULT_MODEL)
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Decision or full perft as documented in the crate: a declaration is
    /// a ply, its resolution is not; from a pending engagement the root's
    /// inputs are its counted resolutions.
    fn perft(&self, depth: u32, mode: PerftMode) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.is_over() {
            return 0;
        }
        if self.pending.is_some() {
            return self
                .counted_resolutions(mode)
                .into_iter()
                .map(|mv| self.perft_after(mv, depth, mode))
                .sum();
        }
        match mode {
            PerftMode::Decision => movegen::perft::<false>(&self.node(), depth, &self.rules),
            PerftMode::Full => movegen::perft::<true>(&self.node(), depth, &self.rules),
        }
    }

    /// At a pending engagement a resolution perft does not count in `mode`
    /// (`foul` always; `defender` and `draw` in decision perft) has no
    /// subtree: 0, so summing over every legal input still gives
    /// [`Position::perft`].
    fn perft_after(&self, mv: Move, depth: u32, mode: PerftMode) -> u64 {
        if depth == 0 || (self.pending.is_some() && !self.counted_resolutions(mode).contains(&mv)) {
            return 0;
        }
        let mut child = self.clone();
        child.play_unchecked(mv);
        if self.declares(mv) { child.perft(depth, mode) } else { child.perft(depth - 1, mode) }
    }

    /// At a pending engagement, its counted resolutions in `mode`; otherwise
    /// every legal input.
    fn perft_roots(&self, mode: PerftMode) -> Vec<Move> {
        if self.pending.is_some() { self.counted_resolutions(mode) } else { self.legal_moves().to_vec() }
    }
}

impl fmt::Display for Mages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Mages {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Mages {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Mages, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Mages::from_fen(&s).map_err(serde::de::Error::custom)
    }
}
