"""The forms service: form-maker forms bound to tables, process form definitions and data."""
