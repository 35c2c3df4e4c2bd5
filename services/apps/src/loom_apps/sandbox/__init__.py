"""The sandbox generated code runs in: its tests, its page build and its routes (docs/sandbox.md).

pool.py (the host's side) starts the zygote (zygote.py), which confines itself (confine.py,
landlock.py) and forks the children that run the tasks (tasks.py: pytest, a page build, a serving
worker — gate.py). A serving worker asks the platform's questions over a channel (channel.py,
platform.py) and reaches PostgreSQL only through the host's relay (relay.py).
"""
