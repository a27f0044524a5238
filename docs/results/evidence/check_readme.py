"""Check README.md's figures against the raw results committed under docs/results/.

    python docs/results/evidence/check_readme.py [CHECKOUT]

Prints one line per problem and exits 1 if there is any, else prints what was checked and
exits 0. What it checks:

* every repository path README.md names (``docs/...``, ``resources/...``, ``engine/...``,
  ``tests/...``, ``packaging/...``; ``*`` as a glob) exists;
* every match score of :data:`MATCHES` appears in README.md inside its quote, and equals the
  wins counted in the named folders' ``match.json`` (summed over the folders); where a quote
  gives a rate with its 95% interval or an Elo difference with its interval, they equal what
  ``hexswarm.engine.tools.stats`` computes from those counts;
* every game-by-game comparison of :data:`PAIRED` (games that turned to wins and to losses
  between two matches on the same openings, and the two-sided sign test) equals what the two
  folders' ``match.json`` give;
* every figure of :data:`PRINTED` (start-up times, compile CPU seconds, the test count)
  equals, to the digits quoted, what the tool printed in the file named;
* the numba / C range of the first sentence equals the one-thread ratios of the benchmark
  output it names.

A figure that moves in README.md or in its data must move here too: that is the point.
"""

from __future__ import annotations

import glob
import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from hexswarm.engine.tools.stats import elo_difference, elo_interval, format_elo, wilson_interval

HERE = Path(__file__).resolve()
DEFAULT_CHECKOUT = HERE.parents[3]

PATH_PATTERN = re.compile(
    r"(?<![\w/.-])((?:docs|resources|engine|tests|packaging)/[\w./*-]*[\w/*])"
)


@dataclass(frozen=True)
class Match:
    """A score README.md quotes, the match folders it sums (under docs/results/), and the
    score as quoted (A's wins first)."""

    quote: str
    folders: tuple[str, ...]
    score: str
    as_quoted: str = ""  # how the quote writes the score when not as ``score``: "64 of 100";
    # "-" when the quote gives only the Elo it comes to
    rate: int = 0  # the quote also gives A's rate and its interval to this many decimals
    elo: str = ""  # "interval": the quote gives "+92 [+22, +163]"; "point": "+92" alone


@dataclass(frozen=True)
class Paired:
    """Games that turned between two matches on the same openings (A's result, game by game);
    ``before`` and ``after`` name one folder each, or as many pairs as the quote sums."""

    quote: str
    before: str | tuple[str, ...]
    after: str | tuple[str, ...]
    to_wins: int
    to_losses: int
    p_value: str  # as quoted, e.g. "0.02"


