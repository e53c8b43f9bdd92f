//! [`WdlModel`]: a variant's mapping from raw scores to odds and to the
//! normalised score (see the [module doc](super)).

use super::{Wdl, logistic};
use crate::game::Seat;
use crate::search::{EVAL_LIMIT, Score};

/// A variant's fitted mapping from raw scores to odds (see the
/// [module doc](super)). All fields are in centipawns of the raw score.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct WdlModel {
    /// The number of seats (2, or 4 for Royale).
    pub seats: u8,
    /// `b`: the logistic's scale, centipawns per unit of log-odds (> 0).
    pub scale: f64,
    /// `a`: where the win chance is one half, relative to the offset score
    /// (`draw_width / 2` with two seats).
    pub win_offset: f64,
    /// `d ≥ 0`: how much the win and loss curves are apart; 0 in a game
    /// without draws.
    pub draw_width: f64,
    /// `c[i]`: the raw score seat `i` sees when it can expect its fair share
    /// (with two seats `c[1] = −c[0]`).
    pub seat_offsets: [f64; 4],
    /// `t`: what the side to move's raw score runs ahead of its chances
    /// (two seats; 0 with four, where the win offset absorbs it).
    pub tempo: f64,
    /// `p > 0`: the curve's shape; 1 is the logistic, below 1 steeper
    /// near an even game and flatter far from it.
    pub power: f64,
    /// Raw scores are clamped to ±`clamp` first: where the search averages
    /// chance outcomes, a mean of wins and evaluations (40% of a win is
    /// 400,000) is far beyond any evaluation, and reads as "very good".
    pub clamp: f64,
    /// `δ` in `[0, 1)`: the chance that a game is drawn whatever the score
    /// (in self-play, a won position the engine repeats instead of
    /// converting); the curves above share out the rest. Far from an even
    /// game it fades with [`WdlModel::draw_floor_width`].
    pub draw_floor: f64,
    /// `w > 0`: how far the draw floor reaches, in centipawns of the offset
    /// score `x`: the floor is `δ · exp(−(x / w)²)`, so a won position is
    /// drawn less often than an even one (Sovereign's self-play: a fifth of
    /// the games drawn near 0, a tenth beyond ±150 pawns).
    /// `f64::INFINITY`: the same floor at every score.
    pub draw_floor_width: f64,
    /// `Some((level, other))`: raw scores below `level` are read by `other`
    /// instead, for a variant whose scores below a level mean another kind
    /// of position (Royale: below −10,000 the seat has no king at the end of
    /// the searched line, whether or not it has one now; see
    /// [`WdlModel::reading_below`]). `None`: this model reads every score.
    pub below: Option<(f64, &'static WdlModel)>,
}

impl WdlModel {
    /// An unfitted two-seat model without draws whose normalised score is
    /// the raw score: an expected result of `1 / (1 + 10^(−cp/400))`. The
    /// default of [`Reading::WDL`](crate::search::Reading::WDL).
    pub const ELO: WdlModel = WdlModel::two_seats(400.0 / core::f64::consts::LN_10, 0.0, 0.0, 0.0);

    /// A two-seat model: scale `b`, draw width `d`, seat 0's offset `c`
    /// (seat 1's is `−c`) and tempo `t`.
    #[must_use]
    pub const fn two_seats(scale: f64, draw_width: f64, offset: f64, tempo: f64) -> WdlModel {
        WdlModel {
            seats: 2,
            scale,
            win_offset: draw_width / 2.0,
            draw_width,
            seat_offsets: [offset, -offset, 0.0, 0.0],
            tempo,
            power: 1.0,
            clamp: EVAL_LIMIT as f64,
            draw_floor: 0.0,
            draw_floor_width: f64::INFINITY,
            below: None,
        }
    }

    /// A four-seat model: scale `b`, win offset `a` and draw width `d`,
    /// without seat offsets or tempo.
    #[must_use]
    pub const fn four_seats(scale: f64, win_offset: f64, draw_width: f64) -> WdlModel {
        WdlModel {
            seats: 4,
            win_offset,
            seat_offsets: [0.0; 4],
            ..WdlModel::two_seats(scale, draw_width, 0.0, 0.0)
        }
    }

    /// The same model with raw scores clamped to ±`clamp` (see
    /// [`WdlModel::clamp`]).
    #[must_use]
    pub const fn with_clamp(self, clamp: f64) -> WdlModel {
        WdlModel { clamp, ..self }
    }

