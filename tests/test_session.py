"""A long search is stopped by its time limit and by Ctrl-C, and the program carries on or stops cleanly."""

import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from huolong.solver import SearchAborted, solve

from endgames import random_endgame

TESTS = Path(__file__).resolve().parent


def long_endgame():
    """Twenty cards a hand: millions of nodes, far more than the limits below allow."""
    return random_endgame(random.Random(11), 20, kinds=54)


# a node limit far past the time limit, so that a search the clock fails to stop ends as a failure, not a hang
BACKSTOP = 20_000_000


def test_a_search_past_its_time_limit_is_stopped():
    with pytest.raises(SearchAborted, match="time limit"):
        solve(long_endgame(), max_seconds=0.3, max_nodes=BACKSTOP)


def test_loading_the_kernel_does_not_spend_the_searchs_time(monkeypatch):
    """A first call loads (or compiles) the kernel: the time budget is the search's, so the deadline
    moves on by as long as the load took."""
    import huolong.solver.session as session
    from huolong.solver.encode import encode

    pos = random_endgame(random.Random(3), 4)
    monkeypatch.setattr(session, "load", lambda driver, args: time.sleep(0.4))
    s = session.Session(encode(pos, "points"), 12, max_seconds=0.3)
    before = s.deadline
    assert s.run(lambda *args: 7, watched=False) == 7
    assert s.deadline - before >= 0.4


def test_a_node_budget_past_the_kernels_counters_is_refused_naming_it():
    from huolong.solver.errors import SolverError

    with pytest.raises(SolverError, match="invalid max_nodes 1180591620717411303424"):
        solve(random_endgame(random.Random(3), 2), max_nodes=2**70)


def test_a_stopped_search_leaves_the_solver_usable():
    with pytest.raises(SearchAborted):
        solve(long_endgame(), max_seconds=0.3, max_nodes=BACKSTOP)
    assert solve(random_endgame(random.Random(3), 2)).moves


def test_ctrl_c_stops_a_search_and_is_raised_as_keyboard_interrupt():
    script = textwrap.dedent(f"""
        import random, signal, sys
        signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal, whatever the parent ignores
        sys.path.insert(0, {str(TESTS)!r})
        from endgames import random_endgame
        from huolong.solver import solve
        solve(random_endgame(random.Random(3), 2))  # compile or load the kernel first
        print("searching", flush=True)
        try:
            solve(random_endgame(random.Random(11), 20, kinds=54))
            print("finished", flush=True)
        except KeyboardInterrupt:
            import threading
            others = [t for t in threading.enumerate()
                      if t is not threading.main_thread() and t.name != "huolong-watch"]
            print("threads left", len(others), flush=True)  # none still searching (the watcher waits, idle)
            raise
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().strip() == "searching"
        time.sleep(2)  # into the kernel, where Python's own handler cannot run
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=300)  # a hang guard only: a stopped search ends at once
    finally:
        proc.kill()  # when the test fails, the search must not run on
    assert "finished" not in out and "threads left 0" in out
    assert proc.returncode != 0 and "KeyboardInterrupt" in err


def test_a_long_search_reports_its_progress():
    reports = []
    with pytest.raises(SearchAborted, match="node limit") as stop:
        solve(long_endgame(), max_nodes=2_000_000, on_progress=reports.append)
    assert reports, "the first poll reports at once"
    assert reports == sorted(reports) and reports[-1] <= stop.value.nodes


def test_a_failing_progress_report_leaves_the_clock_running():
    def broken(nodes):
        raise RuntimeError("a caller's bug")

    with pytest.raises(SearchAborted, match="time limit"):  # the watcher thread still stops the search
        solve(long_endgame(), max_seconds=0.3, max_nodes=BACKSTOP, on_progress=broken)


# -- a stop token: cancelling a search from elsewhere ----------------------------------------------


def cancel_after(token, seconds):
    import threading

    timer = threading.Timer(seconds, token.cancel)
    timer.start()
    return timer


def test_a_cancelled_search_stops_and_says_so():
    from huolong.solver import StopToken

    token = StopToken()
    cancel_after(token, 0.3)
    with pytest.raises(SearchAborted, match="cancelled") as stop:
        solve(long_endgame(), max_nodes=BACKSTOP, stop=token)  # the node limit is a backstop, far off
    assert stop.value.reason == "cancelled" and stop.value.nodes < BACKSTOP
    assert solve(random_endgame(random.Random(3), 2)).nodes > 0  # the solver stays usable


def test_a_cancelled_search_keeps_what_it_had_finished():
    from huolong.solver import StopToken

    token = StopToken()
    cancel_after(token, 0.5)
    with pytest.raises(SearchAborted) as stop:
        solve(long_endgame(), plays="all", max_nodes=BACKSTOP, stop=token)
    low, high = stop.value.bounds
    assert stop.value.partial or low is not None or high is not None or stop.value.nodes > 0


def test_a_token_cancelled_before_the_search_stops_it_at_once():
    from huolong.solver import StopToken

    token = StopToken()
    token.cancel()
    with pytest.raises(SearchAborted, match="cancelled"):
        solve(random_endgame(random.Random(3), 4), stop=token)


def test_a_token_may_wrap_another_process_s_event():
    import multiprocessing

    from huolong.solver import StopToken

    event = multiprocessing.get_context("spawn").Event()
    token = StopToken(event)
    assert not token.cancelled
    event.set()
    assert token.cancelled
