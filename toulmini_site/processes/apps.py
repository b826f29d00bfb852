from django.apps import AppConfig


class ProcessesConfig(AppConfig):
    name = "toulmini_site.processes"
    label = "processes"
    verbose_name = "Server processes"
