"""The host's work: record published versions, test them one at a time, serve the live ones.

Any number of replicas run this. A published version reaches one replica (a durable consumer),
which records it; whichever replica claims it (``FOR UPDATE SKIP LOCKED``) runs its tests; every
replica mounts what the database says is live — at once when told by ``loom.apps.module.changed``,
and on a short poll otherwise, so a replica started later serves the live versions by itself.

Generated code never runs in the host: a version's tests, its page build and its routes each run in
the sandbox (sandbox/); the host mounts an app that forwards to the version's worker
(workers.py, proxy.py).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import time
import traceback
from pathlib import Path

from nats.aio.msg import Msg
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_apps.module import builder, files, loader
from loom_apps.module import service as module_service
from loom_apps.module.loader import Loaded
from loom_apps.module.models import AppModuleVersion
from loom_apps.module.mounts import Mounts
from loom_apps.module.runner import TestRun, run_tests
from loom_apps.module.workers import WorkerFailed, Workers
from loom_apps.sandbox.pool import Sandbox
from loom_apps.settings import AppsSettings
from loom_contracts.loom.gencode.v1 import events_pb2 as gencode_events
from loom_platform.db import transaction
from loom_platform.messaging import message_id
from loom_platform.outbox import already_handled

log = logging.getLogger("loom.apps.host")

# a version whose worker would not start is tried again after this long
RETRY_SECONDS = 30.0


class Host:
    """Tests, loads and mounts module versions for one replica."""

    def __init__(
        self,
        settings: AppsSettings,
        sessions: async_sessionmaker[AsyncSession],
        app_engine: AsyncEngine,
        sandbox: Sandbox,
        workers: Workers,
        module_url: str,
        mounts: Mounts | None = None,
    ) -> None:
        self.settings = settings
        self.sessions = sessions
        self.app_engine = app_engine
        self.sandbox = sandbox
        self.workers = workers
        # the module role's URL through the relay: what a version's tests get
        self.module_url = module_url
        self.mounts = mounts or Mounts()
        self._ready: dict[tuple[str, int], Loaded] = {}
        # the remotes built for versions whose tests passed, until their result is recorded
        self._remotes: dict[tuple[str, int], bytes] = {}
        # the live remotes this replica served, unzipped
        self.remote_files = builder.RemoteFiles()
        # versions whose worker would not start here, and when that was
        self._broken: dict[tuple[str, int], float] = {}
        self._wake_tests = asyncio.Event()
        self._wake_sync = asyncio.Event()
        self._stopping = asyncio.Event()
        # One change of the mounts at a time: a sync that read "live" must not mount again what an
        # unpublish took down meanwhile.
        self._mounting = asyncio.Lock()

    async def on_published(self, msg: Msg) -> None:
        """``loom.gencode.module.published``: records the version; the tester picks it up."""
        published = gencode_events.ModulePublished.FromString(msg.data)
        async with self.sessions() as session, transaction(session):
            if await already_handled(session, self.settings.consumer, message_id(msg)):
                return
            await module_service.receive(session, published)
        self._wake_tests.set()

    async def on_table_deleted(self, msg: Msg) -> None:
        """``loom.gencode.table.deleted``: the design is gone, so its module goes offline (rows stay)."""
        changed = gencode_events.RecordChanged.FromString(msg.data)
        async with self.sessions() as session, transaction(session):
            if await already_handled(session, f"{self.settings.consumer}-tables", message_id(msg)):
                return
            names = await module_service.unpublish(session, table_id=changed.id)
        await self.take_offline(names)

    async def take_offline(self, names: list[str]) -> None:
        """Unmounts modules the database no longer calls live."""
        async with self._mounting:
            for name in names:
                gone = self.mounts.unmount(name)
                if gone is not None:
                    await self.workers.stop(gone)

    def on_changed(self, _msg: Msg) -> None:
        """``loom.apps.module.changed`` (any replica's): look at what is live now."""
        self._wake_sync.set()

    def stop(self) -> None:
        self._stopping.set()
        self._wake_tests.set()
        self._wake_sync.set()

    async def _pause(self, event: asyncio.Event) -> None:
        try:
            await asyncio.wait_for(event.wait(), timeout=self.settings.poll_seconds)
        except TimeoutError:
            pass
        event.clear()

    async def test_loop(self) -> None:
        """Claims and tests waiting versions until stopped."""
        try:
            await self.sandbox.start()
        except Exception:
            log.exception("the sandbox did not start; the first run starts it")
        while not self._stopping.is_set():
            try:
                tested = await self.test_next()
            except Exception:
                log.exception("module test round failed")
                tested = False
            if not tested:
                await self._pause(self._wake_tests)

    async def sync_loop(self) -> None:
        """Keeps this replica's mounts equal to the live versions until stopped."""
        while not self._stopping.is_set():
            try:
                await self.sync()
            except Exception:
                log.exception("module sync round failed")
            await self._pause(self._wake_sync)

    async def test_next(self) -> bool:
        """Tests one waiting version; False when none waits."""
        stale = dt.timedelta(seconds=self.settings.test_timeout_seconds * 2 + 60)
        async with self.sessions() as session, transaction(session):
            version = await module_service.claim(session, stale)
        if version is None:
            return False
        run = await self.test(version)
        # Served here before the database says it is live, so no caller sees "live" and a 404.
        async with self._mounting:
            previous = self._mount_ready(version) if run.passed else None
            try:
                async with self.sessions() as session, transaction(session):
                    await module_service.finish(
                        session,
                        version_id=version.id,
                        passed=run.passed,
                        log=run.log,
                        remote=self._remotes.pop((version.name, version.version), b""),
                    )
                    await module_service.prune(session)
            except BaseException:
                if previous is not None:
                    replaced = self.mounts.current(version.name)
                    self.mounts.mount(previous)
                    if replaced is not None and replaced is not previous:
                        await self.workers.stop(replaced, drain=False)
                raise
            await self._drop_ready(version)  # ready but not mounted: a newer version serves
            if previous is not None and previous is not self.mounts.current(version.name):
                await self.workers.stop(previous)
        log.info(
            "module %s version %s: %s", version.name, version.version, "live" if run.passed else "failed"
        )
        self._wake_sync.set()
        return True

    async def test(self, version: AppModuleVersion) -> TestRun:
        """Runs the version's tests against a throwaway schema while its pages build, then starts
        its worker (not yet mounted). A failed build fails the version as a failed test does."""
        try:
            back = self._unpack(version)
            tables = _tables(version)
            run, pages = await asyncio.gather(
                run_tests(
                    self.sandbox,
                    self.app_engine,
                    self.module_url,
                    back,
                    tables,
                    self.settings.test_timeout_seconds,
                ),
                self._build_pages(version),
            )
            log = f"{run.log}\n\n=== pages ({'built' if pages.passed else 'build failed'}) ===\n{pages.log}"
            if not (run.passed and pages.passed):
                return TestRun(False, log)
            try:
                self._ready[(version.name, version.version)] = await self._load(version, back)
            except WorkerFailed as exc:
                return TestRun(False, f"{log}\n\n=== the module could not be loaded ===\n{exc}")
            self._remotes[(version.name, version.version)] = pages.remote
            return TestRun(True, log)
        except Exception:
            return TestRun(False, "the module could not be loaded:\n" + traceback.format_exc()[-20_000:])

    async def _build_pages(self, version: AppModuleVersion) -> builder.Build:
        folder = files.version_folder(self.settings.modules, version.name, version.version)
        front = files.unpack(version.frontend, folder / "front")
        return await builder.build_remote(self.sandbox, self.settings, version.name, front, folder / "remote")

    def _mount_ready(self, version: AppModuleVersion) -> Loaded | None:
        """Mounts a version that passed; answers what served before (None: nothing; the caller
        stops it once the version is recorded live)."""
        loaded = self._ready.pop((version.name, version.version), None)
        if loaded is None:
            return None
        before = self.mounts.current(version.name)
        if before is None or before.version < version.version:
            self.mounts.mount(loaded)
        else:
            self._ready[(version.name, version.version)] = loaded  # a newer one serves: stopped below
        return before

    async def _drop_ready(self, version: AppModuleVersion) -> None:
        loaded = self._ready.pop((version.name, version.version), None)
        if loaded is not None:
            await self.workers.stop(loaded, drain=False)

    def _unpack(self, version: AppModuleVersion) -> Path:
        folder = files.version_folder(self.settings.modules, version.name, version.version)
        back = files.unpack(version.backend, folder / "back")
        loader.ensure_inits(back, version.package, _tables(version))
        return back

    async def _load(self, version: AppModuleVersion, back: Path) -> Loaded:
        return await self.workers.start(
            name=version.name,
            version=version.version,
            back=back,
            package=version.package,
            tables=_tables(version),
            on_exit=self._worker_exited,
        )

    def _worker_exited(self, loaded: Loaded) -> None:
        """A worker ended by itself: its version stops serving here until the next sync restarts it."""
        if self.mounts.current(loaded.name) is loaded:
            self.mounts.unmount(loaded.name)
        self._wake_sync.set()

    async def sync(self) -> None:
        """Mounts each live version not yet served here; unmounts what is no longer live."""
        async with self._mounting:
            await self._sync()

    async def _sync(self) -> None:
        async with self.sessions() as session:
            live = await module_service.live_versions(session)
        wanted = {module.name: version for module, version in live}
        for name in self.mounts.names():
            if name not in wanted:
                gone = self.mounts.unmount(name)
                if gone is not None:
                    await self.workers.stop(gone)
        for name, version in wanted.items():
            key = (name, version.version)
            if self.mounts.version(name) == version.version:
                continue
            if time.monotonic() - self._broken.get(key, -RETRY_SECONDS) < RETRY_SECONDS:
                continue
            try:
                loaded = self._ready.pop(key, None) or await self._load(version, self._unpack(version))
            except Exception:
                log.exception("module %s version %s does not load here", name, version.version)
                self._broken[key] = time.monotonic()
                continue
            self._broken.pop(key, None)
            previous = self.mounts.current(name)
            self.mounts.mount(loaded)
            if previous is not None:
                await self.workers.stop(previous)
            log.info("module %s version %s mounted", name, version.version)


def _tables(version: AppModuleVersion) -> list[str]:
    pages = json.loads(version.pages or "{}")
    return [str(t) for t in pages.get("tables", []) if t]
