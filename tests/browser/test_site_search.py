"""The site's search finds what a student types (issue 29: "Voronoi" found nothing)."""

from __future__ import annotations

import pytest
from site_browser import Watched

pytestmark = pytest.mark.xdist_group("site")


def test_search_for_voronoi_lists_the_dou_shou_qi_pages(site: Watched) -> None:
    page = site.open("index.html")
    page.get_by_placeholder("Search").first.click()
    page.keyboard.type("Voronoi")
    results = page.locator(".md-search-result__link")
    results.first.wait_for(timeout=15_000)
    hrefs = {results.nth(i).get_attribute("href") or "" for i in range(results.count())}
    assert any("003-split-search.html" in href for href in hrefs), hrefs
    assert any("003-dou-shou-qi.html" in href or "dou_shou_qi" in href for href in hrefs), hrefs
