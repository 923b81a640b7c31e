import '../i18n';
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddBusinessOutlined';
import FilterIcon from '@mui/icons-material/FilterAltOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  additionalFieldsQuery,
  companiesQuery,
  companyKeys,
  deleteCompany,
  emptyCompany,
  userKeys,
  type Company,
} from '../api';
import { matchesAdditional } from '../additionalFields';
import { AdditionalFieldFilters } from '../components/AdditionalFieldFilters';
import { DataTable, type Column } from '../components/DataTable';
import { EditDeleteActions } from '../components/EditDeleteActions';
import { FilterField } from '../components/FilterField';
import { PageHeader } from '../components/PageHeader';
import { useConfirm } from '../components/useConfirm';
import { errorMessage, fold } from '../../../lib/format';
import { useNotify } from '../components/useNotify';

const CompanyDialog = lazy(() => import('./CompanyDialog'));

/** Companies: the list with name and tax id filters; create, edit (with additional fields), delete. */
export default function CompaniesPage() {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const companies = useQuery(companiesQuery());
  const [filters, setFilters] = useState({ name: '', taxId: '' });
  const [editing, setEditing] = useState<Company | null>(null);
  const fields = useQuery(additionalFieldsQuery('company'));
  const [fieldFilters, setFieldFilters] = useState<Record<string, string>>({});
  const [showFieldFilters, setShowFieldFilters] = useState(false);
  const fieldFilterCount = Object.values(fieldFilters).filter((text) => text.trim() !== '').length;

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  };

  const remove = async (company: Company) => {
    if (!(await confirm(t('companies.deleteConfirm', { name: company.name })))) return;
    try {
      await deleteCompany(company.id);
      notify.success(t('companies.deleted'));
      changed();
    } catch (error) {
      notify.failure(error);
    }
  };

  const rows = companies.data?.filter(
    (company) =>
      fold(company.name).includes(fold(filters.name.trim())) &&
      fold(company.taxId).includes(fold(filters.taxId.trim())) &&
      matchesAdditional(company.additionalFields, fieldFilters),
  );

  const columns: Column<Company>[] = [
    {
      key: 'name',
      header: t('companies.name'),
      render: (company) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {company.name}
        </Typography>
      ),
    },
    { key: 'taxId', header: t('companies.taxId'), width: 180, render: (company) => company.taxId },
    { key: 'contact', header: t('companies.contact'), render: (company) => company.contact },
    { key: 'email', header: t('companies.email'), render: (company) => company.email },
    { key: 'phone', header: t('companies.phone'), width: 150, render: (company) => company.phone },
    {
      key: 'actions',
      header: '',
      width: 100,
      align: 'right',
      render: (company) => (
        <EditDeleteActions
          editLabel={t('companies.editOf', { name: company.name })}
          deleteLabel={t('companies.deleteOf', { name: company.name })}
          onEdit={() => setEditing(company)}
          onDelete={() => void remove(company)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('nav.companies')}
        description={t('companies.description')}
        actions={
          <>
            {(fields.data?.length ?? 0) > 0 && (
              <Button
                color="inherit"
                startIcon={<FilterIcon />}
                aria-expanded={showFieldFilters}
                onClick={() => setShowFieldFilters(!showFieldFilters)}
              >
                {fieldFilterCount > 0
                  ? t('users.additionalFiltersCount', { count: fieldFilterCount })
                  : t('users.additionalFilters')}
              </Button>
            )}
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(emptyCompany())}>
              {t('companies.new')}
            </Button>
          </>
        }
      />
      {showFieldFilters && fields.data && (
        <AdditionalFieldFilters fields={fields.data} values={fieldFilters} onChange={setFieldFilters} />
      )}
      <DataTable
        minWidth={860}
        label={t('nav.companies')}
        columns={columns}
        rows={rows}
        loading={companies.isFetching}
        error={companies.isError ? errorMessage(companies.error, t('common.loadError')) : undefined}
        filters={{
          name: (
            <FilterField
              column={t('companies.name')}
              value={filters.name}
              onChange={(name) => setFilters((f) => ({ ...f, name }))}
            />
          ),
          taxId: (
            <FilterField
              column={t('companies.taxId')}
              value={filters.taxId}
              onChange={(taxId) => setFilters((f) => ({ ...f, taxId }))}
            />
          ),
        }}
        onRowClick={setEditing}
      />
      {editing && (
        <Suspense fallback={null}>
          <CompanyDialog company={editing} onClose={() => setEditing(null)} onSaved={changed} />
        </Suspense>
      )}
    </>
  );
}
