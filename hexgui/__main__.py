"""``python -m hexswarm.gui``: the same as the ``hexswarm`` command."""

from hexswarm.gui.app import main

raise SystemExit(main())
