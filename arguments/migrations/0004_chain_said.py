"""Chains store the key and parameters of each sentence the offline engines wrote
(``Chain.said``). The rows stored before keep their English text; their keys and parameters
are read back from it (the catalogue's reverse mapping, lossless for every template)."""

from django.db import migrations, models

from arguments.domain.wording import written

FIELDS = (
    "data", "claim", "warrant", "backing", "rebuttal", "qualifier", "verdict",
    "termination_reason", "warnings",
)  # fmt: skip


def keys_from_english(apps, schema_editor):
    Chain = apps.get_model("arguments", "Chain")
    for chain in Chain.objects.only("pk", *FIELDS).iterator(chunk_size=500):
        said = written({name: getattr(chain, name) for name in FIELDS})
        if said:
            Chain.objects.filter(pk=chain.pk).update(said=said)


class Migration(migrations.Migration):
    dependencies = [
        ("arguments", "0003_chain_claim_candidates_chain_claim_confidence_and_more"),
    ]

    operations = [
        migrations.AddField(
            model_name="chain",
            name="said",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(keys_from_english, migrations.RunPython.noop),
    ]
