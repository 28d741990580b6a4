"""Seed 003, §11: alpha-beta with move ordering vs no heuristic on Dou Shou Qi.

Three tables, each printed beside the thesis's number where there is one:

1. nodes searched to a fixed depth by MINIMAX (§3.2), alpha-beta, and alpha-beta
   with the §11 move ordering, on the recoverable Appendix A positions;
2. the depth iterative deepening reaches within a fixed number of nodes per move
   (Figure 20, in time: no heuristic 7.76 plies, move-ordering 8.97 plies, at 30 s
   per move in the thesis's own engine; "searching with move-ordering increases the
   depth of our searches by 16%").  A node budget stands for the time: timings of a
   fraction of a second moved the gain from +3 % to +11 % from run to run;
3. self-play, move-ordering vs no heuristic, each position played twice with
   the colours swapped (Figure 19, configuration 1: 15 wins, 18 draws, 7 losses
   over 40 games from the 20 positions).

Quick by default (depth 3 node counts, 5,000 and 10,000 nodes per move for the
depth table, self-play at 0.05 s per move from positions (a) and (t) with a 60-ply
limit); ``--full`` uses depth 4, 5,000 / 20,000 / 50,000 nodes per move, and
self-play at 1 s per move from all 9 positions with the thesis's 200-ply limit (the
thesis: 30 s per move).
Only the 9 positions of Appendix A that could be recovered are used
(see reference/dou_shou_qi/positions.py).

    python examples/dsq_move_ordering.py [--full]
"""

from __future__ import annotations

import argparse
import statistics
import time

from reference.dou_shou_qi.geometry import Side
from reference.dou_shou_qi.notation import Move
from reference.dou_shou_qi.players import MOVE_ORDERING, NO_HEURISTIC, SearchPlayer, play_game
from reference.dou_shou_qi.positions import APPENDIX_A
from reference.dou_shou_qi.rules import DouShouQi
from reference.search import SearchContext, SearchResult, alphabeta, iterative_deepening, minimax
from reference.search.protocol import INFINITY


def count_nodes(game: DouShouQi, depth: int, algorithm: str) -> tuple[int, int]:
    ctx = SearchContext()
    if algorithm == "minimax":
        value = minimax(game, depth, ctx)
    else:
        value = alphabeta(game, depth, -INFINITY, INFINITY, ctx)
    return value, ctx.counters.nodes


def node_table(depth: int, with_minimax: bool) -> None:
    print(f"\nTable 1: nodes to depth {depth} (values are equal for all three by construction)")
    header = f"{'position':<14}{'minimax':>12}{'alpha-beta':>12}{'ordered':>12}{'ordered/ab':>12}"
    print(header)
    total_ab = total_ord = 0
    for letter, named in APPENDIX_A.items():
        game = DouShouQi.from_notation(named.notation, ordering="none")
        mm = "-"
        if with_minimax:
            mm_value, mm_nodes = count_nodes(game, depth, "minimax")
            mm = f"{mm_nodes:,}"
        ab_value, ab_nodes = count_nodes(game, depth, "alphabeta")
        game.ordering = "thesis"
        ord_value, ord_nodes = count_nodes(game, depth, "alphabeta")
        assert ab_value == ord_value and (not with_minimax or mm_value == ab_value)
        total_ab += ab_nodes
        total_ord += ord_nodes
        print(
            f"({letter}){'':<11}{mm:>12}{ab_nodes:>12,}{ord_nodes:>12,}{ord_nodes / ab_nodes:>12.2f}"
        )
    print(f"{'total':<14}{'':>12}{total_ab:>12,}{total_ord:>12,}{total_ord / total_ab:>12.2f}")


def depth_reached(game: DouShouQi, player: SearchPlayer, nodes: int) -> SearchResult[Move]:
    """Iterative deepening by ``player`` stopped after about ``nodes`` nodes (no clock)."""
    saved = game.ordering
    game.ordering = player.ordering
    try:
        return iterative_deepening(
            game, node_limit=nodes, algorithm=player.algorithm, use_tt=False
        )
    finally:
        game.ordering = saved


def depth_table(budgets: list[int], moves_per_position: int) -> None:
    print(
        f"\nTable 2: depth reached by iterative deepening within a node budget per move "
        f"(first {moves_per_position} moves of each position, both players searching the "
        "same line; a budget of nodes instead of seconds gives the same depths on any machine)"
    )
    print(
        f"{'nodes per move':>14}{'no heuristic':>14}{'move-ordering':>15}{'gain':>7}"
        f"{'thesis (30 s, Fig. 20)':>26}"
    )
    for nodes in budgets:
        depths: dict[str, list[int]] = {NO_HEURISTIC.name: [], MOVE_ORDERING.name: []}
        for named in APPENDIX_A.values():
            game = DouShouQi.from_notation(named.notation, ordering="none")
            for _ in range(moves_per_position):
                if game.is_terminal():
                    break
                results = {}
                for player in (NO_HEURISTIC, MOVE_ORDERING):
                    results[player.name] = depth_reached(game, player, nodes)
                    depths[player.name].append(results[player.name].depth)
                game.play(results[MOVE_ORDERING.name].best_move)
        plain = statistics.mean(depths[NO_HEURISTIC.name])
        ordered = statistics.mean(depths[MOVE_ORDERING.name])
        print(
            f"{nodes:>14,}{plain:>14.2f}{ordered:>15.2f}{ordered / plain - 1:>+7.0%}"
            f"{'7.76 / 8.97, +16%':>26}"
        )


def self_play_table(seconds: float, draw_limit: int, letters: str) -> None:
    print(
        f"\nTable 3: self-play, move-ordering vs no heuristic ({seconds} s per move, "
        f"draw after {draw_limit} plies, positions {', '.join(letters)}, colours swapped)"
    )
    wins = draws = losses = 0
    start = time.perf_counter()
    for letter in letters:
        named = APPENDIX_A[letter]
        for ordering_side in (Side.A, Side.B):
            if ordering_side == Side.A:
                player_a, player_b = MOVE_ORDERING, NO_HEURISTIC
            else:
                player_a, player_b = NO_HEURISTIC, MOVE_ORDERING
            record = play_game(
                named.notation, player_a, player_b, time_limit=seconds, draw_limit=draw_limit
            )
            if record.winner is None:
                draws += 1
            elif record.winner == ordering_side:
                wins += 1
            else:
                losses += 1
    games = wins + draws + losses
    print(f"{'':<22}{'wins':>6}{'draws':>7}{'losses':>8}{'games':>7}")
    print(f"{'ours':<22}{wins:>6}{draws:>7}{losses:>8}{games:>7}")
    print(f"{'thesis (Fig. 19, 1.)':<22}{15:>6}{18:>7}{7:>8}{40:>7}")
    print(
        f"({time.perf_counter() - start:.1f} s; timed searches depend on the machine's load, "
        "so these counts vary from run to run)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="deeper, timed, thesis-scale settings")
    args = parser.parse_args()
    if args.full:
        node_table(depth=4, with_minimax=True)
        depth_table(budgets=[5_000, 20_000, 50_000], moves_per_position=4)
        self_play_table(seconds=1.0, draw_limit=200, letters="amnopqrst")
    else:
        node_table(depth=3, with_minimax=True)
        depth_table(budgets=[5_000, 10_000], moves_per_position=2)
        self_play_table(seconds=0.05, draw_limit=60, letters="at")


if __name__ == "__main__":
    main()
