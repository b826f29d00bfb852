from django.apps import AppConfig


class CouncilConfig(AppConfig):
    name = "council"

    def ready(self) -> None:
        from council.services.offline import offline_register

        offline_register()
