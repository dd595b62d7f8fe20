"""`gangland play`: a person plays one seat in the terminal; bots play the others."""

from __future__ import annotations

import contextlib
import os
import random
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from gangland.agents import agent_names, make_agent
from gangland.engine import (
    Agent,
    Decision,
    Game,
    GameRecord,
    GanglandError,
    OptionError,
    State,
    run_match,
    seat_label,
    seat_ref,
)
from gangland.engine.undo import UndoRefused, plan_take_back
from gangland.games import get
from gangland.sim import agent_seed

from .common import (
    INTERRUPTED,
    PlayersOption,
    RuleOptions,
    default_players,
    fail,
    make_console,
    option_text,
    parse_names,
    parse_options,
    result_table,
    seat_heading,
    seat_index,
    seat_option,
    shown,
    user_errors,
    winners_line,
)
from .human import HumanAgent, QuitGame, UndoMove
from .saves import command, default_save_path, read_save, write_save
from .thinking import Thinking, Watch

HUMAN = "human"
"""The seat name a game record gives the person at the terminal."""
UNDO_SHOWN = 4
"""How many of the steps an undo takes back it names."""


def default_bot(game: Game) -> str:
    """The bot that fills seats when --bots is not given: the game's heuristic bot if it has one."""
    if "heuristic" in game.bots:
        return "heuristic"
    return next(iter(sorted(game.bots)), "random")


def bot_lineup(names: list[str], count: int) -> list[str]:
    """`count` bot names from `names`, the last one repeated as needed.

    >>> bot_lineup(["random", "heuristic"], 4)
    ['random', 'heuristic', 'heuristic', 'heuristic']
    """
    return [names[min(i, len(names) - 1)] for i in range(count)]


def catch_up(game: Game, record: GameRecord, agents: list[Agent], skip: int) -> None:
    """Show each bot the decisions it already made in `record`, so that it is in the same state as if
    the game had never stopped (bots draw their random numbers decision by decision)."""
    state = game.new_game(record.players, record.seed, record.options)
    for action in record.actions:
        seat = state.to_act
        if seat is not None and seat != skip:
            agents[seat].act(Decision(game, state, seat, tuple(state.legal_actions())))
        state.apply(action)


