"""Critiques and audits store the key and parameters of each sentence the offline council wrote
(``Critique.said``: findings, notes, the assessment, the error; ``Audit.said``: the error; an
audit result's errors join its ``said``). The rows stored before keep their English text; their
keys and parameters are read back from it (the catalogues' reverse mapping, lossless for every
template)."""

from django.db import migrations, models

from council.said import critique_written, errors_written


def keys_from_english(apps, schema_editor):
    Critique = apps.get_model("council", "Critique")
    fields = ("pk", "trees", "adjustments", "result", "progress", "error")
    for row in Critique.objects.only(*fields).iterator(chunk_size=200):
        said = critique_written(
            trees=row.trees,
            adjustments=row.adjustments,
            result=row.result,
            progress=row.progress,
            error=row.error,
        )
        if said:
            Critique.objects.filter(pk=row.pk).update(said=said)
    Audit = apps.get_model("council", "Audit")
    for row in Audit.objects.exclude(error="").only("pk", "error").iterator(chunk_size=500):
        if said := errors_written(row.error):
            Audit.objects.filter(pk=row.pk).update(said=said)
    Result = apps.get_model("council", "AuditCriterionResult")
    rows = Result.objects.exclude(error="").only("pk", "error", "said")
    for row in rows.iterator(chunk_size=500):
        if said := errors_written(row.error):
            Result.objects.filter(pk=row.pk).update(said={**row.said, **said})


class Migration(migrations.Migration):
    dependencies = [
        ("council", "0007_auditcriterionresult_said"),
    ]

    operations = [
        migrations.AddField(
            model_name="critique",
            name="said",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="audit",
            name="said",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(keys_from_english, migrations.RunPython.noop),
    ]
