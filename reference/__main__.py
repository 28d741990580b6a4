"""``python -m reference COMMAND GAME [options]``: see :mod:`reference.cli.main`."""

from reference.cli.main import main

raise SystemExit(main())
