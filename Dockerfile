# FENCE! bot. Build: docker build -t fence-bot .
# Run:   docker run -d --name fence --env-file .env -v fence-data:/data fence-bot
# (Not tried on the machine it was written on: no Docker engine there.)
FROM node:20-bookworm-slim

ENV NODE_ENV=production \
    DATABASE_URL=file:/data/fence.db \
    NPM_CONFIG_UPDATE_NOTIFIER=false

WORKDIR /app

# Dependencies first (cached while only the source changes). tsx runs the TypeScript directly,
# so the dev dependencies stay; postinstall generates the Prisma client from prisma/.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --include=dev && npm cache clean --force

# The bot, its commands, the tile set and the bundled DejaVu fonts (assets/fonts): a slim
# image has no system fonts, and canvas would draw text invisibly without them.
COPY tsconfig.json ./
COPY src ./src
COPY commands ./commands
COPY assets ./assets

# The SQLite file lives on a volume, owned by the unprivileged user that runs the bot.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node

# SIGTERM (docker stop) finishes in-flight work, stops the timers and closes the database.
STOPSIGNAL SIGTERM
# The Node flags and the environment are the bot's own (BOT_NODE_FLAGS and BOT_ENV in
# src/shard.ts say why), as `npm start` gives them.
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=25", "--import", "tsx", "src/main.ts"]
