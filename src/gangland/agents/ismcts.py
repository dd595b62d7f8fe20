"""Information-set Monte Carlo tree search (IS-MCTS), for any game, through the State contract only.

`ISMCTSAgent` never sees the true state: every iteration starts from `decision.determinize(rng)`, a full
state the deciding seat cannot tell from the true one, and plays it out.

**Keying (multiple-observer IS-MCTS, Cowling, Powley and Whitehouse 2012).** Each seat has its own tree.
A node of seat s's tree stands for the sequence of moves since the root *as s observes them*: s's own
moves by action id, other seats' moves by `game.public_action_name(state, action, s)`, so that a secret
choice (a face-down bid) leads every other seat to the same node whatever was chosen. The seat to act
selects in its own tree, among its own actions, by its own value; then every tree follows its seat's
observation of the move. When a game keeps the default `public_action_name` (no move is ever secret) all
seats observe the same sequence, and the trees coincide: one tree keyed by action ids is used, which is
the same search at a fraction of the cost. Chance is inside `apply` and not in the key: a node after a
draw averages over the cards that may come (open loop), which keeps the tree small and needs nothing
from a game beyond the contract.

**Selection (ISUCT).** A child's value is its mean reward plus ``C * sqrt(ln(availability) / visits)``
with C = `EXPLORATION` (0.7, for rewards in [0, 1]); its availability counts the visits of its parent
in which its action was legal, since in a determinized game an action is not always there to choose.
An action never tried at a node is tried first (chosen at random among such).

**Rewards.** A finished game gives each seat `WIN_WEIGHT` (0.8) times its share of the win (1/k when
k seats share rank 1) plus `MARGIN_WEIGHT` (0.2) times its score margin over the best other seat,
scaled to [0, 1] as 0.5 + 0.5 * (own - best) / (|own| + |best| + 1), which needs no per-game scale.
Mostly the win, which is what is measured; the margin keeps a gradient where the win is already
certain or lost (a seat far behind still plays to close the gap, a leader to widen it). The whole
vector is backed up, and each node keeps the reward of the seat whose move it is.

**Rollouts.** From the first new node the game is played on by the game's heuristic bot's state-level
`choose(state, seat)` (the default where the game has one, `+heuristic`) or at random (`+random`).
A rollout stops after `max_rollout` decisions (default `MAX_ROLLOUT`): then the seats are rewarded by
the game's scores so far (`state.result()` of the running game), which bounds the cost of games that
random play drags on for thousands of decisions (Downtown) and is exact for the others.

**Cut-off.** A heuristic bot may also say how a running game stands: `rollout_horizon` (decisions)
and `win_chances(state)` (each seat's chance of winning from there, or None when it cannot say).
Then a heuristic rollout stops after `rollout_horizon` decisions and rewards each seat
`WIN_WEIGHT * chance + MARGIN_WEIGHT * 0.5` (the margin, which a chance does not give, counted as
even; a finished game's margin is not even, so the two scales differ by up to `MARGIN_WEIGHT` / 2),
and plays on as above where the bot gives no estimate. The name part `learned` judges the cut-off by
the bot's `learned_chances` instead, a value model learned from self-play records where the game has one
(Supergang: `gangland.games.supergang.bots_value`, which is also its bot's `win_chances` since issue 35,
measured against the shops-and-money standing it replaced in docs/strength/notes.md).
Why: in a game of hundreds of decisions
(Supergang, about 600) a whole rollout costs so much that a second buys a few dozen, and its dice make
each one a noisy verdict; a short one, judged by a calibrated estimate, is cheaper (2-3 times in
Supergang, `benchmarks/ismcts.py`) and less noisy. Protection Racket's bot gives one too (issue 35):
its rollout decisions are dear (each plans to the round's end), and a rollout cut after 12 decisions and
judged by the round-end totals its bot plans by won more at the same time a decision (two players
against its bot, 0.1 s: 72.5% of 80 games against 57.5% with whole rollouts; 0.5 s: 23 of 24 against
19 of 24). Supergang's and Protection Racket's bots give one; elsewhere rollouts run to the end. The
name part `whole` turns the cut-off off (and changes nothing where there is none).

**Keep.** A search can also misjudge a move systematically, not just noisily, and then the most visited
move is worse than the heuristic bot's. A cut-off search is short-sighted where the bot is not: a move
whose worth shows after the horizon (a shop bought, a fight not picked) looks no better than its
alternatives, and with the noise of the dice the most visited move is close to a random one. A search
whose rollouts play differently from how it acts misjudges too: in Downtown it judges one more note
added to the display against rollouts in which the bot then adds none, so decision after decision it
adds one more. So where the game's bot asks for it (`keep_in_search`), the bot's own move stands
unless the most visited move's mean reward beats it by more than `KEEP_Z` standard errors of the
difference (measured from the rollouts' rewards). Measured (docs/strength.md): with the cut-off alone
three-gang Supergang lost 12 games of 12 to the heuristic bots, as with whole rollouts; with the bot's
move kept it won its fair share (4 of 12; with 48 games more and a faster bot, 26 of 60 in all, 1.30
times its share). One search among three heuristic bots in four-player Downtown won 1 game of 40
without the rule and 20 of 36 with it. Where the budget buys a rollout or two a move, the most visited
move is near a random one: Protection Racket's bot plans every rollout decision to the round's end, so
with whole rollouts (before its cut-off) 0.1 s bought about 10 iterations, and without the rule won 6.7%
of two-player games against that bot, 53.3% with it, while at the default budget the rule cost nothing
measurable (65.0% against 68.0%, 100 games on the same seeds). Downtown's, Supergang's and Protection
Racket's bots ask for it; in Razzia! the search is left free. The rule holds wherever the bot asks, also
where its rollouts are not cut off after all (Supergang without a turn limit, where its estimate is
None: not measured). The name part `keep` asks for the rule in any game
(with heuristic rollouts), `nokeep` turns it off where it is the default.

**Expansion threshold.** A node's children get statistics of their own only once it has been visited
`expand_after` times (`EXPAND_AFTER`: 1 for random rollouts, classic MCTS; 100 for heuristic ones);
until then an iteration that reaches it plays the rollout from there. Why: with heuristic rollouts a
leaf's value is what the move is worth when everyone then plays as the heuristic bot does, and that
bot is what the agent meets across the table. A node expanded early instead lets the other seats'
next moves be explored by UCB, each tried about as often as the next for dozens of visits, so the
move above is judged against opponents who blunder. `benchmarks/ismcts_choices.py` measures this
decision by decision (the win chance of the moves each variant picks); at the levels' budgets the tree
stays shallow, and with more time it grows where the visits are.

**Budget and levels.** A budget is iterations (deterministic for a seed) or seconds per decision.
Levels are seconds, so that they feel the same in every game whatever its speed: `easy` 0.1 s,
`medium` 0.5 s (the default), `hard` 2 s. A decision with one legal action is answered at once.

**Parallel search.** With `workers` > 1 the iterations (or the seconds) run in that many processes,
each with its own tree from its own seed (root parallelism); their root statistics are summed. The
answer for an iteration budget is deterministic for a given seed and number of workers.

**Names.** `ismcts[:SPEC]`, SPEC being '+'-separated parts: a level (`easy`, `medium`, `hard`), an
iteration count (`500`), seconds (`0.5s`), a rollout policy (`random`, `heuristic`, or a style of the
heuristic bot that the game has, e.g. `heuristic-wary`), workers (`j4`),
`keep` or `nokeep` (the bot's move stands unless clearly beaten, or not: see Keep), `learned` (the
cut-off judged by the bot's learned value model: see Cut-off) and `whole` (no cut-off: every rollout
played to the end, as before a game's bot gave one).

>>> from gangland.engine import Decision
>>> from gangland.games import get
>>> game = get("razzia")
>>> state = game.new_game(2, seed=1)
>>> agent = ISMCTSAgent(game, seed=3, iterations=50)
>>> agent.act(Decision(game, state, 0, tuple(state.legal_actions()))) in state.legal_actions()
True
>>> parse_name("ismcts:hard+random")
AgentSpec(iterations=None, seconds=2.0, rollout='random', workers=1, keep=None, learned=False, whole=False)
"""

