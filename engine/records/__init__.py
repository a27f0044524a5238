"""Game records: SGF for Hex (HexGui-compatible, Little Golem and old HexGui read too), links
for HexWorld and trmph, board images as SVG, plain-text move lists, and autosave.

The API others code against::

    from hexswarm.engine.records import read_sgf, write_sgf, save_sgf, record_from_board
    game = read_sgf("game.sgf")            # an engine.game.Game; SgfError says what and where
    board = game.board_at(move_number=10)  # the position after 10 moves of the main line
    save_sgf(record_from_board(board, black="Alice"), "copy.sgf")   # atomic

Every format reads into and writes from the one game model, :class:`engine.game.Game` (a tree
of SGF nodes with a cursor). Submodules: :mod:`~engine.records.sgf` (the format),
:mod:`~engine.records.game` (boards -> records), :mod:`~engine.records.links`,
:mod:`~engine.records.image`, :mod:`~engine.records.autosave`. Nothing here imports Qt.
"""

from hexswarm.engine.game import Game, GameNode
from hexswarm.engine.records import autosave, image, links
from hexswarm.engine.records.autosave import Autosave
from hexswarm.engine.records.files import atomic_write_text
from hexswarm.engine.records.game import move_list_text, position_record, record_from_board
from hexswarm.engine.records.image import board_svg
from hexswarm.engine.records.links import (
    LinkError,
    board_from_link,
    hexworld_link,
    record_from_link,
    trmph_link,
)
from hexswarm.engine.records.sgf import (
    DIALECTS,
    MAX_FILE_BYTES,
    MAX_NODES,
    FileChangedError,
    SgfError,
    file_digest,
    game_digest,
    parse_sgf,
    parse_sgf_games,
    read_sgf,
    read_sgf_collection,
    read_sgf_games,
    replace_sgf_game,
    save_sgf,
    write_sgf,
)

__all__ = [
    "DIALECTS",
    "Autosave",
    "LinkError",
    "autosave",
    "board_from_link",
    "board_svg",
    "hexworld_link",
    "image",
    "links",
    "record_from_link",
    "trmph_link",
    "MAX_FILE_BYTES",
    "MAX_NODES",
    "Game",
    "GameNode",
    "SgfError",
    "FileChangedError",
    "atomic_write_text",
    "file_digest",
    "game_digest",
    "move_list_text",
    "parse_sgf",
    "parse_sgf_games",
    "position_record",
    "read_sgf",
    "read_sgf_collection",
    "read_sgf_games",
    "record_from_board",
    "replace_sgf_game",
    "save_sgf",
    "write_sgf",
]
