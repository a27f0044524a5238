"""The kernels' shared data is read by name (``engine.kernels.layout``), never by position.

``positional_reads`` scans the kernels, the searches and the players (an AST walk, no import)
for subscripts of the layout tuples by an integer literal (``env[7]``, ``agents[4]``,
``knowledge[9:12]``). ``python tests/engine/test_kernel_layout.py [ROOT]`` prints them per file
and name.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

import numba
import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.kernels import layout
from hexswarm.engine.kernels.environment import make_scratch
from hexswarm.engine.search.environment import (
    bandit_environment,
    explicit_tree_environment,
    hex_environment,
)

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("engine/kernels", "engine/search", "engine/players")
# The variable names the kernels and their owners give the layout tuples.
LAYOUT_NAMES = frozenset(
    {
        "env",  # Environment
        "policy",  # UniformPolicy | KnowledgePolicy
        "scratch",  # LeafScratch
        "knowledge",  # KnowledgeScratch
        "agents",  # SwarmAgents
        "tree",  # SwarmTree, UctTreeArrays
        "population",  # AnthillAgents
        "out_population",
        "board",  # HexPath in the tree kernels
        "progress",  # form_hypotheses's slots DESCENDING, USED
        "rules",  # AnthillRules
        "evidence",  # the swarm's evidence arrays
        "priors",  # PriorArrays
    }
)
# Names that hold a layout tuple in one file only (elsewhere they name arrays).
FILE_LAYOUT_NAMES = {
    "engine/kernels/uct.py": {"tables", "out"},  # UcbTables; copy_subtree's UctTreeArrays
    "engine/kernels/dfpn.py": {"arrays"},  # DfpnArrays
}


def _literal(node) -> bool:
    if isinstance(node, ast.UnaryOp):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, int)


def _positional(index) -> bool:
    if isinstance(index, ast.Slice):
        bounds = [b for b in (index.lower, index.upper) if b is not None]
        return bool(bounds) and all(_literal(b) for b in bounds)
    return _literal(index)


def _name(value) -> str | None:
    if isinstance(value, ast.Name):
        return value.id
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
        return value.attr if value.value.id == "self" else None
    return None


def positional_reads(
    root: Path = ROOT, names: frozenset[str] | set[str] = LAYOUT_NAMES
) -> list[tuple[str, int, str]]:
    """``(file, line, source)`` for every subscript by an integer literal, in
    ``engine/kernels``, ``engine/search`` and ``engine/players``, of a variable called one of
    ``names`` (or of :data:`FILE_LAYOUT_NAMES` in its file), in source order."""
    found = []
    paths = [p for folder in SCANNED for p in sorted((root / folder).glob("*.py"))]
    for path in paths:
        relative = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Subscript) or not _positional(node.slice):
                continue
            name = _name(node.value)
            if name in names or name in FILE_LAYOUT_NAMES.get(relative, ()):
                found.append((relative, node.lineno, node.col_offset, ast.unparse(node)))
    # in source order (ast.walk goes breadth first)
    return [(file, line, text) for file, line, _, text in sorted(found)]


def test_no_layout_tuple_is_read_by_position():
    reads = positional_reads()
    assert reads == [], "read these by field name (engine/kernels/layout.py):\n" + "\n".join(
        f"{file}:{line}: {text}" for file, line, text in reads
    )


def test_the_scan_finds_positional_reads(tmp_path):
    """The scan itself: it must see what it forbids (else the test above proves nothing)."""
    kernels = tmp_path / "engine" / "kernels"
    kernels.mkdir(parents=True)
    (kernels / "k.py").write_text(
        "def f(env, agents, knowledge, self, other):\n"
        "    a = env[7] + agents[4][0] + self.progress[1] + knowledge[9:12][0]\n"
        "    return a + env.size + other[3] + env[a]\n"
    )
    reads = [text for _, _, text in positional_reads(tmp_path)]
    assert sorted(reads) == ["agents[4]", "env[7]", "knowledge[9:12]", "self.progress[1]"]


@pytest.mark.parametrize(
    "make",
    [
        lambda: hex_environment(Board(4)),
        lambda: bandit_environment([0.2, 0.7]),
        lambda: explicit_tree_environment([0, 1, 1, 0]),
    ],
)
def test_environments_are_named_tuples_numba_types_by_name(make):
    env = make()
    assert isinstance(env, layout.Environment)
    kind = numba.typeof(env)
    assert isinstance(kind, numba.types.NamedTuple)
    assert kind.instance_class is layout.Environment
    assert isinstance(make_scratch(env), layout.LeafScratch)


def test_hex_environment_fields_describe_the_position():
    """An independent reading of the board: each field against the stones placed."""
    board = Board(4)
    for cell in ("b1", "c3", "a2", "d4", "b2"):  # Black b1, a2, b2; White c3, d4
        board.play(board.cell_index(cell))
    env = hex_environment(board)
    assert env.kind == layout.HEX and env.size == 4
    assert env.root_black is False  # five stones played: White to move
    assert env.action_count == 16 - 5 == env.action_cells.size
    stones = {board.cell_index(c) for c in ("b1", "c3", "a2", "d4", "b2")}
    assert sorted(env.action_cells.tolist()) == sorted(set(range(16)) - stones)
    black = {r * 4 + c for r in range(4) for c in range(4) if int(env.black_rows[r]) >> c & 1}
    white = {r * 4 + c for r in range(4) for c in range(4) if int(env.white_columns[c]) >> r & 1}
    assert black == {board.cell_index(c) for c in ("b1", "a2", "b2")}
    assert white == {board.cell_index(c) for c in ("c3", "d4")}
    assert isinstance(env.playout_policy, layout.UniformPolicy)
    assert len(hex_environment(board, "template").playout_policy) == len(
        layout.KnowledgePolicy._fields
    )


if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    reads = positional_reads(root)
    by_name = Counter((file, text.split("[")[0]) for file, _, text in reads)
    for (file, name), count in sorted(by_name.items()):
        print(f"{count:4d}  {file}  {name}")
    print(f"total {len(reads)}")
