"""Pure pictures: a game's view model -> PNG bytes.

Nothing here does I/O, talks to Discord or touches storage; the only font comes bundled
with Pillow (``ImageFont.load_default``), so the output does not depend on the machine.
Each game has its own module (``render.heroes_cities``); ``render.common`` holds the
drawing helpers they share.
"""
