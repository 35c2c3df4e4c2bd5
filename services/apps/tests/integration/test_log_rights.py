"""A module's test log shows what its code printed: it is for the user who generated the version and
the administrator, not for everyone who may see the generator's list."""

from __future__ import annotations

import uuid

from ..conftest import CLERK, GENCODE_PERMISSIONS
from ..factories import column, design_and_sync, generate, table

DESIGNER = "designer"


async def test_only_the_generator_and_the_administrator_read_a_modules_log(env):
    # given a module a designer generated, and a clerk who may see the generator's list
    env.grant(DESIGNER, *GENCODE_PERMISSIONS)
    env.grant(CLERK, "gencode:genTable:view")
    name = f"log_{uuid.uuid4().hex[:6]}"
    module = f"l{uuid.uuid4().hex[:6]}"
    table_id = await design_and_sync(env, table(name, column("title", "varchar(20)")))
    assert (await generate(env, table_id, module, user=DESIGNER)).status_code == 200
    await env.wait_for(f"{module}/{name}")

    async def read(user: str, lang: str | None = None):
        params = {"name": f"{module}/{name}"}
        return await env.apps.get("/apps/module/log", params=params, headers=env.headers(user, lang))

    # when the clerk asks for its log, then it is refused, saying why in the user's language
    refused = await read(CLERK)
    assert refused.status_code == 403 and "只有生成模块" in refused.json()["msg"], refused.text
    refused_en = await read(CLERK, "en-US")
    assert "Only the user who generated" in refused_en.json()["msg"]
    # and the designer who generated it and the administrator read it
    for user in (DESIGNER, "admin"):
        answer = await read(user)
        assert answer.status_code == 200 and " passed" in answer.json()["log"], (user, answer.text)
