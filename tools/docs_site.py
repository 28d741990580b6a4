"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks:``); run by ``make docs``.

* README.md, which lives outside ``docs/``, becomes the page ``readme.md``, its
  ``docs/...`` links rewritten to be relative to ``docs/``;
* the API reference is generated: one page ``api/<module>.md`` per module of the
  package (a ``::: module`` block that mkdocstrings fills from the docstrings), and an
  ``API reference`` section is appended to the navigation, so a new module appears
  without editing anything;
* ``notebooks/README.md`` becomes the page ``notebooks.md`` and the examples' docstrings
  the page ``examples.md`` (one row per script: what it reproduces, how to run it);
* every picture that stands alone in its paragraph becomes a figure: the picture, a link
  to the full-size file (a click opens it) and its alt text as a visible caption; a
  picture without alt text fails the build (:func:`figures_with_captions`);
* the docstrings are read as Markdown by the griffe extension ``tools/docs_docstrings.py``.

Standard library only at import time apart from MkDocs itself, which calls these.
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Callable
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "reference"

_README_LINK = re.compile(r"\]\(docs/([^)]*)\)")


def modules(root: Path = ROOT, package: str = PACKAGE) -> list[str]:
    """Every module of ``package`` by dotted name, packages before their modules, sorted."""
    names = []
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return sorted(names)


def readme_page(text: str) -> str:
    """README.md as a page of ``docs/``: ``](docs/x)`` -> ``](x)``, ``docs/papers/`` -> the index."""
    text = text.replace("](docs/papers/)", "](papers/index.md)")
    return _README_LINK.sub(r"](\1)", text)


def api_page(module: str) -> str:
    """The page of one module: a title and the mkdocstrings block that renders it."""
    return f"# `{module}`\n\n::: {module}\n"


LAYERS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "The front door",
        "what `from reference import ...` gives, and the functions the command line calls",
        ("reference", "reference.api"),
    ),
    (
        "The games",
        "one package per game, the same rooms in each: geometry, notation, rules, the "
        "paper's modules, engines, players, drawing",
        (
            "reference.mnk",
            "reference.dots_and_boxes",
            "reference.connect6",
            "reference.wargame",
            "reference.dou_shou_qi",
        ),
    ),
    (
        "The search core",
        "the game-independent algorithms: the listings, the engine beside them, tables, "
        "retrograde analysis; graph algorithms",
        ("reference.search", "reference.graphs"),
    ),
    (
        "The tracer and the registry",
        "every node a search visits; every game's name, options and constructor",
        ("reference.trace", "reference.registry"),
    ),
    (
        "Front ends",
        "the command line, the oracle toolkit (check, suite, serve), the Gomocup brain, "
        "annotation",
        ("reference.cli", "reference.oracle", "reference.gomocup", "reference.annotate"),
    ),
)
"""The API reference's sections, by layer (docs/architecture.md): title, one line, the
packages or modules in it; every other module is a small shared helper."""


def layer_of(module: str) -> str:
    """The title of the section a module belongs to (``Helpers`` when none claims it)."""
    for title, _, parts in LAYERS:
        for part in parts:
            if module == part or (part != "reference" and module.startswith(part + ".")):
                return title
    return "Helpers"


def summary(module: str, root: Path = ROOT) -> str:
    """The first sentence of a module's docstring (read from the file, not imported)."""
    relative = Path(*module.split("."))
    path = root / relative / "__init__.py"
    if not path.exists():
        path = root / relative.with_suffix(".py")
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    first = " ".join(doc.strip().split("\n\n", 1)[0].split())
    return first.split(". ", 1)[0].rstrip(".").replace("|", "\\|")


