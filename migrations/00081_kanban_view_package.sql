-- +goose Up
-- What a package says of a kanban view (docs/kanban.md): query_key, the
-- query of the type whose items the board shows (always applied), and wip,
-- the default work-in-progress limit per status key. An administrator's
-- limit on the board (kanban_wip_limit) overrides the default; 0 there
-- means "no limit" for a column the package limits.
ALTER TABLE item_view
    ADD COLUMN query_key text,
    ADD COLUMN wip jsonb NOT NULL DEFAULT '{}';
ALTER TABLE kanban_wip_limit DROP CONSTRAINT kanban_wip_limit_positive;
ALTER TABLE kanban_wip_limit ADD CONSTRAINT kanban_wip_limit_range CHECK (wip_limit BETWEEN 0 AND 10000);

-- +goose Down
DELETE FROM kanban_wip_limit WHERE wip_limit = 0;
ALTER TABLE kanban_wip_limit DROP CONSTRAINT kanban_wip_limit_range;
ALTER TABLE kanban_wip_limit ADD CONSTRAINT kanban_wip_limit_positive CHECK (wip_limit BETWEEN 1 AND 10000);
ALTER TABLE item_view DROP COLUMN wip, DROP COLUMN query_key;
