"""Where a player lost its games: the decisive mistake of each lost game of a match, and every
other proven mistake on the way, found by MoHex's DFPN solver; a tactics suite made of them.

::

    python -m hexswarm.engine.tools.mistakes find docs/results/mohex/strong12-1s-vs-mohex-1000 \\
        --retry-seconds 30 --out docs/results/mistakes/9x9.json
    python -m hexswarm.engine.tools.mistakes relabel docs/results/mistakes/9x9.json --seconds 30
    python -m hexswarm.engine.tools.mistakes report docs/results/mistakes/9x9.json
    python -m hexswarm.engine.tools.mistakes suite docs/results/mistakes/9x9.json \\
        --out resources/tactics/mistakes-vs-mohex.json
    python -m hexswarm.engine.tools.mistakes compare SUITE RUN.json ...  # tactics_suite --json
    python -m hexswarm.engine.tools.mistakes dfpn SUITE --nodes 10000 100000 --out OUR.json

``find`` reads a match folder written by ``hexswarm-match`` (``match.json`` and the SGF files)
and takes the games player ``A`` lost (with ``--all`` those it won too). Each is walked
backwards: at every position where ``A`` was to move (after the opening stones), MoHex's
``dfpn-solve-state`` (``param_dfpn timelimit`` seconds; ``--retry-seconds``: once more with a
longer limit when that does not settle it) says who wins, and at a won position whether the
move ``A`` played kept the win. A won position whose move lost is a proven *mistake*; it is
labelled as :mod:`engine.tools.tactics_real` labels its suite: every empty cell played and the
position after it solved, so the winning set is complete unless some cells stay unsettled
(``relabel`` tries those again with a longer limit). The walk ends at the opening or at the
first position DFPN does not settle. In a lost game the latest mistake is the *decisive* one
(every later position of ``A``'s was proven lost); a lost game without one ends as
``unsolved`` (the mistake is at the unsettled position or earlier) or ``lost-throughout``
(``A`` was never winning where it moved). Only games decided on the board are walked: a game
that ended by a resignation, a forfeit (an illegal move) or on time (``match.json``'s
``reason`` ``R``, ``F`` or ``T``, which its ``result`` and the SGF's ``RE`` must confirm) is
recorded as ``ended-by-resignation``, ``ended-by-forfeit`` or ``ended-by-time``, without a
walk: the game may have been won on the board when it ended, so a decisive mistake means
nothing there. (An engine that crashes stops ``hexswarm-match`` itself: no game is recorded.)

A mistake's category, first that applies (in the spirit of ``real.json``'s):

``bridge`` / ``template``
    the opponent's last move intruded into one of ``A``'s bridges, or into the carrier of an
    edge template II or III of ``A``'s, which ``A`` then failed to answer;
``mc-trap``
    flat Monte-Carlo (4 000 uniform playouts a move, as in the suites) plays a losing move;
``must-play``
    the opponent would win if it were to move, so only answers to its threat win;
``other``.

``report`` writes markdown tables of find files (how early the lost games were proven lost,
every mistake); ``suite`` keeps the mistakes with complete winning sets as a tactics suite
(``real.json``'s format plus each position's ``game_move``, run by ``tactics_suite run``);
``compare`` tabulates runs of ``tactics_suite run --json`` on it (wins, and repeats of the
game's losing move); ``dfpn`` runs our root analysis and our DFPN (:mod:`engine.dfpn`) on each
suite position at several node budgets: would a larger root solver have saved the move?
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from hexswarm.engine.board import Board, Color, HexError
from hexswarm.engine.game import GAME_END_TOKENS, RESIGN
from hexswarm.engine.gtp_client import GtpClientError
from hexswarm.engine.records.files import atomic_write_text
from hexswarm.engine.records.sgf import Game, read_sgf
from hexswarm.engine.tools.games import GameResult
from hexswarm.engine.tools.series import STATE_FILE
from hexswarm.engine.tools.tactics_real import DFPN_SECONDS, MOHEX, MohexLabeller
from hexswarm.engine.tools.tactics_suite import (
    MC_TRAP_PLAYOUTS,
    SUITE_FORMAT,
    _bridges,
    _flat_monte_carlo_choice,
    _rows,
    _template_placements,
    load_suite,
)

CATEGORIES = ("bridge", "template", "mc-trap", "must-play", "other")
PROG = "python -m hexswarm.engine.tools.mistakes"
MOHEX_OPTIONS = "--games 1 --seed 1"  # mohex-gtp.sh needs a budget; the seed fixes its moves
MOHEX_HELP = f"mohex-gtp.sh or a command taking its options (run with {MOHEX_OPTIONS})"
# How a game of a match ended, by match.json's ``reason`` (and RE's text after the "+").
GAME_ENDS = {"": "connection", "R": "resignation", "F": "forfeit", "T": "time"}


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One game of a match from the player's side: its number, the player's colour, whether
    the player won, the board size, every move's cell in order, how many opening stones it
    began with, and how it ended (a value of :data:`GAME_ENDS`: ``connection`` when decided
    on the board)."""

    number: int
    colour: Color
    won: bool
    size: int
    cells: tuple[int, ...]
    opening: int
    end: str = "connection"

    def board_at(self, ply: int) -> Board:
        """The board after the game's first ``ply`` moves (opening stones included)."""
        board = Board(self.size)
        for cell in self.cells[:ply]:
            board.play(cell)
        return board


