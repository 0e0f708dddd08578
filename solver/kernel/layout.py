"""Every index into the arrays that Python and the kernel share, named; and their builders.

Nothing outside this module indexes those arrays with a bare number. The
kernel reads these names as compile-time constants (Numba freezes module
globals into the compiled code, which is why the kernel's cache is keyed on
the sources of the whole package, see :mod:`huolong.solver.kernel`).

The arrays
----------
``h[seat, plane]``  uint64 bitboards of each hand (seats numbered in the order
    of play) over 54 *kinds*: plane 0 has bit k set when the seat holds ≥ 1
    copy of kind k, plane 1 ≥ 2 copies, plane 2 all 3. Kinds are renumbered
    per hand so that every effective suit is a run of bits, weakest first.
``tr[trick, i, 0..2]``  the kinds of the i-th play of a trick; ``tr[t, i, TR_N]``
    its number of cards (1..3).
``K``  the constant tables of one hand (a tuple, built by ``encode``), ``K_*``.
``K[K_PAR]``  the hand's parameters, ``P_*``.
``T``  the transposition table (a tuple of columns), ``T_*``.
``ctrl``  control words shared with the Python thread that watches a search, ``CTRL_*``.
``F`` / ``FK``  the frames of the explicit search stack (int64 / uint64 words), ``F_*`` / ``FK_*``.

Move codes: ``n | c0 << 2 | c1 << 8 | c2 << 14`` with kinds c0 ≤ c1 ≤ c2
(``n`` = 1..3 cards; unused kinds repeat the last).
"""

from __future__ import annotations

import numpy as np

NUM_KINDS = 54
INF = 1 << 60
SUITS = 5  # kernel suit slots: up to four plain suits (no-trump), then the trumps
TRUMP = 4
TRUMP_POWER = 100  # trumps' powers are raised by this, so any trump beats any plain card
MAX_TRICKS = 44
MAX_PLIES = 4 * MAX_TRICKS

# tr[t, i, TR_N]: cards in the play
TR_N = 3

# K: the constant tables of one hand
K_SUIT = 0  # effective suit slot of each kind (TRUMP for trumps)
K_POWER = 1  # trick power of each kind (trumps + TRUMP_POWER)
K_POINTS = 2  # card points of each kind
K_TIES = 3  # per kind: the kinds of its suit with equal power (a mask)
K_SUIT_MASK = 4  # per suit slot: its kinds (a mask)
K_LEAF = 5  # leaf[dug, points // 5]: the value of a finished hand
K_ZOB = 6  # zob[seat, plane, kind]: Zobrist keys of the hands
K_ZPOINTS = 7  # zpts[points // 5]: Zobrist keys of the points, when they are part of the key
K_PAR = 8  # the hand's parameters, P_*
K_ZLEAD = 9  # zlead[seat]: Zobrist key of the leader
K_ZREL = 10  # zrel[suit, slot, signature]: keys of a kind's place in a class (partition search)
K_BOUNDS = 11  # the values where the hand's result changes, ascending (outcome objectives; empty otherwise)
K_ZLOOSE = 12  # zloose[suit, copies per seat (base 4) * 3 + points // 5]: a kind below a class's exact top

# prev: the twins of the seat to move (moves.equivalence), per kind k
LINK_EQUAL = 0  # prev[LINK_EQUAL + k]: the next weaker kind equivalent to k, or -1
LINK_DOWN = NUM_KINDS  # prev[LINK_DOWN + k]: the next weaker twin of k (maybe worth other points), or -1
LINK_UP = 2 * NUM_KINDS  # prev[LINK_UP + k]: the next stronger twin of k, or -1
LINK_UNEVEN = 3 * NUM_KINDS  # how many of the twins found last differ in points
LINK_FIELDS = 3 * NUM_KINDS + 1

# K[K_PAR]
P_DEALER = 0  # the dealer's seat parity (kernel seats): that side minimises
P_DIG = 1  # points added when the attackers win the last trick
P_POINTS_KEYED = 2  # 1 when the leaf is not additive in points (outcome objective): points go in the key
P_TRICK_SCORE = 3  # what each trick scores by itself, in kernel points (0 in Huolong)
P_MAX_UNIT = 4  # the largest unit that may be led (1: every play is one card)
P_RESULT_ONLY = 5  # 1: settle the result and stop (its points are then a value that reaches it)
P_QUASI_SLOPE = 6  # the leaf's rise for 5 points more where quasi-classes apply (:mod:`.quasi`), else 0
P_FIELDS = 7