MATCHES: tuple[Match, ...] = (
    Match(
        "85-115 at 20 000 playouts on 9×9",
        ("root-fill/fill-vs-strong-20k-s241", "root-fill/fill-vs-strong-20k-s242"),
        "85-115",
    ),
    # the ladder's rungs, each the lower one (A) against the next (B): README gives B's wins
    Match("each beat the one below 68,", ("ladder/round-robin/02-03",), "32-68", as_quoted="68"),
    Match(
        "each beat the one below 68, 62,", ("ladder/round-robin/03-04",), "38-62", as_quoted="62"
    ),
    Match("below 68, 62, 64,", ("ladder/round-robin/04-05",), "36-64", as_quoted="64"),
    Match("below 68, 62, 64, 66 of 100", ("ladder/round-robin/05-06",), "34-66", as_quoted="66"),
    # README, "Strength": today's presets (its first table and the paragraph after it), each
    # piece of knowledge (the second table), and what was measured and left off
    Match(
        "| 143-157 (300 games) | 0.477 [0.421, 0.533] | -16 [-55, +23] |",
        (
            "mohex/strong-localteacher-intr282-1s-vs-mohex-1s-r14",
            "mohex/strong-localteacher-intr282-1s-vs-mohex-1s-r14-s73",
            "mohex/strong-localteacher-intr282-1s-vs-mohex-1s-r15-s77",
        ),
        "143-157",
        rate=3,
        elo="interval",
    ),
    Match(
        "| 43-57 | 0.43 [0.34, 0.53] | -49 [-117, +19] |",
        ("mohex/strong-localteacher-intr282-1s-vs-mohex-1s-11x11-r15",),
        "43-57",
        rate=2,
        elo="interval",
    ),
    Match(
        "| 61-39 | 0.61 [0.51, 0.70] | +78 [+8, +147] |",
        ("mohex/strong-1s-vs-mohex-1000-r16",),
        "61-39",
        rate=2,
        elo="interval",
    ),
    Match(
        "| 68-32 | 0.68 [0.58, 0.76] | +131 [+58, +203] |",
        ("mohex/strong-1s-vs-mohex-1000-11x11-r16",),
        "68-32",
        rate=2,
        elo="interval",
    ),
    Match(
        "| 96-104 (200 games) | 0.48 [0.41, 0.55] | -14 [-62, +34] |",
        ("swarm-knowledge/r15/c-seed331", "swarm-knowledge/r15/c-seed334"),
        "96-104",
        rate=2,
        elo="interval",
    ),
    Match(
        "125 of the same 300, 0.417 [0.362, 0.473]",
        (
            "mohex/strong-1s-vs-mohex-1s-r12",
            "mohex/strong-1s-vs-mohex-1s-r11",
            "mohex/strong-1s-vs-mohex-1s-r15-s77",
        ),
        "125-175",
        as_quoted="125",
        rate=3,
    ),
    Match(
        "the previous default did (64",
        ("mohex/strong12-1s-vs-mohex-1000",),
        "64-36",
        as_quoted="64",
    ),
    Match(
        "and 65 on the same openings",
        ("mohex/strong-1s-vs-mohex-1000-r11",),
        "65-35",
        as_quoted="65",
    ),
    Match(
        "and on 11×11 68 where",
        ("mohex/strong-1s-vs-mohex-1000-11x11-r16",),
        "68-32",
        as_quoted="68",
    ),
    Match(
        "where that default won 60",
        ("mohex/strong12-1s-vs-mohex-1000-11x11",),
        "60-40",
        as_quoted="60",
    ),
    Match(
        "against the previous default's 37",
        ("mohex/strong12-1s-vs-mohex-1s-11x11",),
        "37-63",
        as_quoted="37",
    ),
    Match(
        "before round 15's knowledge it won 44 on the same openings",
        ("swarm-knowledge/strong-swarm-1s-vs-strong-1s-11x11-069ec62",),
        "44-56",
        as_quoted="44",
    ),
    Match(
        "| 43-57 | 0.43 [0.34, 0.53] | -49 [-117, +19] |"
        " swarm-knowledge/strong-swarm-1s-vs-strong-1s-11x11-r17 |",
        ("swarm-knowledge/strong-swarm-1s-vs-strong-1s-11x11-r17",),
        "43-57",
        rate=2,
        elo="interval",
    ),
    Match(
        "| 88-12 | +346 [+243, +449] |",
        ("rave/strong-rave-vs-strong-20k",),
        "88-12",
        elo="interval",
    ),
    Match(
        "| 31-9 (40 games) | +215 [+89, +341] |",
        ("rave/strong-vs-norave-1s",),
        "31-9",
        elo="interval",
    ),
    Match(
        "| 120-80 (200 games) | +70 [+21, +119] |",
        ("priors/strong-priors-vs-strong-1s", "priors/strong-priors-vs-strong-1s-r2"),
        "120-80",
        elo="interval",
    ),
    Match(
        "| 63-37 | +92 [+22, +163] |",
        ("priors/strong-prior12-550g-vs-strong-1s",),
        "63-37",
        elo="interval",
    ),
    Match(
        "| 104-96 (200 games) | +14 [-34, +62] |",
        (
            "priors/prior12-550g-matches-vs-strong-20k",
            "priors/prior12-550g-matches-vs-strong-20k-r2",
        ),
        "104-96",
        elo="interval",
    ),
    Match(
        "| 107-93 (200 games) | +24 [-24, +72] |",
        (
            "priors/local-matches-intrusion-vs-strong-20k",
            "priors/local-matches-intrusion-vs-strong-20k-r2",
        ),
        "107-93",
        elo="interval",
    ),
    Match(
        "| 215-185 (400 games) | +26 [-8, +60] |",
        (
            "intrusion-priors/bonus282-vs-strong-20k-seed273",
            "intrusion-priors/bonus282-vs-strong-20k-seed274",
            "intrusion-priors/bonus282-vs-strong-20k-seed275",
            "intrusion-priors/bonus282-vs-strong-20k-seed276",
        ),
        "215-185",
        elo="interval",
    ),
    Match(
        "| 66-34 | +115 [+44, +187] |",
        ("priors/localteacher-intr282-1s-vs-strong-1s-r14",),
        "66-34",
        elo="interval",
    ),
    Match(
        "| 86-14 | +315 [+218, +412] |",
        ("swarm-knowledge/swarm-knowledge-vs-none-9x9-20k",),
        "86-14",
        elo="interval",
    ),
    Match(
        "(`knowledge_after=256`, proven and pruned nodes as in MoHex) 45-55",
        ("intree/match-9x9-20k",),
        "45-55",
    ),
    Match(
        "and 51-49 on 11×11 (root-fill/)",
        ("root-fill/fill-vs-strong-10k-11x11-s243",),
        "51-49",
    ),
    Match(
        "against our `template` ones 52-48 at 20 000 playouts",
        ("pattern-playouts/strong-patterns12t-vs-strong-20k",),
        "52-48",
    ),
    Match(
        "and 52-48 at equal CPU (6 000 playouts against 40 000;",
        ("playout-lab/speed-r10/strong-save1-6000-vs-strong-40000",),
        "52-48",
    ),
    Match(
        "4 playouts a leaf instead of 8 at equal CPU 50-50 on 9×9",
        ("leaf-playouts/strong-L4-28000-vs-strong-40000-9x9-seed251",),
        "50-50",
    ),
    Match(
        "and 52-48 on 11×11 (leaf-playouts/)",
        ("leaf-playouts/strong-L4-14700-vs-strong-20000-11x11-seed253",),
        "52-48",
    ),
    Match(
        "276-224 in five matches of 100 at 10 000 playouts (0.552 [0.508, 0.595];",
        (
            "intree/r16/k1024-proven-vs-strong-10k-9x9-seed1602",
            "intree/r16/k256-proven-vs-strong-10k-9x9-seed1601",
            "intree/r16/k256-vs-strong-10k-9x9-seed1601",
            "intree/r16/k64-proven-vs-strong-10k-9x9-seed1602",
            "intree/r16/k64-vs-strong-10k-9x9-seed1602",
        ),
        "276-224",
        rate=3,
    ),
    Match(
        "prior pruning) 103-97 at 20 000 playouts on 9×9 (prune/r17/)",
        (
            "prune/r17/vulnerable-vs-strong-20k-seed1701",
            "prune/r17/vulnerable-vs-strong-20k-seed1702",
        ),
        "103-97",
    ),
    Match(
        "(`prune_captured`) 165-135 over three seeds of 100 (0.550 [0.493, 0.605];",
        (
            "prune/r17/captured-vs-strong-20k-seed1701",
            "prune/r17/captured-vs-strong-20k-seed1702",
            "prune/r17/captured-vs-strong-20k-seed1703",
        ),
        "165-135",
        rate=3,
    ),
    Match(
        "58 on the seed where `prune_vulnerable` won 52",
        ("prune/r17/captured-vs-strong-20k-seed1701",),
        "58-42",
        as_quoted="58",
    ),
    Match(
        "58 on the seed where `prune_vulnerable` won 52",
        ("prune/r17/vulnerable-vs-strong-20k-seed1701",),
        "52-48",
        as_quoted="52",
    ),
    Match(
        "each, 9×9, round 17, the rule written first) 41-59 on the openings",
        ("mohex/strong-k256-1s-vs-mohex-1s-r17-s77",),
        "41-59",
    ),
    Match(
        "| 48-52 | 0.48 [0.38, 0.58] | -14 [-82, +54] |",
        ("swarm-knowledge/strong-swarm-1s-vs-strong-1s-r16",),
        "48-52",
        rate=2,
        elo="interval",
    ),
    Match(
        "(on the same openings it had won 43",
        ("swarm-knowledge/strong-swarm-1s-vs-strong-1s-36ba29e",),
        "43-57",
        as_quoted="43",
    ),
)

