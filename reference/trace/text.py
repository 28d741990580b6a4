"""A traced search as text (an indented tree for a terminal) and as one JSON object."""

from __future__ import annotations

from reference.trace.tree import Trace, TraceNode, show_score

INDENT = "  "


def node_line(node: TraceNode, on_pv: bool) -> str:
    """One node: order, move, depth, window, value, what ended it, its table use."""
    parts = [f"#{node.order}", node.move_text or "(root)", f"d{node.depth}"]
    if node.alpha is not None and node.beta is not None:
        parts.append(f"[{show_score(node.alpha)}, {show_score(node.beta)}]")
    parts.append(f"= {show_score(node.value)}")
    if node.terminal:
        parts.append("game over")
    elif node.evaluated:
        parts.append("evaluate")
    if node.probe is not None:
        probe = node.probe
        if probe.hit:
            parts.append(
                f"probe: hit d{probe.depth} {probe.flag.name} {probe.value}"
                + (" -> table cutoff, subtree not searched" if node.table_cutoff else "")
            )
        else:
            parts.append("probe: miss")
    if node.store is not None:
        store = node.store
        kept = "" if store.written else " (not written: a deeper entry stays)"
        parts.append(f"store: d{store.depth} {store.flag.name} {store.value}{kept}")
    if node.value is None:
        parts.append("(stopped)")
    if on_pv:
        parts.append("*")
    return " ".join(parts)


def render_text(result: Trace, title: str = "") -> str:
    """The tree as indented lines (the root first, children below it in the order visited).

    A ``*`` marks the principal variation; ``x`` lines list the moves a cutoff left
    unsearched.  Windows and values are for the side to move at the node.
    """
    on_pv = {id(node) for node in result.pv}
    lines = [header(result, title)]
    for k, root in enumerate(result.passes, start=1):
        if len(result.passes) > 1:
            lines.append(
                f"pass {k}: null window [{show_score(root.alpha)}, {show_score(root.beta)}]"
                f" -> {show_score(root.value)}"
            )
        lines.extend(_subtree(root, 0, on_pv))
    return "\n".join(lines)


def header(result: Trace, title: str) -> str:
    """The lines above the tree: what was searched, value, nodes, principal variation, table."""
    pv = " ".join(node.move_text for node in result.pv) or "(none)"
    if result.pv_ends_in_table:
        pv += " ... (continues in the table)"
    lines = [
        f"{title + ': ' if title else ''}{result.algorithm} to depth {result.depth}: "
        f"value {result.value}, {result.nodes} nodes",
        f"principal variation: {pv}",
    ]
    if result.tt_probes:
        lines.append(
            f"table: {result.tt_probes} probes, {result.tt_hits} hits, "
            f"{result.tt_cutoffs} cutoffs"
        )
    lines.append(
        "each node: #order move d<depth left> [alpha, beta] entered with = value returned "
        "(for the side to move there); * principal variation; x moves never searched"
    )
    return "\n".join(lines)


def _subtree(node: TraceNode, level: int, on_pv: set[int]) -> list[str]:
    lines = [INDENT * level + node_line(node, id(node) in on_pv or level == 0)]
    for child in node.children:
        lines.extend(_subtree(child, level + 1, on_pv))
    cut = node.unsearched_text
    if cut:
        lines.append(INDENT * (level + 1) + f"x never searched (cutoff): {' '.join(cut)}")
    return lines


JsonNode = dict[str, object]


def node_json(node: TraceNode) -> JsonNode:
    """One node and its subtree as JSON (windows and values as integers; +-10,000,000 is infinity)."""
    out: JsonNode = {
        "order": node.order,
        "move": node.move_text or None,
        "ply": node.ply,
        "depth": node.depth,
        "to_move": node.to_move,
        "window": None if node.alpha is None else [node.alpha, node.beta],
        "value": node.value,
        "kind": node.kind,
    }
    if node.points:
        out["points"] = node.points
    if not node.turn_passed:
        out["moves_again"] = True
    if node.probe is not None:
        probe = node.probe
        out["probe"] = (
            {"hit": True, "depth": probe.depth, "flag": probe.flag.name, "value": probe.value}
            if probe.hit
            else {"hit": False}
        )
    if node.store is not None:
        store = node.store
        out["store"] = {
            "depth": store.depth,
            "flag": store.flag.name,
            "value": store.value,
            "written": store.written,
        }
    if node.unsearched_text:
        out["unsearched"] = list(node.unsearched_text)
    out["children"] = [node_json(child) for child in node.children]
    return out


def to_json(result: Trace) -> dict[str, object]:
    """The trace as one JSON object: ``{"nodes": N, "tree": [...], ...}``.

    ``tree`` lists the root of each search from the root position: one for every
    algorithm but MTD(f), which has one per null-window pass.  ``nodes`` is the
    search's own node count, the number of nodes in ``tree``.
    """
    return {
        "algorithm": result.algorithm,
        "depth": result.depth,
        "value": result.value,
        "nodes": result.nodes,
        "pv": [node.move_text for node in result.pv],
        "pv_ends_in_table": result.pv_ends_in_table,
        "table": {
            "probes": result.tt_probes,
            "hits": result.tt_hits,
            "cutoffs": result.tt_cutoffs,
        },
        "tree": [node_json(root) for root in result.passes],
    }
