"""The committed figures (docs/figures/*.svg): up to date, deterministic, well-formed, shown.

``python tools/figures.py`` (``make figures``) writes them; these tests regenerate
them into a temporary directory and compare byte by byte, so a change to a drawing
or to the code a figure is computed from cannot leave a stale picture on the pages.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "docs" / "figures"
PAPERS = ROOT / "docs" / "papers"
FIX = "run `python tools/figures.py` (or `make figures`) and commit docs/figures"
EMBED = re.compile(r"(?<!`)!\[[^\]]*\]\((?:\.\./)?figures/([A-Za-z0-9_.-]+\.svg)\)")


def generate(out: Path, *, hash_seed: str = "0") -> dict[str, bytes]:
    """Run the figure command into ``out``; every file it wrote, by name."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "figures.py"), "--out", str(out)],
        check=True,
        capture_output=True,
        env=env,
        cwd=ROOT,
    )
    return {p.name: p.read_bytes() for p in sorted(out.glob("*.svg"))}


def committed() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(FIGURES.glob("*.svg"))}


def test_committed_figures_are_the_generated_ones(tmp_path: Path) -> None:
    """Regenerated figures equal the committed ones: none missing, none stale, none extra."""
    fresh = generate(tmp_path)
    assert len(fresh) >= 12
    on_disk = committed()
    missing = sorted(set(fresh) - set(on_disk))
    extra = sorted(set(on_disk) - set(fresh))
    stale = sorted(name for name in set(fresh) & set(on_disk) if fresh[name] != on_disk[name])
    assert not missing, f"figures missing from docs/figures: {missing}; {FIX}"
    assert not stale, f"stale figures in docs/figures: {stale}; {FIX}"
    assert not extra, f"docs/figures holds figures nothing produces: {extra}; {FIX}"


def test_figures_are_byte_identical_across_runs(tmp_path: Path) -> None:
    """Two runs with different hash seeds write the same bytes (no set order, no clock)."""
    first = generate(tmp_path / "a", hash_seed="1")
    second = generate(tmp_path / "b", hash_seed="2")
    assert first == second


def test_every_figure_is_well_formed_svg_with_a_size() -> None:
    for name, data in committed().items():
        root = ET.fromstring(data)
        assert root.tag == "{http://www.w3.org/2000/svg}svg", name
        assert float(root.get("width", "0")) > 0 and float(root.get("height", "0")) > 0, name
        assert b"nan" not in data.lower(), f"{name} has a coordinate that is not a number"


def test_every_figure_is_embedded_in_a_paper_page() -> None:
    """Each committed figure is shown on a docs page (a paper page or another), and each
    embed names a committed file."""
    embedded: dict[str, list[str]] = {}
    for page in sorted([*PAPERS.glob("*.md"), *PAPERS.parent.glob("*.md")]):
        for name in EMBED.findall(page.read_text(encoding="utf-8")):
            embedded.setdefault(name, []).append(page.name)
    names = set(committed())
    assert sorted(names - set(embedded)) == [], "figures no page shows"
    assert sorted(set(embedded) - names) == [], "pages embed figures that do not exist"
