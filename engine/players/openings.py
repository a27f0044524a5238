"""The swap rule played from one table of opening values (setting ``swap_policy=table``; ours).

With the swap rule on, the first stone is a bet: if it is good, the opponent swaps and owns it.
The right swap decision is "swap exactly the openings that win for the player who made them";
the best first move is one the opponent cannot profitably swap and whose value is as close to
even as possible. Both decisions here read the *same* table,
``openings.json`` beside this module:

* the first player's estimated win rate after each opening cell, board sizes 3-13 (the value
  after swap-pieces is one minus it, by the colour-and-mirror symmetry of Hex);
* on the solved sizes, 3x3 to 8x8, the exact set of winning openings: sizes 3-5 computed here
  (``--solve``, the exact solver), 6x6-8x8 the published solutions (``SOLVED_SOURCES``);
* on every size from 3x3 up, the acute-corner cells a1 and b1 (and their half-turn twins) lose:
  proven for every board (non-constructively: the reply a2 makes a1 a dead cell).

Swap: where the value of the opening is known exactly, swap exactly the winning ones;
otherwise swap the openings rated above even. Open: on a solved size, the *losing* opening
rated highest (one a strong opponent does not swap: it must then find the win as the second
player against the stone that looks strongest); otherwise the cell rated closest to even among
those not proven to lose. The price of the first rule against an opponent that swaps by an
estimate instead is measured in docs/experiments.md ("The swap rule played from one table").

The table is measured, not assumed: ``python -m hexswarm.engine.players.openings`` runs UCT with
a fixed number of playouts from the position after every opening (one per pair of cells
related by the half-turn symmetry) and stores the root's mean result (for the first player)
with the command.
On this scale the acute corner ``a1``, a proven loss, sits at about 0.50 and the centre at
about 0.54 (9x9 and 11x11). The estimate ranks openings well but its even point is off: on 7x7
it rates every opening above even although 22 of the 49 lose (on the solved sizes the chance
that a winning opening is rated above a losing one is 0.93, 0.95 and 0.91 on 6x6, 7x7, 8x8).

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

from hexswarm.engine.board import SWAP_PIECES, Board, HexError, cell_index, cell_name
from hexswarm.engine.players.base import MoveChoice, Player
from hexswarm.engine.players.tactics import decided_snapshot
from hexswarm.engine.search.snapshot import SnapshotCallback, StopCheck

OPENINGS_FILE = Path(__file__).with_name("openings.json")
TABLE_FORMAT = 1
TABLE_SIZES = tuple(range(3, 14))
TABLE_PLAYOUTS = 50_000
TABLE_SEED = 1
SOLVER_SIZES = (3, 4, 5)  # what --solve computes here (5x5: about a minute)
SOLVED_SOURCES = {
    "solver": "engine.solver, exact: python -m engine.players.openings --solve 3 4 5",
    "published": (
        "published solutions of every opening, transposed to these coordinates: 7x7 Hayward, "
        "Bjornsson, Johanson, Kan, Po & van Rijswijck, Solving 7x7 Hex (Theoretical Computer "
        "Science 349, 2005); 8x8 Henderson, Arneson & Hayward, Solving 8x8 Hex (IJCAI 2009); "
        "6x6 solved before them; read from the swap list of the Benzene programs (MoHex), whose "
        "4x4 and 5x5 lists equal this solver's"
    ),
}
PROVEN_LOSING = ("a1", "b1")  # and their half-turn twins, on every board from 3x3 up


@cache
def _document() -> dict:
    try:
        document = json.loads(OPENINGS_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    if document.get("format") != TABLE_FORMAT:
        raise HexError(f"{OPENINGS_FILE}: not an opening table of format {TABLE_FORMAT}")
    return document


@cache
def opening_values() -> dict[int, dict[int, float]]:
    """``{size: {cell: first player's win rate after opening at cell}}`` from the table."""
    return {
        int(size): {int(cell): float(value) for cell, value in values.items()}
        for size, values in _document().get("values", {}).items()
    }


@cache
def solved_openings() -> dict[int, frozenset[int]]:
    """``{size: the openings that win for the first player}`` on the solved sizes."""
    return {
        int(size): frozenset(cell_index(name, int(size)) for name in entry["winning"])
        for size, entry in _document().get("solved", {}).items()
    }


def opening_wins(size: int, cell: int) -> bool | None:
    """Whether opening at ``cell`` wins for the first player with perfect play, where known."""
    solved = solved_openings().get(size)
    if solved is not None:
        return cell in solved
    if size >= 3:
        corner = {cell_index(name, size) for name in PROVEN_LOSING}
        if cell in corner or size * size - 1 - cell in corner:
            return False
    return None


def balanced_opening(size: int) -> int | None:
    """The table's opening (ties to the lowest cell), or ``None`` when it has no such size: on
    a solved size the losing opening rated highest, otherwise the cell rated closest to even
    among those not proven to lose."""
    values = opening_values().get(size)
    if not values:
        return None
    if size in solved_openings():
        losing = [cell for cell in values if not opening_wins(size, cell)]
        return min(losing, key=lambda cell: (-values[cell], cell))
    candidates = [cell for cell in values if opening_wins(size, cell) is not False]
    return min(candidates, key=lambda cell: (abs(values[cell] - 0.5), cell))


def should_swap(size: int, cell: int) -> bool | None:
    """Whether to swap the opening ``cell``: exactly when it wins for the player who made it
    where that is known, otherwise when it is rated above even. ``None`` when the table has
    no such size."""
    values = opening_values().get(size)
    if not values:
        return None
    known = opening_wins(size, cell)
    return known if known is not None else values[cell] > 0.5


def _first_move_with_swap(board: Board) -> bool:
    return board.swap_rule and not board.moves and not board.cells.any()


class OpeningTablePlayer:
    """``player`` with the first move and the swap decision taken from the opening table when
    the swap rule is on; everything else is the wrapped player's. Same ``name``, ``settings``
    and ``spec()``."""

    def __init__(self, player: Player):
        self.player = player
        self.name = player.name
        self.settings = getattr(player, "settings", None)  # an external engine has none
        self.supports_root_moves = getattr(player, "supports_root_moves", False)

    def spec(self) -> str:
        return self.player.spec()

    def choose_move(
        self,
        board: Board,
        *,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
        position_id: int = 0,
        **search_options,
    ) -> MoveChoice:
        decided = self._decided(board, position_id)
        if decided is not None:
            if on_snapshot is not None and decided.snapshot is not None:
                on_snapshot(decided.snapshot)
            return decided
        first = board.moves[0] if board.swap_allowed() else None
        if first is not None and should_swap(board.size, first.cell) is False:
            board = board.copy()
            board.swap_rule = False  # the table says keep: the search must not swap either
        return self.player.choose_move(
            board,
            on_snapshot=on_snapshot,
            should_stop=should_stop,
            position_id=position_id,
            **search_options,  # root_moves, for a player that supports them
        )

    def _decided(self, board: Board, position_id: int) -> MoveChoice | None:
        """The table's opening or swap, or ``None`` when the search decides."""
        size = board.size
        if _first_move_with_swap(board) and (cell := balanced_opening(size)) is not None:
            value = opening_values()[size][cell]
            name = board.cell_name(cell)
            if size in solved_openings():
                note = (
                    f"opening {name}: a proven loss rated {value:.2f}, the losing opening that "
                    "looks strongest (a strong opponent keeps it and must find the win)"
                )
            else:
                note = f"opening {name}: worth {value:.2f} to us, closest to even"
            return decided_snapshot(self.name, board, cell, value, None, note, position_id)
        first = board.moves[0] if board.swap_allowed() else None
        if first is not None and should_swap(size, first.cell):
            value = opening_values()[size][first.cell]
            name = board.cell_name(first.cell)
            if opening_wins(size, first.cell):
                note = f"swap: the opening {name} is a proven win for its player"
            else:
                note = f"swap: the opening {name} is worth {value:.2f} to it"
            # Swapping takes the opening over: the swapper's win rate is the opening's value
            # to its player (round 15: 1 - value, the rate of keeping it, had been said).
            return decided_snapshot(self.name, board, SWAP_PIECES, value, None, note, position_id)
        return None


# --------------------------------------------------------------------------- the table


def measure(size: int, playouts: int, seed: int) -> dict[int, float]:
    """UCT's estimate of every opening on a ``size`` board (one thread, fixed playouts)."""
    from hexswarm.engine.players.levels import UCTSettings
    from hexswarm.engine.players.uct_player import UCTPlayer

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
        if snapshot is None:
            raise ValueError(f"{player.name} does not search: no opening values to learn")
        # The root's mean over all its playouts, not the best reply's rate: the best of many
        # replies is biased towards the side to move and drifts with the playout count
        # (measured: 9x9 e5 0.501 at 50 000 playouts, 0.524 at 400 000; the mean 0.547, 0.545).
        mean = sum(snapshot.root_active) / max(1, sum(snapshot.root_agents))
        values[cell] = round(1.0 - mean, 4)
    return values


def solve_openings(size: int) -> list[str]:
    """The winning openings of a ``size`` board by the exact solver (sorted names)."""
    from hexswarm.engine.solver import winning_moves

    board = Board(size)
    cells = winning_moves(board, budget=2_000_000_000, table_bits=24)
    return sorted(cell_name(cell, size) for cell in cells)


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.players.openings",
        description="Measure the opening table used by swap_policy=table: the estimate of "
        "every opening (--sizes), or the exact winning openings (--solve).",
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=list(TABLE_SIZES))
    parser.add_argument("--playouts", type=int, default=TABLE_PLAYOUTS)
    parser.add_argument("--seed", type=int, default=TABLE_SEED)
    parser.add_argument(
        "--solve",
        type=int,
        nargs="+",
        metavar="SIZE",
        help=f"solve every opening of these sizes exactly instead (here: {SOLVER_SIZES})",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=OPENINGS_FILE,
        help="where to write the updated table (default: the bundled one)",
    )
    options = parser.parse_args(None if argv is None else list(argv))
    document = dict(_document())  # the bundled table, updated below (and written to --out)
    document["format"] = TABLE_FORMAT
    if options.solve:
        solved = dict(document.get("solved", {}))
        for size in options.solve:
            started = time.perf_counter()
            solved[str(size)] = {"winning": solve_openings(size), "source": "solver"}
            print(f"{size}x{size}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
        document["solved"] = dict(sorted(solved.items(), key=lambda item: int(item[0])))
    else:
        values = {}
        for size in options.sizes:
            started = time.perf_counter()
            values[str(size)] = {
                str(c): v for c, v in measure(size, options.playouts, options.seed).items()
            }
            print(f"{size}x{size}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
        sizes = " ".join(str(s) for s in options.sizes)
        document["command"] = (
            f"python -m hexswarm.engine.players.openings --sizes {sizes} "
            f"--playouts {options.playouts} --seed {options.seed}"
        )
        document["estimator"] = (
            f"uct:playouts={options.playouts},threads=1 after each opening, root mean"
        )
        document["values"] = values
    document["solved_sources"] = SOLVED_SOURCES
    options.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
