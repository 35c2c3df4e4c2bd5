"""Loom forms service: form maker, online form data, process form definitions."""
