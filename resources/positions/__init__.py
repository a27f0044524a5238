"""Study positions bundled with HexSwarm: SGF files with setup stones, listed in ``index.json``.

Each entry of the index has ``file`` (an SGF in this package), ``title`` (the menu entry) and
``explanation`` (one line for the status bar); the SGF's own comment explains it at length.
Files are read with :mod:`importlib.resources`, so they are found inside an installed wheel too.

No Qt here; safe from any thread.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.resources import files

from hexswarm.engine.board import Board

INDEX_FILE = "index.json"


@dataclass(frozen=True, slots=True)
class StudyPosition:
    file: str
    title: str
    explanation: str


def list_positions() -> list[StudyPosition]:
    """The positions of the index, in menu order. Raises ``ValueError`` for a broken index."""
    text = files(__name__).joinpath(INDEX_FILE).read_text(encoding="utf-8")
    try:
        entries = json.loads(text)
        positions = [
            StudyPosition(str(e["file"]), str(e["title"]), str(e["explanation"])) for e in entries
        ]
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"broken study position index {INDEX_FILE}: {error}") from error
    return positions


def position_sgf(file: str) -> str:
    """The SGF text of a bundled position (``file`` as listed in the index)."""
    names = {p.file for p in list_positions()}
    if file not in names:
        raise ValueError(f"no study position called {file!r}")
    return files(__name__).joinpath(file).read_text(encoding="utf-8")


def position_comment(file: str) -> str:
    """The SGF's own comment on a bundled position: the long explanation ("" if none)."""
    from hexswarm.engine.records import parse_sgf

    return parse_sgf(position_sgf(file), first_only=True)[0].root.comment


def load_position(file: str) -> tuple[StudyPosition, Board]:
    """The index entry of ``file`` and its position as a :class:`Board` (setup stones and the
    side to move; no moves). Raises ``ValueError`` if the file is unknown or unreadable."""
    from hexswarm.engine.records import parse_sgf

    entry = next((p for p in list_positions() if p.file == file), None)
    if entry is None:
        raise ValueError(f"no study position called {file!r}")
    board = parse_sgf(position_sgf(file), first_only=True)[0].board_at()
    return entry, board
