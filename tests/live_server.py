"""A real board server on a thread (uvicorn on a free port), and a reader of its server-sent events."""

from __future__ import annotations

import json
import threading
import time


class LiveServer:
    """The board's app served on 127.0.0.1 at a free port until :meth:`stop`."""

    def __init__(self, hall, pool=None, token=None) -> None:  # type: ignore[no-untyped-def]
        import uvicorn

        from huolong.board.app import create_app
        from huolong.board.positions import Library
        from huolong.board.server import allowed_hosts, free_port

        self.port = free_port("127.0.0.1", 0)
        self.hall = hall
        app = create_app(Library.of_examples([]), pool, hosts=allowed_hosts("127.0.0.1", self.port), token=token,
                         hall=hall, address=("127.0.0.1", self.port))
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off",
                                limit_concurrency=512, timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.hall.close()


def events(response):  # type: ignore[no-untyped-def]
    """The views an event stream sends, parsed, as they come (comments and keep-alives skipped)."""
    for line in response.iter_lines():
        if line.startswith("data: "):
            yield json.loads(line[len("data: "):])
