"""External tasks: workers fetch and lock the jobs of their topics over REST (Camunda's external-task
API), with credentials of their own; the administrators' list of workers and external tasks."""
