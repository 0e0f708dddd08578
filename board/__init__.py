"""The analysis board: a deal in the browser, every play valued, a hand stepped through with its
value graph, a deal entered without writing a file — a thin web layer over the same API as the CLI.

``huolong-solve board [FILE]`` runs it (:func:`~huolong.board.server.serve`);
:func:`~huolong.board.app.create_app` makes the app for tests and embedding.

>>> from huolong.board import create_app, Library
>>> app = create_app(Library.of_examples(), None, hosts={"127.0.0.1:8765"})
>>> sorted(r.path for r in app.routes)[:3]
['/', '/api/analyse', '/api/bury']
"""

from .app import create_app
from .positions import BadRequest, Library
from .server import serve

__all__ = ["BadRequest", "Library", "create_app", "serve"]
