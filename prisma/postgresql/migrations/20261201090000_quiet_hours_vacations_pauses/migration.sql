-- A game paused by a vote of its players (or by its admin): no moves, its turn clocks stopped.
ALTER TABLE "Game" ADD COLUMN "pausedAt" TIMESTAMP(3);

-- Whether a turn clock stops during its player's quiet hours, and during their vacation.
ALTER TABLE "GuildSettings" ADD COLUMN "quietHoursStopClocks" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "GuildSettings" ADD COLUMN "vacationsStopClocks" BOOLEAN NOT NULL DEFAULT true;

-- Each player's own settings (/games me): pings, time zone, quiet hours, vacation, digest.
CREATE TABLE "UserSettings" (
    "userId" TEXT NOT NULL,
    "notify" TEXT NOT NULL DEFAULT 'every',
    "timeZone" TEXT,
    "quietStart" INTEGER,
    "quietEnd" INTEGER,
    "vacationFrom" TIMESTAMP(3),
    "vacationUntil" TIMESTAMP(3),
    "vacationMode" TEXT NOT NULL DEFAULT 'pause',
    "digestAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UserSettings_pkey" PRIMARY KEY ("userId")
);
CREATE INDEX "UserSettings_digestAt_idx" ON "UserSettings"("digestAt");

-- Votes to pause or resume a game, one per player.
CREATE TABLE "PauseVote" (
    "gameId" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "wants" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PauseVote_pkey" PRIMARY KEY ("gameId","userId")
);
ALTER TABLE "PauseVote" ADD CONSTRAINT "PauseVote_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
