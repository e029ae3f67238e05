"""The web app's routes (Starlette). JSON in, JSON out; the page is static files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ludeme.errors import LudemeError, UsageError
from ludeme.web.analysis import Job, Jobs
from ludeme.web.catalogue import Catalogue
from ludeme.web.rooms import Rooms, seat_spec
from ludeme.web.sandbox import MAX_TEXT, check_limited, diagnostics

STATIC = Path(__file__).parent / "static"
MAX_BODY = MAX_TEXT + 16 * 1024     # the largest request body accepted


class TooLarge(Exception):
    pass


async def body_json(request: Request) -> dict[str, Any]:
    """The request's JSON object, refusing bodies over ``MAX_BODY`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise TooLarge
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise TooLarge
    try:
        obj = json.loads(data or b"{}")
    except ValueError:
        raise UsageError("the request is not JSON") from None
    if not isinstance(obj, dict):
        raise UsageError("the request should be a JSON object")
    return obj


def _str_list(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UsageError(f"{what} should be a list of strings")
    return value


def create_app(folders: list[Path] | tuple[Path, ...] = (), check_seconds: float = 5.0
               ) -> Starlette:
    """The app serving the bundled games and those in ``folders``."""
    catalogue = Catalogue(folders)
    rooms = Rooms()
    jobs = Jobs()

    def api(fn):
        async def wrapped(request: Request) -> Response:
            try:
                return JSONResponse(await fn(request))
            except TooLarge:
                return JSONResponse({"error": f"request larger than {MAX_BODY // 1024} KiB"},
                                    status_code=413)
            except UsageError as err:
                d = err.diagnostics[0]
                return JSONResponse({"error": d.message, "hint": d.hint}, status_code=400)
            except LudemeError as err:
                d = err.diagnostics[0]
                return JSONResponse({"error": d.message, "hint": d.hint,
                                     "diagnostics": diagnostics(err, "")}, status_code=422)
        return wrapped

    def load_game(key: str, options: list[str], ruleset: str | None):
        from ludeme.api import guarded, load, loads

        if key.startswith("edit:"):
            text = catalogue.edited_text(key)
            with guarded("loading"):
                return loads(text, options, ruleset, file=catalogue.edit_file(text))
        return load(catalogue.path(key), options, ruleset)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    @api
    async def games(request: Request) -> Any:
        from ludeme.api import load_description
        from ludeme.cli.cmd_lang import game_info

        out = []
        for key, entry in catalogue.entries().items():
            try:
                desc = load_description(entry.path)
                info = game_info(desc)
            except LudemeError as err:
                out.append({"key": key, "name": key, "origin": entry.origin,
                            "error": err.diagnostics[0].message})
                continue
            out.append({"key": key, "name": info["name"], "origin": entry.origin,
                        "players": info["players"],
                        "variant_of": Path(info["variant_of"]).stem if info["variant_of"] else None,
                        "options": info["options"], "rulesets": info["rulesets"],
                        "description": info["info"].get("description", "")})
        return {"games": out}

    @api
    async def source(request: Request) -> Any:
        key = request.query_params.get("game", "")
        if key.startswith("edit:"):
            return {"text": catalogue.edited_text(key)}
        path = catalogue.path(key)
        return {"text": path.read_text(encoding="utf-8", errors="replace")[:MAX_TEXT]}

    @api
    async def players(request: Request) -> Any:
        """How many players a game has with these options (an option may change it)."""
        from starlette.concurrency import run_in_threadpool

        body = await body_json(request)
        game = await run_in_threadpool(load_game, str(body.get("game", "")),
                                       _str_list(body.get("options"), "options"),
                                       body.get("ruleset") or None)
        return {"players": game.num_players}

    @api
    async def new_game(request: Request) -> Any:
        from starlette.concurrency import run_in_threadpool

        body = await body_json(request)
        key = str(body.get("game", ""))
        options = _str_list(body.get("options"), "options")
        ruleset = body.get("ruleset") or None
        game = await run_in_threadpool(load_game, key, options, ruleset)
        seats_in = body.get("seats") or []
        if not isinstance(seats_in, list) or len(seats_in) > game.num_players:
            raise UsageError("seats should be a list, one per player")
        specs = []
        for i in range(game.num_players):
            seat = seats_in[i] if i < len(seats_in) else {}
            if not isinstance(seat, dict):
                raise UsageError("a seat is {kind, settings}")
            specs.append(seat_spec(str(seat.get("kind", "human" if i == 0 else "mcts")),
                                   str(seat.get("settings", ""))))
        seed = body.get("seed")
        if seed is not None and not isinstance(seed, int):
            raise UsageError("seed should be a whole number")
        rid = rooms.new(game, key, specs, seed)
        return {"id": rid, **await run_in_threadpool(rooms.get(rid).view)}

    @api
    async def play_view(request: Request) -> Any:
        from starlette.concurrency import run_in_threadpool

        # the legal moves and the picture are computed off the event loop
        return await run_in_threadpool(rooms.get(request.path_params["rid"]).view)

    @api
    async def play_action(request: Request) -> Any:
        from starlette.concurrency import run_in_threadpool

        room = rooms.get(request.path_params["rid"])
        action = request.path_params["action"]
        body = await body_json(request)
        extra: dict[str, Any] = {}
        if action == "move":
            text = body.get("move")
            if not isinstance(text, str) or len(text) > 500:
                raise UsageError("a move is a string in the game's notation")
            await run_in_threadpool(room.move, text)
        elif action == "undo":
            await run_in_threadpool(room.undo)
        elif action == "resign":
            await run_in_threadpool(room.resign)
        elif action == "draw":
            extra["agreed"] = await run_in_threadpool(room.offer_draw, bool(body.get("accept")))
        else:
            raise UsageError(f"no action '{action}'")
        return {**await run_in_threadpool(room.view), **extra}

    async def record(request: Request) -> Response:
        try:
            room = rooms.get(request.path_params["rid"])
        except UsageError as err:
            return JSONResponse({"error": err.diagnostics[0].message}, status_code=404)
        text = json.dumps(room.record(), indent=2) + "\n"
        name = "".join(ch if ch.isalnum() else "-" for ch in room.session.game.name).lower()
        return Response(text, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{name}-record.json"'})

    @api
    async def check(request: Request) -> Any:
        from starlette.concurrency import run_in_threadpool

        body = await body_json(request)
        text = body.get("text")
        if not isinstance(text, str):
            raise UsageError("text should be a string")
        try:
            file = catalogue.edit_file(text)
        except LudemeError as err:
            return {"ok": False, "diagnostics": diagnostics(err, "<edited>")}
        result = await run_in_threadpool(check_limited, text, file,
                                         _str_list(body.get("options"), "options"),
                                         check_seconds)
        if result.get("ok"):
            result["game"] = catalogue.add_edited(text)
        return result

    @api
    async def simulate(request: Request) -> Any:
        body = await body_json(request)
        key = str(body.get("game", ""))
        if key.startswith("edit:"):
            raise UsageError("simulate a game from the list (save an edited one in a folder "
                             "served with 'ludeme serve FOLDER')")
        path = catalogue.path(key)
        n = body.get("n", 20)
        agents = _str_list(body.get("agents") or ["random"], "agents")
        max_moves = body.get("max_moves")
        if not isinstance(n, int) or (max_moves is not None and not isinstance(max_moves, int)):
            raise UsageError("n and max_moves are whole numbers")
        job = Job(str(path), n, agents, _str_list(body.get("options"), "options"),
                  body.get("seed") if isinstance(body.get("seed"), int) else None, max_moves,
                  key=key)
        return {"id": jobs.start(job)}

    @api
    async def simulation(request: Request) -> Any:
        return jobs.get(request.path_params["jid"]).view()

    routes = [
        Route("/", index),
        Route("/api/games", games),
        Route("/api/source", source),
        Route("/api/players", players, methods=["POST"]),
        Route("/api/play", new_game, methods=["POST"]),
        Route("/api/play/{rid}", play_view),
        Route("/api/play/{rid}/record", record),
        Route("/api/play/{rid}/{action}", play_action, methods=["POST"]),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/simulate", simulate, methods=["POST"]),
        Route("/api/simulate/{jid}", simulation),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes)
