"""CPU seconds per playout of two versions of the kernels, paired and alternating in one process.

    python policy_branch.py BASE_ROOT [ROUNDS]

``BASE_ROOT`` holds ``hexswarm_base/engine``: another commit's ``engine/`` with its imports
renamed (``policy_branch.sh`` makes it), loaded beside the installed ``hexswarm.engine``.
Each round times every workload on the 9x9 board once per version, in alternating order; the
table gives each version's median CPU microseconds per playout and the median of the rounds'
ratios (new / base). Both versions run the same seeds: their results must be equal (checked).
"""

import importlib
import statistics
import sys
import time

# The cases (for speed_processes.py too): each playout policy's raw playouts and searches.
COLUMNS = ("policy", "workload")
CASES = [(policy, name) for policy in ("uniform", "template") for name in
         ("playouts", "mcsds", "sdst", "uct")]  # fmt: skip


def version(package):
    """The functions a workload needs, from ``package`` (hexswarm or hexswarm_base)."""
    load = importlib.import_module
    board = load(f"{package}.engine.board")
    playout = load(f"{package}.engine.playout")
    environment = load(f"{package}.engine.search.environment")
    limits = load(f"{package}.engine.search.limits")
    swarm = load(f"{package}.engine.search.swarm")
    uct = load(f"{package}.engine.search.uct")

    def workloads(policy):
        empty = board.Board(9)
        env = environment.hex_environment(empty, policy)
        uniform = policy == "uniform"

        def raw():
            count = 500_000 if uniform else 50_000
            return count, playout.random_playouts(empty, count, seed=3, policy=policy)

        def mcsds():
            config = swarm.SwarmConfig(policy="root", agents=40_000 if uniform else 4_000)
            result = swarm.SwarmSearch(config).run(env, limits.SearchLimits(iterations=5))
            return result.playouts, (result.best_action, result.counts.tolist())

        def sdst():
            config = swarm.SwarmConfig(policy="tree", agents=40_000 if uniform else 4_000)
            result = swarm.SwarmSearch(config).run(env, limits.SearchLimits(iterations=5))
            return result.playouts, (result.best_action, result.counts.tolist())

        def uct_search():
            count = 100_000 if uniform else 10_000
            result = uct.UctSearch().run(env, limits.SearchLimits(playouts=count))
            return result.playouts, (result.best_action, result.playouts)

        return {"playouts": raw, "mcsds": mcsds, "sdst": sdst, "uct": uct_search}

    return workloads


def workload(case):
    """The installed checkout's run of ``case`` (speed_processes.py's workloads interface)."""
    policy, name = case
    return version("hexswarm")(policy)[name]


def main():
    sys.path.insert(0, sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    versions = {"base": version("hexswarm_base"), "new": version("hexswarm")}
    cases = CASES
    times = {(side, case): [] for side in versions for case in cases}
    for workloads in versions.values():  # compile (or load) everything first
        for policy, name in cases:
            workloads(policy)[name]()
    for round_ in range(rounds):
        order = list(versions) if round_ % 2 == 0 else list(reversed(versions))
        for policy, name in cases:
            outcomes = {}
            for side in order:
                run = versions[side](policy)[name]
                cpu = time.process_time()
                playouts, outcome = run()
                times[side, (policy, name)].append((time.process_time() - cpu) / playouts * 1e6)
                outcomes[side] = outcome
            if outcomes["base"] != outcomes["new"]:
                raise SystemExit(f"{policy} {name}: the versions' results differ")
        print(f"# round {round_ + 1} done", flush=True)
    print(
        "| policy | workload | base µs/playout (CPU) | new µs/playout (CPU) "
        "| new/base (median of rounds) | ratios |"
    )
    print("|---|---|---|---|---|---|")
    for case in cases:
        base, new = times["base", case], times["new", case]
        ratios = [n / b for n, b in zip(new, base, strict=True)]
        medians = f"{statistics.median(base):.3f} | {statistics.median(new):.3f}"
        print(
            f"| {case[0]} | {case[1]} | {medians} "
            f"| {statistics.median(ratios):.3f} | {' '.join(f'{r:.2f}' for r in ratios)} |"
        )


if __name__ == "__main__":
    main()
