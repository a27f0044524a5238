"""Hex knowledge inside UCT's tree (ours, after MoHex 2.0's knowledge nodes; docs/search.md).

When a node with children reaches ``knowledge_after`` visits, :func:`node_knowledge` looks at
its position once (the same tests as the proof-number search's, :mod:`engine.kernels.dfpn`):

* the mover is joined to its edges by chains and disjoint bridges, so every move wins, or
  has *key* cells (one stone joins them), each a winning move: those children are marked won
  for their mover;
* the opponent is joined that way: every child is marked lost for its mover;
* the opponent has key cells: a move outside the cells all their connections need lets it
  play one and connect, so those children are marked lost for their mover (the must-play
  region);
* a move on a *dead* cell (its colour never changes the winner,
  :func:`engine.patterns.dead_table`) is ``PRUNED``: never chosen again, unless no other
  move is left open (then the first dead one stays). If a dead cell won, the mover would win
  with the opponent to move, so with any move; so a node whose open moves all lose is lost.

Marks are the tree's own terminal marks (``nodes[child, BLOCK]`` = ``-ROOT_WINS`` or
``-ROOT_LOSES``, from the root player's side, as a move that ends the game) and ``PRUNED``
(:mod:`engine.kernels.uct`). :func:`back_up_proofs` then proves the ancestors: a node is won
for its mover when a child is won for the same player (lost for the child's own mover), lost
when every child left is lost for it; a proven node gets the mark itself (its block stays,
unreached), so a descent reaching it scores the exact result without playouts, and its parent
never chooses it when it is lost for the parent's mover. The root is never marked: its result
goes to ``counters[PROVEN]``.

The root player's own moves are only ever proven *won*: the root gets no knowledge but its
winning moves (no move of it is marked lost or pruned), and a root move is never marked lost
when its node is proven won for the opponent. A search whose root is lost therefore goes on
ranking its moves by their playouts as without knowledge (a proven loss stopped the search and
left the move to a handful of descents; against a fallible opponent the best practical move
matters, and it measured worse: docs/experiments.md), while a proven win stops it at once.

Work arrays, one set per tree (``knowledge`` tuple, from ``engine.search.uct``): the cells of
the position (int8, 0 empty, 1 Black, 2 White), ``engine.dfpn.geometry``'s neighbours, edge
flags and ring, the dead-cell table, and :func:`engine.kernels.dfpn.connection`'s parents,
pairs, links, used, counters and key cells.
"""

import numpy as np
from hexswarm.engine.kernels.dfpn import STAMP, connection, dead_cell
from hexswarm.engine.kernels.jit import jit
from hexswarm.engine.kernels.tree import ROOT_LOSES, ROOT_WINS
from hexswarm.engine.kernels.uct import (
    ACTION,
    BEST,
    BLOCK,
    COUNT,
    FIRST,
    PROVEN,
    PRUNED,
    UNEXPANDED,
)

ONE = np.uint64(1)
ZERO = np.uint64(0)


def marks_at(depth):
    """``(won, lost)``: the marks of a child won and of a child lost for the player to move
    at ``depth`` (the root player moves at even depths; marks are from its side)."""
    if depth % 2 == 0:
        return -ROOT_WINS, -ROOT_LOSES
    return -ROOT_LOSES, -ROOT_WINS


marks_of = jit(marks_at)


