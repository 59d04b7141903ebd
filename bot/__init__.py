"""The application: services, storage, and the Discord and console adapters."""
