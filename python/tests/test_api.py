"""The motley package through its Python API: every variant, errors,
searches with limits, records, batches and match games."""

import threading

import pytest

import motley

VARIANTS = ["sovereign", "royale", "mages", "joker"]


def test_variants():
    assert motley.variants() == VARIANTS


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_plays_and_counts(variant):
    game = motley.Game(variant)
    assert game.variant == variant
    moves = game.legal_moves()
    assert moves == sorted(moves)
    assert motley.perft(variant, 1) == len(motley.perft_roots(variant))
    # Perft 2 is the sum of its pieces split by first input.
    pieces = [motley.perft_after(variant, 2, r) for r in motley.perft_roots(variant)]
    assert sum(pieces) == motley.perft(variant, 2) == game.perft(2)
    # The position string round-trips, and a played input changes the turn.
    fen = game.fen()
    assert motley.Game(variant, fen).fen() == fen
    before = game.turn
    game.play(moves[0])
    assert game.moves == [moves[0]]
    assert game.turn != before
    assert motley.perft(variant, 1, game.fen()) == len(game.legal_moves())
    assert game.outcome() is None


def test_start_counts_match_the_cli():
    # `motley perft <variant> 2` at the start.
    assert [motley.perft(v, 2) for v in VARIANTS] == [400, 400, 36, 400]


@pytest.mark.parametrize("variant", VARIANTS)
def test_search_with_limits(variant):
    game = motley.Game(variant)
    a = game.analyse(depth=2)
    assert a.depth == 2
    assert a.best in game.legal_moves()
    assert a.pv and a.pv[0] == a.best
    assert a.nodes > 0
    win, draw, loss = a.odds
    assert abs(win + draw + loss - 1.0) < 1e-6
    assert a.document()["search"]["depth"] == 2
    timed = game.analyse(time=50)
    assert timed.depth >= 1
    assert timed.seconds < 5


def test_mages_engagements_are_chance_nodes():
    # Play random games until an engagement is declared: its resolutions
    # come with probabilities summing to 1 and are played like any input.
    found = False
    for seed in range(20):
        rec = motley.play_match_game("mages", "random", "random", 0, seed=seed, max_plies=60)
        game = motley.Game("mages")
        for mv in rec["moves"]:
            chance = game.chance()
            if chance is not None:
                assert abs(sum(p for _, p in chance) - 1.0) < 1e-9
                assert mv in [m for m, _ in chance]
                found = True
            game.play(mv)
        if found:
            break
    assert found


def test_outcome_of_a_finished_game():
    for seed in range(10):
        rec = motley.play_match_game("joker", "greedy", "random", 0, seed=seed, max_plies=400)
        if rec["reason"] != "max-plies":
            break
    game = motley.Game("joker")
    for mv in rec["moves"]:
        game.play(mv)
    out = game.outcome()
    assert out is not None
    assert out["reason"] == rec["reason"]
    assert out["results"] == rec["results"]
    assert game.legal_moves() == []
    with pytest.raises(motley.MotleyError, match="the game is over"):
        game.play("e2e4")


def test_errors_carry_the_library_message():
    with pytest.raises(ValueError, match=r"unknown variant `chess` \(expected sovereign, royale, mages or joker\)"):
        motley.Game("chess")
    with pytest.raises(motley.MotleyError, match=r"invalid position string: .*byte"):
        motley.Game("joker", "not a position")
    game = motley.Game("joker")
    with pytest.raises(motley.MotleyError, match=r"invalid move `zz9`"):
        game.play("zz9")
    with pytest.raises(motley.MotleyError, match=r"invalid move `e2e5`: not legal here"):
        game.play("e2e5")
    assert game.moves == []
    with pytest.raises(motley.MotleyError, match=r"depth must be a whole number from 1 to 64"):
        game.analyse(depth=0)
    with pytest.raises(motley.MotleyError, match="position 1"):
        motley.legal_moves_many("joker", [None, "bad"])
    with pytest.raises(motley.MotleyError, match="not a root input"):
        motley.perft_after("joker", 2, "e2e5")
    with pytest.raises(motley.MotleyError):
        motley.play_match_game("joker", "nobody", "random", 0)
    with pytest.raises(motley.MotleyError, match="no game 2"):
        motley.Game.from_record(motley.Game("joker").record(), 2)


