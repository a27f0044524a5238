"""Cluster formation in SDS, measured against thesis 3.2.4's analysis (docs/search.md).

Thesis 3.2.4 (after Myatt, Bishop and Nasuto): with passive recruitment, a hypothesis whose
test succeeds with probability alpha among hypotheses that succeed with beta ("homogeneous
background noise") forms a stable cluster only if alpha > alpha_min = 1 / (2 - beta). Uniform
random Hex playouts give most reasonable moves 0.45-0.65: under the threshold, so the thesis's
MCSDS and SDST never form a cluster on Hex. This module measures it and the new tests:

* the mean-field equilibrium of passive recruitment (``engine.tools.lab.cluster_share_limit`` and
  ``cluster_share_prediction``; the thesis's threshold is where it leaves zero) holds for any
  test whose activation probabilities are known: :func:`majority_activation` gives them for
  the k-playout majority;
* :func:`bandit_cluster_share`: the measured share of the best arm, on a bandit with one arm
  at alpha and the others at beta (the cleanest instrument: controlled rates);
* :func:`hex_convergence`: the share of the root agents on proven winning moves per iteration,
  on :data:`CONVERGENCE_POSITIONS` (Hex positions where one move wins by force within three
  plies; checked by ``tests/engine/test_clusters.py``).

    python -m hexswarm.engine.tools.cluster_formation bandit   # docs/search.md's threshold table
    python -m hexswarm.engine.tools.cluster_formation hex      # the convergence table
    python -m hexswarm.engine.tools.cluster_formation open     # the top move's share, open boards
    python -m hexswarm.engine.tools.cluster_formation anthill --spec "tests=16"  # the anthill's
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.search.anthill import AnthillConfig, AnthillSearch
from hexswarm.engine.search.environment import bandit_environment, hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
from hexswarm.engine.tools.lab import cluster_share_prediction, majority_activation

# (board size, moves from the empty board, the side to move's proven winning cells): after a
# winning cell, every reply leaves the mover a cell that wins at once. Found by a 3-ply search
# from random positions (moves that win only by longer lines are not listed, so a measured
# share is a lower bound of the share on winning moves).
CONVERGENCE_POSITIONS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (7, "b1 c1 b7 b6 a1 g4 c3 e5 e1 g6 f3 c6 a7 g7 g3 c5 a4 b4 d6 c4 g2 d1 e4 f5 f6", ("d5",)),
    (7, "b2 c6 e1 e3 c2 a6 e5 b6 a5 c3 a2 a7 b1 f5 f6 a1 c7 e4 d6 b7 g2 b5 g1 g3 c1", ("d5",)),
    (7, "f3 g3 d2 b5 f6 d3 b2 a1 b7 d1 f7 e3 g7 d6 a3 d7 e1 a6 e2 b4 g1 g2 f5", ("f2",)),
    (7, "g1 c1 g3 a1 b7 f7 b1 c2 e5 f2 f1 f3 d4 c6 d3 a3 a7 a4 a6 b3 e2 g6", ("b5", "c5")),
    (7, "e4 e1 e3 d6 f1 g1 b1 f7 a1 d4 c5 g6 f6 a3 e2 e7 d5 c2", ("b6", "c6", "b7")),
    (7, "e5 b7 e2 f2 c2 d2 d4 c4 g1 f6 g7 e4 g2 f3 b3 c1 f5 b4 a2 e3 a5 a6 b2 b1 d7 c7 g3 f4",
     ("g4",)),
    (9, "g8 a3 a7 i1 d2 e1 c3 g5 c7 h4 e6 d8 a4 i9 i5 i2 h3 h8 h1 d4 b6 e3 a8 c6 g3 f2 g2 d6 a9 "
        "b4 f5 c5 h9 i7 g9 e2 b7 i6", ("d7",)),
    (9, "h4 e9 c4 e2 g8 a3 c5 i4 b4 h1 i7 e1 a2 c7 d7 a4 g5 d1 i1 d2 g1 b1 f1 e8 c1 f5 e4 c3 i9 "
        "f3 d9 h3 f7 c9 a1 e6 f8 f2 d5 i3 g2 b2 i6", ("g3",)),
    (9, "g9 f2 b5 a6 c8 d1 g5 i7 f9 g1 a5 e7 e3 i8 f4 e2 f6 i2 b1 c5 e8 c9 c2 c6 i6 h8 h4 b6 e6 "
        "b4 g2 e4 h3 i3 d8 d6 d9 c1 b8 h2 h1 g4", ("g3",)),
    (9, "h1 d2 c2 e6 g3 h5 a5 e4 e1 h3 c8 g7 f9 d7 g8 h9 g5 f1 i8 b1 f4 e5 b4 i4 f5 g6 h2 b7 a3 "
        "f3 e3 c1 c3 d5 d3 g2 a8 b8 f6 e8 b9 a4 h7 e7 d9 i6 h6 c7 a9", ("a7",)),
)  # fmt: skip


def convergence_board(size: int, moves: str) -> Board:
    return Board.from_moves(size, moves.split())


# --------------------------------------------------------------------------- predictions


# --------------------------------------------------------------------------- measurements


def bandit_cluster_share(
    alpha: float,
    beta: float,
    config: SwarmConfig,
    iterations: int,
    *,
    arms: int = 20,
    seeds: Sequence[int] = (0, 1, 2, 3),
    window: int = 10,
) -> float:
    """The best arm's mean share of the agents over the last ``window`` of ``iterations``,
    averaged over ``seeds``, on a bandit with one arm at ``alpha`` and ``arms - 1`` at ``beta``."""
    env = bandit_environment([alpha] + [beta] * (arms - 1))
    shares = []
    for seed in seeds:
        limits = SearchLimits(iterations=iterations)
        result = SwarmSearch(replace(config, seed=seed)).run(env, limits)
        history = np.asarray(result.history, dtype=np.float64)
        shares.append(float(np.mean(history[-window:, 0] / history[-window:].sum(axis=1))))
    return float(np.mean(shares))


def hex_convergence(
    size: int, moves: str, winners: Sequence[str], config: SwarmConfig, iterations: int
):
    """Per iteration (``iterations`` of them), the share of the root agents on the
    ``winners`` cells; and the search's result (its move, playouts)."""
    board = convergence_board(size, moves)
    env = hex_environment(board)
    cells = [int(c) for c in env.action_cells]
    winning = [cells.index(board.cell_index(name)) for name in winners]
    result = SwarmSearch(config).run(env, SearchLimits(iterations=iterations))
    history = np.asarray(result.history, dtype=np.float64)
    share = history[:, winning].sum(axis=1) / history.sum(axis=1)
    return share, result


