from django.apps import AppConfig


class LlmConfig(AppConfig):
    name = "toulmini_site.llm"
    label = "llm"
    verbose_name = "Language model calls"