from __future__ import annotations

import math
import random
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Final

from gangland.engine import Decision, DecisionGame, Game, OptionError, Result, State, mix_seed
from gangland.engine.compiled import mypyc_attr

__all__ = ["EXPLORATION", "LEVELS", "MAX_ROLLOUT", "AgentSpec", "Cutoff", "ISMCTSAgent", "ismcts_names",
           "parse_name", "rollout_cutoff", "rollout_keeps", "search", "seat_rewards"]

EXPLORATION: Final = 0.7
"""The UCB exploration constant C, for rewards in [0, 1]."""
WIN_WEIGHT: Final = 0.8
"""Weight of the share of the win in a seat's reward."""
MARGIN_WEIGHT: Final = 1.0 - WIN_WEIGHT
"""Weight of the scaled score margin over the best other seat in a seat's reward."""
MAX_ROLLOUT: Final = 400
"""Decisions a rollout plays before the game's scores so far stand in for its end."""
KEEP_Z: Final = 2.0
"""Where the bot's move is kept (see Keep), the standard errors by which the search's must beat it."""
LEVELS: Final[dict[str, float]] = {"easy": 0.1, "medium": 0.5, "hard": 2.0}
"""Seconds per decision of each level."""
DEFAULT_LEVEL: Final = "medium"
ROLLOUTS: Final = ("random", "heuristic")
"""Rollout policies: uniformly random, or the game's heuristic bot's `choose(state, seat)`. A style of
that bot (`heuristic-STYLE`, a bot of the game by that name) rolls out in its style: it is "heuristic"
for everything below (expansion, keep, cut-off), with its own moves."""
EXPAND_AFTER: Final[dict[str, int]] = {"random": 1, "heuristic": 100}
"""Visits a node needs before its own children get statistics, by rollout policy (see the module
docstring): 1 is classic MCTS; with heuristic rollouts a node's value is the heuristic's own value
until it has been sampled well enough to say more."""
NAME: Final = "ismcts"

