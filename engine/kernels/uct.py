"""UCT (Kocsis & Szepesvari 2006; seeds 003 and 004): Monte-Carlo tree search with UCB1.

One iteration: from the root, while the node is expanded and every child has been tried, go to
the child maximising ``q + C * sqrt(ln N(parent) / N(child))``; at an expanded node with an
untried child, try the next one; at a leaf visited ``expand_after`` times, expand it first.
The tried child is scored by one random playout, or exactly if its move ends the game; every
node on the path is updated (backpropagation). With ``expand_after = 1`` this is the textbook
UCT of seed 004 (a node is added by its first playout and its children are tried in a uniformly
random order).

Layout, for speed (ours): a node's children sit side by side in one *block*, created all at
once when the node is expanded. The untried children are the block's tail (``TRIED``
counts the tried head); the next one to try is drawn uniformly from the tail and swapped to its
head (a Fisher-Yates step taken only when needed: most blocks near the leaves never have more
than a few children tried). The UCB scan reads contiguous memory, and nothing is allocated per
iteration. UCB1 uses tables of
``1/n``, ``1/sqrt(n)`` and ``sqrt(ln N)`` (:func:`ucb_tables`) instead of a log, a square root and
two divisions per child, and a full scan of a block is skipped while one of its two leaders at
the last scan is provably still the argmax (the others can only have risen by a known bound).

Tree arrays (:class:`UctTreeArrays`, a named tuple), node 0 is the root. Each node and each
block is one row, so a step of the descent reads one cache line per node instead of one per
field (the tree outgrows the caches; docs/benchmarks.md has the measured effect):

* ``nodes`` (int32, a row per node): ``VISITS``, ``WINS`` (the playouts through the node won by
  the player who *made the move into it*, so the parent maximises wins/visits), ``BLOCK`` (its
  block, or ``UNEXPANDED``, or ``-ROOT_WINS``/``-ROOT_LOSES`` when its move ended the game,
  known from its first visit, or when in-tree knowledge proved its result; or ``PRUNED``)
  and ``ACTION`` (the action into it);
* ``blocks`` (int32, a row per block): ``FIRST`` (its first child), ``COUNT``, ``TRIED``, and
  the cached argmax: ``BEST`` and ``SECOND`` (the two leaders at the last scan), and
  ``KNOWN`` (whether its node got its Hex knowledge);
  ``block_values`` (float64): ``BOUND`` (the best value of the others then), ``SCALE``
  (C * sqrt(ln N) then), ``SPREAD`` (the largest 1/sqrt(n) of the others);
* ``counters``: nodes and blocks in use, whether the owner may still grow the arrays, the
  full scans of :func:`ucb_child`, the root's proven result (``PROVEN``) and the descents
  scored exactly (``EXACT``);
* ``rave`` (int32, a row per node, or none when the search does not use RAVE): the child's
  all-moves-as-first samples ``RAVE_VISITS`` and their wins ``RAVE_WINS``.

RAVE (ours in this kernel, after MoHex 2.0; docs/search.md): every playout of a descent fills
the board, so each cell's final colour says which player took it; each child of a node on the
path whose cell the player to move there took gets the playout as a RAVE sample. A child is
then chosen by a blend of its RAVE mean and its UCB1 value (:func:`rave_child`), which lets a
node rank all its moves after a handful of descents instead of trying each one first.

The environment (Hex or a toy problem) is the same as the swarm kernels'. For Hex the position
along the current path is kept move by move (:func:`hex_board`: the empty cells by swap-removal,
Black's rows and White's columns as bitmasks), so neither the exact-win check nor a playout
walks the path again; playouts are the uniform kernel or ``engine.kernels.knowledge.
knowledge_playout`` (:func:`uniform_hex_playouts`, :func:`policy_hex_playouts`), the playout
policies the other levels use. The toy problems see the path as a
*chain* (``chain_parent[d] = d - 1``, ``chain_action[d]`` = the action at depth ``d``) and use
the environment's own outcome and evaluation helpers.

Checked against ``tests/naive_search.NaiveUct``, a plain Python UCT drawing from the same
generator: the root statistics and the node counts agree exactly.
"""

from typing import NamedTuple

import numpy as np
from hexswarm.engine.kernels.environment import toy_evaluation
from hexswarm.engine.kernels.jit import inline_jit, jit
from hexswarm.engine.kernels.knowledge import (
    SHAPE,
    answer_masks,
    carrier_kinds,
    knowledge_playout,
    start_of_playout,
)
from hexswarm.engine.kernels.layout import HexPath
from hexswarm.engine.kernels.patterns import (
    HASH_MULTIPLIER,
    KEY_MASK,
    NEAR_CELLS,
    NO_KEY,
    hash_shift,
)
from hexswarm.engine.kernels.playout import playout
from hexswarm.engine.kernels.rng import below
from hexswarm.engine.kernels.tree import ROOT_LOSES, ROOT_WINS


class UctTreeArrays(NamedTuple):
    """The arrays of one UCT tree, as the kernels take them (the only declaration of the
    layout; the column constants below name each array's columns)."""

    nodes: np.ndarray  # int32, a row per node: VISITS, WINS, BLOCK, ACTION
    blocks: np.ndarray  # int32, a row per block: FIRST, COUNT, TRIED, BEST, SECOND, KNOWN
    block_values: np.ndarray  # float64, a row per block: BOUND, SCALE, SPREAD
    counters: np.ndarray  # int64: NODES, BLOCKS, MAY_GROW, SCANS, PROVEN, EXACT
    rave: np.ndarray  # int32, a row per node (RAVE_VISITS, RAVE_WINS), or no rows without RAVE
    prior: np.ndarray  # float64, a node's prior among its siblings, or no rows without priors


