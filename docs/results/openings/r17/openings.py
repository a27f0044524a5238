"""The openings MoHex 2.0 won with both colours, read by MoHex (round 17, task h3).

In the matches of ``--opening 2`` games 2k-1 and 2k share two random stones with the colours
swapped. Where MoHex won both games of a pair, the opening stones did not decide the games: we
lost from a position MoHex could not win from the other side. This script asks MoHex 2.0 for
its value of every position of those games (ours and its own) up to a move limit, with a fixed
budget (``mohex-gtp.sh --games N --no-reuse --seed 1``, one thread: the load changes its
speed, not its values), and grades our moves with the review's rules
(:func:`engine.review.review_moves`).

::

    python openings.py analyse MATCH... --size 9 --our-moves 20 --games 10000 --out raw/
    python openings.py table raw/ --out moves.json           # one row per move of ours
    python openings.py retry moves.json --top 30 --out retry.json  # strong at 1x and 10x
    python openings.py report moves.json retry.json          # the README's tables
    python openings.py boards moves.json --top 12            # text diagrams

``analyse`` drives MoHex through :class:`engine.players.external.ExternalEnginePlayer.analyse`
(``reg_genmove``, ``mohex-values``, ``mohex-get-pv``, MoHex's virtual-connection proof), the
way the GUI's review with an external analyst does, and keeps each position's analysis as
:meth:`engine.review.PositionAnalysis.to_text`. A game's walk stops at the first position of
ours MoHex proves lost (every later move of ours then drops nothing).

``retry`` plays today's ``strong`` (the matches' spec, fixed playouts, ``time_s=none``) on the
positions where our move dropped most, at 1x and 10x its 1 s playouts, and asks MoHex for its
value of any move it chooses that MoHex's analysis did not value; it also records the rank
of MoHex's move in our root priors (the search's own ``tree.prior``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from hexswarm.engine.board import BLACK, Board, Color
from hexswarm.engine.players.external import EngineConfig, ExternalEnginePlayer
from hexswarm.engine.review import PositionAnalysis, proven_line, review_moves
from hexswarm.engine.tools.mistakes import PlayedGame, intrusion, match_games
from hexswarm.engine.tools.reference import bridge_answers, template_answers

MOHEX = "/work/mohex/mohex-gtp.sh"
STRONG_SPEC = "strong:priors=hex12-local-mohex-9x9-550g-matches,intrusion_bonus=282"
"""The spec ``player_a`` of the four matches (today's ``strong``)."""
PLAYOUTS_1S = {9: 300_000, 11: 200_000}
"""``strong``'s playouts in 1 s of one idle core: 0.30 M a second on 9x9 positions of round
16's games (docs/experiments.md, round 17's rule), 203 k on 11x11 (ibid., "Simulations a
second against MoHex")."""


def _context(command: str) -> dict:
    return {
        "command": command,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_average_at_start": os.getloadavg()[0],
    }


def mohex(games: int) -> ExternalEnginePlayer:
    command = f"nice -n 19 {MOHEX} --games {games} --no-reuse --seed 1"
    return ExternalEnginePlayer(EngineConfig("mohex", command, move_timeout_s=None))


def analyse_board(
    engine: ExternalEnginePlayer, board: Board, keep: list[str]
) -> tuple[PositionAnalysis | None, str]:
    """MoHex's analysis of ``board`` (None when it gave its move without a value: a move
    it chose without a search, e.g. the only move its knowledge leaves) and its move."""
    choice = engine.analyse(board, seconds=1e9)
    move = choice.move if isinstance(choice.move, str) else board.cell_name(choice.move)
    if choice.snapshot is None:
        return None, move
    return PositionAnalysis.from_snapshot(choice.snapshot, board.size, keep=keep), move


def mohex_both_pairs(folder: Path) -> list[PlayedGame]:
    """The games ``A`` lost in the pairs of openings (games 2k-1, 2k) it lost both of."""
    lost = {g.number: g for g in match_games(folder)}
    return [
        lost[n]
        for first in range(1, max(lost, default=0) + 1, 2)
        if first in lost and first + 1 in lost
        for n in (first, first + 1)
    ]


def _proven_lost(position: dict) -> bool:
    """A position of ours that MoHex proves lost (its virtual connections)."""
    text = position["analysis"]
    if not position["ours"] or not text:
        return False
    analysis = PositionAnalysis.parse(text)
    return analysis.exact and analysis.win_rate == 0


def analyse(args: argparse.Namespace) -> None:
    """Walk each game from its opening stones, or on from where an earlier walk with a
    smaller ``--our-moves`` stopped; a walk ends at the position after our move number
    ``--our-moves`` or at the first position of ours MoHex proves lost."""
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    engine = mohex(args.games)
    work = []
    for folder in map(Path, args.matches):
        for game in mohex_both_pairs(folder):
            work.append((folder, game))
    if args.interleave:  # one pair from each match in turn: a stop leaves a fair sample
        by_match: dict[Path, list] = {}
        for folder, game in work:
            by_match.setdefault(folder, []).append((folder, game))
        work = []
        while any(by_match.values()):
            for games in by_match.values():
                work.extend(games[:2])
                del games[:2]
    try:
        for folder, game in work:
            path = out / f"{folder.name}-g{game.number:03d}.json"
            old = json.loads(path.read_text()) if path.exists() else None
            positions = old["positions"] if old else []
            if old and _proven_lost(positions[-1]):
                continue
            started = time.monotonic()
            ours = [
                ply
                for ply in range(game.opening, len(game.cells))
                if (ply % 2 == 0) == (game.colour is BLACK)
            ]
            # up to the position after our last move (the game's last move has no position
            # after it to analyse: the game is over there)
            last_ply = min(len(game.cells) - 1, ours[: args.our_moves][-1] + 1)
            first = positions[-1]["ply"] + 1 if positions else game.opening
            if first > last_ply:
                continue
            for ply in range(first, last_ply + 1):
                board = game.board_at(ply)
                played = board.cell_name(game.cells[ply])
                analysis, move = analyse_board(engine, board, [played])
                positions.append(
                    {
                        "ply": ply,
                        "to_move": board.to_move.value,
                        "ours": board.to_move is game.colour,
                        "empty": len(board.legal_moves()),
                        "played": played,
                        "mohex_move": move,
                        "analysis": None if analysis is None else analysis.to_text(),
                    }
                )
                if _proven_lost(positions[-1]):
                    break  # no later move of ours can drop anything
            document = {
                "match": folder.name,
                "game": game.number,
                "colour": game.colour.value,
                "size": game.size,
                "moves": [Board(game.size).cell_name(c) for c in game.cells],
                "opening": game.opening,
                "analyst": engine.spec_text,
                "wall_s": round(time.monotonic() - started, 1) + (old["wall_s"] if old else 0),
                **_context(" ".join(sys.argv)),
                "walks": [*(old.get("walks", [old["command"]]) if old else []), " ".join(sys.argv)],
                "positions": positions,
            }
            path.write_text(json.dumps(document, indent=1) + "\n")
            print(f"{path.name}: {len(positions)} positions, {document['wall_s']} s", flush=True)
    finally:
        engine.close()


def row_key(match: str, game: int, ply: int) -> str:
    return f"{match} {game} {ply}"


def alternatives(args: argparse.Namespace) -> None:
    """MoHex's analysis of the position after its own best move at every position of ours
    where we played another move (same budget as the walks), so that a move's cost is two
    analyses of the same kind side by side: the positions after MoHex's move and after ours,
    the same side to move in both (each search's optimism for its own side cancels)."""
    out = Path(args.out)
    done: dict[str, dict] = json.loads(out.read_text())["positions"] if out.exists() else {}
    engine = mohex(args.games)
    try:
        for path in sorted(Path(args.raw).glob("*.json")):
            document = json.loads(path.read_text())
            for p in document["positions"]:
                key = row_key(document["match"], document["game"], p["ply"])
                before = stored_analysis(p)
                if not p["ours"] or before is None or key in done:
                    continue
                if before.exact or before.best_move == p["played"]:
                    continue
                board = Board(document["size"])
                for cell in document["moves"][: p["ply"]]:
                    board.play(cell)
                board.play(before.best_move)
                analysis, move = analyse_board(engine, board, [])
                done[key] = {
                    "best": before.best_move,
                    "mohex_move": move,
                    "analysis": None if analysis is None else analysis.to_text(),
                }
            out.write_text(
                json.dumps({**_context(" ".join(sys.argv)), "positions": done}, indent=1) + "\n"
            )
            print(f"{path.name}: {len(done)} positions after MoHex's move so far", flush=True)
    finally:
        engine.close()


# ------------------------------------------------------------------------------- the table


@dataclass
class _Node:
    move: tuple[Color, str] | None
    ai: PositionAnalysis | None


def hex_distance(a: int, b: int, size: int) -> int:
    (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
    dr, dc = rb - ra, cb - ca
    return (abs(dr) + abs(dc) + abs(dr + dc)) // 2


def edge_distances(cell: int, size: int, colour: Color) -> tuple[int, int]:
    """(rows to the nearer of ``colour``'s own edges, to the nearer of the opponent's), 0 on
    the edge row. Black joins top and bottom (rows), White left and right (columns)."""
    row, col = divmod(cell, size)
    rows, cols = min(row, size - 1 - row), min(col, size - 1 - col)
    return (rows, cols) if colour is BLACK else (cols, rows)


def without_search(to_move: Color, move: str) -> PositionAnalysis:
    """What MoHex's move without a value says (:func:`analyse_board`): MoHex gives its move
    without a search only when its knowledge decides the position (a win its solver or
    virtual connections found: the move is played at once), and resigns when it proves the
    position lost; either is exact."""
    resigned = move == "resign"
    return PositionAnalysis(
        to_move, 0.0 if resigned else 1.0, move if not resigned else "resign", exact=True
    )


def stored_analysis(position: dict) -> PositionAnalysis | None:
    """A walk's analysis of a position (a MoHex move without a value read as
    :func:`without_search` says; None for such a position of ours, which is not graded)."""
    if position["analysis"]:
        return PositionAnalysis.parse(position["analysis"])
    if position["ours"]:
        return None
    return without_search(Color.parse(position["to_move"]), position["mohex_move"])


def game_rows(document: dict, afters_best: dict[str, dict] | None = None) -> list[dict]:
    size = document["size"]
    colour = Color.parse(document["colour"])
    moves = document["moves"]
    positions = document["positions"]
    nodes = []
    for i, p in enumerate(positions):
        ply = p["ply"]
        previous = (Color.parse("black" if (ply - 1) % 2 == 0 else "white"), moves[ply - 1])
        nodes.append(_Node(previous if i else None, stored_analysis(p)))
    # The move from the last position analysed leads to a position with no analysis; the
    # review grades it from the search before (its own value there), which the row marks.
    last = positions[-1]
    nodes.append(_Node((Color.parse(last["to_move"]), last["played"]), None))
    graded = review_moves(nodes, [None] * len(nodes), sides=(colour,))
    proven = proven_line(nodes, [None] * len(nodes))  # Black's value where the line proves it
    rows = []
    board = Board(size)
    for cell in moves[: positions[0]["ply"]]:
        board.play(cell)
    for i, p in enumerate(positions):
        ply = p["ply"]
        if i:
            board.play(moves[ply - 1])
        if not p["ours"]:
            continue
        review = graded.get(i + 1)
        before = nodes[i].ai
        after = nodes[i + 1].ai
        if before is None:  # MoHex moved without a value (module docstring): not graded
            continue
        played = board.cell_index(p["played"])
        best = board.cell_index(before.best_move)
        last_cell = board.moves[-1].cell
        stone = 1 if colour is BLACK else 2
        previous = board.copy()
        previous.undo()
        answers = sorted(
            set(bridge_answers(board.cells, size, last_cell, stone))
            | set(template_answers(board.cells, size, last_cell, stone))
        )
        raw_after = after.for_player(colour) if after is not None else None
        alternative = (afters_best or {}).get(row_key(document["match"], document["game"], ply))
        after_best = after_best_exact = None
        if p["played"] == before.best_move:
            after_best, after_best_exact = raw_after, after.exact if after is not None else None
        elif alternative is not None:
            other = (
                PositionAnalysis.parse(alternative["analysis"])
                if alternative["analysis"]
                else without_search(colour.opponent, alternative["mohex_move"])
            )
            after_best, after_best_exact = other.for_player(colour), other.exact
        on_line = proven[i + 1]
        rows.append(
            {
                "match": document["match"],
                "game": document["game"],
                "colour": colour.value,
                "size": size,
                "ply": p["ply"],
                "our_move": (p["ply"] - document["opening"]) // 2 + 1,
                "empty": p["empty"],
                "before": before.for_player(colour),
                "before_exact": before.exact,
                "best": before.best_move,
                "best_visits": before.support_of(before.best_move),
                "played": p["played"],
                "played_value_before": before.value_of(p["played"]),
                "played_visits": before.support_of(p["played"]),
                "after_raw": raw_after,
                "after_exact": after.exact if after is not None else None,
                "drop_raw": None if raw_after is None else before.for_player(colour) - raw_after,
                "after_best": after_best,
                "after_best_exact": after_best_exact,
                "cost": None if after_best is None or raw_after is None else after_best - raw_after,
                "proven_by_game": None
                if on_line is None
                else (on_line if colour is BLACK else 1 - on_line),
                "after": review.after if review else None,
                "drop": review.drop if review else None,
                "grade": review.grade if review else None,
                "same_as_best": p["played"] == before.best_move,
                "last": board.cell_name(last_cell),
                "intruded": intrusion(previous, last_cell, colour),
                "intrusion_answers": [board.cell_name(c) for c in answers],
                "answered_intrusion": played in answers,
                "best_answers_intrusion": best in answers,
                "dist_played_best": hex_distance(played, best, size),
                "dist_played_last": hex_distance(played, last_cell, size),
                "dist_best_last": hex_distance(best, last_cell, size),
                "edges_played": edge_distances(played, size, colour),
                "edges_best": edge_distances(best, size, colour),
                "mohex_pv": list(before.line),
            }
        )
    return rows


def table(args: argparse.Namespace) -> None:
    afters_best = json.loads(Path(args.alternatives).read_text())["positions"]
    rows = []
    for path in sorted(Path(args.raw).glob("*.json")):
        rows.extend(game_rows(json.loads(path.read_text()), afters_best))
    document = {**_context(" ".join(sys.argv)), "rows": rows}
    Path(args.out).write_text(json.dumps(document, indent=1) + "\n")
    print(f"{len(rows)} moves of ours in {args.out}")


# ------------------------------------------------------------------------------- the retry


def root_priors(board: Board, spec: str) -> dict[int, float]:
    """The priors ``spec``'s search gives the root's moves (cell -> prior), read from its
    tree after one descent (as tests/engine/test_intrusion_priors.py reads them), with the
    level's own settings (table, bias, intrusion bonus) and its root tactics off."""
    from hexswarm.engine.players import create_player
    from hexswarm.engine.players.uct_player import last_stone, tree_config
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.limits import SearchLimits
    from hexswarm.engine.search.uct import UctConfig, UctSearch

    player = create_player(f"{spec},playouts=8,time_s=none,tactics=off,seed=1")
    while not hasattr(player, "playout_policy"):  # the wrappers: rectangles, opening table
        player = player.player
    env = hex_environment(board, player.playout_policy())
    search = UctSearch(tree_config(UctConfig, player.settings, 1), last_cell=last_stone(board))
    search.run(env, SearchLimits(playouts=8))
    tree = search.trees[0]
    return {int(env.action_cells[tree.actions[c]]): float(tree.prior[c]) for c in tree.children(0)}


@dataclass
class _Afters:
    """MoHex's values (for the side to move on ``board``) of the positions after moves,
    analysed once each."""

    engine: ExternalEnginePlayer
    board: Board
    after: dict[str, float | None]
    exact: dict[str, bool | None]

    def value(self, move: str) -> float | None:
        if move not in self.after:
            probe = self.board.copy()
            probe.play(move)
            analysis, answer = analyse_board(self.engine, probe, [])
            if analysis is None:
                analysis = without_search(probe.to_move, answer)
            self.after[move] = analysis.for_player(self.board.to_move)
            self.exact[move] = analysis.exact
        return self.after[move]


def retry(args: argparse.Namespace) -> None:
    """The costliest moves again (``cost``: MoHex's value of the position after its own move
    minus that after ours): our priors' rank of MoHex's move, and ``strong`` at 1x and 10x
    its 1 s playouts with MoHex's value of the position after the move it chooses. Every
    value compared is MoHex's analysis of a position after a move of ours, same budget."""
    from hexswarm.engine.players import create_player

    rows = json.loads(Path(args.moves).read_text())["rows"]
    chosen = [
        r
        for r in rows
        if r["cost"] is not None
        and not r["before_exact"]
        and not r["same_as_best"]
        and r["size"] in (args.size or (r["size"],))
    ]
    chosen.sort(key=lambda r: (-r["cost"], r["match"], r["game"], r["ply"]))
    chosen = chosen[: args.top]
    out = Path(args.out)
    done = json.loads(out.read_text())["positions"] if out.exists() else []
    seen = {(d["match"], d["game"], d["ply"]) for d in done}
    engine = mohex(args.games)
    raw_folder = Path(args.raw)
    try:
        for r in chosen:
            if (r["match"], r["game"], r["ply"]) in seen:
                continue
            document = json.loads((raw_folder / f"{r['match']}-g{r['game']:03d}.json").read_text())
            board = Board(r["size"])
            for cell in document["moves"][: r["ply"]]:
                board.play(cell)
            after: dict[str, float | None] = {
                r["played"]: r["after_raw"],
                r["best"]: r["after_best"],
            }
            exact: dict[str, bool | None] = {
                r["played"]: r["after_exact"],
                r["best"]: r["after_best_exact"],
            }

            known = _Afters(engine, board, after, exact)
            best_after = known.value(r["best"])
            priors = root_priors(board, STRONG_SPEC)
            names = [board.cell_name(c) for c in sorted(priors, key=lambda c: -priors[c])]
            entry = {
                **{k: r[k] for k in ("match", "game", "colour", "size", "ply", "our_move")},
                **{k: r[k] for k in ("empty", "before", "best", "played", "drop")},
                "after_played": r["after_raw"],
                "after_played_exact": r["after_exact"],
                "after_best": best_after,
                "after_best_exact": exact[r["best"]],
                "cost": None if best_after is None else best_after - r["after_raw"],
                "prior_rank_best": names.index(r["best"]) + 1,
                "prior_rank_played": names.index(r["played"]) + 1,
                "prior_best": priors[board.cell_index(r["best"])],
                "prior_played": priors[board.cell_index(r["played"])],
                "prior_top5": names[:5],
                "moves_with_prior": len(names),
                "runs": [],
            }
            for factor in args.factors:
                playouts = int(PLAYOUTS_1S[r["size"]] * factor)
                spec = f"{STRONG_SPEC},playouts={playouts},time_s=none,seed={args.seed}"
                player = create_player(spec)
                cpu = time.process_time()
                choice = player.choose_move(board.copy())
                cpu = time.process_time() - cpu
                move = board.cell_name(choice.move)
                value = known.value(move)
                snapshot = choice.snapshot
                entry["runs"].append(
                    {
                        "factor": factor,
                        "playouts": playouts,
                        "spec": spec,
                        "move": move,
                        "is_mohex_best": move == r["best"],
                        "is_game_move": move == r["played"],
                        "after": value,
                        "after_exact": exact[move],
                        "cost": None if value is None or best_after is None else best_after - value,
                        "our_estimate": None if snapshot is None else float(snapshot.estimate),
                        "prior_rank": names.index(move) + 1 if move in names else None,
                        "cpu_s": round(cpu, 1),
                    }
                )
            done.append(entry)
            print(
                r["match"][-12:],
                r["game"],
                r["ply"],
                r["best"],
                r["played"],
                entry["cost"],
                [(x["factor"], x["move"], x["cost"]) for x in entry["runs"]],
                flush=True,
            )
            out.write_text(
                json.dumps({**_context(" ".join(sys.argv)), "positions": done}, indent=1) + "\n"
            )
    finally:
        engine.close()


def knowledge(args: argparse.Namespace) -> None:
    """What our own Hex knowledge (the root analysis of ``tactics=vc``,
    :func:`engine.analysis.root.analyse`, H-search without a budget) proves at each mistake
    (cost >= MISTAKE_DROP): in the position before (a win? is MoHex's move, is ours, in the
    moves it leaves to search?), and in the positions after our move and after MoHex's (the
    opponent to move: ``win`` means the opponent has a proven win there)."""
    from hexswarm.engine.analysis.root import analyse as root_analyse

    rows = mistakes_of(json.loads(Path(args.moves).read_text())["rows"])
    found = []
    for r in rows:
        document = json.loads((Path(args.raw) / f"{r['match']}-g{r['game']:03d}.json").read_text())
        board = Board(r["size"])
        for cell in document["moves"][: r["ply"]]:
            board.play(cell)
        started = time.process_time()
        before = root_analyse(board)
        consider = {board.cell_name(c) for c in before.consider}
        entry = {
            **{k: r[k] for k in ("match", "game", "colour", "size", "ply", "our_move", "empty")},
            **{k: r[k] for k in ("best", "played", "after_best", "after_raw", "cost")},
            "before": before.proven,
            "before_note": before.note,
            "before_consider": len(consider),
            "best_considered": r["best"] in consider,
            "played_considered": r["played"] in consider,
        }
        for label, move in (("after_played", r["played"]), ("after_best", r["best"])):
            probe = board.copy()
            probe.play(move)
            if probe.is_over:
                entry[f"{label}_ours"] = "game over"
                continue
            analysis = root_analyse(probe)
            entry[f"{label}_ours"] = analysis.proven
            entry[f"{label}_note"] = analysis.note
        entry["cpu_s"] = round(time.process_time() - started, 2)
        found.append(entry)
        print(
            r["match"][-12:],
            r["game"],
            r["our_move"],
            r["best"],
            r["played"],
            entry["before"],
            entry["after_played_ours"],
            entry["after_best_ours"],
            flush=True,
        )
    Path(args.out).write_text(
        json.dumps({**_context(" ".join(sys.argv)), "positions": found}, indent=1) + "\n"
    )


# ------------------------------------------------------------------------------- reading


def board_text(moves: list[str], ply: int, size: int, marks: dict[str, str]) -> str:
    """A diagram of the board after ``ply`` moves: ``X`` Black, ``O`` White, ``.`` empty,
    the last move in lower case, ``marks`` (cell -> letter) on empty cells."""
    board = Board(size)
    for cell in moves[:ply]:
        board.play(cell)
    last = board.moves[-1].cell if board.moves else -1
    lines = ["   " + " ".join(chr(ord("a") + c) for c in range(size))]
    for row in range(size):
        out = []
        for col in range(size):
            cell = row * size + col
            name = board.cell_name(cell)
            stone = board.cells[cell]
            char = marks.get(name, ".") if stone == 0 else ("X" if stone == 1 else "O")
            out.append(char.lower() if cell == last else char)
        lines.append(f"{' ' * row}{row + 1:>2} " + " ".join(out))
    return "\n".join(lines)


def boards(args: argparse.Namespace) -> None:
    """Diagrams of the costliest moves of ours (``cost``, as :func:`retry` picks them)."""
    rows = json.loads(Path(args.moves).read_text())["rows"]
    picked = sorted(
        (
            r
            for r in rows
            if r["cost"] is not None
            and not r["same_as_best"]
            and r["size"] in (args.size or (r["size"],))
        ),
        key=lambda r: (-r["cost"], r["match"], r["game"], r["ply"]),
    )
    raw_folder = Path(args.raw)
    for r in picked[: args.top]:
        document = json.loads((raw_folder / f"{r['match']}-g{r['game']:03d}.json").read_text())
        side = "top-bottom" if r["colour"] == "black" else "left-right"
        print(
            f"### {r['match']} game {r['game']}, our move {r['our_move']} (ply {r['ply']}, "
            f"{r['empty']} empty), we are {r['colour']} ({side})\n"
        )
        print(
            f"MoHex for us: {r['before']:.2f} before; its move {r['best']} (B) -> "
            f"{r['after_best']:.2f}; we played {r['played']} (P) -> {r['after_raw']:.2f}; "
            f"cost {r['cost']:.2f}. Last move {r['last']} (lower case). MoHex's line: "
            f"{' '.join(r['mohex_pv'][:8])}\n"
        )
        marks = {r["best"]: "B", r["played"]: "P"}
        print("```")
        print(board_text(document["moves"], r["ply"], r["size"], marks))
        print("```\n")


# ------------------------------------------------------------------------------- report


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}" if values else "-"


def _spread(values: list[float], digits: int = 0) -> str:
    if not values:
        return "-"
    f = f".{digits}f"
    return (
        f"{statistics.median(values):{f}} ({min(values):{f}}-{max(values):{f}})"
        if len(values) > 1
        else f"{values[0]:{f}}"
    )


MISTAKE_DROP = 0.10
"""A move of ours counts as a mistake here when it cost at least this against MoHex's move
(the review's own "mistake" threshold): MoHex's value for us of the position after its move
minus that after ours."""
LOST_BELOW, STAYS_BELOW = 0.25, 0.35


def mistakes_of(rows: list[dict]) -> list[dict]:
    """Moves of ours that cost at least MISTAKE_DROP against MoHex's move, from a position
    MoHex's search had not solved as lost (value 0 before: every move loses, whatever the
    searches after them still estimate)."""
    return [
        r for r in rows if r["cost"] is not None and r["cost"] >= MISTAKE_DROP and r["before"] > 0.0
    ]


def horizon_of(rows: list[dict]) -> list[dict]:
    """Moves of ours after which MoHex's value for us fell by MISTAKE_DROP or more although
    they cost less than that against its own move: the value fell for MoHex's move too (the
    position was worse than its search before had seen)."""
    return [
        r
        for r in rows
        if r["drop_raw"] is not None
        and r["drop_raw"] >= MISTAKE_DROP
        and r["cost"] is not None
        and r["cost"] < MISTAKE_DROP
    ]


def left_us(game: list[dict]) -> dict | None:
    """The move of ours after which MoHex's value for us first fell below LOST_BELOW and
    never came back to STAYS_BELOW in the walk (None: it never did)."""
    for i, r in enumerate(game):
        if r["after_raw"] is not None and r["after_raw"] < LOST_BELOW:
            later = [x["before"] for x in game[i + 1 :]] + [
                x["after_raw"] for x in game[i + 1 :] if x["after_raw"] is not None
            ]
            if all(v < STAYS_BELOW for v in later):
                return r
    return None


def report(args: argparse.Namespace) -> None:
    rows = json.loads(Path(args.moves).read_text())["rows"]
    graded_all = [r for r in rows if r["cost"] is not None and not r["before_exact"]]
    games: dict[tuple, list[dict]] = {}
    for r in rows:
        games.setdefault((r["match"], r["game"]), []).append(r)
    print("#### Where MoHex's value leaves us\n")
    print(
        "| size | colour | games | MoHex's value for us before our move 1 | lost by our move "
        f"(value after it < {LOST_BELOW}, never {STAYS_BELOW} again) | empty cells then | "
        "not lost in the walk | moves graded | MoHex's move played | mistakes (cost >= "
        f"{MISTAKE_DROP}) | of them >= 0.20 | value fell >= {MISTAKE_DROP} after a move "
        f"costing < {MISTAKE_DROP} |"
    )
    print("|---|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|")
    for size in sorted({r["size"] for r in rows}):
        for colour in ("black", "white"):
            keys = [k for k, g in games.items() if (g[0]["size"], g[0]["colour"]) == (size, colour)]
            if not keys:
                continue
            part = [r for r in graded_all if (r["match"], r["game"]) in keys]
            first = [games[k][0]["before"] for k in keys]
            lost = [left_us(games[k]) for k in keys]
            found = [x for x in lost if x is not None]
            wrong = mistakes_of(part)
            print(
                f"| {size}x{size} | {colour} | {len(keys)} | {_spread(first, 2)} | "
                f"{_spread([x['our_move'] for x in found])} | "
                f"{_spread([x['empty'] for x in found])} | {lost.count(None)} | "
                f"{len(part)} | {sum(r['same_as_best'] for r in part)} | {len(wrong)} | "
                f"{sum(r['cost'] >= 0.20 for r in wrong)} | {len(horizon_of(part))} |"
            )
    print("\n#### Mistakes (cost >= 0.10) by our move number\n")
    buckets = ((1, 3), (4, 6), (7, 10), (11, 15), (16, 20), (21, 25), (26, 30))
    print("| size | " + " | ".join(f"moves {a}-{b}" for a, b in buckets) + " |")
    print("|---|" + "---:|" * len(buckets))
    for size in sorted({r["size"] for r in rows}):
        cells = []
        for first_move, last_move in buckets:
            part = [
                r
                for r in graded_all
                if r["size"] == size and first_move <= r["our_move"] <= last_move
            ]
            cells.append(f"{len(mistakes_of(part))} of {len(part)}" if part else "-")
        print(f"| {size}x{size} | " + " | ".join(cells) + " |")
    print("\n#### What we played instead of MoHex's move (means)\n")
    print(
        "| size | moves | cost | dist. ours-MoHex's | dist. ours-last | dist. MoHex's-last | "
        "rows to own edge: ours / MoHex's | to their edge: ours / MoHex's | "
        "last move intruded | we restored | MoHex's move restores |"
    )
    print("|---|---|---:|---:|---:|---:|---|---|---:|---:|---:|")
    for size in sorted({r["size"] for r in rows}):
        graded = [r for r in graded_all if r["size"] == size]
        for label, part in (
            ("mistakes", mistakes_of(graded)),
            (
                f"other moves, not MoHex's (cost < {MISTAKE_DROP})",
                [r for r in graded if not r["same_as_best"] and r["cost"] < MISTAKE_DROP],
            ),
            ("MoHex's own move", [r for r in graded if r["same_as_best"]]),
        ):
            if not part:
                continue

            def mean(key: str, index: int | None = None, part=part) -> str:
                values = [r[key] if index is None else r[key][index] for r in part]
                return (
                    f"{statistics.mean(values):.2f}"
                    if key == "cost"
                    else (f"{statistics.mean(values):.1f}")
                )

            print(
                f"| {size}x{size} | {label} ({len(part)}) | {mean('cost')} | "
                f"{mean('dist_played_best')} | {mean('dist_played_last')} | "
                f"{mean('dist_best_last')} | "
                f"{mean('edges_played', 0)} / {mean('edges_best', 0)} | "
                f"{mean('edges_played', 1)} / {mean('edges_best', 1)} | "
                f"{sum(r['intruded'] is not None for r in part)} | "
                f"{sum(r['answered_intrusion'] for r in part)} | "
                f"{sum(r['best_answers_intrusion'] for r in part)} |"
            )
    print("\n#### The mistakes by kind\n")
    print(
        "| size | mistakes | into a position MoHex proves won for itself: by its virtual "
        "connections alone / by its search | a win missed (MoHex's move: 1.0 for us): by its "
        "virtual connections / its search | neither (both values estimates) | cost of those "
        "(mean) |"
    )
    print("|---|---:|---|---|---:|---:|")
    for size in sorted({r["size"] for r in rows}):
        wrong = mistakes_of([r for r in graded_all if r["size"] == size])
        into = [r for r in wrong if r["after_raw"] <= 0.0]
        missed = [r for r in wrong if r["after_best"] >= 1.0 and r not in into]
        rest = [r for r in wrong if r not in into and r not in missed]
        print(
            f"| {size}x{size} | {len(wrong)} | {sum(bool(r['after_exact']) for r in into)} / "
            f"{sum(not r['after_exact'] for r in into)} | "
            f"{sum(bool(r['after_best_exact']) for r in missed)} / "
            f"{sum(not r['after_best_exact'] for r in missed)} | {len(rest)} | "
            f"{statistics.mean(r['cost'] for r in rest) if rest else 0:.2f} |"
        )
    if args.knowledge:
        found = json.loads(Path(args.knowledge).read_text())["positions"]
        region = [k for k in found if k["before_note"].startswith("must-play")]
        print(
            f"\nOur root analysis (`tactics=vc`'s, H-search without a budget) on the {len(found)} "
            "mistakes: proves the position before in "
            f"{sum(k['before'] is not None for k in found)}, the opponent's win after our move "
            f"in {sum(k.get('after_played_ours') == 'win' for k in found)}, the position after "
            f"MoHex's move in {sum(k.get('after_best_ours') is not None for k in found)}. It "
            f"finds a must-play region before our move in {len(region)} (MoHex's move inside "
            f"in {sum(k['best_considered'] for k in region)}, ours in "
            f"{sum(k['played_considered'] for k in region)}); its fill-in and region together "
            f"leave MoHex's move to the search in {sum(k['best_considered'] for k in found)} "
            f"and ours in {sum(k['played_considered'] for k in found)}."
        )
    if args.retry:
        retry_report(
            [p for path in args.retry for p in json.loads(Path(path).read_text())["positions"]]
        )


def _v(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def retry_report(positions: list[dict]) -> None:
    print("\n#### The biggest drops again: MoHex's move, our priors, `strong` at 1x and 10x\n")
    print(
        "| game | move | empty | before | MoHex's | after it | ours | after it | cost | "
        "prior rank: MoHex's / ours | 1x | cost | 10x | cost |"
    )
    print("|---|---:|---:|---:|---|---:|---|---:|---:|---|---|---:|---|---:|")
    for p in positions:
        runs = {x["factor"]: x for x in p["runs"]}
        one, ten = runs.get(1.0), runs.get(10.0)
        short = p["match"].replace("strong-localteacher-intr282-1s-vs-mohex-1s-", "")
        print(
            f"| {short} {p['game']} ({p['colour'][0]}) | {p['our_move']} | {p['empty']} | "
            f"{p['before']:.2f} | {p['best']} | {_v(p['after_best'])} | {p['played']} | "
            f"{_v(p['after_played'])} | {_v(p['cost'])} | "
            f"{p['prior_rank_best']} / {p['prior_rank_played']} | "
            + " | ".join(
                f"{x['move']}{'*' if x['is_mohex_best'] else ''} | {_v(x['cost'])}"
                if x
                else "- | -"
                for x in (one, ten)
            )
            + " |"
        )
    real = mistakes_of(positions)
    print(
        f"\nPositions whose game move cost at least {MISTAKE_DROP} against MoHex's move "
        f"(MoHex's values of the two positions after them) from a position MoHex had not "
        f"solved as lost: {len(real)} of {len(positions)}."
    )
    print("\n| on those | 1x | 10x |\n|---|---:|---:|")
    for label, test in (
        ("plays MoHex's move", lambda x: x["is_mohex_best"]),
        ("plays the game's move again", lambda x: x["is_game_move"]),
        (
            "plays a move within 0.05 of MoHex's",
            lambda x: x["cost"] is not None and x["cost"] <= 0.05,
        ),
        (
            f"plays a move costing >= {MISTAKE_DROP}",
            lambda x: x["cost"] is not None and x["cost"] >= MISTAKE_DROP,
        ),
    ):
        counts = []
        for factor in (1.0, 10.0):
            runs = [x for p in real for x in p["runs"] if x["factor"] == factor]
            counts.append(f"{sum(map(test, runs))} of {len(runs)}")
        print(f"| {label} | " + " | ".join(counts) + " |")
    ranks = [p["prior_rank_best"] for p in real]
    played = [p["prior_rank_played"] for p in real]
    print(
        f"\nOur priors' rank of MoHex's move on those: {_spread(ranks)} (median, range); "
        f"top 1: {sum(r == 1 for r in ranks)}, top 3: {sum(r <= 3 for r in ranks)}, top 10: "
        f"{sum(r <= 10 for r in ranks)}. Of the game's move: {_spread(played)}."
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    a = sub.add_parser("analyse")
    a.add_argument("matches", nargs="+")
    a.add_argument("--our-moves", type=int, default=20)
    a.add_argument("--games", type=int, default=10000)
    a.add_argument("--interleave", action="store_true")
    a.add_argument("--out", required=True)
    t = sub.add_parser("table")
    t.add_argument("raw")
    t.add_argument("--alternatives", required=True)
    t.add_argument("--out", required=True)
    x = sub.add_parser("alternatives")
    x.add_argument("raw")
    x.add_argument("--games", type=int, default=10000)
    x.add_argument("--out", required=True)
    r = sub.add_parser("retry")
    r.add_argument("moves")
    r.add_argument("--raw", required=True)
    r.add_argument("--top", type=int, default=30)
    r.add_argument("--size", type=int, action="append")
    r.add_argument("--factors", type=float, nargs="+", default=[1.0, 10.0])
    r.add_argument("--games", type=int, default=10000)
    r.add_argument("--seed", type=int, default=17)
    r.add_argument("--out", required=True)
    k = sub.add_parser("knowledge")
    k.add_argument("moves")
    k.add_argument("--raw", required=True)
    k.add_argument("--out", required=True)
    b = sub.add_parser("boards")
    b.add_argument("moves")
    b.add_argument("--raw", required=True)
    b.add_argument("--top", type=int, default=12)
    b.add_argument("--size", type=int, action="append")
    p = sub.add_parser("report")
    p.add_argument("moves")
    p.add_argument("--retry", nargs="*")
    p.add_argument("--knowledge")
    return parser


def main() -> None:
    args = build_parser().parse_args()
    {
        "analyse": analyse,
        "alternatives": alternatives,
        "table": table,
        "retry": retry,
        "knowledge": knowledge,
        "boards": boards,
        "report": report,
    }[args.command](args)


if __name__ == "__main__":
    main()
