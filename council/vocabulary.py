"""The council's values pages show (severities, areas, philosophers, the seeded rubrics and
their criteria). They are stored in English; a page shows each through
``{% translate value %}``, so a rubric a teacher adds in the admin shows as written.
Listing them here with ``gettext_noop`` puts them in the translation catalogue.
"""

from django.utils.translation import gettext_noop

SHOWN_VALUES = (
    # severities (council.domain.critique.schemas.Severity)
    gettext_noop("Low"),
    gettext_noop("Medium"),
    gettext_noop("High"),
    gettext_noop("Critical"),
    # the philosophers and their default areas (council.domain.critique.agents)
    gettext_noop("Aristotle"),
    gettext_noop("Structure"),
    gettext_noop("Clarity"),
    gettext_noop("Principles"),
    gettext_noop("Sufficient reason"),
    gettext_noop("Testability"),
    gettext_noop("Precision"),
    gettext_noop("General"),
    gettext_noop("Consistency"),
    gettext_noop("Evidence"),
    gettext_noop("Fallacy"),
    gettext_noop("Purpose"),
    gettext_noop("Foundations"),
    gettext_noop("Logic"),
    # a run's progress (critique.progress)
    gettext_noop("queued"),
    # the seeded rubrics and their criteria (council.domain.audit.rubrics)
    gettext_noop("Judicial opinion"),
    gettext_noop("Student argument"),
    gettext_noop("Security"),
    gettext_noop("Transparency of reasoning"),
    gettext_noop("Use of evidence and precedent"),
    gettext_noop("Balance and absence of bias"),
    gettext_noop("Claim"),
    gettext_noop("Grounds"),
    gettext_noop("Warrant"),
    gettext_noop("Backing"),
    gettext_noop("Qualifier"),
    gettext_noop("Rebuttal"),
)
