-- Who may open a lobby on a server (anyone, members with a chosen role, Manage Server only) and
-- who may abort a game (its host or Manage Channels, or Manage Server only): /games settings.
ALTER TABLE "GuildSettings" ADD COLUMN "startPolicy" TEXT NOT NULL DEFAULT 'anyone';
ALTER TABLE "GuildSettings" ADD COLUMN "startRoleId" TEXT;
ALTER TABLE "GuildSettings" ADD COLUMN "abortPolicy" TEXT NOT NULL DEFAULT 'host';

-- The seats that won a finished game (JSON array of seat indexes), written the first time the
-- server's stats need it: the game's own record of its ending stays in "outcome".
ALTER TABLE "Game" ADD COLUMN "winners" TEXT;
