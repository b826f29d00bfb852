"""Seed the audit rubrics ("Judicial opinion", "Student argument"); see services.rubrics_seed."""

from django.db import migrations


def seed(apps, schema_editor):
    from council.services.audit import rubrics_seed

    rubrics_seed(
        rubric_model=apps.get_model("council", "Rubric"),
        criterion_model=apps.get_model("council", "RubricCriterion"),
    )


class Migration(migrations.Migration):
    dependencies = [("council", "0001_audit")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
