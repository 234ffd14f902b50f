-- CreateTable
CREATE TABLE "Game" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "parentChannelId" TEXT,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "hostUserId" TEXT NOT NULL,
    "options" TEXT NOT NULL DEFAULT '{}',
    "turnLimitSeconds" INTEGER,
    "seed" TEXT,
    "state" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "outcome" TEXT,
    "brokenReason" TEXT,
    "lobbyMessageId" TEXT,
    "boardMessageId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "endedAt" DATETIME
);

-- CreateTable
CREATE TABLE "Seat" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "gameId" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "userId" TEXT,
    "name" TEXT NOT NULL,
    "computer" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leftAt" DATETIME,
    "leftReason" TEXT,
    CONSTRAINT "Seat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ActionLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "gameId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "actor" TEXT NOT NULL,
    "userId" TEXT,
    "action" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ActionLog_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Timer" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "gameId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "fireAt" DATETIME NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Timer_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GuildSettings" (
    "guildId" TEXT NOT NULL PRIMARY KEY,
    "defaultTurnLimitSeconds" INTEGER,
    "defaultRoundLimit" INTEGER,
    "reminderAfterSeconds" INTEGER,
    "allowComputers" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Game_channelId_status_idx" ON "Game"("channelId", "status");

-- CreateIndex
CREATE INDEX "Game_guildId_status_idx" ON "Game"("guildId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_gameId_seat_key" ON "Seat"("gameId", "seat");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_gameId_userId_key" ON "Seat"("gameId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ActionLog_gameId_seq_key" ON "ActionLog"("gameId", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "Timer_gameId_kind_key" ON "Timer"("gameId", "kind");

-- CreateIndex
CREATE INDEX "Timer_fireAt_idx" ON "Timer"("fireAt");

-- At most one unfinished game per channel, enforced by the database. Hand-written: Prisma's
-- schema language has no partial indexes, so schema.prisma cannot describe this one.
CREATE UNIQUE INDEX "Game_one_unfinished_per_channel" ON "Game"("channelId") WHERE "status" IN ('lobby', 'running');
