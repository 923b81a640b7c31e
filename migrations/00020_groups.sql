-- +goose Up
-- Groups of users. Applications (and later other grants) are given to groups,
-- never to single users. The administration issue adds the groups screen.
--
-- all_users marks the one group every user belongs to without a row in
-- group_member, so a user created tomorrow is in it at once and nobody can be
-- left out by mistake. It is seeded as 'Todos'.
CREATE TABLE user_group (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       citext NOT NULL,
    all_users  boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT user_group_name_unique UNIQUE (name),
    CONSTRAINT user_group_name_not_blank CHECK (btrim(name::text) <> '')
);
CREATE UNIQUE INDEX user_group_one_all_users ON user_group (all_users) WHERE all_users;

CREATE TABLE group_member (
    group_id bigint NOT NULL REFERENCES user_group (id) ON DELETE CASCADE,
    user_id  bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_member_user ON group_member (user_id);

INSERT INTO user_group (name, all_users) VALUES ('Todos', true);

-- +goose Down
DROP TABLE group_member;
DROP TABLE user_group;
