"""Moved: the sys directory client is ``loom_contracts.clients.sys_directory``, beside sys's contract.

This name stays only until workflow and forms import the new one; the platform library itself
knows no service.
"""

from loom_contracts.clients.sys_directory import DirectoryClient, directory_access_loader

__all__ = ["DirectoryClient", "directory_access_loader"]
