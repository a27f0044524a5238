"""Live analysis over GTP in the line formats Go GUIs read: Leela Zero's ``lz-analyze`` and
KataGo's ``kata-analyze`` (Lizzie, Sabaki, KaTrain's GTP mode, HexGui's KataHex support).

``lz-analyze [COLOR] [INTERVAL] [KEY VALUE ...]`` and ``kata-analyze ...`` answer ``=`` at once,
then write one line of ``info`` blocks every ``INTERVAL`` centiseconds while the engine's level
searches the position, and end the response with an empty line when the next command arrives
(which then runs as usual). One block per candidate move, the searcher's choice first::

    info move e5 visits 1200 winrate 0.5400 prior 0.0400 order 0 swarmShare 0.3100
    swarmActive 0.5400 pv e5 d6 f3 info move d6 visits 800 ...

(one line, wrapped here).

* ``visits`` is the move's *support*: visits for UCT and anthill (counted as agents holding the
  move there), the agents holding the move for MCSDS and SDST, the playouts after it for vanilla
  Monte-Carlo;
* ``winrate`` the searcher's win rate for the player to move after this move (``kata``: 0..1,
  ``lz``: 0..10000 as Leela Zero writes it); ``prior`` is uniform over the legal moves (no level
  has a policy network), written the same way;
* ``swarmShare`` (ours) the move's share of the root's support, ``swarmActive`` (ours) the active
  fraction of its agents (UCT: wins over visits); both 0..1 in either dialect. A reader that
  does not know them skips key-value pairs before ``pv``, as Lizzie's parser does;
* ``pv`` the move's principal variation (the rest of the block).

``gogui-gfx-analyze [COLOR]`` (:func:`kata_gfx`) writes the same blocks, in ``kata``
gogui-gfx blocks, for HexGui.

Keys: ``interval N`` (the same as the positional interval), ``maxmoves N`` (at most ``N``
blocks a line). ``INTERVAL`` 0 (or none given) writes one line only, when the search ends. The
search is the engine's level with its settings, as ``genmove`` would search (it ends at its own
limits, or at the next command); ``COLOR`` analyses for that colour to move, as ``genmove``
would. Anything else is an error answered with ``?`` before the engine changes anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexswarm.engine.board import SWAP_PIECES, Color, HexError, cell_name
from hexswarm.engine.search.snapshot import SearchSnapshot, candidates

LZ_ANALYZE = "lz-analyze"
KATA_ANALYZE = "kata-analyze"
DIALECTS = (LZ_ANALYZE, KATA_ANALYZE)
KEYS = ("interval", "maxmoves")
MAX_MOVES = 400
"""More candidates than any board of ours has cells: "all of them"."""


@dataclass(frozen=True, slots=True)
class AnalyzeRequest:
    """A parsed analyze command: ``color`` None means the side to move; ``interval_s`` 0 means
    one line when the search ends; ``max_moves`` caps the blocks a line."""

    dialect: str
    color: Color | None
    interval_s: float
    max_moves: int


def _count(word: str, what: str) -> int:
    try:
        value = int(word)
    except ValueError:
        raise HexError(f"{what} must be a whole number, not {word!r}") from None
    if value < 0:
        raise HexError(f"{what} must not be negative, not {value}")
    return value


def parse_analyze(dialect: str, args: list[str]) -> AnalyzeRequest:
    """Parse ``[COLOR] [INTERVAL] [KEY VALUE ...]``; raises :class:`HexError` with a message
    for the user on an unknown colour or key, a missing value, or a negative number."""
    if dialect not in DIALECTS:
        raise HexError(f"unknown analysis dialect {dialect!r}")
    words = list(args)
    color = None
    if words and not words[0].lstrip("-").isdigit() and words[0].lower() not in KEYS:
        try:
            color = Color.parse(words.pop(0))
        except HexError:
            raise HexError(f"invalid color: {args[0]!r} (use b, black, w or white)") from None
    interval_cs = 0
    if words and words[0].lstrip("-").isdigit():
        interval_cs = _count(words.pop(0), "the interval (centiseconds)")
    max_moves = MAX_MOVES
    while words:
        key = words.pop(0).lower()
        if key not in KEYS:
            raise HexError(f"unknown key {key!r} (known: {', '.join(KEYS)})")
        if not words:
            raise HexError(f"{key} needs a value")
        value = words.pop(0)
        if key == "interval":
            interval_cs = _count(value, "the interval (centiseconds)")
        else:
            max_moves = _count(value, "maxmoves")
            if max_moves == 0:
                raise HexError("maxmoves must be at least 1")
    return AnalyzeRequest(dialect, color, interval_cs / 100.0, max_moves)


def _move_name(cell: int, shape: tuple[int, int]) -> str | None:
    if cell == -1:
        return SWAP_PIECES
    width, height = shape
    return cell_name(cell, width, height) if 0 <= cell < width * height else None


def info_line(
    snapshot: SearchSnapshot,
    size: int | tuple[int, int],
    dialect: str,
    *,
    legal_moves: int,
    max_moves: int = MAX_MOVES,
    swap_allowed: bool = False,
) -> str:
    """One report: an ``info`` block per candidate of ``snapshot`` (module docstring), on one
    line; empty when the snapshot has no supported move. ``size``: a square's side or a
    board's ``(width, height)``. ``legal_moves`` sets the uniform prior; the swap move is
    reported only when ``swap_allowed``."""
    shape = (size, size) if isinstance(size, int) else (size[0], size[1])

    def rate(value: float) -> str:
        if dialect == LZ_ANALYZE:
            return str(round(10_000 * value))
        return f"{value:.4f}"

    prior = 1.0 / max(1, legal_moves)
    blocks: list[str] = []
    for candidate in candidates(snapshot, max_moves + 1):
        if len(blocks) == max_moves:
            break
        name = _move_name(candidate.move, shape)
        if name is None or (candidate.move == -1 and not swap_allowed):
            continue
        pv: list[str] = []
        for cell in candidate.line:
            move = _move_name(cell, shape)
            if move is None or (cell == -1 and pv):
                break
            pv.append(move)
        blocks.append(
            f"info move {name} visits {candidate.support} winrate {rate(candidate.value)} "
            f"prior {rate(prior)} order {len(blocks)} swarmShare {candidate.share:.4f} "
            f"swarmActive {candidate.active_fraction:.4f} pv {' '.join(pv)}"
        )
    return " ".join(blocks)


KATA_GFX = "kata"
"""The gogui-gfx block that HexGui (Peter Selinger's, 2023: KataHex's GUI) reads as KataHex's
analysis: its "Solve State" button sends ``gogui-gfx-analyze COLOR`` to an engine that has no
``dfpn-solve-state``, draws every ``gogui-gfx:`` block starting ``kata`` while the command
runs, and shows the final answer in its status bar."""


def kata_gfx(snapshot: SearchSnapshot, size: int | tuple[int, int], *, legal_moves: int) -> str:
    """The body of a ``kata`` gogui-gfx block for ``snapshot`` (without the ``gogui-gfx:``
    line): ``kata``, then :func:`info_line`'s ``kata-analyze`` blocks on one line (HexGui reads
    ``move``, ``visits``, ``winrate`` 0..1 and ``order`` of each, and skips the rest). The swap
    is left out: HexGui draws cells only. Empty when the snapshot has no supported cell."""
    line = info_line(snapshot, size, KATA_ANALYZE, legal_moves=legal_moves, swap_allowed=False)
    return f"{KATA_GFX}\n{line}" if line else ""
