# syntax=docker/dockerfile:1
# PRSP's image (docs/deployment.md): the server with the built web app, run as `npm run serve` does, as the
# unprivileged `node` user. `docker build --target proxy` makes the nginx image with the built assets beside
# deploy/nginx/prsp.conf. Node 20 throughout (several dependencies' newer majors need Node 22).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund

# The web app: Vite's build with the .gz and .br beside every file.
FROM deps AS build
COPY . .
RUN npm run build

# Only what runs: production dependencies (the server runs its TypeScript through tsx, a production dependency).
FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/prsp
WORKDIR /app
# The installed tree whole (node_modules, and any a workspace has of its own), then the sources over it.
COPY --from=prod-deps /app ./
COPY packages/contracts ./packages/contracts
COPY apps/server ./apps/server
COPY apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
# DATA_DIR holds only what a single machine keeps (files without S3); tsx's cache goes to /tmp.
RUN mkdir -p /var/lib/prsp && chown node:node /var/lib/prsp
USER node
EXPOSE 3000
# Liveness; readiness (database answering) is GET /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains the instance (docs/deployment.md 'Rolling deploys'); no shell in between to swallow it.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]

# nginx in front, with the hashed assets it serves itself (precompressed, gzip_static).
FROM nginx:1.27-bookworm AS proxy
COPY deploy/nginx/prsp.conf /etc/nginx/conf.d/default.conf
COPY deploy/nginx/upstreams.conf /etc/nginx/prsp-upstreams.conf
COPY --from=build /app/apps/web/dist/assets /srv/prsp/web/assets
