"""Knowledge playouts (bridge, template, win/block, agents): kernel against the step-by-step
reference for the same generator, hand positions where the policy must answer, databases."""

import json

import numpy as np
import pytest
from hexswarm.engine import Board
from hexswarm.engine.board import HexError
from hexswarm.engine.kernels.knowledge import (
    AROUND_SHIFT,
    PICK,
    SHAPE,
    START_BUILD,
    START_RESTORE,
    START_SAVE,
    answer_masks,
    knowledge_playout,
    make_knowledge_scratch,
    policy_playout_batch,
)
from hexswarm.engine.kernels.playout import cell_tables
from hexswarm.engine.knowledge import (
    HEURISTICS,
    AgentDatabase,
    bundled_databases,
    load_database,
    playout_policy,
    save_database,
)
from hexswarm.engine.players import create_player
from hexswarm.engine.playout import PlayoutPosition, random_playouts
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.naive import (
    bridge_answers,
    reference_policy_playouts,
    template_answers,
    winning_cells,
)


def kernel_wins(board, policy, count, state, last_cell=None):
    position = PlayoutPosition.from_board(board)
    last = position.last_cell if last_cell is None else last_cell
    states = np.array([state], dtype=np.uint64)
    return policy_playout_batch(
        policy.kernel_policy(),
        make_knowledge_scratch(board.size),
        position.black_rows,
        position.empties,
        len(position.empties),
        position.black_to_move,
        last,
        position.size,
        count,
        states,
        0,
    )


agent_strategy = st.permutations(HEURISTICS).flatmap(
    lambda order: st.integers(0, len(order)).map(lambda k: tuple(order[:k]))
)


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 6).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=n * n, max_size=n * n),
            st.booleans(),
            st.integers(1, 2**63),
            st.lists(agent_strategy, min_size=1, max_size=3),
            st.sampled_from(["per-move", "per-playout"]),
            st.integers(-1, n * n - 1),
        )
    )
)
def test_kernel_equals_the_reference_for_the_same_generator(data):
    size, values, black_to_move, state, agents, selection, last = data
    board = Board(size)
    cells = np.array(values, dtype=np.int8)
    board.setup(
        black=np.flatnonzero(cells == 1).tolist(),
        white=np.flatnonzero(cells == 2).tolist(),
        to_move="black" if black_to_move else "white",
    )
    policy = playout_policy("agents", AgentDatabase(tuple(agents), selection))
    expected = reference_policy_playouts(
        board.cells,
        size,
        black_to_move,
        last,
        [list(a) for a in agents],
        selection == "per-playout",
        6,
        state,
    )
    assert kernel_wins(board, policy, 6, state, last) == expected.count(1)
    # and one at a time, so a compensating error cannot hide in the sum
    for seed in range(state, state + 2):
        single = reference_policy_playouts(
            board.cells, size, black_to_move, last, [list(a) for a in agents],
            selection == "per-playout", 1, seed,
        )[0]  # fmt: skip
        assert kernel_wins(board, policy, 1, seed, last) == (1 if single == 1 else 0)


@pytest.mark.parametrize("name", ["bridge", "template", "win"])
def test_fixed_policies_equal_the_reference_on_a_middle_game(name):
    board = Board.from_moves(7, ("d4", "c5", "e3", "d3", "b6", "e2", "c6"))
    policy = playout_policy(name)
    agents = [list(policy.database.agents[0])]
    expected = reference_policy_playouts(board.cells, 7, False, board.moves[-1].cell, agents,
                                         False, 40, 99)  # fmt: skip
    assert kernel_wins(board, policy, 40, 99) == expected.count(1)


@pytest.mark.parametrize("name", ["template", "win", "agents"])
def test_a_kept_start_gives_the_playouts_of_a_fresh_set_up(name):
    """Several playouts from one position set it up once and copy it (START_SAVE, then
    START_RESTORE): draw for draw the playouts of setting it up every time, reach sets and
    winning cells included (``win``, ``agents``), whatever the playouts did to the scratch."""
    board = Board.from_moves(7, ("d4", "c5", "e3", "d3", "b6", "e2", "c6", "f2", "a7"))
    position = PlayoutPosition.from_board(board)
    policy = playout_policy(name).kernel_policy()
    cell_row, cell_bit = cell_tables(board.size)

    def playouts(starts):
        states = np.array([17], dtype=np.uint64)
        order = position.empties.copy()
        knowledge = make_knowledge_scratch(board.size)
        rows = np.zeros(board.size, dtype=np.uint64)
        reach = np.zeros(board.size, dtype=np.uint64)
        return [
            bool(
                knowledge_playout(
                    policy,
                    knowledge,
                    position.black_rows,
                    order,
                    len(order),
                    position.black_to_move,
                    position.last_cell,
                    board.size,
                    cell_row,
                    cell_bit,
                    rows,
                    reach,
                    states,
                    0,
                    start,
                )
            )
            for start in starts
        ]

    fresh = playouts([START_BUILD] * 60)
    assert playouts([START_SAVE] + [START_RESTORE] * 59) == fresh
    assert 0 < sum(fresh) < 60  # both sides win some: the playouts differ


