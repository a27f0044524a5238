"""``python -m hexgui``: the same as the ``hexswarm`` command."""

from hexgui.app import main

raise SystemExit(main())
