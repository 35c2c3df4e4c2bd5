"""Generated modules: their versions, states, tests and what serves them."""
