"""The command line and oracle interface: ``python -m reference COMMAND GAME [options]``."""
