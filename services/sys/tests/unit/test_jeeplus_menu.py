"""One menu for both portals (issue 35): every seeded page opens a screen in the JeePlus client, or
is one of Loom's own pages, declared as such, which the client's test counts apart. A new page whose
href names no view of the client is caught here rather than as an unopened page in the slow
real-client test (e2e/jeeplus-client)."""

from __future__ import annotations

import json
from pathlib import Path

from loom_sys.seed_data import HOME_HREF, PAGES

MENU = json.loads(
    (Path(__file__).parents[4] / "e2e" / "jeeplus-client" / "menu.json").read_text(encoding="utf-8")
)


def view_of(href: str) -> str:
    """The client's view for a menu href: ``views/modules`` + the href without its query."""
    return href.split("?")[0]


def test_every_seeded_page_is_a_client_screen_or_declared_loom_only() -> None:
    # given the client's views and Loom's own pages
    views = set(MENU["clientViews"])
    loom_only = MENU["loomOnly"]

    # when the seeded pages are sorted by what the client can open
    unknown = [
        (name, href)
        for _id, _parent, name, href, *_rest in PAGES
        if view_of(href) not in views and view_of(href) not in loom_only
    ]

    # then none is neither, and the home is the client's dashboard
    assert unknown == []
    assert HOME_HREF in views


def test_loom_only_pages_are_seeded_under_the_names_the_client_test_reports() -> None:
    # given the seeded pages by href
    seeded = {view_of(href): name for _id, _parent, name, href, *_rest in PAGES}

    # then each declared page of Loom's own is seeded, with no screen in the client
    assert {href: seeded.get(href) for href in MENU["loomOnly"]} == MENU["loomOnly"]
    assert not set(MENU["loomOnly"]) & set(MENU["clientViews"])
