"""``make compose-secrets``: writes ``.env`` for docker compose from ``.env.example``.

Every secret that ``.env.example`` leaves empty gets a random value in the format its reader
expects (a Fernet key for gencode, URL-safe text for passwords that end up inside database URLs);
a value already in ``.env`` is kept, so running it again never changes a password that a database
volume was created with. Settings are copied as the example has them. Standard library only: an
operator needs Python 3 and Docker, nothing else.

    python3 deploy/compose/make_env.py [--env .env] [--example .env.example]
"""

from __future__ import annotations

import argparse
import base64
import os
import secrets
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def fernet_key() -> str:
    """What ``cryptography.fernet.Fernet.generate_key()`` makes: 32 random bytes, URL-safe base64."""
    return base64.urlsafe_b64encode(os.urandom(32)).decode()


def url_safe(length: int) -> Callable[[], str]:
    """A password that needs no quoting in a database URL (hex digits)."""
    return lambda: secrets.token_hex(length)


SECRETS: dict[str, Callable[[], str]] = {
    "LOOM_ADMIN_PASSWORD": lambda: secrets.token_urlsafe(12),
    "LOOM_POSTGRES_PASSWORD": url_safe(24),
    "LOOM_APP_OWNER_PASSWORD": url_safe(24),
    "LOOM_APPS_DB_PASSWORD": url_safe(24),
    "LOOM_APPS_MODULE_PASSWORD": url_safe(24),
    "LOOM_GENCODE_SECRET_KEY": fernet_key,
    "LOOM_DATA_SERVICE_TOKEN": lambda: secrets.token_urlsafe(32),
    "LOOM_WORKFLOW_URL_SIGNING_KEY": lambda: secrets.token_urlsafe(32),
}


def read_env(path: Path) -> dict[str, str]:
    """``KEY=value`` lines of an env file (comments and blank lines skipped)."""
    values: dict[str, str] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            key, sep, value = line.partition("=")
            if sep and not line.lstrip().startswith("#"):
                values[key.strip()] = value.strip()
    return values


def render(example: str, existing: dict[str, str]) -> tuple[str, list[str]]:
    """The example's lines with values filled in; and the names of the secrets generated now."""
    made: list[str] = []
    lines: list[str] = []
    seen: set[str] = set()
    for line in example.splitlines():
        key, sep, default = line.partition("=")
        key = key.strip()
        if not sep or line.lstrip().startswith("#"):
            lines.append(line)
            continue
        seen.add(key)
        value = existing.get(key, "")
        if not value and key in SECRETS:
            value = SECRETS[key]()
            made.append(key)
        lines.append(f"{key}={value or default.strip()}")
    # what an operator added to .env by hand stays there
    extra = [f"{key}={value}" for key, value in existing.items() if key not in seen]
    if extra:
        lines += ["", "# --- kept from the previous .env ---", *extra]
    return "\n".join(lines) + "\n", made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--env", type=Path, default=ROOT / ".env")
    parser.add_argument("--example", type=Path, default=ROOT / ".env.example")
    args = parser.parse_args()
    text, made = render(args.example.read_text(encoding="utf-8"), read_env(args.env))
    missing = [key for key in SECRETS if f"\n{key}=" not in f"\n{text}"]
    if missing:
        print(f"{args.example} lacks {', '.join(missing)}", file=sys.stderr)  # noqa: T201
        return 1
    # the secrets are readable by their owner only
    fd = os.open(args.env, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    os.chmod(args.env, 0o600)
    kept = len(SECRETS) - len(made)
    print(f"{args.env}: {len(made)} secret(s) generated, {kept} kept")  # noqa: T201
    if "LOOM_ADMIN_PASSWORD" in made:
        print("log in as admin with the LOOM_ADMIN_PASSWORD written there")  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
