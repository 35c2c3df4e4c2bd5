"""Process definitions and instances: lists, suspend/activate, revoke, stop, delete, flow chart."""
