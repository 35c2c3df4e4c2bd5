"""Incidents: jobs out of retries (a timer, an asynchronous step, an HTTP call, an external task), shown
in the monitor with their error and retried from there."""
