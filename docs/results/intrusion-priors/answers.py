"""How often each player of a match answered an intrusion: in every position of its games where
the last move took one carrier cell of a bridge or edge template II of the side to move (the
playouts' slow references), whether the move played restored it.

    python answers.py MATCH_DIR ...
"""

import json
import re
import sys
from pathlib import Path

from hexswarm.engine.board import Board
from hexswarm.engine.tools.reference import bridge_answers, template_answers

for folder in map(Path, sys.argv[1:]):
    match = json.loads((folder / "match.json").read_text())
    size = match["settings"]["size"]
    counts = {"A": [0, 0], "B": [0, 0]}  # [intrusions faced, answered]
    for game in match["results"]:
        moves = re.findall(r";[BW]\[([a-z]+\d+)\]", (folder / game["sgf"]).read_text())
        board = Board(size)
        for name in moves:
            if board.moves:
                last = int(board.moves[-1].cell)
                black = board.to_move.value == "black"
                stone = 1 if black else 2
                answers = set(bridge_answers(board.cells, size, last, stone))
                answers |= set(template_answers(board.cells, size, last, stone))
                if answers:
                    player = "A" if (game["a_colour"] == "black") == black else "B"
                    counts[player][0] += 1
                    counts[player][1] += board.cell_index(name) in answers
            board.play(board.cell_index(name))
    for player, (faced, answered) in counts.items():
        print(
            f"{folder.name} {player}: {faced} intrusions faced, answered {answered} "
            f"({answered / max(faced, 1):.3f})"
        )
