"""SGF for Hex: read and write game records as HexGui does, and the dialects people already have.

The dialect HexSwarm writes (HexGui's; see the project's Hex conventions)::

    (;FF[4]GM[11]SZ[11]AP[HexSwarm:0.1.0]PB[Alice]PW[Bob]RU[swap]
    ;B[f6](;W[swap-pieces];B[e7]C[bridge \\[test\\]];W[resign])(;W[swap-sides]))

* One move per node: ``B[..]``/``W[..]`` holding a cell name (``f6``), ``swap-pieces``,
  ``swap-sides``, ``pass``, ``resign`` or ``forfeit``. Setup: ``AB``, ``AW``, ``AE`` (cells),
  ``PL`` (``B``/``W``, the side to move). Comments ``C[..]`` with ``\\`` and ``]`` escaped.
* Game info: ``PB``, ``PW``, ``RE`` (``B+``, ``W+R``...), ``DT``, ``EV``; ``RU[swap]`` says the
  swap rule was on. HexSwarm's own properties: ``XB[..]`` and ``XW[..]`` hold the AI settings of
  Black and White as free text (the player spec of ``hexswarm-match``, e.g.
  ``sdst:agents=50000,iterations=50``); absent for a human player. ``XS[..]`` is the game's
  random seed (a whole number; an AI whose seed is left random plays with one derived from it,
  see :func:`engine.players.levels.derived_seed`). On a move's node, ``XP[..]`` holds the
  settings of the AI that made the move (none: a person), and ``HSA[..]`` on any node the
  latest search of its position (:class:`engine.review.PositionAnalysis`). HexGui keeps unknown
  properties, so they survive a trip through HexGui; so do other programs' unknown properties
  through HexSwarm.
* Variations are nested ``(;...)`` subtrees: the whole tree is kept.

Reading also accepts (``Game.dialect`` says which one was found):

* ``"littlegolem"``: Little Golem ``.hsgf`` (no ``GM``; Go-style points where the first letter is
  the column and the second the row, ``mf`` = m6; ``swap``; the first mover labelled ``W``).
  The record is converted so the first mover is Black: every move label is exchanged, ``PB`` and
  ``PW`` too, and ``swap`` becomes ``swap-pieces``. This is the reading under which Little
  Golem's ``RE`` names the winner's colour (a game ``W[mf];B[swap];...;W[resign]`` with ``RE[W]``
  reads ``B[m6];W[swap-pieces];...;B[resign]``: Black resigned, White won).
* ``"hexgui-old"``: ``AP[HexGui:0.9]`` and earlier wrote ``swap-pieces`` where they meant
  swap-sides (HexGui's own reader makes the same correction); the record says ``swap-sides``.
* ``"hexgui"``: any other SGF for Hex (HexGui 0.10 on, PlayHex...); ``"hexswarm"``: our own.
  Go-style two-letter points are accepted in every dialect (HexGui does) and become cell names.

Whatever the dialect, the record in memory is normalised (lower-case cell names, the canonical
swap tokens), and :func:`write_sgf` writes the HexGui dialect.

Errors: every problem with the input raises :class:`SgfError` (a :class:`~engine.board.HexError`)
whose message says what is wrong and where (line, column, node number). Parsing is linear in the
size of the input and iterative: no recursion, so a 100,000-deep variation tree is fine. Inputs
over :data:`MAX_FILE_BYTES` are refused before they are read.

Everything here is plain single-threaded Python; a :class:`Game` is not thread-safe, so
hand a copy (``write_sgf`` then ``parse_sgf``) or a finished record to another thread.
"""

from __future__ import annotations

import re
from os import PathLike
from pathlib import Path

from hexswarm.engine.board import MAX_SIZE, SWAP_PIECES, SWAP_SIDES, HexError, cell_index, cell_name
from hexswarm.engine.game import (
    DIALECTS,
    FORFEIT,
    GAME_END_TOKENS,
    PASS,
    RESIGN,
    SETUP_PROPERTIES,
    SPECIAL_MOVES,
    Game,
    GameNode,
    NodeProblem,
    apply_node,
)

MAX_FILE_BYTES = 20 * 1024 * 1024
"""Largest SGF file HexSwarm reads (20 MB: a thousand times the largest real Hex record)."""

MAX_NODES = 250_000
"""Most nodes one file may hold (a long Hex game has a few hundred, a deep analysis tree tens of
thousands): a hostile file of ``;;;;`` is refused after ~2 s and ~150 MB instead of gigabytes."""

# Written first on the root, in this order (HexGui writes them too, alphabetically).
_STRUCTURE_PROPERTIES = ("FF", "GM", "SZ", "AP", "CA")

