import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormControl } from '../../types';
import { workflowsQuery, type TypeWorkflow } from './api';
import { ProjectSection, ProjectStates, WorkflowStatusChip } from './ProjectSection';

/**
 * The project workflows control: the workflow of each item type the project allows, its statuses in
 * order (final ones marked) and the actions between them. Read-only: a package defines one workflow per
 * type, so there is nothing to choose per project.
 */
export function ProjectWorkflows({ control }: { control: FormControl }) {
  return <ProjectSection control={control}>{(projectId) => <Workflows projectId={projectId} />}</ProjectSection>;
}

function Workflows({ projectId }: { projectId: number }) {
  const { t } = useTranslation('forms');
  const query = useQuery(workflowsQuery(projectId));
  return (
    <ProjectStates query={query}>
      {(data) =>
        data.types.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('project.workflows.none')}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {data.types.map((type) => (
              <TypeFlow key={type.componentId} type={type} />
            ))}
            <Typography variant="caption" color="text.secondary">
              {t('project.workflows.fromPackage')}
            </Typography>
          </Box>
        )
      }
    </ProjectStates>
  );
}

function TypeFlow({ type }: { type: TypeWorkflow }) {
  const { t } = useTranslation('forms');
  const byKey = new Map(type.statuses.map((s) => [s.key, s]));
  const chip = (key: string) => {
    const status = byKey.get(key);
    return status ? (
      <WorkflowStatusChip key={key} name={status.name} color={status.color} final={status.final} />
    ) : (
      <WorkflowStatusChip key={key} name={key} color="" />
    );
  };
  return (
    <Paper variant="outlined" component="section" aria-label={type.name} sx={{ p: 2, borderRadius: 2 }}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
        {type.name}
      </Typography>
      {type.statuses.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('project.workflows.noStatuses')}
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label={t('project.workflows.statuses', { count: type.statuses.length })}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, m: 0, p: 0, listStyle: 'none' }}
        >
          {type.statuses.map((status) => (
            <Box component="li" key={status.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <WorkflowStatusChip name={status.name} color={status.color} final={status.final} />
              {status.initial && (
                <Typography variant="caption" color="text.secondary">
                  {t('project.workflows.initial')}
                </Typography>
              )}
              {status.final && (
                <Typography variant="caption" color="text.secondary">
                  {t('project.workflows.final')}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      {type.actions.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('project.workflows.noActions')}
        </Typography>
      ) : (
        <Table size="small" sx={{ mt: 1.5 }} aria-label={t('project.workflows.actionsOf', { type: type.name })}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ pl: 0, width: '35%' }}>{t('project.workflows.action')}</TableCell>
              <TableCell sx={{ pr: 0 }}>{t('project.workflows.transition')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {type.actions.map((action) => (
              <TableRow key={action.key}>
                <TableCell sx={{ pl: 0, fontWeight: 500 }}>{action.name}</TableCell>
                <TableCell sx={{ pr: 0 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
                    {action.from.map(chip)}
                    <ArrowForwardOutlined
                      fontSize="small"
                      titleAccess={t('project.workflows.to')}
                      sx={{ color: 'text.secondary', mx: 0.5 }}
                    />
                    {chip(action.to)}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
