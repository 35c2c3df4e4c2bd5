"""data domain."""
