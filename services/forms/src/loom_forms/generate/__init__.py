"""generate domain."""
