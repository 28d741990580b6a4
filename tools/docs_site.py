"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks:``); run by ``make docs``.

* README.md, which lives outside ``docs/``, becomes the page ``readme.md``, its
  ``docs/...`` links rewritten to be relative to ``docs/``;
* the API reference is generated: one page ``api/<module>.md`` per module of the
  package (a ``::: module`` block that mkdocstrings fills from the docstrings), and an
  ``API reference`` section is appended to the navigation, so a new module appears
  without editing anything;
* the docstrings are read as Markdown by the griffe extension ``tools/docs_docstrings.py``.

Standard library only at import time apart from MkDocs itself, which calls these.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

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
    text = text.replace("](docs/papers/)", "](index.md)")
    return _README_LINK.sub(r"](\1)", text)


def api_page(module: str) -> str:
    """The page of one module: a title and the mkdocstrings block that renders it."""
    return f"# `{module}`\n\n::: {module}\n"


def api_index(names: list[str]) -> str:
    """The API reference's first page: every module, linked."""
    lines = [
        "# API reference",
        "",
        "Generated from the docstrings (mkdocstrings); one page per module.",
        "The layers and what each part is for: [architecture](../architecture.md).",
        "",
    ]
    lines += [f"* [`{name}`]({name}.md)" for name in names]
    return "\n".join(lines) + "\n"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Append the API reference to the navigation: by package, one entry per module."""
    groups: dict[str, list[dict[str, str]]] = {}
    for name in modules():
        top = ".".join(name.split(".")[:2])
        groups.setdefault(top, []).append({name: f"api/{name}.md"})
    section: list[object] = [{"Modules": "api/index.md"}]
    section += [{top: entries} for top, entries in groups.items()]
    nav = config.nav if config.nav is not None else []
    nav.append({"API reference": section})
    config.nav = nav
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add README.md as ``readme.md`` and the generated API pages."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    files.append(File.generated(config, "readme.md", content=readme_page(readme)))
    names = modules()
    files.append(File.generated(config, "api/index.md", content=api_index(names)))
    for name in names:
        files.append(File.generated(config, f"api/{name}.md", content=api_page(name)))
    return files