def front_door_page() -> str:
    """``reference``: every name of ``__all__`` documented here, where users import it: its
    signature and docstring, and a link to the page of the module that defines it."""
    import importlib
    import inspect
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from docs_docstrings import markdown_docstring

    import reference

    lazy: dict[str, str] = getattr(reference, "_LAZY", {})
    lines = [
        "# `reference`: the front door",
        "",
        "```python",
        "from reference import MNKGame, DotsAndBoxes, Connect6, WarGame, DouShouQi",
        "from reference import solve, perft, divide, bestmove",
        "```",
        "",
        "Every name below is imported from `reference` itself (the command line calls the",
        "same functions); each links to the page of the module that defines it.",
        "",
    ]
    for name in reference.__all__:
        module = lazy.get(name, "reference.errors")
        value = getattr(importlib.import_module(module), name)
        try:
            signature = f"{name}{inspect.signature(value, eval_str=True)}"
        except (TypeError, ValueError, NameError):
            try:
                signature = f"{name}{inspect.signature(value)}"
            except (TypeError, ValueError):
                signature = name
        kind = "class" if inspect.isclass(value) else "def"
        doc = markdown_docstring(inspect.getdoc(value) or "")
        lines += [
            f"## `reference.{name}`",
            "",
            "```python",
            f"{kind} {signature}",
            "```",
            "",
            doc,
            "",
            f"Defined in [`{module}`]({module}.md#{module}.{name}).",
            "",
        ]
    return "\n".join(lines) + "\n"


