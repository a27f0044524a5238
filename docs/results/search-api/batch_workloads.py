"""Raw knowledge playouts (``engine.playout.random_playouts``, whose threads run
``engine.kernels.knowledge.policy_playout_batch``), for ``../startup/speed_processes.py``:
does calling ``knowledge_playout`` itself, not through the inlined ``policy_playout``, save CPU
a playout here as it did in the searches' loops (issue 29)? One thread, seed 1, from the empty
9x9 and 13x13 boards and a 9x9 middle game (18 stones, so the bridge answers come early);
uniform is the control (its batch kernel, ``playout_batch``, did not change).

    BASE_CACHE=... NEW_CACHE=... python docs/results/startup/speed_processes.py \
        BASE_PYTHON NEW_PYTHON 3 docs/results/search-api/batch_workloads.py

The outcome compared between the checkouts: Black's wins (the same draws give the same count).
"""

PLAYOUTS = {  # (position, policy): playouts (about 0.2-0.5 CPU s here)
    ("empty-9", "uniform"): 1_000_000,
    ("empty-9", "template"): 200_000,
    ("middle-9", "template"): 200_000,
    ("empty-9", "win"): 100_000,
    ("empty-9", "patterns"): 50_000,
    ("empty-13", "template"): 80_000,
}
COLUMNS = ("position", "policy", "playouts")
CASES = [(position, policy, str(n)) for (position, policy), n in PLAYOUTS.items()]
MIDDLE = [
    "e5", "d6", "f4", "c7", "d4", "f5", "g3", "e6", "c5", "g4", "h2", "b8", "f6", "e4", "d5",
    "g5", "c6", "h4",
]  # fmt: skip


def workload(case: tuple[str, str, str]):
    """A function running ``case`` once: (playouts, Black's wins)."""
    position, policy, count = case[0], case[1], int(case[2])
    from hexswarm.engine.board import Board
    from hexswarm.engine.playout import random_playouts

    board = Board(int(position.split("-")[1]))
    if position.startswith("middle"):
        for cell in MIDDLE:
            board.play(cell)

    def run():
        return count, random_playouts(board, count, seed=1, policy=policy)

    return run
