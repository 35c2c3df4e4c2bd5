"""A sys record family as a resource of the platform's one CRUD (``loom_platform.crud``) whose
domain's service module renders, saves and deletes its records."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from loom_platform.crud import Resource, saving
from loom_sys import announce


def domain_resource(name: str, service: ModuleType, what: str, **declared: Any) -> Resource:
    """The resource ``name`` served by ``service``'s ``render``, ``save`` and ``delete``; its
    messages name the record's kind by the message key ``what``."""
    return Resource(
        name=name,
        render=service.render,
        save=saving(service.save),
        remove=service.delete,
        saved=announce.saved(what),
        deleted=announce.deleted(what),
        **declared,
    )