@pytest.mark.parametrize("variant", VARIANTS)
def test_record_round_trip(variant):
    rec = motley.play_match_game(variant, "random", "random", 0, seed=3, max_plies=30)
    game = motley.Game(variant)
    for mv in rec["moves"]:
        game.play(mv)
    text = game.record([("White", "Ann")])
    assert '[White "Ann"]' in text
    again = motley.Game.from_record(text)
    assert again.variant == variant
    assert again.moves == game.moves
    assert again.fen() == game.fen()
    assert again.record([("White", "Ann")]) == text


def test_record_from_a_position_string():
    start = motley.Game("joker")
    start.play(start.legal_moves()[0])
    game = motley.Game("joker", start.fen())
    game.play(game.legal_moves()[0])
    again = motley.Game.from_record(game.record())
    assert again.fen() == game.fen()
    assert again.moves == game.moves


def test_batches_match_single_calls():
    fens = [None]
    game = motley.Game("sovereign")
    for _ in range(5):
        game.play(game.legal_moves()[len(game.legal_moves()) // 2])
        fens.append(game.fen())
    assert motley.legal_moves_many("sovereign", fens) == [motley.Game("sovereign", f).legal_moves() for f in fens]
    assert motley.perft_many("sovereign", fens, 2) == [motley.perft("sovereign", 2, f) for f in fens]


def test_search_releases_the_gil():
    # A Python thread keeps running while another searches.
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.005)

    t = threading.Thread(target=tick)
    t.start()
    motley.Game("joker").analyse(time=300)
    done.set()
    t.join()
    assert len(ticks) > 10


def test_match_games_are_the_cli_match():
    games = [motley.play_match_game("joker", "random", "greedy", g, seed=7, max_plies=40) for g in range(4)]
    doc = motley.match("joker", "random", "greedy", games=4, seed=7, max_plies=40)
    assert [g["moves"] for g in doc["game_list"]] == [g["moves"] for g in games]
    llr, decision = motley.sprt([2.0] * 20, 0, 10)
    assert llr > 0 and decision == "H1"


def test_ratings_and_odds_of_a_league():
    records = [motley.league_round(3, 7, r) for r in range(4)]
    doc = motley.ratings(records)
    assert doc["games"] == 4 and doc["games_with_lineups"] == 4
    mages = {m["name"]: m for m in doc["mages"]}
    assert all(m["active_games"] <= m["games"] for m in mages.values())
    assert any(m["active_games"] < m["games"] for m in mages.values()), "some player never acts"
    # The same seed gives the same prices; the result shares sum to one.
    priced = motley.odds("mages", record=records[0], ratings=doc, simulations=20, seed=3)
    assert priced == motley.odds("mages", record=records[0], ratings=doc, simulations=20, seed=3)
    assert priced["rated"] is True
    r = priced["result"]
    assert abs(sum(r[k]["p"] for k in ("green", "draw", "blue", "undecided")) - 1) < 1e-9
    # Before any input, from the lineups alone.
    head = records[0].split("\n\n")[0]
    green = head.split('[GreenLineup "')[1].split('"')[0]
    blue = head.split('[BlueLineup "')[1].split('"')[0]
    start = motley.odds("mages", green, blue, ratings=doc, simulations=20, seed=3)
    assert start["entries"] == 0 and start["rated"] is True
    with pytest.raises(motley.MotleyError, match="named twice"):
        motley.odds("mages", green.replace("Bram", "Ada"), blue, simulations=2)
