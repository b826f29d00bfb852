"""The critique's background task, under the name tasks already queued were stored with.

The task lives beside the service it runs (``council.services.critique``): the service
enqueues it, so the two modules no longer import each other."""

from council.services.critique import critique_run_task

__all__ = ["critique_run_task"]
