from django.apps import AppConfig


class LtiConfig(AppConfig):
    name = "toulmini_site.lti"
    label = "lti"
    verbose_name = "Learning platforms (LTI 1.3)"
    default_auto_field = "django.db.models.BigAutoField"
