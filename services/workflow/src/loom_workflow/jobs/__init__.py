"""Timers and async continuations: job rows, a scheduler that leases due ones onto a JetStream work
queue, and workers that run them idempotently."""
