"""definition domain."""
