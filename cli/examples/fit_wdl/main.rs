//! Fits a variant's win/draw/loss model ([`motley_core::search::WdlModel`])
//! on self-play games of Motley's own engine and measures it on other games.
//!
//! ```sh
//! cargo run --release -p motley-cli --example fit_wdl -- <VARIANT> \
//!     [--games 200] [--held-out 100] [--seed 1] [--depth 2] \
//!     [--random-plies 4] [--max-plies 300] [--nodes N] [--threads 1] [--clamp CP] \
//!     [--power 0] [--offset 0] [--draw-floor 1] [--draw-floor-width 1] \
//!     [--cut draw|drop] [--dump FILE] [--from-dump FILE]
//! ```
//!
//! Each game starts from the variant's start position; the first
//! `--random-plies` plies are uniformly random legal inputs (drawn from the
//! game's seed, so games differ), the rest the best input of a fixed-depth
//! search (`--depth`; with `--nodes N` also at most N nodes a move, which
//! reaches deeper where the position is simple: Royale's endings need it to
//! be decided) by every seat. Chance nodes (Mage's Chess
//! engagements) are resolved by sampling the outcome model, so the fitted
//! odds include chance. The history draws (repetition, quiet-move limits)
//! apply; a game still going after `--max-plies` plies counts as a draw
//! (`--cut drop`: its samples are left out of the fit and the calibration).
//! Every searched position after the random plies whose score is not a
//! forced result gives one sample (with `--clamp`, raw scores are clamped
//! to ±CP, in the fit and in the model: chance means of wins and scores;
//! `--power 0` fits the plain logistic, `--offset 0` no seat offset;
//! `--draw-floor 1` fits a draw chance that does not depend on the score,
//! `--draw-floor-width 1` one that fades far from an even score;
//! `--from-dump FILE` fits the samples of an earlier `--dump` instead of
//! playing games;
//! `--dump FILE` writes every sample, with its game and ply): the search's raw score for the side to
//! move, its seat, that seat's result and the odds class the score is read
//! in (the position's [`Reading::wdl_class`], or the class its model hands
//! the score to, [`WdlModel::below`]).
//!
//! Game `g` of the fit uses seed `seed + g`; the held-out games use seeds
//! `seed + 1_000_000 + g`, so they are never the fitted ones. The output is
//! reproducible from the arguments (whatever `--threads`): the games,
//! the fitted model as Rust source to paste into the variant's `eval.rs`,
//! and the calibration table on the held-out games.

// Test builds (`test = true`: the fit's own tests) do not call `main`.
#![cfg_attr(test, allow(dead_code))]

mod calibration;
mod fit;
#[cfg(test)]
mod tests;

use std::time::Instant;

use motley_cli::variant::{Variant, VariantTask};
use motley_core::BoardView;
use motley_core::search::selfplay::{SampleGame, SampleGameConfig, odds_class, sample_game};
use motley_core::search::{Limits, Reading, SearchConfig, Searcher, WdlModel};
use motley_core::{Seat, SeatResult};
use rayon::prelude::*;

use crate::fit::{FitOptions, Sample};

#[derive(Clone, Debug)]
struct Args {
    variant: Variant,
    games: u64,
    held_out: u64,
    seed: u64,
    depth: u32,
    random_plies: u32,
    max_plies: u32,
    /// Node limit of every search (`--nodes N`), on top of `--depth`.
    nodes: Option<u64>,
    threads: usize,
    clamp: Option<u64>,
    /// Fit the curve's shape (`--power 0`: the plain logistic).
    power: bool,
    /// Fit the seat offset (`--offset 0`: none, for a symmetric game).
    offset: bool,
    /// Fit a draw floor (`--draw-floor 1`; see `WdlModel::draw_floor`).
    draw_floor: bool,
    /// Let the draw floor fade far from an even game (`--draw-floor-width
    /// 1`; see `WdlModel::draw_floor_width`).
    draw_floor_width: bool,
    /// Write every sample to this file (`--dump FILE`).
    dump: Option<String>,
    /// Fit the samples of a `--dump` file instead of playing games
    /// (`--from-dump FILE`).
    from_dump: Option<String>,
    /// Leave out the games cut off at `--max-plies` (`--cut drop`) instead
    /// of reading them as draws (`--cut draw`).
    drop_cut: bool,
}

fn parse_args() -> Result<Args, String> {
    parse_args_from(std::env::args().skip(1))
}

