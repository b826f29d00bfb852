"""Background work for the learning platform link (``TASKS_BACKEND`` decides where it runs);
the grade sync's task is ``grades.grade_sync_task``, beside the run it retries."""

from django.tasks import task

from toulmini_site.lti.models import ClassLink
from toulmini_site.lti.services import roster_sync


@task
def roster_sync_task(*, link_id: int) -> str:
    """Read the platform course's roster into its class; returns the error, or "ok"."""
    link = ClassLink.objects.select_related("context__deployment__registration", "classroom").get(
        pk=link_id
    )
    return roster_sync(link=link).roster_error or "ok"
