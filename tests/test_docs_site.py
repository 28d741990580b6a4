"""The documentation site builds (``make docs``): strict, offline, every page and figure in it.

MkDocs runs with ``--strict`` and the ``validation:`` settings of mkdocs.yml, so a broken
link, a missing anchor or a page left out of the navigation fails this test.  The site
needs the ``docs`` extra, which ``dev`` pulls in; without it the test is skipped on a
developer's machine and fails in CI (``CI`` set), where it must run.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from site_browser import require_mkdocs

ROOT = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.xdist_group("site")


def test_site_builds_strict_with_pages_figures_and_api(site_dir: Path) -> None:
    site = site_dir
    pages = {
        p.relative_to(ROOT / "docs").with_suffix(".html") for p in (ROOT / "docs").rglob("*.md")
    }
    built = {p.relative_to(site) for p in site.rglob("*.html")}
    assert pages <= built, f"pages missing from the site: {sorted(map(str, pages - built))}"
    assert Path("readme.html") in built  # README.md
    figures = {p.name for p in (ROOT / "docs" / "figures").glob("*.svg")}
    assert figures and figures == {p.name for p in (site / "figures").glob("*.svg")}
    mnk_page = (site / "papers" / "001-mnk.html").read_text(encoding="utf-8")
    assert 'src="../figures/mnk_threat_lines.svg"' in mnk_page
    svg_api = (site / "api" / "reference.svg.html").read_text(encoding="utf-8")
    assert "A small SVG writer" in svg_api  # the module's docstring
    assert "<blockquote>" not in svg_api  # its doctest is a code block, not quotes
    assert Path("api/reference.search.alphabeta.html") in built
    for html in (site / "index.html", site / "api" / "reference.svg.html"):
        text = html.read_text(encoding="utf-8")
        assert 'src="http' not in text and 'stylesheet" href="http' not in text, html


def load_tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_links_are_rewritten_for_the_site() -> None:
    require_mkdocs()
    tool = load_tool("docs_site")
    readme_page = tool.readme_page
    assert readme_page("[cli](docs/cli.md), [p](docs/papers/), [x](https://e.org)") == (
        "[cli](cli.md), [p](papers/index.md), [x](https://e.org)"
    )
    modules = tool.modules()
    assert "reference.svg" in modules and "reference.mnk.drawing" in modules
    assert "reference.__main__" not in modules and "reference" in modules


def test_doctest_blocks_become_code_blocks() -> None:
    require_mkdocs()
    markdown = load_tool("docs_docstrings").markdown_docstring
    text = "Uses :class:`~reference.svg.Svg`::\n\n    literal\n\nText\n>>> f(1)\n[1]\n\nEnd."
    assert markdown(text).split("\n") == [
        "Uses `reference.svg.Svg`:",
        "",
        "    literal",
        "",
        "Text",
        "",
        "```pycon",
        ">>> f(1)",
        "[1]",
        "```",
        "",
        "End.",
    ]


def test_lone_pictures_become_figures_with_captions_that_open_full_size() -> None:
    require_mkdocs()
    tool = load_tool("docs_site")
    out = tool.figures_with_captions('<p><img alt="A tree" src="figures/t.svg" /></p>')
    assert out == (
        '<figure class="gt-figure"><a href="figures/t.svg" title="open full size">'
        '<img alt="A tree" src="figures/t.svg" /></a><figcaption>A tree</figcaption></figure>'
    )
    inline = '<p>see <img alt="x" src="a.svg" /> here</p>'
    assert tool.figures_with_captions(inline) == inline  # inside a sentence: left alone
    import mkdocs.exceptions

    with pytest.raises(mkdocs.exceptions.PluginError, match="without alt text"):
        tool.figures_with_captions('<p><img alt="" src="figures/t.svg" /></p>', "page.md")


def test_a_wide_picture_keeps_its_size_in_a_box_that_scrolls(tmp_path: Path) -> None:
    require_mkdocs()
    tool = load_tool("docs_site")
    wide = tmp_path / "wide.svg"
    wide.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="3660" height="344">\n</svg>')
    narrow = tmp_path / "narrow.svg"
    narrow.write_text('<svg width="560.5px" height="9" xmlns="http://www.w3.org/2000/svg"/>')
    assert tool.svg_width(wide) == 3660 and tool.svg_width(narrow) == 560.5
    assert tool.svg_width(tmp_path / "missing.svg") is None
    assert tool.svg_width(tmp_path) is None
    widths = {"w.svg": 3660.0, "n.svg": 560.0}
    out = tool.figures_with_captions(
        '<p><img alt="A tree" src="w.svg" /></p><p><img alt="A board" src="n.svg" /></p>',
        "page.md",
        widths.get,
    )
    assert out.count('class="gt-figure gt-wide"><div class="gt-scroll"><a href="w.svg"') == 1
    assert "3660 px wide: scroll sideways" in out
    assert '<figure class="gt-figure"><a href="n.svg"' in out


def test_code_in_a_table_breaks_at_its_dots_and_nowhere_outside_tables() -> None:
    require_mkdocs()
    tool = load_tool("docs_site")
    page = (
        "<p><code>a.b</code></p><table><tr><td><code>reference.search_x/&lt;t&gt;</code>"
        " <code>f(x=1)</code></td></tr></table>"
    )
    assert tool.breakable_code_in_tables(page) == (
        "<p><code>a.b</code></p><table><tr><td><code>reference.<wbr>search_<wbr>x/&lt;t&gt;"
        "</code> <code>f(<wbr>x=<wbr>1)</code></td></tr></table>"
    )


def test_the_examples_page_lists_every_script() -> None:
    require_mkdocs()
    tool = load_tool("docs_site")
    page = tool.examples_page()
    scripts = sorted(p.name for p in (ROOT / "examples").glob("*.py"))
    assert all(f"| `{name}` |" in page for name in scripts)


def test_the_api_reference_groups_every_module_by_layer_with_a_summary() -> None:
    require_mkdocs()
    tool = load_tool("docs_site")
    names = tool.modules()
    page = tool.api_index(names)
    for name in names:
        assert page.count(f"| [`{name}`]({name}.md) | ") == 1, name
        assert tool.summary(name), name  # every module says what it is in one sentence
    assert tool.layer_of("reference.mnk.rules") == "The games"
    assert tool.layer_of("reference.search.retrograde") == "The search core"
    assert tool.layer_of("reference.svg") == "Helpers"
    headings = [line for line in page.splitlines() if line.startswith("## ")]
    assert headings[0] == "## The front door" and headings[-1] == "## Helpers"


def test_the_front_door_documents_every_public_name_where_it_is_imported() -> None:
    require_mkdocs()
    import reference

    tool = load_tool("docs_site")
    page = tool.front_door_page()
    for name in reference.__all__:
        assert f"## `reference.{name}`" in page
    assert "def solve(game: " in page and "class MNKGame(" in page
