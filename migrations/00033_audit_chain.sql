-- +goose Up
-- A hash chain over the audit log, so that an entry changed or removed behind
-- the application's back (a superuser, a restored dump) shows: each entry
-- carries seq, its place in the one chain, and hash = SHA-256(previous
-- entry's hash || the entry's canonical content). `tramita admin audit
-- verify` (internal/audit/chain.go) recomputes it; docs/admin.md says how.
--
-- The chain is assigned at commit by a deferred trigger, in commit order,
-- with the head row (audit_chain) locked only from there to the end of the
-- commit: a transaction that writes an audit event early and then works on
-- (sends a mail, say) does not hold every other writer of the log meanwhile.
-- A transaction that rolls back takes no place in the chain.
LOCK TABLE audit_event IN EXCLUSIVE MODE;

ALTER TABLE audit_event ADD COLUMN seq bigint, ADD COLUMN hash bytea;
CREATE UNIQUE INDEX audit_event_seq ON audit_event (seq);

-- The head of the chain: the last place and hash given. It also makes the
-- removal of the newest entries visible (the head would name a later one).
CREATE TABLE audit_chain (
    id   integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    seq  bigint NOT NULL DEFAULT 0,
    hash bytea NOT NULL DEFAULT ''::bytea
);
INSERT INTO audit_chain DEFAULT VALUES;

-- The canonical content of an entry: each field as its UTF-8 byte length,
-- ':', its UTF-8 bytes — so no two different entries read the same. The
-- time is UTC to the microsecond; detail is jsonb's own text (keys sorted,
-- spacing fixed). user_id is left out on purpose: deleting a user sets it to
-- null (the login text stays and is hashed).
-- +goose StatementBegin
CREATE FUNCTION audit_event_content(seq bigint, id bigint, at timestamptz, login text, kind text, address text, detail jsonb)
RETURNS bytea LANGUAGE sql STABLE AS $$
    SELECT convert_to('tramita-audit-1', 'UTF8') || (
        SELECT string_agg(convert_to(octet_length(convert_to(f, 'UTF8'))::text || ':', 'UTF8') || convert_to(f, 'UTF8'), ''::bytea ORDER BY n)
        FROM unnest(ARRAY[seq::text, id::text, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
                          login, kind, address, detail::text]) WITH ORDINALITY AS t(f, n))
$$;
-- +goose StatementEnd

-- Append-only as before (00030), with the two updates the chain needs: the
-- foreign key's ON DELETE SET NULL of user_id keeps seq and hash, and the
-- chain trigger sets seq and hash once, on an entry that has none, changing
-- nothing else.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.login = OLD.login AND NEW.kind = OLD.kind
       AND NEW.address = OLD.address AND NEW.detail = OLD.detail THEN
        IF NEW.user_id IS NULL AND OLD.user_id IS NOT NULL
           AND NEW.seq IS NOT DISTINCT FROM OLD.seq AND NEW.hash IS NOT DISTINCT FROM OLD.hash THEN
            RETURN NEW;
        END IF;
        IF OLD.hash IS NULL AND OLD.seq IS NULL AND NEW.hash IS NOT NULL AND NEW.seq IS NOT NULL
           AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id THEN
            RETURN NEW;
        END IF;
    END IF;
    RAISE EXCEPTION 'audit_event is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
-- +goose StatementEnd

-- An entry is written without a place: only the chain trigger gives one.
-- +goose StatementBegin
CREATE FUNCTION audit_event_unchained() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.seq := NULL;
    NEW.hash := NULL;
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER audit_event_unchained BEFORE INSERT ON audit_event
    FOR EACH ROW EXECUTE FUNCTION audit_event_unchained();

-- +goose StatementBegin
CREATE FUNCTION audit_event_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    head audit_chain%ROWTYPE;
    h bytea;
BEGIN
    SELECT * INTO head FROM audit_chain WHERE id = 1 FOR UPDATE;
    h := sha256(head.hash || audit_event_content(head.seq + 1, NEW.id, NEW.at, NEW.login, NEW.kind, NEW.address, NEW.detail));
    UPDATE audit_event SET seq = head.seq + 1, hash = h WHERE id = NEW.id AND seq IS NULL;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'audit_event % is already chained', NEW.id USING ERRCODE = 'insufficient_privilege';
    END IF;
    UPDATE audit_chain SET seq = head.seq + 1, hash = h WHERE id = 1;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE CONSTRAINT TRIGGER audit_event_chain AFTER INSERT ON audit_event
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_event_chain();

-- The entries written before this migration are chained in id order.
-- +goose StatementBegin
DO $$
DECLARE
    r record;
    s bigint := 0;
    h bytea := ''::bytea;
BEGIN
    FOR r IN SELECT id, at, login, kind, address, detail FROM audit_event ORDER BY id LOOP
        s := s + 1;
        h := sha256(h || audit_event_content(s, r.id, r.at, r.login, r.kind, r.address, r.detail));
        UPDATE audit_event SET seq = s, hash = h WHERE id = r.id;
    END LOOP;
    UPDATE audit_chain SET seq = s, hash = h WHERE id = 1;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER audit_event_chain ON audit_event;
DROP FUNCTION audit_event_chain();
DROP TRIGGER audit_event_unchained ON audit_event;
DROP FUNCTION audit_event_unchained();
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.user_id IS NULL AND OLD.user_id IS NOT NULL
       AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.login = OLD.login AND NEW.kind = OLD.kind
       AND NEW.address = OLD.address AND NEW.detail = OLD.detail THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'audit_event is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
-- +goose StatementEnd
DROP FUNCTION audit_event_content(bigint, bigint, timestamptz, text, text, text, jsonb);
DROP TABLE audit_chain;
DROP INDEX audit_event_seq;
ALTER TABLE audit_event DROP COLUMN seq, DROP COLUMN hash;
