import sys

import pytest
from pathlib import Path

# the oracle and the endgame generator are plain modules beside the tests
sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A command run with ``--lang zh`` sets the process's language; the next test starts in English."""
    yield
    import huolong.i18n

    huolong.i18n.set_language("en")
    if "huolong.cli.main" in sys.modules:  # the commands' help back in English too
        from huolong.cli.main import cli
        from huolong.cli.translate import localize

        localize(cli)
