-- +goose Up
-- Sign-in state of a user: the second factor and a pending password reset.
-- The MFA secret is AES-GCM ciphertext (nonce first), bound to the user id.
-- The last used TOTP step refuses a replayed code. A reset keeps the current
-- password working and adds a temporary one, valid until reset_expires_at,
-- so nobody can lock another person out by asking for a reset.
ALTER TABLE app_user
    ADD COLUMN mfa_enabled         boolean NOT NULL DEFAULT false,
    ADD COLUMN mfa_secret          bytea,
    ADD COLUMN mfa_last_step       bigint NOT NULL DEFAULT 0,
    ADD COLUMN reset_password_hash text NOT NULL DEFAULT '',
    ADD COLUMN reset_expires_at    timestamptz;

-- A session opened by a correct password may still owe the second factor
-- (mfa_complete false) or the terms of use (terms_pending); its tokens then
-- open only the calls that settle what is owed.
ALTER TABLE user_session
    ADD COLUMN mfa_complete     boolean NOT NULL DEFAULT false,
    ADD COLUMN terms_pending    boolean NOT NULL DEFAULT false,
    ADD COLUMN mfa_failures     integer NOT NULL DEFAULT 0,
    ADD COLUMN mfa_enrol_secret bytea;

-- Failed attempts per login text and per client address (scope), kept in
-- the database so the count holds across instances. A login that does not
-- exist is counted like one that does, so a lock tells nothing.
CREATE TABLE auth_throttle (
    scope           text NOT NULL,
    key             text NOT NULL,
    failures        integer NOT NULL DEFAULT 0,
    last_failure_at timestamptz NOT NULL,
    next_attempt_at timestamptz,
    locked_until    timestamptz,
    PRIMARY KEY (scope, key)
);
CREATE INDEX auth_throttle_last_failure ON auth_throttle (last_failure_at);

-- Requests per client address per minute to the sign-in, reset and MFA calls.
CREATE TABLE auth_rate (
    address      text NOT NULL,
    window_start timestamptz NOT NULL,
    hits         integer NOT NULL,
    PRIMARY KEY (address, window_start)
);
CREATE INDEX auth_rate_window ON auth_rate (window_start);

-- Versions of the terms of use; the newest is current.
CREATE TABLE terms_of_use (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    version    integer NOT NULL UNIQUE,
    file_name  text NOT NULL,
    pdf        bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE terms_acceptance (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    terms_id     bigint NOT NULL REFERENCES terms_of_use (id),
    accepted_at  timestamptz NOT NULL,
    address      text NOT NULL DEFAULT '',
    browser_info text NOT NULL DEFAULT '',
    UNIQUE (user_id, terms_id)
);

-- The outgoing mail server: one row at most. The administration issue adds
-- its screen; the password is never answered by any call.
CREATE TABLE mail_server (
    id           integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    host         text NOT NULL DEFAULT '',
    port         integer NOT NULL DEFAULT 587 CHECK (port BETWEEN 1 AND 65535),
    username     text NOT NULL DEFAULT '',
    password     text NOT NULL DEFAULT '',
    from_address text NOT NULL DEFAULT '',
    tls_mode     text NOT NULL DEFAULT 'starttls' CHECK (tls_mode IN ('none', 'starttls', 'tls')),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- enableMFA is the platform switch of the second factor; passwordMaxAgeDays
-- turns on periodic expiry (0 = never).
INSERT INTO platform_setting (key, value) VALUES
    ('enableMFA',          'false'),
    ('passwordMaxAgeDays', '0');

-- +goose Down
DELETE FROM platform_setting WHERE key IN ('enableMFA', 'passwordMaxAgeDays', 'jwtSecret', 'secretKey');
DROP TABLE mail_server;
DROP TABLE terms_acceptance;
DROP TABLE terms_of_use;
DROP TABLE auth_rate;
DROP TABLE auth_throttle;
ALTER TABLE user_session
    DROP COLUMN mfa_enrol_secret, DROP COLUMN mfa_failures, DROP COLUMN terms_pending, DROP COLUMN mfa_complete;
ALTER TABLE app_user
    DROP COLUMN reset_expires_at, DROP COLUMN reset_password_hash, DROP COLUMN mfa_last_step,
    DROP COLUMN mfa_secret, DROP COLUMN mfa_enabled;
