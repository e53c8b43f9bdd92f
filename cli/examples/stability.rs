//! Measures how much `motley analyze`'s score moves from one depth to the
//! next, and writes the middle-game positions it is measured on.
//!
//! ```sh
//! # Middle-game positions reached by self-play (written to stdout):
//! cargo run --release -p motley-cli --example stability -- generate <VARIANT> \
//!     [--count 32] [--seed 1] [--depth 2] [--random-plies 6] [--min-ply 16] [--max-ply 60]
//! # The score of every depth from 1 to --to, per position, and the summary:
//! cargo run --release -p motley-cli --example stability -- measure <VARIANT> <FILE> \
//!     [--from 3] [--to 8] [--threads 1]
//! # The time to a fixed depth with --threads against one thread, per position:
//! cargo run --release -p motley-cli --example stability -- speedup <VARIANT> <FILE> \
//!     [--depth 8] [--threads 2] [--count 12] [--repeat 1]
//! # The depth a timed search reaches and its effective branching factor:
//! cargo run --release -p motley-cli --example stability -- depth <VARIANT> <FILE> \
//!     [--time 1000] [--threads 1] [--count 32] [--techniques -null-move,+aspiration]
//! ```
//!
//! `generate` plays one game per position: `--random-plies` uniformly random
//! legal inputs, then the best input of a `--depth` search by every seat
//! (chance nodes resolved by sampling the outcome model), and keeps the
//! position at a ply drawn from `--min-ply..=--max-ply` (a game that ends
//! first gives no position). The output is reproducible from the arguments.
//!
//! `measure` runs one iterative-deepening search per position (the start
//! position first, then each line of FILE that is not empty or a `#`
//! comment) to `--to` plies and reads the score of every completed depth,
//! for the side to move, both raw (the search's centipawns) and normalised
//! (what `analyze` prints: the variant's [`motley_core::search::WdlModel`],
//! 100 = one pawn, +1.00 = a 64% expected result). It prints a line per
//! position and then, over all positions, the median and the 90th
//! percentile of the change between consecutive depths `--from`..=`--to`,
//! in pawns, and the start position's band (largest minus smallest score
//! over those depths). Forced results are left out of the changes.
//!
//! `speedup` searches the first `--count` positions of FILE (the start
//! position is not among them) to `--depth`, each with a new searcher of one
//! thread and then of `--threads`, `--repeat` times (the fastest time of
//! each counts), and prints each position's two times and their ratio, then
//! the median ratio. Run it on an otherwise idle machine.
//!
//! `depth` searches the first `--count` positions of FILE for `--time`
//! milliseconds each, as `motley analyze --time` does, with a new searcher,
//! and prints each position's number of legal inputs, the deepest completed
//! iteration, its nodes and the effective branching factor: the geometric
//! mean, over the iterations from depth 5 to the deepest, of each one's
//! node count (counted from the start of the search, as `analyze --json`
//! reports it in `search.iterations`) over the previous one's, that is
//! `(nodes(D) / nodes(4)) ^ (1 / (D - 4))`. Then the medians over the
//! positions. A position whose search does not complete depth 5 has no
//! factor. `--techniques` changes the variant's selective techniques as
//! UCI's `Techniques` option does. Run it on an otherwise idle machine.

use std::time::Instant;

use motley_cli::variant::{Variant, VariantTask};
use motley_core::BoardView;
use motley_core::history::History;
use motley_core::random::sample_outcome;
use motley_core::search::{Limits, Reading, SearchConfig, Searcher, TechniqueChanges};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

struct Generate {
    count: u64,
    seed: u64,
    depth: u32,
    random_plies: u32,
    min_ply: u32,
    max_ply: u32,
}

struct Measure {
    file: String,
    from: u32,
    to: u32,
    threads: usize,
}

struct Speedup {
    file: String,
    depth: u32,
    threads: usize,
    count: usize,
    repeat: u32,
}

struct Depth {
    file: String,
    time_ms: u64,
    threads: usize,
    count: usize,
    techniques: TechniqueChanges,
}

enum Job {
    Generate(Generate),
    Measure(Measure),
    Speedup(Speedup),
    Depth(Depth),
}

