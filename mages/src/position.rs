//! [`Mages`]: the validated, playable position — the pure position API (no
//! clocks). Implements [`motley_core::Position`] and [`motley_core::BoardView`].

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use motley_core::{Outcome, PerftMode, Position, Seat};
#[cfg(feature = "rand")]
use rand::Rng;

use crate::board::{Board, Square, far_rank};
use crate::end::EndReason;
use crate::model::{DEFAULT_MODEL, Odds, OutcomeModel};
use crate::movegen::{self, State};
use crate::moves::{Engagement, Move, ParseMoveError, Resolution};
use crate::piece::{Piece, Role, Team};
use crate::rules::{FoulDefender, NoAction, Rules};
use crate::setup::{ParseSetupError, Setup, Spans};
use crate::zobrist::KEYS;

/// The legal inputs of a position, on the stack.
///
/// Bound, 12 × 22 = 264: a team has at most 12 pieces (validated, and play
/// never adds one), all of them non-pawns once its pawns promote. Listed
/// inputs are unmarked actions (one per destination, three per quiet pawn
/// step onto the far rank), and the widest piece, a Counselor, reaches at
/// most 22 squares of the 6x8 board (from `c4`, `d4`, `c5` or `d5`; test
/// `move_list_bound`), while a pawn has at most 1 × 3 + 2 = 5 inputs and the
/// other roles fewer than 22. Otherwise the list holds one `pass`, or a
/// pending engagement's at most 3 + 3 + 1 + 3 = 10 resolutions.
pub type MoveList = ArrayVec<Move, 264>;

/// A position string is malformed or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMagesError {
    /// The text does not follow the grammar: every problem found, sorted by
    /// byte offset (the position is not validated then).
    #[error(transparent)]
    Syntax(#[from] ParseSetupError),
    /// The text is well-formed but not a position of the game: every
    /// problem found, in the order checked, each at its byte offset.
    #[error("{}", Problem::list(issues))]
    Invalid {
        /// The problems; never empty.
        issues: Vec<Problem>,
    },
}

/// One reason a well-formed position string is not a position of the game,
/// and where: the byte offset of the offending square in the board or halos
/// field, or of the start of the field it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{issue} (byte {at})")]
pub struct Problem {
    /// What is wrong.
    pub issue: Issue,
    /// Byte offset.
    pub at: usize,
}

impl Problem {
    /// The problems, separated by `; `.
    fn list(problems: &[Problem]) -> String {
        problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
    }

    /// `issue` located by the offsets recorded while parsing.
    fn locate(issue: Issue, spans: &Spans) -> Problem {
        let at = match issue {
            Issue::PawnOnFarRank { square } => spans.pieces[square.index()],
            Issue::HaloOnEmptySquare { square } => spans.halos[square.index()],
            Issue::BadEngagement { .. } | Issue::PendingOutOfPlace => spans.fields[2],
            Issue::EndWithoutMissingRoyal => spans.fields[6],
            Issue::RoyalCount { .. } | Issue::NoRoyal | Issue::TooManyPieces { .. } => spans.fields[0],
        };
        Problem { issue, at }
    }
}

/// A [`Setup`] is not a position of the game: every [`Issue`] found, in
/// the order checked (board, halos, end, pending).
pub type PositionError = motley_core::IssueList<Issue>;