def api_index(names: list[str]) -> str:
    """The API reference's first page: the modules by layer, each with its first sentence."""
    lines = [
        "# API reference",
        "",
        "Generated from the docstrings (mkdocstrings); one page per module, grouped by layer",
        "(the layers only point down: [architecture](../architecture.md)). Start with",
        "[the front door](front-door.md): what `from reference import ...` gives.",
        "",
    ]
    sections = [title for title, _, _ in LAYERS] + ["Helpers"]
    blurbs = {title: blurb for title, blurb, _ in LAYERS}
    blurbs["Helpers"] = "small shared helpers: errors, numbers, bits, files, ranges, pictures"
    for title in sections:
        members = [name for name in names if layer_of(name) == title]
        if not members:
            continue
        lines += [f"## {title}", "", blurbs[title] + ".", "", "| module | what |", "|---|---|"]
        lines += [f"| [`{name}`]({name}.md) | {summary(name)} |" for name in members]
        lines.append("")
    return "\n".join(lines) + "\n"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Append the API reference to the navigation: by layer, then by package."""
    sections: dict[str, dict[str, list[dict[str, str]]]] = {}
    for name in modules():
        package = ".".join(name.split(".")[:2])
        sections.setdefault(layer_of(name), {}).setdefault(package, []).append(
            {name: f"api/{name}.md"}
        )
    section: list[object] = [{"Modules": "api/index.md"}, {"The front door": "api/front-door.md"}]
    for title in [t for t, _, _ in LAYERS] + ["Helpers"]:
        packages = sections.get(title, {})
        entries: list[object] = []
        for package, pages in packages.items():
            entries += pages if len(pages) == 1 else [{package: pages}]
        if entries:
            section.append({title: entries})
    nav = config.nav if config.nav is not None else []
    nav.append({"API reference": section})
    config.nav = nav
    return config


_LONE_IMAGE = re.compile(r"<p>\s*(<img [^>]*>)\s*</p>")
_ALT = re.compile(r'alt="([^"]*)"')
_SRC = re.compile(r'src="([^"]*)"')
_SVG_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)(?:px)?"')

WIDE = 900
"""A picture wider than this many pixels is shown at its own size in a box that scrolls
sideways: the text column is about 690 px at a 1280 px window, and a tree of 1,260 px
shrunk to fit would have labels 5 px high."""


def svg_width(path: Path) -> float | None:
    """The width an SVG file declares on its root (``None``: not an SVG, no number)."""
    if path.suffix != ".svg" or not path.is_file():
        return None
    with path.open(encoding="utf-8") as handle:
        found = _SVG_WIDTH.search(handle.read(4000))
    return float(found.group(1)) if found else None


def figures_with_captions(
    page_html: str, where: str = "", width_of: Callable[[str], float | None] = lambda _: None
) -> str:
    """Each picture alone in a paragraph as ``<figure>``: the picture inside a link to its
    file (a click opens it full size) and its alt text as a visible caption.

    A picture wider than :data:`WIDE` (``width_of(src)``, in pixels) keeps its own size in
    a box that scrolls sideways (class ``gt-wide``), its caption below the box saying so."""

    def figure(match: re.Match[str]) -> str:
        image = match.group(1)
        alt = _ALT.search(image)
        src = _SRC.search(image)
        if alt is None or not alt.group(1).strip() or src is None:
            raise PluginError(f"{where}: a picture without alt text (its caption): {image[:120]}")
        link = f'<a href="{src.group(1)}" title="open full size">{image}</a>'
        caption = alt.group(1)
        width = width_of(src.group(1))
        if width is not None and width > WIDE:
            return (
                f'<figure class="gt-figure gt-wide"><div class="gt-scroll">{link}</div>'
                f'<figcaption>{caption} <span class="gt-hint">({width:.0f} px wide: scroll '
                f"sideways, or click to open it alone)</span></figcaption></figure>"
            )
        return f'<figure class="gt-figure">{link}<figcaption>{caption}</figcaption></figure>'

    return _LONE_IMAGE.sub(figure, page_html)


_TABLE = re.compile(r"<table>.*?</table>", re.S)
_CODE = re.compile(r"(<code>)(.*?)(</code>)", re.S)
_TAG_OR_ENTITY = re.compile(r"(<[^>]*>|&[#\w]+;)")
_BREAK_AFTER = re.compile(r"([./_,=(:])(?=\w)")


def breakable_code_in_tables(page_html: str) -> str:
    """Code in a table cell may break after ``.``, ``/``, ``_``, ``,``, ``=``, ``(`` or ``:``
    (a ``<wbr>``), so that ``reference.search.minimax.minimax`` wraps at its dots instead
    of widening its column or breaking in the middle of a name (docs/assets/site.css)."""

    def code(match: re.Match[str]) -> str:
        parts = _TAG_OR_ENTITY.split(match.group(2))
        text = "".join(
            part if _TAG_OR_ENTITY.fullmatch(part) else _BREAK_AFTER.sub(r"\1<wbr>", part)
            for part in parts
        )
        return match.group(1) + text + match.group(3)

    return _TABLE.sub(lambda table: _CODE.sub(code, table.group(0)), page_html)


def on_page_content(page_html: str, page: Page, config: MkDocsConfig, **_: object) -> str:
    """Pictures as figures with captions that open full size; code in tables that wraps."""
    folder = (Path(config.docs_dir) / page.file.src_path).parent

    def width_of(src: str) -> float | None:
        return None if "://" in src else svg_width(folder / src)

    figures = figures_with_captions(page_html, page.file.src_path, width_of)
    return breakable_code_in_tables(figures)


def examples_page(root: Path = ROOT) -> str:
    """The examples: each script's first docstring line and how to run it."""
    lines = [
        "# The examples",
        "",
        "Each script in `examples/` reproduces a paper's experiment (or measures one part of",
        "the package) at laptop scale and prints the paper's table; every one takes `--help`.",
        "Run one from the repository after `make demo`: `.venv/bin/python examples/NAME.py`.",
        "",
        "| script | what it does |",
        "|---|---|",
    ]
    for path in sorted((root / "examples").glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        first = doc.strip().split("\n\n", 1)[0].replace("\n", " ")
        lines.append(f"| `{path.name}` | {html.escape(first).replace('|', '&#124;')} |")
    return "\n".join(lines) + "\n"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add README.md as ``readme.md``, the notebooks' and examples' pages and the API pages."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    files.append(File.generated(config, "readme.md", content=readme_page(readme)))
    notebooks = (ROOT / "notebooks" / "README.md").read_text(encoding="utf-8")
    files.append(File.generated(config, "notebooks.md", content=notebooks))
    files.append(File.generated(config, "examples.md", content=examples_page()))
    names = modules()
    files.append(File.generated(config, "api/index.md", content=api_index(names)))
    files.append(File.generated(config, "api/front-door.md", content=front_door_page()))
    for name in names:
        files.append(File.generated(config, f"api/{name}.md", content=api_page(name)))
    return files
