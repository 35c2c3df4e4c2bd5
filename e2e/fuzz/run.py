"""Schemathesis against every service's OpenAPI through the real gateway, as a user with every grant.

Run by scripts/e2e.sh after the other end-to-end tests (the fuzzer edits and deletes whatever it
may, so nothing may need the data afterwards) with a short profile, and by ``make fuzz`` with a
long one. Fails on any 5xx. Figures: ``bench/RESULTS.md`` (``make fuzz``).

    python e2e/fuzz/run.py [--examples N] [--max-time S] [--summary FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

PORTAL = os.environ.get("LOOM_PORTAL_URL", "http://127.0.0.1:8080")
ADMIN_PASSWORD = os.environ.get("LOOM_ADMIN_PASSWORD", "")
FUZZ_PASSWORD = "fuzz-" + uuid.uuid4().hex[:12]

# sys last, alone: the fuzzer may rewrite roles and menus, which narrows what it may do afterwards.
# The others run LOOM_FUZZ_PARALLEL at a time (default 2): a run is mostly the fuzzer's own CPU
# (generating cases) and a service's, so two runs share the two cores instead of leaving one idle.
SERVICES = (
    ("workflow", os.environ.get("LOOM_WORKFLOW_HTTP_PORT", "8103")),
    ("gencode", os.environ.get("LOOM_GENCODE_HTTP_PORT", "8102")),
    ("forms", os.environ.get("LOOM_FORMS_HTTP_PORT", "8104")),
    ("apps", os.environ.get("LOOM_APPS_HTTP_PORT", "8105")),
    ("sys", os.environ.get("LOOM_SYS_HTTP_PORT", "8101")),
)
# Calls that end the fuzzer's own session would leave the rest of the run without a token.
EXCLUDED = ("/sys/logout", "/sys/user/savePwd")


def _menu_ids(nodes: list[dict]) -> list[str]:  # type: ignore[type-arg]
    found: list[str] = []
    for node in nodes:
        found += [str(node["id"]), *_menu_ids(node.get("children") or [])]
    return found


def fuzz_user_token() -> str:
    """A user (not admin) whose role holds every menu and button: the fuzzer reaches everything."""
    with httpx.Client(base_url=PORTAL, timeout=30) as portal:
        login = portal.post("/api/sys/login", json={"username": "admin", "password": ADMIN_PASSWORD})
        login.raise_for_status()
        portal.headers["Authorization"] = f"Bearer {login.json()['token']}"
        en_name = f"fuzz_{uuid.uuid4().hex[:8]}"
        menus = _menu_ids(portal.get("/api/sys/menu/authTreeData").json())
        saved = portal.post(
            "/api/sys/role/save", json={"name": en_name, "enName": en_name, "menuIdList": menus}
        )
        saved.raise_for_status()
        role_id = portal.get("/api/sys/role/list", params={"enName": en_name}).json()["records"][0]["id"]
        user = portal.post(
            "/api/sys/user/save",
            json={"loginName": en_name, "name": en_name, "password": FUZZ_PASSWORD, "roleIdList": [role_id]},
        )
        user.raise_for_status()
        token = portal.post("/api/sys/login", json={"username": en_name, "password": FUZZ_PASSWORD})
        token.raise_for_status()
        return str(token.json()["token"])


def run_service(name: str, port: str, token: str, examples: int, max_time: int | None) -> dict[str, object]:
    """One schemathesis run; answers its figures."""
    command = [
        str(Path(sys.executable).parent / "schemathesis"), "run", f"http://127.0.0.1:{port}/openapi.json",
        "--url", f"{PORTAL}/api", "-H", f"Authorization: Bearer {token}",
        "--checks", "not_a_server_error", "--max-examples", str(examples), "--workers", os.environ.get("LOOM_FUZZ_WORKERS", "1"),
        "--request-timeout", "30", "--no-shrink", "--warnings", "off", "--continue-on-failure",
    ]  # fmt: skip
    for path in EXCLUDED:
        command += ["--exclude-path", path]
    if max_time:
        command += ["--max-time", str(max_time)]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    output = done.stdout + done.stderr
    cases = re.search(r"(\d+) generated", output)
    failures = re.search(r"found (\d+) unique failure", output)
    figures = {
        "service": name,
        "exit": done.returncode,
        "cases": int(cases.group(1)) if cases else 0,
        "unique_5xx": int(failures.group(1)) if failures else 0,
        "seconds": round(time.monotonic() - started, 1),
    }
    if done.returncode != 0:
        print(output[-8000:])  # noqa: T201 - a command-line report
    return figures


def _serves_openapi(port: str) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=5).status_code == 200
    except httpx.HTTPError:
        return False


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", type=int, default=int(os.environ.get("LOOM_FUZZ_EXAMPLES", "5")))
    parser.add_argument("--max-time", type=int, default=None, help="seconds per service (repeats fuzzing)")
    parser.add_argument("--summary", type=Path, default=None, help="append the figures as JSON lines")
    args = parser.parse_args()
    token = fuzz_user_token()
    deployed = []
    for name, port in SERVICES:
        if _serves_openapi(port):
            deployed.append((name, port))
        else:
            print(json.dumps({"service": name, "skipped": "no OpenAPI document (not deployed)"}))  # noqa: T201 - a command-line report

    def fuzz(service: tuple[str, str]) -> dict[str, object]:
        figures = run_service(service[0], service[1], token, args.examples, args.max_time)
        print(json.dumps(figures), flush=True)  # noqa: T201 - a command-line report
        return figures

    first, last = [s for s in deployed if s[0] != "sys"], [s for s in deployed if s[0] == "sys"]
    with ThreadPoolExecutor(max_workers=int(os.environ.get("LOOM_FUZZ_PARALLEL", "2"))) as pool:
        results = list(pool.map(fuzz, first))
    results += [fuzz(s) for s in last]
    status = 0
    for figures in results:
        if args.summary:
            with args.summary.open("a") as out:
                out.write(json.dumps(figures) + "\n")
        status |= figures["exit"] != 0
    return status


if __name__ == "__main__":
    raise SystemExit(main())
