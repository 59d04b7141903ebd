-- A league's round line ("round N is paired") and each pairing's opening in its thread (the
-- match's intro and starting board) are noted, told, then marked told, as its results are: the
-- round line is noted by the pairings it names and marked by the round's first pairing's
-- ``round_told_at``; the opening is noted by ``match_id`` and marked by ``opening_told_at``.
ALTER TABLE league_pairings ADD COLUMN round_told_at TIMESTAMPTZ;
ALTER TABLE league_pairings ADD COLUMN opening_told_at TIMESTAMPTZ;
-- What an older bot paired and opened it told then (after its step): told, not to be told again.
UPDATE league_pairings SET round_told_at = created_at;
UPDATE league_pairings SET opening_told_at = created_at WHERE match_id IS NOT NULL;
