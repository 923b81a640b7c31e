-- +goose Up
-- Work-in-progress limits of a kanban board: at most wip_limit cards in the
-- column of status_id on the board of view_id (docs/kanban.md). Kept beside
-- the package's view, so a re-import of the package keeps them.
CREATE TABLE kanban_wip_limit (
    view_id    bigint NOT NULL REFERENCES item_view (id) ON DELETE CASCADE,
    status_id  bigint NOT NULL REFERENCES item_status (id) ON DELETE CASCADE,
    wip_limit  integer NOT NULL,
    updated_by bigint REFERENCES app_user (id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (view_id, status_id),
    CONSTRAINT kanban_wip_limit_positive CHECK (wip_limit BETWEEN 1 AND 10000)
);

-- +goose Down
DROP TABLE kanban_wip_limit;
