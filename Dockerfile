# The proxy in a container, in front of the real asset service (docs/proxy.md, "Running it").
# Build: docker build -t assetport-proxy .
# Run:   docker run -p 8787:8787 -e UPSTREAM_URL=... -e CLIENT_ID=... -e CLIENT_SECRET=... \
#          -e PROXY_TOKENS=... -e PROXY_PUBLIC_URL=https://... -e PROXY_SIGNING_KEY=... assetport-proxy

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Only the bundler is needed here; no install script of any package runs.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts/build-server.mjs scripts/deployed-bundle.mjs scripts/
COPY src/api src/api
COPY src/proxy src/proxy
RUN node scripts/build-server.mjs

# One bundled file and Node: no node_modules, so no `npm ci` at all in the image that runs.
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787
WORKDIR /app
COPY --from=build /app/dist/server dist/server
USER node
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: no new connection, requests under way finish within PROXY_SHUTDOWN_GRACE_S (10 s), exit 0.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/proxy.mjs"]