@jit
def node_knowledge(
    tree, block, depth, mover_black, black_rows, white_columns, size, action_cells, knowledge
):
    """Mark the children of ``block`` (its node ``depth`` moves below the root, ``mover_black``
    to move, the position in Black's rows and White's columns) by the knowledge of the module
    docstring (at the root: its winning moves only); returns how many children got a mark. A
    child that already has one (a move that ends the game, or a proven node) keeps it."""
    nodes = tree.nodes
    cells, neighbours, edges, ring, dead = (
        knowledge[0],
        knowledge[1],
        knowledge[2],
        knowledge[3],
        knowledge[4],
    )
    parents, pairs, links, used, counters, keys = (
        knowledge[5],
        knowledge[6],
        knowledge[7],
        knowledge[8],
        knowledge[9],
        knowledge[10],
    )
    for row in range(size):
        for col in range(size):
            cell = row * size + col
            stone = 0
            if black_rows[row] & (ONE << np.uint64(col)) != ZERO:
                stone = 1
            elif white_columns[col] & (ONE << np.uint64(row)) != ZERO:
                stone = 2
            cells[cell] = stone
    mover = 1 if mover_black else 2
    won, lost = marks_of(depth)
    first = tree.blocks[block, FIRST]
    last = first + tree.blocks[block, COUNT]
    marked = 0
    status, count = connection(
        cells, neighbours, edges, mover, parents, pairs, links, used, counters, keys
    )
    if status == 2 or status == 1:
        for c in range(first, last):
            if nodes[c, BLOCK] < UNEXPANDED:
                continue
            cell = action_cells[nodes[c, ACTION]]
            winning = status == 2
            for k in range(count):
                winning = winning or keys[k] == cell
            if winning:
                nodes[c, BLOCK] = won
                marked += 1
        if marked > 0:
            return marked
    if depth == 0:
        return marked  # the root's moves are never marked lost nor pruned (module docstring)
    status, count = connection(
        cells, neighbours, edges, 3 - mover, parents, pairs, links, used, counters, keys
    )
    needed = counters[STAMP]  # with status 1: the cells every key cell's connection needs
    # First the losing moves, then the dead ones, of which one stays when nothing else does.
    open_moves = 0
    first_dead = -1
    for c in range(first, last):
        mark = nodes[c, BLOCK]
        if mark < UNEXPANDED:
            open_moves += mark != lost and mark != PRUNED
            continue
        cell = action_cells[nodes[c, ACTION]]
        if status == 2 or (status == 1 and used[0, cell] != needed):
            nodes[c, BLOCK] = lost
            marked += 1
        elif dead_cell(cells, ring, dead, cell):
            if first_dead < 0:
                first_dead = c
        else:
            open_moves += 1
    if first_dead >= 0:
        for c in range(first_dead, last):
            if nodes[c, BLOCK] < UNEXPANDED:
                continue
            if open_moves == 0 and c == first_dead:
                continue
            if dead_cell(cells, ring, dead, action_cells[nodes[c, ACTION]]):
                nodes[c, BLOCK] = PRUNED
                marked += 1
    return marked


@jit
def back_up_proofs(tree, path, depth):
    """Prove what the marks of the children of ``path[depth]`` (just changed) decide, and on
    up the path while each node gets proven: a node is won for its mover when a child is, lost
    when every child not ``PRUNED`` is lost for it. A proven node below the root gets its mark
    in its ``BLOCK`` (a root move only when it wins); the root's result (a win only) goes to
    ``counters[PROVEN]``. Every block whose
    children changed forgets its cached leaders (``BEST``). Returns the depth of the highest
    node proven (-1: none)."""
    nodes, blocks, counters = tree.nodes, tree.blocks, tree.counters
    proven = -1
    for d in range(depth, -1, -1):
        node = path[d]
        block = nodes[node, BLOCK]
        if block < 0:
            break
        blocks[block, BEST] = -1
        won, lost = marks_of(d)
        result = 0  # every child PRUNED (never: one stays) proves nothing
        first = blocks[block, FIRST]
        for c in range(first, first + blocks[block, COUNT]):
            mark = nodes[c, BLOCK]
            if mark == won:
                result = won
                break
            if mark == lost and result == 0:
                result = lost
            elif mark != lost and mark != PRUNED:
                result = 1  # an open move: unproven, unless a later child wins
        if result == 1:
            result = 0
        if result == 0 or (d <= 1 and result != -ROOT_WINS):
            break  # a root move, or the root, is only ever proven won for the root player
        proven = d
        if d == 0:
            counters[PROVEN] = -result
            break
        nodes[node, BLOCK] = result
    return proven
