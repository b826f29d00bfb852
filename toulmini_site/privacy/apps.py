from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    name = "toulmini_site.privacy"
    label = "privacy"
    verbose_name = "Privacy: data export, deletion, access log"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A teacher's look at students' work is logged: the school announces, privacy listens.
        from toulmini_site.classrooms import signals
        from toulmini_site.privacy import public

        signals.submission_opened.connect(public.on_submission_opened, dispatch_uid="privacy-open")
        signals.submissions_exported.connect(
            public.on_submissions_exported, dispatch_uid="privacy-export"
        )
