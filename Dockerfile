# syntax=docker/dockerfile:1

# --- build: compile TypeScript with the dev dependencies ----------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install (which follows the lock) rather than npm ci: the lock is written on a machine
# whose registry lacks other platforms' optional binaries, and npm ci refuses such a lock.
RUN npm install --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
RUN npm run build

# --- runtime: production dependencies only, as the unprivileged node user -----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
# The empty embedded database a first start unpacks (what `npm install` makes with its prepare
# script, which --ignore-scripts skips): a first start without it takes seconds longer.
RUN node dist/scripts/pglite-template.js
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly (not npm) so SIGTERM reaches the service and it shuts down gracefully.
CMD ["node", "dist/src/main.js"]
