import { useCallback, useLayoutEffect, useRef } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { picklistChoicesQuery, projectChoicesQuery, userChoicesQuery } from './api';
import type { Choice, ItemColumn, ListDefinition } from './types';

/**
 * The choices a column's filter (and its cell editor) offers: the item type's statuses, the users
 * ('me' first), the projects ('the current project' first), a picklist's options. Each list is
 * loaded only when a column needs it. The function keeps its identity while the lists arrive, so the
 * grid's columns (which ask it lazily) are not rebuilt, nor the grid laid out again, on each answer.
 */
export function useChoices(definition: ListDefinition) {
  const { t, i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const kinds = new Set(definition.columns.map((c) => c.filterKind));
  const picklistIds = [...new Set(definition.columns.flatMap((c) => (c.picklistId ? [c.picklistId] : [])))];
  const users = useQuery({ ...userChoicesQuery, enabled: kinds.has('user') });
  const projects = useQuery({ ...projectChoicesQuery, enabled: kinds.has('project') });
  // One query per picklist, cached for a few minutes.
  const picklists = usePicklists(picklistIds, lang);
  const loaded = useRef<Loaded>({ users: undefined, projects: undefined, picklists: {} });
  useLayoutEffect(() => {
    loaded.current = { users: users.data, projects: projects.data, picklists };
  }, [users.data, projects.data, picklists]);
  return useCallback(
    (column: ItemColumn): Choice[] => {
      const { users, projects, picklists } = loaded.current;
      switch (column.filterKind) {
        case 'status':
          return definition.statuses.map((s) => ({ value: s.id, label: s.name, color: s.color }));
        case 'user':
          return [{ value: '@me', label: t('list.me') }, ...(users ?? [])];
        case 'project':
          return [
            ...(definition.projectID ? [{ value: '@project', label: t('list.currentProject') }] : []),
            ...(projects ?? []),
          ];
        case 'list':
          return (column.picklistId && picklists[column.picklistId]) || [];
        default:
          return [];
      }
    },
    [definition, t],
  );
}

interface Loaded {
  users: Choice[] | undefined;
  projects: Choice[] | undefined;
  picklists: Record<number, Choice[]>;
}

function usePicklists(ids: number[], lang: string): Record<number, Choice[]> {
  return useQueries({
    queries: ids.map((id) => picklistChoicesQuery(id, lang)),
    combine: (results) => {
      const out: Record<number, Choice[]> = {};
      results.forEach((r, i) => {
        const id = ids[i];
        if (r.data && id !== undefined) out[id] = r.data;
      });
      return out;
    },
  });
}
