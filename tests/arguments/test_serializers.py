"""The chain's JSON is built directly (fast), and is exactly what DRF's generated fields give."""

from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework import serializers

from arguments.models import Chain
from arguments.serializers import ChainSerializer
from arguments.services import chain_run
from tests.arguments.factories import make_chain


class GeneratedSerializer(serializers.ModelSerializer):
    class Meta:
        model = Chain
        fields = ChainSerializer.Meta.fields


@pytest.mark.django_db
@pytest.mark.parametrize("reviewed", [False, True])
def test_the_chain_json_is_what_drfs_generated_fields_give(owner, reviewed):
    chain = chain_run(chain=make_chain(owner), until="end")
    if reviewed:
        chain.review_status, chain.review_note = Chain.Review.OVERTURNED, "No."
        chain.reviewed_at = timezone.now()

    fast = ChainSerializer(chain).data

    assert list(fast) == list(ChainSerializer.Meta.fields)
    assert dict(fast) == dict(GeneratedSerializer(chain).data)