TREE_FIELDS = UctTreeArrays._fields


class UcbTables(NamedTuple):
    """UCB1's terms for visit counts below the tables' length (:func:`ucb_tables`; index 0
    unused); larger counts are computed in place."""

    inverse: np.ndarray  # float64: 1/n
    inverse_sqrt: np.ndarray  # float64: 1/sqrt(n)
    sqrt_log: np.ndarray  # float64: sqrt(ln n)


class PriorArrays(NamedTuple):
    """The pattern priors as the kernels take them (:func:`child_priors`;
    ``engine.search.uct.prior_arrays`` builds them, inert without a table)."""

    gamma: np.ndarray  # float64 [2, 4096]: a move's gamma by its raw 6-cell code, per mover
    delta: np.ndarray  # float64 [3]: the local class's factor against the last move
    near: np.ndarray  # int32: engine.kernels.patterns.near_table (the ring, then bridge points)
    settings: np.ndarray  # float64: PRIOR_ON, PRIOR_BIAS, PRIOR_ROOT_LAST, PRIOR_INTRUSION
    slots12: np.ndarray  # int64: the 12-cell hash (one empty slot: no 12-cell gammas)
    gamma12: np.ndarray  # float64: the 12-cell gammas the slots point at
    probe12: np.ndarray  # bool [2, 4096]: the 6-cell codes whose 12-cell extensions are hashed
    local6: np.ndarray  # float64 [2, 12, 4096] by side, the last move's place, raw 6-cell code
    slots_local: np.ndarray  # int64: the local 12-cell hash (one empty slot: none)
    gamma_local: np.ndarray  # float64: the local 12-cell gammas the slots point at
    # uint8 [2, 4096] by side and raw 6-cell code: the killers (engine.patterns.killer_table)
    # to test for a capture by the opponent (``prune_captured``); all 0: no test.
    captured_killers: np.ndarray
    dead: np.ndarray  # bool [2, 4096]: engine.patterns.dead_table, for that test


# Columns of ``nodes`` (int32, one row of 16 bytes per node).
VISITS = 0
WINS = 1
BLOCK = 2  # its block; UNEXPANDED; -ROOT_WINS / -ROOT_LOSES (game over or proven); PRUNED
ACTION = 3
UNEXPANDED = -1
# Columns of ``blocks`` (int32) and ``block_values`` (float64).
FIRST = 0
COUNT = 1
TRIED = 2
BEST = 3
SECOND = 4
KNOWN = 5  # 1 once the block's node got its Hex knowledge (engine.kernels.tree_knowledge)
BOUND = 0
SCALE = 1
SPREAD = 2
NODE_COLUMNS = 4
BLOCK_COLUMNS = 6
BLOCK_VALUE_COLUMNS = 3
NODES = 0
BLOCKS = 1
MAY_GROW = 2  # 1: stop and return when an expansion does not fit; 0: keep searching unexpanded
SCANS = 3  # full UCB1 scans so far (the rest of the selections came from the cached best)
PROVEN = 4  # the root's proven result (ROOT_WINS or ROOT_LOSES; 0: not proven)
EXACT = 5  # descents scored exactly so far (a move that ended the game, or a proven node)
COUNTER_COLUMNS = 6
# A child that Hex knowledge leaves out of the choice (an inferior move: a dead cell) has this
# in its BLOCK column (engine.kernels.tree_knowledge); a child proven lost for the player who
# makes its move has its terminal mark there (``-ROOT_WINS`` / ``-ROOT_LOSES``), as a move that
# ends the game does.
PRUNED = -4
# Columns of ``rave`` (int32, a row per node, only when the search uses RAVE): the playouts
# through the node's parent in which the player who makes the node's move took its cell (at any
# time), and how many of those that player won.
RAVE_VISITS = 0
RAVE_WINS = 1
RAVE_COLUMNS = 2
# The blend of a child's RAVE mean with its UCB1 value (MoHex 2.0's, docs/search.md):
# beta = r_eff / (n + r_eff), r_eff = r / (1 / RAVE_INITIAL_WEIGHT + r / RAVE_FINAL_WEIGHT).
RAVE_INITIAL_WEIGHT = 2.12  # while r is small, one RAVE sample counts as ~2.1 visits
RAVE_FINAL_WEIGHT = 830.0  # all of RAVE never counts for more than this many visits
FIRST_PLAY = 1.0  # the value of a child with neither visits nor RAVE samples (tried first)
# Pattern priors (``priors``: a PriorArrays; child_priors says what each array is): a new
# child gets its prior P and PRIOR_RAVE_SAMPLES virtual RAVE samples, half of them won (MoHex's
# 0.5 over 8), and the progressive bias ``PRIOR_BIAS * P / sqrt(n + 1)`` joins its value.
PRIOR_ON = 0  # settings[PRIOR_ON]: 1.0 when priors are used
PRIOR_BIAS = 1  # settings[PRIOR_BIAS]: the progressive bias constant (MoHex: 2.47)
PRIOR_ROOT_LAST = 2  # settings[PRIOR_ROOT_LAST]: the cell of the last move before the root, or -1
# settings[PRIOR_INTRUSION]: the gamma added to the weight of each answer that restores a bridge
# or edge template II of the mover that the last move intruded into (0: none; ours, after
# MoHex 2.0's vcm_gamma; child_priors).
PRIOR_INTRUSION = 3
PRIOR_SETTINGS = 4
PRIOR_RAVE_SAMPLES = 8
BOUND_MARGIN = 1e-9  # far above the rounding error of values of order 1
ONE = np.uint64(1)
ZERO = np.uint64(0)
TABLE_SIZE = 1 << 16  # visit counts below this read UCB1's terms from tables


