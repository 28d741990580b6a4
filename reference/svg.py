"""A small SVG writer (standard library only) for the papers' board, graph and chart figures.

The examples draw a paper's pictures (boards, movement ranges, road counts, growth
curves) so that a student can look instead of read; a browser shows an ``.svg``
file as it is.  :class:`Svg` collects shapes and writes one document;
:func:`side_by_side` and :func:`grid` put several documents in rows (the panels of
one figure);
:func:`line_chart` draws series of points, optionally on a logarithmic y axis.
Used by every game's drawing (:mod:`reference.wargame.drawing`,
:mod:`reference.connect6.drawing`, :mod:`reference.dou_shou_qi.drawing`, ...); a
shape's ``css_class`` and ``data`` attributes let tests find it.

>>> picture = Svg(40, 20)
>>> picture.rect(0, 0, 20, 20, fill="#ffffff", data={"tile": "a1"})
>>> picture.text(30, 15, "x<y")
>>> print(picture.to_string())  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20" font-family="sans-serif">
<rect x="0" y="0" width="20" height="20" fill="#ffffff" stroke="#999999" data-tile="a1"/>
<text x="30" y="15" font-size="12" text-anchor="middle" fill="#000000">x&lt;y</text>
</svg>
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

Point = tuple[float, float]
"""An (x, y) position in SVG units, y growing downwards."""


def _number(value: float) -> str:
    """A coordinate without needless decimals: ``12``, ``12.5``, ``0.333``."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _attributes(data: Mapping[str, str] | None, css_class: str = "") -> str:
    """A ``class`` and ``data-*`` attributes (tests find the shapes by them)."""
    named = f" class={quoteattr(css_class)}" if css_class else ""
    if not data:
        return named
    return named + "".join(f" data-{key}={quoteattr(value)}" for key, value in data.items())


