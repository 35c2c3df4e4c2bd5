"""Runtime and history rows, engine events."""
