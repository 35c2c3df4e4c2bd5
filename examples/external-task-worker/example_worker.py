"""An example worker: ships orders (topic ``shipping``).

    export LOOM_URL=http://127.0.0.1:8080/api LOOM_WORKER_TOKEN=lwk_...
    python examples/external-task-worker/example_worker.py

An order whose ``stock`` variable is 0 or less throws the BPMN error ``NO_STOCK`` (an error boundary
event on the task takes the process to restocking); one whose ``carrier`` is ``down`` fails (retried,
then an incident); any other is completed with a ``trackingNumber``. ``--once`` handles the tasks of
one poll and exits (tests)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from loom_worker import BpmnError, ExternalTaskClient, LockedTask  # noqa: E402


def ship(task: LockedTask) -> dict[str, object]:
    """Ships one order."""
    stock = task.variables.get("stock", 1)
    if isinstance(stock, int | float) and stock <= 0:
        raise BpmnError("NO_STOCK", f"order {task.business_key or task.process_instance_id}: out of stock")
    if task.variables.get("carrier") == "down":
        raise RuntimeError("the carrier does not answer")
    return {"trackingNumber": f"TRK-{task.process_instance_id[:8]}", "shippedBy": "example-worker"}


def main() -> None:
    """Runs the worker until interrupted (or, with --once, for one poll)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("LOOM_URL", "http://127.0.0.1:8080/api"))
    parser.add_argument("--topic", default="shipping")
    parser.add_argument("--once", action="store_true", help="handle the tasks of one poll, then exit")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    client = ExternalTaskClient(
        args.url,
        token=os.environ["LOOM_WORKER_TOKEN"],
        wait_ms=5_000 if args.once else 20_000,
        retry_timeout_ms=1_000,
    )
    client.subscribe(args.topic)(ship)
    try:
        if args.once:
            for task in client.fetch_and_lock({args.topic: 60_000}):
                client.handle(task)
        else:
            client.run()
    finally:
        client.close()


if __name__ == "__main__":
    main()
