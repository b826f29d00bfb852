from django.apps import AppConfig


class LtiConfig(AppConfig):
    name = "toulmini_site.lti"
    label = "lti"
    verbose_name = "Learning platforms (LTI 1.3)"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Returned work's grade goes to the platform: the school announces, lti listens.
        from toulmini_site.classrooms.signals import submission_returned
        from toulmini_site.lti import public

        submission_returned.connect(public.submission_returned, dispatch_uid="lti-grade-sync")