PAIRED: tuple[Paired, ...] = (
    Paired(
        "21 games turned to wins and 22 to losses, p = 1.00",
        "swarm-knowledge/strong-swarm-1s-vs-strong-1s-11x11-069ec62",
        "swarm-knowledge/strong-swarm-1s-vs-strong-1s-11x11-r17",
        21,
        22,
        "1.00",
    ),
    Paired(
        "games turned to wins and 14 to losses, p = 0.54;",
        "mohex/strong-localteacher-intr282-1s-vs-mohex-1s-r15-s77",
        "mohex/strong-k256-1s-vs-mohex-1s-r17-s77",
        10,
        14,
        "0.54",
    ),
    Paired(
        "8 games turned to wins and 11 to losses, p = 0.65",
        "mohex/strong12-1s-vs-mohex-1000",
        "mohex/strong-1s-vs-mohex-1000-r16",
        8,
        11,
        "0.65",
    ),
    Paired(
        "(20 games turned to wins and 12 to losses, p = 0.22)",
        "mohex/strong12-1s-vs-mohex-1000-11x11",
        "mohex/strong-1s-vs-mohex-1000-11x11-r16",
        20,
        12,
        "0.22",
    ),
    Paired(
        "**40 games turned to wins and 22 to losses, p = 0.030**",
        (
            "mohex/strong-1s-vs-mohex-1s-r12",
            "mohex/strong-1s-vs-mohex-1s-r11",
            "mohex/strong-1s-vs-mohex-1s-r15-s77",
        ),
        (
            "mohex/strong-localteacher-intr282-1s-vs-mohex-1s-r14",
            "mohex/strong-localteacher-intr282-1s-vs-mohex-1s-r14-s73",
            "mohex/strong-localteacher-intr282-1s-vs-mohex-1s-r15-s77",
        ),
        40,
        22,
        "0.030",
    ),
    Paired(
        "**20 games turned to wins and 14 to losses, p = 0.39**",
        "mohex/strong12-1s-vs-mohex-1s-11x11",
        "mohex/strong-localteacher-intr282-1s-vs-mohex-1s-11x11-r15",
        20,
        14,
        "0.39",
    ),
    Paired(
        "16 games turned to wins and 11 to losses, p = 0.44",
        "swarm-knowledge/strong-swarm-1s-vs-strong-1s-36ba29e",
        "swarm-knowledge/strong-swarm-1s-vs-strong-1s-r16",
        16,
        11,
        "0.44",
    ),
)


