"""The form validators as data (validators.json), shared by the forms service and the renderer."""
