"""Reading a text file a user names on the command line: refused clearly, never a traceback.

A missing file, a directory, a device or pipe (``/dev/zero`` never ends), a file
larger than the caller's limit, or bytes that are not UTF-8 (``/bin/ls``) each give
a :class:`~reference.errors.ParameterError` with a one-line message.  A server that
reads files a client names (``serve --scenario-dir``) keeps them inside one directory
with :func:`path_inside`.
"""

from __future__ import annotations

from pathlib import Path

from reference.errors import ParameterError


class FileReadError(ParameterError):
    """A file that cannot be read as text: ``path``, and ``reason``, why (without the name)."""

    def __init__(self, what: str, path: str, reason: str, message: str | None = None) -> None:
        super().__init__(message or f"cannot read {what} {path!r}: {reason}")
        self.path = path
        self.reason = reason


def read_text_file(path: str, what: str, max_bytes: int) -> str:
    """The UTF-8 text of the regular file ``path`` (at most ``max_bytes`` bytes).

    ``what`` names the file in messages (``"scenario file"``, ``"--file"``).  Raises
    :class:`FileReadError`.
    """
    file = Path(path)
    try:
        if not file.exists():
            raise FileReadError(what, path, "no such file")
        if not file.is_file():
            raise FileReadError(what, path, "not a regular file")
        with file.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileReadError:  # one of the two above (a ParameterError is a ValueError too)
        raise
    except OSError as error:
        raise FileReadError(what, path, str(error.strerror)) from None
    except ValueError as error:  # e.g. an embedded NUL in the path
        raise FileReadError(what, path, str(error)) from None
    if len(data) > max_bytes:
        reason = f"larger than {max_bytes} bytes"
        raise FileReadError(what, path, reason, f"{what} {path!r} is {reason}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        reason = f"not UTF-8 text (byte {error.start})"
        raise FileReadError(what, path, reason, f"{what} {path!r} is {reason}") from None


def unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object's pairs as a dict, refusing a key given twice (``json.loads`` would keep
    the last silently): pass as ``object_pairs_hook``.

    >>> import json
    >>> json.loads('{"a": 1, "a": 2}', object_pairs_hook=unique_keys)
    Traceback (most recent call last):
    ...
    ValueError: the key 'a' is given twice in one object
    """
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} is given twice in one object")
        result[key] = value
    return result


def directory(path: str, what: str) -> Path:
    """The real (absolute, links resolved) path of the directory ``path``; raise
    :class:`ParameterError` when there is none (an empty name is none: it would be read
    as the current folder)."""
    if not path:
        raise ParameterError(f"{what} '': an empty name (give a directory, e.g. '.')")
    try:
        real = Path(path).resolve(strict=True)
    except (OSError, RuntimeError, ValueError):  # missing, a loop of links, a NUL
        raise ParameterError(f"{what} {path!r}: no such directory") from None
    if not real.is_dir():
        raise ParameterError(f"{what} {path!r}: not a directory")
    return real


def path_inside(root: Path, name: str, what: str) -> Path:
    """The real path of the file ``name`` names in the directory ``root`` (a real path,
    from :func:`directory`); raise :class:`ParameterError` when it would leave ``root``.

    ``..`` and symbolic links are resolved before the check, so neither leads out, and a
    name that leads out is refused whether or not such a file exists: the message tells
    nothing about files outside ``root``.  Absolute names are refused (names are relative
    to ``root``).  Whether the file exists is left to the reader.
    """
    if not name or "\0" in name:
        raise ParameterError(f"{what} {name!r}: not a file name")
    if Path(name).is_absolute():
        raise ParameterError(f"{what} {name!r}: give a name relative to the directory")
    try:
        real = (root / name).resolve()
    except (OSError, RuntimeError):  # a loop of symbolic links
        raise ParameterError(f"{what} {name!r}: a loop of symbolic links") from None
    if real != root and not real.is_relative_to(root):
        raise ParameterError(f"{what} {name!r} is outside the directory")
    return real