@dataclass(frozen=True)
class Printed:
    """A figure README.md quotes from a tool's printed output: the first match of ``pattern``
    in ``file`` (under docs/results/), its groups summed and multiplied by ``scale``, written
    with ``written`` (a format; "," groups thousands with spaces, as README does)."""

    quote: str
    file: str
    pattern: str
    written: str
    scale: float = 1.0


WINDOW = r"first window shown after ([\d.]+) s"
EVERY_KERNEL = r"kernels ready after ([\d.]+) s"
FIRST_KERNELS = r"the hint ready ([\d.]+) s after the window"
CPU = r"CPU of the application and its workers: ([\d.]+) s user \+ ([\d.]+) s system"
COMPILE_TOTAL = r"^total\s+[\d.]+\s+([\d.]+)"

PRINTED: tuple[Printed, ...] = (
    # the start on the idle machine, round 4 (README, "Two commands")
    Printed(
        "the first window after\n0.94 s on a cold start",
        "startup/cold-idle-r4.txt",
        WINDOW,
        "{:.2f}",
    ),
    Printed("and 0.87 s on a warm one", "startup/warm-idle-r4.txt", WINDOW, "{:.2f}"),
    Printed("kernels 26.4 s after the window", "startup/cold-idle-r4.txt", FIRST_KERNELS, "{:.1f}"),
    Printed("and every kernel after 39.6 s;", "startup/cold-idle-r4.txt", EVERY_KERNEL, "{:.1f}"),
    Printed(
        "spinning on a core, the first window after 0.89 s",
        "startup/cold-busy-r4.txt",
        WINDOW,
        "{:.2f}",
    ),
    Printed("and every kernel after 53.6 s.", "startup/cold-busy-r4.txt", EVERY_KERNEL, "{:.1f}"),
    Printed("loads every kernel within 1.3 s", "startup/warm-idle-r4.txt", EVERY_KERNEL, "{:.1f}"),
    # round 12, under load
    Printed("the first window after 3.12 and", "startup/cold-r12-under-load.txt", WINDOW, "{:.2f}"),
    Printed("3.12 and\n2.56 s cold", "startup/cold-2-r12-under-load.txt", WINDOW, "{:.2f}"),
    Printed("2.56 s cold, 3.12 and", "startup/warm-r12-under-load.txt", WINDOW, "{:.2f}"),
    Printed("and 2.51 s warm", "startup/warm-2-r12-under-load.txt", WINDOW, "{:.2f}"),
    Printed("kernels 166.2 and", "startup/cold-r12-under-load.txt", FIRST_KERNELS, "{:.1f}"),
    Printed(
        "and 167.7 s\nafter the window",
        "startup/cold-2-r12-under-load.txt",
        FIRST_KERNELS,
        "{:.1f}",
    ),
    Printed("kernel after 263.6 and", "startup/cold-r12-under-load.txt", EVERY_KERNEL, "{:.1f}"),
    Printed("and 254.8 s cold", "startup/cold-2-r12-under-load.txt", EVERY_KERNEL, "{:.1f}"),
    Printed("kernels), 5.0 and", "startup/warm-r12-under-load.txt", EVERY_KERNEL, "{:.1f}"),
    Printed("and 4.1 s warm", "startup/warm-2-r12-under-load.txt", EVERY_KERNEL, "{:.1f}"),
    Printed("took 128.7 and", "startup/cold-r12-under-load.txt", CPU, "{:.1f}"),
    Printed("and 132.3\nCPU seconds", "startup/cold-2-r12-under-load.txt", CPU, "{:.1f}"),
    # round 9, under load (README compares round 12's compile with it)
    Printed("(225.4 and", "startup/cold-r9-under-load.txt", CPU, "{:.1f}"),
    Printed("and\n243.6 in round 9", "startup/cold-2-r9-under-load.txt", CPU, "{:.1f}"),
    # the day before, and the compile
    Printed("kernel after 74.0 s idle", "startup/cold-idle-final.txt", EVERY_KERNEL, "{:.1f}"),
    Printed("102.3 s with a core busy", "startup/cold-busy-final.txt", EVERY_KERNEL, "{:.1f}"),
    Printed(
        "the compile, 59.4 CPU seconds",
        "startup/compile-bench-cold-e5fd974.txt",
        COMPILE_TOTAL,
        "{:.1f}",
    ),
    Printed(
        "against 116.7 just before",
        "startup/compile-bench-cold-main-9d44423.txt",
        COMPILE_TOTAL,
        "{:.1f}",
    ),
    Printed("start took 6.4 s to the window", "startup/cold-busy.txt", WINDOW, "{:.1f}"),
    Printed(
        "and 21.5 min to the last kernel", "startup/cold-busy.txt", EVERY_KERNEL, "{:.1f}", 1 / 60
    ),
    # the test suite from a fresh clone
    Printed(
        "2 217 tests passed",
        "ci/2026-11-29-r17-cold-fresh-clone.txt",
        r"^(\d+) passed in",
        "{:,.0f}",
    ),
    Printed(
        "515 s of tests",
        "ci/2026-11-29-r17-cold-fresh-clone.txt",
        r"^\d+ passed in ([\d.]+)s",
        "{:.0f}",
    ),
    Printed(
        "(0.050 s a move against our",
        "mohex/strong-1s-vs-mohex-1000-r16/report.md",
        "\\| B \\(gtp:[^|]*\\| \\d+ \\| \\d+ \\| ([\\d.]+) s",
        "{:.3f}",
    ),
    Printed(
        "against our 0.775 s on 9×9",
        "mohex/strong-1s-vs-mohex-1000-r16/report.md",
        "\\| A \\(strong[^|]*\\| \\d+ \\| \\d+ \\| ([\\d.]+) s",
        "{:.3f}",
    ),
    Printed(
        "on 9×9, 0.250 s against",
        "mohex/strong-1s-vs-mohex-1000-11x11-r16/report.md",
        "\\| B \\(gtp:[^|]*\\| \\d+ \\| \\d+ \\| ([\\d.]+) s",
        "{:.3f}",
    ),
    Printed(
        "0.250 s against 0.844 s on 11×11",
        "mohex/strong-1s-vs-mohex-1000-11x11-r16/report.md",
        "\\| A \\(strong[^|]*\\| \\d+ \\| \\d+ \\| ([\\d.]+) s",
        "{:.3f}",
    ),
    Printed(
        "(0.40 s a move on average in round 13's match",
        "mohex/strong-1.2s-vs-mohex-1s-r13/report.md",
        "\\| B \\(gtp:[^|]*\\| \\d+ \\| \\d+ \\| ([\\d.]+) s",
        "{:.2f}",
    ),
    Printed(
        "given 1.2 s, took 1.02 s",
        "mohex/strong-1.2s-vs-mohex-1s-r13/report.md",
        "\\| A \\(strong[^|]*\\| \\d+ \\| \\d+ \\| ([\\d.]+) s",
        "{:.2f}",
    ),
)

