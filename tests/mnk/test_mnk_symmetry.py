"""Symmetry reduction (seed 001, "Possible Improvements"): the canonical key is invariant."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis_profiles import examples
from mnk_strategies import reachable_games

from reference.mnk.game import MNKGame
from reference.mnk.geometry import has_k_line
from reference.mnk.notation import format_position
from reference.mnk.symmetry import canonical_key, symmetries, transform_bits


def image_of(game: MNKGame, perm: tuple[int, ...], symmetry: bool = True) -> MNKGame:
    x_bits, o_bits = (transform_bits(bits, perm) for bits in game.bits)
    text = format_position(x_bits, o_bits, game.m, game.n)
    return MNKGame.from_notation(text, game.k, symmetry=symmetry)


def test_symmetry_group_sizes() -> None:
    """8 symmetries of a square board, 4 of a rectangle, fewer when some coincide."""
    assert len(symmetries(3, 3)) == 8
    assert len(symmetries(4, 3)) == 4
    assert len(symmetries(1, 4)) == 2
    assert len(symmetries(1, 1)) == 1
    for m, n in ((3, 3), (4, 3), (5, 5)):
        perms = symmetries(m, n)
        assert perms[0] == tuple(range(m * n))
        assert all(sorted(perm) == list(range(m * n)) for perm in perms)
        composed = {tuple(p[q[c]] for c in range(m * n)) for p in perms for q in perms}
        assert composed == set(perms)  # closed under composition: a group


@settings(max_examples=examples(150))
@given(
    reachable_games(shapes=[(3, 3, 3), (4, 4, 3), (4, 3, 3), (5, 3, 3), (4, 4, 4)], symmetry=True)
)
def test_symmetry_key_invariant_under_every_transformation(game: MNKGame) -> None:
    key = game.tt_key()
    for perm in symmetries(game.m, game.n):
        image = image_of(game, perm)
        assert image.tt_key() == key
        assert has_k_line(image.bits[0], image.geometry) == has_k_line(game.bits[0], game.geometry)
    assert key == canonical_key(game._zkey, len(game.geometry.perms))


@settings(max_examples=examples(100))
@given(reachable_games(shapes=[(3, 3, 3), (4, 3, 3), (4, 4, 4)], max_moves=6, symmetry=True))
def test_symmetry_key_separates_non_symmetric_positions(game: MNKGame) -> None:
    """Two children share a canonical key exactly when one is an image of the other."""
    children: list[tuple[int, set[str], str]] = []
    for move in game.legal_moves():
        game.make(move)
        images = {
            image_of(game, perm, symmetry=False).to_notation()
            for perm in symmetries(game.m, game.n)
        }
        children.append((game.tt_key(), images, game.to_notation()))
        game.unmake()
    for key_a, images_a, _ in children:
        for key_b, _, text_b in children:
            assert (key_a == key_b) == (text_b in images_a)


@settings(max_examples=examples(100))
@given(reachable_games(symmetry=True))
def test_plain_key_is_identity_chunk_and_canonical_symmetry_maps_to_it(game: MNKGame) -> None:
    plain = MNKGame.from_notation(game.to_notation(), game.k, symmetry=False)
    assert plain.key == game.key and plain.tt_key() == plain.key
    perm = game.canonical_symmetry()
    assert image_of(game, perm, symmetry=False).key == game.tt_key()
