"""Node extensions: common buttons, expressions and listeners; per-node buttons, reviewers,
conditions (task definition extensions) and node settings."""
