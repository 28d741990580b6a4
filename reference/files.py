"""Reading a text file a user names on the command line: refused clearly, never a traceback.

A missing file, a directory, a device or pipe (``/dev/zero`` never ends), a file
larger than the caller's limit, or bytes that are not UTF-8 (``/bin/ls``) each give
a :class:`~reference.errors.ParameterError` with a one-line message.
"""

from __future__ import annotations

from pathlib import Path

from reference.errors import ParameterError


def read_text_file(path: str, what: str, max_bytes: int) -> str:
    """The UTF-8 text of the regular file ``path`` (at most ``max_bytes`` bytes).

    ``what`` names the file in messages (``"scenario file"``, ``"--file"``).
    """
    file = Path(path)
    try:
        if not file.exists():
            raise ParameterError(f"cannot read {what} {path!r}: no such file")
        if not file.is_file():
            raise ParameterError(f"cannot read {what} {path!r}: not a regular file")
        with file.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except ParameterError:  # one of the two above (a ParameterError is a ValueError too)
        raise
    except OSError as error:
        raise ParameterError(f"cannot read {what} {path!r}: {error.strerror}") from None
    except ValueError as error:  # e.g. an embedded NUL in the path
        raise ParameterError(f"cannot read {what} {path!r}: {error}") from None
    if len(data) > max_bytes:
        raise ParameterError(f"{what} {path!r} is larger than {max_bytes} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ParameterError(f"{what} {path!r} is not UTF-8 text (byte {error.start})") from None
