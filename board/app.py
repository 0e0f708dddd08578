"""The board's web layer: a thin Starlette app over the same Python API the CLI uses.

Every answer is JSON — the same ``to_dict()`` the CLI's ``--json`` prints —
or the page's static files. The app is safe by default: it answers only for
the address it is bound to (DNS rebinding), refuses state-changing requests
from another origin (CSRF), asks for a token when bound beyond loopback,
never reads a server path a request names, bounds every body, and answers
bad input with 400 and the engine's one line, and keeps serving.
See docs/board.md for the endpoints.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import random
import re
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from huolong.engine import Hand, HuolongError, Play, Rules, write_position
from huolong.engine.deal import deal_hand

from huolong.i18n import _, from_accept_language, language, normalize, use

from .editor import build_position, check_hand, random_endgame
from .messages import LANG_HEADER, LANGUAGE_NAMES, page_messages
from .positions import BadRequest, Library, kind_of, node, parse, start_and_line
from .roomapp import PUBLIC_PREFIXES, room_routes
from .rooms import Hall
from .tasks import seed_of, settings
from .views import position_view, told_view
from .wholegame import add_hand, bury_in_game, next_hand
from .workers import Job, Pool, QueueFull

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 256 * 1024  # bytes: a deal file is a few hundred
TOKEN_COOKIE = "huolong_board_token"
JOB_KINDS = ("graph", "advise", "bury", "move", "review")
TAB_HEADER = "x-huolong-tab"  # the page's id of its tab: latest wins, and the workers are shared, per tab
TAB_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class Guard:
    """ASGI middleware: Host and Origin checks, the token beyond loopback, the body size limit."""

    def __init__(self, app: ASGIApp, hosts: set[str] | None, token: str | None) -> None:
        self.app = app  # a table's pages and endpoints (PUBLIC_PREFIXES) need their links' keys, not the token
        self.hosts = hosts
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        with use(request_language(headers)):  # this request's words: the page's switch, else the browser's
            await self._guarded(scope, receive, send, headers)

    async def _guarded(self, scope: Scope, receive: Receive, send: Send, headers: dict[str, str]) -> None:
        host = headers.get("host", "")
        if self.hosts is not None and host not in self.hosts:
            await _refuse(scope, receive, send, 403, _("host {host!r} is not this board's address").format(host=host))
            return
        method = scope["method"]
        origin = headers.get("origin")
        if method not in ("GET", "HEAD", "OPTIONS") and origin is not None and origin != f"http://{host}":
            await _refuse(scope, receive, send, 403, _("requests from {origin} may not change anything here").format(
                origin=origin))
            return
        if self.token is not None and not _public(scope["path"]) and not self._has_token(scope, headers):
            await _refuse(scope, receive, send, 403, _("this board needs its token: open the URL it printed"))
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _refuse(scope, receive, send, 413, _too_large())
            return
        await self.app(scope, _limited(receive), send)

    def _has_token(self, scope: Scope, headers: dict[str, str]) -> bool:
        query = scope.get("query_string", b"").decode("latin-1")
        given = dict(p.split("=", 1) for p in query.split("&") if "=" in p).get("token")
        cookies = dict(c.strip().split("=", 1) for c in headers.get("cookie", "").split(";") if "=" in c)
        candidates = [given, cookies.get(TOKEN_COOKIE), headers.get("x-board-token")]
        return any(c is not None and hmac.compare_digest(c, self.token or "") for c in candidates)


def _public(path: str) -> bool:
    """A path a table's guest reaches with its link's key alone (the new-table form is the host's)."""
    return path.startswith(PUBLIC_PREFIXES) and path != "/room/new" or path == "/api/messages"


def _limited(receive: Receive) -> Receive:
    """A body stream that stops past MAX_BODY, whatever Content-Length said (or did not)."""
    seen = 0

    async def limited() -> dict:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise BodyTooLarge()
        return message

    return limited


class BodyTooLarge(Exception):
    pass


def _too_large() -> str:
    return _("the request body is over {size} KB").format(size=MAX_BODY // 1024)


def request_language(headers: dict[str, str]) -> str:
    """The language of a request: the page's ``X-Huolong-Lang`` (its switch), else the browser's
    ``Accept-Language``."""
    chosen = normalize(headers.get(LANG_HEADER, ""))
    return chosen or from_accept_language(headers.get("accept-language"))


async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, message: str) -> None:
    await JSONResponse({"error": message}, status_code=status)(scope, receive, send)


def error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def body(request: Request) -> dict:
    raw = await request.body()  # past MAX_BODY: BodyTooLarge, a 413 as with a Content-Length over it
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise BadRequest(_("the request body is not JSON")) from None
    if not isinstance(data, dict):
        raise BadRequest(_("the request body must be a JSON object"))
    return data


def client_of(request: Request, data: dict) -> str:
    """Who is asking: the tab the page names (its ``X-Huolong-Tab`` header, else ``"tab"`` in the body),
    else the address the request comes from (a script, or a page that sends no id)."""
    tab = request.headers.get(TAB_HEADER) or data.get("tab")
    if tab is None or tab == "":
        return f"address {request.client.host if request.client else '?'}"
    if not isinstance(tab, str) or not TAB_ID.fullmatch(tab):
        raise BadRequest(_("tab: up to 64 letters, digits, - and _, not {tab!r}").format(tab=str(tab)[:80]))
    return tab


async def finished(job: Job) -> None:
    """Wait until the job is over without holding a thread: its end wakes this request's loop."""
    loop = asyncio.get_running_loop()
    over = asyncio.Event()

    def wake() -> None:
        try:
            loop.call_soon_threadsafe(over.set)
        except RuntimeError:  # the loop has closed: the server is stopping
            pass

    job.when_over(wake)
    await over.wait()


def create_app(library: Library, pool: Pool | None, *, hosts: set[str] | None, token: str | None = None,
               hall: Hall | None = None, address: tuple[str, int] = ("127.0.0.1", 0)) -> Starlette:
    """The board's app for the positions of ``library``; ``pool`` runs the solver (``None``: views only);
    ``hall`` keeps the tables for friends (``None``: a hall of its own, saving nothing); ``address``: the
    (host, port) the server listens on, for the tables' links."""
    hall = hall if hall is not None else Hall(None)

    def handler(fn):  # type: ignore[no-untyped-def]
        async def wrapped(request: Request) -> Response:
            try:
                return await fn(request)
            except BodyTooLarge:
                return error(_too_large(), 413)
            except (BadRequest, HuolongError) as e:
                return error(str(e), getattr(e, "status", 400))
            except QueueFull as e:
                return JSONResponse({"error": _("busy: {reason}; try again in a few seconds").format(reason=e)},
                                    status_code=503, headers={"Retry-After": "5"})
        return wrapped

    def need_pool() -> Pool:
        if pool is None:
            raise BadRequest(_("this board was started without workers"))
        return pool

    async def messages(request: Request) -> Response:
        """The page's words in the request's language (the catalog's, as the CLI's)."""
        return JSONResponse({"lang": language(), "languages": LANGUAGE_NAMES, "messages": page_messages()})

    async def index(request: Request) -> Response:
        response = FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})
        if token is not None:
            response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="strict")
        return response

    async def status(request: Request) -> Response:
        return JSONResponse(pool.status() if pool else {"kernel": "none"})

    async def positions(request: Request) -> Response:
        return JSONResponse({"positions": [{"index": i, "name": e.name, "title": e.title, "kind": e.kind,
                                            "given": i < library.given} for i, e in enumerate(library.entries)]})

    async def open_text(request: Request) -> Response:
        data = await body(request)
        text = data.get("text")
        name = data.get("name") or _("<pasted>")
        if not isinstance(text, str) or not isinstance(name, str):
            raise BadRequest(_("expected {example}").format(example='{"text": "…deal file…", "name": "…"}'))
        found = parse(text, name[:200])
        return JSONResponse({"positions": [{"index": i, "title": p.tags.get("Event") or f"{name}:{p.origin[1]}",
                                            "kind": kind_of(p)} for i, p in enumerate(found)]})

    async def view(request: Request) -> Response:
        data = await body(request)
        pos = node(library, data.get("root"), data.get("plays", []))
        viewer = data.get("viewer")
        if viewer is not None and (not isinstance(viewer, str) or viewer not in "SENW" or len(viewer) != 1):
            raise BadRequest(_("viewer: one of S E N W, not {viewer!r}").format(viewer=viewer))
        seat = "SENW".index(viewer) if viewer else None
        out = {**position_view(pos, seat), **told_view(pos, seat)}
        root = library.root(data.get("root"))
        start, main_line = start_and_line(root)
        out["main_line"] = [str(p) for p in main_line]
        out["main_tricks"] = [{"leader": "SENW"[t.leader], "winner": "SENW"[t.winner], "points": t.points,
                               "seats": ["SENW"[root.seat_after(t.leader, i)] for i in range(len(t.plays))]}
                              for t in root.history] if root.record else []
        out["start"] = {"to_play": "SENW"[start.to_play]}
        return JSONResponse(out)

    async def analyse(request: Request) -> Response:
        data = await body(request)
        pos = node(library, data.get("root"), data.get("plays", []))  # checked here: a bad play is a 400
        if pos.is_over():
            raise BadRequest(_("the hand is over: there is no play to value"))
        params = {**_task_params(data), "root": library.root_text(data.get("root")), "plays": data.get("plays", []),
                  "lang": language()}
        settings("analyse", params)  # a bad option is a 400 now, and cancels nothing
        job = need_pool().submit("analyse", params, client_of(request, data), interactive=True)
        await finished(job)
        if job.state == "error":
            raise BadRequest(job.error or _("the solve failed"))
        return JSONResponse({"job": job.id, "cancelled": job.cancel_asked, **(job.result or {})})

    async def start_job(request: Request) -> Response:
        data = await body(request)
        kind = data.get("kind")
        if kind not in JOB_KINDS:
            raise BadRequest(_("kind: one of {choices}, not {kind!r}").format(choices=", ".join(JOB_KINDS), kind=kind))
        node(library, data.get("root"), data.get("plays", []))
        params = {**_task_params(data), "root": library.root_text(data.get("root")), "plays": data.get("plays", []),
                  "lang": language()}
        settings(kind, params)  # a bad option (an unknown policy, say) is a 400 now, not a job that fails later
        job = need_pool().submit(kind, params, client_of(request, data))
        return JSONResponse({"id": job.id}, status_code=202)

    async def job_state(request: Request) -> Response:
        job = need_pool().get(request.path_params["job"])
        if job is None:
            return error(_("no such job (finished long ago, or never started)"), 404)
        since = request.query_params.get("since", "0")
        return JSONResponse(job.to_dict(int(since) if since.isdigit() else 0))

    async def cancel_job(request: Request) -> Response:
        job = need_pool().get(request.path_params["job"])
        if job is None:
            return error(_("no such job"), 404)
        need_pool().cancel(job)
        return JSONResponse({"id": job.id, "state": job.state})

    async def close_tab(request: Request) -> Response:
        count = need_pool().cancel_tab(request.path_params["tab"])
        return JSONResponse({"cancelled": count})

    async def export(request: Request) -> Response:
        data = await body(request)
        pos = node(library, data.get("root"), data.get("plays", []))
        return JSONResponse({"text": write_position(pos.endgame() if data.get("plays") else pos)})

    async def record(request: Request) -> Response:
        """The hand record of a node reached from a deal: its plays as a [Play] record (a game's review)."""
        data = await body(request)
        pos = node(library, data.get("root"), data.get("plays", []))
        pos.record = True
        return JSONResponse({"text": write_position(pos)})

    async def bury(request: Request) -> Response:
        data = await body(request)
        deal = library.root(data.get("root"))
        if not deal.is_before_bury:
            raise BadRequest(_("this is not a deal before the bury (Kitty, no Bottom)"))
        cards = data.get("bury")
        if not isinstance(cards, str):
            raise BadRequest(_("bury: the six cards, e.g. {example}").format(example='"S3 S4 D6 D7 C8 C9"'))
        if data.get("game") is not None:  # a whole game's hand: its round of 扣王 follows the bury
            return JSONResponse(bury_in_game(deal, _hand_of(cards), data))
        buried = deal.bury(_hand_of(cards))
        buried.tags = dict(deal.tags)
        return JSONResponse({"text": write_position(buried)})

    async def editor_check(request: Request) -> Response:
        data = await body(request)
        return JSONResponse(check_hand(data.get("text")))

    async def editor_build(request: Request) -> Response:
        data = await body(request)
        return JSONResponse({"text": build_position(data)})

    async def random_deal(request: Request) -> Response:
        data = await body(request)
        seed = seed_of(data) if data.get("seed") is not None else random.SystemRandom().randrange(1, 10**9)
        rules = Rules.parse(str(data.get("rules") or "standard"))
        cards = data.get("cards")
        if cards is None:
            deal = deal_hand(random.Random(f"board-deal:{seed}"), rules)
            deal.tags = {"Event": f"random deal, seed {seed}"}
            return JSONResponse({"text": write_position(deal), "seed": seed})
        if not isinstance(cards, int) or not 1 <= cards <= 39:
            raise BadRequest(_("cards: a number from 1 to 39, not {cards!r}").format(cards=cards))
        return JSONResponse({"text": write_position(random_endgame(seed, cards, rules)), "seed": seed})

    async def game_next(request: Request) -> Response:
        return JSONResponse(next_hand(await body(request)))

    async def game_add(request: Request) -> Response:
        return JSONResponse(add_hand(await body(request)))

    routes = [
        Route("/", handler(index)),
        Route("/api/status", handler(status)),
        Route("/api/messages", handler(messages)),
        Route("/api/positions", handler(positions)),
        Route("/api/open", handler(open_text), methods=["POST"]),
        Route("/api/view", handler(view), methods=["POST"]),
        Route("/api/analyse", handler(analyse), methods=["POST"]),
        Route("/api/jobs", handler(start_job), methods=["POST"]),
        Route("/api/jobs/{job}", handler(job_state), methods=["GET"]),
        Route("/api/jobs/{job}", handler(cancel_job), methods=["DELETE"]),
        Route("/api/tabs/{tab}/close", handler(close_tab), methods=["POST"]),
        Route("/api/export", handler(export), methods=["POST"]),
        Route("/api/record", handler(record), methods=["POST"]),
        Route("/api/bury", handler(bury), methods=["POST"]),
        Route("/api/editor/check", handler(editor_check), methods=["POST"]),
        Route("/api/editor/build", handler(editor_build), methods=["POST"]),
        Route("/api/random", handler(random_deal), methods=["POST"]),
        Route("/api/game/next", handler(game_next), methods=["POST"]),
        Route("/api/game/add", handler(game_add), methods=["POST"]),
        *room_routes(hall, lambda: address, str(STATIC), body, handler, pool),  # the tables for friends
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, middleware=[Middleware(Guard, hosts=hosts, token=token)])


def _hand_of(text: str) -> Hand:
    if not text.strip():
        raise BadRequest(_("To bury, choose six cards: click them, or type them like {example}.").format(
            example="S3 S4 D6 D7 C8 C9"))
    try:
        return Hand.from_cards(Play.parse(text).cards)
    except HuolongError as e:
        raise BadRequest(_("the cards to bury: {error}").format(error=e)) from None


def _task_params(data: dict) -> dict:
    """The options a task reads (it checks them itself): nothing else of the request goes on."""
    keys = ("objective", "seconds", "nodes", "samples", "seed", "seat", "policy")
    return {k: data[k] for k in keys if k in data}
