"""How many of `strong`'s descents end at a proven node with in-tree knowledge, and how many
RAVE samples its root loses by them (task h2 of round 16, item 1).

    python docs/results/intree/r16/exact_descents.py GAMES PLAYOUTS KNOWLEDGE_AFTER [proven]
    python docs/results/intree/r16/exact_descents.py --summary OUTPUT  # the table again

For every position of the first GAMES games of round 15's match (docs/results/intree/
match-9x9-20k/, 9x9, `strong` with and without knowledge_after=256), one fresh search of
today's `strong` (its tree settings from the level table, its playout policy, no root
tactics, no kept tree, seed 1) with ``knowledge_after`` and once without (0). A row per
position and setting: descents, playouts run, descents scored exactly (a proven node or a move
that ends the game: ``counters[EXACT]``), the root's proven result and the RAVE samples of
the root's moves (the sum of their ``RAVE_VISITS``). With PROVEN (``proven_playouts``) on the
knowledge run as well. Prints the rows (JSON lines) and a table by move number.
"""

import json
import sys
import time
from pathlib import Path

from hexswarm.engine.kernels.uct import EXACT, RAVE_VISITS
from hexswarm.engine.players import create_player
from hexswarm.engine.players.uct_player import last_stone, tree_config
from hexswarm.engine.records.sgf import read_sgf
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch

GAMES = Path(__file__).resolve().parents[1] / "match-9x9-20k"


def search(board, playouts, knowledge_after, proven):
    spec = f"strong:playouts={playouts},time_s=none,knowledge_after={knowledge_after}"
    if proven:
        spec += ",proven_playouts=true"
    player = create_player(spec)
    while not hasattr(player, "playout_policy"):  # the UCT player inside the wrappers
        player = player.player
    config = tree_config(UctConfig, player.settings, 1)
    env = hex_environment(board, player.playout_policy())
    uct = UctSearch(config, last_cell=last_stone(board))
    result = uct.run(env, SearchLimits(playouts=playouts))
    tree = uct.trees[0]
    children = tree.children(0)
    root_rave = int(tree.rave[children.start : children.stop, RAVE_VISITS].sum())
    return {
        "descents": result.iterations,
        "playouts": result.playouts,
        "exact": int(tree.counters[EXACT]),
        "root_proven": tree.root_proven,
        "root_rave": root_rave,
    }


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--summary":  # the table again from saved rows
        lines = Path(sys.argv[2]).read_text().splitlines()
        summary([json.loads(line) for line in lines if line.startswith("{")])
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    playouts = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    after = int(sys.argv[3]) if len(sys.argv) > 3 else 256
    proven = len(sys.argv) > 4 and sys.argv[4] == "proven"
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load "
          f"{Path('/proc/loadavg').read_text().split()[:3]}, {games} games, {playouts} "
          f"playouts, knowledge_after={after}, proven_playouts={proven}")  # fmt: skip
    rows = []
    for path in sorted(GAMES.glob("game-*.sgf"))[:games]:
        for number, position in enumerate(read_sgf(path).replay()):
            board = position.copy()
            if board.winner is not None:
                break
            row = {"game": path.name, "move": number}
            row["on"] = search(board, playouts, after, proven)
            row["off"] = search(board, playouts, 0, False)
            rows.append(row)
            print(json.dumps(row), flush=True)
    summary(rows)


def summary(rows):
    """Shares by move number: all positions, then those whose root the search with knowledge
    did not prove (it stops at a proven root, so its share there says little)."""
    for label, kept in (
        ("all positions", rows),
        ("root not proven", [r for r in rows if r["on"]["root_proven"] == 0]),
    ):
        print(f"# {label}: move numbers | positions | descents scored exactly with knowledge "
              "| without | RAVE samples of the root's moves with / without | playouts with / "
              "without")  # fmt: skip
        for low, high in ((0, 9), (10, 19), (20, 29), (30, 39), (40, 80), (0, 80)):
            part = [r for r in kept if low <= r["move"] <= high]
            if not part:
                continue

            def total(side, key, part=part):
                return sum(r[side][key] for r in part)

            print(f"# {low}-{high} | {len(part)} | "
                  f"{total('on', 'exact') / total('on', 'descents'):.3f} | "
                  f"{total('off', 'exact') / total('off', 'descents'):.3f} | "
                  f"{total('on', 'root_rave') / max(1, total('off', 'root_rave')):.3f} | "
                  f"{total('on', 'playouts') / max(1, total('off', 'playouts')):.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
