"""User tasks: start, todo, history, audit and the seed's task operations."""
