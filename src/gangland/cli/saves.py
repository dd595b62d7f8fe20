"""Where `gangland play` keeps a person's saves, how an unfinished save keeps the cards hidden, and the
commands it prints to go on from a save.

Folders: saves go to `$GANGLAND_SAVES` if set, else `$XDG_DATA_HOME/gangland/saves`, else
`~/.local/share/gangland/saves` (made when first needed); `--save FILE` is relative to the folder
the person is in. Every command printed names the program that is running and the save by absolute
paths, so that it works pasted into any folder.

Sealing: a game record's seed fixes every face-down card, and its action ids hold the other seats'
secret choices (a face-down note, a bid), so an unfinished save must hold neither in plain. It holds
instead the JSON of seed and actions encrypted with AES-256-GCM (the `cryptography` package's AESGCM): a
random 12-byte nonce and the cipher text with its tag, the save's plain fields (game, options, seats,
steps...) being the associated data, so that a changed option or seat fails to open as a changed cipher
text does. The AES key is derived (HKDF-SHA256) from 32 random bytes kept in the user data folder (mode
0600, made on first use); "steps" says how many moves were made. Resuming opens it; a missing key or a
tag that does not match (the wrong key, or a changed file) is an error that changes nothing. A finished
game is saved in full, seed included: the game is over, and the record is for replay. AES-GCM rather
than Fernet: it binds the plain fields as associated data (Fernet has none: a MAC of our own would be
needed beside it again), and the key file's 32 bytes serve it as they are.

Saves sealed before (an HMAC-SHA256 key stream with encrypt-then-MAC, with the same key file) are opened by
`_open_legacy` only, and `play --resume` rewrites them sealed the new way at once.

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

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from gangland.engine import JSON, GameRecord, OptionError, RecordError

SEALED = "sealed"
"""The field that stands for "seed" and "actions" in an unfinished save: both sealed, so that the save
gives away neither the face-down cards (the seed fixes them) nor the other seats' secret choices."""
SAVES_ENV = "GANGLAND_SAVES"
"""The environment variable that names the saves folder."""
KEY_FILE = "save-key"
"""The key's file name in the user data folder."""
KEY_BYTES = 32
CIPHER = "AES-256-GCM"
"""The cipher a sealed field names (a field without one is sealed the legacy way)."""
NONCE_BYTES = 12
"""AES-GCM's nonce: 96 random bits a save (NIST SP 800-38D's random construction)."""
LEGACY_NONCE_BYTES = 16


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


def _aes_key(key: bytes) -> AESGCM:
    """The AES-256-GCM cipher of the user's key: a key of its own, derived with HKDF, so that the legacy
    MAC (`_open_legacy`) and the cipher never share one."""
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"gangland save AES-256-GCM")
    return AESGCM(derived.derive(key))


def _context(plain: dict[str, JSON]) -> bytes:
    """The canonical text of a save's plain fields, which the seal covers (as associated data)."""
    return json.dumps({k: v for k, v in plain.items() if k != SEALED}, sort_keys=True,
                      separators=(",", ":")).encode()


def seal(secret: JSON, key: bytes, context: bytes = b"") -> dict[str, JSON]:
    """The sealed form of `secret` (JSON data): the cipher's name, a fresh nonce, and the AES-GCM cipher
    text with its tag over `secret` and `context` (data kept in plain beside it), as hex.

    >>> key = bytes(range(32))
    >>> unseal(seal({"seed": 12345, "actions": [3, 1]}, key), key)
    {'seed': 12345, 'actions': [3, 1]}
    """
    plain = json.dumps(secret, separators=(",", ":")).encode()
    nonce = secrets.token_bytes(NONCE_BYTES)
    sealed = _aes_key(key).encrypt(nonce, plain, context)
    return {"cipher": CIPHER, "nonce": nonce.hex(), "text": sealed.hex()}


