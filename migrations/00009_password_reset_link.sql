-- +goose Up
-- A password reset mails a one-time link instead of a temporary password.
-- Only a hash of the link's token is kept (SHA-256: the token is 256 random
-- bits, so a slow hash adds nothing), one pending link per user: asking again
-- replaces it. Using the link deletes the row, so it works once. Temporary
-- passwords still pending stop working with their columns.
CREATE TABLE password_reset (
    user_id    bigint PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
    token_hash bytea NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL
);

ALTER TABLE app_user
    DROP COLUMN reset_password_hash,
    DROP COLUMN reset_expires_at;

-- +goose Down
ALTER TABLE app_user
    ADD COLUMN reset_password_hash text NOT NULL DEFAULT '',
    ADD COLUMN reset_expires_at    timestamptz;
DROP TABLE password_reset;
