"""Flowable form properties (``flowable:formProperty``): the ``/flowable/form/...`` calls."""
