"""permessage-deflate on the game's WebSockets, with settings of our own.

uvicorn only turns the compression on or off (`ws_per_message_deflate`), and when on it compresses with
websockets' settings for many small messages: a 4 KiB window (`server_max_window_bits=12`), memLevel 5,
zlib's default level. A state message is a few KiB and much of it repeats the one before (the view, the
seats, the drawing's lines), which a 4 KiB window cannot reach back to: with the whole 32 KiB window a
4-player Razzia! move costs 1.1 KiB on the wire instead of 3.9, and less CPU too (zlib finds its matches
sooner). The price is memory: zlib holds (1 << (WINDOW_BITS + 2)) + (1 << (MEMORY_LEVEL + 9)) bytes per
connection, 144 KiB instead of 32 KiB.

`gangland serve --deflate LEVEL` chooses the zlib level (1 fastest, 9 smallest; 0: no compression, as a
server for a LAN may prefer). `websocket_protocol` gives uvicorn the protocol class that does it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

WINDOW_BITS = 15
"""The server's LZ77 window: 32 KiB, several state messages."""
MEMORY_LEVEL = 5
"""zlib's memLevel (1 to 9): its hash table; 5 is websockets' choice, and 8 was no better here."""
DEFAULT_LEVEL = 6
"""zlib's own default: level 1 halves the CPU of compressing (0.24 -> 0.10 ms a move) for twice the bytes."""


def websocket_protocol(level: int) -> type[asyncio.Protocol] | None:
    """uvicorn's WebSocket protocol (websockets' sans-I/O one) compressing at zlib `level` with WINDOW_BITS
    and MEMORY_LEVEL; None if this uvicorn has no such protocol (it then compresses as it does by itself,
    with uvicorn's `ws_per_message_deflate`). Level 0: None too (no compression needs no class)."""
    if not 0 <= level <= 9:
        raise ValueError(f"a deflate level is 0 to 9, not {level}")
    if level == 0:
        return None
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
        from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
        from websockets.server import ServerProtocol
    except ImportError:  # an older uvicorn or websockets
        return None

    class DeflateProtocol(WebSocketsSansIOProtocol):
        """uvicorn's protocol whose websockets connection compresses with our settings."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            factory = ServerPerMessageDeflateFactory(
                # None: WINDOW_BITS (15), the most, unless the client asks for less; so not announced.
                server_max_window_bits=None if WINDOW_BITS == 15 else WINDOW_BITS,
                client_max_window_bits=12,  # the server's window for the clients' small messages
                compress_settings={"memLevel": MEMORY_LEVEL, "level": level},
            )
            self.conn = ServerProtocol(extensions=[factory], max_size=self.config.ws_max_size,
                                       logger=logging.getLogger("uvicorn.error"))

    return DeflateProtocol
