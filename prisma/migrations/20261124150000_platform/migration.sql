-- Per-game server defaults: one row per server and game, the game's options as JSON.
CREATE TABLE "GameDefaults" (
    "guildId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "options" TEXT NOT NULL DEFAULT '{}',
    "turnLimitSeconds" INTEGER,
    "allowComputers" BOOLEAN,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("guildId", "game")
);

-- The round limit was the only per-game default, kept in a column of its own: it becomes an
-- option of FENCE!'s defaults.
INSERT INTO "GameDefaults" ("guildId", "game", "options", "updatedAt")
SELECT "guildId", 'fence', json_object('roundLimit', "defaultRoundLimit"), "updatedAt"
FROM "GuildSettings" WHERE "defaultRoundLimit" IS NOT NULL;

ALTER TABLE "GuildSettings" DROP COLUMN "defaultRoundLimit";

-- Turn timers are per seat (several seats may be waited for at once): a timer is one of each
-- kind per game and seat. -1 marks a timer that is not a seat's.
ALTER TABLE "Timer" ADD COLUMN "seat" INTEGER NOT NULL DEFAULT -1;
DROP INDEX "Timer_gameId_kind_key";
CREATE UNIQUE INDEX "Timer_gameId_kind_seat_key" ON "Timer"("gameId", "kind", "seat");