# T: the transposition table, three arrays. Scans read only the first two (a bucket's shapes fill
# 16 cache lines); the rest of an entry is one row of its own cache line, so a matching entry costs
# one more line, not one per field.
T_SHAPE = 0  # per entry: what every member of its class shares (uint64; 0 = empty)
T_STAMP = 1  # per entry: when it was last written (node count), for replacement
T_ROWS = 2  # per entry: a row of the E_ fields
E_KEY = 0  # the class: the exact part of its positions (a uint64's bits)
E_CUT = 1  # per suit, how many live kinds from the top the class keeps exact (the low 32 bits), and
# above them a best move found there, plus one (0: none; :func:`.table.best_of`)
E_LO = 2  # lower bound, relative to the points already taken
E_HI = 3  # upper bound, likewise
E_QKEY = 4  # the class with the points of its loose kinds left out: its quasi-class (:mod:`.quasi`)
E_GROUPS = 5  # three words: what its loose kinds are worth, suit by suit (:func:`.quasi.stored_groups`)
E_FIELDS = 8  # 64 bytes: one cache line a row
CACHE_LINE = 64
WAYS = 128  # entries per bucket: one bucket holds the classes of one shape
CUT_BITS = 5  # bits per suit in an E_CUT word
CUT_MASK = (1 << 32) - 1  # the cut's bits of an E_CUT word

# ctrl
CTRL_NODES = 0  # nodes searched
CTRL_LIMIT = 1  # stop after this many nodes (0: no limit)
CTRL_STOP = 2  # set by the watching thread: STOP_INTERRUPT or STOP_TIME
CTRL_ABORTED = 3  # set by the kernel when it stopped early
CTRL_OVERFLOW = 4  # the move stack overflowed
CTRL_PASSES = 5  # zero-window searches made
CTRL_FLOOR = 6  # what MTD(f) has proved of the value it is after: at least this (−INF: nothing yet)
CTRL_CEILING = 7  # and at most this (INF: nothing yet); read when a search was stopped
CTRL_FIELDS = 8
STOP_INTERRUPT = 1
STOP_TIME = 2

# F: int64 words of a frame of the search stack
F_TNO = 0  # trick number (row of tr)
F_TLEN = 1  # plays made to it
F_LEADER = 2
F_PTS = 3  # attackers' points so far
F_ALPHA = 4  # the window the frame was entered with
F_BETA = 5
F_A = 6  # the window as it narrows
F_B = 7
F_BEST = 8  # best value so far
F_BESTMOVE = 9
F_LO = 10  # first move of the frame on the move stack
F_HI = 11  # end of its moves
F_CUR = 12  # move being tried
F_TT = 13  # 1 when the frame is a trick start that stores to the table
F_BASE = 14  # leaf value of the points already taken (the table stores relative bounds)
F_MAX = 15  # 1 when the mover maximises
F_MOVE = 16  # the move being tried
F_HAND_POINTS = 17  # card points still in the hands, carried play by play
F_KILLER = 18  # the lead that last cut off at this depth (kept from node to node: see search.search)
F_KILLER_SEAT = 19  # the seat that led it: in Huolong other seats may hold the same kind
F_FIELDS = 20

# FK: uint64 words of a frame
FK_KEY = 0  # Zobrist key of the hands and leader
FK_SHAPE = 1  # the trick start's shape (see table.classify)
FK_UNION = 2  # kinds whose rank decided any child's value
FK_BESTREL = 3  # kinds whose rank decided the best child's value
FK_TRICKREL = 4  # kinds whose rank decided the trick the move completed
FK_FIXED = 5  # kinds every class of this position keeps exact
FK_PREFIX = 6  # then, per suit, the prefix keys of its top 0..21 live kinds
PREFIX_STRIDE = 23
FK_SUIT_SHAPE = FK_PREFIX + SUITS * PREFIX_STRIDE  # then, per suit, the seats' lengths in it, its ties and points
FK_QPREFIX = FK_SUIT_SHAPE + SUITS  # then (quasi-classes) the prefix keys with the loose kinds' points left out
FK_GROUPS = FK_QPREFIX + SUITS * PREFIX_STRIDE  # and, per suit and prefix, what the kinds below it are worth
FK_FIELDS = FK_GROUPS + SUITS * PREFIX_STRIDE

