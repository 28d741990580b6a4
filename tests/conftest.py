"""Fixtures shared by every test folder, and the Hypothesis profile.

* the Hypothesis profile named by ``HYPOTHESIS_PROFILE`` (``ci``, the default; ``dev``;
  ``thorough``), loaded here, before any test module (``tests/hypothesis_profiles.py``);

* ``cli``: the command line run in the test process, its output captured
  (``tests/cli_runner.py``; ``cli(*argv)`` gives the status, stdout and stderr,
  ``cli.json(*argv)`` the JSON object of a run that succeeds);

* the documentation site, built once per test process, served on 127.0.0.1 and opened in
  headless Chromium (``tests/site_browser.py``; used by ``test_docs_site.py`` and
  ``tests/browser/``).
"""

from __future__ import annotations

import hypothesis_profiles
from cli_runner import cli
from site_browser import browser, site, site_dir, site_url

PROFILE = hypothesis_profiles.PROFILE

__all__ = ["browser", "cli", "site", "site_dir", "site_url"]