# --------------------------------------------------------------------------- command line

OPTIONS: dict[str, dict[str, Any]] = {
    "thesis": {},
    "paper diffusion": {"internal_diffusion": "paper"},
    "majority 5": {"test": "majority", "test_playouts": 5},
    "sequential 9": {"test": "sequential", "test_playouts": 9},
    "sequential 9 + paper": {
        "test": "sequential",
        "test_playouts": 9,
        "internal_diffusion": "paper",
    },
    "mean 5": {"test": "majority", "test_playouts": 5, "reference": "mean"},
    "evidence": {"evidence": True},
    "evidence + mean": {"evidence": True, "reference": "mean"},
    "shared": {"reference": "shared"},
}  # fmt: skip


def _bandit_table(agents: int, iterations: int) -> None:
    beta = 0.5
    alphas = (0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9)
    print(f"bandit: 20 arms, 19 at beta={beta}, {agents} agents, {iterations} iterations, "
          "best arm's share over the last 10 iterations, mean of 4 seeds")  # fmt: skip
    print("| setting | " + " | ".join(f"alpha={a}" for a in alphas) + " |")
    print("|---|" + "---|" * len(alphas))
    row = [f"{cluster_share_prediction(a, beta, 20):.2f}" for a in alphas]
    print("| thesis, predicted (mean field) | " + " | ".join(row) + " |")
    for k in (5, 9):
        noise = majority_activation(beta, k)
        row = [
            f"{cluster_share_prediction(majority_activation(a, k), noise, 20):.2f}" for a in alphas
        ]
        print(f"| majority {k}, predicted | " + " | ".join(row) + " |")
    for name, options in OPTIONS.items():
        config = SwarmConfig(agents=agents, **options)
        row = [f"{bandit_cluster_share(a, beta, config, iterations):.2f}" for a in alphas]
        print(f"| {name}, measured | " + " | ".join(row) + " |", flush=True)


def _hex_table(agents: int, iterations: int, policy: str, names: Sequence[str]) -> None:
    print(f"hex: share of the root agents on the proven winning cells ({policy}, {agents} agents)")
    checkpoints = [i for i in (10, 25, 50, 100) if i <= iterations]
    header = " | ".join(f"it {c}" for c in checkpoints)
    print(f"| setting | position | {header} | first it >= 0.5 | playouts |")
    for name in names:
        options = OPTIONS[name]
        for index, (size, moves, winners) in enumerate(CONVERGENCE_POSITIONS):
            config = SwarmConfig(policy=policy, agents=agents, threads=1, seed=index, **options)
            share, result = hex_convergence(size, moves, winners, config, iterations)
            reached = np.flatnonzero(share >= 0.5)
            first = str(int(reached[0]) + 1) if reached.size else "-"
            cells = " | ".join(f"{share[c - 1]:.2f}" for c in checkpoints)
            where = f"{size}x{size} #{index}"
            print(f"| {name} | {where} | {cells} | {first} | {result.playouts} |", flush=True)