fn parse_args() -> Result<(Variant, Job), String> {
    let mut args = std::env::args().skip(1);
    let mode = args.next().ok_or("expected `generate`, `measure`, `speedup` or `depth`")?;
    let variant: Variant = args.next().ok_or("expected a variant")?.parse().map_err(|e| format!("{e}"))?;
    let mut positional = Vec::new();
    let mut flags = std::collections::HashMap::new();
    while let Some(a) = args.next() {
        if let Some(name) = a.strip_prefix("--") {
            let v = args.next().ok_or(format!("--{name} needs a value"))?;
            flags.insert(name.to_owned(), v);
        } else {
            positional.push(a);
        }
    }
    let num = |name: &str, default: u64| -> Result<u64, String> {
        flags.get(name).map_or(Ok(default), |v| v.parse().map_err(|_| format!("--{name}: not a number: {v}")))
    };
    let job = match mode.as_str() {
        "generate" => Job::Generate(Generate {
            count: num("count", 32)?,
            seed: num("seed", 1)?,
            depth: num("depth", 2)? as u32,
            random_plies: num("random-plies", 6)? as u32,
            min_ply: num("min-ply", 16)? as u32,
            max_ply: num("max-ply", 60)? as u32,
        }),
        "measure" => Job::Measure(Measure {
            file: positional.first().cloned().ok_or("measure: expected a positions file")?,
            from: num("from", 3)? as u32,
            to: num("to", 8)? as u32,
            threads: num("threads", 1)? as usize,
        }),
        "speedup" => Job::Speedup(Speedup {
            file: positional.first().cloned().ok_or("speedup: expected a positions file")?,
            depth: num("depth", 8)? as u32,
            threads: num("threads", 2)? as usize,
            count: num("count", 12)? as usize,
            repeat: num("repeat", 1)?.max(1) as u32,
        }),
        "depth" => Job::Depth(Depth {
            file: positional.first().cloned().ok_or("depth: expected a positions file")?,
            time_ms: num("time", 1000)?,
            threads: num("threads", 1)? as usize,
            count: num("count", 32)? as usize,
            techniques: flags.get("techniques").map_or(Ok(TechniqueChanges::NONE), |t| {
                t.parse().map_err(|e| format!("--techniques: {e}"))
            })?,
        }),
        other => {
            return Err(format!(
                "unknown mode {other:?}: expected `generate`, `measure`, `speedup` or `depth`"
            ));
        }
    };
    Ok((variant, job))
}

/// One self-play game's position at a random middle-game ply, if the game
/// lasts that long.
fn middle_game<P: Reading>(seed: u64, g: &Generate) -> Option<String> {
    let mut rng = StdRng::seed_from_u64(motley_core::zobrist::splitmix64(seed).1);
    let keep = rng.random_range(g.min_ply..=g.max_ply.max(g.min_ply));
    let mut searcher = Searcher::<P>::new(SearchConfig::default());
    let mut game = History::with_default_rules(P::start());
    let mut plies = 0;
    loop {
        if game.outcome().is_some() {
            return None;
        }
        let pos = game.position().clone();
        if plies >= keep {
            return Some(pos.to_string());
        }
        if let Some(outcomes) = pos.chance() {
            game.play(sample_outcome(&outcomes, &mut rng).expect("an outcome"));
            plies += 1;
            continue;
        }
        let moves = pos.legal_moves();
        let mv = if plies < g.random_plies {
            moves[rng.random_range(0..moves.len())]
        } else {
            searcher.search(&pos, &Limits::depth(g.depth)).best?
        };
        game.play(mv);
        plies += 1;
    }
}

/// The score of every completed depth, raw and normalised, for the side to
/// move; `None` for a forced result.
fn depth_scores<P: Reading>(pos: &P, to: u32, threads: usize) -> Vec<(u32, Option<(i32, i32)>)> {
    let mut searcher = Searcher::<P>::new(SearchConfig { threads, ..SearchConfig::default() });
    let mut out = Vec::new();
    let seat = pos.turn();
    searcher.search_with(pos, &Limits::depth(to), |info| {
        let Some(line) = info.lines.first() else { return };
        let score = line.score;
        let value = score.centipawns().map(|raw| (raw, pos.wdl_model(seat).normalise(score, seat).0));
        out.push((info.depth, value));
    });
    out
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

/// The median of sorted values (the mean of the middle two of an even count).
fn median(sorted: &[f64]) -> f64 {
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// The positions of FILE (lines that are not empty or a `#` comment), named
/// by line number.
fn read_positions<P: Reading>(file: &str) -> Result<Vec<(String, P)>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut positions = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = P::from_fen(line).map_err(|e| format!("{file}:{}: {e}", n + 1))?;
        positions.push((format!("line {}", n + 1), pos));
    }
    Ok(positions)
}

