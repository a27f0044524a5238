"""Who may import whom: the layers of HexSwarm, declared once and checked on the sources.

Every import statement counts, at module level or inside a function (a lazy import is still a
dependency). The rules, from the bottom up:

* ``engine.kernels``: numba kernels; import nothing of ours but other kernels.
* the library (``engine`` outside ``engine.tools``): never imports the tools, the GUI or Qt;
  ``engine.search`` never imports the players, the protocol or the records above it.
* ``engine.tools``: anything in the engine, never the GUI or Qt.
* ``hexgui`` (``hexswarm.gui``): anything.

And no circle: the modules of ``engine`` form an acyclic graph at run time (imports made for
the type checker alone, under ``if TYPE_CHECKING:``, do not count).
"""

from __future__ import annotations

import ast
from pathlib import Path

import hexswarm.engine
import hexswarm.gui
import pytest

ENGINE = Path(hexswarm.engine.__file__).parent
GUI = Path(hexswarm.gui.__file__).parent

# (importer prefix, forbidden prefixes): the first matching importer prefix decides.
RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "hexswarm.engine.kernels",
        ("hexswarm.engine.board", "hexswarm.engine.game", "hexswarm.engine.search",
         "hexswarm.engine.players", "hexswarm.engine.records", "hexswarm.engine.tools",
         "hexswarm.engine.gtp", "hexswarm.gui", "PySide6", "pyqtgraph"),
    ),
    (
        "hexswarm.engine.search",
        ("hexswarm.engine.players", "hexswarm.engine.records", "hexswarm.engine.gtp",
         "hexswarm.engine.tools", "hexswarm.gui", "PySide6", "pyqtgraph"),
    ),
    (
        "hexswarm.engine.tools",
        ("hexswarm.gui", "PySide6", "pyqtgraph"),
    ),
    (
        "hexswarm.engine",
        ("hexswarm.engine.tools", "hexswarm.gui", "PySide6", "pyqtgraph"),
    ),
)  # fmt: skip


def module_name(path: Path, root: Path, package: str) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def _type_checking_only(tree: ast.Module) -> set[int]:
    """ids of the import nodes under ``if TYPE_CHECKING:`` (no run-time dependency)."""
    hidden = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                hidden.update(id(n) for n in ast.walk(inner))
    return hidden


def imports_of(path: Path, name: str, *, run_time_only: bool = False) -> list[tuple[int, str]]:
    """(line, imported module) for every import in the file, relative ones resolved; with
    ``run_time_only``, without those made for the type checker alone."""
    is_package = path.name == "__init__.py"
    found = []
    tree = ast.parse(path.read_text(), str(path))
    hidden = _type_checking_only(tree) if run_time_only else set()
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join(anchor + ([base] if base else []))
            found.append((node.lineno, base))
            # "from package import module" depends on the module too
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def engine_modules() -> dict[str, Path]:
    return {module_name(p, ENGINE, "hexswarm.engine"): p for p in sorted(ENGINE.rglob("*.py"))}


def is_under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def test_every_layer_imports_only_what_it_may():
    broken = []
    for name, path in engine_modules().items():
        forbidden = next(rule for prefix, rule in RULES if is_under(name, prefix))
        for line, imported in imports_of(path, name):
            if any(is_under(imported, bad) for bad in forbidden):
                broken.append(f"{path.relative_to(ENGINE.parent)}:{line} imports {imported}")
    assert broken == []


def test_the_engine_modules_import_no_circle():
    modules = engine_modules()
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for _, imported in imports_of(path, name, run_time_only=True):
            # a module's dependency on its own package's __init__ is not a circle of ours
            if imported in modules and imported != name and not is_under(name, imported):
                edges[name].add(imported)
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(modules):
        if start not in state and (cycle := visit(start)):
            pytest.fail("import circle: " + " -> ".join(cycle))


def test_the_rules_see_real_imports():
    """The checker is not vacuous: it finds the GUI's imports of the engine and of Qt."""
    app = GUI / "app.py"
    found = {imported for _, imported in imports_of(app, "hexswarm.gui.app")}
    assert any(is_under(i, "PySide6") for i in found)
    assert any(is_under(i, "hexswarm.engine") for i in found)
    assert len(engine_modules()) > 50
