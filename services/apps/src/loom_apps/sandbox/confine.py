"""How the sandbox's first process (the zygote) confines itself before any generated code exists.

The host decides a :class:`Plan` and the zygote applies it, in this order, keeping what works:

1. **Namespaces** — a mount namespace whose root is a fresh tmpfs holding only what the plan names
   (the system's and the interpreter's folders, the code, the page builder, the module store): no
   state directory, no home, no other checkout, and no Unix socket but the host's database relay
   (a server's own socket, even one that trusts local users, is simply not there); and a network
   namespace without any interface: no TCP, no UDP, no NATS, no gRPC. As root this needs nothing
   more; otherwise a user namespace comes first (where the kernel allows unprivileged ones).
2. **The unprivileged user** — as root, the zygote becomes the sandbox user (``nobody`` by default),
   with no supplementary group, before anything is imported; otherwise it keeps its uid and drops
   every capability the user namespace gave it.
3. **Landlock** — read and run the system, the interpreter and the code paths; write only in the
   module store (each child narrows that to its own folders); no TCP; no signal to the host.

Each step that the kernel refuses is reported (``layers``) and the next still applies.
"""

from __future__ import annotations

import ctypes
import os
import stat
from dataclasses import asdict, dataclass, field
from typing import Any

from loom_apps.sandbox import landlock

_CLONE_NEWNS, _CLONE_NEWNET, _CLONE_NEWUSER = 0x00020000, 0x40000000, 0x10000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_REMOUNT = 1, 2, 4, 32
_MS_BIND, _MS_REC, _MS_PRIVATE = 4096, 1 << 14, 1 << 18
_MNT_DETACH = 2
_SYS_CAPSET = {"x86_64": 126, "aarch64": 91}
_SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}


@dataclass
class Plan:
    """What the zygote does to itself (sent by the host as JSON)."""

    # the sandbox user (root only): drop to these ids; None keeps the current user
    uid: int | None = None
    gid: int | None = None
    # an empty directory to build the new root on (the mount namespace's only view of the disk)
    view: str = ""
    namespaces: bool = True
    landlock: bool = True
    read: list[str] = field(default_factory=list)
    write: list[str] = field(default_factory=list)
    # symbolic links to recreate in the new root (``/bin`` → ``usr/bin`` on a merged-/usr system)
    links: list[list[str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Plan:
        return cls(**data)


def _libc() -> ctypes.CDLL:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc


def _check(result: int, what: str) -> int:
    if result < 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{what}: {os.strerror(errno)}")
    return result


def _enter_namespaces(libc: ctypes.CDLL) -> str:
    uid, gid = os.getuid(), os.getgid()
    flags = _CLONE_NEWNS | _CLONE_NEWNET
    if uid != 0:
        flags |= _CLONE_NEWUSER
    _check(libc.unshare(flags), "unshare")
    if uid != 0:
        # the same ids inside: files keep their owners, and nothing maps to root
        with open("/proc/self/setgroups", "w") as handle:
            handle.write("deny")
        with open("/proc/self/uid_map", "w") as handle:
            handle.write(f"{uid} {uid} 1")
        with open("/proc/self/gid_map", "w") as handle:
            handle.write(f"{gid} {gid} 1")
    # nothing mounted here reaches the host's mount table
    _check(libc.mount(None, b"/", None, _MS_REC | _MS_PRIVATE, None), "mount --make-rprivate /")
    return "user+mount+network" if uid != 0 else "mount+network"


def _bind(libc: ctypes.CDLL, source: str, target: str, *, read_only: bool) -> None:
    if os.path.isdir(source):
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "a"):
            pass
    _check(libc.mount(source.encode(), target.encode(), None, _MS_BIND | _MS_REC, None), f"bind {source}")
    if read_only:  # best effort: Landlock and the owners' modes refuse writes anyway
        libc.mount(None, target.encode(), None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY, None)


def _outermost(paths: list[str]) -> list[str]:
    found = sorted(p for p in dict.fromkeys(paths) if os.path.exists(p))
    return [p for p in found if not any(p != o and p.startswith(o.rstrip("/") + "/") for o in found)]


def _new_root(libc: ctypes.CDLL, plan: Plan) -> None:
    """Makes a tmpfs holding only the plan's paths this process's root (``pivot_root``)."""
    number = _SYS_PIVOT_ROOT.get(os.uname().machine)
    if number is None or not plan.view:
        raise OSError(0, "no pivot_root here")
    root = plan.view
    _check(
        libc.mount(b"tmpfs", root.encode(), b"tmpfs", _MS_NOSUID | _MS_NODEV, b"mode=0755,size=4m"), "tmpfs"
    )
    writable = _outermost(plan.write)
    for path in _outermost(plan.read):
        if not any(path == w or path.startswith(w.rstrip("/") + "/") for w in writable):
            _bind(libc, path, root + path, read_only=True)
    for path in writable:
        _bind(libc, path, root + path, read_only=False)
    for link, target in plan.links:
        if not os.path.lexists(root + link):
            os.makedirs(os.path.dirname(root + link), exist_ok=True)
            os.symlink(target, root + link)
    os.makedirs(root + "/tmp", exist_ok=True)
    os.chdir(root)
    _check(libc.syscall(number, b".", b"."), "pivot_root")
    _check(libc.umount2(b".", _MNT_DETACH), "umount the old root")
    os.chdir("/")


def reachable(path: str, uid: int, gid: int) -> bool:
    """Whether ``uid``/``gid`` (no other group) may pass through every directory above ``path``."""
    current = os.path.dirname(os.path.abspath(path))
    while True:
        try:
            info = os.stat(current)
        except OSError:
            return False
        bit = stat.S_IXUSR if info.st_uid == uid else stat.S_IXGRP if info.st_gid == gid else stat.S_IXOTH
        if not info.st_mode & bit:
            return False
        parent = os.path.dirname(current)
        if parent == current:
            return True
        current = parent


def _drop_user(uid: int, gid: int) -> None:
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)


