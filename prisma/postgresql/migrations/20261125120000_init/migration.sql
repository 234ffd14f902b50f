-- The whole schema of prisma/schema.prisma as of the SQLite migrations up to
-- 20261125080000_reliability, for PostgreSQL (a new database starts here). A change to the
-- models gets a migration in both folders: ../../migrations (SQLite) and this one.

-- CreateTable
CREATE TABLE "Game" (
    "id" SERIAL NOT NULL,
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
    "winners" TEXT,
    "brokenReason" TEXT,
    "lobbyMessageId" TEXT,
    "boardMessageId" TEXT,
    "postedVersion" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seat" (
    "id" SERIAL NOT NULL,
    "gameId" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "userId" TEXT,
    "name" TEXT NOT NULL,
    "computer" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leftAt" TIMESTAMP(3),
    "leftReason" TEXT,

    CONSTRAINT "Seat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActionLog" (
    "id" SERIAL NOT NULL,
    "gameId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "actor" TEXT NOT NULL,
    "userId" TEXT,
    "action" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ActionLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Timer" (
    "id" SERIAL NOT NULL,
    "gameId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "seat" INTEGER NOT NULL DEFAULT -1,
    "fireAt" TIMESTAMP(3) NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Timer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GuildSettings" (
    "guildId" TEXT NOT NULL,
    "defaultTurnLimitSeconds" INTEGER,
    "reminderAfterSeconds" INTEGER,
    "allowComputers" BOOLEAN NOT NULL DEFAULT true,
    "lobbyExpirySeconds" INTEGER,
    "startPolicy" TEXT NOT NULL DEFAULT 'anyone',
    "startRoleId" TEXT,
    "abortPolicy" TEXT NOT NULL DEFAULT 'host',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GuildSettings_pkey" PRIMARY KEY ("guildId")
);

-- CreateTable
CREATE TABLE "GameDefaults" (
    "guildId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "options" TEXT NOT NULL DEFAULT '{}',
    "turnLimitSeconds" INTEGER,
    "allowComputers" BOOLEAN,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GameDefaults_pkey" PRIMARY KEY ("guildId","game")
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
CREATE UNIQUE INDEX "Timer_gameId_kind_seat_key" ON "Timer"("gameId", "kind", "seat");

-- CreateIndex
CREATE INDEX "Timer_fireAt_idx" ON "Timer"("fireAt");

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActionLog" ADD CONSTRAINT "ActionLog_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Timer" ADD CONSTRAINT "Timer_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- At most one unfinished game per channel, enforced by the database. Hand-written: Prisma's
-- schema language has no partial indexes, so schema.prisma cannot describe this one.
CREATE UNIQUE INDEX "Game_one_unfinished_per_channel" ON "Game"("channelId") WHERE "status" IN ('lobby', 'running');
