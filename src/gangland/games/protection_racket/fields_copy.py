"""Copies a ProtectionRacketFields state slot by slot, as its COPIED and NESTED say.

Written by scripts/fields-copy from fields.py: do not edit (tests/test_shape.py checks that it is
what that writes)."""

from __future__ import annotations

from typing import TypeVar

from .fields import ProtectionRacketFields

S = TypeVar("S", bound=ProtectionRacketFields)


def copy_fields(state: S) -> S:
    """An independent copy of `state`."""
    new = type(state)()
    new._legal = state._legal
    new._players = state._players
    new._rng = state._rng
    new.actor = state.actor
    new.adj = state.adj
    new.agenda = state.agenda.copy()
    new.aura_at = state.aura_at
    new.city = state.city.copy()
    new.closed = state.closed
    new.columns = state.columns
    new.corner = state.corner
    new.deployed = state.deployed
    new.draw = [part.copy() for part in state.draw]
    new.earned = [part.copy() for part in state.earned]
    new.edge = state.edge
    new.effect_site = state.effect_site
    new.events = state.events
    new.faces = state.faces
    new.first = state.first
    new.first_seat = state.first_seat
    new.hideout = state.hideout.copy()
    new.last_sites = state.last_sites
    new.lie = [part.copy() for part in state.lie]
    new.lie_down_at = state.lie_down_at
    new.m_home = state.m_home
    new.m_lying = state.m_lying
    new.m_owner = state.m_owner
    new.m_where = state.m_where
    new.max_deploy = state.max_deploy
    new.money = state.money.copy()
    new.muscle = state.muscle
    new.no_war = state.no_war
    new.open_sites = state.open_sites
    new.options = state.options
    new.phase = state.phase
    new.picks = state.picks.copy()
    new.put_away = state.put_away
    new.recommended = state.recommended
    new.returns_used = state.returns_used
    new.round = state.round
    new.rows = state.rows
    new.sites = state.sites
    new.stand = [part.copy() for part in state.stand]
    new.supply = state.supply.copy()
    new.turn = state.turn
    new.turn_player = state.turn_player
    new.used = [part.copy() for part in state.used]
    new.war_site = state.war_site
    return new
