# syntax=docker/dockerfile:1
# ColdMail AI: one image for the web server (default command) and the background worker
# (`node worker.mjs`). See README "Deploy" and compose.yaml.
#
#   docker build -t coldmail-ai .
#   docker run -p 3000:3000 --env-file app.env coldmail-ai                    # the web server
#   docker run --no-healthcheck --env-file app.env coldmail-ai node worker.mjs # a worker

# Node 26: the active LTS line (since 2026-10-28; Node 20 reached its end of life on 2026-04-30).
ARG NODE_IMAGE=node:26-slim

# ---- deps: the full dependency tree (devDependencies too: the build needs them) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build: `npm run build` = next build (output: "standalone") + static files, migrations and
#      the worker / migrator bundles, all in .next/standalone. No DATABASE_URL here: the server
#      applies the migrations when it starts.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# ---- runtime: only the deployment folder (server.js, .next/static, public, migrations/,
#      worker.mjs, migrate.mjs and the traced node_modules), run by an unprivileged user ----
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    KEEP_ALIVE_TIMEOUT=65000 \
    MALLOC_ARENA_MAX=2 \
    DATA_DIR=/app/.data
COPY --from=build --chown=node:node /app/.next/standalone ./
# Local mode (no DATABASE_URL) keeps its embedded database here; mount a volume to keep it.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server checks the configuration and applies pending migrations before it answers.
CMD ["node", "server.js"]
