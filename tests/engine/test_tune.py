"""hexswarm-tune: the optimisers against hand-computed runs with a fake fitness, the log and its
resumption, and one real run through the match runner on a tiny board."""

from __future__ import annotations

import importlib.util
import json
import math
import zlib

import pytest
from hexswarm.engine.knowledge import load_database
from hexswarm.engine.tools.stats import wilson_interval
from hexswarm.engine.tools.tune import (
    BEST_FILE,
    LOG_FILE,
    HillClimbing,
    MatchFitness,
    SimulatedAnnealing,
    TuneError,
    TuneSettings,
    agent_universe,
    main,
    parse_candidate,
    read_steps,
    tune,
)

B, W = ("bridge",), ("win",)
BW, WB = ("bridge", "win"), ("win", "bridge")


class ScriptedRandom:
    """Hands out fixed uniforms: the optimisers draw every random choice with random()."""

    def __init__(self, draws: list[float]):
        self.draws = list(draws)

    def random(self) -> float:
        return self.draws.pop(0)


def test_the_universe_is_every_ordering_of_every_non_empty_subset():
    assert agent_universe(("bridge", "win")) == (B, W, BW, WB)
    universe = agent_universe()
    assert len(universe) == 4 + 12 + 24 + 24 == len(set(universe))
    assert universe[0] == ("win",) and universe[-1] == ("template", "bridge", "block", "win")


def test_candidates_parse_and_bad_ones_are_refused():
    assert parse_candidate("win,block ; bridge") == (("win", "block"), ("bridge",))
    with pytest.raises(TuneError, match="jump"):
        parse_candidate("win,jump")
    with pytest.raises(TuneError, match="twice"):
        parse_candidate("win,win")


def test_hill_climbing_tries_each_agent_once_in_a_shuffled_order_and_keeps_improvements():
    # Fisher-Yates over [W, BW, WB] with draws 0.0, 0.0: i=2 swaps with 0 -> [WB, BW, W];
    # i=1 swaps with 0 -> [BW, WB, W].
    climber = HillClimbing(agent_universe(("bridge", "win")), (B,), ScriptedRandom([0.0, 0.0]))
    assert climber.order == [BW, WB, W]
    # An additive fitness: the initial database 0.50; BW -0.05, WB +0.03, W +0.10.
    value = {B: 0.0, BW: -0.05, WB: 0.03, W: 0.10}
    trace = []
    while (proposal := climber.propose()) is not None:
        rate = 0.5 + sum(value[a] for a in proposal.candidate)
        trace.append((proposal.action, proposal.agent, climber.tell(proposal, rate)))
    assert trace == [
        ("initial", None, True),
        ("add", BW, False),
        ("add", WB, True),
        ("add", W, True),
    ]
    assert climber.current == (B, WB, W)
    assert climber.current_win_rate == pytest.approx(0.63)


def test_hill_climbing_keeps_only_strict_improvements():
    climber = HillClimbing((B, W), (B,), ScriptedRandom([]))
    climber.tell(climber.propose(), 0.5)
    proposal = climber.propose()
    assert not climber.tell(proposal, 0.5)  # as good is not better (the thesis: "better")
    assert climber.current == (B,) and climber.propose() is None