/// One reason a [`Setup`] is not a position of the game. Each variant names the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Issue {
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
    pub(crate) state: State,
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
    /// [`PositionError`] with every [`Issue`] found.
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Mages, PositionError> {
        let mut issues = Vec::new();
        let mut board = setup.board;
        for sq in board.halos() {
            board.set_halo(sq, false);
        }
        for team in Team::ALL {
            let royals = board.pieces(Piece::new(team, Role::Royal)).count();
            if royals > 1 {
                issues.push(Issue::RoyalCount { team, count: royals });
            }
            let pieces = board.team(team).count();
            let pawns = board.pieces(Piece::new(team, Role::Pawn)).count();
            if pieces > 12 || pawns > 6 {
                issues.push(Issue::TooManyPieces { team, pieces, pawns });
            }
            for square in board.pieces(Piece::new(team, Role::Pawn)) & far_rank(team) {
                issues.push(Issue::PawnOnFarRank { square });
            }
        }
        for square in setup.halos {
            if board.occupied().contains(square) {
                board.set_halo(square, true);
            } else {
                issues.push(Issue::HaloOnEmptySquare { square });
            }
        }
        let mut missing = Team::ALL.into_iter().filter(|&t| board.royal(t).is_none());
        let end = match (missing.next(), missing.next(), setup.end) {
            (None, _, None) => None,
            (None, _, Some(_)) => {
                issues.push(Issue::EndWithoutMissingRoyal);
                None
            }
            (Some(loser), None, reason) => {
                Some((reason.unwrap_or(EndReason::RoyalDowned), Some(loser.other())))
            }
            (Some(_), Some(_), _) => {
                issues.push(Issue::NoRoyal);
                None
            }
        };
        let over = end.is_some() || issues.contains(&Issue::NoRoyal);
        let pending = setup.pending.map(|(challenger, defender)| {
            let ok = board.team(setup.turn).contains(challenger)
                && board.team(setup.turn.other()).contains(defender)
                && board.targets(challenger).contains(defender);
            if !ok {
                issues.push(Issue::BadEngagement { challenger, defender });
            } else if setup.passes > 0 || over {
                issues.push(Issue::PendingOutOfPlace);
            }
            Engagement::new(challenger, defender)
        });
        if !issues.is_empty() {
            return Err(PositionError { issues });
        }
        let state =
            State::new(board, setup.turn, pending, setup.passes, (setup.ply, rules.ply_limit.is_some()));
        let mut pos = Mages { state, end, rules };
        if pos.end.is_none() && pos.state.pending.is_none() {
            pos.update_end(EndReason::RoyalDowned);
        }
        Ok(pos)
    }

    /// The unvalidated form of the position (what the position string says).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let missing_royal = Team::ALL.into_iter().any(|t| self.state.board.royal(t).is_none());
        Setup {
            board: self.state.board,
            halos: self.state.board.halos(),
            turn: self.state.turn,
            pending: self.state.pending.map(|e| (e.challenger, e.defender)),
            passes: self.state.passes,
            ply: self.state.ply,
            end: self.end.map(|(r, _)| r).filter(|_| missing_royal),
        }
    }

    /// The start position under `rules`.
    #[must_use]
    pub fn start_with(rules: Rules) -> Mages {
        let state = State::new(Board::start(), Team::Green, None, 0, (0, rules.ply_limit.is_some()));
        Mages { state, end: None, rules }
    }

    /// Parses a position string and validates it under `rules`.
    ///
    /// # Errors
    /// [`ParseMagesError`]: every syntax problem, or when the text follows the
    /// grammar, every validation problem, each naming its field and byte offset.
    pub fn from_fen_with(text: &str, rules: Rules) -> Result<Mages, ParseMagesError> {
        let (setup, spans) = Setup::parse(text.as_bytes())?;
        Mages::from_setup(&setup, rules).map_err(|e| ParseMagesError::Invalid {
            issues: e.issues.into_iter().map(|issue| Problem::locate(issue, &spans)).collect(),
        })
    }

    /// The pieces and halos.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// The team whose input comes next (the challenger's team while an engagement is pending).
    #[must_use]
    pub fn side_to_move(&self) -> Team {
        self.state.turn
    }

    /// The pending engagement, if any.
    #[must_use]
    pub fn pending(&self) -> Option<Engagement> {
        self.state.pending
    }

    /// Passes in a row just made.
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.state.passes
    }

    /// Turns completed since the start.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.state.ply
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

    /// The winning team once the game is over (`None` while it goes on
    /// and for a draw).
    #[must_use]
    pub fn winner(&self) -> Option<Team> {
        self.end.and_then(|(_, winner)| winner)
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
        let e = self.state.pending?;
        let challenger = self.state.board.role_at(e.challenger)?;
        let defender = self.state.board.role_at(e.defender)?;
        self.chance_of(model.odds(challenger, defender, e.combat))
    }

    /// The resolutions of the pending engagement with the given `odds`,
    /// listed as [`Mages::chance_with`] lists them: the seam for outcome
    /// models that are not a table by role (a model of the people, for
    /// example). `None` without a pending engagement.
    #[must_use]
    pub fn chance_of(&self, odds: Odds) -> Option<Vec<(Move, f64)>> {
        self.state.pending?;
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
        if let Some(e) = self.state.pending {
            let challenger = self.state.board.role_at(e.challenger)?;
            let defender = self.state.board.role_at(e.defender)?;
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
    pub fn play_random_with<R: Rng + ?Sized>(&mut self, model: &OutcomeModel, rng: &mut R) -> Option<Move> {
        let mv = self.random_move(model, rng)?;
        self.play_unchecked(mv);
        Some(mv)
    }

    /// The inputs resolving the pending engagement with `resolution` (§4):
    /// one, or three when it promotes a pawn (§10). Empty without a pending engagement.
    #[must_use]
    pub fn resolution_moves(&self, resolution: Resolution) -> ArrayVec<Move, 3> {
        let mut out = ArrayVec::new();
        let Some(e) = self.state.pending else { return out };
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
        self.state.board.role_at(from) == Some(Role::Pawn)
            && self.state.board.team_at(from).is_some_and(|t| far_rank(t).contains(to))
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

    /// Decides whether the game is over (§7): a Royal off the board, a
    /// double pass, the ply limit, or (under [`NoAction::Lose`]) no action.
    fn update_end(&mut self, royal_reason: EndReason) {
        self.end = if let Some(loser) = Team::ALL.into_iter().find(|&t| self.state.board.royal(t).is_none()) {
            Some((royal_reason, Some(loser.other())))
        } else if self.state.passes >= 2 && self.rules.double_pass_draw {
            Some((EndReason::DoublePass, None))
        } else if self.rules.ply_limit.is_some_and(|l| self.state.ply >= l) {
            Some((EndReason::PlyLimit, None))
        } else if self.rules.no_action == NoAction::Lose
            && !movegen::has_action(&self.state.board, self.state.turn)
        {
            Some((EndReason::NoAction, Some(self.state.turn.other())))
        } else {
            None
        };
    }

    /// Forfeits the side to move's turn (a referee decision, §6): the move passes
    /// to the other team; this is not a pass. Returns `false` (doing nothing)
    /// while an engagement is pending or once the game is over.
    pub fn forfeit_turn(&mut self) -> bool {
        if self.state.pending.is_some() || self.is_over() {
            return false;
        }
        self.state.forfeit(&self.rules);
        self.update_end(EndReason::RoyalDowned);
        true
    }

    fn declares(&self, mv: Move) -> bool {
        match mv {
            Move::Action { to, .. } => {
                self.state.pending.is_none() && self.state.board.team(self.state.turn.other()).contains(to)
            }
            _ => false,
        }
    }

    /// Checks a syntactically valid input against the position, naming what
    /// is wrong: a pass only without an action, a promotion letter exactly
    /// where a pawn promotes, a heresy only without a halo (§5, §10).
    fn check(&self, mv: Move) -> Result<Move, ParseMoveError> {
        if self.is_over() {
            return Err(ParseMoveError::GameOver { status: Position::status(self) });
        }
        match mv {
            Move::Resolve { resolution, promotion } => {
                if self.state.pending.is_none() {
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
            _ if self.state.pending.is_some() => Err(ParseMoveError::Pending),
            Move::Pass => {
                if movegen::has_action(&self.state.board, self.state.turn) {
                    Err(ParseMoveError::PassNotAllowed)
                } else {
                    Ok(mv)
                }
            }
            Move::Action { from, to, promotion, heresy } => {
                if !self.state.board.team(self.state.turn).contains(from) {
                    return Err(ParseMoveError::NoPiece { square: from });
                }
                if !self.state.board.targets(from).contains(to) {
                    return Err(ParseMoveError::Unreachable { from, to, at: 2 });
                }
                let quiet_promotion = self.promotes(from, to) && self.state.board.piece_at(to).is_none();
                match (quiet_promotion, promotion) {
                    (true, None) => {
                        return Err(ParseMoveError::MissingPromotion { hint: "c, h or s", at: 4 });
                    }
                    (false, Some(_)) => return Err(ParseMoveError::UnexpectedPromotion { at: 4 }),
                    _ => {}
                }
                if heresy && self.state.board.has_halo(from) {
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
        self.state.turn.seat()
    }

    fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        if self.is_over() {
            return out;
        }
        if self.state.pending.is_some() {
            for r in Resolution::ALL {
                out.extend(self.resolution_moves(r));
            }
            return out;
        }
        movegen::actions(&self.state.board, self.state.turn, &mut out);
        if out.is_empty() {
            out.push(Move::Pass);
        }
        out
    }

    /// [`Position::legal_moves`]' length, counted by the same walk without
    /// listing.
    fn count_legal(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        if self.state.pending.is_some() {
            return Resolution::ALL.into_iter().map(|r| self.resolution_moves(r).len() as u64).sum();
        }
        let mut count = motley_core::movegen::Count::default();
        movegen::actions(&self.state.board, self.state.turn, &mut count);
        count.0.max(1)
    }

    /// Whether the game goes on: a position that is not over always has an
    /// input (a pass at worst).
    fn has_legal_moves(&self) -> bool {
        !self.is_over()
    }

    fn play_unchecked(&mut self, mv: Move) {
        if let Some(reason) = self.state.make(mv, &self.rules) {
            self.update_end(reason);
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
        self.state.hash
    }

    fn repetition_key(&self) -> u64 {
        let mut h = Position::zobrist(self);
        h ^= KEYS.ply(self.state.ply, self.rules.ply_limit.is_some());
        h
    }

    fn status(&self) -> String {
        match self.outcome() {
            Some(o) => self.outcome_text(&o),
            None if self.state.pending.is_some() => "engagement pending".to_owned(),
            None if !movegen::has_action(&self.state.board, self.state.turn) => {
                "ongoing (must pass)".to_owned()
            }
            None => "ongoing".to_owned(),
        }
    }

    fn chance(&self) -> Option<Vec<(Move, f64)>> {
        self.chance_with(&DEFAULT_MODEL)
    }

    /// Every legal action of a piece without a halo, declared a heresy (§5).
    fn marked_inputs(&self) -> Vec<Move> {
        self.legal_moves()
            .iter()
            .filter_map(|&mv| match mv {
                Move::Action { from, to, promotion, heresy: false } if !self.state.board.has_halo(from) => {
                    Some(Move::Action { from, to, promotion, heresy: true })
                }
                _ => None,
            })
            .collect()
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
        if self.state.pending.is_some() {
            return self
                .counted_resolutions(mode)
                .into_iter()
                .map(|mv| self.perft_after(mv, depth, mode))
                .sum();
        }
        match mode {
            PerftMode::Decision => movegen::perft::<false>(&self.state.node(), depth, &self.rules),
            PerftMode::Full => movegen::perft::<true>(&self.state.node(), depth, &self.rules),
        }
    }

    /// At a pending engagement a resolution perft does not count in `mode`
    /// (`foul` always; `defender` and `draw` in decision perft) has no
    /// subtree: 0, so summing over every legal input still gives
    /// [`Position::perft`].
    fn perft_after(&self, mv: Move, depth: u32, mode: PerftMode) -> u64 {
        if depth == 0 || (self.state.pending.is_some() && !self.counted_resolutions(mode).contains(&mv)) {
            return 0;
        }
        let mut child = self.clone();
        child.play_unchecked(mv);
        if self.declares(mv) { child.perft(depth, mode) } else { child.perft(depth - 1, mode) }
    }

    /// At a pending engagement, its counted resolutions in `mode`; otherwise
    /// every legal input.
    fn perft_roots(&self, mode: PerftMode) -> Vec<Move> {
        if self.state.pending.is_some() {
            self.counted_resolutions(mode)
        } else {
            self.legal_moves().to_vec()
        }
    }
}

impl fmt::Display for Mages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

impl FromStr for Mages {
    type Err = ParseMagesError;

    /// [`Position::from_fen`]: the position string under default rules.
    fn from_str(text: &str) -> Result<Mages, ParseMagesError> {
        Mages::from_fen_with(text, Rules::DEFAULT)
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::zobrist;

    const SUITE: &str = include_str!("../../fixtures/mages/perft.perft");

    fn from_scratch(pos: &Mages) -> u64 {
        let s = &pos.state;
        zobrist::from_scratch(&s.board, s.turn, s.pending, s.passes, (s.ply, pos.rules.ply_limit.is_some()))
    }

    /// The hash make keeps equals the hash of the whole position after
    /// every input of seeded random games (every resolution, fouls and
    /// forfeited turns included) and every input of every suite position.
    #[test]
    fn incremental_hash_equals_from_scratch() {
        let limited =
            Rules { ply_limit: Some(80), foul_defender: FoulDefender::TakesSquare, ..Rules::DEFAULT };
        for rules in [Rules::DEFAULT, limited] {
            for seed in 0..150 {
                let mut rng = StdRng::seed_from_u64(seed);
                let mut pos = Mages::start_with(rules);
                for _ in 0..160 {
                    if pos.is_over() {
                        break;
                    }
                    if rng.random_range(0..40) == 0 {
                        pos.forfeit_turn();
                    } else {
                        let moves = pos.legal_moves();
                        pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                    }
                    assert_eq!(pos.state.hash, from_scratch(&pos), "{pos}");
                }
            }
        }
        let fens = SUITE.lines().filter_map(|l| l.strip_prefix("fen "));
        for fen in fens {
            let pos = Mages::from_fen(fen).unwrap();
            assert_eq!(pos.state.hash, from_scratch(&pos), "{fen}");
            for &mv in &pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                assert_eq!(child.state.hash, from_scratch(&child), "{fen} {mv}");
            }
        }
    }
}
