"""Time management shared by the searches: batches sized from the measured speed (ours).

A search given ``time_s`` uses that time: it runs bounded kernel batches and asks
:class:`TimeBudget` how much work the next one should hold. The first batch is a small probe;
after that every batch is sized from the speed of the batch before it to last about
``batch_s`` (so ``should_stop`` and snapshots stay responsive), and never longer than the time
that is left, so the search ends within about one short batch of its limit. When the
remaining time would not even cover ``minimum`` units, the search stops.

Without a limit a search keeps its own fixed batches (the playout budgets and the thesis
levels' results do not change).

The clock is injectable, so the batching logic is tested deterministically with a fake clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable

BATCH_S = 0.02  # a kernel batch: short enough for a responsive stop, long enough to be cheap
GROWTH = 4.0  # a batch is at most this many times the one before (a noisy probe stays harmless)
MIN_SEARCH_SHARE = 0.25  # of its time limit, a search keeps at least this after other work


def search_deadline(start: float, limit_s: float, now: float) -> float:
    """When a move given ``limit_s`` seconds at ``start`` must end, its search beginning at
    ``now`` after other work (loading kernels, the exact solver): at the limit, so the answer
    comes when the caller's clock expects it, but never before the search has had
    :data:`MIN_SEARCH_SHARE` of the limit."""
    return start + max(limit_s, (now - start) + limit_s * MIN_SEARCH_SHARE)


def stop_at(
    start: float, limit_s: float, should_stop: Callable[[], bool] | None = None
) -> Callable[[], bool]:
    """``should_stop`` for the search of a move given ``limit_s`` seconds at ``start``
    (``time.monotonic``) after other work: it also says stop from :func:`search_deadline` on,
    fixed when the search first asks, that is once its set-up is done. A set-up that compiles
    kernels on a cold cache can take longer than the whole limit; a deadline fixed before it
    stopped such a search before its first playout, and the move was the first cell."""
    deadline: float | None = None

    def check() -> bool:
        nonlocal deadline
        now = time.monotonic()
        if deadline is None:
            deadline = search_deadline(start, limit_s, now)
        return (should_stop is not None and should_stop()) or now >= deadline

    return check


class TimeBudget:
    """How much work fits in the time left. One search, one thread.

    ``units`` are whatever the search counts (iterations, playouts per move, SDS iterations);
    :meth:`next_batch` says how many to run next (0: stop), :meth:`record` reports what a batch
    did and how long it took.
    """

    def __init__(
        self,
        limit_s: float,
        *,
        batch_s: float = BATCH_S,
        clock: Callable[[], float] = time.perf_counter,
        start: float | None = None,
    ):
        if not limit_s > 0:
            raise ValueError(f"a time limit must be positive, not {limit_s!r}")
        self.limit_s = float(limit_s)
        self.batch_s = batch_s
        self.clock = clock
        self.start = clock() if start is None else start
        self.rate: float | None = None  # units per second in the last batch
        self.last_batch = 0

    def elapsed(self) -> float:
        return self.clock() - self.start

    def remaining(self) -> float:
        return self.limit_s - self.elapsed()

    def next_batch(self, probe: int, minimum: int = 1, maximum: int | None = None) -> int:
        """Units for the next batch, or 0 when the search should stop now.

        ``probe``: the first batch, before any speed is known. ``minimum``: the smallest batch
        worth running (e.g. one round of a flat search). ``maximum``: a cap (e.g. memory)."""
        left = self.remaining()
        if self.rate is None:
            units = probe
        else:
            # Stop when even the smallest batch would overrun by more than half its length.
            if left < 0.5 * minimum / self.rate:
                return 0
            units = int(self.rate * min(self.batch_s, left))
            if self.last_batch:
                units = min(units, int(GROWTH * self.last_batch) + 1)
        if left <= 0:
            return 0
        units = max(units, minimum)
        if maximum is not None:
            units = min(units, maximum)
        return max(units, 0)

    def record(self, units: int, seconds: float) -> None:
        """A batch of ``units`` took ``seconds`` (measured around the kernel call)."""
        if units > 0 and seconds > 0:
            self.rate = units / seconds
            self.last_batch = units