def test_simulated_annealing_follows_the_thesis_step_by_step():
    """t0 = 0.5, alpha = 0.5, rho = 0.5, v0 = 0.5 over the four agents of bridge and win.

    1. empty database -> forced add; draw 0.3 picks missing[1] = W. v' = 0.6 >= 0.5: accepted
       without a draw; t = 0.25, v = 0.6.
    2. one agent -> forced add; missing = [B, BW, WB], draw 0.9 picks WB. v' = 0.5:
       p = exp(-0.1 / 0.25) = 0.670; draw 0.7 rejects. t stays 0.25.
    3. forced add again; draw 0.0 picks B. v' = 0.55: p = exp(-0.05 / 0.25) = 0.819; draw 0.8
       accepts; t = 0.125, v = 0.55.
    4. two agents: draw 0.6 >= rho means remove; draw 0.2 picks current[0] = W. v' = 0.7:
       accepted; t = 0.0625.
    """
    rates = {(W,): 0.6, (W, WB): 0.5, (W, B): 0.55, (B,): 0.7}
    rng = ScriptedRandom([0.3, 0.9, 0.7, 0.0, 0.8, 0.6, 0.2])
    annealing = SimulatedAnnealing(
        agent_universe(("bridge", "win")),
        rng,
        temperature=0.5,
        alpha=0.5,
        rho=0.5,
        initial_win_rate=0.5,
    )
    trace = []
    for _ in range(4):
        proposal = annealing.propose()
        temperature = annealing.temperature
        probability = annealing.acceptance_probability(rates[proposal.candidate])
        accepted = annealing.tell(proposal, rates[proposal.candidate])
        trace.append(
            (proposal.action, proposal.agent, temperature, round(probability, 3), accepted)
        )
    assert trace == [
        ("add", W, 0.5, 1.0, True),
        ("add", WB, 0.25, 0.670, False),
        ("add", B, 0.25, 0.819, True),
        ("remove", W, 0.125, 1.0, True),
    ]
    assert annealing.current == (B,)
    assert annealing.temperature == 0.0625 and annealing.current_win_rate == 0.7
    assert rng.draws == []  # every draw used, none more


def test_annealing_removes_when_every_agent_is_in_and_adds_when_one_is():
    annealing = SimulatedAnnealing(
        (B, W), ScriptedRandom([0.0]), temperature=1, alpha=1, rho=1.0, initial_win_rate=0
    )
    annealing.current = (B, W)
    proposal = annealing.propose()  # nothing missing: a removal whatever rho says
    assert proposal.action == "remove" and proposal.candidate == (W,)
    annealing = SimulatedAnnealing(
        (B, W), ScriptedRandom([0.99]), temperature=1, alpha=1, rho=0.0, initial_win_rate=0
    )
    annealing.current = (B,)
    assert annealing.propose().candidate == (B, W)  # one agent: an addition whatever rho says


def fake_fitness(games: int = 20):
    """Deterministic wins from the candidate and the step (a CRC: the built-in hash is salted)."""
    calls = []

    def fitness(step, candidate):
        calls.append(step)
        text = json.dumps([step, candidate]).encode()
        return zlib.crc32(text) % (games + 1), games

    fitness.calls = calls
    return fitness


def small_settings(method: str, **changes) -> TuneSettings:
    values = dict(
        method=method,
        player="uct:playouts=10",
        opponent="random",
        size=3,
        games=20,
        seed=3,
        steps=6,
        restarts=1,
        heuristics=("bridge", "win", "block"),
        initial=((("win",),)),
    )
    values.update(changes)
    return TuneSettings(**values)


@pytest.mark.parametrize("method", ["hill", "anneal"])
def test_a_resumed_run_is_the_uninterrupted_run(tmp_path, method):
    settings = small_settings(method)
    whole = tune(settings, tmp_path / "whole", fake_fitness())
    assert len(whole.steps) == 12  # two rounds of six steps
    fitness = fake_fitness()
    first = tune(settings, tmp_path / "parts", fitness, max_new_steps=5)
    assert len(first.steps) == 5 and fitness.calls == [1, 2, 3, 4, 5]
    log = tmp_path / "parts" / LOG_FILE
    with open(log, "a", encoding="utf-8") as handle:
        handle.write('{"kind": "step", "step": 6, "tor')  # a crash mid-write
    second = tune(settings, tmp_path / "parts", fitness)
    assert fitness.calls == list(range(1, 13))  # steps 1-5 replayed, not evaluated again
    assert second.steps == whole.steps
    assert (tmp_path / "parts" / LOG_FILE).read_text() == (
        tmp_path / "whole" / LOG_FILE
    ).read_text()
    assert (tmp_path / "parts" / BEST_FILE).read_text() == (
        tmp_path / "whole" / BEST_FILE
    ).read_text()