def ring_answers(board, intruder, mover, template):
    """The kernel's answers to ``intruder``, sorted by cell as the kernel draws among them."""
    knowledge = make_knowledge_scratch(board.size)
    ring, carriers, around = knowledge.ring, knowledge.carriers, knowledge.around
    empty_around = knowledge.empty_around
    around[:] = empty_around
    for cell, value in enumerate(board.cells):
        for i in range(6):
            around[ring[6 * cell + i]] += int(value) << AROUND_SHIFT[i]
    mask = answer_masks(SHAPE, around[intruder], carriers[intruder], mover)[1 if template else 0]
    return [int(ring[6 * intruder + PICK[6 * mask + r]]) for r in range(bin(mask).count("1"))]


def test_a_bridge_intrusion_is_answered_and_connects():
    # Black b1 (top row) and a3 (bottom row) form a bridge through a2 and b2; White took b2.
    board = Board.from_rows(
        """
        . B .
        . W .
        B . .
        """,
        to_move="black",
    )
    intruder = board.cell_index("b2")
    answer = board.cell_index("a2")
    assert ring_answers(board, intruder, 1, False) == [answer]
    assert bridge_answers(board.cells, 3, intruder, 1) == [answer]
    # Answering connects Black: every bridge playout wins; uniform ones do not.
    assert kernel_wins(board, playout_policy("bridge"), 500, 5, intruder) == 500
    assert random_playouts(board, 500, seed=5) < 500
    # The answer is only to the opponent's last move: an old intrusion is not answered.
    assert kernel_wins(board, playout_policy("bridge"), 500, 5, -1) < 500


def test_an_edge_template_intrusion_is_answered_by_template_not_bridge():
    # Black b2 reaches the bottom through a3; its template to the top edge lost b1 to White.
    board = Board.from_rows(
        """
        . W .
        . B .
        B . .
        """,
        to_move="black",
    )
    intruder = board.cell_index("b1")
    answer = board.cell_index("c1")
    assert ring_answers(board, intruder, 1, True) == [answer]
    assert template_answers(board.cells, 3, intruder, 1) == [answer]
    assert ring_answers(board, intruder, 1, False) == []
    assert kernel_wins(board, playout_policy("template"), 500, 7, intruder) == 500
    assert kernel_wins(board, playout_policy("bridge"), 500, 7, intruder) < 500


def test_white_answers_its_own_intrusions_too():
    # White a2 (left column) and c1 (right column) form a bridge through b1 and b2.
    board = Board.from_rows(
        """
        . . W
        W B .
        . . .
        """,
        to_move="white",
    )
    intruder = board.cell_index("b2")
    expected = bridge_answers(board.cells, 3, intruder, 2)
    assert expected == ring_answers(board, intruder, 2, False) == [board.cell_index("b1")]
    assert ring_answers(board, intruder, 1, False) == []  # not Black's bridge
    assert kernel_wins(board, playout_policy("bridge"), 300, 3, intruder) == 0


def test_win_takes_the_winning_cell_and_blocks_the_only_threat():
    # Black to move wins at a3 at once; uniform playouts sometimes miss it.
    board = Board.from_rows(
        """
        B W W
        B W .
        . . .
        """,
        to_move="black",
    )
    assert winning_cells(board.cells, 3, 1) == [board.cell_index("a3")]
    assert kernel_wins(board, playout_policy("win"), 300, 1, -1) == 300
    assert random_playouts(board, 300, seed=1) < 300
    # Neither side has a threat but Black's a3 wins: win comes first.
    board = Board.from_rows(
        """
        B W .
        B W .
        . . .
        """,
        to_move="black",
    )
    assert kernel_wins(board, playout_policy("win"), 300, 2, -1) == 300


def test_block_occupies_the_opponents_only_winning_cell():
    # White threatens only c1 (a1-b1 then the right edge); Black cannot win at once.
    board = Board.from_rows(
        """
        W W .
        . . .
        B . .
        """,
        to_move="black",
    )
    threat = board.cell_index("c1")
    assert winning_cells(board.cells, 3, 2) == [threat]
    block_only = playout_policy("agents", AgentDatabase((("block",),)))
    # Black blocks c1 in every playout (the reference checks it move by move): it wins more.
    expected = reference_policy_playouts(board.cells, 3, True, -1, [["block"]], False, 200, 4)
    assert kernel_wins(board, block_only, 200, 4, -1) == expected.count(1)
    assert kernel_wins(board, block_only, 200, 4, -1) > random_playouts(board, 200, seed=4)


def test_a_decided_position_is_decided_in_every_knowledge_playout():
    board = Board(3)
    board.setup(white=["a2", "b2", "c2"], to_move="black")
    for name in ("bridge", "template", "win", "agents"):
        assert random_playouts(board, 200, seed=1, policy=name) == 0