    /// The same model with a draw chance `δ` whatever the score (see
    /// [`WdlModel::draw_floor`]).
    #[must_use]
    pub const fn with_draw_floor(self, draw_floor: f64) -> WdlModel {
        WdlModel { draw_floor, ..self }
    }

    /// The same model with a draw floor that fades over `width` centipawns
    /// of the offset score (see [`WdlModel::draw_floor_width`]).
    #[must_use]
    pub const fn with_draw_floor_width(self, draw_floor_width: f64) -> WdlModel {
        WdlModel { draw_floor_width, ..self }
    }

    /// The same model, handing raw scores below `level` to `other` (see
    /// [`WdlModel::below`]): a piecewise reading, each piece fitted on the
    /// positions whose scores fall in it.
    #[must_use]
    pub const fn reading_below(self, level: f64, other: &'static WdlModel) -> WdlModel {
        WdlModel { below: Some((level, other)), ..self }
    }

    /// The model that reads raw score `raw`: `self`, or the one
    /// [`WdlModel::below`] hands it to. One hand-over at most: that model
    /// reads the score with its own curves, whatever its own `below` says,
    /// so no chain of models can loop.
    #[must_use]
    pub fn reader(&self, raw: f64) -> &WdlModel {
        match self.below {
            Some((level, other)) if raw < level => other,
            _ => self,
        }
    }

    /// The draw floor at offset score `x` (see [`WdlModel::draw_floor_width`]).
    fn floor_at(&self, x: f64) -> f64 {
        if self.draw_floor_width.is_finite() {
            let r = x / self.draw_floor_width;
            self.draw_floor * (-r * r).exp()
        } else {
            self.draw_floor
        }
    }

    /// The same model with the curve's shape `p` (see [`WdlModel::power`]).
    #[must_use]
    pub const fn with_power(self, power: f64) -> WdlModel {
        WdlModel { power, ..self }
    }

    /// Raw centipawns `y` in units of log-odds: `sign(y) · (|y| / b)^p`.
    fn unit(&self, y: f64) -> f64 {
        let u = (y.abs() / self.scale).powf(self.power);
        if y < 0.0 { -u } else { u }
    }

    /// The offset of `seat` when it is (or is not) `to_move`.
    fn offset(&self, seat: Seat, to_move: bool) -> f64 {
        let c = self.seat_offsets.get(seat.index()).copied().unwrap_or(0.0);
        if to_move { c + self.tempo } else { c - self.tempo }
    }

    /// Win, draw and loss probabilities of a raw, non-forced score `raw`
    /// seen from `seat`, the side to move.
    #[must_use]
    pub fn probabilities(&self, raw: f64, seat: Seat) -> [f64; 3] {
        self.probabilities_for(raw, seat, true)
    }

    /// [`WdlModel::probabilities`] for a `seat` that is, or is not, `to_move`.
    #[must_use]
    pub fn probabilities_for(&self, raw: f64, seat: Seat, to_move: bool) -> [f64; 3] {
        self.reader(raw).own_probabilities(raw, seat, to_move)
    }

    /// [`WdlModel::probabilities_for`] by this model's curves, whatever
    /// [`WdlModel::below`] says.
    fn own_probabilities(&self, raw: f64, seat: Seat, to_move: bool) -> [f64; 3] {
        let x = raw.clamp(-self.clamp, self.clamp) - self.offset(seat, to_move);
        let win = logistic(self.unit(x - self.win_offset));
        let loss = logistic(self.unit(-x - (self.draw_width - self.win_offset)));
        let draw = (1.0 - win - loss).max(0.0);
        let floor = self.floor_at(x);
        let keep = 1.0 - floor;
        [keep * win, keep * draw + floor, keep * loss]
    }

    /// The odds of `score` for `seat`, the side to move, in thousandths:
    /// 1000/0/0 for a forced win, 0/0/1000 for a forced loss.
    ///
    /// ```
    /// use motley_core::search::{Score, WdlModel, Wdl};
    /// use motley_core::Seat;
    /// let m = WdlModel::two_seats(200.0, 100.0, 0.0, 0.0);
    /// let even = m.wdl(Score(0), Seat(0));
    /// assert_eq!(even.win, even.loss);
    /// assert_eq!(even.win + even.draw + even.loss, 1000);
    /// assert_eq!(m.wdl(Score::win_in(3), Seat(1)), Wdl { win: 1000, draw: 0, loss: 0 });
    /// ```
    #[must_use]
    pub fn wdl(&self, score: Score, seat: Seat) -> Wdl {
        self.wdl_for(score, seat, true)
    }

