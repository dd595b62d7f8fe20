"""Where `gangland play` keeps a person's saves, how an unfinished save keeps the cards hidden, and the
commands it prints to go on from a save.

Folders: saves go to `$GANGLAND_SAVES` if set, else `$XDG_DATA_HOME/gangland/saves`, else
`~/.local/share/gangland/saves` (made when first needed); `--save FILE` is relative to the folder
the person is in. Every command printed names the program that is running and the save by absolute
paths, so that it works pasted into any folder.

Sealing: a game record's seed fixes every face-down card, so an unfinished save must not hold it in
plain. It holds instead a random nonce, the seed XOR a 64-bit mask taken from HMAC-SHA256(key,
nonce), and a MAC over both, where the key is 32 random bytes kept in the user data folder (mode
0600, made on first use). Resuming unseals the seed; a missing key or a MAC that does not match (the
wrong key, or a changed file) is an error that changes nothing. A finished game is saved with its
seed in plain: the game is over, and the record is for replay.

This hides the cards from anyone who reads the file, not from someone who also reads the key in
the person's own data folder; it is a table manner, not a vault.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import shlex
import sys
from pathlib import Path

from gangland.engine import JSON, GameRecord, OptionError, RecordError
from gangland.engine.record import SEALED_SEED

SAVES_ENV = "GANGLAND_SAVES"
"""The environment variable that names the saves folder."""
KEY_FILE = "save-key"
"""The key's file name in the user data folder."""
KEY_BYTES = 32
NONCE_BYTES = 16
SEED_BITS = 64
"""A sealed seed is a whole number from 0 to 2**64 - 1 (the seeds `play` draws have 63 bits)."""


# -- folders and commands --------------------------------------------------------------------------

