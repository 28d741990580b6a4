"""Every page of the site at a 1280 px window, as a newcomer sees it (issue 29): no table
cut, every picture loaded and readable or one click from full size, a caption under each
figure, the home page with its picture and its two commands, no console error."""

from __future__ import annotations

from pathlib import Path

import pytest
from site_browser import Watched

pytestmark = pytest.mark.xdist_group("site")

MEASURE = """() => {
  const tables = [...document.querySelectorAll('.md-content table')].map(t => {
    const box = t.closest('.md-typeset__scrollwrap') || t.parentElement;
    return {width: t.getBoundingClientRect().width, room: box.clientWidth,
            columns: t.rows[0] ? t.rows[0].cells.length : 0};
  });
  const images = [...document.querySelectorAll('.md-content img')].map(im => ({
    src: im.getAttribute('src'), natural: im.naturalWidth, shown: im.getBoundingClientRect().width,
    linked: !!im.closest('a'),
    caption: !!(im.closest('figure') && im.closest('figure').querySelector('figcaption'))
  }));
  return {tables, images};
}"""


def pages(site_dir: Path) -> list[str]:
    """Every page but the API reference (generated from the docstrings) and the 404."""
    return sorted(
        str(path.relative_to(site_dir))
        for path in site_dir.rglob("*.html")
        if not str(path.relative_to(site_dir)).startswith(("api/", "assets/"))
        and path.name != "404.html"
    )


def test_no_table_is_cut_and_every_picture_can_be_read(site: Watched, site_dir: Path) -> None:
    names = pages(site_dir)
    assert len(names) >= 20
    cut: list[str] = []
    unreadable: list[str] = []
    tables = images = 0
    for name in names:
        page = site.open(name)
        found = page.evaluate(MEASURE)
        for table in found["tables"]:
            tables += 1
            if table["width"] > table["room"] + 1:
                cut.append(
                    f"{name}: a table of {table['columns']} columns, "
                    f"{table['width']:.0f} px in {table['room']} px"
                )
        for image in found["images"]:
            images += 1
            if image["natural"] == 0:
                unreadable.append(f"{name}: {image['src']} did not load")
            elif image["shown"] < 0.6 * image["natural"] and not image["linked"]:
                unreadable.append(
                    f"{name}: {image['src']} shown at {image['shown']:.0f} "
                    f"of {image['natural']} px, no link"
                )
            elif not image["caption"]:
                unreadable.append(f"{name}: {image['src']} has no visible caption")
    assert tables >= 60 and images >= 30
    assert cut == []
    assert unreadable == []


def test_the_home_page_teaches(site: Watched) -> None:
    page = site.open("index.html")
    text = page.inner_text(".md-content")
    assert "make demo" in text and "make test" in text
    figure = page.locator(".md-content figure img").first
    assert "trace-alphabeta-small.svg" in (figure.get_attribute("src") or "")
    assert page.evaluate("document.querySelector('.md-content figure img').naturalWidth") > 300
    for reader in ("A student", "Running the examples", "An engine author"):
        assert reader in text
    # a click on the picture opens it full size
    href = page.locator(".md-content figure a").first.get_attribute("href") or ""
    assert href.endswith("trace-alphabeta-small.svg")


def test_the_top_tabs_fit_in_one_row(site: Watched) -> None:
    page = site.open("index.html")
    tops = page.evaluate(
        "[...document.querySelectorAll('.md-tabs__item')].map(t => t.getBoundingClientRect().top)"
    )
    assert len(tops) >= 6 and len(set(tops)) == 1
