"""The match service's parts, each with one job; ``bot.services.matches.MatchService`` is their face."""