@jit
def ucb_tables(size):
    """``(1/n, 1/sqrt(n), sqrt(ln n))`` for ``n < size`` (index 0 unused), the fields of a
    :class:`UcbTables`. Computed here, in the same compiled code as the fall-back for larger
    counts, so both agree to the last bit."""
    inverse = np.zeros(size, dtype=np.float64)
    inverse_sqrt = np.zeros(size, dtype=np.float64)
    sqrt_log = np.zeros(size, dtype=np.float64)
    for n in range(1, size):
        inverse[n] = _inverse(n)
        inverse_sqrt[n] = _inverse_sqrt(n)
        sqrt_log[n] = sqrt_log_of(n)
    return inverse, inverse_sqrt, sqrt_log


@inline_jit
def ucb_value(nodes, c, scale, inverse, inverse_sqrt, table_size):
    """UCB1 value of child ``c`` (``scale`` = C * sqrt(ln N) of its parent)."""
    n = nodes[c, VISITS]
    value = 0.0
    if n < table_size:
        value = nodes[c, WINS] * inverse[n] + scale * inverse_sqrt[n]
    else:
        value = nodes[c, WINS] * _inverse(n) + scale * _inverse_sqrt(n)
    return value


@inline_jit
def left_out(nodes, child, lost):
    """Whether in-tree knowledge took ``child`` out of its parent's choice: ``PRUNED``, or
    ``lost``, the mark of a child proven lost for the parent's mover (0: knowledge is off)."""
    mark = nodes[child, BLOCK]
    return lost != 0 and (mark == PRUNED or mark == lost)  # noqa: SIM109 (numba)


@inline_jit
def next_untried(nodes, blocks, block, state, slot):
    """The next child of ``block`` to try, drawn uniformly from its untried tail (a
    Fisher-Yates step; untried children differ only in their action and, with in-tree
    knowledge, their mark); counts it tried."""
    first = blocks[block, FIRST]
    tried = blocks[block, TRIED]
    child = first + tried
    untried = blocks[block, COUNT] - tried
    if untried > 1:
        j = child + below(state, slot, untried)
        action = nodes[j, ACTION]
        nodes[j, ACTION] = nodes[child, ACTION]
        nodes[child, ACTION] = action
        mark = nodes[j, BLOCK]
        nodes[j, BLOCK] = nodes[child, BLOCK]
        nodes[child, BLOCK] = mark
    blocks[block, TRIED] = tried + 1
    return child


@inline_jit
def _inverse(n):
    return 1.0 / n


@inline_jit
def _inverse_sqrt(n):
    return 1.0 / np.sqrt(np.float64(n))


@inline_jit
def sqrt_log_of(n):
    return np.sqrt(np.log(np.float64(n)))


@inline_jit
def exploration_scale(exploration, parent_visits, sqrt_log):
    """UCB1's ``C * sqrt(ln N)`` for a parent visited ``parent_visits`` times (from the
    table ``sqrt_log`` of :func:`ucb_tables` while it reaches)."""
    if parent_visits < sqrt_log.shape[0]:
        return exploration * sqrt_log[parent_visits]
    return exploration * sqrt_log_of(parent_visits)


@inline_jit
def ucb_child(tree, block, parent_visits, exploration, tables, lost):
    """The UCB1 argmax among the children of ``block`` (every one tried), from the point of
    view of the player to move at its node (the first of equals, as a scan finds it), leaving
    out those in-tree knowledge took out (:func:`left_out`; the first child stands when all
    are). A full scan is skipped while one of the two leaders of the last scan is provably
    still ahead: exact as long as only this function chooses among the block's children (and
    whoever marks a child resets the cache, ``BEST`` = -1)."""
    nodes, blocks = tree.nodes, tree.blocks
    block_values, counters = tree.block_values, tree.counters
    inverse, inverse_sqrt, sqrt_log = tables.inverse, tables.inverse_sqrt, tables.sqrt_log
    table_size = inverse.shape[0]
    first = blocks[block, FIRST]
    scale = exploration_scale(exploration, parent_visits, sqrt_log)
    best = blocks[block, BEST]
    keep = False
    if best >= 0:
        # Since the last scan only the two leaders (``best``, ``second``) were visited:
        # every other child's value has grown by at most (scale - scale then) * its
        # 1/sqrt(n), whose largest value over the others was recorded. The better
        # leader, still strictly ahead of that bound, is still the argmax.
        value = ucb_value(nodes, best, scale, inverse, inverse_sqrt, table_size)
        second = blocks[block, SECOND]
        if second >= 0:
            other = ucb_value(nodes, second, scale, inverse, inverse_sqrt, table_size)
            # Ties go to the lower node, as in a scan.
            if other > value or (other == value and second < best):
                best = second
                value = other
        grown = (scale - block_values[block, SCALE]) * block_values[block, SPREAD]
        limit = block_values[block, BOUND] + grown
        keep = value > limit + BOUND_MARGIN
    if not keep:
        best = first
        second = -1
        best_value = -1.0
        second_value = -1.0
        third_value = -1.0
        last = first + blocks[block, COUNT]
        for c in range(first, last):
            if left_out(nodes, c, lost):
                continue
            value = ucb_value(nodes, c, scale, inverse, inverse_sqrt, table_size)
            if value > best_value:
                third_value = second_value
                second_value = best_value
                second = best if second_value > -1.0 else -1
                best_value = value
                best = c
            elif value > second_value:
                third_value = second_value
                second_value = value
                second = c
            elif value > third_value:
                third_value = value
        fewest = 2**31 - 1
        for c in range(first, last):
            if c == best or c == second or left_out(nodes, c, lost):  # noqa: SIM109 (numba)
                continue
            if nodes[c, VISITS] < fewest:
                fewest = nodes[c, VISITS]
        blocks[block, BEST] = best
        blocks[block, SECOND] = second
        block_values[block, BOUND] = third_value
        block_values[block, SCALE] = scale
        if fewest < table_size:
            block_values[block, SPREAD] = inverse_sqrt[fewest]
        else:
            block_values[block, SPREAD] = _inverse_sqrt(fewest)
        counters[SCANS] += 1
    return best


