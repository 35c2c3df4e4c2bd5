"""Process diagrams as images (the chart of a definition, the trace of an instance); the short-lived
signed URLs that let ``<img src>`` and ``window.open`` load them without the token header are
``signedurl/``'s (the models' downloads use them too)."""
