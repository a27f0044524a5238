"""Print the distinct games of a match folder that are in no earlier set, one a line (the
move-list format of ``engine.tools.patterns --games-file``: the board size, then the cells in
order, row-major, a1 = 0), in the order played.

    python docs/results/patterns/new_games.py runs/selfplay9-300 \\
        docs/results/patterns/mohex-selfplay-9x9 docs/results/patterns/mohex-selfplay-9x9-*.txt

The board size is 9 unless the first argument is ``--size=N`` (e.g. ``--size=11``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from hexswarm.engine.tools.patterns import read_games, read_games_file


def main(*arguments: str) -> None:
    size = 9
    if arguments[0].startswith("--size="):
        size = int(arguments[0].removeprefix("--size="))
        arguments = arguments[1:]
    folder, *earlier = arguments
    seen = set()
    for source in map(Path, earlier):
        games = read_games([source], size) if source.is_dir() else read_games_file(source, size)
        seen.update(map(tuple, games))
    played = read_games([Path(folder)], size)
    new = [g for g in played if tuple(g) not in seen]
    print(f"# {len(played)} distinct games, {len(new)} in no earlier set", file=sys.stderr)
    for game in new:
        print(" ".join(map(str, [size, *game])))


if __name__ == "__main__":
    main(*sys.argv[1:])
