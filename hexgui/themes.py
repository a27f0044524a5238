"""Colour themes for the board: plain data, chosen by name, each in a light and a dark variant.

A theme only changes how things look, never the rules: Black (first player, top-bottom) is drawn
in the theme's ``first`` colour and named ``first_name``. The thesis's Blue (vertical) and Red
(horizontal) are the ``redblue`` theme.

Dark mode is one of ``"system"`` (follow the desktop's colour scheme), ``"light"`` or ``"dark"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexswarm.engine.board import BLACK, Color

DARK_MODES = ("system", "light", "dark")


@dataclass(frozen=True, slots=True)
class Theme:
    """Colours as ``#rrggbb`` or ``#aarrggbb`` strings (QColor parses both)."""

    name: str
    label: str
    first_name: str  # display name of Black, the player connecting top and bottom
    second_name: str  # display name of White
    first_stone: str
    first_stone_light: str  # highlight of the stone's gradient
    second_stone: str
    second_stone_light: str
    first_edge: str
    second_edge: str
    background: str
    cell: str
    cell_border: str
    hover: str
    text: str
    last_move: str
    winning_chain: str
    best_move: str
    overlay_low: str
    overlay_high: str
    setup_frame: str
    dark: bool

    def player_name(self, color: Color) -> str:
        """How this theme names a colour to the user (``Blue`` for Black in red/blue)."""
        return self.first_name if color is BLACK else self.second_name

    def stone_colors(self, color: Color) -> tuple[str, str]:
        """(base, highlight) of a stone of ``color``."""
        if color is BLACK:
            return self.first_stone, self.first_stone_light
        return self.second_stone, self.second_stone_light


_CLASSIC_LIGHT = Theme(
    name="classic",
    label="Black and white",
    first_name="Black",
    second_name="White",
    first_stone="#151515",
    first_stone_light="#6a6a6a",
    second_stone="#f4f4f0",
    second_stone_light="#ffffff",
    first_edge="#202020",
    second_edge="#f0f0ea",
    background="#d9c7a0",
    cell="#e8d3a6",
    cell_border="#7a6540",
    hover="#f6e7c4",
    text="#3b2f1a",
    last_move="#d2322d",
    winning_chain="#f0b400",
    best_move="#7b2cbf",
    overlay_low="#fff3c4",
    overlay_high="#1d7f3f",
    setup_frame="#e07b00",
    dark=False,
)

_CLASSIC_DARK = Theme(
    name="classic",
    label="Black and white",
    first_name="Black",
    second_name="White",
    first_stone="#0c0c0c",
    first_stone_light="#5c5c5c",
    second_stone="#ececec",
    second_stone_light="#ffffff",
    first_edge="#050505",
    second_edge="#e8e8e8",
    background="#2b2621",
    cell="#806a48",
    cell_border="#3a3024",
    hover="#9c8561",
    text="#e6dccb",
    last_move="#ff5a4f",
    winning_chain="#ffc928",
    best_move="#c77dff",
    overlay_low="#7d7344",
    overlay_high="#38c46a",
    setup_frame="#ff9b26",
    dark=True,
)

_REDBLUE_LIGHT = Theme(
    name="redblue",
    label="Red and blue (as in the thesis)",
    first_name="Blue",
    second_name="Red",
    first_stone="#1f55c8",
    first_stone_light="#7fa6f5",
    second_stone="#d22a2a",
    second_stone_light="#f58a7f",
    first_edge="#1f55c8",
    second_edge="#d22a2a",
    background="#eef0f4",
    cell="#fbfbfd",
    cell_border="#8c93a3",
    hover="#e1e7f6",
    text="#2c3240",
    last_move="#ffffff",
    winning_chain="#f0b400",
    best_move="#7b2cbf",
    overlay_low="#fff3c4",
    overlay_high="#1d7f3f",
    setup_frame="#e07b00",
    dark=False,
)

_REDBLUE_DARK = Theme(
    name="redblue",
    label="Red and blue (as in the thesis)",
    first_name="Blue",
    second_name="Red",
    first_stone="#3b78ff",
    first_stone_light="#9dbcff",
    second_stone="#ff4a4a",
    second_stone_light="#ffa198",
    first_edge="#3b78ff",
    second_edge="#ff4a4a",
    background="#1e2129",
    cell="#3a3f4c",
    cell_border="#5c6475",
    hover="#4b5263",
    text="#dfe3ec",
    last_move="#ffffff",
    winning_chain="#ffc928",
    best_move="#c77dff",
    overlay_low="#5d6148",
    overlay_high="#38c46a",
    setup_frame="#ff9b26",
    dark=True,
)

_THEMES: dict[tuple[str, bool], Theme] = {
    ("classic", False): _CLASSIC_LIGHT,
    ("classic", True): _CLASSIC_DARK,
    ("redblue", False): _REDBLUE_LIGHT,
    ("redblue", True): _REDBLUE_DARK,
}

THEME_NAMES = ("classic", "redblue")
"""Names accepted by :func:`theme`, in menu order."""


def theme(name: str, dark: bool = False) -> Theme:
    """The theme called ``name`` in its light or dark variant; raises ``KeyError`` for an
    unknown name (callers validate names read from settings with :data:`THEME_NAMES`)."""
    return _THEMES[(name, bool(dark))]


def theme_label(name: str) -> str:
    return _THEMES[(name, False)].label


def system_prefers_dark() -> bool:
    """Whether the desktop asks for a dark colour scheme (Qt 6.5+); False when unknown.

    GUI thread only (reads the running QGuiApplication's style hints).
    """
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        return False
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    if scheme is None:
        return False
    return scheme() == Qt.ColorScheme.Dark


def resolve_dark(mode: str) -> bool:
    """Whether dark colours apply for dark mode ``mode`` (see :data:`DARK_MODES`)."""
    if mode == "dark":
        return True
    if mode == "light":
        return False
    return system_prefers_dark()


def dark_palette():
    """A dark QPalette for the whole window when the user picks dark mode on a light desktop
    (the dashboard's charts follow the palette too). GUI thread only."""
    from PySide6.QtGui import QColor, QPalette

    palette = QPalette()
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    colors = {
        role.Window: "#2b2b2e",
        role.WindowText: "#e6e6e6",
        # Clearly darker than the window: Fusion draws a check box as a Base square with a
        # border a shade darker than the window, so a Base close to the window's colour made
        # unchecked boxes invisible (issue 30: the Population panel's "%" and "other").
        role.Base: "#141416",
        role.AlternateBase: "#1f1f22",
        role.ToolTipBase: "#3a3a3e",
        role.ToolTipText: "#f0f0f0",
        role.Text: "#e6e6e6",
        role.Button: "#36363a",
        role.ButtonText: "#e6e6e6",
        role.BrightText: "#ff6b6b",
        role.Link: "#6ea8ff",
        role.Highlight: "#3d6fd6",
        role.HighlightedText: "#ffffff",
        role.PlaceholderText: "#8a8a8a",
    }
    for color_role, name in colors.items():
        palette.setColor(color_role, QColor(name))
    for color_role in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, color_role, QColor("#7a7a7a"))
    return palette