SNAPSHOT_DESCENTS = 250


def anthill_convergence(size: int, moves: str, winners: Sequence[str], options: str, seed: int):
    """The anthill (``anthill:`` + ``options``, 60 000 playouts with 4 a leaf unless the
    options say otherwise) on one convergence position: the descents at each snapshot of
    its root population, the share of the root agents on the ``winners`` cells there,
    whether the move played is a winner, and the search's result."""
    from hexswarm.engine.players.levels import parse_spec
    from hexswarm.engine.players.uct_player import AnthillPlayer, tree_config

    _, settings = parse_spec(f"anthill:playouts=60000,leaf_playouts=4,{options}".rstrip(","))
    player = AnthillPlayer(settings)
    board = convergence_board(size, moves)
    env = hex_environment(board, player.playout_policy())
    cells = [int(c) for c in env.action_cells]
    winning = [cells.index(board.cell_index(name)) for name in winners]
    search = AnthillSearch(tree_config(AnthillConfig, settings, seed))
    # The same draws in finer batches, for the history.
    search.batch_iterations = SNAPSHOT_DESCENTS
    result = search.run(env, SearchLimits(playouts=settings.playouts))
    history = np.asarray(search.root_history.support, dtype=np.float64)
    share = history[:, winning].sum(axis=1) / history.sum(axis=1)
    iterations = np.asarray(search.root_history.iterations)
    return iterations, share, result.best_action in winning, result


def _anthill_table(specs: Sequence[str]) -> None:
    print("anthill: share of the root agents on the proven winning cells at the end "
          f"(descents at the first snapshot >= 0.5, snapshots every {SNAPSHOT_DESCENTS}); seed = "
          "position index")  # fmt: skip
    header = " | ".join(f"#{i}" for i in range(len(CONVERGENCE_POSITIONS)))
    print(f"| options | {header} | reached 0.5 | plays a winner |")
    for options in specs:
        cells, reached, played = [], 0, 0
        for index, (size, moves, winners) in enumerate(CONVERGENCE_POSITIONS):
            descents, share, wins, _ = anthill_convergence(size, moves, winners, options, index)
            first = np.flatnonzero(share >= 0.5)
            cells.append(f"{share[-1]:.2f}" + (f" ({descents[first[0]]})" if first.size else ""))
            reached += bool(first.size)
            played += bool(wins)
        total = len(CONVERGENCE_POSITIONS)
        row = " | ".join(cells)
        print(f"| {options or 'defaults'} | {row} | {reached}/{total} | {played}/{total} |")


def _open_table(agents: int, iterations: int, policy: str, names: Sequence[str]) -> None:
    """The issue's symptom: the most supported move's share on open boards (no known answer)."""
    print(f"open boards: the top move's share of the root agents ({policy}, {agents} agents)")
    checkpoints = [i for i in (10, 25, 50, 100) if i <= iterations]
    header = " | ".join(f"it {c}" for c in checkpoints)
    print(f"| setting | position | {header} | move | playouts |")
    for name in names:
        for size, moves in ((7, ""), (9, "e5")):
            board = convergence_board(size, moves)
            config = SwarmConfig(policy=policy, agents=agents, threads=1, **OPTIONS[name])
            limits = SearchLimits(iterations=iterations)
            result = SwarmSearch(config).run(hex_environment(board), limits)
            history = np.asarray(result.history, dtype=np.float64)
            top = history.max(axis=1) / history.sum(axis=1)
            cells = " | ".join(f"{top[c - 1]:.2f}" for c in checkpoints)
            move = board.cell_name(int(hex_environment(board)[5][result.best_action]))
            where = f"{size}x{size} {moves or 'empty'}"
            print(f"| {name} | {where} | {cells} | {move} | {result.playouts} |", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("bandit", "hex", "open", "anthill"))
    parser.add_argument("--agents", type=int, default=None)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--policy", default="root", choices=("root", "fixed", "layers", "tree"))
    parser.add_argument("--options", nargs="*", default=list(OPTIONS), choices=list(OPTIONS))
    parser.add_argument(
        "--spec",
        nargs="*",
        default=[""],
        help="anthill: settings to compare, each a list such as 'tests=16,relate=none'",
    )
    args = parser.parse_args(argv)
    if args.what == "anthill":
        _anthill_table(args.spec)
        return
    if args.what == "bandit":
        _bandit_table(args.agents or 2000, args.iterations or 100)
    elif args.what == "hex":
        _hex_table(args.agents or 20_000, args.iterations or 50, args.policy, args.options)
    else:
        _open_table(args.agents or 50_000, args.iterations or 50, args.policy, args.options)


if __name__ == "__main__":
    main()