# search modes of the explicit stack
MODE_ENTER = 0  # enter frame d
MODE_RETURN = 1  # a child of frame d returned a value
MODE_NEXT = 2  # try the next move of frame d

# tasks of the root driver (root.root)
TASK_ORDER = 0  # the plays of the seat to move, best-ordered
TASK_SCORE = 1  # the exact value of each of the given plays
TASK_LINE = 2  # the best line keeping a value
TASK_VALUE = 3  # the exact value of the position
TASK_TEST = 4  # whether each of the given plays keeps a value
TASK_RANGE = 5  # narrow what is proved of one play's value, under the node limit

# what search.value_of asks (its ``test``): a zero-window test either way, or the exact value by MTD(f)
# from a guess likely near it (the best value so far) or from a rough one (the bots' finish)
TEST_AT_LEAST = 1  # is the value ≥ the guess?
TEST_AT_MOST = -1  # is it ≤ the guess?
EXACT_NEAR = 0
EXACT_ROUGH = 2
EXACT_WITHIN = 3  # from a guess, within bounds already proved (``CTRL_FLOOR``, ``CTRL_CEILING`` on entry)

# policies of a playout seat
POLICY_BOT = 0
POLICY_RANDOM = 1

# what a playout reports of the trick under way when it began (its ``info`` array)
INFO_WINNER = 0  # the kernel seat that won it, or -1 when no trick was played
INFO_POINTS = 1  # the card points in it
INFO_SIZE = 2


def new_table(size: int) -> tuple[np.ndarray, ...]:
    """An empty transposition table of ``size`` entries (a power of two, at least :data:`WAYS`).

    All zeros: an entry with a zero shape is empty, and nothing but its shape
    is read until a store fills it. Zeroed memory comes lazily from the
    system, so a search pays only for the buckets it reaches (filling 2^18
    entries with −INF and −1 took 4 ms a solve, a tenth of an 8-card
    ``--plays best``). An entry takes 80 bytes: 168 MB for the largest table, 2^21 entries
    (:func:`huolong.solver.session.table_bits`)."""
    if size < WAYS or size & (size - 1):
        raise ValueError(f"invalid table size {size}: a power of two ≥ {WAYS}")
    rows = np.zeros(size * E_FIELDS + CACHE_LINE // 8, np.int64)
    skip = (-rows.ctypes.data % CACHE_LINE) // 8  # start the rows on a cache line
    rows = rows[skip:skip + size * E_FIELDS].reshape(size, E_FIELDS)
    return np.zeros(size, np.uint64), np.zeros(size, np.int64), rows


def clear_table(T: tuple[np.ndarray, ...]) -> None:
    """Empty a table in place (cheaper than a new one): a zero shape is an empty entry."""
    T[T_SHAPE].fill(0)


def search_buffers(stack: int) -> tuple[np.ndarray, ...]:
    """The kernel's working arrays: move stack, move scores, twin links, control words, frames.

    The move stack and its scores are left unset: the kernel reads only the
    entries it wrote (generation pushes, ordering scores what was pushed),
    and zeroing their 32 MB each solve cost ~3 ms once the allocator reused
    the memory, as much as a median 8-card ``--plays best`` (bench/RESULTS.md,
    session 15)."""
    return (np.empty(stack, np.int64), np.empty(stack, np.int64), np.full(LINK_FIELDS, -1, np.int64),
            np.zeros(CTRL_FIELDS, np.int64), np.zeros((MAX_PLIES, F_FIELDS), np.int64),
            np.zeros((MAX_PLIES, FK_FIELDS), np.uint64))


def new_tricks() -> np.ndarray:
    """The trick array ``tr`` (every trick of a hand)."""
    return np.zeros((MAX_TRICKS, 4, 4), np.int64)
