"""The game server: tables for friends and bots in the browser, over a database that loses nothing.

`gangland serve` runs it; docs/server.md describes the API and the WebSocket protocol.
"""
