"""Variants of the playout table's fit, each scored by the kernel's own policy (capped far
weights, dead cells; engine.tools.patterns.policy_strengths) on the 30 held-out games of
playout-fit-r3.txt / playout-fit-team.txt: log-likelihood of the move played and top-1 rate.
Run from a checkout: python docs/results/patterns/fit_variants.py"""

from pathlib import Path

import numpy as np
from hexswarm.engine.patterns import TRANSPOSED12, PlayoutTable, load_playout_table
from hexswarm.engine.tools import patterns as tool

R = Path(__file__).parent
games = tool.read_games([R / "mohex-selfplay-9x9"], 9)
for name in ("1000", "1000-r4a", "1000-r3"):
    seen = {tuple(g) for g in games}
    games += [g for g in tool.read_games_file(R / f"mohex-selfplay-9x9-{name}.txt", 9)
              if tuple(g) not in seen]  # fmt: skip
train = tool.playout_competitions(games[:-30], 9, 2)
test = tool.playout_competitions(games[-30:], 9, 2)
print(f"{len(games) - 30} games fitted ({train[-1].size} moves), 30 held out ({test[-1].size})")


def score(label, tables, train=train, test=test):
    table = PlayoutTable(tables[0], tables[1], tool.CAP_ABOVE_OPEN_BOARD, "", 1.0, *tables[2:])
    fitted = tool.scores(train[0], tool.policy_strengths(train, table), train[-1])
    held = tool.scores(test[0], tool.policy_strengths(test, table), test[-1])
    print(f"{label:58s} fitted {fitted[0]:7.4f} {fitted[1]:.3f}  held out {held[0]:7.4f} "
          f"{held[1]:.3f}  12-cell codes {len(tables[2]) + len(tables[3])}")  # fmt: skip


print("variant                                                    log-lik. top-1")
for path in ("playout6-mohex-9x9", "playout12-mohex-9x9"):
    old = load_playout_table(path)
    score(f"table {path} (plain fit)", (old.global_, old.local, old.global12, old.local12))
score("plain 6-cell fit on these games", tool.plain_fit6(train, 60))
for min_count, prune, virtual in ((2, 0.2, 1.0), (1, 0.2, 1.0), (3, 0.2, 1.0), (20, 0.2, 1.0),
                                  (2, 0.0, 1.0), (2, 0.1, 1.0), (2, 0.3, 1.0), (2, 0.2, 0.5),
                                  (2, 0.2, 2.0)):  # fmt: skip
    tables = tool.team_fit(train, min_count, 60, prune, virtual)
    score(f"team fit, min-count {min_count}, prune {prune}, virtual {virtual}", tables)
    if (min_count, prune, virtual) == (2, 0.2, 1.0):
        score("  the same without its global 12-cell weights", (*tables[:2], {}, tables[3]))
        score("  the same without its local 12-cell weights", (*tables[:3], {}))
# Without the cap in the fit (the kernel still caps) and without the dead cells fixed.
dead_free = (*train[:4], np.zeros_like(train[4]), train[5])
score(
    "team fit, dead cells fitted like any (kernel: dead weight)",
    tool.team_fit(dead_free, 2, 60, 0.2),
)
uncapped = tool.team_fit(train, 2, 60, 0.2, capped=False)
score("team fit without the cap in the fit (kernel: capped)", uncapped)


def lattice_canonical(codes, width):
    """The smallest code over the 12 symmetries of the hexagonal lattice (rotations turn each
    group of six by one entry, the reflection is the transposition), colours kept."""
    digits = [(codes >> (2 * i)) & 3 for i in range(width)]
    best = None
    for flip in (False, True):
        d = list(digits)
        if flip:
            d = [None] * width
            for i in range(width):
                d[TRANSPOSED12[i]] = digits[i]
        for turn in range(6):
            turned = [d[(i + turn) % 6] for i in range(6)]
            if width == 12:
                turned += [d[6 + (i + turn) % 6] for i in range(6)]
            code = sum(x << (2 * i) for i, x in enumerate(turned))
            best = code if best is None else np.minimum(best, code)
    return best


def tied(data):
    comp, code6, code12, near, dead, winners = data
    return comp, lattice_canonical(code6, 6), lattice_canonical(code12, 12), near, dead, winners


tied_train, tied_test = tied(train), tied(test)
tied_tables = tool.team_fit(tied_train, 2, 60, 0.2)
score("team fit, codes tied over the lattice's 12 symmetries", tied_tables, tied_train, tied_test)
