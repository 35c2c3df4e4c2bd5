"""Typed clients of the services' gRPC contracts (hand-written, beside the generated code)."""
