"""Entry script of the PyInstaller bundle (the same main() as the ``hexswarm`` command)."""

from hexgui.app import main

raise SystemExit(main())
