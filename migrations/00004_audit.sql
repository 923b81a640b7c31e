-- +goose Up
-- What happened, who did it and from where: sign-in events first, every
-- module later. The user may be unknown (a failed sign-in with a login that
-- does not exist), so the login text is kept as typed.
CREATE TABLE audit_event (
    id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at      timestamptz NOT NULL,
    user_id bigint REFERENCES app_user (id) ON DELETE SET NULL,
    login   text NOT NULL DEFAULT '',
    kind    text NOT NULL,
    address text NOT NULL DEFAULT '',
    detail  jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_event_at ON audit_event (at DESC);
CREATE INDEX audit_event_user ON audit_event (user_id, at DESC) WHERE user_id IS NOT NULL;

-- +goose Down
DROP TABLE audit_event;
