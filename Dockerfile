# syntax=docker/dockerfile:1
# The Consola BJP image: the compiled API (apps/api/dist) serving the built web app (apps/web/dist).
# docker build -t bjp-console .   (docs/deploy.md)

# --- build: every dependency, then `npm run build` (web app and API compiled to JavaScript) ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
# Third-party code is changed only by the patches in patches/ (patch-package, at npm's postinstall).
COPY patches/ patches/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies only, no compiler, no tsx, not root ---
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
# --ignore-scripts: the patches concern the web app, already built; patch-package is not installed here.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/packages/domain/ packages/domain/
# The bundled server and migration entry points, with the SQL migrations (apps/api/dist/migrations).
COPY --from=build /app/apps/api/dist/ apps/api/dist/
COPY --from=build /app/apps/web/dist/ apps/web/dist/
# DATA_DIR: only used without DATABASE_URL (embedded PGlite, one machine); mount a volume there.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]