def check_save_path(path: Path) -> Path:
    """`path` made absolute (relative to the folder the person is in); OptionError now, not after the
    game, if a record cannot be written there."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise OptionError(f"cannot save to {str(path)!r}: it is a folder")
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise OptionError(f"cannot save to {str(path)!r}: no writable folder {str(folder)!r}")
    return path.absolute()


class PlaySession:
    """One person's game at the terminal: the record, the agents, the narration, saving on interrupt."""

    def __init__(self, game: Game, record: GameRecord, seat: int, console: Console, save_path: Path) -> None:
        self.game = game
        self.record = record
        self.seat = seat
        self.console = console
        self.save_path = save_path
        self.labels = [seat_heading(s, name, you=seat) for s, name in enumerate(record.seats)]
        self.human = HumanAgent(game, seat, console,
                                step=lambda: len(self.record.actions))
        self.human.can_undo = record.undo
        if record.undo:
            self.human.before_deciding = self.remember_bots
        self.box = self.human.box
        self.watch = Watch(console)
        self.bot_memory: dict[int, list[tuple[random.Random, tuple[Any, ...]]]] = {}
        """The bots' random states at the person's decisions, by step (see `remember_bots`)."""
        self.agents = self.seat_agents()

    def seat_agents(self) -> list[Agent]:
        """The person and fresh bots, the bots caught up with the record's steps so far."""
        record = self.record
        bots = {s: make_agent(name, self.game, agent_seed(record.seed, s))
                for s, name in enumerate(record.seats) if s != self.seat}
        agents: list[Agent] = [bots.get(s, self.human) for s in range(record.players)]
        if record.actions:
            self.watch.begin("The bots are catching up with the game so far...")
            try:
                catch_up(self.game, record, agents, skip=self.seat)
            finally:
                self.watch.end()
        return [agent if s == self.seat else Thinking(agent, f"{seat_label(s)} ({agent.name})", self.watch)
                for s, agent in enumerate(agents)]

    def on_step(self, before: State, actor: int, action: int, after: State) -> None:
        """Narrate a step from the person's seat views only."""
        name = self.game.public_action_name(before, action, self.seat)
        line = shown(self.game.narrate(before.view(self.seat), actor, name, after.view(self.seat)),
                     self.record.players, self.seat)
        if actor == self.seat:
            note = " (your only choice, played for you)" if self.human.played_for_you else ""
            self.console.print(Text.assemble(("» ", "bold cyan"), (line, "bold"), (note, "dim")))
        else:
            self.console.print(Text("  " + line))

    def intro(self) -> None:
        """Who plays where."""
        record = self.record
        others = ", ".join(seat_heading(s, name) for s, name in enumerate(record.seats) if s != self.seat)
        # Not the seed: with it, the order of every face-down card could be worked out.
        self.console.print(Text.assemble((self.game.name, "bold"), f" v{self.game.version}, {record.players} "
                                         "players"))
        self.console.print(Text.assemble("You are ", (seat_label(self.seat), "bold"), f"; bots: {others}."))
        defaults = self.game.resolve_options(None)
        changed = [f"{k}={option_text(v)}" for k, v in record.options.items() if v != defaults.get(k)]
        if changed:
            self.console.print(Text("options: " + ", ".join(changed), style="dim"))
        if record.undo:
            self.console.print(Text("Undo is on at this table: type 'undo' to take back your last decision "
                                    "(the record counts the undos; such a game is not rated).", style="dim"))
        if record.actions:
            self.console.print(Text(f"Resuming after step {len(record.actions)}.", style="dim"))

    def save(self) -> None:
        """Write the record (every step so far): sealed while the game is unfinished (see saves.py)."""
        try:
            write_save(self.record, self.save_path)
        except (OSError, GanglandError) as exc:
            fail(f"could not save the game to {str(self.save_path)!r}: {exc}", code=1)

    def show_command(self, what: str, line: str) -> None:
        """`what` and a command line, the line unwrapped whatever its length (for copy and paste)."""
        self.console.print(Text(what))
        self.console.print(Text(line, style="bold"), soft_wrap=True)

    def stop(self, code: int) -> int:
        """Save an unfinished game and print the resume command."""
        self.console.print()
        self.save()
        saved = Text.assemble("Game saved after step ", str(len(self.record.actions)), " to ",
                              (str(self.save_path), "bold"), ".")
        self.console.print(saved, soft_wrap=True)
        self.show_command("Resume with:", command("play", "--resume", self.save_path))
        return code

    def undo(self) -> None:
        """Take back the person's last decision and every step after it (the bots as they were then,
        see `remember_bots`), or say that there is nothing to take back. The terminal's table is a
        practice one (gangland.engine.undo): the bots' steps go back too, whatever they showed."""
        game, record = self.game, self.record
        try:
            back = plan_take_back(game, record, self.seat, fair=False)
        except UndoRefused:
            self.console.print(Text("  Nothing to undo: you have not made a decision yet.", style="red"))
            return
        step = back.step
        name = shown(back.name, record.players, self.seat)
        later = [shown(f"{seat_ref(actor)}: {seen}", record.players, self.seat) for actor, seen in back.later]
        del record.actions[step:]
        record.undos += 1
        others = ""
        if later:
            listed = "; ".join(later[:UNDO_SHOWN]) + ("; ..." if len(later) > UNDO_SHOWN else "")
            others = f" and the {len(later)} step{'s' if len(later) != 1 else ''} after it ({listed})"
        self.console.print(Text(f"  Undo: took back your '{name}' (step {step}){others}; "
                                "decide again.", style="bold yellow"))
        memory = self.bot_memory.get(step)
        for later_step in [k for k in self.bot_memory if k > step]:
            del self.bot_memory[later_step]
        if memory is None:
            self.bot_memory.clear()  # of bots about to be replaced
            self.agents = self.seat_agents()
        else:  # as the bots were when the person first decided here: no need to replay their searches
            for rng, rng_state in memory:
                rng.setstate(rng_state)

    def remember_bots(self) -> None:
        """Keep the bots' random states at the person's decision (step = the steps made so far), so that
        an undo back to it restores them at once instead of replaying every bot decision (which, with a
        search bot, takes its thinking time again for each). Only for bots whose one memory between
        decisions is an `rng` (a random.Random), as every Gangland agent's is."""
        bots = [getattr(agent, "bot", agent) for s, agent in enumerate(self.agents) if s != self.seat]
        rngs = [getattr(bot, "rng", None) for bot in bots]
        if all(isinstance(rng, random.Random) for rng in rngs):
            self.bot_memory[len(self.record.actions)] = [(rng, rng.getstate()) for rng in rngs
                                                         if isinstance(rng, random.Random)]

    def finish(self, state: State) -> None:
        """The final board, the score breakdown and the winners."""
        self.console.print(self.box(state.view(self.seat), f"{self.game.name} - game over",
                                    f"{len(self.record.actions)} steps", players=self.record.players,
                                    you=self.seat))
        result = state.result()
        self.console.print(result_table(result, self.labels))
        self.console.print(winners_line(result, self.labels, you=self.seat))
        self.console.print(Text(f"Seed {self.record.seed}.", style="dim"))
        if self.record.undos:
            self.console.print(Text(f"Moves taken back: {self.record.undos}.", style="dim"))
        self.save()
        saved = Text.assemble("Record saved to ", (str(self.save_path), "bold"), ".")
        self.console.print(saved, soft_wrap=True)
        self.show_command("Replay it with:", command("replay", self.save_path, "--seat",
                                                     seat_option(self.seat)))

    def run(self) -> int:
        """Play to the end or to an interruption; the exit code."""
        self.intro()
        undo = False
        while True:
            try:
                if undo:  # in the try: Ctrl-C while the bots catch up saves the game as it now is
                    undo = False
                    self.undo()
                state = run_match(self.game, self.agents, self.record, on_step=self.on_step)
            except UndoMove:
                undo = True
                continue
            except (QuitGame, EOFError):
                return self.stop(0)
            except KeyboardInterrupt:
                return self.stop(INTERRUPTED)
            self.finish(state)
            return 0