# SGF FF[4] value types: in SimpleText every white space becomes a space; in Text every white
# space but a line break does (HexGui reads them so). XB/XW are our own simple text.
SIMPLE_TEXT = frozenset(
    [
        "AN",
        "BR",
        "BT",
        "CP",
        "DT",
        "EV",
        "GN",
        "N",
        "ON",
        "OT",
        "PB",
        "PC",
        "PW",
        "RE",
        "RO",
        "RU",
        "SO",
        "US",
        "WR",
        "WT",
        "XB",
        "XP",
        "XS",
        "XW",
    ]
)
_TEXT = frozenset(("C", "GC"))
_SIMPLE_SPACE = re.compile(r"[\t\n\v\f]")
_TEXT_SPACE = re.compile(r"[\t\v\f]")
_HEX_GAME = "11"
_OLD_HEXGUI = re.compile(r"HexGui:0\.[0-9](?:[^0-9].*)?", re.DOTALL)
_GO_POINT = re.compile(r"[a-z]{2}")
_NOT_SPACE = re.compile(r"\S")
_IDENTIFIER = re.compile(r"[A-Za-z]+")
_PROPERTY_NAME = re.compile(r"[A-Z]+")
_LINE_WIDTH = 72  # HexGui's line length


def _application() -> str:
    from hexswarm.engine import __version__

    return f"HexSwarm:{__version__}"


# --------------------------------------------------------------------------- errors