@inline_jit
def rave_beta(n, r):
    """The weight of a move's RAVE mean against its own record, ``n`` visits and ``r`` > 0
    RAVE samples: ``r_eff / (n + r_eff)``, ``r_eff = r / (1 / RAVE_INITIAL_WEIGHT + r /
    RAVE_FINAL_WEIGHT)`` (1 when ``n`` is 0). The one blend of :func:`rave_child` and the
    anthill's tests (:mod:`engine.kernels.anthill`)."""
    samples = np.float64(r)
    weight = samples / (1.0 / RAVE_INITIAL_WEIGHT + samples / RAVE_FINAL_WEIGHT)
    return weight / (n + weight)


@inline_jit
def rave_child(tree, block, parent_visits, exploration, tables, bias, lost):
    """The child of ``block`` with the best blend of its RAVE mean and its UCB1 value, from
    the point of view of the player to move at its node (the first of equals):
    ``beta * q_rave + (1 - beta) * (q + C * sqrt(ln N / n))`` with ``beta = r_eff / (n +
    r_eff)``, ``r_eff = r / (1 / RAVE_INITIAL_WEIGHT + r / RAVE_FINAL_WEIGHT)`` (``r``: its
    RAVE samples); an unvisited child is worth its RAVE mean, or :data:`FIRST_PLAY` without
    samples. With priors the progressive bias ``bias * P / sqrt(n + 1)`` is added, and a
    child of prior 0 (pruned: ``prior_pruning``) is skipped whatever the bias (the first
    child stands when all are). Children in-tree knowledge took out (:func:`left_out`) are skipped
    too (when every child is, the first that is not ``PRUNED``). Every child's RAVE mean
    moves with every playout below the node, so each choice is a full scan (no cached leaders
    as in :func:`ucb_child`)."""
    nodes, blocks, rave, prior = tree.nodes, tree.blocks, tree.rave, tree.prior
    inverse, inverse_sqrt, sqrt_log = tables.inverse, tables.inverse_sqrt, tables.sqrt_log
    table_size = inverse.shape[0]
    has_priors = prior.shape[0] > 0  # a tree searched with priors (its rows are the nodes')
    scale = exploration_scale(exploration, parent_visits, sqrt_log)
    first = blocks[block, FIRST]
    best = first
    best_value = -1.0
    last = first + blocks[block, COUNT]
    for c in range(first, last):
        if left_out(nodes, c, lost):
            continue
        n = nodes[c, VISITS]
        r = rave[c, RAVE_VISITS]
        value = FIRST_PLAY
        if n == 0:
            if r > 0:
                value = rave[c, RAVE_WINS] / np.float64(r)
        else:
            value = ucb_value(nodes, c, scale, inverse, inverse_sqrt, table_size)
            if r > 0:
                beta = rave_beta(n, r)
                value = beta * (rave[c, RAVE_WINS] / np.float64(r)) + (1.0 - beta) * value
        if has_priors and prior[c] == 0.0:
            continue  # pruned (a dead cell: see child_priors), whatever the bias
        if bias > 0.0:
            if n + 1 < table_size:
                value += bias * prior[c] * inverse_sqrt[n + 1]
            else:
                value += bias * prior[c] * _inverse_sqrt(n + 1)
        if value > best_value:
            best_value = value
            best = c
    if lost != 0 and nodes[best, BLOCK] == PRUNED:  # every child left out: a proven loss
        for c in range(first, last):
            if nodes[c, BLOCK] != PRUNED:
                return c
    return best


@inline_jit
def local_class_of(size, cell, last):
    """0 (far, or no last move), 1 (adjacent to ``last``) or 2 (at one of its bridge points):
    :func:`engine.patterns.local_class`."""
    result = 0
    if last >= 0:
        dr = cell // size - last // size
        dc = cell % size - last % size
        if (
            (dr == 0 and (dc == 1 or dc == -1))
            or (dc == 0 and (dr == 1 or dr == -1))
            or (dr == 1 and dc == -1)
            or (dr == -1 and dc == 1)
        ):
            result = 1
        elif (
            (dr == dc and (dr == 1 or dr == -1))
            or (dr == 2 and dc == -1)
            or (dr == -2 and dc == 1)
            or (dr == 1 and dc == -2)
            or (dr == -1 and dc == 2)
        ):
            result = 2
    return result


