"""The step-through page (docs/step.md): a student steps a real trace forward and back
(issue 29: 82 nodes for minimax and 26 for alpha-beta to depth 2 on the empty 3x3 board)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from site_browser import HEIGHT, WIDTH, Watched

pytestmark = pytest.mark.xdist_group("site")


def ready(site: Watched, key: str) -> None:
    site.page.wait_for_selector(f"#stepper[data-ready='{key}']", timeout=15_000)


def test_minimax_and_alphabeta_count_82_and_26_and_step_back(site: Watched) -> None:
    page = site.open("step.html")
    ready(site, "minimax 2")
    assert page.locator("#gt-position").input_value() == "0"  # the empty 3x3 board first
    assert page.inner_text("#gt-nodes") == "1" and page.inner_text("#gt-total") == "82"
    assert page.inner_text("#gt-steps") == str(2 * 82 + 1)  # enter and leave each node, done
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
        assert overlapping_boxes(page) == []


def overlapping_boxes(page: Page) -> list[list[str]]:
    """Pairs of node boxes drawn on one another (none: the layout keeps them apart)."""
    found: list[list[str]] = page.evaluate(
        """() => {
          const boxes = [...document.querySelectorAll('.gt-node')].map(
            g => [g.dataset.order, g.querySelector('rect').getBoundingClientRect()]);
          const pairs = [];
          for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
            const [a, p] = boxes[i], [b, q] = boxes[j];
            if (p.left < q.right - 0.5 && q.left < p.right - 0.5 &&
                p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) pairs.push([a, b]);
          }
          return pairs;
        }"""
    )
    return found


def test_the_tree_is_laid_out_again_when_the_window_narrows(site: Watched) -> None:
    page = site.open("step.html")
    ready(site, "minimax 2")
    page.click("#gt-forward")
    page.set_viewport_size({"width": 700, "height": 900})
    page.wait_for_function(
        "document.querySelector('.gt-viewport').getBoundingClientRect().width"
        " <= document.querySelector('#gt-tree').getBoundingClientRect().width"
    )
    assert page.inner_text("#gt-step") == "2" and overlapping_boxes(page) == []


def tree_box(page: Page) -> dict[str, float]:
    """The drawn tree's extent at the current zoom, and the viewer's width."""
    found: dict[str, float] = page.evaluate(
        """() => {
          const tree = document.querySelector('#gt-tree');
          const box = document.querySelector('.gt-viewport').getBoundingClientRect();
          const root = document.querySelector('.gt-node[data-order="1"] rect').getBoundingClientRect();
          const view = tree.getBoundingClientRect();
          return {width: box.width, view: view.width, rootLeft: root.left - view.left,
                  rootTop: root.top - view.top, rootWidth: root.width};
        }"""
    )
    return found


def test_a_wide_tree_fits_the_viewer_with_its_root_in_view(site: Watched) -> None:
    """Minimax's 72 leaves would be 3,000 px side by side: the viewer folds the first
    moves' subtrees into rows, so the whole width shows at full size, the root at the top."""
    page = site.open("step.html")
    ready(site, "minimax 2")
    box = tree_box(page)
    assert box["width"] <= box["view"]
    assert 0 <= box["rootLeft"] < box["view"] and 0 <= box["rootTop"] < 100
    assert box["rootWidth"] == pytest.approx(38, abs=1)  # full size: the zoom is 1
    page.click("#gt-zoom-in")
    assert tree_box(page)["rootWidth"] > 40
    page.click("#gt-fit")
    fitted = tree_box(page)
    assert fitted["rootWidth"] < box["rootWidth"]  # the whole tree: smaller than full size
    tree = page.locator("#gt-tree").bounding_box()
    assert tree is not None
    page.mouse.move(tree["x"] + 200, tree["y"] + 200)
    page.mouse.wheel(0, -300)  # the wheel zooms in
    page.wait_for_function(
        f"document.querySelector('.gt-node[data-order=\"1\"] rect')"
        f".getBoundingClientRect().width > {fitted['rootWidth'] + 0.5}"
    )
    page.mouse.down()  # a drag pans
    page.mouse.move(tree["x"] + 260, tree["y"] + 240, steps=4)
    page.mouse.up()
    moved = tree_box(page)
    assert moved["rootWidth"] > fitted["rootWidth"]


def test_the_board_follows_the_steps(site: Watched) -> None:
    """The tic-tac-toe board beside the tree shows the stones of the path to the node."""
    page = site.open("step.html")
    ready(site, "minimax 2")
    assert page.locator("#gt-board circle").count() == 0  # the empty board, at the root
    page.click("#gt-forward")  # enter b2
    assert page.locator("#gt-board circle").count() == 1
    assert "after b2" in page.inner_text("#gt-board")
    page.click("#gt-forward")  # enter b2's first reply
    assert page.locator("#gt-board circle").count() == 2
    page.click("#gt-back")
    assert page.locator("#gt-board circle").count() == 1


def test_mtdf_draws_its_principal_variation_in_the_pass_that_found_it(site: Watched) -> None:
    page = site.open("step.html")
    ready(site, "minimax 2")
    page.select_option("#gt-algorithm", "mtdf")
    ready(site, "mtdf 2")
    page.click("#gt-end")
    pv = page.inner_text("#gt-info").split("Principal variation:")[1].split(".")[0].split()
    assert page.locator(".gt-node.gt-pv").count() == len(pv) + 1  # the root and each move
    assert page.locator(".gt-pass").count() >= 2


def test_the_page_works_from_disk_with_the_network_off(browser: Browser, site_dir: Path) -> None:
    """The built folder opened straight from disk (file://), the browser offline: the
    traces are scripts beside the page, so the counts are reached all the same.  (The
    theme's search index is the one file a browser refuses to a page read from disk.)"""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, offline=True)
    page = context.new_page()
    errors: list[str] = []
    failed: list[str] = []

    def note(text: str) -> None:
        if "/search/search_index.js" not in text and not text.startswith("Failed to load"):
            errors.append(text)

    page.on("pageerror", lambda error: note(str(error)))
    page.on("console", lambda message: note(message.text) if message.type == "error" else None)
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.goto((site_dir / "step.html").as_uri())
    page.wait_for_selector("#stepper[data-ready='minimax 2']", timeout=15_000)
    page.click("#gt-end")
    assert page.inner_text("#gt-nodes") == "82"
    page.select_option("#gt-algorithm", "alphabeta")
    page.wait_for_selector("#stepper[data-ready='alphabeta 2']", timeout=15_000)
    page.click("#gt-end")
    assert page.inner_text("#gt-nodes") == "26"
    context.close()
    assert not errors, errors
    assert all("/search/" in url for url in failed), failed