class Svg:
    """One SVG document: shapes are appended in drawing order (later ones on top)."""

    __slots__ = ("height", "parts", "width")

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self.parts: list[str] = []

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str,
        stroke: str = "#999999",
        data: Mapping[str, str] | None = None,
        css_class: str = "",
    ) -> None:
        """A rectangle with its top left corner at (x, y)."""
        self.parts.append(
            f'<rect x="{_number(x)}" y="{_number(y)}" width="{_number(width)}" '
            f'height="{_number(height)}" fill="{fill}" stroke="{stroke}"'
            f"{_attributes(data, css_class)}/>"
        )

    def polygon(
        self,
        points: Sequence[Point],
        *,
        fill: str,
        stroke: str = "#999999",
        data: Mapping[str, str] | None = None,
    ) -> None:
        """A closed polygon (a hexagonal or octagonal tile)."""
        coords = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self.parts.append(
            f'<polygon points="{coords}" fill="{fill}" stroke="{stroke}"{_attributes(data)}/>'
        )

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str,
        stroke: str = "#333333",
        data: Mapping[str, str] | None = None,
        css_class: str = "",
    ) -> None:
        """A circle (a unit, a stone)."""
        self.parts.append(
            f'<circle cx="{_number(cx)}" cy="{_number(cy)}" r="{_number(r)}" fill="{fill}" '
            f'stroke="{stroke}"{_attributes(data, css_class)}/>'
        )

    def line(
        self,
        a: Point,
        b: Point,
        *,
        stroke: str = "#333333",
        width: float = 1,
        dashed: bool = False,
        dashes: str = "4 3",
        arrow: bool = False,
        data: Mapping[str, str] | None = None,
        css_class: str = "",
    ) -> None:
        """A straight line from ``a`` to ``b``; ``arrow`` adds a head at ``b``.

        ``dashed`` draws it with the dash pattern ``dashes`` (dash, gap, ...).
        """
        dash = f' stroke-dasharray="{dashes}"' if dashed else ""
        self.parts.append(
            f'<line x1="{_number(a[0])}" y1="{_number(a[1])}" x2="{_number(b[0])}" '
            f'y2="{_number(b[1])}" stroke="{stroke}" stroke-width="{_number(width)}"{dash}'
            f"{_attributes(data, css_class)}/>"
        )
        if arrow:
            angle = math.atan2(b[1] - a[1], b[0] - a[0])
            size = 4 + 2 * width
            left = (b[0] - size * math.cos(angle - 0.45), b[1] - size * math.sin(angle - 0.45))
            right = (b[0] - size * math.cos(angle + 0.45), b[1] - size * math.sin(angle + 0.45))
            self.polygon((b, left, right), fill=stroke, stroke=stroke)

    def polyline(self, points: Sequence[Point], *, stroke: str, width: float = 1.5) -> None:
        """An open line through ``points`` (a series of a chart)."""
        coords = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self.parts.append(
            f'<polyline points="{coords}" fill="none" stroke="{stroke}" '
            f'stroke-width="{_number(width)}"/>'
        )

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float = 12,
        anchor: str = "middle",
        fill: str = "#000000",
        bold: bool = False,
        halo: str = "",
        data: Mapping[str, str] | None = None,
        css_class: str = "",
    ) -> None:
        """Text whose baseline is at ``y``; ``anchor`` is ``start``, ``middle`` or ``end``.

        ``halo``: a colour drawn around the letters, under them (a label stays readable
        on a line it lies on).
        """
        weight = ' font-weight="bold"' if bold else ""
        if halo:
            weight += f' stroke="{halo}" stroke-width="3" paint-order="stroke"'
        self.parts.append(
            f'<text x="{_number(x)}" y="{_number(y)}" font-size="{_number(size)}" '
            f'text-anchor="{anchor}" fill="{fill}"{weight}{_attributes(data, css_class)}>'
            f"{escape(content)}</text>"
        )

    def to_string(self) -> str:
        """The document."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(self.width)}" '
            f'height="{_number(self.height)}" viewBox="0 0 {_number(self.width)} '
            f'{_number(self.height)}" font-family="sans-serif">'
        )
        return "\n".join([head, *self.parts, "</svg>"])


_SIZE = re.compile(r'<svg [^>]*width="([0-9.]+)" height="([0-9.]+)"')


def svg_size(document: str) -> tuple[float, float]:
    """Width and height of a document written by :class:`Svg`."""
    match = _SIZE.match(document)
    if match is None:
        raise ValueError("not a document written by reference.svg.Svg")
    return float(match.group(1)), float(match.group(2))


def side_by_side(documents: Sequence[str], *, gap: float = 12, title: str = "") -> str:
    """Several documents in a row, top-aligned, as one document (the panels of a figure)."""
    return grid(documents, columns=max(1, len(documents)), gap=gap, title=title)


def grid(documents: Sequence[str | None], *, columns: int, gap: float = 12, title: str = "") -> str:
    """Documents in rows of ``columns`` cells (``None``: an empty cell), as one document."""
    if columns < 1:
        raise ValueError("a grid needs at least one column")
    sizes = [svg_size(d) if d is not None else (0.0, 0.0) for d in documents]
    rows = [range(k, min(k + columns, len(documents))) for k in range(0, len(documents), columns)]
    col_width = [
        max((sizes[k][0] for k in range(c, len(documents), columns)), default=0.0)
        for c in range(columns)
    ]
    row_height = [max(sizes[k][1] for k in row) for row in rows]
    top = 24.0 if title else 0.0
    width = sum(col_width) + gap * (columns - 1)
    height = top + sum(row_height) + gap * max(0, len(rows) - 1)
    out = Svg(max(width, 7.0 * len(title) + 20), height)
    if title:
        out.text(out.width / 2, 17, title, size=14)
    y = top
    for row, h in zip(rows, row_height, strict=True):
        x = 0.0
        for k in row:
            document = documents[k]
            if document is not None:
                w, doc_h = sizes[k]
                body = document.split(">", 1)[1].rsplit("</svg>", 1)[0]
                out.parts.append(
                    f'<svg x="{_number(x)}" y="{_number(y)}" width="{_number(w)}" '
                    f'height="{_number(doc_h)}">{body}</svg>'
                )
            x += col_width[k % columns] + gap
        y += h + gap
    return out.to_string()


@dataclass(frozen=True, slots=True)
class Series:
    """One curve of a chart: its name, its points (x, y) and its colour."""

    name: str
    points: tuple[tuple[float, float], ...]
    colour: str


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    x_label: str,
    y_label: str,
    log_y: bool = False,
    width: float = 520,
    height: float = 356,
) -> str:
    """Series as lines with dots, axes with ticks, a legend; ``log_y``: powers of ten on y.

    On a logarithmic axis points with y <= 0 are left out.
    """
    left, right, top, bottom = 70.0, 20.0, 50.0, 46.0
    points = [(x, y) for s in series for x, y in s.points if not (log_y and y <= 0)]
    if not points:
        raise ValueError("a chart needs at least one point")
    plot = _Plot.around(points, log_y, left, top, width - left - right, height - top - bottom)
    svg = Svg(width, height)
    svg.rect(0, 0, width, height, fill="#ffffff", stroke="#ffffff")
    svg.text(width / 2, 20, title, size=14)
    plot.draw_axes(svg, sorted({x for x, _ in points}))
    svg.text(left + plot.width / 2, height - 8, x_label, size=12)
    svg.text(left - 60, top - 12, y_label, size=12, anchor="start")
    for rank, s in enumerate(series):
        plot.draw_series(svg, s, rank)
    return svg.to_string()


@dataclass(frozen=True, slots=True)
class _Plot:
    """The plotting area of a chart (a rectangle of the picture) and the data it spans."""

    left: float
    top: float
    width: float
    height: float
    x_low: float
    x_high: float
    y_low: float
    """The bottom of the y axis, on its scale (a power of ten when ``log_y``)."""
    y_high: float
    log_y: bool

    @staticmethod
    def around(
        points: Sequence[Point], log_y: bool, left: float, top: float, width: float, height: float
    ) -> _Plot:
        """The area that shows every one of ``points`` (a linear y axis starts at 0 or below)."""
        x_low, x_high = min(x for x, _ in points), max(x for x, _ in points)
        scaled = [math.log10(y) if log_y else y for _, y in points]
        y_low, y_high = min(scaled), max(scaled)
        if log_y:
            y_low, y_high = math.floor(y_low), math.ceil(y_high)
        else:
            y_low = min(0.0, y_low)
        x_high = x_high if x_high > x_low else x_low + 1
        y_high = y_high if y_high > y_low else y_low + 1
        return _Plot(left, top, width, height, x_low, x_high, y_low, y_high, log_y)

    def screen_y(self, value: float) -> float:
        """The picture's y of ``value`` on the y axis's scale (its logarithm when ``log_y``)."""
        return (
            self.top + self.height - (value - self.y_low) / (self.y_high - self.y_low) * self.height
        )

    def to_screen(self, x: float, y: float) -> Point:
        """The picture's position of the data point (x, y)."""
        return (
            self.left + (x - self.x_low) / (self.x_high - self.x_low) * self.width,
            self.screen_y(math.log10(y) if self.log_y else y),
        )

    def draw_axes(self, svg: Svg, xs: Sequence[float]) -> None:
        """The two axes, a tick and label at each of ``xs``, and about five y grid lines
        (one per power of ten on a logarithmic axis, at most ten)."""
        left, top, bottom = self.left, self.top, self.top + self.height
        svg.line((left, bottom), (left + self.width, bottom))
        svg.line((left, top), (left, bottom))
        for x in xs:
            sx, sy = self.to_screen(x, 10**self.y_low if self.log_y else self.y_low)
            svg.line((sx, sy), (sx, sy + 4))
            svg.text(sx, sy + 16, _number(x), size=11)
        steps = int(self.y_high - self.y_low) if self.log_y else 5
        for k in range(0, steps + 1, max(1, math.ceil(steps / 10))):
            value = self.y_low + k * (self.y_high - self.y_low) / steps
            sy = self.screen_y(value)
            svg.line((left - 4, sy), (left + self.width, sy), stroke="#dddddd")
            label = f"1e{int(value)}" if self.log_y else f"{value:,.0f}"
            svg.text(left - 6, sy + 4, label, size=11, anchor="end")

    def draw_series(self, svg: Svg, series: Series, rank: int) -> None:
        """One series: its line, a dot per point, and its legend entry (the ``rank``-th)."""
        shown = [self.to_screen(x, y) for x, y in series.points if not (self.log_y and y <= 0)]
        if len(shown) > 1:
            svg.polyline(shown, stroke=series.colour)
        for sx, sy in shown:
            svg.circle(
                sx, sy, 2.5, fill=series.colour, stroke=series.colour, data={"series": series.name}
            )
        ly = self.top + 8 + 16 * rank
        svg.line((self.left + 12, ly), (self.left + 32, ly), stroke=series.colour, width=2)
        svg.text(self.left + 38, ly + 4, series.name, size=11, anchor="start")
