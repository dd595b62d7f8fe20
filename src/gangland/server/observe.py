"""What a host (or its monitoring) asks of a running server: is it alive, can it serve (its database
answers), and its metrics in the Prometheus text format (metrics.py), optionally behind a bearer token.
docs/server.md, "Health, metrics and logs".
"""

from __future__ import annotations

import asyncio
import hmac
from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from starlette.requests import Request

from .hub import Hub
from .metrics import CONTENT_TYPE
from .schema import Problem

READY_SECONDS = 5.0
"""The longest the readiness answer waits for the database."""
TOKEN_ENV = "GANGLAND_METRICS_TOKEN"
"""The environment variable that may hold the metrics token (`gangland serve --metrics-token-file` too)."""


class Alive(BaseModel):
    """The process runs and answers."""

    status: Literal["ok"]


class Ready(BaseModel):
    """The process can serve: its database answers."""

    status: Literal["ok"]
    database: Literal["ok"]


NOT_READY: dict[int | str, dict[str, Any]] = {
    503: {"model": Problem, "description": "The database cannot be reached: the server cannot serve now"}}


def observe_routes(hub: Hub, metrics_token: str | None = None) -> APIRouter:
    """GET /health/live, /health/ready and /metrics (this last one only with `Authorization: Bearer
    <metrics_token>` when a token is given)."""
    router = APIRouter()
    expected = None if metrics_token is None else metrics_token.encode()

    @router.get("/health/live", response_model=Alive)
    async def alive() -> dict[str, str]:
        """The server process runs (it answers this without asking its database)."""
        return {"status": "ok"}

    @router.get("/health/ready", response_model=Ready, responses=NOT_READY)
    async def ready() -> dict[str, str]:
        """The server can serve: its database answers a query (within a few seconds); 503 otherwise."""
        try:
            async with asyncio.timeout(READY_SECONDS):
                await asyncio.to_thread(hub.storage.ping)
        except TimeoutError:
            raise HTTPException(503, f"the database did not answer within {READY_SECONDS:g} s, so the "
                                     "server cannot serve now") from None
        except Exception as exc:
            raise HTTPException(503, f"the database cannot be reached ({type(exc).__name__}), so the "
                                     "server cannot serve now") from None
        return {"status": "ok", "database": "ok"}

    @router.get("/metrics", include_in_schema=False, response_model=None)
    async def metrics(request: Request) -> Response:
        if expected is not None:
            scheme, _, given = request.headers.get("authorization", "").partition(" ")
            # compare_digest: how long a refusal takes says nothing of the token.
            if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(), expected):
                return JSONResponse({"detail": "the metrics need the header 'Authorization: Bearer TOKEN' "
                                               "with the server's metrics token"},
                                    status_code=401, headers={"WWW-Authenticate": "Bearer"})
        live = [table.record for table in hub.live.values()]
        return Response(await hub.metrics.exposition(live, hub.storage), media_type=CONTENT_TYPE)

    return router
