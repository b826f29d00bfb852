"""The audit's background task, under the name tasks already queued were stored with.

The task lives beside the service it runs (``council.services.audit``): the service
enqueues it, so the two modules no longer import each other."""

from council.services.audit import audit_run_task

__all__ = ["audit_run_task"]
