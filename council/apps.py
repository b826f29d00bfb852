from django.apps import AppConfig


class CouncilConfig(AppConfig):
    name = "council"

    def ready(self) -> None:
        from council.audit_offline import offline_register as audit_offline_register

        audit_offline_register()

        from council.domain.critique.offline import register as critique_offline_register

        critique_offline_register()
