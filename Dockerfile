# Tramita image: the single binary with the web app embedded. It expects an
# external PostgreSQL through DATABASE_URL (see docker-compose.yml); the
# embedded PostgreSQL is for development and single-machine installs.

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN find dist -mindepth 1 ! -name .gitkeep -delete 2>/dev/null || true; npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
ARG VERSION=docker
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/tramita ./cmd/tramita

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=go /out/tramita /usr/local/bin/tramita
USER nonroot:nonroot
ENV TRAMITA_ADDR=0.0.0.0:8080 \
    TRAMITA_DATA_DIR=/var/lib/tramita \
    TRAMITA_LOG_FORMAT=json
VOLUME /var/lib/tramita
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/tramita"]
CMD ["serve"]
