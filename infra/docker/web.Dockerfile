# syntax=docker/dockerfile:1
# The SPA on nginx, which also proxies /backend/ to the API. Build context: the repository root.

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
COPY frontend frontend
RUN npm run build --if-present -w contracts -w frontend

FROM nginx:stable
COPY infra/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=5s --retries=5 CMD ["curl", "-fsS", "-o", "/dev/null", "http://127.0.0.1/"]
