"""``MatchService``'s commands by group, each a thin class over ``bot.services.match`` (and the
services beside it): a method names the command, says what it does and hands it to the module that
does it. ``bot.services.matches.MatchService`` puts the groups together."""