/// The options of the arguments `args` (without the program name).
fn parse_args_from<S: Into<String>>(args: impl IntoIterator<Item = S>) -> Result<Args, String> {
    let mut it = args.into_iter().map(Into::into);
    let variant = it.next().ok_or("usage: fit_wdl <VARIANT> [--games N] ...")?;
    let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
    let mut args = Args {
        variant,
        games: 200,
        held_out: 100,
        seed: 1,
        depth: 2,
        random_plies: 4,
        max_plies: 300,
        nodes: None,
        threads: 1,
        clamp: None,
        power: true,
        offset: true,
        draw_floor: false,
        draw_floor_width: false,
        dump: None,
        from_dump: None,
        drop_cut: false,
    };
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        if flag == "--dump" {
            args.dump = Some(value);
            continue;
        }
        if flag == "--cut" {
            args.drop_cut = match value.as_str() {
                "drop" => true,
                "draw" => false,
                _ => return Err(format!("--cut: `{value}` is not `draw` or `drop`")),
            };
            continue;
        }
        if flag == "--from-dump" {
            args.from_dump = Some(value);
            continue;
        }
        let n: u64 = value.parse().map_err(|_| format!("{flag}: `{value}` is not a number"))?;
        match flag.as_str() {
            "--games" => args.games = n,
            "--held-out" => args.held_out = n,
            "--seed" => args.seed = n,
            "--depth" => args.depth = n as u32,
            "--random-plies" => args.random_plies = n as u32,
            "--max-plies" => args.max_plies = n as u32,
            "--nodes" => args.nodes = Some(n.max(1)),
            "--threads" => args.threads = n.max(1) as usize,
            "--clamp" => args.clamp = Some(n),
            "--power" => args.power = n != 0,
            "--offset" => args.offset = n != 0,
            "--draw-floor" => args.draw_floor = n != 0,
            "--draw-floor-width" => args.draw_floor_width = n != 0,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(args)
}

fn play_all<P: Reading>(seeds: Vec<u64>, a: &Args) -> Vec<SampleGame> {
    let config = SampleGameConfig {
        depth: a.depth,
        nodes: a.nodes,
        random_plies: a.random_plies,
        max_plies: a.max_plies,
    };
    seeds.into_par_iter().map(|s| sample_game::<P>(s, &config)).collect()
}

/// The samples of `games` that the fit reads: all of them, or with
/// `--cut drop` none of a game cut off at `--max-plies`.
fn samples_of(games: &[SampleGame], a: &Args) -> Vec<Sample> {
    games
        .iter()
        .filter(|g| !(a.drop_cut && g.cut))
        .flat_map(|g| {
            g.samples.iter().map(|s| Sample { score: s.raw, seat: s.seat, result: s.result, class: s.class })
        })
        .collect()
}

fn summary(label: &str, games: &[SampleGame], seats: usize) {
    let mut wins = vec![0; seats];
    let mut draws = 0;
    let mut reasons = std::collections::BTreeMap::<String, u32>::new();
    for g in games {
        match g.results.iter().position(|&r| r == SeatResult::Win) {
            Some(s) => wins[s] += 1,
            None => draws += 1,
        }
        *reasons.entry(g.reason.clone()).or_default() += 1;
    }
    let plies: u32 = games.iter().map(|g| g.plies).sum();
    let samples: usize = games.iter().map(|g| g.samples.len()).sum();
    println!(
        "{label}: {} games, wins by seat {wins:?}, draws {draws}, mean {:.0} plies, {samples} positions",
        games.len(),
        f64::from(plies) / games.len().max(1) as f64
    );
    println!("  endings: {reasons:?}");
    let searches: u64 = games.iter().map(|g| u64::from(g.searches)).sum();
    let nodes: u64 = games.iter().map(|g| g.nodes).sum();
    let depths: u64 = games.iter().map(|g| g.depth_sum).sum();
    if searches > 0 {
        println!(
            "  searches: {searches}, mean {:.0} nodes and depth {:.2} a search",
            nodes as f64 / searches as f64,
            depths as f64 / searches as f64
        );
    }
}

fn rust_source(m: &WdlModel) -> String {
    if m.seats == 2 {
        format!(
            "const WDL: WdlModel = WdlModel::two_seats({:.1}, {:.1}, {:.1}, {:.1}).with_power({:.3}){}{}",
            m.scale,
            m.draw_width,
            m.seat_offsets[0],
            m.tempo,
            m.power,
            draw_floor_calls(m),
            clamp_call(m)
        )
    } else {
        format!(
            "const WDL: WdlModel = WdlModel {{ seats: {}, scale: {:.1}, win_offset: {:.1}, draw_width: {:.1}, seat_offsets: [0.0; 4], tempo: 0.0, power: {:.3}, clamp: {:.1}, draw_floor: {:.4}, draw_floor_width: {} }};",
            m.seats,
            m.scale,
            m.win_offset,
            m.draw_width,
            m.power,
            m.clamp,
            m.draw_floor,
            if m.draw_floor_width.is_finite() {
                format!("{:.1}", m.draw_floor_width)
            } else {
                "f64::INFINITY".into()
            }
        )
    }
}

/// The `.with_draw_floor(…)` call, and `.with_draw_floor_width(…)` for a
/// finite width, that a two-seat model's source needs for its draw floor;
/// empty for a floor too small to print.
fn draw_floor_calls(m: &WdlModel) -> String {
    if m.draw_floor < 5e-5 {
        return String::new();
    }
    let width = if m.draw_floor_width.is_finite() {
        format!(".with_draw_floor_width({:.1})", m.draw_floor_width)
    } else {
        String::new()
    };
    format!(".with_draw_floor({:.4})", m.draw_floor) + &width
}

/// The `.with_clamp(…)` call that a two-seat model's source needs for a clamp
/// below the evaluation limit; empty otherwise.
fn clamp_call(m: &WdlModel) -> String {
    if m.clamp < f64::from(motley_core::search::EVAL_LIMIT) {
        format!(".with_clamp({:.1})", m.clamp)
    } else {
        String::new()
    }
}

/// The text of a `--dump` file: one line per sample of the games of each
/// named set, after a header naming the columns.
fn dump_text(sets: [(&str, &[SampleGame]); 2]) -> String {
    let mut text = String::from("# set game ply seat raw result class\n");
    for (set, games) in sets {
        for (g, game) in games.iter().enumerate() {
            for s in &game.samples {
                let r = match s.result {
                    SeatResult::Win => "win",
                    SeatResult::Draw => "draw",
                    SeatResult::Loss => "loss",
                };
                text.push_str(&format!("{set} {g} {} {} {} {r} {}\n", s.ply, s.seat.index(), s.raw, s.class));
            }
        }
    }
    text
}

/// Plays the fitted and the held-out games (and writes `--dump`): their
/// samples, and whether any game was drawn.
fn self_play<P: Reading + BoardView>(a: &Args, seats: usize) -> (Vec<Sample>, Vec<Sample>, bool) {
    let t = Instant::now();
    let fit_games = play_all::<P>((0..a.games).map(|g| a.seed + g).collect(), a);
    summary("fit", &fit_games, seats);
    let held = play_all::<P>((0..a.held_out).map(|g| a.seed + 1_000_000 + g).collect(), a);
    summary("held-out", &held, seats);
    eprintln!("self-play: {:.1} s", t.elapsed().as_secs_f64());
    if let Some(path) = &a.dump {
        let text = dump_text([("fit", &fit_games), ("held-out", &held)]);
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("fit_wdl: {path}: {e}");
        }
    }
    let train = samples_of(&fit_games, a);
    let test = samples_of(&held, a);
    let draws =
        fit_games.iter().any(|g| !(a.drop_cut && g.cut) && g.results.iter().all(|&r| r == SeatResult::Draw));
    (train, test, draws)
}

