"""12-cell priors taught also by MoHex's moves in its committed 9x9 matches against us
(round 13, issue 29 item 3: a stronger teacher, the positions we meet).

    python docs/results/priors/teacher.py [--write DIR] [--by-opening] [--as-of REV]
        [--exclude FOLDER ...]

The self-play games are those of hex12-mohex-9x9-550g (prior12-fit-550g.txt: 520 fitted, the
same last 30 held out). The match games are every game of the 9x9 folders under
docs/results/mohex/ whose player B is MoHex (engine.tools.mistakes.match_games, from B's side);
a competition is one of MoHex's moves after the opening stones, nothing else (our moves and
the opening stones are played on the board but not fitted). 10% of the match games, chosen by
game with numpy's default_rng(13), are held out: "the positions we meet", scored apart for
MoHex at 1 000 simulations and at 1 s a move.

Every fit is the tool's (engine.tools.patterns.fit, 60 MM iterations; 12-cell codes seen 20
times among the training rows, else 6-cell; the local fit: 12-cell local keys seen 10 times,
else 6-cell), the settings of hex12-mohex-9x9-550g and hex12-local-mohex-9x9-550g. ``x2``
counts every training match move twice (its rows repeated as a second competition). Shipped
tables are scored as the search weighs them (engine.tools.patterns.prior_strengths). With
``--write DIR`` the fitted tables are written there as JSON. ``--exclude FOLDER`` (repeatable)
leaves out a match folder; ``--as-of REV`` leaves out every match folder the git revision REV
did not have (read with ``git ls-tree``), so round 13's fits are reproduced on any later
checkout with ``--as-of 0737ed1`` (the commit that fitted them), whatever was committed since.
"""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
from hexswarm.engine.patterns import CODES, PatternTable, load_table
from hexswarm.engine.tools.mistakes import match_games
from hexswarm.engine.tools.patterns import (
    fit,
    local_feature_rows,
    prior12_features,
    prior_strengths,
    read_games,
    read_sized_games_file,
    scores,
    sized_rows,
)

SELFPLAY = Path("docs/results/patterns")
FILES = ("1000", "1000-r4a", "1000-r4b", "300-r5a", "1000-r3")
MATCHES = Path("docs/results/mohex")
HOLDOUT_SHARE, HOLDOUT_SEED = 0.1, 13
SOURCE = (
    "MoHex 2.0, 9x9, two random opening stones: the 550 distinct self-play games of "
    "hex12-mohex-9x9-550g (the same last 30 held out) and MoHex's moves after the opening "
    "stones in its committed 9x9 matches against us (docs/results/mohex: 1 000 simulations and "
    "1 s a move; 10% of the games held out, numpy default_rng(13)); "
    "docs/results/priors/teacher.py; 12-cell gammas for the codes seen at least 20 times in "
    "training, else the 6-cell one"
)
LOCAL_SOURCE = (
    "; local gammas of the cells near the last move by pattern and the last move's place in it: "
    "12-cell keys seen at least 10 times among the near training rows, else 6-cell keys"
)
SKIP, ITERATIONS, MIN_COUNT, LOCAL_MIN_COUNT = 2, 60, 20, 10


def selfplay_games():
    read = [(9, g) for g in read_games([SELFPLAY / "mohex-selfplay-9x9"], 9)]
    for name in FILES:
        read += read_sized_games_file(SELFPLAY / f"mohex-selfplay-9x9-{name}.txt", [9])
    return [(s, list(g)) for s, g in dict.fromkeys((s, tuple(g)) for s, g in read)]


def match_moves(excluded=()):
    """Per distinct 9x9 match game against MoHex: (budget, cells, MoHex's colour is Black,
    opening stones, folder, game number), in folder then game order; the folders named in
    ``excluded`` left out."""
    found: dict[tuple[int, ...], tuple] = {}
    for folder in sorted(MATCHES.iterdir()):
        state = folder / "match.json"
        if not state.is_file() or folder.name in excluded:
            continue
        settings = json.loads(state.read_text(encoding="utf-8"))["settings"]
        player_b = settings["player_b"]
        if settings["size"] != 9 or "mohex" not in player_b:
            continue
        budget = "1s" if "--time 1" in player_b else "1000"
        assert budget == "1s" or "--games 1000" in player_b, player_b
        for game in match_games(folder, player="B", lost_only=False):
            black = game.colour.name.lower() == "black"
            found.setdefault(
                game.cells,
                (
                    budget,
                    list(game.cells),
                    black,
                    game.opening,
                    folder.name,
                    game.number,
                    settings["seed"],
                ),
            )
    return list(found.values())