C_RATIO_QUOTE = re.compile(
    r"the uniform playout at (\d\.\d\d)-(\d\.\d\d) of the speed of the\s+same loop in C"
    r".*?raw output\s+"
    r"(docs/results/bench/[\w.-]+\.txt)",
    re.S,
)
C_RATIO_LINE = re.compile(r"^numba\s+\d+\s+1\s+[\d,]+\s+(\d\.\d\d)x C", re.M)


def normalise(text: str) -> str:
    """Whitespace runs as one space, so a quote may break lines where README.md does."""
    return " ".join(text.split())


def match_wins(results: Path, folder: str) -> tuple[int, int]:
    """(A's wins, B's wins) in ``results/folder/match.json``."""
    games = json.loads((results / folder / "match.json").read_text(encoding="utf-8"))["results"]
    a_wins = sum(1 for game in games if game["winner"] == "A")
    b_wins = sum(1 for game in games if game["winner"] == "B")
    return a_wins, b_wins


def folders(named: str | tuple[str, ...]) -> tuple[str, ...]:
    return (named,) if isinstance(named, str) else named


def a_won(results: Path, folder: str) -> dict[int, bool]:
    games = json.loads((results / folder / "match.json").read_text(encoding="utf-8"))["results"]
    return {game["game"]: game["winner"] == "A" for game in games}


