"""The documentation site, built once, and opened in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright.

The site is built once per test process (``mkdocs build --strict`` into a temporary
folder), served on 127.0.0.1 by a thread of this process, and opened in headless
Chromium at a 1280 x 900 window.  Every page a test opens records its console errors and
every request it makes: a test fails on a console error and on any request that leaves
127.0.0.1 (the site works offline, nothing from a CDN).

Nothing is downloaded at run time: Playwright (the ``browser`` extra, part of ``dev``)
drives the Chromium at ``/usr/bin/chromium`` (``CHROMIUM`` names another).  Without
Chromium the tests are skipped on a developer's machine and fail in CI (``CI`` set), where
``.ci/run`` installs it.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page, Request

ROOT = Path(__file__).resolve().parents[1]
WIDTH, HEIGHT = 1280, 900
"""The window every page is looked at in (the issue's measure: a 1280 px window)."""

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Flags for a closed network: without the background-networking ones Chromium keeps
trying to reach Google's hosts."""


def chromium_path() -> str:
    """The Chromium executable, or a skip (a failure in CI) naming what to install."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    missing = []
    if not Path(path).exists():
        missing.append("Debian's chromium (apt-get install chromium)")
    if importlib.util.find_spec("playwright") is None:
        missing.append("playwright (pip install -e '.[browser]')")
    if missing and not os.environ.get("CI"):
        pytest.skip(f"the browser tests need {' and '.join(missing)}")
    assert not missing, f"CI must run the browser tests: install {', '.join(missing)}"
    return path


def build_site(target: Path) -> Path:
    """``make docs`` into ``target``: the strict build, as a user runs it."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, f"`make docs` fails:\n{result.stderr[-4000:]}"
    return target


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def require_mkdocs() -> None:
    """Skip without the docs extra on a developer's machine; fail in CI, which must build."""
    missing = [m for m in ("mkdocs", "mkdocstrings", "griffe") if not importlib.util.find_spec(m)]
    if missing and not os.environ.get("CI"):
        pytest.skip(
            f"the docs extra is not installed ({', '.join(missing)}): pip install -e '.[docs]'"
        )
    assert not missing, f"CI must build the site: install the docs extra ({missing})"


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site (once per test process: the site tests share an xdist group)."""
    require_mkdocs()
    return build_site(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The site served on 127.0.0.1 (a free port), as ``http://127.0.0.1:PORT/``."""
    chromium_path()
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    executable = chromium_path()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@dataclass
class Watched:
    """A page and what it did: console errors, page errors, requests outside 127.0.0.1."""

    page: Page
    base: str
    errors: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)

    def open(self, path: str) -> Page:
        """Open a page of the site (a path relative to its root) and wait until it settles."""
        self.page.goto(self.base + path)
        self.page.wait_for_load_state("networkidle")
        return self.page


@pytest.fixture
def site(browser: Browser, site_url: str) -> Iterator[Watched]:
    """A fresh 1280 x 900 page on the served site; fails the test on console errors and on
    any request that leaves 127.0.0.1."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    page = context.new_page()
    watched = Watched(page, site_url)

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            watched.errors.append(f"{page.url}: {message.text}")

    def on_request(request: Request) -> None:
        url = request.url
        if not url.startswith(("http://127.0.0.1", "data:", "blob:", "about:")):
            watched.outside.append(url)

    page.on("console", on_console)
    page.on("pageerror", lambda error: watched.errors.append(f"{page.url}: {error}"))
    page.on("request", on_request)
    yield watched
    context.close()
    assert not watched.errors, f"console errors: {watched.errors}"
    assert not watched.outside, f"requests outside the site: {watched.outside}"
