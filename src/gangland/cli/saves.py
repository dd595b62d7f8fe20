"""Where `gangland play` keeps a person's saves, how an unfinished save keeps the cards hidden, and the
commands it prints to go on from a save.

Folders: saves go to `$GANGLAND_SAVES` if set, else `$XDG_DATA_HOME/gangland/saves`, else
`~/.local/share/gangland/saves` (made when first needed); `--save FILE` is relative to the folder
the person is in. Every command printed names the program that is running and the save by absolute
paths, so that it works pasted into any folder.

Sealing: a game record's seed fixes every face-down card, and its action ids hold the other seats'
secret choices (a face-down note, a bid), so an unfinished save must hold neither in plain. It holds
instead a random nonce, the JSON of seed and actions XOR a key stream of HMAC-SHA256(key, nonce,
block number) blocks, and a MAC over nonce and sealed text (encrypt-then-MAC), where the key is 32
random bytes kept in the user data folder (mode 0600, made on first use); "steps" says how many moves
were made. Resuming unseals both; a missing key or a MAC that does not match (the wrong key, or a
changed file) is an error that changes nothing. A finished game is saved in full, seed included: the
game is over, and the record is for replay.

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

SEALED = "sealed"
"""The field that stands for "seed" and "actions" in an unfinished save: both sealed, so that the save
gives away neither the face-down cards (the seed fixes them) nor the other seats' secret choices."""
SAVES_ENV = "GANGLAND_SAVES"
"""The environment variable that names the saves folder."""
KEY_FILE = "save-key"
"""The key's file name in the user data folder."""
KEY_BYTES = 32
NONCE_BYTES = 16
BLOCK = 32
"""Bytes of key stream one HMAC-SHA256 gives."""


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
                          "by the user who saved it, with the same XDG_DATA_HOME") from None
    except OSError as exc:
        raise RecordError(f"cannot read the save key {str(path)!r}: {exc.strerror}") from None
    if len(key) != KEY_BYTES:
        raise RecordError(f"the save key {str(path)!r} is damaged ({len(key)} bytes, not {KEY_BYTES})")
    return key


def _digest(key: bytes, purpose: bytes, *parts: bytes) -> bytes:
    return hmac.new(key, purpose + b"".join(parts), hashlib.sha256).digest()


def _stream(key: bytes, nonce: bytes, size: int) -> bytes:
    blocks = (size + BLOCK - 1) // BLOCK
    return b"".join(_digest(key, b"gangland save stream\0", nonce, n.to_bytes(8, "big"))
                    for n in range(blocks))[:size]


def _mac(key: bytes, nonce: bytes, sealed: bytes, context: bytes) -> str:
    # The context (the save's plain fields) is covered too: a changed option or seat fails to open.
    return _digest(key, b"gangland save mac\0", nonce, len(sealed).to_bytes(8, "big"), sealed,
                   context).hex()


def _context(plain: dict[str, JSON]) -> bytes:
    """The canonical text of a save's plain fields, which the MAC covers."""
    return json.dumps({k: v for k, v in plain.items() if k != SEALED}, sort_keys=True,
                      separators=(",", ":")).encode()


def seal(secret: JSON, key: bytes, context: bytes = b"") -> dict[str, JSON]:
    """The sealed form of `secret` (JSON data): nonce, sealed text and a MAC over both and `context`
    (data kept in plain beside it), as hex.

    >>> key = bytes(range(32))
    >>> unseal(seal({"seed": 12345, "actions": [3, 1]}, key), key)
    {'seed': 12345, 'actions': [3, 1]}
    """
    plain = json.dumps(secret, separators=(",", ":")).encode()
    nonce = secrets.token_bytes(NONCE_BYTES)
    sealed = bytes(a ^ b for a, b in zip(plain, _stream(key, nonce, len(plain)), strict=True))
    return {"nonce": nonce.hex(), "text": sealed.hex(), "mac": _mac(key, nonce, sealed, context)}


def unseal(sealed: JSON, key: bytes, context: bytes = b"") -> JSON:
    """The data `seal` sealed with `key` and `context`; RecordError if the fields are malformed or the
    MAC does not match (another key, or a changed file: the sealed text or the context)."""
    damaged = RecordError(f"its field {SEALED!r} is damaged")
    fields = sealed if isinstance(sealed, dict) else {}
    nonce_hex, text_hex, mac = (fields.get(name) for name in ("nonce", "text", "mac"))
    if not (isinstance(nonce_hex, str) and isinstance(text_hex, str) and isinstance(mac, str)):
        raise damaged
    try:
        nonce, text = bytes.fromhex(nonce_hex), bytes.fromhex(text_hex)
    except ValueError:
        raise damaged from None
    if len(nonce) != NONCE_BYTES:
        raise damaged
    if not hmac.compare_digest(_mac(key, nonce, text, context), mac):
        raise RecordError(f"it does not open with this user's save key ({str(key_path())!r}): it was "
                          "saved by another user or with another key, or the file was changed")
    plain = bytes(a ^ b for a, b in zip(text, _stream(key, nonce, len(text)), strict=True))
    try:
        data: JSON = json.loads(plain)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise damaged from None
    return data


# -- saves -----------------------------------------------------------------------------------------

def write_save(record: GameRecord, path: Path) -> None:
    """Write `record` to `path` (whole, through a temporary file): an unfinished game with its seed
    sealed, a finished one in full. OSError if it cannot be written."""
    data = record.to_json()
    if record.result is None:
        secret = {"seed": data.pop("seed"), "actions": data.pop("actions")}
        data["steps"] = len(record.actions)
        data[SEALED] = seal(secret, user_key(create=True), _context(data))
    part = path.with_name(path.name + ".part")
    try:
        part.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        os.replace(part, path)
    except OSError:
        part.unlink(missing_ok=True)
        raise


def read_save(path: Path) -> GameRecord:
    """A save written by `write_save`, its seed unsealed, or any plain record (older saves hold the
    seed in plain); RecordError naming the file if it cannot be read or opened."""
    text = GameRecord.read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: record is not valid JSON: {exc}") from None
    if isinstance(data, dict) and "seed" not in data and SEALED in data:
        try:
            secret = unseal(data[SEALED], user_key(create=False), _context(data))
            if not isinstance(secret, dict) or set(secret) != {"seed", "actions"}:
                raise RecordError(f"its field {SEALED!r} is damaged")
        except RecordError as exc:
            raise RecordError(f"cannot resume {str(path)!r}: {exc}") from None
        data = {name: value for name, value in data.items() if name not in (SEALED, "steps")}
        data.update(secret)
    try:
        return GameRecord.from_json(data)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def explain_sealed(path: Path, error: RecordError) -> RecordError:
    """Why a record reader (replay, render) cannot open `path` when it is an unfinished save, whose seed
    and moves are sealed; else `error` as it is. Called only once reading failed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return error
    if isinstance(data, dict) and "seed" not in data and SEALED in data:
        return RecordError(f"{path}: this is an unfinished game saved for its player, with its seed and "
                           "moves sealed so that the hidden cards stay hidden; only `gangland play --resume "
                           "FILE` opens it (and finishing the game saves it in full)")
    return error
