from django.apps import AppConfig
from django.conf import settings

from arguments.offline import prompts_install
from toulmini_site.text.encoder import configure as encoder_configure


class ArgumentsConfig(AppConfig):
    name = "arguments"
    verbose_name = "Arguments (Toulmin chains)"

    def ready(self) -> None:
        prompts_install()
        # The sentence encoder reads its files from TEXT_ENCODER_DIR when it is set.
        encoder_configure(settings.TEXT_ENCODER_DIR or None)
