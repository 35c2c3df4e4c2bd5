"""The engine inside the service: threads, the PostgreSQL store, reviewers, events, errors."""
