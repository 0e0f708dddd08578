import sys
from pathlib import Path

# the oracle and the endgame generator are plain modules beside the tests
sys.path.insert(0, str(Path(__file__).resolve().parent))


import pytest  # noqa: E402


@pytest.fixture(scope="module")
def pool():
    """The board's worker processes, warm (the kernel loaded), for one test module."""
    from board_helpers import wait_ready
    from huolong.board.workers import Pool

    workers = Pool(background=1)
    wait_ready(workers)
    yield workers
    workers.close()
