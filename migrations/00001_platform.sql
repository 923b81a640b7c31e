-- +goose Up
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS citext;

-- One row per platform setting of spec section 1. Values are JSON so a setting
-- keeps its type (boolean, text, colour object) without a column per setting.
-- Secrets live here too but are flagged, and the public settings call never
-- returns a secret.
CREATE TABLE platform_setting (
    key        text PRIMARY KEY,
    value      jsonb NOT NULL,
    secret     boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO platform_setting (key, value) VALUES
    ('theme',               '"ocean"'),
    ('font',                '"Roboto"'),
    ('defaultLanguage',     '"pt-br"'),
    ('brand',               '"Tramita"'),
    ('logo',                '"/brand/logo.svg"'),
    ('loginLogo',           '"/brand/logo.svg"'),
    ('logoWhite',           '"/brand/logo-white.svg"'),
    ('bg',                  '""'),
    ('bgLogin',             '""'),
    ('layout',              '"left-sidebar"'),
    ('showFooter',          'false'),
    ('footerLogoLeft',      '""'),
    ('footerLogoRight',     '""'),
    ('enableRecaptcha',     'false'),
    ('recaptchaSiteKey',    '""'),
    ('requireTermsOfUse',   'false'),
    ('enableMultiLanguage', 'true'),
    ('enableBPMComponent',  'false'),
    ('maintenance',         'false'),
    ('primaryColor',        '{"light": "#4f83cc", "main": "#01579b", "dark": "#002f6c"}'),
    ('secondaryColor',      '{"light": "#ffad42", "main": "#f57c00", "dark": "#bb4d00"}');

INSERT INTO platform_setting (key, value, secret) VALUES
    ('recaptchaSecret', '""', true);

-- +goose Down
DROP TABLE platform_setting;