@inline_jit
def captured_by_opponent(owners, near, cell, killers, dead):
    """Whether the opponent captures empty ``cell`` with one of its ``killers`` (bits of the
    cell's ring in ``near``: an opponent stone there makes the cell dead, engine.patterns.
    killer_table): an opponent stone on ``cell`` makes that killer dead too, by its own ring
    (``dead``: engine.patterns.dead_table's row of the mover; ``owners``: the position's
    owners for the mover, as :func:`child_priors` builds them). The pair is then the
    opponent's (engine.analysis.inferior.captures_pair): a move there is answered on the other
    cell and dies."""
    for i in range(6):
        if (killers >> i) & 1:
            killer = near[NEAR_CELLS * cell + i]
            ring = np.int64(0)
            for k in range(6):
                around = near[NEAR_CELLS * killer + k]
                owner = np.int64(2) if around == cell else owners[around]
                ring |= owner << (2 * k)
            if dead[ring]:
                return True
    return False


@jit
def child_priors(
    tree, block, action_cells, size, black_rows, white_columns, mover_black, last, priors
):
    """Give the children of the new ``block`` their priors (``tree.prior``: the gamma of the
    mover's pattern times delta of the local class against ``last``, normalised over the
    block; :func:`engine.patterns.move_priors` is the slow reference) and PRIOR_RAVE_SAMPLES
    virtual RAVE samples, half won. The pattern's gamma is its 12-cell code's when the
    12-cell hash has it (a table of 12-cell priors), else its 6-cell code's. A 6-cell gamma of
    0 (a dead pattern, with ``prior_pruning``) leaves the child's prior 0, whatever its 12-cell
    code, and :func:`rave_child` skips it. So does a cell the opponent captures
    (``captured_killers``, with ``prune_captured``: :func:`captured_by_opponent`). The
    position is the one along the path (Black's rows, White's columns); ``priors``: a
    :class:`PriorArrays` (gamma by raw 6-cell code, delta, near:
    engine.kernels.patterns.near_table, the ring of engine.kernels.knowledge, then the bridge
    points; settings; and the 12-cell table of
    :meth:`engine.patterns.PatternTable.kernel_hash12`: slots12, one empty slot when there are
    no 12-cell gammas, gamma12, probe12). A table of local gammas (``local6`` of two sides,
    else one inert row) multiplies the weight of a move near ``last`` (one of its 12 pattern
    cells) by the local gamma of its raw code and the place of ``last`` in it: the 12-cell
    one when ``slots_local`` has it, else ``local6``'s
    (:meth:`engine.patterns.PatternTable.kernel_local`).
    With ``settings[PRIOR_INTRUSION]`` = B > 0, when ``last`` (the opponent's stone) took one
    carrier cell of a bridge between two of the mover's stones, or of its edge template II (a
    stone on its second row, the two edge cells below it), the cell that restores it (the
    playouts' answer: :func:`engine.kernels.knowledge.answer_masks`) gets B added to its
    weight before the weights are normalised (a pruned cell, weight 0, stays 0).
    """
    nodes, blocks, rave, prior = tree.nodes, tree.blocks, tree.rave, tree.prior
    gamma, delta, near = priors.gamma, priors.delta, priors.near
    slots12, gamma12, probe12 = priors.slots12, priors.gamma12, priors.probe12
    local6, slots_local, gamma_local = priors.local6, priors.slots_local, priors.gamma_local
    captured_killers, dead = priors.captured_killers, priors.dead
    twelve = slots12.size > 1
    local = local6.shape[0] > 1
    local_twelve = slots_local.size > 1
    cells_read = NEAR_CELLS if twelve or local else 6
    shift = hash_shift(slots12)
    mask = slots12.size - 1
    local_shift = hash_shift(slots_local)
    local_mask = slots_local.size - 1
    n = size * size
    side = 0 if mover_black else 1
    own_black = 1 if mover_black else 2  # the class of a Black stone or edge for the mover
    own_white = 3 - own_black
    # The position's owners for the mover, board cells then the edge cells of ``near``
    # (top, bottom, left, right, beyond a corner): each code is then twelve reads, not
    # twelve divisions and bit tests.
    owners = np.empty(n + 5, dtype=np.int64)
    for row in range(size):
        black = black_rows[row]
        for col in range(size):
            owner = 0
            if (black >> np.uint64(col)) & ONE != ZERO:
                owner = own_black
            elif (white_columns[col] >> np.uint64(row)) & ONE != ZERO:
                owner = own_white
            owners[row * size + col] = owner
    owners[n] = owners[n + 1] = own_black
    owners[n + 2] = owners[n + 3] = own_white
    owners[n + 4] = 3
    # The answers to an intrusion by ``last``: in the owners' terms the mover is 1 (the
    # playouts' BLACK) and the opponent 2, so the playouts' table read for Black gives them.
    bonus = priors.settings[PRIOR_INTRUSION]
    saves = np.int64(0)  # ring mask around ``last``
    if bonus > 0.0 and last >= 0 and owners[last] == 2:
        around = np.int64(0)
        on_board = np.int64(0)
        for i in range(6):
            neighbour = near[NEAR_CELLS * last + i]
            around |= owners[neighbour] << (2 * i)
            if neighbour < n:
                on_board |= np.int64(1) << i
        bridge, template = answer_masks(SHAPE, around, carrier_kinds(on_board), 1)
        saves = bridge | template
    first = blocks[block, FIRST]
    count = blocks[block, COUNT]
    total = 0.0
    for c in range(first, first + count):
        cell = action_cells[nodes[c, ACTION]]
        base = NEAR_CELLS * cell
        code = np.int64(0)
        for d in range(cells_read):
            code |= owners[near[base + d]] << (2 * d)
        weight = gamma[side, code & 4095]
        killers = captured_killers[side, code & 4095]
        if (
            killers != 0
            and weight > 0.0
            and captured_by_opponent(owners, near, cell, killers, dead[side])
        ):
            weight = 0.0
        if twelve and weight > 0.0 and probe12[side, code & 4095]:
            key = code | (np.int64(side) << 24)
            slot = np.int64((np.uint64(key) * HASH_MULTIPLIER) >> shift)
            while slots12[slot] != NO_KEY:
                if slots12[slot] & KEY_MASK == key:
                    weight = gamma12[slots12[slot] >> 32]
                    break
                slot = (slot + 1) & mask
        local_class = local_class_of(size, cell, last)
        weight *= delta[local_class]
        if local and local_class != 0 and weight > 0.0:
            place = 0  # ``last`` is one of the cell's 12 pattern cells: which
            while place < NEAR_CELLS - 1 and near[base + place] != last:
                place += 1
            local_gamma = local6[side, place, code & 4095]
            if local_twelve:
                key = code | (np.int64(side) << 24) | (np.int64(place) << 25)
                slot = np.int64((np.uint64(key) * HASH_MULTIPLIER) >> local_shift)
                while slots_local[slot] != NO_KEY:
                    if slots_local[slot] & KEY_MASK == key:
                        local_gamma = gamma_local[slots_local[slot] >> 32]
                        break
                    slot = (slot + 1) & local_mask
            weight *= local_gamma
        if saves != 0 and local_class == 1 and weight > 0.0:
            for i in range(6):
                if (saves >> i) & 1 and near[NEAR_CELLS * last + i] == cell:
                    weight += bonus
        prior[c] = weight
        total += weight
        rave[c, RAVE_VISITS] = PRIOR_RAVE_SAMPLES
        rave[c, RAVE_WINS] = PRIOR_RAVE_SAMPLES // 2
    if total > 0.0:  # else every move is pruned (all dead): none is preferred
        for c in range(first, first + count):
            prior[c] /= total


