import '../i18n';
import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { newField, sortFields } from '../additionalFields';
import {
  additionalFieldsQuery,
  deleteAdditionalField,
  FIELD_ENTITIES,
  fieldKeys,
  userKeys,
  type FieldDefinition,
  type FieldEntity,
} from '../api';
import { DataTable, type Column } from '../components/DataTable';
import { EditDeleteActions } from '../components/EditDeleteActions';
import { PageHeader } from '../components/PageHeader';
import { useConfirm } from '../components/useConfirm';
import { errorMessage } from '../../../lib/format';
import { FieldDialog } from './FieldDialog';
import { useNotify } from '../components/useNotify';

/** Additional fields: the typed fields administrators add to users, companies, resources and projects. */
export default function AdditionalFieldsPage() {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [entity, setEntity] = useState<FieldEntity>('user');
  const fields = useQuery(additionalFieldsQuery(entity));
  const [editing, setEditing] = useState<FieldDefinition | null>(null);

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: fieldKeys.all });
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  };

  const remove = async (field: FieldDefinition) => {
    if (!(await confirm(t('fields.deleteConfirm', { name: field.name })))) return;
    try {
      await deleteAdditionalField(field.id);
      notify.success(t('fields.deleted'));
      changed();
    } catch (error) {
      notify.failure(error);
    }
  };

  const columns: Column<FieldDefinition>[] = [
    { key: 'position', header: t('fields.position'), width: 90, render: (field) => field.position },
    {
      key: 'name',
      header: t('fields.name'),
      render: (field) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {field.name}
        </Typography>
      ),
    },
    { key: 'type', header: t('fields.type'), width: 220, render: (field) => t(`fields.types.${field.type}`) },
    {
      key: 'required',
      header: t('fields.required'),
      width: 130,
      render: (field) =>
        field.required ? (
          <Chip size="small" color="primary" variant="outlined" label={t('common.yes')} />
        ) : (
          t('common.no')
        ),
    },
    {
      key: 'options',
      header: t('fields.options'),
      render: (field) =>
        field.type === 'PICKLIST' ? field.options.map((option) => option.text || option.value).join(', ') : '—',
    },
    {
      key: 'actions',
      header: '',
      width: 100,
      align: 'right',
      render: (field) => (
        <EditDeleteActions
          editLabel={t('fields.editOf', { name: field.name })}
          deleteLabel={t('fields.deleteOf', { name: field.name })}
          onEdit={() => setEditing(field)}
          onDelete={() => void remove(field)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('nav.additionalFields')}
        description={t('fields.description')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing(newField(entity, (fields.data?.length ?? 0) + 1))}
          >
            {t('fields.new')}
          </Button>
        }
      />
      <Tabs
        value={entity}
        onChange={(_, value: FieldEntity) => setEntity(value)}
        aria-label={t('fields.entity')}
        sx={{ mb: 2 }}
      >
        {FIELD_ENTITIES.map((value) => (
          <Tab key={value} value={value} label={t(`fields.entities.${value}`)} />
        ))}
      </Tabs>
      <DataTable
        minWidth={800}
        label={t('nav.additionalFields')}
        columns={columns}
        rows={fields.data && sortFields(fields.data)}
        loading={fields.isFetching}
        error={fields.isError ? errorMessage(fields.error, t('common.loadError')) : undefined}
        onRowClick={setEditing}
      />
      {editing && <FieldDialog field={editing} onClose={() => setEditing(null)} onSaved={changed} />}
    </>
  );
}
