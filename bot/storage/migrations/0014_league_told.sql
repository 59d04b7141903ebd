-- A league's announcements are noted, then told, then marked told: a pairing's result is noted by
-- ``reported_at`` and marked by ``told_at``; the league's end is noted by its status 'finished'
-- and marked by ``leagues.told_at``. A bot that dies between the note and the mark finds the
-- noted, untold announcements at its restart and tells them then (with the same message nonce,
-- so Discord does not show one twice).
ALTER TABLE league_pairings ADD COLUMN told_at REAL;
ALTER TABLE leagues ADD COLUMN told_at REAL;
-- What an older bot reported it told then (it marked before the post): told, not to be told again.
-- A league's end has no time of its own stored; its creation stands in.
UPDATE league_pairings SET told_at = reported_at WHERE reported_at IS NOT NULL;
UPDATE leagues SET told_at = created_at WHERE status = 'finished';
