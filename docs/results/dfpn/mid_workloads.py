"""DFPN's proofs, for ``../startup/speed_processes.py``: the process-paired check of ``mid``'s
work arrays taken as one named tuple (``DfpnArrays``) instead of 15 arguments (issue 28).

    bash docs/results/startup/speed_processes.sh main 5 docs/results/dfpn/mid_workloads.py

Each case proves one position of ``resources/tactics/real.json`` with a fixed node budget and
no time limit (so the nodes searched do not depend on the load), one process per checkout,
alternating. The outcome compared between the checkouts is the whole proof (winner, move,
nodes, proof and disproof numbers) and whether it agrees with the suite's label. Written
against ``engine.dfpn.prove``, whose signature both checkouts share. Five positions, 8x8 to
11x11: four DFPN proves within the budget (6 757, 10 422, 8 878 and 2 619 nodes in
``real-100k.json``) and one it does not settle within 8 000 nodes.
"""

CASES = [
    ("real-must-play-8x8-02", "20000"),
    ("real-bridge-8x8-03", "20000"),
    ("real-must-play-9x9-01", "8000"),
    ("real-must-play-10x10-03", "20000"),
    ("real-bridge-11x11-01", "20000"),
]
COLUMNS = ("position", "node budget")


def workload(case: tuple[str, str]):
    """A function proving ``case`` once: (nodes searched, the proof and its agreement)."""
    from hexswarm.engine.dfpn import prove
    from hexswarm.engine.tools.tactics_real import REAL_SUITE
    from hexswarm.engine.tools.tactics_suite import load_suite

    position = next(p for p in load_suite(REAL_SUITE) if p.id == case[0])
    board, budget = position.board(), int(case[1])

    def run():
        proof = prove(board, nodes=budget)
        move = None if proof.move is None else board.cell_name(proof.move)
        agrees = proof.winner is board.to_move and move in position.winning
        outcome = (proof.winner, move, proof.nodes, proof.proof_number, proof.disproof_number)
        return proof.nodes, (outcome, agrees)

    return run
