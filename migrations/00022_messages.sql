-- +goose Up
-- In-app messages of spec section 3. A message belongs to one user; the spec
-- names the read flag "readed", and so does the column.
CREATE TABLE message (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    title         text NOT NULL,
    message_text  text NOT NULL DEFAULT '',
    creation_date timestamptz NOT NULL DEFAULT now(),
    readed        boolean NOT NULL DEFAULT false
);
CREATE INDEX message_user ON message (user_id, creation_date DESC, id DESC);

-- A browser subscribed to web push for a user. The endpoint identifies the
-- browser's subscription: registering it again, even for another user, moves
-- it to whoever registered last.
CREATE TABLE push_device (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    device_name text NOT NULL DEFAULT '',
    endpoint    text NOT NULL,
    p256dh      text NOT NULL,
    auth        text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT push_device_endpoint_unique UNIQUE (endpoint)
);
CREATE INDEX push_device_user ON push_device (user_id);

-- +goose Down
DROP TABLE push_device;
DROP TABLE message;
