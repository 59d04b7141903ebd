"""Pure pictures: a game's view model -> PNG bytes.

Nothing here does I/O, talks to Discord or touches storage; the only font is Noto Sans,
installed from PyPI with the project (``fontpkg-noto-sans``: Latin, Greek, Cyrillic), never
read from the system, so the output does not depend on the machine.
Each game has its own module (``render.heroes_cities``); ``render.common`` holds the
drawing helpers they share.
"""
