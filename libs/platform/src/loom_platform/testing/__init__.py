"""Test support: real PostgreSQL and NATS for every service's tests (never a mock)."""
