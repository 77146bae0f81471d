# syntax=docker/dockerfile:1
# The API and the queue worker: one image, two commands (see docker-compose.yml). Build context: the repository root.

FROM node:24-bookworm AS build
WORKDIR /app
# Manifests first: the dependency layer stays cached until one of them changes.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY rules/package.json rules/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
# Not npm ci: it rejects lockfiles made on a registry that lacks other platforms' optional binaries.
RUN npm install --no-audit --no-fund
COPY tsconfig.base.json ./
COPY contracts contracts
COPY rules rules
COPY backend backend
# The rules package first: the back end imports its build.
RUN npm run build -w rules && npm run build --if-present -w contracts -w backend \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf backend/src backend/test rules/src

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/rules rules
COPY --from=build /app/backend backend
# A named volume mounted here starts with this owner: the data folder, and the backups of the backup service.
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/backend/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=8", "backend/dist/main.js"]
