"""The bundled playout table's learned weights of vulnerable 6-cell patterns (a killer:
engine.patterns.killer_table) against the other live ones: canonical codes for Black the table
has seen, medians of the global and local weights (the cap and the dead-cell weight beside).

    python playout_weights.py"""

import numpy as np
from hexswarm.engine.patterns import (
    CODES,
    DEAD_WEIGHT,
    WEIGHT_SCALE,
    canonical,
    dead_table,
    killer_table,
    load_playout_table,
)

table = load_playout_table()
killers, dead = killer_table()[0], dead_table()[0]
kept = np.array([canonical(c) == c for c in range(CODES)]) & (table.global_ != table.unseen)
dead_weight = DEAD_WEIGHT * table.cap / WEIGHT_SCALE
print(f"table {table.source}: cap {table.cap}, dead-cell weight {dead_weight:.4f}")
for name, chosen in (("vulnerable", killers != 0), ("other live", (killers == 0) & ~dead)):
    codes = kept & chosen
    print(
        f"{name}: {codes.sum()} codes, global weight median {np.median(table.global_[codes]):.3f}, "
        f"local weight median {np.median(table.local[codes]):.3f}"
    )