def new_session(game_id: str | None, players: int | None, bots: str | None, seed: int | None, number: int,
                options: list[str] | None, save: Path | None, console: Console,
                undo: bool = False) -> PlaySession:
    """Set up a new game from the command line, the person in the seat they number `number` (from 1);
    GanglandError on bad input."""
    if game_id is None:
        raise OptionError("name a game (see `gangland games`) or pass --resume FILE")
    game = get(game_id)
    if players is None:
        players = default_players(game)
    game.check_players(players)
    seat = seat_index(number, players)
    resolved = game.resolve_options(parse_options(options, game))
    game.new_game(players, 0, resolved)  # options checked only at set-up (a deck file) fail here, not later
    given = parse_names(bots or default_bot(game), "bot")
    if len(given) > players - 1:
        raise OptionError(f"--bots names {len(given)} bots but a {players}-player game has "
                          f"{players - 1} other seats")
    names = bot_lineup(given, players - 1)
    for name in dict.fromkeys(names):
        if name == HUMAN:
            raise OptionError("only one seat can be human; --bots names the other seats' bots: "
                              + ", ".join(agent_names(game)))
        make_agent(name, game, 0)
    # A random seed has 63 bits, so that it cannot be found by trying seeds against the cards seen
    # (a million seeds can be searched in under a minute). A chosen seed is named in the file name.
    tag = str(seed) if seed is not None else time.strftime("%Y%m%d-%H%M%S")
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    seats = [*names[:seat], HUMAN, *names[seat:]]
    record = GameRecord.start(game, players, seed, resolved, seats)
    record.undo = undo
    path = check_save_path(save or default_save_path(game.id, tag))
    return PlaySession(game, record, seat, console, path)


