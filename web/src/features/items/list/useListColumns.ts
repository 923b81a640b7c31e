import { useMemo } from 'react';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { editKindOf, type EditProblem } from './cellEdit';
import { buildColumns } from './columns';
import { withEditing } from './editColumns';
import type { Choice, ItemColumn, ItemRow, ListDefinition } from './types';

export interface UseListColumnsOptions {
  definition: ListDefinition;
  choices: (column: ItemColumn) => Choice[];
  visibility: GridColumnVisibilityModel;
  /** Whether any row of the page may be changed: otherwise the headers claim nothing. */
  anyEditable: boolean;
  editLink: (row: ItemRow) => string;
}

/** The grid's columns, worded in the user's language, with their cell editors; and the fields a cell edit may change. */
export function useListColumns({ definition, choices, visibility, anyEditable, editLink }: UseListColumnsOptions) {
  const { t, i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const columns = useMemo(() => {
    const context = {
      lang,
      yes: t('list.yes'),
      no: t('list.no'),
      hasAttachments: t('list.hasAttachments'),
      hasContent: t('list.hasContent'),
      openLabel: (itemTitle: string) => t('list.open', { title: itemTitle }),
      range: { between: t('list.between'), from: t('list.from'), to: t('list.to') },
      choices,
      editLink,
    };
    const editing = {
      lang,
      problemText: (problem: EditProblem) => t(`list.edit.${problem}`),
      emptyLabel: t('list.edit.empty'),
      editableHint: t('list.edit.hint'),
      choices,
      reference: {
        placeholder: t('list.edit.search'),
        noOptions: t('list.edit.noOptions'),
        loading: t('list.edit.loading'),
        clear: t('list.edit.clear'),
      },
      anyEditable,
      lockedHint: t('list.edit.locked'),
      dependentHint: (parent: string | undefined, parentEmpty: boolean) =>
        parentEmpty
          ? parent
            ? t('list.edit.chooseParent', { parent })
            : t('list.edit.chooseParentFirst')
          : parent
            ? t('list.edit.noOptionsForParent', { parent })
            : t('list.edit.noOptionsForParentValue'),
    };
    return withEditing(buildColumns(definition.columns, context, visibility), definition.columns, editing);
  }, [definition.columns, lang, t, choices, editLink, visibility, anyEditable]);
  const editableFields = useMemo(
    () => new Set(definition.columns.filter((c) => editKindOf(c)).map((c) => c.field)),
    [definition.columns],
  );
  return { columns, editableFields };
}
