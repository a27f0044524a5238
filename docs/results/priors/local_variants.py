"""Held-out figures of local-gamma models other than the one shipped, on the games of
hex12-mohex-9x9-550g (520 fitted, the same last 30 held out; round 10, issue 29 item 3).

    python docs/results/priors/local_variants.py [MIN_COUNT ...]

Every model is the 12-cell prior model of hex12-mohex-9x9-550g (12-cell codes seen 20 times,
else 6-cell; delta of the local class) with a third team-mate for the cells near the last
move, fitted by the tool's MM (engine.tools.patterns.fit). The local feature of a near cell:

* ``code12``: its canonical 12-cell code when seen MIN_COUNT times among the near training
  rows, else none (the class delta alone);
* ``code12/code6``: the same, else its canonical 6-cell code;
* ``key12``: its 12-cell local key (the code with the last move's place in it,
  engine.patterns.local_keys) when seen MIN_COUNT times, else none;
* ``key12/key6`` (shipped: hex12-local-mohex-9x9-550g at 10): that, else its 6-cell local key.

A 6-cell feature not seen in training has weight 1 on the held-out moves.
"""

import sys
from pathlib import Path

import numpy as np
from hexswarm.engine.patterns import CODES, FAR
from hexswarm.engine.tools.patterns import (
    fit,
    local_feature_rows,
    prior12_features,
    read_games,
    read_sized_games_file,
    scores,
    sized_rows,
)

GAMES = Path("docs/results/patterns")
FILES = ("1000", "1000-r4a", "1000-r4b", "300-r5a", "1000-r3")
read = [(9, g) for g in read_games([GAMES / "mohex-selfplay-9x9"], 9)]
for name in FILES:
    read += read_sized_games_file(GAMES / f"mohex-selfplay-9x9-{name}.txt", [9])
games = [(s, list(g)) for s, g in dict.fromkeys((s, tuple(g)) for s, g in read)]
train, test = games[:-30], games[-30:]
comp, code6, code12, classes, winners, key6, key12 = sized_rows(train, 2, local=True)
t_comp, t_code6, t_code12, t_classes, t_winners, t_key6, t_key12 = sized_rows(test, 2, True)
codes, counts = np.unique(code12, return_counts=True)
kept = codes[counts >= 20]
patterns = prior12_features(code6, code12, kept)
t_patterns = prior12_features(t_code6, t_code12, kept)
print(f"# {len(train)} games fitted, {len(test)} held out; {kept.size} 12-cell codes kept")
gamma, delta, ll, _ = fit(comp, patterns, classes, winners, 60, CODES + kept.size)
held = scores(t_comp, gamma[t_patterns] * delta[t_classes], t_winners)
print(f"no local gammas: fitted {ll:.4f}, held out {held[0]:.4f} a move, top-1 {held[1]:.4f}")
near, t_near = classes != FAR, t_classes != FAR
models = {
    "code12": (np.where(near, code12, -1), None, np.where(t_near, t_code12, -1), None),
    "code12/code6": (
        np.where(near, code12, -1),
        np.where(near, code6, -1),
        np.where(t_near, t_code12, -1),
        np.where(t_near, t_code6, -1),
    ),
    "key12": (key12, None, t_key12, None),
    "key12/key6": (key12, key6, t_key12, t_key6),
}
for min_count in [int(a) for a in sys.argv[1:]] or [5, 10, 20]:
    for name, (twelve, six, t_twelve, t_six) in models.items():
        found, times = np.unique(twelve[twelve >= 0], return_counts=True)
        kept12 = found[times >= min_count]
        seen6 = np.unique(six[six >= 0]) if six is not None else np.zeros(0, np.int64)
        none = np.full(twelve.size, -1)
        features = local_feature_rows(none if six is None else six, twelve, kept12, seen6)
        t_none = np.full(t_twelve.size, -1)
        t_features = local_feature_rows(t_none if t_six is None else t_six, t_twelve, kept12, seen6)
        count = kept12.size + seen6.size
        gamma, delta, ll, local = fit(
            comp, patterns, classes, winners, 60, CODES + kept.size, features, count
        )
        strength = gamma[t_patterns] * delta[t_classes] * local[t_features]
        held = scores(t_comp, strength, t_winners)
        print(
            f"{name:13s} min {min_count:2d}: {kept12.size:5d} 12-cell + {seen6.size:4d} 6-cell "
            f"local gammas; fitted {ll:.4f}, held out {held[0]:.4f} a move, top-1 {held[1]:.4f}",
            flush=True,
        )
