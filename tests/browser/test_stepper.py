"""The step-through page (docs/step.md): a student steps a real trace forward and back
(issue 29: 82 nodes for minimax and 26 for alpha-beta to depth 2 on the empty 3x3 board)."""

from __future__ import annotations

import pytest
from site_browser import Watched

pytestmark = pytest.mark.xdist_group("site")


def ready(site: Watched, key: str) -> None:
    site.page.wait_for_selector(f"#stepper[data-ready='{key}']", timeout=15_000)


def test_minimax_and_alphabeta_count_82_and_26_and_step_back(site: Watched) -> None:
    page = site.open("step.html")
    ready(site, "minimax 2")
    assert page.locator("#gt-position").input_value() == "0"  # the empty 3x3 board first
    assert page.inner_text("#gt-nodes") == "1" and page.inner_text("#gt-total") == "82"
    page.click("#gt-end")
    assert page.inner_text("#gt-nodes") == "82"
    assert "Principal variation" in page.inner_text("#gt-info")
    assert page.locator(".gt-node.gt-pv").count() == 3  # root, b2, b1
    page.select_option("#gt-algorithm", "alphabeta")
    ready(site, "alphabeta 2")
    page.click("#gt-end")
    assert page.inner_text("#gt-nodes") == "26"
    last = int(page.inner_text("#gt-step"))
    page.click("#gt-back")
    assert int(page.inner_text("#gt-step")) == last - 1
    page.click("#gt-start")
    assert page.inner_text("#gt-step") == "1" and page.inner_text("#gt-nodes") == "1"


def test_keys_step_and_the_window_and_cutoffs_are_shown(site: Watched) -> None:
    page = site.open("step.html")
    ready(site, "minimax 2")
    page.select_option("#gt-algorithm", "alphabeta")
    ready(site, "alphabeta 2")
    page.locator("#gt-tree").click()  # focus on the tree, not a menu
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#gt-step") == "2"
    assert "Window on entry" in page.inner_text("#gt-info")
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#gt-step") == "1"
    assert page.locator(".gt-cut.gt-cut-shown").count() == 0
    page.keyboard.press("End")
    assert page.locator(".gt-cut.gt-cut-shown").count() > 0  # alpha-beta's cut-offs, greyed


def test_a_table_listing_shows_its_probes_and_stores(site: Watched) -> None:
    page = site.open("step.html")
    ready(site, "minimax 2")
    page.select_option("#gt-algorithm", "alphabeta_tt")
    ready(site, "alphabeta_tt 2")
    texts = []
    for _ in range(int(page.inner_text("#gt-steps"))):
        texts.append(page.inner_text("#gt-info"))
        page.click("#gt-forward")
    joined = "\n".join(texts)
    assert "Table probe" in joined and "Table store" in joined


def test_every_prepared_position_loads(site: Watched) -> None:
    page = site.open("step.html")
    ready(site, "minimax 2")
    options = page.locator("#gt-position option")
    assert options.count() >= 5
    for number in range(options.count()):
        page.select_option("#gt-position", str(number))
        page.wait_for_selector(f"#stepper[data-position='{number}']", timeout=15_000)
        page.click("#gt-end")
        assert int(page.inner_text("#gt-nodes")) == int(page.inner_text("#gt-total")) > 0