/// Writes `g.count` middle-game positions to stdout, trying at most four
/// games per position, and says on stderr how many games it took.
fn generate<P: Reading>(g: &Generate) {
    let mut written = 0;
    let mut game = 0;
    while written < g.count && game < g.count * 4 {
        if let Some(fen) = middle_game::<P>(g.seed + game, g) {
            println!("{fen}");
            written += 1;
        }
        game += 1;
    }
    eprintln!("{written} positions from {game} games");
}

/// The fastest of `s.repeat` searches of `pos` to `s.depth` with `threads`
/// threads, each by a new searcher: the time in seconds and the depth reached.
fn fastest_search<P: Reading>(pos: &P, s: &Speedup, threads: usize) -> (f64, u32) {
    (0..s.repeat)
        .map(|_| {
            let mut searcher = Searcher::<P>::new(SearchConfig { threads, ..SearchConfig::default() });
            let t = Instant::now();
            let r = searcher.search(pos, &Limits::depth(s.depth));
            (t.elapsed().as_secs_f64(), r.depth)
        })
        .fold((f64::INFINITY, 0), |a, b| if b.0 < a.0 { b } else { a })
}

/// Prints each position's time with one thread and with `s.threads`, then
/// the median ratio.
fn speedup<P: Reading>(s: &Speedup) -> Result<(), String> {
    let positions = read_positions::<P>(&s.file)?;
    let mut ratios = Vec::new();
    for (name, pos) in positions.iter().take(s.count) {
        let (one, d1) = fastest_search(pos, s, 1);
        let (many, dn) = fastest_search(pos, s, s.threads);
        let ratio = one / many;
        println!(
            "{name}: depth {d1}/{dn}, 1 thread {one:.3} s, {} threads {many:.3} s, speed-up {ratio:.2}",
            s.threads
        );
        ratios.push(ratio);
    }
    ratios.sort_by(f64::total_cmp);
    println!();
    println!(
        "{} positions, depth {}, {} threads: speed-up median {:.2} (min {:.2}, max {:.2})",
        ratios.len(),
        s.depth,
        s.threads,
        median(&ratios),
        ratios.first().copied().unwrap_or(f64::NAN),
        ratios.last().copied().unwrap_or(f64::NAN)
    );
    Ok(())
}

/// The effective branching factor of one search from its completed
/// iterations' `(depth, nodes so far)`: the geometric mean of the node
/// ratio per ply from depth 4 to the deepest, `None` before depth 5.
fn branching_factor(iterations: &[(u32, u64)]) -> Option<f64> {
    let (_, at4) = *iterations.iter().find(|(d, _)| *d == 4)?;
    let &(deepest, nodes) = iterations.last()?;
    (deepest > 4 && at4 > 0).then(|| (nodes as f64 / at4 as f64).powf(1.0 / f64::from(deepest - 4)))
}

/// Prints each position's deepest completed depth in `d.time_ms` and its
/// effective branching factor, then their medians.
fn depth<P: Reading>(d: &Depth) -> Result<(), String> {
    let positions = read_positions::<P>(&d.file)?;
    let (mut depths, mut factors) = (Vec::new(), Vec::new());
    for (name, pos) in positions.iter().take(d.count) {
        let techniques = Some(d.techniques.apply(P::PROFILE.techniques));
        let mut searcher =
            Searcher::<P>::new(SearchConfig { threads: d.threads, techniques, ..SearchConfig::default() });
        let mut iterations = Vec::new();
        let r = searcher.search_with(pos, &Limits::time_ms(d.time_ms), |info| {
            iterations.push((info.depth, info.nodes));
        });
        let factor = branching_factor(&iterations);
        let shown = factor.map_or("-".to_owned(), |f| format!("{f:.2}"));
        let inputs = pos.legal_moves().len();
        println!("{name}: {inputs} inputs, depth {}, {} nodes, factor {shown}", r.depth, r.nodes);
        depths.push(f64::from(r.depth));
        factors.extend(factor);
    }
    depths.sort_by(f64::total_cmp);
    factors.sort_by(f64::total_cmp);
    println!();
    println!(
        "{} positions, {} ms, {} thread(s): depth median {:.1} (min {}, max {}); \
         branching factor median {:.2} over {} positions (min {:.2}, max {:.2})",
        depths.len(),
        d.time_ms,
        d.threads,
        median(&depths),
        depths.first().copied().unwrap_or(f64::NAN),
        depths.last().copied().unwrap_or(f64::NAN),
        median(&factors),
        factors.len(),
        factors.first().copied().unwrap_or(f64::NAN),
        factors.last().copied().unwrap_or(f64::NAN)
    );
    Ok(())
}