def test_policies_are_reproducible_with_threads():
    board = Board(7)
    board.play("d4")
    for name in ("bridge", "win", "agents"):
        first = random_playouts(board, 2000, seed=42, threads=2, policy=name)
        assert first == random_playouts(board, 2000, seed=42, threads=2, policy=name)
    assert random_playouts(board, 2000, seed=42, policy="uniform") == random_playouts(
        board, 2000, seed=42
    )


# --------------------------------------------------------------------------- databases


def test_the_default_database_is_bundled_and_valid():
    assert "default" in bundled_databases()
    database = load_database("default")
    assert database.selection == "per-move" and len(database.agents) >= 2
    assert playout_policy("agents").database == database


def test_a_database_round_trips_through_a_file(tmp_path):
    database = AgentDatabase((("bridge", "win"), ("template",)), "per-playout")
    path = tmp_path / "agents.json"
    save_database(database, path)
    assert load_database(str(path)) == database
    assert playout_policy("agents", str(path)).database == database
    array = database.agent_array()
    assert array.shape == (2, 4) and array[1, 1] == -1


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"format": "other", "version": 1, "agents": [["win"]]}, "'format' must be"),
        ({"format": "hexswarm-playout-agents", "version": 2, "agents": [["win"]]}, "version"),
        ({"format": "hexswarm-playout-agents", "version": 1, "agents": []}, "at least one"),
        ({"format": "hexswarm-playout-agents", "version": 1, "agents": [["jump"]]}, "jump"),
        ({"format": "hexswarm-playout-agents", "version": 1, "agents": [["win", "win"]]}, "twice"),
        ({"format": "hexswarm-playout-agents", "version": 1, "agents": "win"}, "list of lists"),
        (
            {
                "format": "hexswarm-playout-agents",
                "version": 1,
                "agents": [["win"]],
                "selection": "sometimes",
            },
            "selection",
        ),  # fmt: skip
        ({"format": "hexswarm-playout-agents", "version": 1, "agents": [["win"]], "x": 1}, "x"),
    ],
)
def test_bad_databases_say_what_is_wrong(tmp_path, document, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    with pytest.raises(HexError, match=message):
        load_database(str(path))


def test_missing_names_and_files_are_clear_errors(tmp_path):
    with pytest.raises(HexError, match="no bundled agent database 'nosuch'"):
        load_database("nosuch")
    with pytest.raises(HexError, match="does not exist"):
        load_database(str(tmp_path / "missing.json"))
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(HexError, match="not valid JSON"):
        load_database(str(tmp_path / "broken.json"))
    with pytest.raises(HexError, match="unknown playout policy"):
        playout_policy("clever")


# --------------------------------------------------------------------------- levels


SEARCHING_LEVELS = {
    "mc": "mc:playouts_per_move=30",
    "mcsds": "mcsds:agents=300,iterations=4",
    "sdst": "sdst:agents=300,iterations=4",
    "uct": "uct:playouts=300",
}


@pytest.mark.parametrize("level", sorted(SEARCHING_LEVELS))
def test_every_level_defaults_to_uniform_and_plays_with_every_policy(level):
    assert create_player(level).settings.playout == "uniform"
    board = Board(5)
    board.play("c3")
    for name in ("bridge", "template", "win", "agents"):
        player = create_player(f"{SEARCHING_LEVELS[level]},threads=1,playout={name}")
        assert player.playout_policy().name == name
        move = player.choose_move(board).move
        assert board.stone_at(move) is None
        assert player.choose_move(board).move == move  # seeded: the same move again
    # the policy reaches the leaves: the uniform and knowledge searches see different playouts
    assert (
        create_player("uct:playouts=300,threads=1,playout=win").spec()
        != create_player("uct:playouts=300,threads=1").spec()
    )


def test_every_level_with_win_playouts_blocks_the_only_threat():
    """White's a2-b2-c2 wins at d2 (d1 is Black's): Black must block there. Seeded (it was
    not): every level blocked with each of seeds 0-199 (docs/results/ci/flake-audit.md), so
    seed 0 is not a lucky one, and the verdict no longer rests on a seed drawn per run."""
    board = Board.from_rows(
        """
        . . . B
        W W W .
        . B . .
        . B . .
        """,
        to_move="black",
    )
    expected = board.cell_index("d2")
    for level in sorted(SEARCHING_LEVELS):
        player = create_player(f"{SEARCHING_LEVELS[level]},threads=1,playout=win,seed=0")
        assert player.choose_move(board).move == expected, level


def test_playout_agents_is_checked_when_the_spec_is_read(tmp_path):
    database = AgentDatabase((("win", "bridge"),))
    path = tmp_path / "mine.json"
    save_database(database, path)
    player = create_player(f"uct:playout=agents,playout_agents={path}")
    assert player.playout_policy().database == database
    with pytest.raises(HexError, match="uct: playout_agents: no bundled agent database"):
        create_player("uct:playout=agents,playout_agents=nosuch")
    with pytest.raises(HexError, match="uct: playout must be one of"):
        create_player("uct:playout=smart")
