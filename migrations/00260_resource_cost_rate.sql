-- +goose Up
-- What an hour of a resource costs (in the currency of the installation),
-- null when nobody set it. Calendar exceptions need no column: they are an
-- additive "exceptions" list in resource.calendar (docs/resources.md).
ALTER TABLE resource ADD COLUMN cost_rate numeric(12, 2),
    ADD CONSTRAINT resource_cost_rate_not_negative CHECK (cost_rate >= 0);

-- +goose Down
ALTER TABLE resource DROP COLUMN cost_rate;
