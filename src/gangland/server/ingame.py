"""In the game: a decision taken back (undo), a bot's hint, and the rematch. docs/server.md ("Undo",
"Hints", "Rematch") says what each does and why.

Which decisions may go back is takeback.py's (the engine's rule meeting the table's house rules); here an
undo meets the database and the connections that are told.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import weakref
from typing import Any

from gangland.engine import fill_seats, mix_seed, quoted

from . import takeback
from .bots import bot_names, fallback_bot
from .connections import Client
from .hub import Hub
from .people import TableSettings, bot_level
from .protocol import Refusal, encode
from .storage import LeaseLost, SeatRecord, StepConflict, TableRecord, token_hash
from .tables import LiveTable

HINT_SALT = 0x68696E74
"""Mixed into a hint's seed ("hint"), so that a hint never thinks with the seed of a bot's own move."""
log = logging.getLogger("gangland.server")


# -- undo -------------------------------------------------------------------------------------------------

async def take_back(table: LiveTable, seat: int, step: int) -> None:
    """`seat` takes back its last decision, made to reach `step`; Refusal (nothing changed) if it may not.

    Under the table's lock: the rule is checked, the database takes the moves back (one transaction,
    fenced by the holder), the live state goes back, and everyone is told (a `undone` message and a note
    in the chat); then the game goes on from the decision, whose seat decides again."""
    if not takeback.undo_allowed(table.record):
        raise Refusal("undo_off", "the host did not allow taking moves back at this table")
    async with table.lock:
        if table.over:
            raise Refusal("undo_not_now", "the game is over: its last move stands")
        if step != table.step:
            raise Refusal("stale_step", f"your undo answers step {step}, but the game is at step "
                                        f"{table.step}; the table has moved on, look again")
        if table.controller(seat) is not None:
            raise Refusal("undo_not_now", "a bot plays your seat now; ask the host to give it back first")
        back = await takeback.plan(table.game, table.game_record, table.record.moves, seat,
                                   table.seat_labels)
        action = table.game_record.actions[back.step]
        try:
            await asyncio.to_thread(table.hub.storage.take_back, table.id, table.step, back.step, seat)
        except LeaseLost:
            table.hub.lose(table)
            raise Refusal("elsewhere", "this table is now played by another server process, so nothing was "
                                       "taken back here; reconnect to reach it") from None
        except StepConflict:
            raise Refusal("stale_step", "the table moved on meanwhile: nothing was taken back") from None
        except Exception as exc:
            # The database did not answer (or its answer was lost): the live state stays as the database
            # had it; a refusal tells the person to look again.
            log.warning("table %s: an undo was not saved: %s", table.id, type(exc).__name__)
            raise Refusal("storage", f"the undo could not be saved ({type(exc).__name__}); "
                                     "try again") from None
        table.rewind(back.step)
        _hints.pop(table, None)
        await table.offer_undo()  # the decision before it may go back too
        before = table.state
        for client in list(table.clients):
            told = table.game.public_action_name(before, action, client.seat)
            client.push(encode({"type": "undone", "seat": seat, "move": told, "yours": client.seat == seat}))
        public = table.game.public_action_name(before, action, None)
    labels = table.seat_labels()
    await add_note(table, fill_seats(f"{labels[seat]} took back a move: {public}", labels))
    table.after_move()


async def add_note(table: LiveTable, text: str) -> None:
    """Keep a note of the table's own in its chat (a move taken back), so that everyone sees it and it is in
    the replay; a note that cannot be kept is logged, and nothing else fails for it."""
    try:
        await table.chat.note(text)
    except Exception as exc:
        log.warning("table %s: a note was not kept: %s", table.id, type(exc).__name__)


# -- hints --------------------------------------------------------------------------------------------------

_hints: weakref.WeakKeyDictionary[LiveTable, dict[tuple[int, str], dict[str, Any]]] = (
    weakref.WeakKeyDictionary())
"""Each table's hints at its present step, by (step, bot): asked again, a hint is not worked out again."""
_hinting: weakref.WeakSet[Client] = weakref.WeakSet()
"""The connections whose hint is being worked out (one at a time each)."""


