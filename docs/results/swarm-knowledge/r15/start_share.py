"""Where `start=priors` puts the root's agents (round 15, helper ant15): on the 30 positions of
round 14's root-visit study (``../r14/root_visits.py``), one descent of `strong-swarm` with
`start=priors` and one test (the agents as placed, give or take the one tested), as shipped
and with C's priors: the moves holding agents and the top move's share of them.

    python start_share.py
"""

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "r14"))
from hexswarm.engine.players import create_player  # noqa: E402
from root_visits import positions  # noqa: E402

C = "priors=hex12-local-mohex-9x9-550g-matches,intrusion_bonus=282"
SEARCH = "playouts=8,tests=1,time_s=none,reuse=false,tactics=off,seed=1"
for label, spec in (
    ("as shipped", "strong-swarm:start=priors"),
    ("C", f"strong-swarm:{C},start=priors"),
):
    held, top, moves = [], [], []
    for _, _, board in positions(30):
        agents = create_player(f"{spec},{SEARCH}").choose_move(board).snapshot.root_agents
        held.append(sum(1 for a in agents if a > 0))
        top.append(max(agents) / sum(agents))
        moves.append(sum(1 for _ in board.legal_moves()))
    print(
        f"{label}: moves holding agents, median {statistics.median(held)} ({min(held)}-"
        f"{max(held)}) of a median {statistics.median(moves)} legal moves; the top move's share "
        f"of the agents, median {statistics.median(top):.3f} ({min(top):.3f}-{max(top):.3f})"
    )
