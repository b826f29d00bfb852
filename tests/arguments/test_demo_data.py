import pytest
from django.core.management import call_command

from arguments.models import Chain

pytestmark = pytest.mark.django_db


def test_demo_data_reaches_every_end_and_is_idempotent():
    call_command("demo_data")
    first = Chain.objects.count()
    call_command("demo_data")
    assert Chain.objects.count() == first == 6
    statuses = set(Chain.objects.values_list("verdict_status", flat=True))
    assert {"sustained", "overruled", "remanded"} <= statuses
    assert Chain.objects.filter(status="terminated").count() == 2
    assert Chain.objects.filter(engine="manual", status="in_progress").count() == 1