async def hint(table: LiveTable, client: Client, bot: str | None) -> dict[str, Any]:
    """The `hint` message for `client`'s seat: the move `bot` (default: the game's heuristic bot) would make
    from the seat's view, with its reason where it gives one; Refusal if the table does not allow hints or
    it is not the seat's decision. The bot thinks from a Decision (the seat's view and a determinizer)
    through the bots' runner, as a bot at a seat does: never from the true state."""
    if not TableSettings.of(table.record.settings).hint:
        raise Refusal("hint_off", "the host did not allow hints at this table")
    seat = client.seat
    if seat is None:
        raise Refusal("spectator", "a spectator watches; hints are for a seat's own decisions")
    if table.over or table.state.to_act != seat or table.controller(seat) is not None:
        raise Refusal("hint_not_now", "a hint is for your own decision, and it is not yours now")
    game = table.game
    chosen = bot or fallback_bot(game)
    if chosen not in bot_names(game):
        raise Refusal("hint_bot", f"no bot {quoted(chosen)} for {game.name}; choose from: "
                                  f"{', '.join(bot_names(game))}")
    step = table.step
    known = _hints.setdefault(table, {})
    answer = known.get((step, chosen))
    if answer is not None:
        return answer
    if client in _hinting:
        raise Refusal("hint_busy", "a hint is being worked out for you already; wait for it")
    _hinting.add(client)
    try:
        seed = mix_seed(table.record.bot_seed, HINT_SALT, step)
        action, reason = await table.hub.bots.advise(game, table.state, table.game_record, seat, chosen, seed)
    except Refusal:
        raise
    except Exception as exc:
        log.warning("table %s: a hint by %s failed: %s", table.id, chosen, type(exc).__name__)
        raise Refusal("hint_failed", f"the {chosen} bot could not answer ({type(exc).__name__}); try another "
                                     "or ask again") from None
    finally:
        _hinting.discard(client)
    if table.step != step:
        raise Refusal("stale_step", "the table moved on while the bot thought; ask again")
    answer = {"type": "hint", "step": step, "bot": chosen, "level": bot_level(chosen, game.id),
              "action": action, "name": game.public_action_name(table.state, action, seat), "reason": reason}
    known = _hints[table] = {key: value for key, value in known.items() if key[0] == step}
    known[(step, chosen)] = answer
    return answer


# -- rematch ------------------------------------------------------------------------------------------------

def rematch_message(table_id: str, now: bool) -> dict[str, Any]:
    """The message that takes a finished table's pages to its rematch: `now` to those at the table when it
    started (all of them go), else to a page that came later (it goes if it holds a link of the table)."""
    return {"type": "rematch", "table_id": table_id, "now": now}


async def rematch(hub: Hub, table: LiveTable) -> str:
    """The id of the finished `table`'s rematch, started now if it has none: the same game, options, house
    rules, bots and people in the same seats, a new shuffle (and so, in every game, a new first player).
    Each seat's link moves to the new table (the old table is over; its replay needs no link), the host's
    and spectators' links open both, and every page at the old table is sent there. Twice: the same one."""
    async with table.lock:
        old = table.record
        if old.rematch is not None:
            return old.rematch
        game = table.game
        seed = secrets.randbits(63)
        new = TableRecord(
            id=secrets.token_urlsafe(9),
            game=old.game,
            game_version=game.version,
            players=old.players,
            options=dict(old.options),
            seed=seed,
            bot_seed=secrets.randbits(63),
            move_seconds=old.move_seconds,
            listed=old.listed,
            host_hash=old.host_hash,
            spectator_hash=old.spectator_hash,
            created_at=hub.clock(),
            to_act=game.new_game(old.players, seed, old.options).to_act,
            # Each person's seat is their own again (no stand-in bot); their link and turn mails go with it.
            seats=[SeatRecord(s.seat, s.bot, s.token_hash, joined=s.joined, away_bot=None, name=s.name,
                              open=s.open, fresh=s.fresh, muted=s.muted, email=s.email,
                              mail_stop_hash=s.mail_stop_hash) for s in old.seats],
            settings=dict(old.settings),
        )
        made = await asyncio.to_thread(hub.storage.start_rematch, old.id, new)
        for seat in old.seats:  # the links are the rematch's now (or, made elsewhere, were already)
            seat.token_hash = None
        if not made:  # another server process was first: its rematch is the one
            stored = await asyncio.to_thread(hub.storage.load, old.id, False)
            if stored is None or stored.rematch is None:
                raise Refusal("rematch_failed", "the rematch could not be started; try again")
            old.rematch = stored.rematch
            return stored.rematch
        old.rematch = new.id
        await hub.open_new(new, game)
        hub.watchers.changed(old.id)  # the lobbies watching its seats follow them to the rematch
    text = encode(rematch_message(new.id, True))
    for client in list(table.clients):
        client.push(text)
    return new.id


async def moved_on(hub: Hub, table: LiveTable, token: str | None) -> str | None:
    """The table a seat link of `table` opens now that it moved to a rematch (the rematch, or a rematch of
    it), or None: the link opens `table` itself, or nothing."""
    if not token or table.record.rematch is None:
        return None
    digest = token_hash(token)
    seats = table.record.seats
    if any(s.token_hash is not None and hmac.compare_digest(s.token_hash, digest) for s in seats):
        return None
    place = await asyncio.to_thread(hub.storage.seat_by_token, digest)
    return place[0] if place is not None and place[0] != table.id else None
