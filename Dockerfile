# The mock as a container: `docker build -t stacks-api-mock . && docker run -p 3999:3999 stacks-api-mock`.
# Untested here (no Docker engine on the machines that build this repository); see docs/mock.md.

# Build stage: the package's tarball, exactly as `npm pack` makes it for the registry.
FROM node:20-slim AS pack
WORKDIR /src
ENV SCARF_ANALYTICS=false DO_NOT_TRACK=1
COPY package.json package-lock.json ./
# npm ci runs the package's `prepare`, which builds only when npm packs (scripts/prepare.ts).
COPY scripts/prepare.ts ./scripts/prepare.ts
RUN npm ci --no-audit --no-fund --loglevel=error
COPY tsconfig.json tsconfig.build.json LICENSE README.md ./
COPY scripts ./scripts
COPY api ./api
COPY bin ./bin
COPY spec ./spec
COPY mocks ./mocks
COPY msw ./msw
COPY proxy ./proxy
COPY contract-tests ./contract-tests
COPY fixtures ./fixtures
COPY packages/contract/package.json ./packages/contract/package.json
RUN npm pack --loglevel=error && mv stacks-api-mock-*.tgz /stacks-api-mock.tgz

# Run stage: the installed package, no sources, run by the image's unprivileged `node` user.
FROM node:20-slim
ENV NODE_ENV=production SCARF_ANALYTICS=false DO_NOT_TRACK=1
COPY --from=pack /stacks-api-mock.tgz /tmp/stacks-api-mock.tgz
RUN npm install --global --no-audit --no-fund --loglevel=error /tmp/stacks-api-mock.tgz \
  && rm /tmp/stacks-api-mock.tgz
USER node
EXPOSE 3999
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3999/extended').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# 0.0.0.0: inside the container, so that the published port reaches it.
CMD ["stacks-api-mock", "--host", "0.0.0.0", "--port", "3999"]
