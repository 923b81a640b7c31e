-- +goose Up
-- Applications of the desktop and their menus (spec section 3). They are
-- data: the item-engine issue imports them from application packages, which
-- name them by key. Translated texts are jsonb objects keyed by language
-- ({"pt-BR": "...", "en": "..."}); pt-BR is required and is the fallback.
CREATE TABLE application (
    id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key                  text NOT NULL,
    name                 jsonb NOT NULL,
    icon_name            text NOT NULL DEFAULT '',
    is_font_awesome_icon boolean NOT NULL DEFAULT false,
    -- An image data URL shown instead of the icon when set.
    image_content        text NOT NULL DEFAULT '',
    display_on_toolbar   boolean NOT NULL DEFAULT false,
    -- When set, the desktop opens url_link in a new tab instead of the runtime.
    url_behavior         boolean NOT NULL DEFAULT false,
    url_link             text NOT NULL DEFAULT '',
    app_version          text NOT NULL DEFAULT '',
    collapsed_menu       boolean NOT NULL DEFAULT false,
    -- JavaScript run by the runtime shell; served as a same-origin script file
    -- so the Content-Security-Policy can forbid inline scripts.
    html_scripts         text NOT NULL DEFAULT '',
    sort_order           integer NOT NULL DEFAULT 0,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT application_key_unique UNIQUE (key),
    CONSTRAINT application_key_not_blank CHECK (btrim(key) <> ''),
    CONSTRAINT application_name_translated CHECK (jsonb_typeof(name) = 'object' AND name ? 'pt-BR')
);

-- The groups that may use an application. Panel administrators use all.
CREATE TABLE application_group (
    application_id bigint NOT NULL REFERENCES application (id) ON DELETE CASCADE,
    group_id       bigint NOT NULL REFERENCES user_group (id) ON DELETE CASCADE,
    PRIMARY KEY (application_id, group_id)
);
CREATE INDEX application_group_group ON application_group (group_id);

-- One entry of an application's menu. Entries form a tree through
-- key_parent; a title entry is a section header among its siblings, a
-- multilevel entry a nested group. The parent reference is deferred so an
-- importer may insert entries in any order.
CREATE TABLE menu_entry (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id  bigint NOT NULL REFERENCES application (id) ON DELETE CASCADE,
    key             text NOT NULL,
    key_parent      text,
    name            jsonb NOT NULL,
    link            text NOT NULL DEFAULT '',
    icon            text NOT NULL DEFAULT '',
    is_font_awesome boolean NOT NULL DEFAULT false,
    image_content   text NOT NULL DEFAULT '',
    badge           text NOT NULL DEFAULT '',
    title           boolean NOT NULL DEFAULT false,
    multilevel      boolean NOT NULL DEFAULT false,
    sort_order      integer NOT NULL DEFAULT 0,
    CONSTRAINT menu_entry_key_unique UNIQUE (application_id, key),
    CONSTRAINT menu_entry_key_not_blank CHECK (btrim(key) <> ''),
    CONSTRAINT menu_entry_not_own_parent CHECK (key_parent IS DISTINCT FROM key),
    CONSTRAINT menu_entry_name_translated CHECK (jsonb_typeof(name) = 'object' AND name ? 'pt-BR'),
    CONSTRAINT menu_entry_parent FOREIGN KEY (application_id, key_parent)
        REFERENCES menu_entry (application_id, key) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED
);

-- The demo application, given to everyone, so a fresh installation has a
-- desktop to open. Its links point at runtime pages of spec section 2.
WITH app AS (
    INSERT INTO application (key, name, icon_name, display_on_toolbar, app_version, html_scripts, sort_order)
    VALUES ('demo',
            '{"pt-BR": "Gestão do Trabalho", "en": "Work Management"}',
            'WorkOutline', false, '1.0.0',
            'document.documentElement.dataset.tramitaDemo = "1";', 10)
    RETURNING id
), grant_all AS (
    INSERT INTO application_group (application_id, group_id)
    SELECT app.id, g.id FROM app, user_group g WHERE g.all_users
)
INSERT INTO menu_entry (application_id, key, key_parent, name, link, icon, is_font_awesome, badge, title, multilevel, sort_order)
SELECT app.id, e.key, e.key_parent, e.name::jsonb,
       CASE WHEN e.link LIKE 'runtime:%' THEN '/runtime/' || app.id || substr(e.link, 9) ELSE e.link END,
       e.icon, e.is_font_awesome, e.badge, e.title, e.multilevel, e.sort_order
FROM app, (VALUES
    ('work',             NULL,              '{"pt-BR": "Trabalho", "en": "Work"}',                              '',                                              'WorkOutline',     false, '',     false, false, 10),
    ('work_daily',       'work',            '{"pt-BR": "Dia a dia", "en": "Day to day"}',                       '',                                              '',                false, '',     true,  false, 10),
    ('calendar',         'work',            '{"pt-BR": "Agenda", "en": "Calendar"}',                            'runtime:/calendar/Agenda',                      'CalendarMonth',   false, '',     false, false, 20),
    ('resources',        'work',            '{"pt-BR": "Recursos", "en": "Resources"}',                         'runtime:/resourcesList/Recursos',               'Groups',          false, '',     false, false, 30),
    ('work_documents',   'work',            '{"pt-BR": "Documentos", "en": "Documents"}',                       '',                                              '',                false, '',     true,  false, 40),
    ('repositories',     'work',            '{"pt-BR": "Repositórios", "en": "Repositories"}',                  'runtime:/repositories/Reposit%C3%B3rios',       'FolderOpen',      false, '',     false, false, 50),
    ('repository_view',  'work',            '{"pt-BR": "Visão dos repositórios", "en": "Repository view"}',     'runtime:/repositoryView/Vis%C3%A3o%20dos%20reposit%C3%B3rios', 'ViewList', false, '', false, false, 60),
    ('time',             NULL,              '{"pt-BR": "Horas", "en": "Time"}',                                 '',                                              'fa-solid fa-clock', true, '',     false, false, 20),
    ('my_timesheet',     'time',            '{"pt-BR": "Minhas horas", "en": "My timesheet"}',                  'runtime:/myTimesheet/Minhas%20horas',           'EditCalendar',    false, 'Beta', false, false, 10),
    ('time_management',  'time',            '{"pt-BR": "Gestão", "en": "Management"}',                          '',                                              'ManageAccounts',  false, '',     false, true,  20),
    ('timesheet_list',   'time_management', '{"pt-BR": "Horas da equipe", "en": "Team timesheets"}',            'runtime:/timesheetList/Horas%20da%20equipe',    'TableChart',      false, '',     false, false, 10),
    ('close_month',      'time_management', '{"pt-BR": "Fechamento do mês", "en": "Month closing"}',            'runtime:/closeMonthList/Fechamento%20do%20m%C3%AAs', 'EventAvailable', false, '', false, false, 20),
    ('help',             NULL,              '{"pt-BR": "Ajuda", "en": "Help"}',                                 '',                                              'HelpOutline',     false, '',     false, false, 30),
    ('documentation',    'help',            '{"pt-BR": "Documentação", "en": "Documentation"}',                 'https://github.com/tramita/tramita',            'MenuBook',        false, '',     false, false, 10)
) AS e(key, key_parent, name, link, icon, is_font_awesome, badge, title, multilevel, sort_order);

-- +goose Down
DROP TABLE menu_entry;
DROP TABLE application_group;
DROP TABLE application;
