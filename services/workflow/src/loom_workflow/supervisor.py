"""The API's processes on one port: uvicorn's supervisor, made to stop promptly.

uvicorn's ``Multiprocess`` checks each worker with a ping answered over a pipe, waiting up to
``timeout_worker_healthcheck`` (60 s here: a worker's start on a busy host takes longer than the 5 s
default). Its signal handlers only queue the signal, and the parent keeps both ends of the pipe, so
when SIGTERM reaches the process group while a ping is pending, the workers stop, the parent waits
out the whole minute for an answer that never comes (no EOF: its own copy of the worker's end is
open), takes the stopped worker for a hung one, starts a replacement, and only then stops. On a
loaded host a ping is pending most of the time, so a replica took longer than its 20 s to stop.

Here a signal stops the supervision at once, a ping is waited for in half-second slices that end
when the worker exits or the supervisor is stopping, and a worker that has not exited
``STOP_SECONDS`` after SIGTERM is killed (uvicorn's join waits forever).
"""

from __future__ import annotations

import logging
import pickle
import signal
import time
from typing import Any

from uvicorn.config import STARTUP_FAILURE
from uvicorn.supervisors.multiprocess import Multiprocess, Process

log = logging.getLogger("uvicorn.error")

# A worker's graceful stop (requests in flight, at most GRACEFUL_SHUTDOWN_SECONDS, then the lifespan's
# shutdown) before it is killed: within Docker's 10 s between SIGTERM and SIGKILL.
STOP_SECONDS = 8.0
_SLICE = 0.5


class Supervisor(Multiprocess):
    """``Multiprocess`` whose stop does not wait on a health ping, nor on a worker forever."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self._stop)

    def _stop(self, sig: int, _frame: Any) -> None:
        log.info("Received %s, exiting.", signal.Signals(sig).name)
        self.should_exit.set()

    def answers(self, process: Process, timeout: float) -> bool:
        """Whether the worker answers a health ping within ``timeout`` (True once stopping: no verdict
        is needed then)."""
        if not process.process.is_alive():
            return False
        deadline = time.monotonic() + timeout
        try:
            process.parent_conn.send(b"ping")
            while not self.should_exit.is_set():
                if process.parent_conn.poll(_SLICE):
                    process.parent_conn.recv()
                    return True
                if not process.process.is_alive() or time.monotonic() > deadline:
                    return False
        except (OSError, EOFError, pickle.UnpicklingError):
            return False
        return True

    def keep_subprocess_alive(self) -> None:
        """uvicorn's, with :meth:`answers` for the ping."""
        for index, process in enumerate(self.processes):
            if self.should_exit.is_set():
                return
            if self.answers(process, self.config.timeout_worker_healthcheck):
                continue
            process.kill()
            process.join()
            if process.exitcode == STARTUP_FAILURE:
                log.error("Child process [%s] failed to start, stopping the parent process.", process.pid)
                self.should_exit.set()
                return
            if self.should_exit.is_set():
                return
            log.info("Child process [%s] died", process.pid)
            replacement = Process(self.config, self.sockets)
            replacement.start()
            self.processes[index] = replacement

    def join_all(self) -> None:
        """Waits for the workers (terminated just before) for ``STOP_SECONDS`` in all, then kills the rest."""
        deadline = time.monotonic() + STOP_SECONDS
        for process in self.processes:
            process.process.join(max(0.0, deadline - time.monotonic()))
        for process in self.processes:
            if process.process.is_alive():
                log.warning("Child process [%s] did not stop in %.0f s: killed", process.pid, STOP_SECONDS)
                process.process.kill()
                process.process.join()
