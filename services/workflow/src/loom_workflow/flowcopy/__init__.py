"""抄送 (copies): an instance copied to users at a node, listed for each receiver, marked read."""
