"""The Ray runners on a local Ray instance with two workers: the same
results as the single-process runners, and a job that loses a worker
still finishes with every game."""

import os
import signal
import threading
import time

import pytest

ray = pytest.importorskip("ray")

import motley
from motley import distributed


@pytest.fixture(scope="module", autouse=True)
def local_cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_games_are_the_single_process_games():
    options = dict(max_plies=30)
    local = distributed.games_local("joker", "random", "greedy", 6, seed=5, **options)
    remote = distributed.games("joker", "random", "greedy", 6, seed=5, progress=None, **options)
    assert remote == local


def test_self_play_of_every_variant():
    for variant in ["sovereign", "royale", "mages", "joker"]:
        games = distributed.self_play(variant, 2, player="random", seed=1, max_plies=20, progress=None)
        assert games == distributed.games_local(variant, "random", "random", 2, seed=1, max_plies=20)


def test_fit_games_are_the_single_process_games():
    options = dict(depth=1, max_plies=24)
    local = distributed.fit_games("joker", 3, held_out=2, seed=7, local=True, **options)
    remote = distributed.fit_games("joker", 3, held_out=2, seed=7, progress=None, **options)
    assert remote == local
    assert [g["seed"] for g in remote["held-out"]] == [7 + distributed.HELD_OUT_SEED + g for g in range(2)]
    dump = distributed.fit_dump(remote).splitlines()
    assert dump[0] == "# set game ply seat raw result class"
    assert len(dump) - 1 == sum(len(g["samples"]) for gs in remote.values() for g in gs)
    kept = distributed.drop_cut(remote)
    assert all(not g["cut"] for gs in kept.values() for g in gs)


def test_sample_games_pair_scores_with_results():
    for variant in ["sovereign", "royale", "mages", "joker"]:
        game = motley.sample_game(variant, 3, depth=1, random_plies=2, max_plies=12)
        assert game["cut"] == (game["reason"] == "max-plies")
        assert game["plies"] <= 12
        assert game["searches"] == game["plies"] - 2 or game["reason"] == "no-input"
        for ply, seat, raw, result, _ in game["samples"]:
            assert 2 <= ply < 12
            assert result == game["results"][seat]
    with pytest.raises(motley.MotleyError):
        motley.sample_game("joker", 1, depth=0)


def test_league_season_is_the_command_line_season(tmp_path):
    records, truth = distributed.league_season(3, 4, seed=2, progress=None)
    assert (records, truth) == distributed.league_season(3, 4, seed=2, local=True)
    motley.run_command(["league", "--teams", "3", "--matches", "4", "--seed", "2", "--out", str(tmp_path)])
    assert records == (tmp_path / "season.pgn").read_text()
    assert truth == (tmp_path / "truth.json").read_text()
    assert records.count("[GreenLineup ") == 4


def test_perft_split_by_first_input():
    for variant in ["mages", "joker"]:
        run = distributed.perft(variant, 3, progress=None)
        assert run["nodes"] == motley.perft(variant, 3)
        assert [r for r, _ in run["divide"]] == motley.perft_roots(variant)


def test_match_with_the_sequential_test():
    out = distributed.match("joker", "greedy", "random", 40, seed=2, sprt=(0, 400), max_plies=60, progress=None)
    assert out["decision"] in ("H0", "H1", "continue")
    points = [
        distributed._points(out["games"][2 * p], 0) + distributed._points(out["games"][2 * p + 1], 0)
        for p in range(out["pairs"])
    ]
    assert motley.sprt(points, 0, 400) == (out["llr"], out["decision"])
    assert out["games"] == distributed.games_local("joker", "greedy", "random", len(out["games"]), seed=2, max_plies=60)
    # The single-process match stops at the same game.
    doc = motley.match("joker", "greedy", "random", games=40, seed=2, sprt=(0, 400), max_plies=60)
    assert doc["games_played"] == len(out["games"])
    assert [g["moves"] for g in doc["game_list"]] == [g["moves"] for g in out["games"]]


def _game_workers():
    """The pids of the Ray workers running a match game now."""
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if cmd.startswith(b"ray::_game_task"):
            pids.append(int(pid))
    return pids


def test_a_killed_worker_loses_no_game():
    # Games long enough (about 0.1 s each in a release build) that the
    # killer, polling every 50 ms, finds one running.
    options = dict(max_plies=60, depth=3)
    killed = []

    def kill_one():
        deadline = time.time() + 60
        while time.time() < deadline and not killed:
            pids = _game_workers()
            if pids:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])
            time.sleep(0.05)

    killer = threading.Thread(target=kill_one)
    killer.start()
    games = distributed.games("joker", "search", "random", 8, seed=9, progress=None, **options)
    killer.join()
    assert killed, "no worker was running a game"
    assert [g["index"] for g in games] == list(range(8))
    assert games == distributed.games_local("joker", "search", "random", 8, seed=9, **options)