@inline_jit
def record_amaf(amaf, rows, action_cells, cell_row, cell_bit, black_won):
    """Add one filled board (Black's ``rows``; every other cell White's) to the descent's
    all-moves-as-first counts: ``amaf[0, a]`` playouts where Black took action ``a``'s cell,
    ``amaf[1, a]`` those Black also won."""
    for a in range(action_cells.shape[0]):
        cell = action_cells[a]
        if rows[cell_row[cell]] & cell_bit[cell] != ZERO:
            amaf[0, a] += 1
            if black_won:
                amaf[1, a] += 1


@inline_jit
def rave_update(tree, path, depth, amaf, count, black_wins, root_black):
    """All-moves-as-first update after a descent's ``count`` playouts (``black_wins`` won by
    Black; ``amaf`` from :func:`record_amaf`): every child of every expanded node on the path
    whose cell the player to move there took, in the tree below or in the playout, gets those
    playouts as RAVE samples, won when that player won. A playout fills the board, so who took
    a cell is its colour at the end (an early-stopping policy leaves cells empty: they count as
    White's)."""
    nodes, blocks, rave = tree.nodes, tree.blocks, tree.rave
    for d in range(depth + 1):
        block = nodes[path[d], BLOCK]
        if block >= 0:
            mover_black = (d % 2 == 0) == root_black
            first = blocks[block, FIRST]
            for c in range(first, first + blocks[block, COUNT]):
                a = nodes[c, ACTION]
                taken = amaf[0, a]
                taken_won = amaf[1, a]
                if not mover_black:
                    taken_won = (count - black_wins) - (taken - taken_won)
                    taken = count - taken
                rave[c, RAVE_VISITS] += taken
                rave[c, RAVE_WINS] += taken_won


@inline_jit
def uct_child(
    tree,
    block,
    parent_visits,
    expanded,
    use_rave,
    use_priors,
    exploration,
    tables,
    bias,
    lost,
    state,
    slot,
):
    """UCT's choice among the children of ``block`` (its node visited ``parent_visits``
    times). With RAVE, :func:`rave_child` (with ``bias``, the priors' progressive bias), but
    the first child of a node ``expanded`` by this descent is drawn uniformly when there are no
    priors to rank them; without RAVE, the next untried child (:func:`next_untried`), then the
    UCB1 argmax (:func:`ucb_child`). Children in-tree knowledge took out (``lost``:
    :func:`left_out`) are never chosen while another is left."""
    blocks, nodes = tree.blocks, tree.nodes
    if use_rave:
        if expanded and not use_priors:
            child = blocks[block, FIRST] + below(state, slot, blocks[block, COUNT])
            if not left_out(nodes, child, lost):
                return child
        return rave_child(tree, block, parent_visits, exploration, tables, bias, lost)
    if blocks[block, TRIED] < blocks[block, COUNT]:
        # The first draw here, the rare rest (children in-tree knowledge left out) a call.
        child = next_untried(nodes, blocks, block, state, slot)
        if not left_out(nodes, child, lost):
            return child
        child = _kept_untried(nodes, blocks, block, lost, state, slot)
        if child >= 0:
            return child
    return ucb_child(tree, block, parent_visits, exploration, tables, lost)


