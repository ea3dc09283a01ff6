"""What the tests share: random walks, tampering and fuzzing, per-game position helpers, the
reference implementations the fast paths are checked against, and server and browser fixtures."""