class SgfError(HexError):
    """A game record that cannot be read, with where the problem is.

    ``line`` and ``column`` are 1-based positions in the text (``None`` when the problem is not
    at one place, e.g. a file too large); ``node`` is the node number (0 = the root, numbered in
    file order) when the problem belongs to a node; ``what`` is the bare description. ``str()``
    gives both: ``"line 3, column 12 (node 5): c3 is already occupied"``. ``cut``: the
    text ends there, inside a value or a game tree (a file cut short: what came before it
    can be read, see :func:`parse_sgf_games`).
    """

    def __init__(
        self,
        what: str,
        *,
        line: int | None = None,
        column: int | None = None,
        node: int | None = None,
        cut: bool = False,
    ):
        self.what = what
        self.line = line
        self.column = column
        self.node = node
        self.cut = cut
        super().__init__(self._describe())

    def _describe(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
            if self.column is not None:
                where.append(f"column {self.column}")
        place = ", ".join(where)
        if self.node is not None:
            place = f"{place} (node {self.node})" if place else f"node {self.node}"
        return f"{place}: {self.what}" if place else self.what


def _line_column(text: str, offset: int) -> tuple[int, int]:
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    column = offset - text.rfind("\n", 0, offset)
    return line, column


# --------------------------------------------------------------------------- tokenizer


CUT_MARK = " [the file is cut short here]"
"""What ends a comment the file ends inside (read as far as it goes)."""


class _Parser:
    """Turns SGF text into raw trees of :class:`GameNode`. Iterative and linear in the text."""

    def __init__(self, text: str, *, salvage: bool = False):
        self.text = text
        self.length = len(text)
        self.node_count = 0
        # With ``salvage``, a game tree the text ends inside (a file cut short) is returned
        # with the nodes read before the cut, and the cut kept here.
        self.salvage = salvage
        self.cut: SgfError | None = None

    def error(self, what: str, offset: int, node: int | None = None, cut: bool = False) -> SgfError:
        line, column = _line_column(self.text, offset)
        return SgfError(what, line=line, column=column, node=node, cut=cut)

    def skip_space(self, index: int) -> int:
        if index < self.length and not self.text[index].isspace():
            return index
        found = _NOT_SPACE.search(self.text, index)
        return self.length if found is None else found.start()

    def value(self, index: int) -> tuple[str, int]:
        """Read ``[...]`` at ``index``; return the decoded value and the index after ``]``."""
        text = self.text
        start = index + 1
        parts = []
        close = text.find("]", start)
        while True:
            if close < 0:
                raise self.error(
                    "a property value is never closed: ']' is missing (or escaped as '\\]')",
                    index,
                    cut=True,
                )
            escape = text.find("\\", start, close)
            if escape < 0:
                parts.append(text[start:close])
                return "".join(parts), close + 1
            parts.append(text[start:escape])
            if escape + 1 >= self.length:
                raise self.error("the file ends inside a property value", index, cut=True)
            escaped = text[escape + 1]
            if escaped != "\n":  # '\' + line break is a soft line break: removed
                parts.append(escaped)
            start = escape + 2
            if close < start:  # that ']' was escaped: look for the next one
                close = text.find("]", start)

    def game(self, index: int) -> tuple[GameNode, int]:
        """Parse the game tree whose '(' is at ``index``; return its root and the next index.
        With ``salvage``, a tree the text ends inside comes back with the nodes read before
        the cut (a property cut short left out, a node left empty by it too), the cut kept in
        :attr:`cut`; a tree cut before its first node still raises."""
        self._root: GameNode | None = None
        self._current: GameNode | None = None
        try:
            return self._game(index)
        except SgfError as error:
            root, current = self._root, self._current
            if not (self.salvage and error.cut and root is not None and current is not None):
                raise
            if current is not root and not current.properties and current.parent is not None:
                current.parent.children.remove(current)
            self.cut = error
            return root, self.length

    def _game(self, index: int) -> tuple[GameNode, int]:
        text, length = self.text, self.length
        opened: list[tuple[GameNode | None, int]] = [(None, index)]
        current: GameNode | None = None
        root: GameNode | None = None
        expect_node = True
        index += 1
        while True:
            index = self.skip_space(index)
            if index >= length:
                raise self.error(
                    "the game tree opened here is never closed: ')' is missing",
                    opened[-1][1],
                    cut=True,
                )
            char = text[index]
            if char == ";":
                self.node_count += 1
                if self.node_count > MAX_NODES:
                    raise self.error(
                        f"more than {MAX_NODES:,} nodes: too large to be a Hex record", index
                    )
                node = GameNode()
                node.offset = index
                if current is None:
                    root = self._root = node
                else:
                    current.add_child(node)
                current = self._current = node
                expect_node = False
                index += 1
            elif char == "(":
                if expect_node:
                    raise self.error("'(' must be followed by ';' (a node)", index)
                opened.append((current, index))
                expect_node = True
                index += 1
            elif char == ")":
                if expect_node:
                    raise self.error("an empty game tree '()': a variation needs a node", index)
                current, _ = opened.pop()
                self._current = current
                index += 1
                if not opened:
                    assert root is not None
                    return root, index
            elif char.isascii() and char.isalpha():
                if expect_node or current is None:
                    raise self.error(f"property {char!r}... outside a node: ';' is missing", index)
                index = self.property(current, index)
            else:
                raise self.error(f"unexpected character {char!r}", index)

    def property(self, node: GameNode, index: int) -> int:
        match = _IDENTIFIER.match(self.text, index)
        assert match is not None, "a property starts at a letter (the caller checked)"
        identifier = match.group()
        # FF[3] allowed lower-case letters in names ("AddBlack"); only the capitals count.
        name = identifier if identifier.isupper() else "".join(filter(str.isupper, identifier))
        if not name:
            raise self.error(f"property name {identifier!r} has no upper-case letter", index)
        position = match.end()
        values = []
        while True:
            position = self.skip_space(position)
            if position < self.length and self.text[position] == "[":
                try:
                    value, position = self.value(position)
                except SgfError as error:
                    if self.salvage and error.cut and name == "C":
                        # A comment cut short keeps its words, marked: the user's text.
                        cut_text = re.sub(r"\\(.)", r"\1", self.text[position + 1 :], flags=re.S)
                        values.append(cut_text.rstrip("\\") + CUT_MARK)
                        node.properties.setdefault(name, []).extend(values)
                    raise
                values.append(value)
            else:
                break
        if not values:
            if position >= self.length:
                raise self.error(f"the file ends after property {name}", index, cut=True)
            raise self.error(f"property {name} has no value: '[' expected after it", index)
        node.properties.setdefault(name, []).extend(values)
        return position


# --------------------------------------------------------------------------- reading


def decode_sgf_bytes(data: bytes) -> tuple[str, list[str]]:
    """Decode an SGF file's bytes: UTF-8 (with or without BOM), UTF-16 with a BOM, the ``CA``
    charset if one is named, else Latin-1 (with a warning). Returns ``(text, warnings)``."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), []
        except UnicodeDecodeError as error:
            raise SgfError(f"the file claims UTF-16 but is not: {error.reason}") from None
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    charset = re.search(rb"CA\s*\[([A-Za-z0-9_.:-]{1,40})\]", data[:65536])
    if charset:
        name = charset.group(1).decode("ascii")
        try:
            text = data.decode(name)
        except (LookupError, ValueError):  # unknown codec, bytes it cannot decode, idna's...
            text = ""
        if "(" in text:  # a charset that turns the file into no SGF at all was a wrong claim
            return text, []
    return data.decode("latin-1"), ["the file is not UTF-8; read it as Latin-1"]


def parse_sgf(text: str | bytes, *, first_only: bool = False) -> list[Game]:
    """Every game of an SGF collection, each checked move by move.

    ``text`` may be bytes (decoded by :func:`decode_sgf_bytes`). With ``first_only`` only the
    first game is checked and returned; the others are counted and a broken later game is a
    warning, not an error. Each game's ``games_in_file`` is how many games the file holds (with
    ``first_only``, a broken game after the first counted, those after it not: reading stops
    there). Raises :class:`SgfError` for anything else.
    """
    text, warnings = _sgf_text(text)
    parser = _Parser(text)
    start = text.find("(")
    if start < 0:
        raise SgfError("no game found: an SGF record starts with '(;'")
    roots = [parser.game(start)]
    index = parser.skip_space(roots[0][1])
    trailing_problem = None
    broken = 0  # a broken game after the first (first_only)
    while index < len(text):
        if text[index] != "(":
            line, column = _line_column(text, index)
            trailing_problem = f"ignored the text after the last game (line {line}, col {column})"
            break
        try:
            root, index = parser.game(index)
        except SgfError as error:
            if not first_only:
                raise
            trailing_problem = f"ignored a broken game after the first one: {error}"
            broken = 1
            break
        roots.append((root, index))
        index = parser.skip_space(index)
    if trailing_problem:
        warnings.append(trailing_problem)

    count = len(roots) + broken
    if first_only:
        roots = roots[:1]
    records = []
    for number, (root, _end) in enumerate(roots, start=1):
        try:
            records.append(_build_record(root, text, list(warnings)))
            records[-1].games_in_file = count
        except SgfError as error:
            if count > 1 and not first_only:
                raise SgfError(
                    f"game {number}: {error.what}",
                    line=error.line,
                    column=error.column,
                    node=error.node,
                ) from None
            raise
    return records


def _sgf_text(text: str | bytes) -> tuple[str, list[str]]:
    """The text of an SGF file (decoded, line ends unified) and what decoding it warned of;
    raises :class:`SgfError` for a file that cannot be one."""
    warnings: list[str] = []
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_FILE_BYTES:
            raise SgfError(_too_large(len(text)))
        text, warnings = decode_sgf_bytes(bytes(text))
    elif not isinstance(text, str):
        raise SgfError(f"expected SGF text, not {type(text).__name__}")
    if len(text) > MAX_FILE_BYTES:
        raise SgfError(_too_large(len(text)))
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    nul = text.find("\x00")
    if nul >= 0:
        line, column = _line_column(text, nul)
        raise SgfError(
            "the file holds binary data (a NUL byte), so it is not an SGF record",
            line=line,
            column=column,
        )
    if not text.strip():
        raise SgfError("the file is empty: it holds no game")
    return text, warnings


def parse_sgf_games(text: str | bytes) -> list[Game | SgfError]:
    """Every game of an SGF collection, each read and replayed on its own: a game that does
    not read, or whose main line does not replay, is its :class:`SgfError` in its place
    (``what`` starts "game N: "), and the others are kept (round 15: one illegal move in the
    third game of a club's file made the second unreachable). A game whose text is broken
    (a value never closed) ends the list: where a next game would start cannot be told.
    A text that ends inside a game (a file cut short: a value or a tree never closed) gives
    that game as far as it goes, the property cut short left out, with :attr:`Game.cut_short`
    saying where it stops (round 15: a cut file opened nothing). Raises :class:`SgfError`
    when the file holds no game at all."""
    text, warnings = _sgf_text(text)
    parser = _Parser(text, salvage=True)
    index = text.find("(")
    if index < 0:
        raise SgfError("no game found: an SGF record starts with '(;'")
    games: list[Game | SgfError] = []
    while index < len(text) and text[index] == "(":
        number = len(games) + 1
        try:
            root, index = parser.game(index)
        except SgfError as error:
            games.append(_numbered(error, number))
            break
        try:
            game = _build_record(root, text, list(warnings))
            game.board_at()  # the main line must replay
            if parser.cut is not None:
                moves = sum(1 for node in game.main_line() if node.move is not None)
                if not moves and not game.root.has_setup:
                    raise parser.cut  # nothing before the cut worth opening
                game.cut_short = parser.cut
                game.warnings.append(
                    f"the file is cut short at line {parser.cut.line}, column "
                    f"{parser.cut.column} ({parser.cut.what}): read the "
                    f"{moves} move{'' if moves == 1 else 's'} before it"
                )
            games.append(game)
        except SgfError as error:
            games.append(_numbered(error, number))
        except HexError as error:
            games.append(SgfError(f"game {number}: {error}"))
        if parser.cut is not None:
            break
        index = parser.skip_space(index)
    trailing = []
    if index < len(text) and not isinstance(games[-1], SgfError):
        line, column = _line_column(text, index)
        trailing = [f"ignored the text after the last game (line {line}, col {column})"]
    for entry in games:
        if isinstance(entry, Game):
            entry.games_in_file = len(games)
            entry.warnings.extend(trailing)
    return games


def _numbered(error: SgfError, number: int) -> SgfError:
    return SgfError(
        f"game {number}: {error.what}", line=error.line, column=error.column, node=error.node
    )


def read_sgf_games(path: str | PathLike[str]) -> list[Game | SgfError]:
    """:func:`parse_sgf_games` of the SGF file at ``path``."""
    return parse_sgf_games(_read_bytes(path))


def read_sgf(path: str | PathLike[str]) -> Game:
    """The first game of the SGF file at ``path`` (its ``games_in_file`` says if it holds
    more).

    Raises :class:`SgfError` for a bad record and :class:`OSError` if the file cannot be read.
    """
    return parse_sgf(_read_bytes(path), first_only=True)[0]


def read_sgf_collection(path: str | PathLike[str]) -> list[Game]:
    """Every game of the SGF file at ``path`` (to let the user pick one)."""
    return parse_sgf(_read_bytes(path))


def _read_bytes(path: str | PathLike[str]) -> bytes:
    path = Path(path)
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise SgfError(f"{path.name}: {_too_large(size)}")
    with path.open("rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise SgfError(f"{path.name}: {_too_large(len(data))}")
    return data


def _too_large(size: int) -> str:
    return (
        f"the file is {size / 2**20:.1f} MB; HexSwarm reads game records of up to "
        f"{MAX_FILE_BYTES / 2**20:.0f} MB"
    )


def _build_record(root: GameNode, text: str, warnings: list[str]) -> Game:
    """Check and normalise one raw tree into a :class:`Game`."""

    def fail(what: str, node: GameNode, number: int | None = None) -> SgfError:
        line, column = _line_column(text, node.offset) if node.offset is not None else (None, None)
        return SgfError(what, line=line, column=column, node=number)

    props = root.properties
    game = props.get("GM")
    if game is not None and [v.strip() for v in game] != [_HEX_GAME]:
        raise fail(f"GM[{']['.join(game)}] is not Hex: Hex records have GM[11]", root, 0)
    version = (root.get("FF") or "").strip()
    if version and version not in ("1", "2", "3", "4"):
        warnings.append(f"unknown SGF version FF[{version}]; read it as FF[4]")
    width, height = _parse_size(root, fail)
    if "SZ" not in props:
        warnings.append("the record has no SZ; assumed an 11x11 board")
    dialect = _detect_dialect(root)
    for name in ("FF", "GM", "SZ", "CA"):
        props.pop(name, None)
    if dialect == "littlegolem":
        _exchange_little_golem_players(root)
        # Little Golem always plays Hex with the swap rule; say so, so it survives saving.
        props.setdefault("RU", ["swap"])

    if width != height and (root.get("RU") or "").strip():
        warnings.append(
            f"RU[{root.get('RU')}] kept but not applied: the swap rule needs a square board"
        )
    record = Game(width, root, height=height, dialect=dialect, warnings=warnings)
    flip = dialect == "littlegolem" and _first_move_label(root) == "W"
    for number, (node, _depth) in enumerate(root.walk()):
        try:
            _normalise_node(node, (width, height), dialect, flip, is_root=number == 0)
        except NodeProblem as problem:
            raise fail(str(problem), node, number) from None
    _check_by_replaying(record, fail)
    _check_result(record)
    return record


def _parse_size(root: GameNode, fail) -> tuple[int, int]:
    """``SZ[n]`` or HexGui's ``SZ[columns:rows]`` as ``(width, height)``."""
    values = root.properties.get("SZ")
    if not values:
        return 11, 11
    text = values[0].strip()
    parts = text.split(":")
    try:
        numbers = [int(p.strip()) for p in parts]
    except ValueError:
        raise fail(f"SZ[{text}] is not a board size", root, 0) from None
    if len(numbers) not in (1, 2):
        raise fail(f"SZ[{text}] is not a board size (SZ[n] or SZ[columns:rows])", root, 0)
    width, height = numbers[0], numbers[-1]
    for side in (width, height):
        if not 1 <= side <= MAX_SIZE:
            raise fail(
                f"board size {text} is out of range: HexSwarm plays 1 to {MAX_SIZE} "
                "columns and rows",
                root,
                0,
            )
    return width, height


def _first_move_label(root: GameNode) -> str | None:
    node: GameNode | None = root
    while node is not None:
        for label in ("B", "W"):
            if label in node.properties:
                return label
        node = node.children[0] if node.children else None
    return None


def _detect_dialect(root: GameNode) -> str:
    application = (root.get("AP") or "").strip()
    if application.startswith("HexSwarm"):
        return "hexswarm"
    if _OLD_HEXGUI.fullmatch(application):
        return "hexgui-old"
    if "GM" not in root.properties:
        if "littlegolem" in (root.get("SO") or "").lower():
            return "littlegolem"
        node: GameNode | None = root
        while node is not None:  # Little Golem games have no variations
            for label in ("B", "W"):
                value = (node.get(label) or "").strip().lower()
                if value == "swap" or _GO_POINT.fullmatch(value):
                    return "littlegolem"
            node = node.children[0] if node.children else None
    return "hexgui"


def _exchange_little_golem_players(root: GameNode) -> None:
    props = root.properties
    black, white = props.pop("PB", None), props.pop("PW", None)
    if white is not None:
        props["PB"] = white
    if black is not None:
        props["PW"] = black


def _normalise_cell(value: str, shape: tuple[int, int]) -> str:
    text = value.strip().lower()
    if len(text) > 8:  # no cell name is that long; also spares int() a million digits
        raise NodeProblem(f"{text[:16]!r}... is not a cell name")
    if _GO_POINT.fullmatch(text):  # Little Golem / Go style: column letter, row letter
        text = f"{text[0]}{ord(text[1]) - ord('a') + 1}"
    try:
        return cell_name(cell_index(text, *shape), *shape)
    except HexError as error:
        raise NodeProblem(str(error)) from None


def _normalise_text(name: str, value: str) -> str:
    if name in SIMPLE_TEXT:
        return _SIMPLE_SPACE.sub(" ", value)
    if name in _TEXT:
        return _TEXT_SPACE.sub(" ", value)
    return value


def _normalise_node(
    node: GameNode, shape: tuple[int, int], dialect: str, flip: bool, is_root: bool
) -> None:
    props = node.properties
    for name, values in props.items():
        if name in SIMPLE_TEXT or name in _TEXT:
            values[:] = [_normalise_text(name, v) for v in values]
    labels = [label for label in ("B", "W") if label in props]
    if len(labels) == 2:
        raise NodeProblem("a node holds one move, but this one has both B and W")
    if labels:
        label = labels[0]
        values = props[label]
        if len(values) != 1:
            raise NodeProblem(f"{label}[{']['.join(values)}]: a node holds one move")
        token = values[0].strip().lower()
        if token == "swap":
            token = SWAP_PIECES if dialect == "littlegolem" else SWAP_SIDES
        elif token == SWAP_PIECES and dialect == "hexgui-old":
            token = SWAP_SIDES
        elif not token:
            raise NodeProblem(f"{label}[]: an empty move (write 'pass' for a pass)")
        elif token not in SPECIAL_MOVES:
            token = _normalise_cell(token, shape)
        if flip:
            label = "W" if label == "B" else "B"
        del props[labels[0]]
        # The move goes first in the node, as HexGui writes it.
        rest = dict(props)
        props.clear()
        props[label] = [token]
        props.update(rest)
    for name in SETUP_PROPERTIES:
        if name in props:
            props[name] = [_normalise_cell(v, shape) for v in props[name]]
    if "PL" in props:
        values = props["PL"]
        word = values[0].strip().lower() if len(values) == 1 else ""
        if word in ("b", "black", "1"):
            props["PL"] = ["B"]
        elif word in ("w", "white", "2"):
            props["PL"] = ["W"]
        else:
            raise NodeProblem(f"PL[{']['.join(values)}]: the side to move must be B or W")


# --------------------------------------------------------------------------- checking


def _check_by_replaying(record: Game, fail) -> None:
    """Play through every variation (depth first, undoing on the way back); raise on the first
    illegal move, with its node number; warn about moves out of turn and after a win (HexGui
    lets a game go on after a win and records it)."""
    try:
        board = record.start_board()
    except HexError as error:
        raise fail(f"the starting position is not valid: {error}", record.root, 0) from None
    remarks: dict[str, list[str]] = {"out of turn": [], "after the win": []}
    number = 0
    # Entries: (node, None) = enter; (None, count) = leave (undo `count` entries).
    stack: list[tuple[GameNode | None, int | None]] = [(record.root, None)]
    while stack:
        node, undo_count = stack.pop()
        if node is None:
            for _ in range(undo_count or 0):
                board.undo()
            continue
        try:
            entries, remark = apply_node(board, node, setup=number > 0)
        except NodeProblem as problem:
            raise fail(str(problem), node, number) from None
        if remark:
            assert node.move is not None, "a remark is about the node's move"
            color, token = node.move
            remarks[remark].append(f"node {number} ({color.letter}[{token}])")
        number += 1
        stack.append((None, entries))
        for child in reversed(node.children):
            stack.append((child, None))
    for remark, places in remarks.items():
        if places:
            more = f" and {len(places) - 1} more" if len(places) > 1 else ""
            record.warnings.append(f"moves played {remark}, kept as written: {places[0]}{more}")


def _check_result(record: Game) -> None:
    """Warn when ``RE`` contradicts a resignation or forfeit on the main line."""
    claimed = record.winner
    if claimed is None:
        return
    for number, node in enumerate(record.main_line()):
        if node.token in GAME_END_TOKENS:
            loser = node.color
            if loser == claimed:
                record.warnings.append(
                    f"RE[{record.result}] names {claimed.name.title()} the winner, but "
                    f"{loser.name.title()} {'resigned' if node.token == RESIGN else 'forfeited'}"
                    f" on the main line (node {number}); kept both as written"
                )
            return


# --------------------------------------------------------------------------- writing


def escape_value(value: str) -> str:
    """Escape a property value for SGF: ``\\`` and ``]``; line ends become ``\\n`` and NUL
    characters (which no SGF text may hold) are dropped."""
    value = value.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _node_text(node: GameNode, root_size: str | None) -> str:
    parts = [";"]
    props = node.properties
    if root_size is not None:
        parts.append(f"FF[4]GM[{_HEX_GAME}]SZ[{root_size}]AP[{escape_value(_application())}]")
    for name, values in props.items():
        if not values or (root_size is not None and name in _STRUCTURE_PROPERTIES):
            continue
        parts.append(name + "".join(f"[{escape_value(_normalise_text(name, v))}]" for v in values))
    return "".join(parts)


def write_sgf(record: Game) -> str:
    """The record as SGF text in the HexGui dialect (whole tree, unknown properties kept).

    The root starts ``FF[4]GM[11]SZ[n]AP[HexSwarm:version]`` (``SZ[columns:rows]`` for a
    rectangle, as HexGui writes it) (plus ``CA[UTF-8]`` when the text
    is not plain ASCII); lines are wrapped between nodes at 72 columns as HexGui does; the text
    ends with a newline. Deterministic: the same record always gives the same text.
    """
    chunks: list[str] = []
    line_length = 0
    # Stack items: ")" or (node, whether a variation opens before it). A variation's "(" is
    # written with its first node so a wrapped line never ends in "(".
    stack: list[tuple[GameNode, bool] | str] = [")", (record.root, True)]
    first = True
    width, height = record.shape
    size_value = str(width) if width == height else f"{width}:{height}"
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            chunks.append(item)
            line_length += 1
            continue
        node, opens = item
        text = ("(" if opens else "") + _node_text(node, size_value if first else None)
        first = False
        if line_length > 0 and line_length + len(text) > _LINE_WIDTH:
            chunks.append("\n")
            line_length = 0
        chunks.append(text)
        newline = text.rfind("\n")
        line_length = len(text) - newline - 1 if newline >= 0 else line_length + len(text)
        children = node.children
        if len(children) == 1:
            stack.append((children[0], False))
        elif children:
            for child in reversed(children):
                stack.extend((")", (child, True)))
    chunks.append("\n")
    text = "".join(chunks)
    if not text.isascii():
        text = _with_charset(text)
    return text


def _with_charset(text: str) -> str:
    # Declare the charset right after SZ on the root (before any user text).
    marker = "]AP["
    at = text.find(marker)
    return text[: at + 1] + "CA[UTF-8]" + text[at + 1 :]


def save_sgf(record: Game, path: str | PathLike[str]) -> None:
    """Write the record to ``path`` atomically (temporary file in the same folder, fsync,
    rename): a crash mid-save leaves the old file or the new one, never half of one."""
    from hexswarm.engine.records.files import atomic_write_text

    atomic_write_text(path, write_sgf(record))


def _game_spans(text: str) -> list[tuple[int, int]]:
    """Where each game tree of an SGF collection's ``text`` lies, ``(start, end)`` from its
    '(' to just after its ')' (a game the text ends inside: to the end). Raises
    :class:`SgfError` where no tree can be told from the next."""
    parser = _Parser(text, salvage=True)
    spans = []
    index = text.find("(")
    while 0 <= index < len(text) and text[index] == "(":
        _root, end = parser.game(index)
        spans.append((index, end))
        if parser.cut is not None:
            break
        index = parser.skip_space(end)
    return spans


class FileChangedError(SgfError):
    """The collection changed on disk since the game was read from it (see
    :func:`replace_sgf_game`); nothing was written."""


def _collection_text(data: bytes, name: str) -> tuple[bool, str]:
    """``(whether it begins with a byte-order mark, the text)`` of a collection's bytes;
    :class:`SgfError` for bytes that are not UTF-8 (rewriting them would change the other
    games' bytes)."""
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        return bom, data[3 if bom else 0 :].decode("utf-8")
    except UnicodeDecodeError:
        raise SgfError(f"{name} is not UTF-8 text: it cannot be rewritten as it is") from None


def game_digest(data: bytes, number: int) -> str | None:
    """The digest of game ``number``'s own text (from its '(' to its ')') in the bytes of
    an SGF collection, as :func:`replace_sgf_game` compares it; None when the bytes are not
    UTF-8, hold no such game or cannot be told apart into games."""
    try:
        _bom, text = _collection_text(data, "")
        spans = _game_spans(text)
    except SgfError:
        return None
    if not 1 <= number <= len(spans):
        return None
    return _span_digest(text, spans[number - 1])


def _span_digest(text: str, span: tuple[int, int]) -> str:
    """The digest of one game's own text, ``span`` from :func:`_game_spans`."""
    start, end = span
    return file_digest(text[start:end].encode("utf-8"))


def replace_sgf_game(
    path: str | PathLike[str],
    number: int,
    record: Game,
    *,
    unchanged_since: str | None = None,
    game_unchanged_since: str | None = None,
) -> str:
    """Write ``record`` in place of game ``number`` (from 1) of the SGF collection at ``path``,
    every other byte of the file as it was (the other games, the text between them, the line
    ends, a byte-order mark); atomically (:func:`save_sgf`'s way). ``unchanged_since``: the
    :func:`file_digest` of the file when the game was read from it; another means the file
    changed since, and nothing is written (:class:`FileChangedError`).
    ``game_unchanged_since``: the :func:`game_digest` of game ``number`` when it was read; the
    file may have changed around it (another game edited, one added after it), but game
    ``number`` must be that text still, else :class:`FileChangedError` and nothing is
    written (round 16: a file changed on disk could not take the game back at all). Refuses a
    file that is not UTF-8 (rewriting it would change the others' bytes), and checks before
    writing that the new text holds as many games with the others' text unchanged. Raises
    :class:`SgfError` (the file untouched) or :class:`OSError`; returns the new file's
    digest."""
    from hexswarm.engine.records.files import atomic_write_text

    path = Path(path)
    data = _read_bytes(path)
    if unchanged_since is not None and file_digest(data) != unchanged_since:
        raise FileChangedError(f"{path.name} changed since the game was read from it")
    bom, text = _collection_text(data, path.name)
    spans = _game_spans(text)
    if not 1 <= number <= len(spans):
        raise SgfError(f"{path.name} holds {len(spans)} games, no game {number}")
    start, end = spans[number - 1]
    if game_unchanged_since is not None and (
        _span_digest(text, (start, end)) != game_unchanged_since
    ):
        raise FileChangedError(f"game {number} of {path.name} changed since it was read")
    new = write_sgf(record).rstrip("\n")
    if "\r\n" in text:
        new = new.replace("\n", "\r\n")
    result = text[:start] + new + text[end:]
    others = [text[a:b] for n, (a, b) in enumerate(spans) if n != number - 1]
    check = _game_spans(result)
    if len(check) != len(spans) or others != [
        result[a:b] for n, (a, b) in enumerate(check) if n != number - 1
    ]:
        raise SgfError(f"writing game {number} back would change the other games of {path.name}")
    result = ("\ufeff" if bom else "") + result
    atomic_write_text(path, result)
    return file_digest(result.encode("utf-8"))


def file_digest(data: bytes) -> str:
    """A file's content as :func:`replace_sgf_game` compares it (SHA-256, hex)."""
    import hashlib

    return hashlib.sha256(data).hexdigest()


__all__ = [
    "DIALECTS",
    "FORFEIT",
    "FileChangedError",
    "MAX_FILE_BYTES",
    "MAX_NODES",
    "PASS",
    "RESIGN",
    "SgfError",
    "decode_sgf_bytes",
    "escape_value",
    "file_digest",
    "game_digest",
    "parse_sgf",
    "read_sgf",
    "read_sgf_collection",
    "replace_sgf_game",
    "save_sgf",
    "write_sgf",
]
