"""make domain."""
