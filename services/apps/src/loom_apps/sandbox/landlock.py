"""Landlock (Linux ≥ 5.13) through ctypes: an unprivileged process takes away its own access.

A ruleset names the accesses it handles; each rule gives some of them back beneath a path. Once
restricted, the process and every child it forks or execs keep the restriction, and can only narrow
it further (a child adds a layer of its own). What this module asks of the kernel, by ABI version:

- 1: files — read, write, execute, list, create and remove beneath the allowed paths only;
- 2, 3: renaming across directories and truncating, likewise;
- 4: TCP — no ``connect`` or ``bind`` at all (the sandbox reaches PostgreSQL through a Unix socket);
- 6: no signal to, and no abstract Unix socket of, a process outside the sandbox.

Landlock also keeps a restricted process from ptrace-ing (or reading ``/proc/<pid>/environ`` and
``mem`` of) any process outside its domain, whatever the uids.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Iterable
from dataclasses import dataclass, field

_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
REMOVE_DIR, REMOVE_FILE, MAKE_CHAR, MAKE_DIR = 1 << 4, 1 << 5, 1 << 6, 1 << 7
MAKE_REG, MAKE_SOCK, MAKE_FIFO, MAKE_BLOCK, MAKE_SYM = 1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12
REFER, TRUNCATE = 1 << 13, 1 << 14
NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1

READ = READ_FILE | READ_DIR | EXECUTE
# what a file (not a directory) can be granted
FILE_ACCESS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE


def _fs_accesses(abi: int) -> int:
    handled = (1 << 13) - 1  # ABI 1: EXECUTE … MAKE_SYM
    if abi >= 2:
        handled |= REFER
    if abi >= 3:
        handled |= TRUNCATE
    return handled


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _libc() -> ctypes.CDLL:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc


def abi() -> int:
    """The kernel's Landlock ABI version; 0 when it has none (or it is disabled)."""
    try:
        version = _libc().syscall(_SYS_CREATE_RULESET, None, ctypes.c_size_t(0), _CREATE_RULESET_VERSION)
    except (OSError, AttributeError):
        return 0
    return max(int(version), 0)


@dataclass
class Rules:
    """What a layer allows: paths to read (and run), paths to read and write, and nothing more."""

    read: list[str] = field(default_factory=list)
    write: list[str] = field(default_factory=list)
    # files (such as /dev/null) that may be written, not created or removed
    write_files: list[str] = field(default_factory=list)


def restrict(rules: Rules, abi_version: int | None = None) -> int:
    """Adds a Landlock layer to this process (and its future children); answers the ABI used, 0
    when the kernel offers none (nothing done). Missing paths are skipped."""
    version = abi() if abi_version is None else abi_version
    if version < 1:
        return 0
    libc = _libc()
    handled = _fs_accesses(version)
    attr = _RulesetAttr(handled_access_fs=handled)
    size = 8
    if version >= 4:
        attr.handled_access_net, size = NET_BIND_TCP | NET_CONNECT_TCP, 16
    if version >= 6:
        attr.scoped, size = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL, 24
    ruleset = libc.syscall(_SYS_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0)
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    try:
        _allow(libc, ruleset, rules.read, READ & handled)
        _allow(libc, ruleset, rules.write, handled)
        _allow(libc, ruleset, rules.write_files, (READ_FILE | WRITE_FILE) & handled)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "PR_SET_NO_NEW_PRIVS failed")
        if libc.syscall(_SYS_RESTRICT_SELF, ruleset, 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(ruleset)
    return version


def _allow(libc: ctypes.CDLL, ruleset: int, paths: Iterable[str], access: int) -> None:
    for path in dict.fromkeys(paths):
        try:
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            allowed = access if os.path.isdir(path) else access & FILE_ACCESS
            rule = _PathBeneath(allowed_access=allowed, parent_fd=fd)
            if libc.syscall(_SYS_ADD_RULE, ruleset, _RULE_PATH_BENEATH, ctypes.byref(rule), 0) != 0:
                raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
        finally:
            os.close(fd)
