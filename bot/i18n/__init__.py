"""Message catalog: every user-facing string, in English and Dutch."""

from bot.i18n.catalog import Catalog, Msg, catalog, locale_of

__all__ = ["Catalog", "Msg", "catalog", "locale_of"]