def sign_test(wins: int, losses: int) -> float:
    """Two-sided sign test: the chance of a split at least this uneven with p = 1/2."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def rate_text(wins: int, games: int, decimals: int = 2) -> str:
    low, high = wilson_interval(wins, games)
    return f"{wins / games:.{decimals}f} [{low:.{decimals}f}, {high:.{decimals}f}]"


def elo_text(wins: int, games: int) -> str:
    low, high = elo_interval(wins, games)
    return f"{format_elo(elo_difference(wins / games))} [{format_elo(low)}, {format_elo(high)}]"


def check_paths(checkout: Path, readme: str) -> tuple[list[str], int]:
    problems = []
    paths = sorted(set(PATH_PATTERN.findall(readme)))
    for path in paths:
        if not glob.glob(str(checkout / path)):
            problems.append(f"README.md names {path}, which does not exist")
    return problems, len(paths)


def check_matches(results: Path, readme: str) -> list[str]:
    problems = []
    text = normalise(readme)
    for claim in MATCHES:
        quote = normalise(claim.quote)
        if quote not in text:
            problems.append(f"quote not in README.md (moved or changed?): {quote!r}")
            continue
        as_quoted = normalise(claim.as_quoted or claim.score)
        if as_quoted != "-" and not re.search(
            r"(?<![\d.])" + re.escape(as_quoted) + r"(?![\d.])", quote
        ):
            problems.append(f"{quote!r} does not give the score {as_quoted!r}")
            continue
        counts = [match_wins(results, folder) for folder in claim.folders]
        a_wins, b_wins = sum(a for a, _ in counts), sum(b for _, b in counts)
        if claim.score != f"{a_wins}-{b_wins}":
            problems.append(
                f"{quote!r}: {claim.score} quoted, {a_wins}-{b_wins} in {', '.join(claim.folders)}"
            )
            continue
        games = a_wins + b_wins
        wanted = [rate_text(a_wins, games, claim.rate)] if claim.rate else []
        if claim.elo == "interval":
            wanted.append(elo_text(a_wins, games))
        elif claim.elo == "point":
            wanted.append(format_elo(elo_difference(a_wins / games)))
        for figure in wanted:
            # "+346 Elo [+243, +449]" reads as "+346 [+243, +449]"
            if not re.search(re.escape(figure) + r"(?![\d.])", quote.replace(" Elo [", " [")):
                problems.append(f"{quote!r}: {a_wins}-{b_wins} gives {figure}")
    return problems


def check_paired(results: Path, readme: str) -> list[str]:
    problems = []
    text = normalise(readme)
    for claim in PAIRED:
        quote = normalise(claim.quote)
        if quote not in text:
            problems.append(f"quote not in README.md (moved or changed?): {quote!r}")
            continue
        to_wins = to_losses = 0
        for before_folder, after_folder in zip(
            folders(claim.before), folders(claim.after), strict=True
        ):
            before, after = a_won(results, before_folder), a_won(results, after_folder)
            common = sorted(set(before) & set(after))
            to_wins += sum(1 for game in common if after[game] and not before[game])
            to_losses += sum(1 for game in common if before[game] and not after[game])
        p_value = sign_test(to_wins, to_losses)
        decimals = len(claim.p_value.split(".")[1])
        if (to_wins, to_losses) != (
            claim.to_wins,
            claim.to_losses,
        ) or f"{p_value:.{decimals}f}" != claim.p_value:
            problems.append(
                f"{quote!r}: {claim.before} -> {claim.after} gives {to_wins} to wins, "
                f"{to_losses} to losses, p = {p_value:.{decimals}f}"
            )
    return problems


def check_c_ratio(checkout: Path, readme: str) -> list[str]:
    found = C_RATIO_QUOTE.search(readme)
    if not found:
        return ["README.md's numba / C sentence (with its raw output file) not found"]
    low, high, raw = found.groups()
    ratios = C_RATIO_LINE.findall((checkout / raw).read_text(encoding="utf-8"))
    if not ratios:
        return [f"{raw} holds no one-thread numba / C ratios"]
    lowest, highest = min(ratios, key=float), max(ratios, key=float)
    if (low, high) != (lowest, highest):
        return [f"README.md gives numba / C {low}-{high}, {raw} {lowest}-{highest}"]
    return []


def check_printed(results: Path, readme: str) -> list[str]:
    problems = []
    text = normalise(readme)
    for claim in PRINTED:
        quote = normalise(claim.quote)
        if quote not in text:
            problems.append(f"quote not in README.md (moved or changed?): {quote!r}")
            continue
        found = re.search(claim.pattern, (results / claim.file).read_text(encoding="utf-8"), re.M)
        if found is None:
            problems.append(f"{claim.file}: nothing matches {claim.pattern!r}")
            continue
        value = claim.scale * sum(float(group) for group in found.groups())
        written = claim.written.format(value).replace(",", " ")
        if not re.search(r"(?<![\d.])" + re.escape(written) + r"(?![\d])", quote):
            problems.append(f"{quote!r}: {claim.file} gives {written}")
    return problems


def check(checkout: Path = DEFAULT_CHECKOUT, readme: str | None = None) -> list[str]:
    """Every problem found, as a line of text; an empty list when README.md agrees."""
    if readme is None:
        readme = (checkout / "README.md").read_text(encoding="utf-8")
    results = checkout / "docs" / "results"
    problems, _ = check_paths(checkout, readme)
    problems += check_matches(results, readme)
    problems += check_paired(results, readme)
    problems += check_printed(results, readme)
    problems += check_c_ratio(checkout, readme)
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    checkout = Path(args[0]) if args else DEFAULT_CHECKOUT
    problems = check(checkout)
    for problem in problems:
        print(problem)
    if problems:
        return 1
    readme = (checkout / "README.md").read_text(encoding="utf-8")
    _, paths = check_paths(checkout, readme)
    print(
        f"README.md agrees with docs/results/: {paths} paths, {len(MATCHES)} match scores, "
        f"{len(PAIRED)} game-by-game comparisons, {len(PRINTED)} figures from printed output, "
        "the numba / C range"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