def unseal(sealed: JSON, key: bytes, context: bytes = b"") -> JSON:
    """The data `seal` sealed with `key` and `context`; RecordError if the fields are malformed or the
    tag does not match (another key, or a changed file: the sealed text or the context). A save sealed
    the old way (`is_legacy`) is opened by `_open_legacy`."""
    fields = sealed if isinstance(sealed, dict) else {}
    if is_legacy(fields):
        return _open_legacy(fields, key, context)
    nonce, text = _hex_fields(fields, "nonce", "text")
    if fields.get("cipher") != CIPHER or len(nonce) != NONCE_BYTES:
        raise _damaged()
    try:
        plain = _aes_key(key).decrypt(nonce, text, context)
    except InvalidTag:
        raise _wrong_key() from None
    return _json_of(plain)


def _hex_fields(fields: dict[str, JSON], *names: str) -> list[bytes]:
    """The bytes of the hex fields `names` of a sealed field; RecordError if one is missing or not hex."""
    found = []
    for name in names:
        value = fields.get(name)
        if not isinstance(value, str):
            raise _damaged()
        try:
            found.append(bytes.fromhex(value))
        except ValueError:
            raise _damaged() from None
    return found


def _damaged() -> RecordError:
    return RecordError(f"its field {SEALED!r} is damaged")


def _wrong_key() -> RecordError:
    return RecordError(f"it does not open with this user's save key ({str(key_path())!r}): it was saved by "
                       "another user or with another key, or the file was changed")


def _json_of(plain: bytes) -> JSON:
    try:
        data: JSON = json.loads(plain)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _damaged() from None
    return data


# -- legacy: saves sealed before AES-GCM, opened (never written) ------------------------------------

def is_legacy(sealed: JSON) -> bool:
    """True for a sealed field written before AES-GCM (it has a "mac" and names no cipher)."""
    return isinstance(sealed, dict) and "cipher" not in sealed and "mac" in sealed


def _open_legacy(fields: dict[str, JSON], key: bytes, context: bytes) -> JSON:
    """LEGACY: open a save sealed by the home-made construction used before AES-GCM (a key stream of
    HMAC-SHA256(key, nonce, block number) blocks XORed with the text, and an HMAC over nonce, text and
    context: encrypt-then-MAC). Only opening is kept, so that such saves can be resumed (and rewritten
    sealed with AES-GCM); nothing is sealed this way any more."""
    nonce, text = _hex_fields(fields, "nonce", "text")
    mac = fields.get("mac")
    if len(nonce) != LEGACY_NONCE_BYTES or not isinstance(mac, str):
        raise _damaged()

    def digest(purpose: bytes, *parts: bytes) -> bytes:
        return hmac.new(key, purpose + b"".join(parts), hashlib.sha256).digest()

    expected = digest(b"gangland save mac\0", nonce, len(text).to_bytes(8, "big"), text, context).hex()
    if not hmac.compare_digest(expected, mac):
        raise _wrong_key()
    blocks = (len(text) + 31) // 32
    stream = b"".join(digest(b"gangland save stream\0", nonce, n.to_bytes(8, "big")) for n in range(blocks))
    return _json_of(bytes(a ^ b for a, b in zip(text, stream, strict=False)))


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


def read_save(path: Path, reseal: bool = False) -> GameRecord:
    """A save written by `write_save`, its seed unsealed, or any plain record (older saves hold the
    seed in plain); RecordError naming the file if it cannot be read or opened. With `reseal`, a save
    sealed the legacy way is rewritten at once sealed with AES-GCM (the same record)."""
    text = GameRecord.read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: record is not valid JSON: {exc}") from None
    legacy = False
    if isinstance(data, dict) and "seed" not in data and SEALED in data:
        legacy = is_legacy(data[SEALED])
        try:
            secret = unseal(data[SEALED], user_key(create=False), _context(data))
            if not isinstance(secret, dict) or set(secret) != {"seed", "actions"}:
                raise _damaged()
        except RecordError as exc:
            raise RecordError(f"cannot resume {str(path)!r}: {exc}") from None
        data = {name: value for name, value in data.items() if name not in (SEALED, "steps")}
        data.update(secret)
    try:
        record = GameRecord.from_json(data)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    if legacy and reseal:
        try:
            write_save(record, path)
        except OSError as exc:
            raise RecordError(f"cannot resume {str(path)!r}: it is sealed the old way, and rewriting it "
                              f"sealed the new way failed ({exc.strerror}); make the file and its folder "
                              "writable and resume again") from None
    return record


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
