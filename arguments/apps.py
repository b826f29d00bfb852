from django.apps import AppConfig

from arguments.roles import prompts_install


class ArgumentsConfig(AppConfig):
    name = "arguments"
    verbose_name = "Arguments (Toulmin chains)"

    def ready(self) -> None:
        prompts_install()
