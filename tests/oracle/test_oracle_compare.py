"""The descents of :mod:`reference.oracle.compare`, with in-process peers.

Property: a peer that differs from the reference at exactly one move path (one move
missing, one count off, one value off) is reported at exactly that path, by a descent
started at any ancestor.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference import DotsAndBoxes, MNKGame, api
from reference.oracle.compare import compare_perft, compare_value, match_moves
from reference.oracle.engine import PerftAnswer
from reference.oracle.positions import replay
from reference.search.protocol import PlayableGame
from reference.search.tt import TranspositionTable

AnyGame = PlayableGame[Any]


def tic_tac_toe() -> AnyGame:
    return MNKGame(3, 3, 3)


class ReferencePeer:
    """The reference itself behind the protocol, with answers changed at one move path."""

    def __init__(
        self,
        new_game: Callable[[], AnyGame],
        drop: dict[tuple[str, ...], str] | None = None,
        value_shift: dict[tuple[str, ...], int] | None = None,
    ) -> None:
        self.new_game = new_game
        self.drop = drop or {}
        self.value_shift = value_shift or {}
        self.requests = 0

    def perft(self, moves: Sequence[str], depth: int) -> PerftAnswer:
        self.requests += 1
        game = replay(self.new_game, moves)
        counts = api.divide(game, depth)
        dropped = self.drop.get(tuple(moves))
        if dropped is not None:
            counts.pop(dropped)
        if depth > 1:  # the counts below each move come from the (changed) children
            counts = {m: self._perft([*moves, m], depth - 1) for m in counts}
        return PerftAnswer(counts, sum(counts.values()))

    def _perft(self, moves: list[str], depth: int) -> int:
        if depth == 0:
            return 1
        return self.perft(moves, depth).total

    def value(self, moves: Sequence[str]) -> int:
        self.requests += 1
        game = replay(self.new_game, moves)
        return api.solve(game, tt=TranspositionTable(1 << 12)).value + self.value_shift.get(
            tuple(moves), 0
        )


@st.composite
def paths(draw: st.DrawFn, new_game: Callable[[], AnyGame], most: int) -> list[str]:
    """A move path of 0..most plies from the start (random legal moves)."""
    game = new_game()
    moves: list[str] = []
    for _ in range(draw(st.integers(0, most))):
        if game.is_terminal():
            break
        move = draw(st.sampled_from(list(game.legal_moves())))
        moves.append(game.format_move(move))
        game.make(move)
    return moves


def test_the_reference_agrees_with_itself() -> None:
    peer = ReferencePeer(tic_tac_toe)
    assert compare_perft(tic_tac_toe, peer, [], 3) is None
    assert compare_perft(tic_tac_toe, peer, ["b2", "a1"], 4) is None
    assert compare_value(tic_tac_toe, peer, ["b2"]) is None


@settings(max_examples=examples(25))
@given(data=st.data())
def test_a_missing_move_is_found_at_its_position(data: st.DataObject) -> None:
    path = data.draw(paths(tic_tac_toe, 5))
    game = replay(tic_tac_toe, path)
    if game.is_terminal():
        return
    dropped = game.format_move(data.draw(st.sampled_from(list(game.legal_moves()))))
    start = data.draw(st.integers(0, len(path)))  # the descent starts at an ancestor
    below = data.draw(st.integers(1, 2))  # the depth left at P
    depth = len(path) - start + below
    peer = ReferencePeer(tic_tac_toe, drop={tuple(path): dropped})
    finding = compare_perft(tic_tac_toe, peer, path[:start], depth)
    # Seen from an ancestor, the drop shows only if it changes a count there.
    lost = api.perft(replay(tic_tac_toe, [*path, dropped]), below - 1)
    if start < len(path) and lost == 0:
        assert finding is None
        return
    assert finding is not None
    assert list(finding.moves) == path
    assert finding.missing == (dropped,) and finding.extra == ()
    assert finding.position == game.to_notation()
    assert [step.move for step in finding.trail] == path[start:]


@settings(max_examples=examples(30))
@given(data=st.data(), shift=st.sampled_from([-2, -1, 1, 2]))
def test_a_wrong_value_is_found_at_its_position(data: st.DataObject, shift: int) -> None:
    """An engine wrong at one position P (and, through the minimax, perhaps at its ancestors)
    is reported at P: the walk descends while a child differs."""
    path = data.draw(paths(lambda: DotsAndBoxes(1, 2), 6))
    start = data.draw(st.integers(0, len(path)))

    def new_game() -> AnyGame:
        return DotsAndBoxes(1, 2)

    peer = ReferencePeer(new_game, value_shift={tuple(path): shift})
    # the engine's value at the start of the walk, as a peer computing with the wrong P would
    finding = compare_value(new_game, WrongBelow(peer, path), path[:start])
    if finding is None:
        return  # the error did not reach the start (another move was better anyway)
    assert not isinstance(finding, str)
    assert list(finding.moves) == path
    assert finding.kind in ("end", "combination")
    assert isinstance(finding.reference, int)
    assert finding.engine == finding.reference + shift


class WrongBelow:
    """A peer whose values are the minimax over the children of the peer's (wrong) values."""

    def __init__(self, peer: ReferencePeer, path: list[str]) -> None:
        self.peer = peer
        self.path = tuple(path)

    def perft(self, moves: Sequence[str], depth: int) -> PerftAnswer:
        return self.peer.perft(moves, depth)

    def value(self, moves: Sequence[str]) -> int:
        moves = tuple(moves)
        if moves == self.path or self.path[: len(moves)] != moves:
            return self.peer.value(moves)
        game = replay(self.peer.new_game, moves)
        best: int | None = None
        for move in game.legal_moves():
            name = game.format_move(move)
            mover = game.to_move
            points = game.make(move)
            kept = game.to_move == mover
            game.unmake()
            child = self.value([*moves, name])
            total = points + child if kept else points - child
            best = total if best is None else max(best, total)
        assert best is not None
        return best


def test_match_moves_names_moves_the_reference_way() -> None:
    from reference import Connect6

    game = Connect6(6)
    game.play(game.parse_move("c3"))
    reference = [game.format_move(m) for m in game.legal_moves()]
    matched = match_moves(game, reference, {"b1,a1": 1, "a2,a1": 1, "zz9": 1, "a1,\u0661": 1})
    assert matched.counts == {"a1,b1": 1, "a1,a2": 1}
    assert matched.unknown == ("zz9", "a1,\u0661")
    twice = match_moves(game, reference, {"a1,b1": 1, "b1,a1": 1})
    assert twice.duplicate == ("a1,b1", "b1,a1")
