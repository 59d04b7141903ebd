-- Leagues of teams (Axis & Allies, two a side): each sign-up's team, set by an organizer before
-- the start or, for those left without one, by sign-up order when the league starts. NULL: no
-- team (yet), and every sign-up of a league of single players.
ALTER TABLE league_entries ADD COLUMN team INTEGER;
