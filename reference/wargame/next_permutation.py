"""Algorithm 1 of seed 002: next_permutation, the dictionary-sequence (lexicographic) successor.

Seed 002, §4.1.1, Algorithm 1.  The listing's body was lost in extraction; the
prose describes the dictionary sequence method: from the first sequence "a series
of subsequent larger sequences are generated lexicographically until reaching the
reverse order" (the sequences themselves were lost; we reconstruct them as
(1, 2, ..., n) and (n, ..., 2, 1)), and gives the worked example
754938621 -> 754961238.  Rebuilt listing (Knuth 7.2.1.2, Algorithm L)::

    next_permutation(Ord)                      # Ord = (o_1, ..., o_n)
    1  i <- the largest index with o_i < o_(i+1)
    2  if there is no such i: return false     # Ord is (n, ..., 2, 1), the last sequence
    3  j <- the largest index with o_j > o_i
    4  swap o_i and o_j
    5  reverse o_(i+1) ... o_n
    6  return true
"""

from __future__ import annotations


def next_permutation(order: list[int]) -> bool:
    """Turn ``order`` into its lexicographic successor in place; False (unchanged) if it is the last.

    Seed 002, §4.1.1, Algorithm 1.

    >>> digits = [7, 5, 4, 9, 3, 8, 6, 2, 1]
    >>> next_permutation(digits), "".join(map(str, digits))
    (True, '754961238')
    """
    n = len(order)
    i = n - 2
    while i >= 0 and order[i] >= order[i + 1]:  # line 1: longest non-increasing suffix
        i -= 1
    if i < 0:  # line 2: the reverse order is the last sequence
        return False
    j = n - 1
    while order[j] <= order[i]:  # line 3: rightmost element larger than o_i
        j -= 1
    order[i], order[j] = order[j], order[i]  # line 4
    order[i + 1 :] = order[i + 1 :][::-1]  # line 5: the suffix becomes increasing
    return True
