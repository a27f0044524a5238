"""HexSwarm's desktop application (PySide6): the board, game flow, dialogs and the dashboard.

A thin layer over :mod:`engine`: no game rules live here. The engine runs on a worker QThread
(:mod:`hexgui.engine_worker`); everything else runs on the GUI thread.
"""
