-- +goose Up
-- Links between items: many-to-many controls and item links. A link has no
-- direction; it is stored once with the smaller id first, so each pair is
-- one row and either item finds it.
CREATE TABLE item_link (
    item_a     bigint NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    item_b     bigint NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    created_by bigint REFERENCES app_user (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (item_a, item_b),
    CONSTRAINT item_link_ordered CHECK (item_a < item_b)
);
CREATE INDEX item_link_by_b ON item_link (item_b, item_a);

-- +goose Down
DROP TABLE item_link;
