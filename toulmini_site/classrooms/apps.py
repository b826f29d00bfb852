from django.apps import AppConfig


class ClassroomsConfig(AppConfig):
    name = "toulmini_site.classrooms"
    label = "classrooms"
    verbose_name = "Classrooms"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The school implements the platform's school port, which the feature apps call.
        from toulmini_site.classrooms import public
        from toulmini_site.school import school_install

        school_install(public)
