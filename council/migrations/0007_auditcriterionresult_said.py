"""Audit results store the key and parameters of each sentence the offline auditors wrote
(``AuditCriterionResult.said``). The rows stored before keep their English text; their keys
and parameters are read back from it (the catalogue's reverse mapping, lossless for every
template)."""

from django.db import migrations, models

from council.domain.wording import audit_written


def keys_from_english(apps, schema_editor):
    Result = apps.get_model("council", "AuditCriterionResult")
    rows = Result.objects.exclude(reasoning="").only("pk", "reasoning", "evidence")
    for row in rows.iterator(chunk_size=500):
        refs = [str(e.get("source_ref", "")) for e in row.evidence if isinstance(e, dict)]
        said = audit_written(row.reasoning, refs)
        if said:
            Result.objects.filter(pk=row.pk).update(said=said)


class Migration(migrations.Migration):
    dependencies = [
        ("council", "0006_findingdismissal_and_more"),
    ]

    operations = [
        migrations.AddField(
            model_name="auditcriterionresult",
            name="said",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(keys_from_english, migrations.RunPython.noop),
    ]
