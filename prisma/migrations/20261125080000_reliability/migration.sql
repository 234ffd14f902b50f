-- The version of the game its latest turn post shows. At start-up the bot posts the current
-- prompt again for every game whose post is behind (a crash between saving and posting).
ALTER TABLE "Game" ADD COLUMN "postedVersion" INTEGER;
-- Games already running were posted by the bot that ran them.
UPDATE "Game" SET "postedVersion" = "version" WHERE "status" <> 'lobby';

-- How long an untouched lobby stays open on this server; null = the bot's default (7 days).
ALTER TABLE "GuildSettings" ADD COLUMN "lobbyExpirySeconds" INTEGER;