def match_games(folder: Path, player: str = "A", lost_only: bool = True) -> list[PlayedGame]:
    """The games of the match in ``folder`` from ``player``'s side (``A`` or ``B``), only those
    it lost unless ``lost_only`` is False, read from ``match.json`` (who won, colours, opening
    stones) and each game's SGF file. :class:`HexError` names the file or game that is wrong."""
    state = folder / STATE_FILE
    try:
        document = json.loads(state.read_text(encoding="utf-8"))
        settings = document["settings"]
        results = [GameResult.from_dict(result) for result in document["results"]]
    except FileNotFoundError:
        raise HexError(f"{folder}: no {STATE_FILE} (a folder written by hexswarm-match)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError) as error:
        raise HexError(f"{state}: not a match record ({error})") from None
    if settings.get("swap"):
        raise HexError(f"{folder}: games with the swap rule are not handled")
    opening = match_opening(folder)
    games = []
    for result in results:
        won = result.winner == player
        if won and lost_only:
            continue
        colour = Color.parse(result.a_colour)
        if player == "B":
            colour = colour.opponent
        try:
            record = read_sgf(folder / result.sgf)
            board = Board(record.size)
            for _colour, token in record.moves():
                if token not in GAME_END_TOKENS:  # a resignation or forfeit: not a stone
                    board.play(token)
            end = game_end(result, record, board)
        except HexError as error:
            raise HexError(f"{folder / result.sgf} (game {result.game}): {error}") from None
        games.append(
            PlayedGame(
                number=result.game,
                colour=colour,
                won=won,
                size=record.size,
                cells=tuple(move.cell for move in board.moves),
                opening=opening,
                end=end,
            )
        )
    return games


def game_end(result: GameResult, record: Game, board: Board) -> str:
    """How game ``result`` of a match ended (a value of :data:`GAME_ENDS`), when what says so
    agrees: match.json's ``reason`` and ``result``, the SGF's ``RE`` (when it has one; ``B+R``
    or ``B+Resign`` alike), the resignation or forfeit its moves end with, and a connection
    on the final ``board`` (which a game decided on the board must have). :class:`HexError`
    names the two that disagree (on the end or on the winner)."""
    if result.reason not in GAME_ENDS:
        known = ", ".join(repr(code) for code in GAME_ENDS)
        raise HexError(f"match.json's reason {result.reason!r} is none of {known}")
    said: dict[str, tuple[Color | None, str]] = {
        "match.json's reason": (Color.parse(result.winner_colour), result.reason)
    }
    for source, text in (("match.json's result", result.result), ("RE", record.result)):
        if text is None:  # an SGF without RE: match.json says how the game ended
            continue
        letter, plus, code = text.strip().upper().partition("+")
        if not plus or letter not in ("B", "W"):
            raise HexError(f"{source} {text!r} is not a result such as 'B+' or 'W+T'")
        said[f"{source} {text!r}"] = (Color.parse(letter), code.strip()[:1])
    stopped = record.game_end()  # (the colour that resigned or forfeited, how)
    if stopped is not None:
        code = "R" if stopped[1] == RESIGN else "F"
        said[f"the SGF's last move ({stopped[1]})"] = (stopped[0].opponent, code)
    on_board = (board.winner, "") if board.winner is not None else (None, "no connection")
    if result.reason == "" or board.winner is not None:
        said["the board"] = on_board

    def told(winner: Color | None, code: str) -> str:
        if winner is None:
            return "nobody has connected"
        return f"{winner.value} won by {GAME_ENDS.get(code, repr(code))}"

    (first, claim), *others = said.items()
    for source, other in others:
        if other != claim:
            raise HexError(f"{first} says {told(*claim)}, but {source} says {told(*other)}")
    return GAME_ENDS[claim[1]]


def match_opening(folder: Path) -> int:
    """The random stones placed before each game of the match in ``folder`` (its settings)."""
    state = folder / STATE_FILE
    try:
        settings = json.loads(state.read_text(encoding="utf-8"))["settings"]
        return int(settings.get("opening", 0))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise HexError(f"{state}: cannot read the match's opening stones ({error})") from None


# --------------------------------------------------------------------------- categories


def intrusion(before: Board, into: int, us: Color) -> str | None:
    """``"bridge"`` or ``"template"`` when the opponent's stone at ``into``, played on
    ``before``, went into one of ``us``'s bridges (the other cell still empty) or into the
    empty carrier of an edge template II or III of ``us``; else None."""
    for _a, _b, x, y in _bridges(before, us.stone):
        if into in (x, y):
            return "bridge"
    for third in (False, True):
        for stone, carrier in _template_placements(before.size, us, third):
            if (
                into in carrier
                and before.cells[stone] == us.stone
                and all(before.stone_at(c) is None for c in carrier)
            ):
                return "template"
    return None


def categorise(
    intruded: str | None, flat_choice_wins: bool | None, opponent_threatens: bool | None
) -> str:
    """The category of a mistake (see the module's docstring) from its three facts."""
    if intruded is not None:
        return intruded
    if flat_choice_wins is False:
        return "mc-trap"
    if opponent_threatens:
        return "must-play"
    return "other"


# --------------------------------------------------------------------------- the walk


def positions_to_move(game: PlayedGame) -> list[int]:
    """The plies (moves played before) at which the player was to move and moved, after the
    opening stones, latest first."""
    plies = []
    board = Board(game.size)
    for ply, cell in enumerate(game.cells):
        if ply >= game.opening and board.to_move is game.colour:
            plies.append(ply)
        board.play(cell)
    return plies[::-1]


def _winner(
    labeller: MohexLabeller, board: Board, retry_seconds: float | None
) -> tuple[Color | None, bool]:
    """Who wins ``board`` (None: not settled), and whether it took the longer retry limit."""
    winner = labeller.winner(board)
    if winner is not None or retry_seconds is None:
        return winner, False
    base = labeller.seconds
    labeller.set_limit(retry_seconds)
    try:
        return labeller.winner(board), True
    finally:
        labeller.set_limit(base)


def walk_game(
    labeller: MohexLabeller,
    game: PlayedGame,
    log: Callable[[str], None] = lambda text: None,
    flat_choice: Callable[[Board], int] = _flat_monte_carlo_choice,
    retry_seconds: float | None = None,
) -> dict:
    """The record of one game: the walk back from its end (each of the player's positions:
    ply, empty cells, verdict, for a won position whether the move played kept the win, and
    seconds) to the opening or the first position DFPN does not settle, and every proven
    mistake on the way (a won position whose move lost), latest first, labelled as the module's
    docstring says. ``status``: ``won`` for a game the player won; for a lost game
    ``mistake`` (the first mistake in ``mistakes`` is the decisive one: every later position
    was lost), ``unsolved`` (a position was not settled, or the latest won position's move
    was not) or ``lost-throughout``. A game not decided on the board (``end`` is not
    ``connection``) is not walked: its status is ``ended-by-`` and its end, won or lost, and
    its ``note`` says why. A position not settled within the
    labeller's limit is tried once more within ``retry_seconds`` when given (its step says
    ``retried``); a mistake's cells are labelled within the labeller's limit."""
    us = game.colour
    record: dict = {
        "game": game.number,
        "colour": us.value,
        "won": game.won,
        "size": game.size,
        "moves": len(game.cells),
        "end": game.end,
        "walk": [],
        "mistakes": [],
    }
    if game.end != "connection":
        record["status"] = f"ended-by-{game.end}"
        loser = us.value if not game.won else us.opponent.value
        record["note"] = (
            f"{loser} lost by {game.end}: not decided on the board, so not walked (a decisive "
            "mistake is one after which every position was proven lost)"
        )
        return record
    for ply in positions_to_move(game):
        board = game.board_at(ply)
        started = time.perf_counter()
        winner, retried = _winner(labeller, board, retry_seconds)
        step: dict = {
            "ply": ply,
            "empty": board.empty_count,
            "verdict": "unsolved" if winner is None else ("won" if winner is us else "lost"),
        }
        if winner is us:
            after = board.copy()
            after.play(game.cells[ply])
            answer, again = _winner(labeller, after, retry_seconds)
            kept = None if answer is None else answer is us
            retried = retried or again
            step["move"] = {True: "wins", False: "loses", None: "unsettled"}[kept]
        if retried:
            step["retried"] = True
        step["seconds"] = round(time.perf_counter() - started, 2)
        record["walk"].append(step)
        log(f"game {game.number} ply {ply} ({board.empty_count} empty): {step}")
        if winner is None:
            break
        if step.get("move") == "loses":
            record["mistakes"].append(_mistake(labeller, game, ply, flat_choice))
    latest_won = next((s for s in record["walk"] if s["verdict"] == "won"), None)
    if game.won:
        record["status"] = "won"
    elif latest_won is not None and latest_won["move"] == "loses":
        record["status"] = "mistake"  # the latest won position: its move lost (checked)
    elif latest_won is not None or any(s["verdict"] == "unsolved" for s in record["walk"]):
        record["status"] = "unsolved"  # (or the latest won position's move was not settled)
    else:
        record["status"] = "lost-throughout"
    return record


def _mistake(
    labeller: MohexLabeller, game: PlayedGame, ply: int, flat_choice: Callable[[Board], int]
) -> dict:
    """The facts of the mistake at ``ply`` (a position the player was to move in and won)."""
    board = game.board_at(ply)
    us, move = board.to_move, game.cells[ply]
    started = time.perf_counter()
    verdicts = dict(labeller.cell_verdicts(board))
    winning = [c for c, wins in verdicts.items() if wins]
    unsettled = [c for c, wins in verdicts.items() if wins is None]
    threat = labeller.winner(board, us.opponent)
    flat = flat_choice(board)
    intruded = None
    if ply > game.opening:
        intruded = intrusion(game.board_at(ply - 1), game.cells[ply - 1], us)
    name = board.cell_name
    reply = game.cells[ply + 1] if ply + 1 < len(game.cells) else None
    return {
        "ply": ply,
        "empty": board.empty_count,
        "phase": round(ply / len(game.cells), 3),
        "plies_to_end": len(game.cells) - ply,
        "to_move": us.value,
        "rows": list(_rows(board)),
        "line": " ".join(name(c) for c in game.cells[:ply]),
        "move": name(move),
        "move_verdict": {True: "wins", False: "loses", None: "unsettled"}[verdicts[move]],
        "reply": None if reply is None else name(reply),
        "winning": sorted(name(c) for c in winning),
        "unsettled": sorted(name(c) for c in unsettled),
        "complete": not unsettled,
        "opponent_threatens": None if threat is None else threat is us.opponent,
        "intrusion": intruded,
        "flat_choice": name(flat),
        "flat_choice_wins": verdicts.get(flat),
        "category": categorise(intruded, verdicts.get(flat), threat is us.opponent),
        "label_seconds": round(time.perf_counter() - started, 2),
    }


def relabel(labeller: MohexLabeller, mistake: dict, seconds: float) -> dict:
    """``mistake`` with its unsettled cells solved again within ``seconds`` a solve: the
    winning set, the cells still unsettled, completeness and the category updated."""
    board = Board.from_rows(mistake["rows"], to_move=mistake["to_move"])
    base = labeller.seconds
    labeller.set_limit(seconds)
    winning, unsettled = set(mistake["winning"]), []
    try:
        for name in mistake["unsettled"]:
            wins = labeller.move_wins(board, board.cell_index(name))
            if wins is None:
                unsettled.append(name)
            elif wins:
                winning.add(name)
    finally:
        labeller.set_limit(base)
    flat = mistake["flat_choice"]
    flat_wins = True if flat in winning else (None if flat in unsettled else False)
    return {
        **mistake,
        "winning": sorted(winning),
        "unsettled": unsettled,
        "complete": not unsettled,
        "flat_choice_wins": flat_wins,
        "category": categorise(mistake["intrusion"], flat_wins, mistake["opponent_threatens"]),
        "relabelled_seconds": seconds,
    }


def find_all(
    labeller: MohexLabeller,
    games: Iterable[PlayedGame],
    log: Callable[[str], None],
    on_record: Callable[[dict], None] = lambda record: None,
    retry_seconds: float | None = None,
) -> list[dict]:
    """:func:`walk_game` on each game in turn, each record with the game's ``seconds`` added
    and handed to ``on_record`` as soon as it is done (``find`` saves its file there, so a
    stopped run keeps its finished games); the records, in the games' order."""
    records = []
    for game in games:
        started = time.perf_counter()
        records.append(walk_game(labeller, game, log, retry_seconds=retry_seconds))
        records[-1]["seconds"] = round(time.perf_counter() - started, 1)
        on_record(records[-1])
        found = records[-1]
        what = ", ".join(
            f"{m['move']} at ply {m['ply']} ({m['category']})" for m in found["mistakes"]
        )
        log(f"game {game.number}: {found['status']}; mistakes: {what or 'none'}")
    return records


def summary(records: list[dict]) -> dict:
    """Counts of the games by status, and of the proven mistakes (every one, and the decisive
    ones of lost games) by category and by empty cells (tens), with how many have complete
    winning sets."""
    every = [m for r in records for m in r["mistakes"]]
    decisive = [r["mistakes"][0] for r in records if r["status"] == "mistake"]

    def counts(mistakes: list[dict]) -> dict:
        by_empty: dict[int, int] = {}
        for m in mistakes:
            by_empty[m["empty"] // 10 * 10] = by_empty.get(m["empty"] // 10 * 10, 0) + 1
        return {
            "mistakes": len(mistakes),
            "complete": sum(m["complete"] for m in mistakes),
            "category": {c: sum(m["category"] == c for m in mistakes) for c in CATEGORIES},
            "empty": {f"{low}-{low + 9}": n for low, n in sorted(by_empty.items())},
        }

    return {
        "games": len(records),
        "status": {s: sum(r["status"] == s for r in records) for s in STATUSES},
        "every": counts(every),
        "decisive": counts(decisive),
    }


STATUSES = (
    "won",
    "mistake",
    "unsolved",
    "lost-throughout",
    *(f"ended-by-{end}" for end in GAME_ENDS.values() if end != "connection"),
)


# --------------------------------------------------------------------------- the suite


def suite(documents: list[dict], command: str, incomplete: bool = False) -> dict:
    """A tactics suite (``real.json``'s format) of the mistakes with complete winning sets (and
    with ``incomplete`` those with unsettled cells too, marked ``"complete": false``: a move
    outside their ``winning`` may still win, but the game's move is proven to lose), ids
    ``mistake-SIZE-gGAME-pPLY``; a position seen twice is kept once."""
    positions = []
    seen: set[tuple[str, ...]] = set()
    for document in documents:
        for r in document["games"]:
            for m in r["mistakes"]:
                rows = tuple(m["rows"])
                if not (m["complete"] or incomplete) or not m["winning"] or rows in seen:
                    continue
                seen.add(rows)
                size = r["size"]
                outcome = "lost" if not r["won"] else "won"
                positions.append(
                    {
                        "id": f"mistake-{size}x{size}-g{r['game']:03d}-p{m['ply']:02d}",
                        "category": m["category"],
                        "size": size,
                        "to_move": m["to_move"],
                        "rows": list(rows),
                        "winning": m["winning"],
                        "game_move": m["move"],
                        "complete": m["complete"],
                        "hint": f"the game's move {m['move']} lost; the opponent answered "
                        f"{m['reply'] or '(nothing)'}; the game was {outcome}",
                        "source": f"{document['folder']} game {r['game']}, after {m['ply']} "
                        f"moves: {m['line']}",
                    }
                )
    return {
        "format": SUITE_FORMAT,
        "command": command,
        "builds": [document["command"] for document in documents],
        "labeller": " / ".join(sorted({document["labeller"] for document in documents})),
        "mc_trap_playouts": MC_TRAP_PLAYOUTS,
        "positions": positions,
    }


def our_dfpn(
    path: Path, budgets: list[int], log: Callable[[str], None], most_empty: int | None = None
) -> Iterator[dict]:
    """Our knowledge on each position of the suite at ``path``: the root analysis that
    ``tactics=vc`` runs (:func:`engine.analysis.root.analyse` at its budget without a time
    limit: the cells it leaves to the search, and how many of the winning cells and whether
    the game's move are among them), then our DFPN (:func:`engine.dfpn.prove`) at each node
    budget: whether it proves the position won and whether its move is in the label.
    Positions with more than ``most_empty`` empty cells (when given) are skipped."""
    from hexswarm.engine.analysis.root import analyse
    from hexswarm.engine.dfpn import prove
    from hexswarm.engine.players.tactics import ANALYSIS_STEPS

    document = json.loads(Path(path).read_text(encoding="utf-8"))
    game_moves = {p["id"]: p.get("game_move") for p in document["positions"]}
    for position in load_suite(path):
        board = position.board()
        if most_empty is not None and board.empty_count > most_empty:
            continue
        analysis = analyse(board, ANALYSIS_STEPS)
        consider = {board.cell_name(c) for c in analysis.consider}
        row: dict = {
            "id": position.id,
            "empty": board.empty_count,
            "analysis": {
                "proven": analysis.proven,
                "must_play": None if analysis.must_play is None else len(analysis.must_play),
                "consider": len(consider),
                "winning_considered": len(consider & set(position.winning)),
                "game_move_considered": game_moves[position.id] in consider,
            },
            "budgets": {},
        }
        for nodes in budgets:
            started = time.perf_counter()
            proof = prove(board, nodes=nodes)
            won = proof.winner is board.to_move
            row["budgets"][str(nodes)] = {
                "winner": None if proof.winner is None else proof.winner.value,
                "move": None if proof.move is None else board.cell_name(proof.move),
                "hit": won and proof.move in position.winning_cells(),
                "seconds": round(time.perf_counter() - started, 2),
            }
        log(f"{position.id}: {row['budgets']}")
        yield row


def lost_from(record: dict) -> dict | None:
    """The earliest position of the walk proven lost, when every position after it was lost
    too (None if the walk's last position was not lost): how early the game was gone."""
    earliest = None
    for step in record["walk"]:
        if step["verdict"] != "lost":
            break
        earliest = step
    return earliest


def report(documents: list[dict], names: list[str]) -> str:
    """Markdown tables of find files (``names``: what to call each): the lost games by colour
    and status (those lost by resignation, forfeit or time, not walked, in a column of their
    own), how early the lost games were proven lost (the player's move number and empty
    cells), and every proven mistake."""
    lines = [
        "| find file | colour | games | decisive mistake | unsolved | lost throughout | "
        "not on the board (resigned, forfeit, time) | "
        "proven lost from our move (median, range) | by then: move 1-5 / 6-10 / 11-15 / 16+ | "
        "empty cells then (median, range) |",
        "|---|---|---:|---:|---:|---:|---|---|---|---|",
    ]
    for document, name in zip(documents, names, strict=True):
        opening = _opening(document)
        for colour in ("black", "white"):
            games = [r for r in document["games"] if r["colour"] == colour and not r["won"]]
            if not games:
                continue
            earliest = [(r, lost_from(r)) for r in games]
            numbers = sorted(_move_number(colour, e["ply"], opening) for _r, e in earliest if e)
            empties = sorted(e["empty"] for _r, e in earliest if e)
            count = {s: sum(r["status"] == s for r in games) for s in STATUSES}
            off_board = " / ".join(
                str(count[f"ended-by-{end}"]) for end in ("resignation", "forfeit", "time")
            )
            lines.append(
                f"| {name} | {colour} | {len(games)} | "
                f"{count['mistake']} | {count['unsolved']} | {count['lost-throughout']} | "
                f"{off_board} | {_spread(numbers)} | {' / '.join(map(str, _fives(numbers)))} | "
                f"{_spread(empties)} |"
            )
    lines += [
        "",
        "| find file | game | colour | won | our move | ply | empty | phase | to the end | move | "
        "reply | winning | unsettled | category |",
        "|---|---|---|---|---:|---:|---:|---:|---:|---|---|---:|---:|---|",
    ]
    for document, name in zip(documents, names, strict=True):
        opening = _opening(document)
        for r in document["games"]:
            size = r["size"]
            for m in r["mistakes"]:
                number = _move_number(r["colour"], m["ply"], opening)
                lines.append(
                    f"| {name} | {size}x{size} {r['game']} | {r['colour']} | "
                    f"{'yes' if r['won'] else 'no'} | {number} | {m['ply']} | {m['empty']} | "
                    f"{m['phase']} | {m['plies_to_end']} | {m['move']} | "
                    f"{m['reply'] or '-'} | {len(m['winning'])} | {len(m['unsettled'])} | "
                    f"{m['category']} |"
                )
    return "\n".join(lines)


def _move_number(colour: str, ply: int, opening: int) -> int:
    """The player's move number at ``ply`` (1: its first move after ``opening`` stones)."""
    first = opening if (opening % 2 == 0) == (colour == "black") else opening + 1
    return (ply - first) // 2 + 1


def _opening(document: dict) -> int:
    """The opening stones of the match a find file read: recorded in the file (since rev8),
    else read from the match folder it names (relative to where ``find`` ran)."""
    if "opening" in document:
        return int(document["opening"])
    return match_opening(Path(document["folder"]))


def _fives(numbers: list[int]) -> list[int]:
    """How many of ``numbers`` are 1-5, 6-10, 11-15 and 16 or more."""
    return [sum(low <= n <= low + 4 for n in numbers) for low in (1, 6, 11)] + [
        sum(n >= 16 for n in numbers)
    ]


def _spread(values: list[int]) -> str:
    """``"median (least-most)"`` of sorted ``values`` (the mean of the middle two when even)."""
    if not values:
        return "-"
    return f"{statistics.median(values):g} ({values[0]}-{values[-1]})"


def compare(suite_path: Path, runs: list[Path]) -> str:
    """A markdown table of the suite's positions against runs of ``tactics_suite run --json``
    on it: each run's move, whether it wins (``+``) and whether it is the game's losing move
    again (``=``), then each run's totals."""
    document = json.loads(suite_path.read_text(encoding="utf-8"))
    results = [json.loads(path.read_text(encoding="utf-8")) for path in runs]
    moves = [{r["id"]: r for r in result["positions"]} for result in results]
    head = "| position | category | empty | winning | game's move |"
    lines = [head + "".join(f" {r['spec']} seed {r.get('seed')} |" for r in results)]
    lines.append("|---|---|---:|---:|---|" + "---|" * len(results))
    hits, repeats = [0] * len(results), [0] * len(results)
    for p in document["positions"]:
        empty = sum(row.count(".") for row in p["rows"])
        cells = []
        for i, played in enumerate(moves):
            record = played.get(p["id"])
            if record is None:
                cells.append("-")
                continue
            hits[i] += record["hit"]
            repeats[i] += record["move"] == p.get("game_move")
            mark = "+" if record["hit"] else ("=" if record["move"] == p.get("game_move") else "")
            cells.append(f"{record['move']} {mark}".strip())
        lines.append(
            f"| {p['id']} | {p['category']} | {empty} | {len(p['winning'])} | "
            f"{p.get('game_move', '?')} | " + " | ".join(cells) + " |"
        )
    n = len(document["positions"])
    lines.append(
        f"| wins / repeats of {n} | | | | | "
        + " | ".join(f"{h} / {r}" for h, r in zip(hits, repeats, strict=True))
        + " |"
    )
    return "\n".join(lines)


# --------------------------------------------------------------------------- command line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Find the decisive mistakes of a player's lost games by DFPN."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    find = commands.add_parser("find", help="walk each lost game back with MoHex's DFPN")
    find.add_argument("folder", type=Path, help="a match folder (match.json and SGF files)")
    find.add_argument("--player", choices=("A", "B"), default="A")
    find.add_argument("--all", action="store_true", help="the games it won too")
    find.add_argument("--games", type=int, nargs="+", help="only these game numbers")
    find.add_argument("--limit", type=int, default=None, help="at most this many lost games")
    find.add_argument("--seed", type=int, default=None, help="shuffle the games with this seed")
    find.add_argument("--dfpn-seconds", type=float, default=DFPN_SECONDS)
    find.add_argument(
        "--retry-seconds", type=float, default=None, help="a longer limit for unsettled positions"
    )
    find.add_argument("--mohex", default=MOHEX, help=MOHEX_HELP)
    find.add_argument("--out", type=Path, required=True)
    again = commands.add_parser("relabel", help="solve a find file's unsettled cells again")
    again.add_argument("found", type=Path, help="a file written by find (rewritten)")
    again.add_argument("--seconds", type=float, required=True, help="DFPN's limit a solve")
    again.add_argument("--mohex", default=MOHEX, help=MOHEX_HELP)
    again.add_argument(
        "--most", type=int, default=None, help="skip mistakes with more unsettled cells"
    )
    make = commands.add_parser("suite", help="the mistakes with complete labels as a suite")
    make.add_argument("found", type=Path, nargs="+", help="files written by find")
    make.add_argument(
        "--with-incomplete", action="store_true", help="also mistakes with unsettled cells"
    )
    make.add_argument("--out", type=Path, required=True)
    tables = commands.add_parser("report", help="markdown tables of find files")
    tables.add_argument("found", type=Path, nargs="+")
    table = commands.add_parser("compare", help="a table of runs of tactics_suite on a suite")
    table.add_argument("suite", type=Path)
    table.add_argument("runs", type=Path, nargs="+", help="files of tactics_suite run --json")
    prove = commands.add_parser("dfpn", help="our DFPN on a suite at several node budgets")
    prove.add_argument("suite", type=Path)
    prove.add_argument("--nodes", type=int, nargs="+", required=True)
    prove.add_argument("--most-empty", type=int, default=None, help="only positions this small")
    prove.add_argument("--out", type=Path, required=True)
    return parser


def _write(path: Path, document: dict) -> None:
    """Replace ``path`` atomically: a run stopped mid-write (``relabel`` rewrites its input)
    leaves the old file or the new, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(document, indent=1) + "\n")


def _context(command: str) -> dict:
    return {
        "command": command,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_average_at_start": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }


def main(argv: Iterable[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    options = build_parser().parse_args(arguments)
    command = f"{PROG} " + " ".join(shlex.quote(a) for a in arguments)

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    try:
        if options.command == "find":
            games = match_games(options.folder, options.player, lost_only=not options.all)
            if options.games:
                missing = sorted(set(options.games) - {g.number for g in games})
                if missing:
                    which = "games" if options.all else "games it lost (--all: every game)"
                    raise HexError(f"no game {missing} among player {options.player}'s {which}")
                games = [g for g in games if g.number in set(options.games)]
            if options.seed is not None:
                random.Random(options.seed).shuffle(games)
            games = games[: options.limit]
            mohex = f"{options.mohex} {MOHEX_OPTIONS}"
            document = {
                **_context(command),
                "folder": str(options.folder),
                "opening": match_opening(options.folder),
                "player": options.player,
                "labeller": f"MoHex 2.0 DFPN (dfpn-solve-state, param_dfpn timelimit "
                f"{options.dfpn_seconds:g} s a solve), started as: {mohex}",
                "retry_seconds": options.retry_seconds,
                "games": [],
            }

            def save(record: dict) -> None:  # after every game: a stopped run keeps its games
                document["games"].append(record)
                document["summary"] = summary(document["games"])
                _write(options.out, document)

            labeller = MohexLabeller(mohex, options.dfpn_seconds)
            try:
                find_all(labeller, games, log, save, options.retry_seconds)
            finally:
                labeller.close()
            document["summary"] = summary(document["games"])
            _write(options.out, document)
            print(json.dumps(document["summary"]))
        elif options.command == "relabel":
            document = json.loads(options.found.read_text(encoding="utf-8"))
            labeller = MohexLabeller(f"{options.mohex} {MOHEX_OPTIONS}", options.seconds)
            try:
                for record in document["games"]:
                    for index, mistake in enumerate(record["mistakes"]):
                        unsettled = len(mistake["unsettled"])
                        if unsettled and (options.most is None or unsettled <= options.most):
                            record["mistakes"][index] = relabel(labeller, mistake, options.seconds)
                            log(f"game {record['game']}: {record['mistakes'][index]['unsettled']}")
                            _write(options.found, document)
            finally:
                labeller.close()
            document.setdefault("relabelled", []).append(_context(command))
            document["summary"] = summary(document["games"])
            _write(options.found, document)
            print(json.dumps(document["summary"]))
        elif options.command == "report":
            documents = [json.loads(p.read_text(encoding="utf-8")) for p in options.found]
            print(report(documents, [p.name for p in options.found]))
        elif options.command == "compare":
            print(compare(options.suite, options.runs))
        elif options.command == "suite":
            documents = [json.loads(p.read_text(encoding="utf-8")) for p in options.found]
            document = suite(documents, command, options.with_incomplete)
            _write(options.out, document)
            log(f"{len(document['positions'])} positions written to {options.out}")
        else:
            document = {**_context(command), "suite": str(options.suite), "positions": []}
            for row in our_dfpn(options.suite, options.nodes, log, options.most_empty):
                document["positions"].append(row)
                _write(options.out, document)
            document["hits"] = {
                str(n): sum(r["budgets"][str(n)]["hit"] for r in document["positions"])
                for n in options.nodes
            }
            _write(options.out, document)
            print(json.dumps(document["hits"]))
    except KeyError as error:
        print(
            f"{PROG}: a file lacks the field {error}: not what {options.command} reads",
            file=sys.stderr,
        )
        return 2
    except (HexError, GtpClientError, OSError, ValueError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
