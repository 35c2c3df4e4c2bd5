"""DMN decisions as a service: called alone (Flowable's DMN REST API), their deployed definitions and
the evaluations a process instance made."""
