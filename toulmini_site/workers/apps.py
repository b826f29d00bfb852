from django.apps import AppConfig


class WorkersConfig(AppConfig):
    name = "toulmini_site.workers"
    label = "workers"
    verbose_name = "Task workers"
