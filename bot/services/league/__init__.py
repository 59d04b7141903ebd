"""Leagues: sign-ups, pairings played as ordinary matches in threads of their own, standings
derived from the matches' stored results (``service`` drives them; ``pairing`` and
``standings`` are pure)."""