def _drop_capabilities(libc: ctypes.CDLL, *, root: bool = False) -> None:
    """Clears the capabilities a user namespace gave (they would be the namespace's root's); as
    root, also locks the securebits so that no exec gives them back."""
    if root:
        # SECBIT_NOROOT, SECBIT_NO_SETUID_FIXUP and SECBIT_KEEP_CAPS off, each locked
        _check(libc.prctl(28, 0b101111, 0, 0, 0), "PR_SET_SECUREBITS")
    number = _SYS_CAPSET.get(os.uname().machine)
    if number is None:
        return
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = (ctypes.c_uint32 * 6)()
    _check(libc.syscall(number, ctypes.byref(header), ctypes.byref(data)), "capset")


def apply(plan: Plan) -> dict[str, str]:
    """Confines this process as planned; answers each layer and how it went."""
    libc = _libc()
    layers: dict[str, str] = {}
    in_user_namespace = False
    if plan.namespaces:
        try:
            layers["namespaces"] = _enter_namespaces(libc)
            in_user_namespace = os.getuid() != 0
            _new_root(libc, plan)
            layers["view"] = (
                f"{len(_outermost(plan.read))} folders read, {len(_outermost(plan.write))} written"
            )
        except OSError as exc:
            layers.setdefault("namespaces", "unavailable")
            layers["view"] = f"unavailable ({exc})"
    if plan.uid is not None and plan.gid is not None:
        needed = [p for p in plan.read if os.path.exists(p)]
        blocked = [p for p in needed if not reachable(p, plan.uid, plan.gid)]
        if blocked:
            _drop_capabilities(libc, root=True)
            layers["user"] = (
                f"kept uid {os.getuid()} without capabilities ({blocked[0]} is out of the sandbox user's reach)"
            )
        else:
            _drop_user(plan.uid, plan.gid)
            layers["user"] = f"uid {plan.uid}, gid {plan.gid}"
    elif in_user_namespace:
        _drop_capabilities(libc)
        layers["user"] = f"uid {os.getuid()} without capabilities"
    if plan.landlock:
        try:
            version = landlock.restrict(
                landlock.Rules(read=plan.read, write=plan.write, write_files=["/dev/null"])
            )
            layers["landlock"] = f"ABI {version}" if version else "unavailable"
        except OSError as exc:
            layers["landlock"] = f"unavailable ({exc})"
    return layers
