"""A Gomocup-protocol gomoku brain: the protocol, the time manager and the engine behind
``python -m reference gomocup`` (docs/gomocup.md)."""
