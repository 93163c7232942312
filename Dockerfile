# syntax=docker/dockerfile:1
# PRSP's image (docs/deployment.md): the compiled server with the built web app, run as `npm run serve` does, as the
# unprivileged `node` user. `docker build --target proxy` makes the nginx image with the built assets beside
# deploy/nginx/prsp.conf. Node.js 24 LTS in every stage.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund

# The web app (Vite's build with the .gz and .br beside every file) and the server (apps/server/dist/main.js, with
# its source map, compiled by esbuild: scripts/build-server.mjs).
FROM deps AS build
COPY . .
RUN npm run build

# Only what runs: production dependencies. The Node.js the project brings for machines with an older one (the
# optional node-linux-* package) is removed: the image has its own.
FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/node-linux-* node_modules/.bin/node \
  && npm cache clean --force

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/prsp
WORKDIR /app
# The installed tree whole (node_modules, and any a workspace has of its own), then the compiled server with what it
# reads at run time (apps/server/src/server-files.ts: migrations, reference data, fonts) and the built web app.
COPY --from=prod-deps /app ./
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY apps/server/assets ./apps/server/assets
COPY apps/server/src/db/migrations ./apps/server/src/db/migrations
COPY apps/server/src/modules/directory/data ./apps/server/src/modules/directory/data
COPY --from=build /app/apps/web/dist ./apps/web/dist
# DATA_DIR holds only what a single machine keeps (files without S3).
RUN mkdir -p /var/lib/prsp && chown node:node /var/lib/prsp
USER node
EXPOSE 3000
# Liveness; readiness (database answering) is GET /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains the instance (docs/deployment.md 'Rolling deploys'); no shell in between to swallow it.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]

# nginx in front, with the hashed assets it serves itself (precompressed, gzip_static).
FROM nginx:1.27-bookworm AS proxy
COPY deploy/nginx/prsp.conf /etc/nginx/conf.d/default.conf
COPY deploy/nginx/upstreams.conf /etc/nginx/prsp-upstreams.conf
COPY --from=build /app/apps/web/dist/assets /srv/prsp/web/assets
