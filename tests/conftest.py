"""Fixtures shared by every test folder.

* the documentation site, built once per test process, served on 127.0.0.1 and opened in
  headless Chromium (``tests/site_browser.py``; used by ``test_docs_site.py`` and
  ``tests/browser/``).
"""

from __future__ import annotations

from site_browser import browser, site, site_dir, site_url

__all__ = ["browser", "site", "site_dir", "site_url"]
