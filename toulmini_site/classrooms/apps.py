from django.apps import AppConfig


class ClassroomsConfig(AppConfig):
    name = "toulmini_site.classrooms"
    label = "classrooms"
    verbose_name = "Classrooms"
    default_auto_field = "django.db.models.BigAutoField"
