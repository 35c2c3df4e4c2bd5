"""What a sandbox child runs, after it narrowed its Landlock layer to its own folders.

- ``pytest``: a version's generated tests, with the database URL of a throwaway schema (the module
  role through the host's relay) as their only setting; output in the run folder's ``pytest.log``.
- ``serve``: a live version's routes, served on the listening socket the host passed, with the
  host's answers (permissions, data scopes, dictionaries) over the channel it passed (gate.py).
- ``exec``: a program (the page builder under node) with the given arguments and environment,
  its output in the run folder's ``output.log``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from loom_apps.sandbox import landlock


def run(task: str, args: dict[str, Any], fds: list[int], base_read: list[str]) -> int:
    """Confines the child to ``args``' folders and runs ``task``; answers the exit code."""
    if args.get("landlock", True):
        landlock.restrict(
            landlock.Rules(
                read=[*base_read, *args.get("read", [])],
                write=list(args.get("write", [])),
                write_files=["/dev/null"],
            )
        )
    os.environ.update({str(k): str(v) for k, v in (args.get("env") or {}).items()})
    tempfile.tempdir = None  # TMPDIR may have changed
    runner = {"pytest": _pytest, "serve": _serve, "exec": _exec}[task]
    return runner(args, fds)


def _output_to(path: Path) -> None:
    log = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)


def _pytest(args: dict[str, Any], _fds: list[int]) -> int:
    back, run_dir = str(args["back"]), Path(args["run"])
    _output_to(run_dir / "pytest.log")
    os.chdir(back)
    sys.path.insert(0, back)
    # only the plugin the generated tests use (every installed one cost seconds per run)
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    import pytest

    options = ["-q", "-p", "no:cacheprovider", "-p", "pytest_asyncio.plugin", "--rootdir", back]
    options += ["--basetemp", str(run_dir / "tmp" / "pytest"), "tests"]
    # the zygote imported the plugin already, so pytest cannot rewrite its asserts (it need not)
    options[:0] = [
        "-W",
        "ignore:Module already imported so cannot be rewritten:pytest.PytestAssertRewriteWarning",
    ]
    code = int(pytest.main(options))
    sys.stdout.flush()
    sys.stderr.flush()
    return code


def _serve(args: dict[str, Any], fds: list[int]) -> int:
    from loom_apps.sandbox import gate

    return gate.serve(args, listen_fd=fds[0], channel_fd=fds[1])


def _exec(args: dict[str, Any], _fds: list[int]) -> int:
    _output_to(Path(args["run"]) / "output.log")
    os.chdir(str(args["cwd"]))
    argv = [str(a) for a in args["argv"]]
    os.execve(argv[0], argv, dict(os.environ))
    return 127  # not reached
