"""The forms seed: a default category so the first process form has somewhere to go."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_forms.category.models import FormCategory

DEFAULT_CATEGORY_ID = "form-category-default"


async def seed(session: AsyncSession) -> None:
    """Writes the default category once."""
    if await session.get(FormCategory, DEFAULT_CATEGORY_ID) is None:
        session.add(FormCategory(id=DEFAULT_CATEGORY_ID, name="默认分类", sort=30, create_by="system"))
        await session.flush()
