# FENCE! bot. Build: docker build -t fence-bot .
# Run:   docker run -d --name fence --env-file .env -v fence-data:/data fence-bot
# (Not tried on the machine it was written on: no Docker engine there. The same steps, on the
# same Node.js, are: .ci/run's npm ci and npm run build, then npm ci --omit=dev --ignore-scripts
# and node dist/src/main.js in a folder holding what the second stage copies.)
# Node.js 24 LTS, the version .ci/run tests on.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# ---- build: every dependency (TypeScript, Prisma's generator), then the compiled bot in dist/
FROM ${NODE_IMAGE} AS build
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# Dependencies first (cached while only the source changes); postinstall generates the Prisma
# clients from prisma/.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY commands ./commands
# The games' data files are compiled in (JSON imports); the fonts are read at run time.
COPY assets ./assets
RUN npm run build

# ---- the image: plain node on dist/, production dependencies only (no tsx, no TypeScript compiler)
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    DATABASE_URL=file:/data/fence.db \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# No install scripts: the Prisma clients are compiled into dist/generated, and the native
# modules (canvas, libsql) come prebuilt in their platform packages.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# Read at run time, from the project's folder (src/platform/files.ts): the bundled DejaVu fonts
# (a slim image has no system fonts, and canvas would draw text invisibly without them) and
# the migrations the bot applies at start-up.
COPY assets/fonts ./assets/fonts
COPY prisma/migrations ./prisma/migrations
COPY prisma/postgresql/migrations ./prisma/postgresql/migrations

# The SQLite file lives on a volume, owned by the unprivileged user that runs the bot.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node

# SIGTERM (docker stop) finishes in-flight work, stops the timers and closes the database.
STOPSIGNAL SIGTERM
# The Node flags and the environment are the bot's own (BOT_NODE_FLAGS and BOT_ENV in
# src/shard.ts say why), as `npm start` gives them. One process for the host's shards; for one
# process per shard: `node dist/src/shard.js` (docker-compose.yml).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=25", "dist/src/main.js"]
