"""Dots and Boxes (seed 000, Liu, Li and Chen): board, hashing, chains, Algorithms 1 and 2."""

from reference.dots_and_boxes.board import DotsAndBoxes, Edge, Edges, Geometry, geometry

__all__ = ["DotsAndBoxes", "Edge", "Edges", "Geometry", "geometry"]