def resume_session(path: Path, game_id: str | None, number: int | None, save: Path | None,
                   console: Console) -> PlaySession:
    """Continue a saved game, the person in its human seat or the one they number `number` (from 1);
    GanglandError if the record is corrupt, cannot be unsealed, or has no seat for the person. A save
    sealed the legacy way is rewritten sealed the new way as it is opened."""
    record = read_save(path, reseal=True)
    game = get(record.game)
    if game_id is not None and game_id != record.game:
        raise OptionError(f"{str(path)!r} is a game of {record.game}, not {game_id}")
    record.replay(game)  # RecordError if it does not replay
    humans = [s for s, name in enumerate(record.seats) if name == HUMAN]
    if len(humans) > 1:
        raise OptionError(f"{str(path)!r} has {len(humans)} human seats; this terminal plays one")
    if number is None:
        if not humans:
            raise OptionError(f"{str(path)!r} has no human seat: pass --seat N (from 1) to take one over")
        seat = humans[0]
    else:
        seat = seat_index(number, record.players)
    if humans and humans[0] != seat:
        raise OptionError(f"{seat_label(humans[0])} of {str(path)!r} is the human seat, not "
                          f"{seat_label(seat)}")
    record.seats[seat] = HUMAN
    for s, name in enumerate(record.seats):
        if s != seat:
            make_agent(name, game, 0)
    return PlaySession(game, record, seat, console, check_save_path(save or path))


def play_command(
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="Game id, e.g. razzia.",
                                               show_default=False)] = None,
    players: PlayersOption = None,
    bots: Annotated[str | None, typer.Option("--bots", "-b", show_default=False,
                                             help="Bots for the other seats in order, comma-separated; the "
                                                  "last repeats (default: heuristic).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", show_default=False,
                                             help="Game seed (default: random).")] = None,
    seat: Annotated[int | None, typer.Option("--seat", show_default=False,
                                             help="Your seat, counted from 1 as the game shows it "
                                                  "(default: 1).")] = None,
    option: RuleOptions = None,
    save: Annotated[Path | None, typer.Option(
        "--save", metavar="FILE", show_default=False,
        help="Where to save the game on Ctrl-C or quit, and at the end (default: gangland-GAME-SEED.json "
             "with --seed, else gangland-GAME-DATE-TIME.json, in $GANGLAND_SAVES, else "
             "$XDG_DATA_HOME/gangland/saves, else ~/.local/share/gangland/saves).")] = None,
    resume: Annotated[Path | None, typer.Option("--resume", metavar="FILE", show_default=False,
                                                help="Continue a saved game.")] = None,
    undo: Annotated[bool, typer.Option(
        "--undo", help="Let yourself take back decisions ('undo'); the record counts them, and such a game "
                       "is never rated.")] = False,
) -> None:
    """Play a game in the terminal against bots.

    At each of your decisions type the number or the name of an action. Ctrl-C, Ctrl-D or 'quit'
    saves the game, and `gangland play --resume FILE` continues it. Every finished game is saved too,
    for `gangland replay`. An unfinished save holds its seed sealed with a key in your data folder, so
    that the file does not give away the hidden cards; a finished one holds the whole record.
    """
    console = make_console()
    with user_errors():
        if resume is not None:
            extra = [flag for flag, value in (("--players", players), ("--bots", bots), ("--seed", seed),
                                              ("--option", option), ("--undo", undo or None))
                     if value is not None and value != []]
            if extra:
                raise OptionError(f"{', '.join(extra)} cannot be combined with --resume "
                                  "(a saved game keeps its set-up)")
            session = resume_session(resume, game, seat, save, console)
        else:
            number = 1 if seat is None else seat
            session = new_session(game, players, bots, seed, number, option, save, console, undo)
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # line editing for input(), where available
            import readline  # noqa: F401
    raise typer.Exit(session.run())
