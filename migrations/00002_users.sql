-- +goose Up
CREATE TABLE company (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT company_name_unique UNIQUE (name)
);

-- The people who sign in. Login is case-insensitive (citext) so "Admin" and
-- "admin" cannot both exist. The password is an argon2id PHC string.
CREATE TABLE app_user (
    id                         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    login                      citext NOT NULL,
    name                       text NOT NULL,
    email                      citext NOT NULL DEFAULT '',
    password_hash              text NOT NULL DEFAULT '',
    password_changed_at        timestamptz,
    must_change_password       boolean NOT NULL DEFAULT false,
    active                     boolean NOT NULL DEFAULT true,
    panel_admin                boolean NOT NULL DEFAULT false,
    administrator              boolean NOT NULL DEFAULT false,
    change_password_permission boolean NOT NULL DEFAULT true,
    avatar                     text NOT NULL DEFAULT '',
    language                   text NOT NULL DEFAULT 'pt-br',
    company_id                 bigint REFERENCES company (id),
    created_at                 timestamptz NOT NULL DEFAULT now(),
    updated_at                 timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT app_user_login_unique UNIQUE (login),
    CONSTRAINT app_user_login_not_blank CHECK (btrim(login::text) <> '')
);

-- A signed-in session. Tokens name their session; a revoked or expired
-- session ends every token issued for it at once.
CREATE TABLE user_session (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id     bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    revoked_at  timestamptz,
    address     text NOT NULL DEFAULT '',
    user_agent  text NOT NULL DEFAULT ''
);
CREATE INDEX user_session_user ON user_session (user_id) WHERE revoked_at IS NULL;

-- +goose Down
DROP TABLE user_session;
DROP TABLE app_user;
DROP TABLE company;
