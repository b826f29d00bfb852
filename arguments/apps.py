from django.apps import AppConfig


class ArgumentsConfig(AppConfig):
    name = "arguments"