@jit
def _kept_untried(nodes, blocks, block, lost, state, slot):
    """The next untried child of ``block`` in-tree knowledge did not leave out
    (:func:`next_untried` until one is kept), or -1 when none is left."""
    while blocks[block, TRIED] < blocks[block, COUNT]:
        child = next_untried(nodes, blocks, block, state, slot)
        if not left_out(nodes, child, lost):
            return child
    return -1


def hex_board(env) -> HexPath:
    """Per-thread arrays for the Hex position along a path (Python side; fields in
    :class:`~engine.kernels.layout.HexPath`). A move costs O(1) and a playout copies the list
    of empty cells instead of rebuilding it."""
    size = max(int(env.size), 1)
    live = np.asarray(env.action_cells, dtype=np.int32).copy()
    where = np.zeros(size * size, dtype=np.int32)
    where[live] = np.arange(live.size, dtype=np.int32)
    action_of = np.full(size * size, -1, dtype=np.int32)
    action_of[live] = np.arange(live.size, dtype=np.int32)
    return HexPath(
        live=live,
        where=where,
        black_rows=np.zeros(size, dtype=np.uint64),
        white_columns=np.zeros(size, dtype=np.uint64),
        work=np.zeros(max(live.size, 1), dtype=np.int32),
        action_of=action_of,
    )


@inline_jit
def hex_play(env, action, depth, live, where, empty, black_rows, white_columns):
    """Play ``action`` for the player to move at ``depth``; returns whether that is Black.
    The cell leaves ``live[:empty]``."""
    size, root_black, action_cells = env.size, env.root_black, env.action_cells
    cell = action_cells[action]
    i = where[cell]
    last = live[empty - 1]
    live[i] = last
    where[last] = i
    live[empty - 1] = cell
    where[cell] = empty - 1
    row = cell // size
    col = cell - row * size
    mover_black = (depth % 2 == 0) == root_black
    if mover_black:
        black_rows[row] |= ONE << np.uint64(col)
    else:
        white_columns[col] |= ONE << np.uint64(row)
    return mover_black


@jit
def uniform_hex_playouts(
    black_rows,
    live,
    work,
    empty,
    black_to_move,
    size,
    cell_row,
    cell_bit,
    rows,
    reach,
    state,
    slot,
    count,
    rave,
    amaf,
    action_cells,
):
    """Black's wins in ``count`` uniform playouts from the position along the path, on one
    copy of the empty cells (a partial Fisher-Yates from any permutation draws uniformly, so
    the copy is reshuffled, not renewed). Called directly, not through the policy dispatch,
    which cost 10-15% of UCT's time (measured). With ``rave`` each filled board is added
    to ``amaf`` (int32 ``(2, actions)``) by :func:`record_amaf`."""
    for i in range(empty):
        work[i] = live[i]
    black_wins = 0
    for _ in range(count):
        black_won = playout(
            black_rows,
            work,
            empty,
            black_to_move,
            size,
            cell_row,
            cell_bit,
            rows,
            reach,
            state,
            slot,
        )
        if black_won:
            black_wins += 1
        if rave:
            record_amaf(amaf, rows, action_cells, cell_row, cell_bit, black_won)
    return black_wins


@jit
def policy_hex_playouts(
    policy,
    knowledge,
    black_rows,
    live,
    work,
    empty,
    black_to_move,
    last_cell,
    size,
    cell_row,
    cell_bit,
    rows,
    reach,
    state,
    slot,
    count,
    rave,
    amaf,
    action_cells,
):
    """Black's wins in ``count`` playouts by ``policy`` from the position along the path, each
    on a fresh copy of the empty cells. A called function, not inlined: the policy overload
    inlined into the descent's loops gave wrong machine code (a heap overrun, reproduced).
    ``rave`` and ``amaf`` as for :func:`uniform_hex_playouts`."""
    black_wins = 0
    for k in range(count):
        for i in range(empty):
            work[i] = live[i]
        # knowledge_playout itself, not through an inlined wrapper: its tuples were copied,
        # and each of their 30 arrays counted up and down, once a playout (gdb counts in
        # docs/results/search-api/refcounts/).
        black_won = knowledge_playout(
            policy,
            knowledge,
            black_rows,
            work,
            empty,
            black_to_move,
            np.int64(last_cell),
            size,
            cell_row,
            cell_bit,
            rows,
            reach,
            state,
            slot,
            start_of_playout(k, count),
        )
        if black_won:
            black_wins += 1
        if rave:
            record_amaf(amaf, rows, action_cells, cell_row, cell_bit, black_won)
    return black_wins


@jit
def toy_evaluations(
    env, chain_parent, chain_action, chain_depth, depth, scratch, state, slot, count
):
    """How many of ``count`` of the environment's own evaluations of the path's end (bandit,
    explicit tree; the end ``depth`` moves below the root) the root player wins. Called, not
    inlined (inlined helpers with a playout policy once broke the descent's loops: wrong
    counts, a heap overrun, reproduced)."""
    won = 0
    for _ in range(count):
        if toy_evaluation(
            env,
            chain_parent,
            chain_action,
            chain_depth,
            depth - 1,
            chain_action[depth],
            scratch,
            state,
            slot,
        ):
            won += 1
    return won


