"""A demo coach session for `manage.py demo_data`: the claim step under way with the tutor."""

from __future__ import annotations

from coach import services
from coach.models import CoachSession
from toulmini_site.users import User

DEMO_TOPIC = "Should schools ban phones during lessons?"
DEMO_CLAIM = "Schools should ban phones during lessons"


def coach_demo_create(*, owner: User) -> int:
    """Create the demo session unless it exists; return how many sessions were made."""
    if CoachSession.objects.filter(owner=owner, topic=DEMO_TOPIC).exists():
        return 0
    session = services.session_create(owner=owner, topic=DEMO_TOPIC, language="en")
    services.turn_run(session=session, user=owner, message=DEMO_CLAIM)
    return 1
