"""Record the snapshots of a real search to JSON and read them back (tests, demos, bug reports).

``python -m hexswarm.gui.dashboard.recording --player "sdst:agents=2000,iterations=30" --size 5 \
--out tests/data/snapshots/sdst-5x5.json`` runs one search on an empty board and saves every
snapshot it sends. :func:`load_snapshots` gives back identical frozen snapshots. No Qt here.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hexswarm.engine.search.snapshot import SearchSnapshot, TreeNode

FORMAT = "hexswarm-snapshots"
VERSION = 1


def tree_to_dict(node: TreeNode) -> dict:
    return {
        "path": list(node.path),
        "depth": node.depth,
        "agents": node.agents,
        "active": node.active,
        "value": node.value,
        "children": [tree_to_dict(child) for child in node.children],
        "collapsed_children": node.collapsed_children,
        "collapsed_agents": node.collapsed_agents,
    }


def tree_from_dict(data: dict) -> TreeNode:
    return TreeNode(
        path=tuple(data["path"]),
        depth=int(data["depth"]),
        agents=int(data["agents"]),
        active=int(data["active"]),
        value=float(data["value"]),
        children=tuple(tree_from_dict(child) for child in data["children"]),
        collapsed_children=int(data.get("collapsed_children", 0)),
        collapsed_agents=int(data.get("collapsed_agents", 0)),
    )


def snapshot_to_dict(snapshot: SearchSnapshot) -> dict:
    """A JSON-ready dict; ``extra`` keeps only JSON-representable values."""
    extra = {
        key: value
        for key, value in snapshot.extra.items()
        if isinstance(value, str | int | float | bool) or value is None
    }
    return {
        "position_id": snapshot.position_id,
        "player": snapshot.player,
        "to_move": str(snapshot.to_move),
        "iteration": snapshot.iteration,
        "playouts": snapshot.playouts,
        "elapsed_s": snapshot.elapsed_s,
        "root_moves": list(snapshot.root_moves),
        "root_agents": list(snapshot.root_agents),
        "root_active": list(snapshot.root_active),
        "best_move": snapshot.best_move,
        "estimate": snapshot.estimate,
        "principal_variation": list(snapshot.principal_variation),
        "history_iterations": list(snapshot.history_iterations),
        "history": [list(row) for row in snapshot.history],
        "history_active": [list(row) for row in snapshot.history_active],
        "active_fraction_history": list(snapshot.active_fraction_history),
        "tree": tree_to_dict(snapshot.tree) if snapshot.tree is not None else None,
        "done": snapshot.done,
        "proven": snapshot.proven,
        "note": snapshot.note,
        "extra": extra,
    }


def snapshot_from_dict(data: dict) -> SearchSnapshot:
    return SearchSnapshot(
        position_id=int(data["position_id"]),
        player=str(data["player"]),
        to_move=str(data["to_move"]),
        iteration=int(data["iteration"]),
        playouts=int(data["playouts"]),
        elapsed_s=float(data["elapsed_s"]),
        root_moves=tuple(data["root_moves"]),
        root_agents=tuple(data["root_agents"]),
        root_active=tuple(data["root_active"]),
        best_move=int(data["best_move"]),
        estimate=float(data["estimate"]),
        principal_variation=tuple(data["principal_variation"]),
        history_iterations=tuple(data["history_iterations"]),
        history=tuple(tuple(row) for row in data["history"]),
        history_active=tuple(tuple(row) for row in data.get("history_active", ())),
        active_fraction_history=tuple(data["active_fraction_history"]),
        tree=tree_from_dict(data["tree"]) if data.get("tree") is not None else None,
        done=bool(data["done"]),
        proven=data.get("proven"),
        note=str(data.get("note", "")),
        extra=dict(data.get("extra", {})),
    )


def save_snapshots(path: str | Path, snapshots: list[SearchSnapshot], *, size: int) -> None:
    """Write ``snapshots`` (of a search on a ``size`` board) as JSON."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "size": size,
        "snapshots": [snapshot_to_dict(s) for s in snapshots],
    }
    Path(path).write_text(json.dumps(document, separators=(",", ":")), encoding="utf-8")


def load_snapshots(path: str | Path) -> tuple[int, list[SearchSnapshot]]:
    """Board size and snapshots from a file written by :func:`save_snapshots`.

    Raises ``ValueError`` with the path when the file is not such a recording."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not a snapshot recording (bad JSON: {error})") from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError(f"{path}: not a snapshot recording (format {FORMAT!r} expected)")
    if document.get("version") != VERSION:
        raise ValueError(f"{path}: recording version {document.get('version')} is not supported")
    return int(document["size"]), [snapshot_from_dict(s) for s in document["snapshots"]]


def record_search(spec: str, size: int, position_id: int = 1) -> list[SearchSnapshot]:
    """Run ``spec``'s search on an empty ``size`` board and return every snapshot it sent,
    ending with the final one (``MoveChoice.snapshot``) if the player gives it."""
    from hexswarm.engine.board import Board
    from hexswarm.engine.players import create_player

    snapshots: list[SearchSnapshot] = []
    choice = create_player(spec).choose_move(
        Board(size), on_snapshot=snapshots.append, position_id=position_id
    )
    if choice.snapshot is not None and (not snapshots or snapshots[-1] is not choice.snapshot):
        snapshots.append(choice.snapshot)
    return snapshots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", required=True, help='player spec, e.g. "sdst:agents=2000"')
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    snapshots = record_search(args.player, args.size)
    save_snapshots(args.out, snapshots, size=args.size)
    print(f"{len(snapshots)} snapshots of {args.player} on {args.size}x{args.size} -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