@inline_jit
def expand_node(tree, node, legal, exclusive, live, action_of):
    """Give ``node`` a block with one child per legal action; returns the block. The block is
    in no particular order (for Hex, that of the empty cells ``live[:legal]``): the children
    are tried in random order by drawing each from the untried tail when its turn comes."""
    nodes, blocks, counters = tree.nodes, tree.blocks, tree.counters
    first = counters[NODES]
    block = counters[BLOCKS]
    for i in range(legal):
        c = first + i
        nodes[c, VISITS] = 0
        nodes[c, WINS] = 0
        nodes[c, BLOCK] = UNEXPANDED
        nodes[c, ACTION] = action_of[live[i]] if exclusive else i
    blocks[block, FIRST] = first
    blocks[block, COUNT] = legal
    blocks[block, TRIED] = 0
    blocks[block, BEST] = -1
    nodes[node, BLOCK] = block
    counters[NODES] = first + legal
    counters[BLOCKS] = block + 1
    return block


@jit
def root_children(tree, child_visits, child_wins, child_terminal):
    """Visits, wins (for the root player) and terminal flags (``ROOT_WINS``, ``ROOT_LOSES``
    or ``-PRUNED``) of the root's children per action (added to the output arrays, so several
    trees can be merged)."""
    nodes, blocks = tree.nodes, tree.blocks
    block = nodes[0, BLOCK]
    if block >= 0:
        first = blocks[block, FIRST]
        for c in range(first, first + blocks[block, COUNT]):
            a = nodes[c, ACTION]
            child_visits[a] += nodes[c, VISITS]
            child_wins[a] += nodes[c, WINS]
            if nodes[c, BLOCK] < UNEXPANDED:
                child_terminal[a] = -nodes[c, BLOCK]


@jit
def copy_subtree(tree, root, action_map, out, flip):
    """Copy the subtree under node ``root`` of ``tree`` into the empty tree ``out`` (its root
    becomes node 0), renumbering actions through ``action_map`` (old action -> new action;
    every action in the subtree must map). ``out`` must hold as many nodes and blocks as the
    subtree. Blocks keep their order, so their tried heads stay tried; RAVE counts are copied
    when both trees keep them, and so are the knowledge marks (``KNOWN``, ``PRUNED``). The
    terminal marks say who wins from the root player's side: with ``flip`` (``root`` an odd
    number of moves below the old root, so the other player is to move there) they are
    exchanged. Returns the node count.
    """
    nodes, blocks, rave, o_rave = tree.nodes, tree.blocks, tree.rave, out.rave
    copy_rave = rave.shape[0] > 0 and o_rave.shape[0] > 0
    prior, o_prior = tree.prior, out.prior
    copy_prior = prior.shape[0] > 0 and o_prior.shape[0] > 0
    o_nodes, o_blocks, o_counters = out.nodes, out.blocks, out.counters
    o_nodes[0, VISITS] = nodes[root, VISITS]
    o_nodes[0, WINS] = 0
    o_nodes[0, BLOCK] = UNEXPANDED
    o_nodes[0, ACTION] = -1
    count = 1
    block_count = 0
    # Breadth first: ``queue_old[i]`` was copied to node ``i`` of ``out``; walk ``out`` itself.
    queue_old = np.empty(o_nodes.shape[0], dtype=np.int64)
    queue_old[0] = root
    head = 0
    while head < count:
        block = nodes[queue_old[head], BLOCK]
        if block >= 0:
            first = blocks[block, FIRST]
            size = blocks[block, COUNT]
            o_blocks[block_count, FIRST] = count
            o_blocks[block_count, COUNT] = size
            o_blocks[block_count, TRIED] = blocks[block, TRIED]
            o_blocks[block_count, BEST] = -1  # node numbers change: the next visit scans
            o_blocks[block_count, KNOWN] = blocks[block, KNOWN]
            o_nodes[head, BLOCK] = block_count
            block_count += 1
            for i in range(size):
                c = first + i
                o_nodes[count, VISITS] = nodes[c, VISITS]
                o_nodes[count, WINS] = nodes[c, WINS]
                # A mark stays (terminal ones seen from the new root's player); an expanded
                # child gets its block when it is copied.
                mark = min(nodes[c, BLOCK], UNEXPANDED)
                if flip and (mark == -ROOT_WINS or mark == -ROOT_LOSES):
                    mark = -(ROOT_WINS + ROOT_LOSES) - mark
                o_nodes[count, BLOCK] = mark
                o_nodes[count, ACTION] = action_map[nodes[c, ACTION]]
                if copy_rave:
                    o_rave[count, RAVE_VISITS] = rave[c, RAVE_VISITS]
                    o_rave[count, RAVE_WINS] = rave[c, RAVE_WINS]
                if copy_prior:
                    o_prior[count] = prior[c]
                queue_old[count] = c
                count += 1
        head += 1
    o_counters[NODES] = count
    o_counters[BLOCKS] = block_count
    return count


@jit
def subtree_size(tree, root):
    """``(nodes, blocks)`` of the subtree under ``root`` (itself included)."""
    nodes, blocks = tree.nodes, tree.blocks
    stack = np.empty(nodes.shape[0], dtype=np.int64)
    stack[0] = root
    top = 1
    count = 1
    block_count = 0
    while top > 0:
        top -= 1
        block = nodes[stack[top], BLOCK]
        if block >= 0:
            block_count += 1
            first = blocks[block, FIRST]
            count += blocks[block, COUNT]
            for c in range(first, first + blocks[block, COUNT]):
                if nodes[c, BLOCK] >= 0:
                    stack[top] = c
                    top += 1
    return count, block_count
