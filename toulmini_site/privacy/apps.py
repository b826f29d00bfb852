from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    name = "toulmini_site.privacy"
    label = "privacy"
    verbose_name = "Privacy: data export, deletion, access log"
    default_auto_field = "django.db.models.BigAutoField"
