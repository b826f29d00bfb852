"""A demo critique and a demo audit for `manage.py demo_data` (run by the offline engines)."""

from __future__ import annotations

from council.models import Audit, Critique
from council.services.audit import audit_create
from council.services.critique import critique_create
from toulmini_site.users import User

DEMO_CRITIQUE_TITLE = "Remote work and productivity (demo)"
DEMO_CRITIQUE_TEXT = """\
Remote work is obviously better for everyone. Every company that tried it saw productivity \
rise, and workers are always happier at home. Studies show that offices are a waste of money.

Managers who oppose remote work simply want control. We must therefore require every company \
to let its staff work from home, because it is the right thing to do. Some people say \
collaboration suffers, but that is clearly wrong.

In the long run, the future of work will be remote, and nothing can change that."""

DEMO_AUDIT_CASE = "DEMO-2026-17"
DEMO_AUDIT_TEXT = """\
The appellant, Smith, appeals the judgment of the District Court. The trial court held that \
the contract was void because the signature was forged. We affirm.

The appellant argues that the expert testimony was inadmissible. However, in Daubert v. \
Merrell Dow, 509 U.S. 579 (1993), the Supreme Court held that trial judges act as \
gatekeepers. Therefore the admission was within the court's discretion.

The respondent's account number 4417 1234 5678 9113 was shown to the jury. The child, Emma \
Johnson, testified about the signing."""


def council_demo_create(*, owner: User) -> int:
    """Create the demo critique and audit unless they exist; return how many were made.

    With the immediate task backend they run at once; with the database backend they wait
    for the worker that `make run` starts.
    """
    made = 0
    if not Critique.objects.filter(owner=owner, title=DEMO_CRITIQUE_TITLE).exists():
        critique_create(owner=owner, title=DEMO_CRITIQUE_TITLE, text=DEMO_CRITIQUE_TEXT)
        made += 1
    if not Audit.objects.filter(owner=owner, case_id=DEMO_AUDIT_CASE).exists():
        audit_create(
            owner=owner,
            text=DEMO_AUDIT_TEXT,
            case_id=DEMO_AUDIT_CASE,
            court_name="Court of Appeal (demo)",
        )
        made += 1
    return made
