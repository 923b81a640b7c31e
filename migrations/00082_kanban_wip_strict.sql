-- +goose Up
-- A kanban view whose WIP limits are strict (package wipStrict): a transition
-- into a column at its limit is refused, not only warned about (docs/kanban.md).
ALTER TABLE item_view ADD COLUMN wip_strict boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE item_view DROP COLUMN wip_strict;
