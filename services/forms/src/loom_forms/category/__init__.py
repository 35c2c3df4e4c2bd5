"""category domain."""