def later_folders(rev: str) -> list[str]:
    """The match folders here that the git revision ``rev`` did not have."""
    listed = subprocess.run(
        ["git", "ls-tree", "-d", "--name-only", f"{rev}:{MATCHES.as_posix()}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return sorted(f.name for f in MATCHES.iterdir() if f.is_dir() and f.name not in listed)


def keep_competitions(rows, keep):
    """The rows of :func:`sized_rows` of only the competitions where ``keep`` is True,
    competitions and winner rows renumbered."""
    comp, code6, code12, classes, winners, key6, key12 = rows
    row_kept = keep[comp]
    new_comp = np.cumsum(keep) - 1
    new_row = np.cumsum(row_kept) - 1
    columns = [new_comp[comp[row_kept]]] + [c[row_kept] for c in (code6, code12, classes)]
    return (*columns, new_row[winners[keep]], key6[row_kept], key12[row_kept])


def match_rows(games):
    """The rows of MoHex's moves after the opening stones in the match games, and the game
    (index in ``games``) of each of those moves."""
    rows = sized_rows([(9, cells) for _b, cells, *_ in games], 0, local=True)
    keep, game_of = [], []
    for index, (_budget, cells, black, opening, *_) in enumerate(games):
        keep += [ply >= opening and (ply % 2 == 0) == black for ply in range(len(cells))]
        game_of += [index] * len(cells)
    keep = np.asarray(keep, dtype=bool)
    return keep_competitions(rows, keep), np.asarray(game_of)[keep]


def move_log_probabilities(table, rows) -> np.ndarray:
    """The log-probability ``table`` gives each competition's cell played."""
    comp, code6, code12, classes, winners, key6, key12 = rows
    strength = prior_strengths(table, code6, code12, classes, key6, key12)
    return np.log(strength[winners] / np.bincount(comp, weights=strength))


def paired_interval(new, old, game_of, resamples=2000):
    """The mean per-move difference new - old and its 95% interval, resampling whole games
    (a paired bootstrap; numpy default_rng(13))."""
    games = np.unique(game_of)
    sums = np.bincount(game_of, weights=new - old)[games]
    moves = np.bincount(game_of)[games]
    draw = np.random.default_rng(HOLDOUT_SEED).integers(0, games.size, (resamples, games.size))
    means = sums[draw].sum(axis=1) / moves[draw].sum(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return float(np.mean(new - old)), float(low), float(high)


def join(*parts):
    """Rows of several parts as one set, competitions and rows numbered on."""
    out, competitions, rows = [], 0, 0
    for comp, code6, code12, classes, winners, key6, key12 in parts:
        out.append((comp + competitions, code6, code12, classes, winners + rows, key6, key12))
        competitions += winners.size
        rows += comp.size
    return tuple(np.concatenate(column) for column in zip(*out, strict=True))


def fitted(train, local: bool):
    """The prior table fitted on ``train`` rows and its report (the tool's settings)."""
    comp, code6, code12, classes, winners, key6, key12 = train
    codes, counts = np.unique(code12, return_counts=True)
    kept = codes[counts >= MIN_COUNT]
    features = prior12_features(code6, code12, kept)
    local_features, local_count = None, 0
    kept12, seen6 = np.zeros(0, np.int64), np.zeros(0, np.int64)
    if local:
        found, times = np.unique(key12[key12 >= 0], return_counts=True)
        kept12 = found[times >= LOCAL_MIN_COUNT]
        seen6 = np.unique(key6[key6 >= 0])
        local_features = local_feature_rows(key6, key12, kept12, seen6)
        local_count = kept12.size + seen6.size
    gamma, delta, ll, lam = fit(
        comp, features, classes, winners, ITERATIONS, CODES + kept.size, local_features, local_count
    )
    gamma12 = {int(code): float(gamma[CODES + k]) for k, code in enumerate(kept.tolist())}
    local12 = {int(key): float(lam[k]) for k, key in enumerate(kept12.tolist())}
    local6 = {int(key): float(lam[kept12.size + j]) for j, key in enumerate(seen6.tolist())}
    table = PatternTable(gamma[:CODES], delta, "", gamma12, local12, local6)
    report = {"moves": int(winners.size), "min_count": MIN_COUNT, "patterns12_kept": int(kept.size)}
    if local:
        report |= {"local_min_count": LOCAL_MIN_COUNT, "local12_kept": int(kept12.size)}
        report["local6_kept"] = int(seen6.size)
    report["log_likelihood_per_move"] = round(ll, 4)
    return table, report


def scored(table, rows):
    comp, code6, code12, classes, winners, key6, key12 = rows
    return scores(comp, prior_strengths(table, code6, code12, classes, key6, key12), winners)


def main(argv):
    write = Path(argv[argv.index("--write") + 1]) if "--write" in argv else None
    selfplay = selfplay_games()
    self_train = sized_rows(selfplay[:-30], SKIP, local=True)
    self_test = sized_rows(selfplay[-30:], SKIP, local=True)
    excluded = [argv[i + 1] for i, word in enumerate(argv) if word == "--exclude"]
    if "--as-of" in argv:
        excluded += later_folders(argv[argv.index("--as-of") + 1])
    games = match_moves(excluded)
    if "--by-opening" in argv:  # every game of a held-out (match seed, game number) out
        openings = sorted({(g[6], g[5]) for g in games})
        order = np.random.default_rng(HOLDOUT_SEED).permutation(len(openings))
        out = {openings[i] for i in order[: round(HOLDOUT_SHARE * len(openings))].tolist()}
        held = {i for i, g in enumerate(games) if (g[6], g[5]) in out}
    else:
        order = np.random.default_rng(HOLDOUT_SEED).permutation(len(games))
        held = set(order[: round(HOLDOUT_SHARE * len(games))].tolist())
    train_games = [g for i, g in enumerate(games) if i not in held]
    test_games = {
        budget: [g for i, g in enumerate(games) if i in held and g[0] == budget]
        for budget in ("1000", "1s")
    }
    match_train = match_rows(train_games)[0]
    tests = {"selfplay-30g": self_test}
    games_of = {
        "selfplay-30g": np.repeat(np.arange(30), [len(c) - SKIP for _s, c in selfplay[-30:]])
    }
    for budget, held_games in test_games.items():
        tests[f"match-{budget}"], games_of[f"match-{budget}"] = match_rows(held_games)
    print(
        f"# self-play: {len(selfplay) - 30} games fitted ({self_train[4].size} moves), 30 held out"
    )
    for budget in ("1000", "1s"):
        fitted_games = [g for g in train_games if g[0] == budget]
        moves = match_rows(fitted_games)[0][4].size
        print(
            f"# MoHex at {budget}: {len(fitted_games)} match games fitted ({moves} MoHex moves), "
            f"{len(test_games[budget])} held out ({tests[f'match-{budget}'][4].size} moves)"
        )
    print(f"# held-out match games: {sorted((g[4], g[5]) for g in sum(test_games.values(), []))}")
    contenders = {
        "hex12-mohex-9x9-550g": (load_table("hex12-mohex-9x9-550g"), None),
        "hex12-local-mohex-9x9-550g": (load_table("hex12-local-mohex-9x9-550g"), None),
    }
    fits = {
        "refit-550g": (self_train, False),
        "550g+matches": (join(self_train, match_train), False),
        "550g+matches-x2": (join(self_train, match_train, match_train), False),
        "local-550g+matches": (join(self_train, match_train), True),
    }
    for name, (train, local) in fits.items():
        contenders[name] = fitted(train, local)
    print("| table | fitted moves | 12-cell codes | " + " | ".join(tests) + " |")
    print("|---|---:|---:|" + "---|" * len(tests))
    for name, (table, report) in contenders.items():
        cells = []
        for part, rows in tests.items():
            ll, top = scored(table, rows)
            cells.append(f"{ll:.4f} / {top:.3f}")
            if report is not None:
                report[f"holdout_log_likelihood_per_move_{part}"] = round(ll, 4)
                report[f"holdout_top_rank_rate_{part}"] = round(top, 4)
        moves = report["moves"] if report else "-"
        kept = report["patterns12_kept"] if report else len(table.gamma12)
        print(f"| {name} | {moves} | {kept} | " + " | ".join(cells) + " |", flush=True)
        if write is not None and report is not None:
            source = SOURCE + (LOCAL_SOURCE if "local_min_count" in report else "")
            table = PatternTable(
                table.gamma, table.delta, source, table.gamma12, table.local12, table.local6
            )
            document = {"size": 9, "skip": SKIP, "iterations": ITERATIONS, **report}
            (write / f"{name}.json").write_text(table.to_json(document), encoding="utf-8")
    print("\nheld-out difference a move, new - old [95% interval, 2 000 resamples of games]:")
    for new, old in (
        ("550g+matches", "hex12-mohex-9x9-550g"),
        ("550g+matches-x2", "hex12-mohex-9x9-550g"),
        ("local-550g+matches", "hex12-local-mohex-9x9-550g"),
        ("local-550g+matches", "550g+matches"),
        ("local-550g+matches", "hex12-mohex-9x9-550g"),
    ):
        cells = []
        for part, rows in tests.items():
            mean, low, high = paired_interval(
                move_log_probabilities(contenders[new][0], rows),
                move_log_probabilities(contenders[old][0], rows),
                games_of[part],
            )
            cells.append(f"{part} {mean:+.4f} [{low:+.4f}, {high:+.4f}]")
        print(f"{new} - {old}: " + "; ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
