"""The endpoints of the tables for friends (docs/board.md, "A table for friends").

A table's page and its endpoints ask for no board token: every request carries the credentials of
its link — ``seat`` and ``key``, ``host``, or ``watch`` — in its query (GET) or body (POST), and is
refused with 403 without them. Making a table is the board's (``POST /api/rooms``: the board's token
beyond loopback). Live updates are server-sent events: each change sends the sight's whole view.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import nullcontext
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from huolong.i18n import _, normalize, use
from huolong.room import RoomError
from huolong.room.links import host_link

from .positions import BadRequest
from .workers import Pool
from .rooms import KEEPALIVE, Forbidden, Hall, finished_game, finished_hand, room_view, sight_of, sse

__all__ = ["room_routes", "PUBLIC_PREFIXES"]

#: Paths a table's guests reach without the board's token (their links' keys guard them).
PUBLIC_PREFIXES = ("/room/", "/api/room/", "/static/")
SUITS = ("S", "H", "D", "C")
MAX_ROOM_BODY = 4096  # bytes: a decision is a few dozen


def room_routes(hall: Hall, address: Callable[[], tuple[str, int]], static: str, body, handler,  # type: ignore[no-untyped-def]
                pool: Pool | None = None) -> list[Route]:
    """The routes; ``address()`` is the server's (host, port) for the links, ``body`` reads a JSON body,
    ``handler`` turns the engine's errors into 400s; ``pool`` runs the reviews."""

    async def page(request: Request) -> Response:
        return FileResponse(f"{static}/room.html", headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    def credentials(request: Request, data: dict | None = None) -> tuple:  # type: ignore[type-arg]
        creds = dict(request.query_params) if data is None else data
        try:
            room = hall.find(request.path_params["room"])
            sight = sight_of(room, creds)
        except BadRequest:  # wrong tables and keys are slowed down too, by where they come from
            hall.throttle(f"refused:{request.client.host if request.client else '?'}")
            raise
        hall.throttle(f"{room.id}:{sight.label}:{creds.get('key') or creds.get('host') or creds.get('watch')}")
        return room, sight

    async def small_body(request: Request) -> dict:
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > MAX_ROOM_BODY:
            raise TooLarge(_("a table's request is at most {n} bytes").format(n=MAX_ROOM_BODY))
        return await body(request)

    async def create(request: Request) -> Response:
        data = await body(request)
        room = hall.create(data)
        mine = room.host_seat
        host, port = address()
        link = host_link("", room.id, room.host_key, "SENW"[mine] if mine is not None else None,
                         room.chairs[mine].key if mine is not None else None)
        return JSONResponse({"id": room.id, "host_link": link, **hall.links(room, host, port)})

    async def view(request: Request) -> Response:
        room, sight = credentials(request)
        return JSONResponse(room_view(room, sight))

    async def events(request: Request) -> Response:
        room, _sight = credentials(request)
        creds = dict(request.query_params)
        lang = normalize(request.query_params.get("lang", "")) or None
        stream = hall.open_stream(room)

        async def updates():  # type: ignore[no-untyped-def]
            seen = -1
            try:
                while not hall.stopping:
                    if room.version != seen:
                        seen = room.version
                        try:  # asked again at every change: a link the host has since taken back sees no more
                            sight = sight_of(room, creds)
                        except Forbidden as e:
                            yield "event: gone\ndata: " + json.dumps({"error": str(e)}, ensure_ascii=False) + "\n\n"
                            return
                        with use(lang) if lang else nullcontext():
                            payload = sse(room_view(room, sight))
                        yield payload
                    try:
                        await asyncio.wait_for(stream.event.wait(), KEEPALIVE)
                    except asyncio.TimeoutError:
                        yield ": still here\n\n"
                    stream.event.clear()
            finally:
                hall.close_stream(room, stream)

        return StreamingResponse(updates(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def act(request: Request) -> Response:
        data = await small_body(request)
        room, sight = credentials(request, data)
        if sight.seat is None:
            raise Forbidden403()
        kind, value = data.get("kind"), data.get("value")
        if kind == "declare" and isinstance(value, str):
            value = SUITS.index(value) if value in SUITS else value
        if kind in ("bury", "play") and not isinstance(value, str):
            raise BadRequest(_("value: the cards, e.g. {example}").format(example='"SA SA"'))
        if kind in ("bury", "play") and len(value) > 400:
            raise BadRequest(_("value: too long"))
        try:
            room.act(sight.seat, str(kind), value)
        except RoomError as e:
            raise BadRequest(str(e)) from None
        return JSONResponse({"ok": True, "version": room.version})

    async def join(request: Request) -> Response:
        data = await small_body(request)
        room, sight = credentials(request, data)
        if sight.seat is None:
            raise Forbidden403()
        name = data.get("name", "")
        room.join(sight.seat, name.strip()[:24] if isinstance(name, str) else "")
        return JSONResponse({"ok": True})

    async def ready(request: Request) -> Response:
        data = await small_body(request)
        room, sight = credentials(request, data)
        if sight.seat is None and not sight.host:
            raise Forbidden403()
        try:
            room.next_hand(sight.seat, force=sight.host and bool(data.get("now")))
        except RoomError as e:
            raise BadRequest(str(e)) from None
        return JSONResponse({"ok": True})

    async def host_action(request: Request) -> Response:
        data = await small_body(request)
        room, sight = credentials(request, data)
        if not sight.host:
            raise Forbidden403(_("only the host may do that"))
        action = data.get("action")
        try:
            if action == "start":
                room.start()
            elif action == "seat":
                seat = data.get("target")
                if not isinstance(seat, str) or len(seat) != 1 or seat not in "SENW":
                    raise BadRequest(_("target: one of S E N W"))
                policy = data.get("policy")
                room.set_seat("SENW".index(seat), bool(data.get("human")), policy if isinstance(policy, str) else None)
            elif action == "timer":
                seconds = data.get("seconds")
                if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))):
                    raise BadRequest(_("timer: from 5 to 3600 seconds, or none"))
                room.set_timer(seconds)
            else:
                raise BadRequest(_("action: start, seat or timer, not {action!r}").format(action=str(action)[:40]))
        except RoomError as e:
            raise BadRequest(str(e)) from None
        return JSONResponse({"ok": True})

    async def links(request: Request) -> Response:
        room, sight = credentials(request)
        if not sight.host:
            raise Forbidden403(_("only the host may do that"))
        host, port = address()
        return JSONResponse(hall.links(room, host, port))

    async def record(request: Request) -> Response:
        room, _sight = credentials(request)
        which = request.query_params.get("hand", "game")
        if which == "game":
            text, name = finished_game(room), f"table-{room.id}.hl"
        else:
            text, name = finished_hand(room, int(which) if which.isdigit() else -1), f"table-{room.id}-hand-{which}.hl"
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}"',
                                                "Cache-Control": "no-store"})

    async def review(request: Request) -> Response:
        """The whole-hand review of a finished hand, one job every seat of the table shares: POST starts
        it (or finds it), GET reads it (``since``: the progress items already read)."""
        if request.method == "POST":
            data = await small_body(request)
            room, _sight = credentials(request, data)
            hand = data.get("hand")
        else:
            room, _sight = credentials(request)
            text = request.query_params.get("hand", "")
            hand = int(text) if text.isdigit() else -1
        record = finished_hand(room, hand)  # type: ignore[arg-type]
        key = (room.id, hand)
        if key in hall.reviewed:
            return JSONResponse(hall.reviewed[key])
        if pool is None:
            raise BadRequest(_("this board was started without workers"))
        job = pool.get(hall.reviews.get(key, ""))
        if job is None and request.method != "POST":
            return JSONResponse({"state": "none"})
        if job is None or (request.method == "POST" and job.state in ("error", "cancelled")):  # (again) now
            job = pool.submit("review", {"root": {"text": record, "index": 0}, "seed": 1, "lang": "en"},
                              tab=f"room-{room.id}-{hand}")
            hall.reviews[key] = job.id
        since = request.query_params.get("since", "0")
        out = job.to_dict(int(since) if since.isdigit() else 0)
        if job.state == "done":
            hall.reviewed[key] = {**out, "progress": [], "progress_count": 0}
        return JSONResponse(out)

    return [
        Route("/room/{room}", handler(page)),
        Route("/api/rooms", handler(create), methods=["POST"]),
        Route("/api/room/{room}/view", handler(view)),
        Route("/api/room/{room}/events", handler(events)),
        Route("/api/room/{room}/act", handler(act), methods=["POST"]),
        Route("/api/room/{room}/join", handler(join), methods=["POST"]),
        Route("/api/room/{room}/ready", handler(ready), methods=["POST"]),
        Route("/api/room/{room}/host", handler(host_action), methods=["POST"]),
        Route("/api/room/{room}/links", handler(links)),
        Route("/api/room/{room}/record", handler(record)),
        Route("/api/room/{room}/review", handler(review), methods=["GET", "POST"]),
    ]


class TooLarge(BadRequest):
    status = 413


def Forbidden403(message: str | None = None) -> Forbidden:  # noqa: N802 - raised like a class
    return Forbidden(message or _("this link may only watch: it has no seat"))