/// One position's scores as printed: `depth:normalised/raw` in pawns, or
/// `depth:forced`.
fn shown_scores(scores: &[(u32, Option<(i32, i32)>)]) -> String {
    let shown: Vec<String> = scores
        .iter()
        .map(|(d, v)| match v {
            Some((raw, cp)) => format!("{d}:{:+.2}/{:+.2}", f64::from(*cp) / 100.0, f64::from(*raw) / 100.0),
            None => format!("{d}:forced"),
        })
        .collect();
    shown.join(" ")
}

/// The largest minus the smallest of `window`'s normalised and raw scores,
/// in pawns.
fn band(window: &[(i32, i32)]) -> (f64, f64) {
    let spread = |f: fn(&(i32, i32)) -> i32| {
        let vals: Vec<i32> = window.iter().map(f).collect();
        f64::from(vals.iter().max().unwrap() - vals.iter().min().unwrap()) / 100.0
    };
    (spread(|v| v.1), spread(|v| v.0))
}

/// The changes between consecutive depths over all positions, each list
/// sorted, and the start position's band.
struct Changes {
    /// Changes of the raw score, in pawns.
    raw: Vec<f64>,
    /// Changes of the normalised score, in pawns.
    normalised: Vec<f64>,
    /// The start position's band, normalised then raw.
    start_band: (f64, f64),
}

/// Searches each position, prints its scores and gathers the changes
/// between depths `m.from..=m.to`.
fn gather_changes<P: Reading>(positions: &[(String, P)], m: &Measure) -> Changes {
    let mut changes = Changes { raw: Vec::new(), normalised: Vec::new(), start_band: (0.0, 0.0) };
    for (name, pos) in positions {
        let scores = depth_scores(pos, m.to, m.threads);
        println!("{name}: {}", shown_scores(&scores));
        let window: Vec<(i32, i32)> =
            scores.iter().filter(|(d, _)| (m.from..=m.to).contains(d)).filter_map(|(_, v)| *v).collect();
        for w in window.windows(2) {
            changes.raw.push(f64::from((w[1].0 - w[0].0).abs()) / 100.0);
            changes.normalised.push(f64::from((w[1].1 - w[0].1).abs()) / 100.0);
        }
        if name == "start" && !window.is_empty() {
            changes.start_band = band(&window);
        }
    }
    changes.raw.sort_by(f64::total_cmp);
    changes.normalised.sort_by(f64::total_cmp);
    changes
}

/// Prints each position's scores by depth, then the summary of the changes
/// between depths and the start position's band.
fn measure<P: Reading>(m: &Measure) -> Result<(), String> {
    let mut positions = vec![("start".to_owned(), P::start())];
    positions.extend(read_positions::<P>(&m.file)?);
    let t = Instant::now();
    let Changes { raw: raw_changes, normalised: changes, start_band } = gather_changes(&positions, m);
    println!();
    println!(
        "{} positions (start + {}), depths {}..={}, {} changes, {:.1} s",
        positions.len(),
        positions.len() - 1,
        m.from,
        m.to,
        changes.len(),
        t.elapsed().as_secs_f64()
    );
    println!(
        "change between depths, normalised: median {:.2}, p90 {:.2}, max {:.2} pawns",
        percentile(&changes, 0.5),
        percentile(&changes, 0.9),
        changes.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "change between depths, raw:        median {:.2}, p90 {:.2}, max {:.2} pawns",
        percentile(&raw_changes, 0.5),
        percentile(&raw_changes, 0.9),
        raw_changes.last().copied().unwrap_or(f64::NAN)
    );
    println!("start band: normalised {:.2}, raw {:.2} pawns", start_band.0, start_band.1);
    Ok(())
}

struct Run<'a>(&'a Job);

impl VariantTask for Run<'_> {
    type Output = Result<(), String>;

    fn run<P: Reading + BoardView>(self) -> Result<(), String> {
        match self.0 {
            Job::Generate(g) => {
                generate::<P>(g);
                Ok(())
            }
            Job::Speedup(s) => speedup::<P>(s),
            Job::Measure(m) => measure::<P>(m),
            Job::Depth(d) => depth::<P>(d),
        }
    }
}

fn main() {
    let result = parse_args().and_then(|(variant, job)| variant.with(Run(&job)));
    if let Err(e) = result {
        eprintln!("stability: {e}");
        std::process::exit(2);
    }
}
