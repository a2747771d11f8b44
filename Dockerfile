# Torpedo Server (src/server): the shop's public receiver for the SMS service's events.
# Postgres is not inside: DATABASE_URL names one (compose.yaml brings the official image).
#   docker build -t torpedo-server .
#   docker run -e DATABASE_URL=postgres://… -e TORPEDO_PUBLIC_URL=https://… -p 127.0.0.1:8080:8080 torpedo-server

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package-lock.json ./
COPY scripts/server-package.mjs ./scripts/
RUN node scripts/server-package.mjs > package.json \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf scripts package-lock.json

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app /app
COPY src/server ./src/server
COPY src/shared ./src/shared
USER node
EXPOSE 8080
# The server answers under the address the reverse proxy (Caddy) gives it; X-Forwarded-For names the source.
CMD ["node", "--import", "tsx", "src/server/main.ts", "--port", "8080", "--host", "0.0.0.0", "--trust-proxy"]
