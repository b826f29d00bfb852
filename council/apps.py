from django.apps import AppConfig


class CouncilConfig(AppConfig):
    name = "council"