    /// [`WdlModel::wdl`] for a `seat` that is, or is not, `to_move`.
    #[must_use]
    pub fn wdl_for(&self, score: Score, seat: Seat, to_move: bool) -> Wdl {
        if score.is_win() {
            return Wdl { win: 1000, draw: 0, loss: 0 };
        }
        if score.is_loss() {
            return Wdl { win: 0, draw: 0, loss: 1000 };
        }
        let [w, _, l] = self.probabilities_for(f64::from(score.0), seat, to_move);
        let win = (w * 1000.0).round().clamp(0.0, 1000.0) as u16;
        let loss = ((l * 1000.0).round().clamp(0.0, 1000.0) as u16).min(1000 - win);
        Wdl { win, draw: 1000 - win - loss, loss }
    }

    /// The expected result (0 to 1) of `score` for `seat`, the side to
    /// move: the win chance plus the draw chance shared among the seats (1
    /// for a forced win, 0 for a forced loss).
    #[must_use]
    pub fn expected(&self, score: Score, seat: Seat) -> f64 {
        self.expected_for(score, seat, true)
    }

    /// [`WdlModel::expected`] for a `seat` that is, or is not, `to_move`.
    #[must_use]
    pub fn expected_for(&self, score: Score, seat: Seat, to_move: bool) -> f64 {
        if score.is_win() {
            return 1.0;
        }
        if score.is_loss() {
            return 0.0;
        }
        let [w, d, _] = self.probabilities_for(f64::from(score.0), seat, to_move);
        w + d / f64::from(self.seats.max(1))
    }

    /// The normalised score of `score` for `seat`, the side to move (see the
    /// [module doc](super#the-normalised-score)): 0 for an even game, +100
    /// for a seat whose odds of scoring are 1.78 times the fair odds (64%
    /// with two seats). Forced results are kept as they are; the rest is
    /// clamped to ±[`EVAL_LIMIT`].
    ///
    /// ```
    /// use motley_core::search::{Score, WdlModel};
    /// use motley_core::Seat;
    /// // The default model leaves scores as they are.
    /// assert_eq!(WdlModel::ELO.normalise(Score(137), Seat(0)), Score(137));
    /// // A seat offset of -300: a raw -300 is an even game.
    /// let m = WdlModel::two_seats(150.0, 0.0, -300.0, 0.0);
    /// assert_eq!(m.normalise(Score(-300), Seat(0)), Score(0));
    /// assert_eq!(m.normalise(Score(300), Seat(1)), Score(0));
    /// ```
    #[must_use]
    pub fn normalise(&self, score: Score, seat: Seat) -> Score {
        self.normalise_for(score, seat, true)
    }

    /// [`WdlModel::normalise`] for a `seat` that is, or is not, `to_move`.
    #[must_use]
    pub fn normalise_for(&self, score: Score, seat: Seat, to_move: bool) -> Score {
        if score.centipawns().is_none() {
            return score;
        }
        self.reader(f64::from(score.0)).own_normalised(score, seat, to_move)
    }

    /// [`WdlModel::normalise_for`] of a non-forced `score` by this model's
    /// curves, whatever [`WdlModel::below`] says.
    fn own_normalised(&self, score: Score, seat: Seat, to_move: bool) -> Score {
        let x = f64::from(score.0).clamp(-self.clamp, self.clamp) - self.offset(seat, to_move);
        let n = f64::from(self.seats.max(2));
        // E = w(1 − 1/n) + (1 − l)/n and 1 − E = (1 − w)(1 − 1/n) + l/n,
        // each from logistics that do not lose precision in the tails.
        let w = logistic(self.unit(x - self.win_offset));
        let not_w = logistic(self.unit(self.win_offset - x));
        let l = logistic(self.unit(-x - (self.draw_width - self.win_offset)));
        let not_l = logistic(self.unit(x + (self.draw_width - self.win_offset)));
        // The draw floor δ: E' = (1 − δ) E + δ / n, 1 − E' = (1 − δ)(1 − E) + δ (1 − 1/n).
        let floor = self.floor_at(x);
        let keep = 1.0 - floor;
        let e = keep * (w * (1.0 - 1.0 / n) + not_l / n) + floor / n;
        let not_e = keep * (not_w * (1.0 - 1.0 / n) + l / n) + floor * (1.0 - 1.0 / n);
        let limit = f64::from(EVAL_LIMIT);
        let value = if e <= 0.0 {
            -limit
        } else if not_e <= 0.0 {
            limit
        } else {
            400.0 * ((e / not_e).log10() - (1.0 / (n - 1.0)).log10())
        };
        Score(value.clamp(-limit, limit).round() as i32)
    }
}