Policy = Callable[[State, int], int]
"""A rollout policy: the action for the seat to act in a state (which it must not change)."""
Estimate = Callable[[State], Sequence[float] | None]
"""A heuristic bot's `win_chances`: each seat's chance of winning from a running state, or None."""
Cutoff = tuple[int, Estimate]
"""Where a heuristic rollout may stop (decisions played) and how the game then stands (see Cut-off)."""
Rollout = Callable[[State, random.Random], list[float]]
"""Plays a state on (changing it) and returns every seat's reward."""
RootStats = dict[int, tuple[int, float, float]]
"""Root statistics of a search: action -> (visits, total and summed squares of the deciding seat's
rewards)."""


class _Node:
    """A node of one seat's tree: the statistics of the move that leads to it, and its children.

    `total` is the summed reward of the seat that made that move (`squares` its summed squares, for
    the root's keep test); `avail` counts the parent's visits
    in which the move was legal. Children are keyed by action id (the tree's own seat's moves, or
    every move when nothing is secret) or by public action text (another seat's move).
    """

    __slots__ = ("avail", "children", "squares", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int | str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.avail = 0


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """What an agent name asks for: a budget (iterations or seconds), a rollout policy, workers."""

    iterations: int | None = None
    seconds: float | None = LEVELS[DEFAULT_LEVEL]
    rollout: str | None = None
    """None: the game's default (`default_rollout`)."""
    workers: int = 1
    keep: bool | None = None
    """Keep the bot's move unless clearly beaten (see Keep); None: where the game's bot asks for it."""
    learned: bool = False
    """Judge the cut-off by the bot's learned value model rather than its `win_chances` (see Cut-off)."""
    whole: bool = False
    """Play every rollout to the end, with no cut-off where the game's bot gives one (see Cut-off)."""


def _choices_text() -> str:
    levels = ", ".join(f"{name} ({secs:g} s)" for name, secs in LEVELS.items())
    return (f"ismcts or ismcts:SPEC, SPEC being '+'-separated parts: a level ({levels}), "
            f"iterations (e.g. 500), seconds (e.g. 0.5s), a rollout ({', '.join(ROLLOUTS)}, "
            f"or a style of the game's bot: heuristic-STYLE), "
            f"workers (e.g. j4), keep or nokeep (the bot's move stands unless clearly beaten, or not; "
            f"by default where the game's bot asks), learned (the cut-off judged by the bot's learned "
            f"value model), whole (rollouts played to the end, no cut-off)")


def parse_name(name: str) -> AgentSpec:
    """The spec an agent name asks for; OptionError naming the choices for a malformed name.

    >>> parse_name("ismcts:500")
    AgentSpec(iterations=500, seconds=None, rollout=None, workers=1, keep=None, learned=False, whole=False)
    >>> spec = parse_name("ismcts:0.25s+heuristic+j2+keep")
    >>> spec.seconds, spec.rollout, spec.workers, spec.keep
    (0.25, 'heuristic', 2, True)
    >>> parse_name("ismcts:50+learned").learned
    True
    >>> parse_name("ismcts:1s+nokeep").keep
    False
    >>> parse_name("ismcts:50+whole").whole
    True
    """
    head, colon, spec = name.partition(":")
    if not colon and head.startswith(NAME + "+"):
        head, colon, spec = NAME, ":", head[len(NAME) + 1:]  # "ismcts+heuristic" reads as "ismcts:+heuristic"
    if head != NAME or (colon and not spec):
        raise OptionError(f"bad agent name {name!r}; choose {_choices_text()}")
    iterations: int | None = None
    seconds: float | None = None
    rollout: str | None = None
    workers: int | None = None
    keep: bool | None = None
    learned = False
    whole = False
    budget_given = False
    for part in spec.split("+") if spec else []:
        text = part.strip().lower()

        def bad(why: str, part: str = part) -> OptionError:
            return OptionError(f"bad agent name {name!r}: {why} ({part!r}); choose {_choices_text()}")

        is_count = text.isascii() and text.isdigit()
        if text in LEVELS or is_count or (text.endswith("s") and _is_number(text[:-1])):
            if budget_given:
                raise bad("more than one budget")
            budget_given = True
            if text in LEVELS:
                seconds = LEVELS[text]
            elif is_count:
                iterations = int(text)
                if iterations < 1:
                    raise bad("iterations must be at least 1")
            else:
                seconds = float(text[:-1])
                if not 0 < seconds < math.inf:
                    raise bad("seconds must be more than 0")
        elif text in ROLLOUTS or _is_style(text):
            if rollout is not None:
                raise bad("more than one rollout policy")
            rollout = text
        elif text.startswith("j") and text[1:].isdigit():
            if workers is not None:
                raise bad("more than one worker count")
            workers = int(text[1:])
            if workers < 1:
                raise bad("workers must be at least 1")
        elif text in ("keep", "nokeep"):
            if keep is not None:
                raise bad("keep or nokeep given twice")
            keep = text == "keep"
        elif text == "learned":
            if learned:
                raise bad("learned given twice")
            learned = True
        elif text == "whole":
            if whole:
                raise bad("whole given twice")
            whole = True
        else:
            raise bad("unknown part")
    if not budget_given:
        seconds = LEVELS[DEFAULT_LEVEL]
    if keep and rollout == "random":
        raise OptionError(f"bad agent name {name!r}: keep needs the heuristic rollout, whose bot's move "
                          f"it keeps; choose {_choices_text()}")
    if learned and rollout == "random":
        raise OptionError(f"bad agent name {name!r}: learned judges the heuristic rollout's cut-off; "
                          f"choose {_choices_text()}")
    if learned and whole:
        raise OptionError(f"bad agent name {name!r}: learned judges the rollout's cut-off, which whole "
                          f"turns off; choose {_choices_text()}")
    return AgentSpec(iterations, seconds, rollout, workers or 1, keep, learned, whole)


def ismcts_names(game: Game) -> list[str]:
    """The IS-MCTS names to list for `game`: each level, and with the random rollout where the game's
    default is its heuristic bot."""
    names = [NAME, *(f"{NAME}:{level}" for level in LEVELS)]
    if default_rollout(game) == "random":
        return names
    return [*names, *(f"{NAME}:{level}+random" for level in LEVELS)]


def default_rollout(game: Game) -> str:
    """The game's rollout policy when a name gives none: its heuristic bot where it has a state-level
    `choose`, else random.

    >>> from gangland.games import get
    >>> default_rollout(get("razzia"))
    'heuristic'
    """
    try:
        rollout_policy(game, "heuristic")
    except OptionError:
        return "random"
    return "heuristic"


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def rollout_policy(game: DecisionGame, rollout: str) -> Policy | None:
    """The rollout policy called `rollout` for `game` (None: uniformly random); OptionError if the
    game has no heuristic bot with a state-level `choose`."""
    if rollout == "random":
        return None
    if rollout != "heuristic" and not (_is_style(rollout) and rollout in game.bots):
        styles = [name for name in game.bots if _is_style(name)]
        raise OptionError(f"no rollout policy {rollout!r}; choose from: {', '.join([*ROLLOUTS, *styles])}")
    choose = getattr(_heuristic_bot(game, rollout), "choose", None)
    if choose is None:
        raise OptionError(f"{game.name} has no heuristic bot with a state-level choose(state, seat) "
                          f"for rollouts; use the random rollout")
    policy: Policy = choose
    return policy


def rollout_cutoff(game: DecisionGame, rollout: str, learned: bool = False) -> Cutoff | None:
    """Where `game`'s heuristic rollouts may stop and be judged by its bot's `win_chances`, or with
    `learned` by its `learned_chances` (see Cut-off); None for random rollouts and for bots without an
    estimate. OptionError for `learned` where the game's bot has no cut-off or no learned model.

    >>> from gangland.games import get
    >>> rollout_cutoff(get("razzia"), "heuristic") is None
    True
    """
    if rollout == "random":
        if learned:
            raise OptionError("learned judges the heuristic rollout's cut-off; the random rollout has none")
        return None
    bot = _heuristic_bot(game, rollout)
    horizon = getattr(bot, "rollout_horizon", None)
    estimate = getattr(bot, "learned_chances" if learned else "win_chances", None)
    if horizon is None or estimate is None:
        if learned:
            raise OptionError(f"{game.name} has no learned value model for the rollouts' cut-off")
        return None
    return horizon, estimate


def rollout_keeps(game: DecisionGame, rollout: str) -> bool:
    """Whether a search of `game` with `rollout` keeps the heuristic bot's move unless clearly beaten,
    by default (see Keep): where the game's bot asks for it with `keep_in_search`.

    >>> from gangland.games import get
    >>> rollout_keeps(get("supergang"), "heuristic"), rollout_keeps(get("supergang"), "random")
    (True, False)
    """
    return rollout != "random" and bool(getattr(_heuristic_bot(game, rollout), "keep_in_search", False))


def _heuristic_bot(game: DecisionGame, rollout: str = "heuristic") -> object:
    """A fresh instance of the game's heuristic bot (or its style `rollout`), or None."""
    factory = game.bots.get(rollout)
    return factory(0) if factory is not None else None


def _is_style(rollout: str) -> bool:
    """A style of the heuristic bot, by its name (`heuristic-STYLE`)."""
    return rollout.startswith("heuristic-") and len(rollout) > len("heuristic-")


def seat_rewards(result: Result) -> list[float]:
    """Each seat's reward in [0, 1] for a result (see the module docstring).

    >>> [round(r, 3) for r in seat_rewards(Result((10, 30), (2, 1), (1,), ({}, {})))]
    [0.051, 0.949]
    """
    scores = result.scores
    winners = result.winners
    share = WIN_WEIGHT / len(winners) if winners else 0.0
    order = sorted(range(len(scores)), key=scores.__getitem__, reverse=True)
    top = scores[order[0]]
    second = scores[order[1]] if len(order) > 1 else top
    rewards = []
    for seat, own in enumerate(scores):
        best = second if seat == order[0] else top
        margin = 0.5 + 0.5 * (own - best) / (abs(own) + abs(best) + 1)
        rewards.append((share if seat in winners else 0.0) + MARGIN_WEIGHT * margin)
    return rewards


def _secret_moves(game: DecisionGame) -> bool:
    """True when the game may hide a move's content from other seats (it overrides public_action_name)."""
    return type(game).public_action_name is not Game.public_action_name


def search(decision: Decision, seed: int, iterations: int | None, seconds: float | None,
           policy: Policy | None, max_rollout: int = MAX_ROLLOUT,
           exploration: float = EXPLORATION, expand_after: int = 1,
           cutoff: Cutoff | None = None) -> tuple[RootStats, int]:
    """Run IS-MCTS for `decision` for `iterations` (or, when None, `seconds`) and return the root
    statistics of the deciding seat and the number of iterations run (at least one). Rollouts play
    by `policy` (None: at random), stopping as `cutoff` says if given, else after `max_rollout`."""
    rng = random.Random(seed)

    def rollout(state: State, rng: random.Random) -> list[float]:
        return _rollout(state, rng, policy, max_rollout, cutoff)

    game = decision.game
    multi = _secret_moves(game)
    first = decision.determinize(rng)
    players = first.players
    root = _Node()
    # Other seats' trees start at their own roots (multi-observer); without secret moves one tree.
    roots = [root if (s == decision.seat or not multi) else _Node() for s in range(players)]
    deadline = None if iterations is not None else time.perf_counter() + (seconds or 0.0)
    limit = iterations if iterations is not None else 1 << 62
    iterate = _iterate_multi if multi else _iterate_single
    state = first
    done = 0
    while True:
        iterate(state, roots, rng, rollout, exploration, game, expand_after)
        done += 1
        if done >= limit or (deadline is not None and time.perf_counter() >= deadline):
            break
        state = decision.determinize(rng)
    stats = {action: (child.visits, child.total, child.squares) for action, child in root.children.items()
             if isinstance(action, int)}
    return stats, done


def _select(children: dict[int | str, _Node], legal: list[int], c: float,
            rng: random.Random) -> tuple[_Node, int, bool]:
    """ISUCT at one node: (child, action, expanded). Every existing child of a legal action counts one
    more availability; an untried legal action, if any, is expanded (at random among them), else the
    child of highest upper bound is followed."""
    log = math.log
    sqrt = math.sqrt
    best: _Node | None = None
    best_action = -1
    best_score = -1.0
    untried: list[int] | None = None
    for action in legal:
        child = children.get(action)
        if child is None:
            if untried is None:
                untried = [action]
            else:
                untried.append(action)
            continue
        avail = child.avail + 1
        child.avail = avail
        visits = child.visits
        score = child.total / visits + c * sqrt(log(avail) / visits)
        if score > best_score:
            best, best_action, best_score = child, action, score
    if untried is not None:
        action = untried[0] if len(untried) == 1 else untried[int(rng.random() * len(untried))]
        child = children[action] = _Node()
        child.avail = 1
        return child, action, True
    assert best is not None
    return best, best_action, False


def _iterate_single(state: State, roots: list[_Node], rng: random.Random, rollout: Rollout, c: float,
                    game: DecisionGame, expand_after: int) -> None:
    """One iteration with a single tree keyed by action ids (every move is public)."""
    node = roots[0]
    path: list[tuple[_Node, int]] = []
    while True:  # selection, then the expansion of one node
        seat = state.to_act
        if seat is None:
            break
        child, action, expanded = _select(node.children, state.legal_actions(), c, rng)
        state.apply(action)
        path.append((child, seat))
        if expanded or child.visits < expand_after:
            break
        node = child
    _backup(path, rollout(state, rng))


def _iterate_multi(state: State, roots: list[_Node], rng: random.Random, rollout: Rollout, c: float,
                   game: DecisionGame, expand_after: int) -> None:
    """One iteration with a tree per seat, each keyed by that seat's observations of the moves."""
    public = game.public_action_name
    nodes = roots[:]
    players = len(nodes)
    path: list[tuple[_Node, int]] = []
    while True:
        seat = state.to_act
        if seat is None:
            break
        child, action, expanded = _select(nodes[seat].children, state.legal_actions(), c, rng)
        if not expanded:
            # Every other seat's tree follows the move as that seat sees it (read before it is made).
            for other in range(players):
                if other != seat:
                    key = public(state, action, other)
                    follow = nodes[other].children.get(key)
                    if follow is None:
                        follow = nodes[other].children[key] = _Node()
                    nodes[other] = follow
            nodes[seat] = child
        state.apply(action)
        path.append((child, seat))
        if expanded or child.visits < expand_after:
            break
    _backup(path, rollout(state, rng))


def _backup(path: list[tuple[_Node, int]], values: list[float]) -> None:
    """Add one visit and the reward of the seat that moved to every (node, seat) on the path."""
    for child, seat in path:
        child.visits += 1
        value = values[seat]
        child.total += value
        child.squares += value * value


def _rollout(state: State, rng: random.Random, policy: Policy | None, max_rollout: int,
             cutoff: Cutoff | None) -> list[float]:
    """Play on and reward every seat: by the bot's estimate where `cutoff` stops the rollout and the
    bot gives one, else (after at most `max_rollout` decisions in all) by the result or, if the game
    is still running, by its scores so far."""
    played = 0
    if cutoff is not None:
        horizon, estimate = cutoff
        _play(state, rng, policy, horizon)
        if state.to_act is not None:
            chances = estimate(state)
            if chances is not None:
                return [WIN_WEIGHT * chance + MARGIN_WEIGHT * 0.5 for chance in chances]
        played = horizon
    _play(state, rng, policy, max_rollout - played)
    return seat_rewards(state.result())


def _play(state: State, rng: random.Random, policy: Policy | None, decisions: int) -> None:
    """Play at most `decisions` decisions by `policy` (None: uniformly at random)."""
    apply = state.apply
    if policy is None:
        legal_actions = state.legal_actions
        random_ = rng.random
        for _ in range(decisions):
            if state.to_act is None:
                break
            legal = legal_actions()
            apply(legal[int(random_() * len(legal))])
    else:
        for _ in range(decisions):
            seat = state.to_act
            if seat is None:
                break
            apply(policy(state, seat))


def _best_action(stats: RootStats, legal: tuple[int, ...], keep: int | None = None) -> int:
    """The most visited legal action (ties: the higher mean, then the lower id); but `keep`, if given,
    unless the most visited action's mean beats its mean by more than `KEEP_Z` standard errors."""
    best = legal[0]
    best_key = (-1, -math.inf)
    for action in legal:
        visits, total, _ = stats.get(action, (0, 0.0, 0.0))
        key = (visits, total / visits if visits else -math.inf)
        if key > best_key:
            best, best_key = action, key
    if keep is None or keep == best or keep not in legal:
        return best
    margin = _mean_margin(stats.get(best, (0, 0.0, 0.0)), stats.get(keep, (0, 0.0, 0.0)))
    return best if margin > KEEP_Z else keep


def _mean_margin(a: tuple[int, float, float], b: tuple[int, float, float]) -> float:
    """By how many standard errors of the difference the mean of `a` exceeds the mean of `b` (each
    (visits, total, squares)); -inf with fewer than two visits on either side.

    >>> round(_mean_margin((100, 60.0, 40.0), (100, 50.0, 30.0)), 2)
    3.32
    """
    (n_a, t_a, q_a), (n_b, t_b, q_b) = a, b
    if n_a < 2 or n_b < 2:
        return -math.inf
    mean_a, mean_b = t_a / n_a, t_b / n_b
    var_a = max(0.0, q_a - n_a * mean_a * mean_a) / (n_a - 1)
    var_b = max(0.0, q_b - n_b * mean_b * mean_b) / (n_b - 1)
    error = math.sqrt(var_a / n_a + var_b / n_b)
    if error == 0.0:
        return math.inf if mean_a > mean_b else -math.inf
    return (mean_a - mean_b) / error


def _worker_search(decision: Decision, seed: int, iterations: int | None, seconds: float | None,
                   rollout: str, max_rollout: int, exploration: float,
                   expand_after: int, learned: bool, whole: bool) -> tuple[RootStats, int]:
    """One process's share of a root-parallel search."""
    game = decision.game
    return search(decision, seed, iterations, seconds, rollout_policy(game, rollout), max_rollout,
                  exploration, expand_after, None if whole else rollout_cutoff(game, rollout, learned))


@mypyc_attr(native_class=False)  # compiled, a Python class still: weakref.finalize needs a weak reference
class ISMCTSAgent:
    """An IS-MCTS player for any game (see the module docstring); `name` is its agent name."""

    def __init__(self, game: Game, seed: int = 0, iterations: int | None = None,
                 seconds: float | None = None, rollout: str | None = None, workers: int = 1,
                 max_rollout: int = MAX_ROLLOUT, exploration: float = EXPLORATION,
                 expand_after: int | None = None, keep: bool | None = None, learned: bool = False,
                 whole: bool = False, name: str = NAME) -> None:
        if iterations is None and seconds is None:
            seconds = LEVELS[DEFAULT_LEVEL]
        if iterations is not None and iterations < 1:
            raise OptionError(f"iterations must be at least 1, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise OptionError(f"seconds must be more than 0, not {seconds!r}")
        if workers < 1:
            raise OptionError(f"workers must be at least 1, not {workers!r}")
        self.name = name
        self.game = game
        self.iterations = iterations
        self.seconds = None if iterations is not None else seconds
        self.rollout = rollout or default_rollout(game)
        self.policy = rollout_policy(game, self.rollout)
        self.learned = learned
        """Whether the cut-off is judged by the bot's learned value model (see Cut-off)."""
        if learned and whole:
            raise OptionError("learned judges the rollout's cut-off, which whole turns off")
        self.whole = whole
        """Whether every rollout plays to the end, with no cut-off (see Cut-off)."""
        self.cutoff = None if whole else rollout_cutoff(game, self.rollout, learned)
        if keep and self.policy is None:
            raise OptionError("keep needs the heuristic rollout, whose bot's move it keeps")
        self.keep = rollout_keeps(game, self.rollout) if keep is None else keep
        """Whether the bot's move stands unless clearly beaten (see Keep)."""
        self.expand_after = (EXPAND_AFTER["heuristic" if _is_style(self.rollout) else self.rollout]
                             if expand_after is None else expand_after)
        self.workers = workers
        self.max_rollout = max_rollout
        self.exploration = exploration
        self.rng = random.Random(seed)
        self.last_iterations = 0
        """Iterations run for the last decision searched (all workers)."""
        self.last_stats: RootStats = {}
        """The root statistics of the last decision searched (`explain` reads them)."""
        self._pool: ProcessPoolExecutor | None = None

    @classmethod
    def from_name(cls, name: str, game: Game, seed: int) -> ISMCTSAgent:
        """The agent an `ismcts[:SPEC]` name asks for; OptionError for a malformed name."""
        spec = parse_name(name)
        return cls(game, seed, iterations=spec.iterations, seconds=spec.seconds, rollout=spec.rollout,
                   workers=spec.workers, keep=spec.keep, learned=spec.learned, whole=spec.whole, name=name)

    def act(self, decision: Decision) -> int:
        """Search from the decision and return the most visited legal action (with `keep`: the bot's
        move unless that one beats it clearly, see Keep)."""
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        seed = self.rng.getrandbits(64)
        keep = None
        if self.keep and self.policy is not None:
            keep = self.policy(decision.determinize(random.Random(seed)), decision.seat)
        if self.workers == 1:
            stats, self.last_iterations = search(decision, seed, self.iterations, self.seconds, self.policy,
                                                 self.max_rollout, self.exploration, self.expand_after,
                                                 self.cutoff)
        else:
            stats = self._parallel(decision, seed)
        self.last_stats = stats
        return _best_action(stats, legal, keep)

    def explain(self, decision: Decision, action: int) -> str | None:
        """Why the last search chose `action` (a hint's reason): how the games it played out from states
        the seat cannot tell apart went after that move, and after the most tried other one."""
        stats = self.last_stats
        visits, total, _ = stats.get(action, (0, 0.0, 0.0))
        if not visits:
            return None
        played = sum(v for v, _, _ in stats.values())
        text = (f"it played {played} games out from positions your seat cannot tell apart: after this move "
                f"({visits} of them) it scored {total / visits:.0%} of the most it could on average (a win "
                "counts most)")
        others = [(v, t / v, a) for a, (v, t, _) in stats.items() if a != action and v]
        if others:
            tried, mean, other = max(others)
            name = decision.action_name(other)
            text += f"; after {name!r}, the most tried other move ({tried}), {mean:.0%}"
        return text

    def _parallel(self, decision: Decision, seed: int) -> RootStats:
        """Root parallelism: one search per worker process, root statistics summed."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers)
            weakref.finalize(self, self._pool.shutdown, wait=False, cancel_futures=True)
        shares: list[int | None] = [None] * self.workers
        if self.iterations is not None:
            base, extra = divmod(self.iterations, self.workers)
            shares = [base + (w < extra) for w in range(self.workers)]
        futures = [self._pool.submit(_worker_search, decision, mix_seed(seed, w), share, self.seconds,
                                     self.rollout, self.max_rollout, self.exploration, self.expand_after,
                                     self.learned, self.whole)
                   for w, share in enumerate(shares) if share != 0]
        merged: RootStats = {}
        self.last_iterations = 0
        for future in futures:
            stats, done = future.result()
            self.last_iterations += done
            for action, (visits, total, squares) in stats.items():
                v, t, q = merged.get(action, (0, 0.0, 0.0))
                merged[action] = (v + visits, t + total, q + squares)
        return merged

    def close(self) -> None:
        """Stop the worker processes, if any (they are also stopped when the agent is collected)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
