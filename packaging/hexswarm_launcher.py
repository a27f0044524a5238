"""Entry script of the PyInstaller bundle (the same main() as the ``hexswarm`` command)."""

from hexswarm.gui.app import main

raise SystemExit(main())