/// The fitted and held-out samples of a `--dump` file, and whether any is
/// a draw.
fn read_dump(path: &str) -> Result<(Vec<Sample>, Vec<Sample>, bool), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
        let bad = || format!("line {}: expected `set game ply seat raw result [class]`", n + 1);
        let f: Vec<&str> = line.split_whitespace().collect();
        let (&[set, _, _, seat, raw, result], class) = (&f[..f.len().min(6)], f.get(6)) else {
            return Err(bad());
        };
        let class: usize = class.map_or(Ok(0), |c| c.parse().map_err(|_| bad()))?;
        let seat = Seat(seat.parse().map_err(|_| bad())?);
        let score: f64 = raw.parse().map_err(|_| bad())?;
        let result = match result {
            "win" => SeatResult::Win,
            "draw" => SeatResult::Draw,
            "loss" => SeatResult::Loss,
            _ => return Err(bad()),
        };
        let sample = Sample { score, seat, result, class };
        match set {
            "fit" => train.push(sample),
            "held-out" => test.push(sample),
            _ => return Err(bad()),
        }
    }
    let draws = train.iter().any(|s| s.result == SeatResult::Draw);
    Ok((train, test, draws))
}

struct Fit<'a>(&'a Args);

impl VariantTask for Fit<'_> {
    type Output = ();

    fn run<P: Reading + BoardView>(self) {
        let a = self.0;
        let seats = P::start().seat_count();
        let (train, test, draws) = match &a.from_dump {
            Some(path) => match read_dump(path) {
                Ok(samples) => samples,
                Err(e) => {
                    eprintln!("fit_wdl: {path}: {e}");
                    std::process::exit(2);
                }
            },
            None => self_play::<P>(a, seats),
        };
        let options = FitOptions {
            seats: seats as u8,
            draws,
            seat_offset: seats == 2 && a.offset,
            tempo: seats == 2,
            power: a.power,
            draw_floor: a.draw_floor && draws,
            draw_floor_width: a.draw_floor_width,
            clamp: a.clamp.map_or(f64::from(motley_core::search::EVAL_LIMIT), |c| c as f64),
        };
        // One model per odds class (`Reading::wdl_class`), each fitted on
        // its own samples; a class without samples keeps the variant's model.
        let classes = P::WDL_MODELS.len().max(1);
        let models: Vec<WdlModel> = (0..classes)
            .map(|c| {
                let own: Vec<Sample> = train.iter().filter(|s| s.class == c).copied().collect();
                if own.is_empty() { P::WDL_MODELS[c] } else { fit::fit(&own, options) }
            })
            .collect();
        let model = models[odds_class(&P::start(), P::start().turn(), 0.0).min(classes - 1)];
        // The games' options, or the dump they were read from.
        let games = match &a.from_dump {
            Some(path) => format!(" --from-dump {path}"),
            None => {
                format!(
                    " --games {} --held-out {} --seed {} --depth {} --random-plies {} --max-plies {}",
                    a.games, a.held_out, a.seed, a.depth, a.random_plies, a.max_plies
                ) + &a.nodes.map_or_else(String::new, |n| format!(" --nodes {n}"))
                    + if a.drop_cut { " --cut drop" } else { "" }
            }
        };
        let cmd =
            format!("cargo run --release -p motley-cli --example fit_wdl -- {}{games}", a.variant.name())
                + &a.clamp.map_or_else(String::new, |c| format!(" --clamp {c}"))
                + if a.power { "" } else { " --power 0" }
                + if a.offset { "" } else { " --offset 0" }
                + if a.draw_floor { " --draw-floor 1" } else { "" }
                + if a.draw_floor_width { " --draw-floor-width 1" } else { "" };
        println!();
        println!("// Fitted by `{cmd}`");
        for (c, m) in models.iter().enumerate() {
            if classes > 1 {
                let n = train.iter().filter(|s| s.class == c).count();
                println!("// class {c}: {n} fitted positions");
            }
            println!("{}", rust_source(m));
        }
        println!();
        let start = P::start();
        let mut searcher = Searcher::<P>::new(SearchConfig::default());
        let r = searcher.search(&start, &Limits::depth(P::ANALYSIS_DEPTH));
        let seat = start.turn();
        println!(
            "start at depth {}: raw {} -> {} (wdl {}, expected {:.3}) for {}; unfitted it read {}",
            P::ANALYSIS_DEPTH,
            r.score.0,
            model.normalise(r.score, seat),
            model.wdl(r.score, seat),
            model.expected(r.score, seat),
            start.seat_name(seat),
            r.score
        );
        println!();
        println!("calibration on the fitted games:");
        print!("{}", calibration::calibration_of(&models, &train));
        println!();
        println!("calibration on the held-out games:");
        print!("{}", calibration::calibration_of(&models, &test));
        println!();
        println!("the variant's current models on the held-out games:");
        print!("{}", calibration::calibration_of(P::WDL_MODELS, &test));
        if classes > 1 {
            for c in 0..classes {
                let own: Vec<Sample> = test.iter().filter(|s| s.class == c).copied().collect();
                if !own.is_empty() {
                    println!();
                    println!("class {c} alone, held out:");
                    print!("{}", calibration::calibration_of(&models, &own));
                }
            }
        }
    }
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("fit_wdl: {e}");
            std::process::exit(2);
        }
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.threads).build().expect("a thread pool");
    pool.install(|| args.variant.with(Fit(&args)));
}
