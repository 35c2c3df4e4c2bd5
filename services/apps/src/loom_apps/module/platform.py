"""The platform the host gives its modules (``loom_platform.modules``): sys's answers over gRPC."""

from __future__ import annotations

from collections.abc import Sequence

from loom_contracts.clients.sys_directory import DirectoryClient
from loom_platform.datarules import DataAccess


class SysPlatform:
    """Data access and dictionary labels from sys."""

    def __init__(self, directory: DirectoryClient) -> None:
        self.directory = directory

    async def data_access(self, user_id: str, permission: str) -> DataAccess:
        return await self.directory.data_access(user_id, permission=permission)

    async def dict_labels(self, types: Sequence[str]) -> dict[str, dict[str, str]]:
        if not types:
            return {}
        found = await self.directory.dict_map(types)
        return {name: {v.value: v.label for v in values} for name, values in found.items()}