def data_folder() -> Path:
    """The user data folder: $XDG_DATA_HOME/gangland (an absolute path only, as XDG says), else
    ~/.local/share/gangland."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "gangland"


def saves_folder() -> Path:
    """Where saves go unless --save names a file: $GANGLAND_SAVES, else <data folder>/saves."""
    given = os.environ.get(SAVES_ENV, "")
    return Path(given).expanduser().absolute() if given else data_folder() / "saves"


def default_save_path(game_id: str, tag: str) -> Path:
    """<saves folder>/gangland-<game>-<tag>.json, or -2, -3... when that file exists already; the
    folder is made if need be (OptionError if it cannot be)."""
    folder = saves_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionError(f"cannot make the saves folder {str(folder)!r} ({exc.strerror}); "
                          f"set {SAVES_ENV} or pass --save FILE") from None
    path = folder / f"gangland-{game_id}-{tag}.json"
    number = 2
    while path.exists():
        path = folder / f"gangland-{game_id}-{tag}-{number}.json"
        number += 1
    return path


def program() -> str:
    """The running gangland command as a shell word or two that work from any folder: the absolute
    path of the `gangland` script that runs, else `<this python> -m gangland`."""
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.name.startswith("gangland") and started.is_file() \
            and os.access(started, os.X_OK):
        return shlex.quote(str(started.resolve()))
    # Not resolved: a virtual environment's python is a link whose target lacks the environment.
    return f"{shlex.quote(str(Path(sys.executable).absolute()))} -m gangland"


def command(*words: str | Path) -> str:
    """A gangland command line to print: the program, then `words` shell-quoted (paths absolute).

    >>> command("replay", Path("/tmp/my game.json")).endswith("replay '/tmp/my game.json'")
    True
    """
    quoted = [shlex.quote(str(w.absolute()) if isinstance(w, Path) else w) for w in words]
    return " ".join([program(), *quoted])


# -- the key and the seal --------------------------------------------------------------------------

def key_path() -> Path:
    """The per-user key that seals unfinished saves."""
    return data_folder() / KEY_FILE


def user_key(create: bool) -> bytes:
    """The user's key; made first (32 random bytes, mode 0600) if `create` and there is none.

    RecordError if it is missing (and not to be made), unreadable, or not KEY_BYTES long.
    """
    path = key_path()
    if create and not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # made meanwhile by another gangland
            pass
        else:
            with os.fdopen(fd, "wb") as out:
                out.write(secrets.token_bytes(KEY_BYTES))
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        raise RecordError(f"the key that sealed it is missing ({str(path)!r}); a save can be resumed only "
                          "by the user who saved it") from None
    except OSError as exc:
        raise RecordError(f"cannot read the save key {str(path)!r}: {exc.strerror}") from None
    if len(key) != KEY_BYTES:
        raise RecordError(f"the save key {str(path)!r} is damaged ({len(key)} bytes, not {KEY_BYTES})")
    return key


def _digest(key: bytes, purpose: bytes, *parts: bytes) -> bytes:
    return hmac.new(key, purpose + b"".join(parts), hashlib.sha256).digest()


def _mask(key: bytes, nonce: bytes) -> int:
    return int.from_bytes(_digest(key, b"gangland seed mask\0", nonce)[:SEED_BITS // 8], "big")


def _mac(key: bytes, nonce: bytes, masked: int) -> str:
    return _digest(key, b"gangland seed mac\0", nonce, masked.to_bytes(SEED_BITS // 8, "big")).hex()


def check_sealable(seed: int) -> None:
    """OptionError unless `seed` fits the seal (0 to 2**64 - 1)."""
    if not 0 <= seed < 1 << SEED_BITS:
        raise OptionError(f"--seed must be 0 to {(1 << SEED_BITS) - 1}, not {seed}")


def seal(seed: int, key: bytes) -> dict[str, JSON]:
    """The sealed form of `seed`: nonce, masked seed and MAC, as hex.

    >>> key = bytes(range(32))
    >>> unseal(seal(12345, key), key)
    12345
    """
    check_sealable(seed)
    nonce = secrets.token_bytes(NONCE_BYTES)
    masked = seed ^ _mask(key, nonce)
    return {"nonce": nonce.hex(), "masked": f"{masked:016x}", "mac": _mac(key, nonce, masked)}


def unseal(sealed: JSON, key: bytes) -> int:
    """The seed `seal` sealed with `key`; RecordError if the fields are malformed or the MAC does not
    match (another key, or a changed file)."""
    damaged = RecordError(f"its field {SEALED_SEED!r} is damaged")
    fields = sealed if isinstance(sealed, dict) else {}
    nonce_hex, masked_hex, mac = (fields.get(name) for name in ("nonce", "masked", "mac"))
    if not (isinstance(nonce_hex, str) and isinstance(masked_hex, str) and isinstance(mac, str)):
        raise damaged
    try:
        nonce, masked = bytes.fromhex(nonce_hex), int(masked_hex, 16)
    except ValueError:
        raise damaged from None
    if len(nonce) != NONCE_BYTES or not 0 <= masked < 1 << SEED_BITS:
        raise damaged
    if not hmac.compare_digest(_mac(key, nonce, masked), mac):
        raise RecordError(f"it does not open with this user's save key ({str(key_path())!r}): it was "
                          "saved by another user or with another key, or the file was changed")
    return masked ^ _mask(key, nonce)


# -- saves -----------------------------------------------------------------------------------------

def write_save(record: GameRecord, path: Path) -> None:
    """Write `record` to `path` (whole, through a temporary file): an unfinished game with its seed
    sealed, a finished one in full. OSError if it cannot be written."""
    data = record.to_json()
    if record.result is None:
        del data["seed"]
        data[SEALED_SEED] = seal(record.seed, user_key(create=True))
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(part, path)


def read_save(path: Path) -> GameRecord:
    """A save written by `write_save`, its seed unsealed, or any plain record (older saves hold the
    seed in plain); RecordError naming the file if it cannot be read or opened."""
    text = GameRecord.read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return GameRecord.load(path)  # its own message for text that is not JSON
    if isinstance(data, dict) and "seed" not in data and SEALED_SEED in data:
        try:
            seed = unseal(data[SEALED_SEED], user_key(create=False))
        except RecordError as exc:
            raise RecordError(f"cannot resume {str(path)!r}: {exc}") from None
        data = {name: value for name, value in data.items() if name != SEALED_SEED}
        data["seed"] = seed
    try:
        return GameRecord.from_json(data)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
