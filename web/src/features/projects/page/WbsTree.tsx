import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Wbs, WbsItem } from './api';
import { itemPath } from './links';

/** Trees up to this size open fully; larger ones open at their roots. */
const OPEN_UP_TO = 100;

/** The project's work breakdown structure: items under their parents, numbered 1.2.3, each a link to its form. */
export function WbsTree({ appID, wbs }: { appID: string; wbs: Wbs }) {
  const { t } = useTranslation('projectPage');
  const parents = useMemo(() => wbs.items.filter((i) => i.children > 0).map((i) => i.id), [wbs.items]);
  const [closed, setClosed] = useState<Set<number>>(() =>
    wbs.items.length > OPEN_UP_TO ? new Set(parents) : new Set(),
  );
  const visible = useMemo(() => {
    const out: WbsItem[] = [];
    let hiddenBelow = Infinity; // the level under a closed item
    for (const item of wbs.items) {
      if (item.level > hiddenBelow) continue;
      hiddenBelow = closed.has(item.id) ? item.level : Infinity;
      out.push(item);
    }
    return out;
  }, [wbs.items, closed]);
  const toggle = (id: number) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  if (wbs.items.length === 0) return <Typography color="text.secondary">{t('noWbs')}</Typography>;
  return (
    <Box>
      {parents.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Button size="small" onClick={() => setClosed(new Set())}>
            {t('expandAll')}
          </Button>
          <Button size="small" onClick={() => setClosed(new Set(parents))}>
            {t('collapseAll')}
          </Button>
        </Stack>
      )}
      <Box component="ul" role="tree" aria-label={t('wbs')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {visible.map((item) => {
          const open = item.children > 0 && !closed.has(item.id);
          return (
            <Box
              component="li"
              role="treeitem"
              aria-level={item.level}
              aria-expanded={item.children > 0 ? open : undefined}
              key={item.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                pl: { xs: (item.level - 1) * 1.5, sm: (item.level - 1) * 3 },
                py: 0.25,
                minHeight: 36,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ width: 28, flexShrink: 0 }}>
                {item.children > 0 && (
                  <IconButton
                    size="small"
                    onClick={() => toggle(item.id)}
                    aria-label={t(open ? 'collapse' : 'expand', { title: item.title })}
                  >
                    {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                  </IconButton>
                )}
              </Box>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ minWidth: 40, fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
              >
                {item.outline}
              </Typography>
              <Link
                component={RouterLink}
                to={itemPath(appID, item.componentId, item.id)}
                variant="body2"
                sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                title={`${item.componentName} ${item.formattedId}`}
              >
                {item.title || `${item.componentName} ${item.formattedId}`}
              </Link>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: { xs: 'none', md: 'block' }, flexShrink: 0, whiteSpace: 'nowrap' }}
              >
                {item.componentName} {item.formattedId}
              </Typography>
              {item.statusName && (
                <Box
                  component="span"
                  sx={{
                    display: { xs: 'none', sm: 'inline-flex' },
                    alignItems: 'center',
                    gap: 0.75,
                    flexShrink: 0,
                    minWidth: 120,
                    typography: 'caption',
                    color: 'text.secondary',
                  }}
                >
                  <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: item.statusColor || 'grey.400' }} />
                  {item.statusName}
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
      {wbs.truncated && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('wbsTruncated', { count: wbs.items.length })}
        </Typography>
      )}
    </Box>
  );
}