def test_the_log_schema_and_the_best_database(tmp_path):
    settings = small_settings("anneal", steps=5, restarts=0)
    result = tune(settings, tmp_path, fake_fitness())
    lines = [json.loads(line) for line in (tmp_path / LOG_FILE).read_text().splitlines()]
    header, steps = lines[0], lines[1:]
    assert header["kind"] == "settings" and header["format"] == "hexswarm-tune-log"
    assert header["version"] == 1 and header["settings"]["method"] == "anneal"
    assert steps == result.steps == read_steps(tmp_path / LOG_FILE)
    keys = {
        "kind", "step", "round", "method", "action", "agent", "candidate", "games", "wins",
        "win_rate", "interval", "accepted", "temperature", "current", "current_win_rate",
        "match_seed", "best_step", "best_win_rate", "best_interval",
    }  # fmt: skip
    for number, step in enumerate(steps, 1):
        assert set(step) == keys and step["step"] == number
        assert step["interval"] == list(wilson_interval(step["wins"], step["games"]))
        assert step["win_rate"] == step["wins"] / step["games"]
        assert isinstance(step["accepted"], bool)
        assert step["best_win_rate"] == max(s["win_rate"] for s in steps[:number])
    best = max(steps, key=lambda s: s["win_rate"])
    database = load_database(tmp_path / BEST_FILE)
    assert [list(a) for a in database.agents] == best["candidate"]
    assert database.selection == "per-move"


def test_a_folder_with_other_settings_is_refused_but_more_steps_are_fine(tmp_path):
    tune(small_settings("hill", steps=2, restarts=0), tmp_path, fake_fitness())
    with pytest.raises(TuneError, match="size: saved 3, now 4"):
        tune(small_settings("hill", size=4), tmp_path, fake_fitness())
    more = tune(small_settings("hill", steps=4, restarts=0), tmp_path, fake_fitness())
    assert len(more.steps) == 4
    again = tune(small_settings("hill", steps=4, restarts=1), tmp_path, fake_fitness())
    assert len(again.steps) == 8 and again.steps[:4] == more.steps
    with pytest.raises(TuneError, match="--steps cannot change once a restart has begun"):
        tune(small_settings("hill", steps=5, restarts=1), tmp_path, fake_fitness())


def test_bad_settings_are_refused():
    with pytest.raises(TuneError, match="player spec must not set playout"):
        small_settings("hill", player="uct:playout=bridge").check()
    with pytest.raises(TuneError, match="alpha"):
        small_settings("anneal", alpha=1.5).check()
    with pytest.raises(TuneError, match="not tuned here"):
        small_settings("hill", initial=(("template",),)).check()


@pytest.mark.slow
def test_a_real_tuning_run_through_the_match_runner(tmp_path, capsys):
    """Hill climbing for three steps with real 2-game matches on 3x3: the log's wins are the
    matches' results, and the best database is a valid file; on a local Dask cluster the log
    is the same."""
    out = tmp_path / "run"
    args = [
        "--dir", str(out), "--method", "hill", "--player", "uct:playouts=8", "--opponent",
        "random", "--size", "3", "--games", "2", "--steps", "3", "--heuristics", "bridge,win",
        "--initial", "bridge", "--seed", "2", "--quiet",
    ]  # fmt: skip
    assert main(args) == 0
    assert "best database" in capsys.readouterr().out
    steps = read_steps(out / LOG_FILE)
    assert [s["step"] for s in steps] == [1, 2, 3]
    settings = small_settings("hill", player="uct:playouts=8", size=3, games=2, seed=2)
    for step in steps:
        state = json.loads((out / f"step-{step['step']:04d}" / "match.json").read_text())
        assert len(state["results"]) == 2
        assert step["wins"] == sum(r["winner"] == "A" for r in state["results"])
        assert state["settings"]["player_a"] == MatchFitness(settings, out).player_spec(
            out / f"step-{step['step']:04d}" / "agents.json"
        )
        database = load_database(out / f"step-{step['step']:04d}" / "agents.json")
        assert [list(a) for a in database.agents] == step["candidate"]
    assert load_database(out / BEST_FILE).agents
    assert main(args) == 0  # a finished run re-run: nothing new to play
    assert read_steps(out / LOG_FILE) == steps
    assert not math.isnan(steps[0]["win_rate"])
    if importlib.util.find_spec("distributed") is None:
        return
    # The same run on a local Dask cluster of two processes: the same log, step by step.
    on_cluster = tmp_path / "cluster"
    assert main([*args[2:], "--dir", str(on_cluster), "--jobs", "2"]) == 0
    assert read_steps(on_cluster / LOG_FILE) == steps
