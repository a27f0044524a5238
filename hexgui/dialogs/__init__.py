"""Dialogs. Each returns plain settings dataclasses (see :mod:`hexgui.settings`)."""
