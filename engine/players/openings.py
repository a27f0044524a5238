"""The swap rule played from one table of opening values (setting ``swap_policy=table``; ours).

With the swap rule on, the first stone is a bet: if it is good, the opponent swaps and owns it.
The best first move is therefore the one whose value is closest to even, and the right swap
decision is "swap exactly the openings worth more than even to the player who made them". Both
decisions here read the *same* estimate: ``openings.json`` beside this module, which holds, for
each board size, the first player's estimated win rate after each opening cell (the value after
swap-pieces is one minus it, by the colour-and-mirror symmetry of Hex).

The table is measured, not assumed: ``python -m engine.players.openings`` runs UCT with a fixed
number of playouts from the position after every opening (one per pair of cells related by the
half-turn symmetry) and stores the root's mean result (for the first player) with the command.
On this scale the acute corner ``a1``, an opening known to lose, sits at about 0.50 and the
centre at about 0.54 (9x9 and 11x11), so the balanced openings are edge cells that a strong
opponent leaves alone, and the central ones are swapped.

Sizes not in the table keep the levels' own rule (``swap_policy=search``: open with the search's
best move; swap when the search's estimate after its best reply is below one half).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from engine.board import SWAP_PIECES, Board, HexError
from engine.players.base import MoveChoice, Player
from engine.players.tactics import decided_snapshot
from engine.search.snapshot import SnapshotCallback, StopCheck

OPENINGS_FILE = Path(__file__).with_name("openings.json")
TABLE_FORMAT = 1
TABLE_SIZES = tuple(range(3, 14))
TABLE_PLAYOUTS = 50_000
TABLE_SEED = 1


@cache
def opening_values() -> dict[int, dict[int, float]]:
    """``{size: {cell: first player's win rate after opening at cell}}`` from the table."""
    try:
        document = json.loads(OPENINGS_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    if document.get("format") != TABLE_FORMAT:
        raise HexError(f"{OPENINGS_FILE}: not an opening table of format {TABLE_FORMAT}")
    return {
        int(size): {int(cell): float(value) for cell, value in values.items()}
        for size, values in document["values"].items()
    }


def balanced_opening(size: int) -> int | None:
    """The opening whose value is closest to even (the lowest cell on ties), or ``None`` when
    the table has no such size."""
    values = opening_values().get(size)
    if not values:
        return None
    return min(values, key=lambda cell: (abs(values[cell] - 0.5), cell))


def should_swap(size: int, cell: int) -> bool | None:
    """Whether to swap the opening ``cell``: yes when it is worth more than even to the player
    who made it. ``None`` when the table has no such size."""
    values = opening_values().get(size)
    if not values:
        return None
    return values[cell] > 0.5


def _first_move_with_swap(board: Board) -> bool:
    return board.swap_rule and not board.moves and not board.cells.any()


class OpeningTablePlayer:
    """``player`` with the first move and the swap decision taken from the opening table when
    the swap rule is on; everything else is the wrapped player's. Same ``name``, ``settings``
    and ``spec()``."""

    def __init__(self, player: Player):
        self.player = player
        self.name = player.name
        self.settings = player.settings

    def spec(self) -> str:
        return self.player.spec()

    def choose_move(
        self,
        board: Board,
        *,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
        position_id: int = 0,
    ) -> MoveChoice:
        decided = self._decided(board, position_id)
        if decided is not None:
            if on_snapshot is not None:
                on_snapshot(decided.snapshot)
            return decided
        first = board.moves[0] if board.swap_allowed() else None
        if first is not None and should_swap(board.size, first.cell) is False:
            board = board.copy()
            board.swap_rule = False  # the table says keep: the search must not swap either
        return self.player.choose_move(
            board, on_snapshot=on_snapshot, should_stop=should_stop, position_id=position_id
        )

    def _decided(self, board: Board, position_id: int) -> MoveChoice | None:
        """The table's opening or swap, or ``None`` when the search decides."""
        size = board.size
        if _first_move_with_swap(board) and (cell := balanced_opening(size)) is not None:
            value = opening_values()[size][cell]
            note = f"opening {board.cell_name(cell)}: worth {value:.2f} to us, closest to even"
            return decided_snapshot(self.name, board, cell, value, None, note, position_id)
        first = board.moves[0] if board.swap_allowed() else None
        if first is not None and should_swap(size, first.cell):
            value = opening_values()[size][first.cell]
            note = f"swap: the opening {board.cell_name(first.cell)} is worth {value:.2f} to it"
            return decided_snapshot(
                self.name, board, SWAP_PIECES, 1 - value, None, note, position_id
            )
        return None


# --------------------------------------------------------------------------- the table


def measure(size: int, playouts: int, seed: int) -> dict[int, float]:
    """UCT's estimate of every opening on a ``size`` board (one thread, fixed playouts)."""
    from engine.players.levels import UCTSettings
    from engine.players.uct_player import UCTPlayer

    player = UCTPlayer(UCTSettings(playouts=playouts, seed=seed, threads=1))
    values: dict[int, float] = {}
    for cell in range(size * size):
        twin = size * size - 1 - cell  # the half turn keeps every rule of Hex
        if twin in values:
            values[cell] = values[twin]
            continue
        board = Board(size)
        board.play(cell)
        if board.is_over:
            values[cell] = 1.0
            continue
        snapshot = player.choose_move(board).snapshot
        # The root's mean over all its playouts, not the best reply's rate: the best of many
        # replies is biased towards the side to move and drifts with the playout count
        # (measured: 9x9 e5 0.501 at 50 000 playouts, 0.524 at 400 000; the mean 0.547, 0.545).
        mean = sum(snapshot.root_active) / max(1, sum(snapshot.root_agents))
        values[cell] = round(1.0 - mean, 4)
    return values


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.players.openings",
        description="Measure the opening table used by swap_policy=table.",
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=list(TABLE_SIZES))
    parser.add_argument("--playouts", type=int, default=TABLE_PLAYOUTS)
    parser.add_argument("--seed", type=int, default=TABLE_SEED)
    parser.add_argument("--out", type=Path, default=OPENINGS_FILE)
    options = parser.parse_args(None if argv is None else list(argv))
    values = {}
    for size in options.sizes:
        started = time.perf_counter()
        values[str(size)] = {
            str(c): v for c, v in measure(size, options.playouts, options.seed).items()
        }
        print(f"{size}x{size}: {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    sizes = " ".join(str(s) for s in options.sizes)
    document = {
        "format": TABLE_FORMAT,
        "command": (
            f"python -m engine.players.openings --sizes {sizes} "
            f"--playouts {options.playouts} --seed {options.seed}"
        ),
        "estimator": f"uct:playouts={options.playouts},threads=1 after each opening, root mean",
        "values": values,
    }
    options.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
