-- +goose Up
-- The mail server's password, encrypted at rest with the server key
-- (AES-GCM, bound to this row). The clear-text column stays empty once an
-- administrator saves the settings; a password set before this migration
-- keeps working until then.
ALTER TABLE mail_server ADD COLUMN password_sealed bytea;

-- +goose Down
ALTER TABLE mail_server DROP COLUMN password_sealed;
